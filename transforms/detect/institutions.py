"""Head nouns of public bodies and organisations, per language (pure).

A body's name ends, in most of the languages served, in a noun that says what kind of body
it is: "Apeliacinės tarybos" (the appeal *board*), "Federalinės mokesčių tarnybos" (federal
tax *service*), "överklagande*nämnden*", "valitus*lautakunta*", "skatteanke*nævnet*",
"keskne vaide*komisjon*".  In the Nordic and Finnic languages that noun is the last part of a
compound and the whole name is often written in lower case, so capitalisation says nothing;
what the kind of word is does.  The name model (``model.py``) gets it as a feature and learns
from its training data when such a word is a name and when an ordinary noun.

Stems, not words: they are matched on a lower-cased word with at most a case or article
ending after them (``_MAX_ENDING``), at its start or, in a language that writes compounds as
one word, as its last part.  There a stem of four letters or fewer matches only as the last
part of a compound: alone, such a word is as often no body ("amet" is also a trade, "verk" a
work).  Not a word that is as often something else ("rätt": a court, but also the law in
"unionsrätten"; "råd": a council, but also "området")."""
from __future__ import annotations

import functools
from typing import Dict, Optional, Tuple

# What kind of body: court, tribunal, board/committee/commission, council, parliament,
# ministry, office/agency/authority/service/administration, division/chamber/unit,
# inspectorate, directorate, institute, union/association, bank, government, police,
# prosecutor.  Not customs: the word is as often the law's or the duty's ("Muitinės
# kodeksas", the Customs Code; "tullvärde").
HEADS: Dict[str, Tuple[str, ...]] = {
    "en": ("court", "tribunal", "commission", "committee", "council", "parliament",
           "ministry", "agency", "office", "authority", "authorities", "board", "service",
           "administration", "directorate", "inspectorate", "institute", "department",
           "chamber", "division", "bureau", "registry", "union", "association",
           "federation", "bank", "government", "police", "prosecutor"),
    "sv": ("domstol", "tingsrätt", "hovrätt", "kammarrätt", "förvaltningsrätt", "nämnd",
           "myndighet", "kontor", "ministeri", "departement", "kommission", "kommitté",
           "ministerråd", "riksdag", "parlament", "förvaltning", "verk", "avdelning", "byrå",
           "inspektion", "styrelse", "kammar", "institut", "förbund", "förening", "bank",
           "regering", "polis", "åklagar", "direktorat"),
    "da": ("domstol", "byret", "landsret", "nævn", "myndighed", "kontor", "ministeri",
           "departement", "kommission", "udvalg", "ministerråd", "folketing", "parlament",
           "forvaltning", "styrelse", "afdeling", "direktorat", "tilsyn", "institut",
           "forbund", "forening", "bank", "regering", "politi", "anklage", "kammer"),
    "nb": ("domstol", "tingrett", "lagmannsrett", "nemnd", "myndighet", "kontor",
           "departement", "kommisjon", "utvalg", "ministerråd", "storting", "parlament",
           "forvaltning", "styre", "avdeling", "direktorat", "tilsyn", "institutt",
           "forbund", "forening", "bank", "regjering", "politi", "påtale"),
    "fi": ("tuomioistui", "hovioikeu", "käräjäoikeu", "hallinto-oikeu", "markkinaoikeu",
           "vakuutusoikeu", "lautaku", "virasto", "viranomai", "ministeri", "komissio",
           "komite", "neuvosto", "eduskun", "parlament", "hallinto", "hallinno", "hallitu",
           "jaosto", "osasto", "laitos", "laitoks", "toimisto", "keskus", "keskukse",
           "liitto", "liito", "yhdisty", "pankki", "panki", "poliisi", "kamari", "syyttäj"),
    "et": ("kohus", "kohtu", "komisjon", "komitee", "nõukogu", "parlament", "parlamend",
           "riigikogu", "direktoraat",
           "ministeerium", "amet", "koda", "koja", "inspektsioon", "keskus", "keskuse", "ühing",
           "selts", "pank", "panga", "politsei", "valitsus", "osakond", "osakonna", "üksus",
           "teenistus", "agentuur", "büroo", "kolleegium", "prokuratuur"),
    "lv": ("tiesa", "tiesu", "tiesā", "komisij", "komitej", "padom", "parlament", "saeim",
           "ministrij", "dienest", "biroj", "aģentūr", "vald", "inspekcij", "departament",
           "nodaļ", "palāt", "biedrīb", "savienīb", "bank", "policij", "prokuratūr",
           "direktorāt"),
    "lt": ("teism", "komisij", "komitet", "taryb", "parlament", "seim", "ministerij",
           "tarnyb", "biur", "agentūr", "valdyb", "inspekcij", "departament", "skyri",
           "kolegij", "rūm", "asociacij", "sąjung", "bank", "policij", "vyriausyb",
           "prokuratūr", "administracij", "direktorat"),
    "pl": ("sąd", "trybunał", "komisj", "komitet", "parlament", "sejm", "ministerstw",
           "urząd", "urzęd", "agencj", "biur", "inspekcj", "departament", "wydział", "izb",
           "stowarzysze", "bank", "policj", "rząd", "rządu", "prokuratur", "dyrekcj"),
}

# The head nouns of the bodies EU texts cite in their own language (French, Spanish,
# Italian, Portuguese, German, Dutch): a Romance name starts with its head ("Juzgado de lo
# Social", "Tribunal administratif", "Agenzia delle Dogane"), a German or Dutch one ends in
# it, often as a compound's last part ("Oberlandes|gericht", "Bundesfinanz|hof",
# "Haupt|zollamt").
FOREIGN_HEADS_FIRST = ("tribunal", "juzgado", "audiencia", "cour", "corte", "conseil",
                       "consejo", "consiglio", "conselho", "ministère", "ministerio",
                       "ministero", "ministério", "direction", "dirección", "direzione",
                       "direção", "agence", "agencia", "agenzia", "agência", "office",
                       "oficina", "ufficio", "institut", "instituto", "istituto",
                       "établissement", "autorité", "autoridad", "autorità", "autoridade",
                       "commission", "comisión", "commissione", "comissão", "comité",
                       "comitato", "fédération", "federación", "federazione", "ligue",
                       "syndicat", "sindicato", "union", "unión", "administración",
                       "administration", "amministrazione", "préfet", "préfecture",
                       "caisse", "caja", "cassa", "fondo", "fonds", "servicio", "service",
                       "servizio", "procura", "fiscalía", "parquet", "banco", "banque",
                       "banca", "inspection", "inspección")
FOREIGN_HEADS_LAST = ("gericht", "gerichtshof", "hof", "amt", "ämter", "ministerium",
                      "behörde", "anstalt", "kammer", "verwaltung", "direktion", "kasse",
                      "bank", "stelle", "staatsanwaltschaft", "rat", "ausschuss",
                      "rechtbank", "raad", "dienst", "ministerie", "autoriteit", "inspectie",
                      "college", "bureau")


def foreign_body(name: str) -> bool:
    """Does ``name`` hold the head noun of a body in one of the languages whose bodies EU
    texts cite untranslated (``FOREIGN_HEADS_FIRST``, ``FOREIGN_HEADS_LAST``)?"""
    for w in name.replace("-", " ").replace("‑", " ").split():
        low = w.lower().strip("()[],.;:")
        if low.startswith(FOREIGN_HEADS_FIRST) and len(low) <= 16 or \
                low.endswith(FOREIGN_HEADS_LAST) and len(low) > 3:
            return True
    return False


# Languages that write a compound as one word: there the head may be its last part.
COMPOUNDING = {"sv", "da", "nb", "fi", "et", "de", "nl"}
# Languages that write no compounds and whose endings are listed: there a short stem is a
# word of its own with one of them ("sąd|zie", "izb|a", "seim|as", "bank|ai"), as in
# a compounding language it would be too often another word's start ("amet|nik").
_SHORT_ALONE = {"pl", "lv", "lt"}

_MAX_ENDING = 5     # "lautaku|nnan", "nämnd|ens", "taryb|os", "komisjon|ide" (et plural)
_SHORT = 4          # a stem this short counts only as a compound's last part (but _SHORT_ALONE)
# Where a language's noun endings are few, only they: "nämnd|en", not "nämnd|a" (named),
# "nævn|et", not "sidst|nævn|te"; "kohus", not "kohus|tatud" (obliged); "court|s", not
# "court|esy".  (Finnish keeps the length rule: its endings change the stem.)
_ENDINGS = {
    "en": {"", "s"},
    "sv": {"", "en", "ens", "er", "erna", "ernas", "et", "ets", "s", "n", "ns", "ar", "arna",
           "arnas", "e"},
    # (a stem ending in "e" takes "n", "r": "styrelse|n", "Ankestyrelse|n")
    "da": {"", "et", "ets", "e", "ene", "enes", "s", "en", "ens", "er", "erne", "ernes",
           "n", "ns", "r", "rne", "rnes"},
    "nb": {"", "et", "ets", "a", "en", "ens", "er", "ene", "enes", "s"},
    "et": {"", "e", "i", "u", "a", "s", "d", "le", "lt", "l", "st", "sse", "ga", "ks", "na",
           "ni", "ta", "de", "te", "id", "ide", "ile", "iks", "is", "ist", "isse", "iga",
           "ilt", "il", "sid"},
    "pl": {"", "u", "em", "zie", "y", "a", "ie", "ów", "om", "ami", "ach", "ą", "ę", "i",
           "owi", "e", "o"},
    "lv": {"", "a", "as", "ai", "u", "ā", "ām", "ās", "s", "i", "am", "os", "iem", "ie", "e",
           "es", "ei", "ē", "ēm", "ēs", "ij", "ija", "ijas", "ijai", "iju", "ijā"},
    "lt": {"", "as", "o", "ui", "ą", "u", "e", "ai", "ų", "ams", "us", "uose", "a", "os",
           "oje", "oms", "ose", "ė", "ės", "ei", "ę", "ėje", "ėms", "ėse", "ys", "ius", "iaus",
           "iui", "iuje", "ių", "iams", "iai"},
}
# Plural endings: "tull|myndigheterna" (the customs authorities) are a kind of body, not
# one body.  (Finnish plural endings are many and change the stem: not listed.)
PLURAL_ENDINGS = {
    "sv": {"er", "erna", "ernas", "ar", "arna", "arnas", "or", "orna", "ornas"},
    "da": {"er", "erne", "ernes", "ene", "enes"},
    "nb": {"er", "ene", "enes"},
    "et": {"d", "de", "te", "id", "ide", "idele", "ides", "idest", "sid"},
}
# Heads that name what a body does rather than one body: "tull|myndigheterna",
# "oikeus|viranomainen" (the customs, the judicial authorities) are any such body.
GENERIC_HEADS = {"myndighet", "myndighed", "viranomai"}


@functools.lru_cache(maxsize=200_000)
def _head(word: str, lang: str) -> Optional[Tuple[str, str]]:
    """(the word up to its head's stem, that stem), or None where ``word`` is no head noun."""
    low = word.lower()
    for stem in HEADS.get(lang, ()):
        at = low.rfind(stem)
        tail = low[at + len(stem):] if at >= 0 else ""
        if at < 0 or len(tail) > _MAX_ENDING or lang in _ENDINGS and tail not in _ENDINGS[lang]:
            continue
        if at == 0:
            if len(stem) > _SHORT or lang in _SHORT_ALONE:
                return low[:len(stem)], stem
            continue
        if lang in COMPOUNDING and at >= 3 and (low[at - 1].isalpha() or low[at - 1] == "-"):
            return low[:at + len(stem)], stem   # "valituslautakunta", "hallinto-oikeus"
    return None


def head_key(word: str, lang: str) -> Optional[str]:
    """The head noun without its ending, the same in each of its forms ("vaidekomisjon" for
    "vaidekomisjoni", "vaidekomisjonile"; "taryb" for "taryba", "tarybos"), or None where
    ``word`` is no head noun."""
    head = _head(word, lang)
    return head[0] if head else None


def institution_head(word: str, lang: str) -> bool:
    """Is ``word`` a body's head noun ("tarybos", "överklagandenämnden", "skatteankenævn",
    "maksuameti")?  A short stem only as a compound's part: "maksuamet", not "ametnik"."""
    return _head(word, lang) is not None


def compound_body(word: str, lang: str) -> bool:
    """A compound whose last part is a body's head noun and whose first says which body:
    "harmoniserings|kontoret", "skatteanke|nævnet", "valitus|lautakunta"."""
    head = _head(word, lang)
    return head is not None and len(head[0]) > len(head[1])


def plural_head(word: str, lang: str) -> bool:
    """Is ``word`` a head noun in one of its language's plural forms?"""
    head = _head(word, lang)
    return head is not None and word.lower()[len(head[0]):] in PLURAL_ENDINGS.get(lang, ())


def kind_of_body(word: str, lang: str) -> bool:
    """Does ``word`` name a kind of body rather than one: in the plural, or by a generic
    head (``GENERIC_HEADS``)?"""
    head = _head(word, lang)
    return head is not None and (head[1] in GENERIC_HEADS or plural_head(word, lang))
