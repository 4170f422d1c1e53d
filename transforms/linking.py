"""Mentions, propagation and document-level linking (pure).

Merge policy (one place, documented because silent leaks arise exactly here): spans from all
sources are merged into their **union** whenever they overlap or touch inside a word; a merged
span is never shorter than any of its parts, so nothing that one source marked is ever sent in
clear.  The merged span takes the category of its longest part (ties: the earliest source in
``SOURCE_PRIORITY``).

Propagation: after linking, every other occurrence in the document (or the corpus, when
``extra_strings`` are given) of any mention's surface form is masked too, labelled or not:
gold annotations and models both miss repeats, and a leak is a leak.  Matching is on word
boundaries, case-insensitive for forms of 4+ characters (ALL-CAPS headings) and exact for
shorter ones ("EU", "X") so that ordinary words are not swallowed.
"""
from __future__ import annotations

import functools
import re
import unicodedata
from typing import Dict, FrozenSet, Iterable, List, Optional, Sequence, Set, Tuple

from schemas.records import Cluster, Mention, Segment
from transforms.dictionary.extract import without_legal_form

SOURCE_PRIORITY = ["given", "deny-list", "identifier", "ner", "detector", "propagated",
                   "precaution"]
# A lower-case word a detector masked only by precaution (the name model's recall margin,
# not its best reading): masked where it was found, never spread to the word's other
# occurrences and not a leak-guard term — an ordinary word is no personal data, and spreading
# it would mask (or dead-letter) every sentence that uses the word.
PRECAUTION = "precaution"
# Sources a person stands behind (annotation, the customer's list): spread in any case.
AUTHORITATIVE = ("given", "deny-list")
# (Not "don": where a detector leaves the Spanish title out of a name, the name has none;
# where "Don" is in a name it is the given name, and kept in front of the stand-in as a title
# it went out: "Don MacLean" was sent as "Don Peter Portelli".)
TITLES = {"mr", "mrs", "ms", "miss", "dr", "prof", "judge", "sir", "madam", "mister",
          "herr", "frau", "sr", "sra", "doña", "kungs", "kundze", "pan", "pani", "hr"}
POSSESSIVE = re.compile(r"(?:'s|’s|'|’)$")
# A word character: \w plus the two Latin-1 signs × and ÷ (U+00C0-U+024F, the Latin letters
# this once listed, are all \w but those two).  Written this way the class compiles ten times
# faster under IGNORECASE, and restoration compiles one pattern per distinct replacement.
_WORD = r"[\w\u00D7\u00F7]"


# Case/number endings of proper nouns, longest first, for languages that inflect names.
# Used to link "Bērziņš"/"Bērziņam" or "Tallinn"/"Tallinna" when no lemma is known, and to
# propagate a name into inflected forms NER never saw.  A stem must keep 4+ letters.
ENDINGS: Dict[str, Tuple[str, ...]] = {
    "lv": ("iem", "ām", "ai", "ei", "am", "em", "im", "um", "as", "es", "is", "us", "os",
           "ā", "a", "e", "i", "u", "s", "š", "ē", "ī", "o"),
    "lt": ("iui", "ams", "ui", "ai", "ei", "as", "is", "ys", "us", "os", "ės", "ių", "ą",
           "ę", "į", "ų", "o", "a", "e", "i", "u", "s"),
    "et": ("sse", "lle", "ga", "ks", "le", "lt", "na", "ni", "st", "ta", "de", "te", "id",
           "il", "is", "l", "s", "d", "a", "i", "u", "e", "t"),
    "fi": ("ssa", "ssä", "sta", "stä", "lla", "llä", "lta", "ltä", "lle", "ksi", "na", "nä",
           "ta", "tä", "an", "en", "in", "n", "a", "ä"),
    "pl": ("owi", "ego", "emu", "ach", "ami", "om", "em", "ie", "ą", "ę", "a", "u", "y", "i",
           "e", "o"),
    "hr": ("om", "em", "ima", "ama", "a", "u", "e", "i", "o"),
    # the genitive's "s" (a personbevis's "Göteborgs kommun" took a stand-in apart from
    # "411 19 Göteborg")
    "sv": ("s",),
    "da": ("s",),
}


@functools.lru_cache(maxsize=1 << 14)
def stems(word: str, lang: str) -> frozenset:
    """The word and every stem left by stripping one ending (4+ letters kept).  Two words are
    forms of one name when their stem sets meet: "Tallinna" {tallinna, tallinn, talli} and
    "Tallinn" {tallinn}; but "Marika" {marika, marik} and "Mari" {mari} do not.  (Kept for
    16,384 words: propagation asks it for every capitalised word of a document in a language
    with endings, linking for every pair of mentions, and each asks two dozen endings.)"""
    low = fold(word)
    out = {low}
    for end in ENDINGS.get(lang, ()):
        e = fold(end)
        if low.endswith(e) and len(low) - len(e) >= 4:
            out.add(low[: -len(e)])
            out.add(undoubled(low[: -len(e)], lang))
    return frozenset(out)


def undoubled(stem: str, lang: str) -> str:
    """A stem a case ending left, as its nominative ends: a Finnish name in "-e" doubles it
    before its endings ("Tampere-ella", "Tampere-en" are "Tampere"'s: "vihitty
    Tampereella" went out as written)."""
    return stem[:-1] if lang == "fi" and stem.endswith("ee") and len(stem) >= 5 else stem


# The stem vowels an Estonian case ending follows where the nominative has none.
_STEM_VOWEL = {"et": "aeiu"}


def _nen_stem(a: str, b: str, lang: str) -> bool:
    """Finnish names in "-nen" take their cases on "-se-"/"-s-": "Korhosen", "Korhoselle",
    "Korhosta" are "Korhonen"'s, "Ikaalisissa" "Ikaalinen"'s (a work certificate's
    "Korhosen työtä" took a stand-in apart from "Laura Korhonen")."""
    if lang != "fi" or " " in a or " " in b:
        return False
    for nom, form in ((a, b), (b, a)):
        nom, form = fold(nom), fold(form)
        if nom.endswith("nen") and len(nom) >= 7:
            stem = nom[:-3] + "s"
            if form.startswith(stem) and form != nom and len(form) > len(stem) \
                    and form[len(stem)] in "eit":
                return True
    return False


def _on_stem_vowel(a: str, b: str, lang: str) -> bool:
    """Is one of two one-word keys the other's case form on the genitive's stem vowel
    (Estonian "Tallinna-s", "Tamme-le" of "Tallinn", "Tamm"): the word itself, not any of its
    stems, left when an ending that opens with a consonant and the vowel are taken off.
    (Not for propagation: a nominative may end in that vowel itself, "Rootsi-st" is no form
    of "Roots".)"""
    vowels = _STEM_VOWEL.get(lang)
    if not vowels or " " in a or " " in b:
        return False
    return any(s[:-1] == other and s[-1:] in vowels and len(s) > len(other) >= 4
               and fold(word)[len(s):len(s) + 1] not in vowels      # ("Viktori-a" no case)
               for word, other in ((a, b), (b, a)) for s in stems(word, lang) - {fold(word)})


def same_name(a: str, b: str, lang: str) -> bool:
    """Word by word, are ``a`` and ``b`` forms of the same name?"""
    wa, wb = a.split(), b.split()
    return len(wa) == len(wb) and all(stems(x, lang) & stems(y, lang) for x, y in zip(wa, wb))


class _WithoutCombining(dict):
    """``str.translate`` table dropping combining marks, filled as characters are met (a
    C-speed pass over the text instead of a Python test per character)."""

    def __missing__(self, code: int):
        keep = None if unicodedata.combining(chr(code)) else code
        self[code] = keep
        return keep


_WITHOUT_COMBINING = _WithoutCombining()


@functools.lru_cache(maxsize=1 << 14)
def fold(text: str) -> str:
    """Case- and accent-insensitive comparison key.  (Kept for 16,384 texts: whole payloads
    pass through it too, from the leak guard, and 65,536 of them grew the job's RSS with
    every document up to 600.)"""
    if text.isascii():
        return text.lower()
    return unicodedata.normalize("NFKD", text.casefold()).translate(_WITHOUT_COMBINING)


def mentions_from_labels(segments: Sequence[Segment]) -> List[Mention]:
    out = []
    for seg in segments:
        for start, end, cat, *more in seg.labels:
            # an optional 4th field {"lemma", "features"} comes from annotated input (CoNLL-U)
            info = more[0] if more and isinstance(more[0], dict) else {}
            out.append(Mention(segment=seg.index, start=start, end=end,
                               text=seg.text[start:end], category=str(cat).upper(),
                               source="given", lemma=info.get("lemma", ""),
                               features=dict(info.get("features") or {})))
    return out


@functools.lru_cache(maxsize=1 << 16)
def propagatable(form: str) -> bool:
    """Forms worth masking wherever they occur: anything with a letter, or a number of 5+
    digits (an identifier).  A bare day or year ("3", "2002") is not identifying alone, and
    masking it everywhere would corrupt article and case numbers ("Article 78(3)")."""
    if not form or not any(ch.isalnum() for ch in form):
        return False
    if any(ch.isalpha() for ch in form):
        return True
    return sum(ch.isdigit() for ch in form) >= 5


def authoritative_forms(mentions: Iterable[Mention],
                        extra: Iterable[Tuple[str, str]] = ()) -> Set[str]:
    """Casefolded forms a person stands behind: labels, the deny list, the run's labelled
    forms (``extra``).  They spread onto, and are guarded in, every case."""
    run = _casefolded_forms(extra) if isinstance(extra, tuple) else \
        {f.strip().casefold() for f, _ in extra}
    return {m.text.strip().casefold() for m in mentions if m.source in AUTHORITATIVE} | run


@functools.lru_cache(maxsize=4)
def _casefolded_forms(extra: Tuple[Tuple[str, str], ...]) -> FrozenSet[str]:
    """The run's forms casefolded: the same for every document of a run (each document asked
    twice for its thousands of forms)."""
    return frozenset(f.strip().casefold() for f, _ in extra)


def ordinary_word(text: str, lang: str,
                  classes_of: Optional[Dict[str, Tuple[str, ...]]] = None) -> bool:
    """Is lower-case ``text`` made of ordinary words of ``lang`` (each common in the
    language's word-frequency list)?  Where no list is known, only a single word counts and
    only when the caller has seen it in lower case in the document itself.

    A capitalised name whose lower-case twin is such a word ("Customs", "Young", "Rose") is
    not spread onto, nor guarded against, that lower-case twin: written in lower case in the
    document, it is the word.  ``classes_of``: ``word_classes`` asked already about (at
    least) these words, with others (``ordinary_forms``)."""
    words = _WORDS.findall(text)
    frequent = _frequent(words, lang)
    if frequent is None:
        return len(words) == 1
    if not frequent:
        return False
    # Frequent is not enough where the language's analyser is installed: "margaret" and
    # "thornton" are frequent, yet the analyser knows them as no word of the language —
    # written in lower case they are still the name.
    if classes_of is None:
        from transforms.detect.model import word_classes
        classes = word_classes(words, lang)
    else:             # each word is analysed on its own: its answer is the same in any call
        classes = {w: classes_of[w] for w in words if w in classes_of}
    if classes:
        return all("common" in classes.get(w, ("common",)) for w in words)
    return True


def nameless_words(text: str, lang: str) -> bool:
    """Is lower-case ``text`` of two words or more, each a word of the language's frequency
    list that no gazetteer knows as a name?  A body's or a place's name written so is the
    phrase ("the tax inspectorate" after the gloss "(Tax Inspectorate)": "inspectorate" is too
    rare to be ``ordinary_word``'s), where "margaret thornton" is still the person.  Only in
    a language that capitalises every name (``_CASED_NAMES``): Swedish writes a court's
    chamber "första avdelningen"."""
    from transforms.detect.model import _CASED_NAMES
    words = _WORDS.findall(text)
    return lang in _CASED_NAMES and len(words) >= 2 and unnamed_words(words, lang)


def unnamed_words(words: Sequence[str], lang: str) -> bool:
    """Is each of ``words`` (at least one) a word of ``lang``'s frequency list
    (``KNOWN_WORD_ZIPF``) that no gazetteer knows as a given, family or place name?  False
    where the language has no frequency list."""
    from transforms.detect.model import KNOWN_WORD_ZIPF, _lexicons
    from transforms.lexicon import zipf_fn
    zipf = zipf_fn(lang)
    if zipf is None or not words:
        return False
    lex = _lexicons()
    return all(zipf(w.lower()) >= KNOWN_WORD_ZIPF and not any(
        w.lower() in lex[k] for k in ("given", "family", "place")) for w in words)


def lower_twin_is_word(text: str, lang: str, category: str = "",
                       classes_of: Optional[Dict[str, Tuple[str, ...]]] = None) -> bool:
    """Is lower-case ``text``, the twin of a detector's capitalised form of ``category``, the
    language's words rather than the name: ``ordinary_word`` (``classes_of``: its analyser
    answers, asked already), or, for a name that is no person's, ``nameless_words``.
    Propagation does not spread onto it, nor the leak guard stop it, alike."""
    return ordinary_word(text, lang, classes_of) or \
        category != "PER" and nameless_words(text, lang)


def ordinary_forms(forms: Iterable[str], texts: Sequence[str], lang: str,
                   categories: Optional[Dict[str, str]] = None) -> List[str]:
    """The capitalised ``forms`` whose lower-case twin the document itself writes and the
    language uses as its words (``lower_twin_is_word``; ``categories``: each form's, where
    known)."""
    lower_words = lower_words_of(tuple(texts))
    candidates = []
    for f in forms:
        low = f.lower()
        if f != low and all(w in lower_words for w in _WORDS.findall(low)):
            candidates.append((f, low))
    # the analyser asked about every frequent form's words at once, not form by form (a
    # round trip each: 376 per 200 MultiLeg en documents, on the protecting thread)
    asked = sorted({w for _, low in candidates for w in _WORDS.findall(low)
                    if _frequent(_WORDS.findall(low), lang)})
    classes_of = None
    if asked:
        from transforms.detect.model import word_classes
        classes_of = word_classes(asked, lang) or None
        # {}: no analyser (each form alike), or it failed: each form asks on its own
    return [f for f, low in candidates
            if lower_twin_is_word(low, lang, (categories or {}).get(f, "PER"), classes_of)]


def _frequent(words: Sequence[str], lang: str) -> Optional[bool]:
    """Every word common in ``lang``'s word-frequency list (False for no words); None when
    the language has no list."""
    from transforms.lexicon import common_word
    if not words:
        return False
    known = [common_word(w, lang) for w in words]
    if None in known:
        return None
    return all(known)


_WORDS = re.compile(r"[^\W\d_]+")


@functools.lru_cache(maxsize=4)
def lower_words_of(texts: Tuple[str, ...]) -> FrozenSet[str]:
    """The words ``texts`` write all in lower case: a document's, asked by propagation, by
    ``ordinary_forms`` and by the pseudonym chooser (a walk over every word of the document
    each time).  Not a handle's (``without_handles``)."""
    return frozenset(w for t in texts for w in _WORDS.findall(without_handles(t))
                     if w.islower())


# What is written in lower case whatever it is made of: an e-mail address, a user's handle,
# a host's or a file's name — words glued by an at sign, an underscore, or a dot between
# two of at least two letters (not an abbreviation's dots: Latvian "u.c.", Polish "sp. z
# o.o.", Danish "bl.a.", which are words of the language), up to a slash: a web address's
# path is words.
_CHUNK = re.compile(r"[^\s<>()\[\]\"',;:/]+")
# a handle's signs: "_" or "@" inside a word, a dot between words, an initial's dot before
# a surname ("j.smith", a login: "Reviewed by j.smith" had made "Smith J" an ordinary word)
_HANDLE_SIGN = re.compile(r"\w[_@]\w|\w\w\.\w\w|(?<![\w.])[^\W\d_]\.[^\W\d_]{2}")


@functools.lru_cache(maxsize=4096)
def without_handles(text: str) -> str:
    """``text`` with its e-mail addresses and handles blanked out (as long as they were),
    for whoever reads the document's lower-case words as evidence that a word is ordinary:
    they write their owner's name in lower case ("amelia.hartley-cole@harbourhouse.co.uk",
    a chat's "raj.patel:"), and "Mrs. Hartley-Cole" and "ask Raj" were taken for ordinary
    words and sent.  (Not a web address's path: its words are mostly ordinary ones,
    "www.isoc.org/internet/history", and the one evidence that a report's capitalised
    "Internet" is a word.)  Kept per text: the document's evidence, the rules' common words
    and propagation each read every segment so."""
    if _HANDLE_SIGN.search(text) is None:
        return text
    return _CHUNK.sub(lambda m: " " * len(m.group(0)) if _HANDLE_SIGN.search(m.group(0))
                      else m.group(0), text)


def strip_accents(text: str) -> str:
    """``text`` without combining marks ("Bērziņš" -> "Berzins"); other letters as they are
    (``fold`` without the case folding)."""
    return unicodedata.normalize(
        "NFC", unicodedata.normalize("NFKD", text).translate(_WITHOUT_COMBINING))


def form_pattern(form: str) -> re.Pattern:
    flags = re.IGNORECASE if len(form) >= 4 else 0
    return re.compile(rf"(?<!{_WORD}){re.escape(form)}(?!{_WORD})", flags)


# What a name carries attached to it in some languages: a case ending after a colon
# (Finnish "EUIPO:n", "KLM:ssa"; Swedish "TEAC:s"), in Estonian after a hyphen ("EUIPO-le",
# "CJEU-lt"), and in Estonian and Finnish after an apostrophe, where the name's spelling
# does not end as it sounds ("Shakespeare'i", "Conseil d’État’n").
ATTACHED_ENDING = {
    "fi": re.compile(r"[:'’][a-zäö]{1,4}(?![\w:'’])"),
    "sv": re.compile(r":[a-zåäö]{1,3}(?![\w:])"),
    "et": re.compile(r"[-‑][a-zäöõü]{1,4}(?![\w\-‑])|['’][a-zäöõüšž]{1,4}(?![\w\-‑'’])"),
}


def with_attached_ending(text: str, end: int, lang: str) -> int:
    """Where a name ending at ``end`` ends with the case ending its language writes attached
    to it (``ATTACHED_ENDING``), if any: in Estonian a hyphen's ending only after an
    acronym ("EUIPO-le"; "Kohl-aegne" is a compound), an apostrophe's after any name
    ("Shakespeare'i", "Vaucluse’i")."""
    ending = ATTACHED_ENDING.get(lang)
    m = ending.match(text, end) if ending is not None and end > 0 else None
    if m and (text[end - 1].isupper() or text[end - 1].isdigit() or lang != "et"
              or text[end] in "'’"):
        return m.end()
    return end


def propagate(segments: Sequence[Segment], mentions: List[Mention],
              extra: Iterable[Tuple[str, str]] = (), lang: str = "",
              exempt: Optional[Dict[int, List[Tuple[int, int]]]] = None) -> List[Mention]:
    """Add a ``propagated`` mention for every unmarked occurrence of a known form.

    ``extra`` gives further (form, category) pairs, e.g. from other documents of the run.
    ``exempt``: per segment, stretches no detector's form spreads into (public citations: "EU"
    of "EU:C:2018:784"); what a person labelled spreads there too.
    With a ``lang`` that inflects names (``ENDINGS``), a capitalised word whose stem equals
    the stem of a known name word is masked too ("Bērziņam" after "Andris Bērziņš")."""
    mentions = _listed_initials_apart(segments, mentions)
    doc: Dict[str, str] = {}
    for m in mentions:
        if m.source == PRECAUTION:
            continue
        doc.setdefault(m.text.strip(), m.category)
        bare = POSSESSIVE.sub("", m.text.strip())
        if bare and bare != m.text.strip():
            doc.setdefault(bare, m.category)
        if m.category == "ORG":
            # the company without its legal form is the company: "at Allegro" after
            # "Allegro sp. z o.o." went out as written
            short = without_legal_form(bare)
            if short != bare and len(short) >= 3:
                doc.setdefault(short, m.category)
    # A name written without its diacritics is the same name ("JANIS BERZINS" for "Jānis
    # Bērziņš"): each form's accent-free spelling spreads too.
    for f, c in list(doc.items()):
        plain = strip_accents(f)
        if plain != f:
            doc.setdefault(plain, c)
    doc = {f: c for f, c in doc.items() if propagatable(f)}
    extra_forms = tuple(extra)
    run, run_casefolded, run_matcher = _run_forms(extra_forms)
    if not doc and not run:
        return list(mentions)
    # Forms a person gave spread in every case; a detector's capitalised form does not spread
    # onto its lower-case twin where that is an ordinary word of the language.
    authoritative = authoritative_forms(mentions, extra)
    exempt = exempt or {}
    covered: Dict[int, List[Tuple[int, int]]] = {}
    for m in mentions:
        covered.setdefault(m.segment, []).append((m.start, m.end))
    # The run-wide forms are the same for every document: compiled once per worker.  The
    # document's own forms get a small matcher of their own.
    matchers = (run_matcher, _compiled(tuple(sorted(f for f in doc if f not in run))))
    doc_casefolded: Dict[str, str] = {}
    for f, c in doc.items():
        doc_casefolded.setdefault(f.casefold(), c)

    def category(text: str) -> str:
        # The document's own label first, then the run's; exact, then in any case.
        cf = text.casefold()
        return (doc.get(text) or run.get(text) or doc_casefolded.get(cf)
                or run_casefolded.get(cf, "MISC"))

    ending = lang in ATTACHED_ENDING
    added: List[Mention] = []
    for seg in segments:
        spans = covered.setdefault(seg.index, [])
        words = {}      # the segment's words, made once for both matchers
        hits = {span for matcher in matchers for span in matcher.spans(seg.text, words=words)}
        # Longest first at each place, so "Andris Bērziņš" wins over "Bērziņš".
        for s, e in sorted(hits, key=lambda h: (h[0], h[0] - h[1])):
            if any(a <= s and e <= b for a, b in spans):
                continue
            text = seg.text[s:e]
            if text.strip().casefold() not in authoritative and \
                    any(a <= s and e <= b for a, b in exempt.get(seg.index, ())):
                continue
            if text.islower() and text not in doc and text not in run \
                    and text.casefold() not in authoritative \
                    and lower_twin_is_word(text, lang, category(text)):
                continue    # "customs" after a detected "Customs": the word, not the name
            if ending:
                # the case ending its language writes attached to a name ("Shakespeare'i"
                # after "Shakespeare") is the name's, as it is the detector's
                grown = with_attached_ending(seg.text, e, lang)
                if grown != e and not any(a < grown and e < b for a, b in spans):
                    e, text = grown, seg.text[s:grown]
            kind = category(text)
            lead = _sentence_lead(text, lang) if text not in doc and text not in run and \
                text.casefold() not in authoritative else 0
            if lead:
                # "The first WIPO Internet Domain Name Process" after "the First WIPO …":
                # the lower-case "first" is the sentence's (it went back English, "El first
                # WIPO …"); the name is what stays capitalised
                s, text = s + lead, text[lead:]
                if any(a <= s and e <= b for a, b in spans):
                    continue
            added.append(Mention(segment=seg.index, start=s, end=e, text=text,
                                 category=kind, source="propagated"))
            spans.append((s, e))
    if lang in ENDINGS:
        for k, stretches in exempt.items():
            covered.setdefault(k, []).extend(stretches)
        added += _propagate_inflected(segments, doc, _run_stems(extra_forms, lang), covered,
                                      lang, authoritative)
    else:
        added += _propagate_surnames(segments, doc, covered)
    added += _propagate_initials(segments, doc, covered, lang)
    added += _propagate_logins(segments, doc, covered, lang)
    return list(mentions) + added


def initials_of(name: str) -> Set[str]:
    """The ways a person's name is written as its initials: "Priya Venkataraman" -> "PV";
    "Johan de Vries" -> "JDV", "JV"; "Amelia Hartley-Cole" -> "AHC", "AH"; none for a name
    of one word."""
    words = _NAME_WORD.findall(name)
    if len(words) < 2:
        return set()
    named = [w for w in words if w[:1].isupper()]
    out = set()
    for kept in (words, named):
        out.add("".join(w[0] for w in kept).upper())
        out.add("".join(p[0] for w in kept for p in re.split(r"[\-‐‑]", w) if p).upper())
    return {x for x in out if 2 <= len(x) <= 4}


_NAME_WORD = re.compile(r"[^\W\d_][\w\-‐‑’']*")
_CAPITALS_WORD = re.compile(r"(?<![\w\-‐‑./])(?=[A-Z\-‐‑]{2,5}(?![\w\-‐‑/]))"
                            r"(?:[A-Z]{2,4}|[A-Z]{1,3}[\-‐‑][A-Z]{1,2})(?![\w\-‐‑/])")


# A login in lower case: words joined by dots or underscores ("anna.smith", "j.smith",
# "smith_anna"; not by hyphens: "stone-cold" is a word), or one or two initials glued to a
# surname ("kbrown": ``_glued_logins``).
_LOGIN = re.compile(r"(?<![\w@./:\-])([a-z][a-z0-9]*(?:[._][a-z0-9]+)+)(?![\w@\-]|\.\w)")
_LOGIN_SIGN = re.compile(r"[a-z0-9][._][a-z]")


@functools.lru_cache(maxsize=256)
def _glued_logins(surnames: Tuple[str, ...]):
    """One or two letters glued to one of ``surnames``, a word of its own."""
    alternatives = "|".join(re.escape(n) for n in surnames)
    return re.compile(rf"(?<![\w@./:\-])([a-z]{{1,2}}(?:{alternatives}))(?![\w@\-]|\.\w)")


def _propagate_logins(segments, forms: Dict[str, str], covered, lang: str = ""
                      ) -> List[Mention]:
    """A login made of a named person's name is the person's identifier ("Reviewed by
    j.smith", "requested by kbrown", "Login: anna.smith" beside "Anna Smith", "Kevin
    Brown"): words joined by dots or underscores of which one is a given name or a
    surname of a person the document names; or one or two letters glued to such a surname.
    Masked as an identifier (``IDNUM``: scrambled in its shape)."""
    from transforms.detect.heuristic import world_given_names
    given = world_given_names()
    words: Set[str] = set()
    surnames: Set[str] = set()
    for form, cat in forms.items():
        parts = [w.lower() for w in _NAME_WORD.findall(form)]
        # a person named in full, with a given name the lists know (as for the initials:
        # not "B. Atrankusis", a heading's letter and word, whose "neatrankusis" is a word)
        if cat != "PER" or len(parts) < 2 or "." in form or \
                not any(w in given for w in parts):
            continue
        words |= {w for w in parts if len(w) >= 3 and w.isalpha()}
        if len(parts[-1]) >= 4 and parts[-1].isalpha():
            surnames.add(parts[-1])
    if not words:
        return []
    from transforms.lexicon import zipf_fn
    zipf = zipf_fn(lang) if lang else None
    # (glued only where the language's frequency list can say the whole is no word:
    # "entrust", "endale" are "en" and a surname)
    glued = _glued_logins(tuple(sorted(surnames))) if surnames and zipf is not None else None
    added = []
    for seg in segments:
        text = seg.text
        hits = [h for h in _LOGIN.finditer(text)
                if any(p in words for p in re.split(r"[._]", h.group(1)))] \
            if _LOGIN_SIGN.search(text) else []
        if glued is not None:
            hits += [h for h in glued.finditer(text) if zipf(h.group(1)) < 1.0]
        if not hits:
            continue
        spans = covered.setdefault(seg.index, [])
        for hit in hits:
            s, e = hit.span(1)
            if not any(a < e and s < b for a, b in spans):
                added.append(Mention(segment=seg.index, start=s, end=e, text=hit.group(1),
                                     category="IDNUM", source="propagated"))
                spans.append((s, e))
    return added


def _propagate_initials(segments, forms: Dict[str, str], covered, lang: str = ""
                        ) -> List[Mention]:
    """A person named in full is named by the initials further on, in minutes and memos
    ("Tom Baker" ... "Action: TB to circulate the budget"): the initials of a
    person's name of two words or more, one of them a given name, written in capitals, are
    the person — unless the document gives them another meaning in brackets ("photovoltaic
    (PV)"), or they are the initials of two of its persons, or a Roman numeral.  So are the
    capitals an attendance list or an action holds ("Apologies: RT", "Action: PW to ...");
    and where the document writes its people so, the others it never names in full too
    (``_unnamed_initials``)."""
    from transforms.detect.heuristic import ROMAN, world_given_names
    given = world_given_names()
    owners: Dict[str, Set[str]] = {}
    for form, cat in forms.items():
        words = _NAME_WORD.findall(form)
        # a person whose name is written out, with a given name the lists know (the world's:
        # "Priya Venkataraman"): not "E. Markmann-Solegren" (whose "EM" is no more hers than
        # anyone's), nor a body taken for a person ("Euroopa Liidu Teatajas")
        if cat != "PER" or not any(w.lower() in given for w in words) \
                or any(len(w) < 2 for w in words) or "." in form:
            continue
        for x in initials_of(form):
            if not ROMAN.match(x):        # "II", "IV": a part's number
                owners.setdefault(x, set()).add(form)
    initials = {x for x, named in owners.items() if len(named) == 1}
    texts = [seg.text for seg in segments]
    for x in list(initials):
        (name,) = owners[x]
        defined = [t for t in texts if f"({x})" in t]
        if any(re.search(rf"{re.escape(name)}\W*\({x}\)", t) is None for t in defined):
            initials.discard(x)
    listed = {x for t in texts for x in _listed_initials(t) if x not in owners}
    if (initials or listed) and (initials | listed) & {
            x for t in texts for x in _CAPITALS_WORD.findall(t)}:
        initials = initials | listed | _unnamed_initials(texts, set(owners), lang)
    else:
        initials = set()
    if not initials:
        return []
    added = []
    for seg in segments:
        if not any(x in seg.text for x in initials):
            continue
        spans = covered.setdefault(seg.index, [])
        for hit in _CAPITALS_WORD.finditer(seg.text):
            s, e = hit.span()
            # (a role's acronym is no one's initials: "Museum of Flight CEO")
            if hit.group(0) in initials and hit.group(0).lower() not in ROLES \
                    and not any(a < e and s < b for a, b in spans):
                added.append(Mention(segment=seg.index, start=s, end=e, text=hit.group(0),
                                     category="PER", source="propagated"))
                spans.append((s, e))
    return added


# The people a meeting's minutes list by their initials: an attendance line's names
# ("Present: JS, KM, AB", "Apologies: RT") or an action's owners ("Action: KM and AB to
# ..."), in the languages with such minutes here.
_ATTENDANCE = re.compile(
    r"(?im)^[ \t]*(?:present|attendees|attending|in attendance|also present|apologies"
    r"(?: received)?|absent|chair(?:ed by)?|minutes(?: taken)? by|note[- ]?taker|"
    r"närvarande|frånvarande|deltagare|ordförande|til stede|deltagere|afbud|fraværende|"
    r"referent)[ \t]*:[ \t]*((?:[A-Z]{2,3}(?:[ \t]*(?:,|;|/|&|\band\b|\boch\b|\bog\b)"
    r"[ \t]*|[ \t]*$))+)")
_ACTION = re.compile(r"(?im)^[ \t]*actions?[ \t]*:[ \t]*((?:[A-Z]{2,3}[ \t]*"
                     r"(?:,|/|&|\band\b)?[ \t]*)+)(?=\bto\b)")


def _listed_initials(text: str) -> Set[str]:
    if ":" not in text:
        return set()
    from transforms.detect.heuristic import ROMAN
    return {x for rx in (_ATTENDANCE, _ACTION) for m in rx.finditer(text)
            for x in re.findall(r"[A-Z]{2,3}", m.group(1)) if not ROMAN.match(x)}


_INITIALS_JOINED = re.compile(r"[A-Z]{2,3}(?:[ \t]*(?:,|;|/|&|\band\b)[ \t]*[A-Z]{2,3})+")


def _listed_initials_apart(segments: Sequence[Segment], mentions: List[Mention]
                           ) -> List[Mention]:
    """A detector's name made of an attendance list's initials ("KM & PW", read as a firm
    like "Marks & Spencer") is those people, one by one: as one it was one stand-in for
    two, and "KM" another one where it stood alone."""
    joined = [m for m in mentions if _INITIALS_JOINED.fullmatch(m.text)]
    if not joined:
        return mentions
    text_of = {seg.index: seg.text for seg in segments}
    listed = {x for seg in segments for x in _listed_initials(seg.text)}
    out = []
    for m in mentions:
        parts = list(re.finditer(r"[A-Z]{2,3}", m.text)) if m in joined else []
        if not parts or not all(p.group() in listed for p in parts) \
                or text_of.get(m.segment, "")[m.start:m.end] != m.text:
            out.append(m)
            continue
        out += [Mention(segment=m.segment, start=m.start + p.start(), end=m.start + p.end(),
                        text=p.group(), category="PER", source=m.source) for p in parts]
    return out


def _unnamed_initials(texts: Sequence[str], named: Set[str], lang: str) -> Set[str]:
    """In a document that writes people by their initials, the other capitals of two or
    three letters the language's analyser knows as no word are people's too: minutes
    name "RT" and "PW" without ever writing them out ("Prepared by SJ, checked by DK").
    Not a Roman numeral, nor what the document defines in brackets after words that are
    no person's ("photovoltaic (PV)"), nor a heading's word in capitals or a code's
    letters before a number ("AB 1234").  Only where there is an analyser to ask: an
    acronym it knows ("VAT", "EU", "UK") is no one's initials."""
    from transforms.detect.heuristic import ROMAN
    from transforms.detect.model import word_classes
    seen = set()
    for t in texts:
        words = _WORD_RUN.findall(t)
        if sum(w.isupper() for w in words if not w.isdigit()) * 2 > len(words):
            continue                      # a heading in capitals
        for m in _CAPITALS_WORD.finditer(t):
            x = m.group()
            # (two or three letters; four with a hyphenated surname's, "MKF-L")
            if len(x) <= (3 if x.isalpha() else 5) and not ROMAN.match(x) and x not in named \
                    and not re.match(r"[ \t]*[\-‑]?[ \t]*\d", t[m.end():]):
                seen.add(x)
    for t in texts:
        for x in list(seen):
            at = t.find(f"({x})")
            if at >= 0 and not re.search(r"[A-Z][\w\-‑’']+\W*$", t[:at]):
                seen.discard(x)           # a term's acronym: "photovoltaic (PV)"
    # (a hyphenated surname's initials, "MKF-L", asked as their letters)
    letters = {x: re.sub(r"\W", "", x) for x in seen}
    classes = word_classes(set(letters.values()), lang) if seen and lang else {}
    return {x for x in seen if classes.get(letters[x]) == ("unknown",)}


def _sentence_lead(text: str, lang: str) -> int:
    """Where a name found in another case begins, in a language that capitalises every name
    (``_CASED_NAMES``): after its leading lower-case words ("first WIPO Internet …": 6); 0
    where it begins with a capital, with an article alone ("the Commission" after "The
    Commission") or with a particle ("van der Berg" after "Van der Berg"), or where nothing
    capitalised follows."""
    from transforms.detect.model import _CASED_NAMES, _lexicons
    if lang not in _CASED_NAMES or not text[:1].islower():
        return 0
    particles = _lexicons()["particle"]
    lead = []
    for m in _WORD_RUN.finditer(text):
        if m.group()[:1].isupper():
            # an article alone is the name's, as annotators write it ("the Commission")
            return m.start() if any(w not in _LEADING_ARTICLES for w in lead) else 0
        if m.group().lower() in particles:
            return 0
        lead.append(m.group())
    return 0


_LEADING_ARTICLES = {"the", "a", "an"}


_WORD_RUN = re.compile(r"[^\W\d_]+|\d+")


def _propagate_surnames(segments, forms: Dict[str, str], covered) -> List[Mention]:
    """A person named in full is named by the surname alone further on ("Christopher Hill"
    ... "Hill at the candidates' forum", "a Hill administration"): the last word of a
    person's name of two words or more spreads onto the capitalised word, where the
    document does not also write it in lower case ("Rose" after "Anna Rose" is not the
    "rose" of a text that has roses).  (Languages with ``ENDINGS`` do this and more in
    ``_propagate_inflected``.)"""
    surnames = set()
    for form, cat in forms.items():
        words = re.findall(r"[^\W\d_][\w\-’']*", form)
        if cat == "PER" and len(words) >= 2 and words[-1][:1].isupper() \
                and len(words[-1]) >= 3 and (not words[-1].isupper() or _caps_surname(words)):
            surnames.add(POSSESSIVE.sub("", words[-1]))
    if not surnames:
        return []
    lower_words = lower_words_of(tuple(seg.text for seg in segments))
    surnames = {w for w in surnames if w.lower() not in lower_words}
    added = []
    for seg in segments:
        spans = covered.setdefault(seg.index, [])
        if not any(w in seg.text for w in surnames):
            continue        # a hit is a surname whole: most segments hold none
        for hit in _CAPWORD_JOINED.finditer(seg.text):
            s, e = hit.span()
            if hit.group(0) not in surnames or any(a < e and s < b for a, b in spans):
                continue
            added.append(Mention(segment=seg.index, start=s, end=e, text=hit.group(0),
                                 category="PER", source="propagated"))
            spans.append((s, e))
    return added


def _caps_surname(words: Sequence[str]) -> bool:
    """A surname in capitals that is a surname, not an acronym: four letters or more, after
    a given name of the lists or joined by a hyphen or an apostrophe ("MR OWEN
    LLEWELLYN-HUGHES" on a bank statement, whose "TRANSFER TO MRS G LLEWELLYN-HUGHES" went
    out)."""
    last = words[-1]
    if sum(ch.isalpha() for ch in last) < 4:
        return False
    return any(ch in last for ch in "-’'") or _given_name(words[0])


def _given_name(word: str) -> bool:
    from transforms.detect.heuristic import gazetteers_lower
    return word.lower() in gazetteers_lower("given")


def _body_words(text: str) -> bool:
    """Does ``text`` carry a company's legal form or a body's word ("Ltd", "Group",
    "Ministry")?"""
    from transforms.detect.heuristic import ORG_MARKERS
    return without_legal_form(text) != text or any(
        w.strip(".,()").lower() in ORG_MARKERS for w in text.split())


def _listed_place(word: str, lang: str) -> bool:
    """A place of the gazetteers, or one the language's analyser knows ("Washington",
    "Jordan": a person's surname too)."""
    from transforms.detect.model import _lexicons, word_classes
    return word.lower() in _lexicons()["place"] or \
        "np_loc" in word_classes({word}, lang).get(word, ())


def _listed_name(word: str) -> bool:
    """A given name or a surname of the lists."""
    from transforms.detect.heuristic import gazetteers_lower
    return _given_name(word) or word.lower() in gazetteers_lower("family")


def _company(cluster: Cluster) -> bool:
    """Is one of ``cluster``'s forms written with a company's legal form ("... Ltd")?"""
    return any(without_legal_form(f) != f for f in cluster.forms)


@functools.lru_cache(maxsize=4)
def _run_forms(extra: Tuple[Tuple[str, str], ...]):
    """The run-wide forms, the same for every document of a run (prepared once per worker):
    form -> category, casefolded form -> category, and their matcher.  Sorted: a form labelled
    with two categories in different documents ("EU" as LOC and ORG) must get the same one
    whatever order a runner delivers the corpus forms in."""
    run: Dict[str, str] = {}
    for form, cat in sorted(set(extra)):
        run.setdefault(form.strip(), cat)
    run = {f: c for f, c in run.items() if propagatable(f)}
    casefolded: Dict[str, str] = {}
    for f, c in run.items():
        casefolded.setdefault(f.casefold(), c)
    return run, casefolded, _compiled(tuple(sorted(run)))


# A word that opens with a capital (Latin, Latin-1, Latin Extended-A, Cyrillic).  Extended-A
# alternates capitals and small letters, so a range "Ā-Ž" would take "šajā" and "ņemot" too.
# ... and a capitalised word with its hyphenated or apostrophised parts ("Pryce-Jones",
# "O'NEILL", "LLEWELLYN-HUGHES"): a surname whole; not a possessive's "'s" ("Hill's").
_CAPWORD_JOINED = re.compile(r"(?<![\w\u00C0-\u024F\-’'])[A-ZÀ-ÖØ-Þ"
                             + "".join(chr(c) for c in range(0x100, 0x17F) if chr(c).isupper())
                             + r"А-ЯЁ][\w\u00C0-\u024F]+(?:-[\w\u00C0-\u024F]+|"
                             r"[’'][A-ZÀ-ÖØ-Þ][\w\u00C0-\u024F]+)*")
_CAPWORD = re.compile(r"(?<![\w\u00C0-\u024F])[A-ZÀ-ÖØ-Þ"
                      + "".join(chr(c) for c in range(0x100, 0x17F) if chr(c).isupper())
                      + r"А-ЯЁ][\w\u00C0-\u024F]+")


@functools.lru_cache(maxsize=1 << 14)
def _form_stems(form: str, lang: str) -> Tuple[str, ...]:
    """The stems of ``form``'s capitalised words of 4+ letters, word by word."""
    return tuple(st for w in _WORDS.findall(form) if w[:1].isupper() and len(w) >= 4
                 for st in stems(w, lang))


@functools.lru_cache(maxsize=4)
def _run_stems(extra: Tuple[Tuple[str, str], ...], lang: str):
    """The run-wide forms' part of ``_propagate_inflected``'s index, the same for every
    document of a run (made once per worker: a run's 1,500+ forms were taken apart again for
    every document): stem -> category of the first run form that has it; each run form with
    its casefolded self and its stems; all those casefolded forms and all their stems."""
    run = _run_forms(extra)[0]
    index: Dict[str, str] = {}
    entries = []
    for form, cat in run.items():
        sts = _form_stems(form, lang)
        for st in sts:
            index.setdefault(st, cat)
        entries.append((form.casefold(), sts))
    return (index, entries, frozenset(cf for cf, _ in entries),
            frozenset(st for _, sts in entries for st in sts))


def _propagate_inflected(segments, doc: Dict[str, str], run_stems, covered, lang,
                         authoritative: Set[str] = frozenset()) -> List[Mention]:
    """A detector's word spreads into the inflected forms of its stem only where the
    document does not also write that form in lower case: "Regulas" after a detected
    "Regula" is the word "regulas" of the document, not a name.

    The forms are the document's (``doc``), then the run's it does not have (``run_stems``:
    ``_run_stems``): a stem takes the category of the first form that has it.  A run form the
    document has gives only stems the document's gives first, so the run's own index, made
    once, gives the rest.  A stem is trusted when a form that has it is authoritative."""
    run_index, run_entries, run_casefolded, run_all = run_stems
    index: Dict[str, str] = {}
    trusted: Set[str] = set()
    for form, cat in doc.items():
        sts = _form_stems(form, lang)
        for st in sts:
            index.setdefault(st, cat)
        if sts and form.casefold() in authoritative:
            trusted.update(sts)
    if run_index:
        index = {**run_index, **index}
    if run_casefolded <= authoritative:         # the run's forms are all authoritative
        trusted |= run_all
    else:
        for cf, sts in run_entries:
            if cf in authoritative:
                trusted.update(sts)
    added = []
    if not index:
        return added
    lower_words = lower_words_of(tuple(seg.text for seg in segments))
    for seg in segments:
        spans = covered.setdefault(seg.index, [])
        for hit in _CAPWORD.finditer(seg.text):
            s, e = hit.span()
            if any(a < e and s < b for a, b in spans):
                continue
            found = [st for st in sorted(stems(hit.group(0), lang)) if st in index]
            if not found or (hit.group(0).lower() in lower_words
                             and not any(st in trusted for st in found)):
                continue
            cat = index[found[0]]
            grown = with_attached_ending(seg.text, e, lang)     # "Shakespeare'i"
            if grown != e and not any(a < grown and e < b for a, b in spans):
                e = grown
            added.append(Mention(segment=seg.index, start=s, end=e, text=seg.text[s:e],
                                 category=cat, source="propagated"))
            spans.append((s, e))
    return added


@functools.lru_cache(maxsize=8)
def _compiled(forms: Tuple[str, ...]) -> "FormMatcher":
    return FormMatcher(long_forms=[f for f in forms if len(f) >= 4],
                       short_forms=[f for f in forms if len(f) < 4])


_TOKEN = re.compile(rf"{_WORD}+")
_IS_WORD = re.compile(_WORD)


def _lower(text: str) -> str:
    """``str.lower`` that keeps every character at its index (re.IGNORECASE's simple case
    mapping): only U+0130 "İ" lowercases to two characters."""
    return (text.replace("\u0130", "i") if "\u0130" in text else text).lower()


_CLOSING = (")", "]")


class FormMatcher:
    """Every word-bounded occurrence of any of many forms: case-insensitive for
    ``long_forms``, exact for ``short_forms`` — what ``(?<!W)(?:f1|f2|...)(?!W)`` finds, plus
    the occurrences such an alternation skips because they overlap an earlier match.

    Python's ``re`` tries every alternative at every position; with a run's 1,500+ entity
    forms that scan was a third of protection's time, and a Python walk over every word of the
    text after it still a sixth.  Here the forms are keyed by their first word (one-word
    forms) or by their first two words: a form can occur only where its key is among the
    text's words (or pairs of adjacent words), which set intersections at C speed tell; most
    texts hold no key, and for the few keys that are there the forms are looked for with
    ``str.find``.  (A form that occurs word-bounded starts a word of the text, and its second
    word is the text's next word whole.)  Forms that do not start with a word character
    (rare: "(EU)") keep a regex of their own."""

    def __init__(self, long_forms: Iterable[str] = (), short_forms: Iterable[str] = ()):
        self._indexes = []
        odd: List[Tuple[str, int]] = []
        for forms, norm, flags in ((set(long_forms), _lower, re.IGNORECASE),
                                   (set(short_forms), str, 0)):
            singles: Dict[str, Set[str]] = {}               # word -> one-word forms
            pairs: Dict[Tuple[str, str], Set[str]] = {}     # first two words -> forms
            for f in forms:
                nf = norm(f)
                key = _TOKEN.match(nf) if f else None
                if key is None:
                    if f:
                        odd.append((f, flags))
                    continue
                second = _TOKEN.search(nf, key.end())
                if second is None:
                    singles.setdefault(key.group(0), set()).add(nf)
                else:
                    pairs.setdefault((key.group(0), second.group(0)), set()).add(nf)
            if singles or pairs:
                firsts = frozenset(singles) | {a for a, _ in pairs}
                self._indexes.append((singles, pairs, firsts, norm))
        self._odd = []
        for flags in (re.IGNORECASE, 0):
            group = sorted((f for f, fl in odd if fl == flags), key=len, reverse=True)
            if group:
                alt = "|".join(re.escape(f) + ("" if f[-1:] in _CLOSING else rf"(?!{_WORD})")
                               for f in group)
                self._odd.append(re.compile(rf"(?<!{_WORD})(?:{alt})", flags))

    def __bool__(self) -> bool:
        return bool(self._indexes or self._odd)

    def spans(self, text: str, first: bool = False, words: Optional[dict] = None
              ) -> List[Tuple[int, int]]:
        """(start, end) of every occurrence; with ``first``, the leftmost (shortest) one.
        ``words``: a dict the caller gives every matcher it asks about the same ``text``:
        the text's words are made once in it, not once per matcher (they were most of the
        time spent here)."""
        out: List[Tuple[int, int]] = []
        n = len(text)
        words = {} if words is None else words
        for singles, pairs, firsts, norm in self._indexes:
            seen = words.get(norm)
            if seen is None:
                view = norm(text)
                seen = words[norm] = [view, _TOKEN.findall(view), None, None]
            view, tokens = seen[0], seen[1]
            if firsts.isdisjoint(tokens):     # most texts: no form starts here
                continue
            if seen[2] is None:
                seen[2] = set(tokens)
            present = seen[2]
            candidates = [singles[w] for w in singles.keys() & present]
            if pairs:
                if seen[3] is None:
                    seen[3] = set(zip(tokens, tokens[1:]))
                candidates += [pairs[k] for k in pairs.keys() & seen[3]]
            for forms in candidates:
                for nf in forms:
                    # A form that ends in a closing bracket is bounded by it: "(FLOSS)" is
                    # found in "(FLOSS)48", a footnote's number after it.  (Not a hyphen:
                    # an annotated "EU-" is no part of "EU-varumärke".)
                    open_end = nf[-1:] in _CLOSING
                    at = view.find(nf)
                    while at >= 0:
                        cut = at + len(nf)
                        if ((at == 0 or not _IS_WORD.match(view, at - 1))
                                and (cut == n or open_end or not _IS_WORD.match(view, cut))):
                            out.append((at, cut))
                        at = view.find(nf, at + 1)
        if first and out:
            return [min(out)]
        for pat in self._odd:
            for m in pat.finditer(text):
                out.append(m.span())
                if first:
                    return out
        return out

    def first(self, text: str) -> Optional[str]:
        hit = self.spans(text, first=True)
        return text[hit[0][0]:hit[0][1]] if hit else None


def merge_overlaps(mentions: List[Mention], segments: Sequence[Segment]) -> List[Mention]:
    """Union of overlapping spans per segment (see module docstring)."""
    text_of = {s.index: s.text for s in segments}
    by_seg: Dict[int, List[Mention]] = {}
    for m in mentions:
        by_seg.setdefault(m.segment, []).append(m)
    out: List[Mention] = []
    for seg_idx, ms in by_seg.items():
        text = text_of[seg_idx]
        ms = [_extend_to_word(m, text) for m in ms]
        ms.sort(key=lambda m: (m.start, -m.end))
        group: List[Mention] = []
        end = -1
        for m in ms:
            if group and m.start < end:
                group.append(m)
                end = max(end, m.end)
                continue
            if group:
                out.append(_merge_group(group, text))
            group, end = [m], m.end
        if group:
            out.append(_merge_group(group, text))
    out.sort(key=lambda m: (m.segment, m.start))
    return out


def _extend_to_word(m: Mention, text: str) -> Mention:
    """A span that starts or ends inside a word is widened to the whole word: half a name is
    still a name."""
    s, e = m.start, m.end
    while s > 0 and text[s - 1].isalnum() and text[s].isalnum():
        s -= 1
    while e < len(text) and text[e].isalnum() and text[e - 1].isalnum():
        e += 1
    if (s, e) == (m.start, m.end):
        return m
    return Mention(segment=m.segment, start=s, end=e, text=text[s:e], category=m.category,
                   source=m.source, lemma=m.lemma, features=m.features)


def _merge_group(group: List[Mention], text: str) -> Mention:
    if len(group) == 1:
        return group[0]
    start = min(m.start for m in group)
    end = max(m.end for m in group)

    def rank(m):
        pri = SOURCE_PRIORITY.index(m.source) if m.source in SOURCE_PRIORITY else len(SOURCE_PRIORITY)
        return (-(m.end - m.start), pri)

    best = sorted(group, key=rank)[0]
    return Mention(segment=best.segment, start=start, end=end, text=text[start:end],
                   category=best.category, source=best.source, lemma=best.lemma,
                   features=best.features)


def link_key(text: str, lang: str = "") -> str:
    """The form mentions of one entity share: without possessive, titles and a leading
    article ("the Commission", "Commission" and "the Commission's" are one body; in
    Swedish "den första avdelningen" and "första avdelningen"); without a company's legal
    form after its name ("Allegro sp. z o.o." and "Allegro" are one company)."""
    words = POSSESSIVE.sub("", without_legal_form(text.strip())).split()
    articles = _articles(lang)
    while len(words) > 1 and (fold(words[0]).rstrip(".") in TITLES
                              or fold(words[0]) in articles):
        words = words[1:]
    return fold(" ".join(words))


ARTICLES = {"the"}


@functools.lru_cache(maxsize=None)
def _articles(lang: str) -> frozenset:
    """English "the" always (names keep it in any text), and the language's own definite
    articles (the table the morphology keeps outside a name's span)."""
    from transforms.nlp.apertium_morphology import ARTICLES as BY_LANGUAGE
    return frozenset(ARTICLES | BY_LANGUAGE.get(lang, set()))


# Categories one name moves between (a country as a place and as a government): one entity.
PLACE_OR_BODY = ("LOC", "GPE", "ORG")


# A person's role, written before the name in a span of its own ("Director Helen Marsh",
# "Head Teacher Amanda Lyle", "Councillor Ruth Abernethy"): English corpora count it in the
# person's mention, so detection keeps it; linking does not (``mention_key``).
ROLES = {
    "director", "chairman", "chairwoman", "chairperson", "chair", "councillor", "councilor",
    "professor", "president", "partner", "senior", "junior", "head", "principal",
    "headteacher", "teacher", "coach", "captain", "sergeant", "constable", "inspector",
    "detective", "officer", "chief", "superintendent", "commissioner", "minister",
    "secretary", "governor", "senator", "mayor", "ambassador", "general", "colonel",
    "lieutenant", "commander", "admiral", "provost", "chancellor", "vice", "deputy", "acting",
    "interim", "executive", "managing", "associate", "assistant", "manager", "nurse", "matron",
    "reverend", "rev", "pastor", "father", "bishop", "archbishop", "rabbi", "imam", "lord",
    "lady", "baroness", "baron", "dame", "duke", "duchess", "prince", "princess", "king",
    "queen", "emperor", "pope", "consultant", "registrar", "surgeon", "solicitor",
    "barrister", "counsel", "advocate", "attorney", "agent", "clerk", "auditor", "treasurer",
    "trustee", "lecturer", "dean", "rector", "editor", "producer", "founder", "ceo", "cfo",
    "coo", "cto", "mp", "mep",
    # the Nordic boards' and offices' ("Ordföranden Karin Ekström", "Formanden Jens Holm")
    "ordförande", "ordföranden", "kassör", "kassören", "sekreterare", "sekreteraren",
    "ledamot", "ledamoten", "revisor", "revisorn", "rektor", "rektorn", "direktör",
    "direktören", "vd", "formand", "formanden", "næstformand", "næstformanden", "kasserer",
    "kassereren", "sekretær", "sekretæren", "direktør", "direktøren", "revisoren",
    "rektoren"}


def without_roles(text: str) -> str:
    """A person's name without the roles before it, where two words or more are left
    ("Professor Tom Reed" -> "Tom Reed"): the name a stand-in is chosen for."""
    words = list(re.finditer(r"\S+", text))
    k = 0
    while len(words) - k > 2 and fold(words[k].group()).rstrip(".") in ROLES:
        k += 1
    return text[words[k].start():] if k else text


def mention_key(m: Mention, lang: str = "") -> str:
    """Linking key: the lemma when the NLP layer gave one, else the surface form.  A
    person's roles before a name of two words or more are not the name's: "Director Helen
    Marsh", "Helen Marsh" and "Marsh" are one person (three clusters, three stand-ins, had
    the role kept them apart)."""
    base = link_key(m.lemma, lang) if m.lemma else ""
    key = base or link_key(m.text, lang) or fold(m.text)
    if m.category == "PER" and " " in key:
        words = key.split()
        while len(words) > 2 and words[0].rstrip(".") in ROLES:
            words = words[1:]
        key = " ".join(words)
    return key


# A given name written as its initial(s): "o.", "j.-f.", "m.k." (folded).
_INITIAL_WORD = re.compile(r"(?:[^\W\d_]\.[\-\u2011]?)+")


def _initialled(text: str) -> bool:
    """A person's name whose words but the last are initials: "O. Kovalenko"."""
    words = fold(text).split()
    return len(words) >= 2 and all(_INITIAL_WORD.fullmatch(w) for w in words[:-1])


def _initials_of(key: str, full: str, lang: str) -> bool:
    """Are ``key``'s initials and surname those of the name ``full`` (keys both): its
    surname, and its given names' first letters (each part of a hyphenated one) starting
    with the initials?"""
    words, names = key.split(), full.split()
    if len(names) < 2 or _initialled(full) or not same_name(words[-1], names[-1], lang):
        return False
    letters = [ch for w in words[:-1] for ch in w if ch.isalpha()]
    given = [p[:1] for n in names[:-1] for p in re.split(r"[\-\u2011]", n) if p]
    return bool(letters) and given[:len(letters)] == letters


def link(mentions: List[Mention], lang: str = "") -> List[Cluster]:
    """Cluster mentions by normalised key (``mention_key``); a one-word PER mention joins the
    unique multi-word PER cluster whose last (or first) name it is.  Sets ``Mention.cluster``."""
    clusters: Dict[Tuple[str, str], Cluster] = {}
    order: List[Cluster] = []
    # (a name written in full before one with initials of as many words, wherever each is:
    # the initials join the name)
    for m in sorted(mentions, key=lambda m: (-len(m.text.split()),
                                             m.category == "PER" and _initialled(m.text),
                                             m.segment, m.start)):
        cat = m.category
        key = mention_key(m, lang)
        target = clusters.get((cat, key))
        if target is None and cat == "PER" and len(key.split()) >= 2 and not _initialled(key):
            # "Matti Virtanen" of "Matti Juhani Virtanen": the one person of the document
            # whose first and last names they are, a middle name left out
            words = key.split()
            fuller = {id(c): c for (ccat, ckey), c in clusters.items()
                      if ccat == "PER" and len(ckey.split()) > len(words)
                      and same_name(words[0], ckey.split()[0], lang)
                      and same_name(words[-1], ckey.split()[-1], lang)}
            if len(fuller) == 1:
                target = next(iter(fuller.values()))
        if target is None and cat == "PER" and _initialled(key):
            # "O. Kovalenko", "G. Pryce-Jones" of "Olena Kovalenko", "Gareth Pryce-Jones" in
            # one document: the one person whose surname and given names' initials they are
            # (a signature's initials had a stand-in of their own, and then a surname alone,
            # "Kovalenko's", matched two persons and took a third)
            named = {id(c): c for (ccat, ckey), c in clusters.items()
                     if ccat == "PER" and _initials_of(key, ckey, lang)}
            if len(named) == 1:
                target = next(iter(named.values()))
        district = cat == "LOC" and re.fullmatch(r".+ [^\W\d_]", key) is not None
        if district:
            # a Danish postal district's letter is no part of the town: "8000 Aarhus C" and
            # "Aarhus, den 20. juni" took two stand-ins
            key = key[:-2]
        if target is None and cat in PLACE_OR_BODY:
            # "Romania" the place and "Romania" the party are one entity, one pseudonym
            target = next((clusters[(c, key)] for c in PLACE_OR_BODY if (c, key) in clusters),
                          None)
        if target is None and cat == "PER" and ("ORG", key) in clusters \
                and not _listed_name(key.split()[0]) and _company(clusters[("ORG", key)]):
            # a company's name without its legal form, which the detector read as a
            # person's: "Northwind Renewables" of "Northwind Renewables Ltd" (a press
            # release's company went out under two stand-ins); not "Jane Smith" beside
            # "Jane Smith Ltd", a person of the lists
            target = clusters[("ORG", key)]
        if target is None and cat in ("PER", "ORG") and len(key.split()) >= 2:
            # the same words read as a person's here and a body's there, none of them a
            # body's word: one person ("Priya Raghunathan" of a headline, a body to the
            # model, took a stand-in of its own)
            other = clusters.get(("ORG" if cat == "PER" else "PER", key))
            if other is not None and not any(_body_words(f) for f in other.forms + [m.text]):
                target = other
                target.category = "PER"
        if target is None and len(key.split()) == 1 and not _listed_name(key):
            # one word of no name list, read as a person's here and a place's or a body's
            # there: the place or the body ("Didcot" of an address, a person's to the
            # detector, took a stand-in apart from "Didcot" the town further on)
            if cat == "PER":
                target = next((clusters[(c, key)] for c in PLACE_OR_BODY
                               if (c, key) in clusters), None)
            elif cat in PLACE_OR_BODY and ("PER", key) in clusters:
                target = clusters[("PER", key)]
                target.category = cat
        if target is None and lang in ENDINGS:
            # an inflected form of a name already seen ("Bērziņam" ~ "Bērziņš")
            target = next((c for (ccat, ckey), c in clusters.items()
                           if ccat == cat and (same_name(key, ckey, lang)
                                               or _on_stem_vowel(key, ckey, lang)
                                               or _nen_stem(key, ckey, lang))), None)
        if target is None and cat == "PER" and len(key.split()) == 1:
            parts = {id(c): c for (ccat, ckey), c in clusters.items()
                     if ccat == "PER" and len(ckey.split()) > 1
                     and any(same_name(key, w, lang) or _nen_stem(key, w, lang)
                             or _on_stem_vowel(key, w, lang) for w in ckey.split())}
            parts = list(parts.values())
            if len(parts) == 1:
                target = parts[0]
        if target is None and cat in PLACE_OR_BODY and len(key) > 2 and key.isalpha():
            # a surname alone, as written, read as a place's or a body's: the marriage
            # certificate's "Uzvārds pēc laulības: vīram Ozoliņš" of "Jānis Ozoliņš" was a
            # place (not a form of it: Estonian "Pärnus", in Pärnu, is no "Martin Pärna");
            # the analyser asked only then (a document's places are many, its persons few)
            parts = list({id(c): c for (ccat, ckey), c in clusters.items()
                          if ccat == "PER" and len(ckey.split()) > 1
                          and ckey.split()[-1] == key}.values())
            if len(parts) == 1 and not _listed_place(m.text, lang):
                target = parts[0]
        if target is None and cat in ("ORG", "PER") and len(key.split()) == 1 \
                and not (cat == "PER" and _listed_name(key)) and not ordinary_word(key, lang):
            # a company's first word alone, its short name ("Northwind" of "Northwind
            # Renewables Ltd"): the one company of the document it opens, read as a body or
            # as a person's name of no list; not an ordinary word
            # (a company's, with its legal form: a public body is not named by its first
            # word, "Generalstaatsanwaltschaft" beside "Generalstaatsanwaltschaft Hamburg")
            bodies = {id(c): c for (ccat, ckey), c in clusters.items()
                      if ccat == "ORG" and len(ckey.split()) > 1 and ckey.split()[0] == key
                      and _company(c)}
            if len(bodies) == 1:
                target = next(iter(bodies.values()))
        if target is None:
            target = Cluster(id=len(order), category=cat, key=key, forms=[],
                             canonical=without_roles(m.text) if cat == "PER" else
                             m.text[:-2] if district else m.text)
            order.append(target)
        clusters[(cat, key)] = target
        m.cluster = target.id
        if m.text not in target.forms:
            target.forms.append(m.text)
    return order
