"""Nationality adjectives of languages that write them in lower case: "österrikiska",
"østrigske", "itävaltalaisen", "rumuńskim" (MultiLeg annotates them as places).

Such a word is a country's (or a continent's) name cut to its stem, with the language's
demonym ending: Swedish and Danish "-(i)sk" (+ "a", "t", "e"), Finnish "-lainen"/"-läinen"
and its cases, Polish "-ski", "-cki", "-dzki" and theirs.  The stem may lose a letter of the
name ("europ-eisk": Europa; in Polish two, "niem-iecki": Niemcy), so a stem counts when it,
or it short of its last letter (two in Polish), begins a country's name — and is at least
three letters long (four in Finnish, where "eri-lainen", "different", would be Eritrea's; a
second letter off in Swedish would make "poli-tisk" Polish; a Polish stem two letters short
keeps four, or "nie-ludzki" would be German).  A Scandinavian adjective may also be the
country's name's beginning whole ("tysk": Tyskland).  A country's own name ("Frankrike",
"Afrika") is a place, not its adjective.

Country names: Faker's address provider of the language (sv_SE, da_DK, fi_FI); Faker's
Polish one has English names, so Polish's are listed here.
"""
from __future__ import annotations

import functools
import importlib
import re
from typing import FrozenSet, Optional

ENDINGS = {
    "sv": re.compile(r"i?sk(?:a|t|as)?$"),     # (not "-ske": "kan-ske", "maybe")
    "da": re.compile(r"i?sk(?:e|t|es)?$"),
    "fi": re.compile(r"l[aä]i(?:nen|s[a-zäö]*)$"),
    "pl": re.compile(r"(?:s|c|dz)k(?:i|a|ie|iego|iej|im|imi|ich|ą|iemu)$"),
}
ENDINGS["nb"] = ENDINGS["no"] = ENDINGS["da"]
# English writes its own capitalised; asked only of those Apertium's English dictionary lacks
# as adjectives ("Romanian", "Estonian", "Slovenian", "Pakistani")
ENDINGS["en"] = re.compile(r"(?:i?an|n|ish|ese|i)$")
MIN_STEM = {"fi": 4, "en": 4}
CUT = {"pl": 2}
# The inflection after a Scandinavian demonym's "sk": "tysk-a" is Tyskland's, whole.
_INFLECTION = re.compile(r"(?:a|t|e|as|es)$")
_LOCALES = {"sv": "sv_SE", "da": "da_DK", "fi": "fi_FI", "nb": "no_NO", "no": "no_NO",
            "en": "en_US"}
_CONTINENTS = {"en": ["Europe", "Asia", "Africa", "America"],
               "sv": ["Europa", "Asien", "Afrika", "Amerika"],
               "da": ["Europa", "Asien", "Afrika", "Amerika"],
               "nb": ["Europa", "Asia", "Afrika", "Amerika"],
               "no": ["Europa", "Asia", "Afrika", "Amerika"],
               "fi": ["Eurooppa", "Aasia", "Afrikka", "Amerikka"],
               "pl": ["Europa", "Azja", "Afryka", "Ameryka"]}
# Polish names of the EU's member states, its neighbours and the largest others.
_PL = """Austria Belgia Bułgaria Chorwacja Cypr Czechy Dania Estonia Finlandia Francja Grecja
Hiszpania Holandia Niderlandy Irlandia Litwa Luksemburg Łotwa Malta Niemcy Polska Portugalia
Rumunia Słowacja Słowenia Szwecja Węgry Włochy Brytania Anglia Szkocja Norwegia Islandia
Szwajcaria Turcja Rosja Ukraina Białoruś Serbia Albania Macedonia Mołdawia Gruzja Armenia
Chiny Japonia Korea Indie Kanada Meksyk Brazylia Argentyna Maroko Egipt Izrael""".split()


@functools.lru_cache(maxsize=None)
def countries(lang: str) -> FrozenSet[str]:
    """The first words of country (and continent) names in ``lang``, lower-cased."""
    return frozenset(n.split()[0].split("-")[0] for n in _names(lang))


@functools.lru_cache(maxsize=None)
def _names(lang: str) -> FrozenSet[str]:
    """The country (and continent) names of ``lang``, whole, lower-cased."""
    names = list(_CONTINENTS.get(lang, []))
    if lang == "pl":
        names += _PL
    elif lang in _LOCALES:
        try:
            names += importlib.import_module(
                f"faker.providers.address.{_LOCALES[lang]}").Provider.countries
        except (ImportError, AttributeError):
            pass
    return frozenset(n.strip().lower() for n in names if n.strip())


_SCANDINAVIAN = {"sv", "da", "nb", "no"}


@functools.lru_cache(maxsize=65536)
def demonym(word: str, lang: str) -> bool:
    """Is ``word`` a nationality adjective of ``lang`` made from a country's name?  (Asked
    of every word of a document: most end otherwise and are let go at once.)"""
    ending: Optional[re.Pattern] = ENDINGS.get(lang)
    if ending is None or not word.isalpha():
        return False
    low = word.lower()
    scandinavian = lang in _SCANDINAVIAN
    if ending.search(low) is None and not (
            scandinavian and _INFLECTION.sub("", low).endswith("sk")):
        return False
    if low in _names(lang):
        return False
    names = countries(lang)
    least = MIN_STEM.get(lang, 3)
    for m in _ends(ending, low):
        stem = low[:m]
        for cut in range(CUT.get(lang, 1) + 1):
            part = stem[:len(stem) - cut]
            if len(part) >= (least if cut < 2 else 4) and any(n.startswith(part)
                                                              for n in names):
                return True
    if scandinavian:
        base = _INFLECTION.sub("", low)
        return len(base) >= 4 and base.endswith("sk") and any(n.startswith(base)
                                                              for n in names)
    return False


def _ends(ending: re.Pattern, low: str):
    """Where the demonym ending may start: every place the pattern matches to the end
    ("österrik-iska" and "österriki-ska")."""
    for k in range(1, len(low)):
        if ending.fullmatch(low, k):
            yield k
