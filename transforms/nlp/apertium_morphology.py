"""Morphology from an installed Apertium analyser, for runs without Stanza (DESIGN.md §7).

Every Debian Apertium pair ships its source language's analyser (``lt-proc`` on
``<pair>.automorf.bin``).  Given a word it answers every reading it knows — lemma, part of
speech, features and, for proper nouns, the subtype (``<ant>`` given name, ``<cog>`` surname,
``<top>``/``<loc>`` place, ``<org>`` organisation, ``<al>`` other, ``<acr>`` acronym) — or
``*`` for a word it does not know.  Doppel reads a mention's words through it and describes
the mention the way the Stanza layer and the dictionary do (UPOS, UD features, a class), so
the paper's selection runs on every run.  The same function describes the dictionary's forms
when ``pipelines.build_dictionary`` is given ``--morphology apertium``: entries and mentions
carry the same kind of features.

Readings are taken out of context (the mention alone): which reading applies in the
sentence is the engine's business; the mention's *set* of readings (Apertium's ambiguity
class) is what the engine's tagger decides on, so two words with the same set are treated
alike in the same sentence (``analysis``, the engine-aware choice).

Nothing is sent anywhere: the analyser is a local process.  Languages without an installed
analyser get the shape alone (``shape_features``).
"""
from __future__ import annotations

import functools
import glob
import os
import re
import shlex
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

APERTIUM_DIRS = ("/usr/share/apertium", "/usr/local/share/apertium")
ISO3 = {"en": "eng", "es": "spa", "sv": "swe", "da": "dan", "ca": "cat", "fr": "fra",
        "pt": "por", "it": "ita", "nb": "nob", "nn": "nno", "de": "deu", "ro": "ron",
        "oc": "oci", "eo": "epo", "gl": "glg", "is": "isl", "eu": "eus"}

# Apertium part of speech -> UD UPOS
_UPOS = {"np": "PROPN", "n": "NOUN", "adj": "ADJ", "vblex": "VERB", "vbser": "AUX",
         "vbhaver": "AUX", "vbmod": "AUX", "vaux": "AUX", "adv": "ADV", "preadv": "ADV",
         "pr": "ADP", "det": "DET", "predet": "DET", "prn": "PRON", "num": "NUM",
         "cnjcoo": "CCONJ", "cnjsub": "SCONJ", "cnjadv": "SCONJ", "ij": "INTJ", "abbr": "NOUN",
         "gen": "PART", "rel": "PRON"}
# Apertium tag -> (UD feature, value)
_FEATS = {"sg": ("Number", "Sing"), "pl": ("Number", "Plur"),
          "m": ("Gender", "Masc"), "f": ("Gender", "Fem"), "nt": ("Gender", "Neut"),
          "ut": ("Gender", "Com"),
          "def": ("Definite", "Def"), "ind": ("Definite", "Ind"),
          "gen": ("Case", "Gen"), "nom": ("Case", "Nom"),
          "pst": ("Degree", "Pos"), "comp": ("Degree", "Cmp"), "sup": ("Degree", "Sup")}
# Proper-noun subtype tag -> the class Doppel keeps (DictionaryEntry.classes, Mention "class")
SUBTYPES = {"ant": "given", "cog": "surname", "top": "place", "loc": "place",
            "org": "organisation", "al": "other", "acr": "acronym"}


@dataclass(frozen=True)
class Reading:
    lemma: str
    tags: Tuple[str, ...]

    @property
    def pos(self) -> str:
        return self.tags[0] if self.tags else ""

    @property
    def upos(self) -> str:
        return _UPOS.get(self.pos, "X")

    def features(self) -> Dict[str, str]:
        out: Dict[str, str] = {}
        for t in self.tags[1:]:
            kv = _FEATS.get(t)
            if kv and kv[0] not in out:
                out[kv[0]] = kv[1]
        if self.pos == "np" and len(self.tags) > 1 and self.tags[1] in SUBTYPES:
            out["class"] = SUBTYPES[self.tags[1]]
        elif "acr" in self.tags:
            out["class"] = "acronym"
        return out


@dataclass(frozen=True)
class Unit:
    """One lexical unit of the analyser's output: the surface and its readings (none: the
    analyser does not know the word).  A reading of a joined unit ("Court's" ->
    "Court<n><sg>+'s<gen>") is its parts' readings."""
    surface: str
    readings: Tuple[Tuple[Reading, ...], ...]

    @property
    def known(self) -> bool:
        return bool(self.readings)

    def ambiguity(self) -> str:
        """The readings' tags without lemmas, sorted: what the engine's tagger sees."""
        if not self.readings:
            return "*"
        return "/".join(sorted({"+".join("<" + "><".join(r.tags) + ">" for r in parts)
                                for parts in self.readings}))


_UNIT = re.compile(r"\^(.*?)\$")
_READING = re.compile(r"([^<]*)((?:<[^>]*>)*)")
_SPECIAL = re.compile(r"[\^$/<>\[\]{}\\@*#\0]")
_TAG = re.compile(r"<([^>]*)>")


@functools.lru_cache(maxsize=4096)
def _tags_of(tags: str) -> Tuple[str, ...]:
    """A reading's tags, "<n><f><sg>" -> ("n", "f", "sg"), made once: a few hundred tag
    strings make every reading of a language's words, read again and again."""
    return tuple(_TAG.findall(tags))


@functools.lru_cache(maxsize=16384)
def _reading(piece: str) -> Optional[Reading]:
    """One part of a reading ("comisión<n><f><sg>") read, or None where it is none; the
    same (immutable) Reading for the same text: the analyser gives it for the word's other
    spellings too ("Comisión", "COMISIÓN"), and the words of every segment are read."""
    m = _READING.fullmatch(piece)
    return None if m is None else Reading(m.group(1), _tags_of(m.group(2)))


def parse_units(stream: str) -> List[Unit]:
    """lt-proc analysis output -> units."""
    out = []
    for body in _UNIT.findall(stream):
        surface, *readings = body.split("/")
        parsed = []
        for r in readings:
            if r.startswith("*"):
                parsed = []
                break
            parts = [reading for reading in map(_reading, r.split("+")) if reading is not None]
            if parts:
                parsed.append(tuple(parts))
        out.append(Unit(surface, tuple(parsed)))
    return out


def analyser_command(lang: str, dirs: Sequence[str] = APERTIUM_DIRS) -> Optional[List[str]]:
    """``lt-proc`` with the flags the engine's own mode gives the analyser (Swedish: ``-w -e``,
    dictionary case and compound splitting) on an installed ``<lang>-*.automorf.bin``; None
    when no pair analyses ``lang``."""
    code = ISO3.get(lang, lang)
    for d in dirs:
        for path in sorted(glob.glob(os.path.join(d, "apertium-*", f"{code}-*.automorf.bin"))):
            pair = os.path.basename(path).split(".")[0]
            flags: List[str] = []
            mode = os.path.join(d, "modes", f"{pair}.mode")
            if os.path.isfile(mode):
                with open(mode, encoding="utf-8") as fh:
                    first = shlex.split(fh.read().split("|")[0])
                flags = [f for f in first[1:] if f.startswith("-") and f not in ("-z",)]
            # lt-proc takes one mode flag: the mode's own (-e decomposes and analyses), or -a
            return [*(flags or ["-a"]), path]
    return None


class Analyser:
    """A long-lived analyser process for one language; answers are cached per text."""

    def __init__(self, lang: str, command: Sequence[str]):
        from transforms.target_names import _LtProc
        self.lang = lang
        self.proc = _LtProc(list(command))
        self._cache: Dict[str, List[Unit]] = {}

    def units(self, text: str) -> List[Unit]:
        return self.many([text])[text]

    def cached(self, text: str) -> Optional[List[Unit]]:
        """``text``'s units if it was analysed already, else None (no process asked)."""
        return self._cache.get(text)

    def unread(self, texts: Sequence[str]) -> List[str]:
        """The analysable ones of ``texts`` not analysed yet (what ``many`` would ask the
        process about; it answers the others from its cache)."""
        cache = self._cache
        # (the words not read looked for at C speed: after ``PairLexicon.prefetch`` a
        # segment's words have nearly always all been read)
        missing = set(texts).difference(cache)
        return [t for t in texts if t in missing and analysable(t)] if missing else []

    def many(self, texts: Sequence[str]) -> Dict[str, List[Unit]]:
        # Answered from what this call found in the cache or asked, never read back from
        # the cache: a worker's restoring thread shares the analyser with its protecting
        # thread, and the other's clearing the cache in between must not turn an answer
        # into "no units".
        out: Dict[str, List[Unit]] = {}
        todo = set()
        for t in texts:
            hit = self._cache.get(t)
            if hit is not None:
                out[t] = hit
            elif analysable(t):
                todo.add(t)
        if todo:
            if len(self._cache) > 200_000:
                self._cache.clear()
            asked = sorted(todo)
            # a trailing space: lt-proc holds back a final clitic ("Court's") otherwise
            for t, answer in zip(asked, self.proc.many([t + " " for t in asked])):
                out[t] = self._cache[t] = parse_units(answer)
        return {t: out.get(t, []) for t in texts}


def analysable(text: str) -> bool:
    """Text the analyser can be given: none of the stream format's special characters."""
    return bool(text.strip()) and _SPECIAL.search(text) is None


@functools.lru_cache(maxsize=None)
def analyser(lang: str) -> Optional[Analyser]:
    """The installed analyser of ``lang`` (one per worker process), or None."""
    cmd = analyser_command(lang)
    if cmd is None:
        return None
    try:
        return Analyser(lang, cmd)
    except OSError:
        return None


# Words before a name that belong to the sentence, not to the name's form.
# Definite articles before a name, per language: they belong to the sentence, not to the
# name's form.  ("de" is left out everywhere: a particle of names, "de Gaulle".)
ARTICLES = {"en": {"the"}, "es": {"el", "la", "los", "las", "lo"}, "sv": {"den", "det"},
            "da": {"den", "det"}, "nb": {"den", "det"}, "fr": {"le", "la", "les"},
            "it": {"il", "lo", "la", "gli", "le"}, "pt": {"o", "a", "os", "as"},
            "ca": {"el", "la", "els", "les"}, "de": {"der", "die", "das", "dem", "des"},
            "nl": {"het"}}
_ARTICLES = {"the", "el", "la", "los", "las", "den", "det"}   # language not given


def _preference(category: str):
    """Which reading describes a mention of ``category`` when its word has several: a
    proper noun first, then what a name of the category usually is."""
    order = {"PER": ("np", "n", "adj"), "ORG": ("np", "n", "adj"),
             "LOC": ("np", "adj", "n"), "GPE": ("np", "adj", "n"),
             "NATIONALITY": ("adj", "n", "np")}.get(category, ("np", "n", "adj"))

    def rank(parts: Tuple[Reading, ...]) -> int:
        pos = parts[0].pos
        return order.index(pos) if pos in order else len(order)
    return rank


def describe(units: Sequence[Unit], category: str, text: str = "", lang: str = ""
             ) -> Tuple[str, Dict[str, str]]:
    """(lemma, features) of a mention from its units: the features of its last content
    unit's preferred reading (the inflected word of a flat name, the head of "Court of
    Justice" is not caught — its number is the whole name's in these languages' names
    anyway), UPOS, the proper-noun class, a genitive clitic as Case=Gen, ``analysis`` — the
    ambiguity classes of all its units — and ``shape``."""
    content = [u for u in units if u.surface.casefold() not in ARTICLES.get(lang, _ARTICLES)
               ] or list(units)
    if not content:
        return "", {}
    rank = _preference(category)
    feats: Dict[str, str] = {}
    head = None
    for u in content:
        if u.known:
            best = min(u.readings, key=rank)
            if best[0].pos not in _NOT_HEAD:
                head = (u, best)
        elif u.surface[:1].isalnum():
            head = None          # an unknown last word: the known one before is no head
    if head is not None:
        u, best = head
        # a compound ("EU+domstol") inflects, and is, what its last part is
        feats.update(best[-1].features())
        feats["upos"] = best[-1].upos
        if any("gen" in r.tags for r in best):
            feats["Case"] = "Gen"          # a genitive form (Swedish "Kommissionens")
    else:
        feats["upos"] = "PROPN"
    # An English "'s" is a clitic unit of its own, not a form of the name: the pseudonym
    # takes it as a suffix (pseudonyms.Plain, DictPseudonym), so it is no need of the form.
    feats["analysis"] = " ".join(u.ambiguity() for u in content)
    feats["known"] = "yes" if all(u.known for u in content) else (
        "no" if not any(u.known for u in content) else "part")
    bare = bare_name(text or " ".join(u.surface for u in units), lang=lang)
    feats["shape"] = shape_of(bare)
    lemma = bare
    if head is not None and head[0] is content[-1] or (
            head is not None and all(not x.surface[:1].isalnum() for x in
                                     content[content.index(head[0]) + 1:])):
        # the inflected last word in its base form ("Commissions" -> "Commission"), cased
        # like the word ("italian" -> "Italian")
        u, best = head
        if len(best) > 1:
            return lemma, feats      # a compound's base form is not its first part's
        # cased word by word like the surface ("European parliament" for the unit
        # "European Parliament")
        surface_words = u.surface.split()
        word = " ".join(
            (w[:1].upper() + w[1:]) if i < len(surface_words) and surface_words[i][:1].isupper()
            else w for i, w in enumerate(best[0].lemma.split()))
        cut = bare.rfind(u.surface)
        if cut >= 0 and word:
            lemma = bare[:cut] + word
    return lemma, feats


_NOT_HEAD = ("pr", "cnjcoo", "cnjsub", "det", "gen", "guio", "sent", "cm", "apos", "lpar",
             "rpar", "lquot", "rquot", "ij")
_POSSESSIVE_END = re.compile(r"(?:['’]s?|s['’])$")


def bare_name(text: str, keep_possessive: bool = False, lang: str = "") -> str:
    """The mention without a leading article (and without a possessive ending)."""
    words = text.split()
    articles = ARTICLES.get(lang, _ARTICLES)
    while len(words) > 1 and words[0].casefold() in articles:
        words = words[1:]
    bare = " ".join(words)
    if not keep_possessive and re.search(r"\w['’]s$", bare):
        bare = bare[:-2]
    return bare


def article_of(text: str, lang: str = "") -> str:
    """The leading article of a mention with the space after it ("the "), or ""."""
    m = re.match(r"(\w+)\s+", text)
    if m and m.group(1).casefold() in ARTICLES.get(lang, _ARTICLES) and len(text.split()) > 1:
        return m.group(0)
    return ""


_INITIAL = re.compile(r"^[^\W\d_]{1,2}\.(?:[-\u2010\u2011\u2012\u2013]?[^\W\d_]{1,2}\.)*$")


def shape_of(text: str) -> str:
    """The written shape of a name, word by word: ``I`` an initial ("P.", "J.-F."), ``A``
    all capitals (an acronym: "NATO", "RZ"), ``C`` capitalised, ``l`` lower case, ``9``
    digits, joined with spaces ("P. Bennett" -> "I C")."""
    out = []
    for w in text.split():
        letters = [c for c in w if c.isalpha()]
        if _INITIAL.match(w):
            out.append("I")
        elif not letters:
            out.append("9" if any(c.isdigit() for c in w) else "-")
        elif len(letters) > 1 and all(c.isupper() for c in letters):
            out.append("A")
        elif w[:1].isupper() or (letters and letters[0].isupper()):
            out.append("C")
        else:
            out.append("l")
    return " ".join(out)


def is_acronym(text: str, features: Optional[Dict[str, str]] = None) -> bool:
    """An acronym ("EU", "EUIPO", "TEAC"), not a name in capitals ("KOIT", "MÄRT
    VÄLJATAGA" in a heading): one word in capitals that the analyser calls an acronym, or
    does not know and is short (six letters at most); with no analyser, three at most."""
    f = features or {}
    bare = bare_name(text)
    if shape_of(bare) != "A":
        return False
    letters = sum(c.isalpha() for c in bare)
    if f.get("class") == "acronym":
        return True
    if "known" in f:
        return f["known"] == "no" and letters <= 6
    return letters <= 3


def shape_features(text: str) -> Dict[str, str]:
    """What a mention's shape alone says, for languages without an analyser."""
    return {"shape": shape_of(text), "upos": "PROPN"}


def mention_morphology(texts: Sequence[Tuple[str, str]], lang: str
                       ) -> Dict[Tuple[str, str], Tuple[str, Dict[str, str]]]:
    """(text, category) -> (lemma, features) for many mentions at once (one round trip to the
    analyser); shape features alone when ``lang`` has no analyser or it fails."""
    a = analyser(lang)
    out = {}
    answers: Dict[str, List[Unit]] = {}
    if a is not None:
        try:
            answers = a.many([t for t, _ in texts])
        except OSError:
            answers = {}
    for text, cat in texts:
        units = answers.get(text)
        if units:
            out[(text, cat)] = describe(units, cat, text, lang)
        else:
            out[(text, cat)] = ("", shape_features(text))
    return out
