"""Entity observations for the pseudonym dictionary (pure).

An observation is one entity mention reduced to what the dictionary keeps (the paper's §3.1):
category, entity lemma, the head word's UPOS and UD features, the surface form, token count
and a class (Wikidata class when linked, else the source's fine-grained type such as EDT's
``Gep`` vs ``Loc``).  ``mention_features`` is also what selection uses for the mentions to
replace, so dictionary and look-up describe forms in exactly the same way.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Dict, Iterable, Iterator, List, Optional, Tuple

from schemas.records import Mention, is_code_char
from transforms.nlp.base import AnnotatedText, EntitySpan, entity_features, words_in_span

# Categories a dictionary holds: names.  Dates, amounts and identifiers get format-preserving
# fakes instead (transforms.pseudonyms: date, identifiers).
CATEGORIES = ("PER", "ORG", "LOC", "GPE", "MISC")
# Features that are not morphology of the form and are never stored.
_DROP = {"deprel", "upos", "subtype"}


@dataclass(frozen=True)
class Observation:
    category: str
    lemma: str
    form: str
    features: Tuple[Tuple[str, str], ...] = ()
    upos: str = ""
    tokens: int = 1
    klass: str = ""
    wikidata: str = ""

    def key(self) -> Tuple[str, str]:
        """Grouping key: (category, Wikidata id) when linked, else (category, lemma)."""
        return (self.category, self.wikidata or self.lemma)


def word_lemma(t) -> str:
    """A word's lemma, capitalised like the word when only case differs ("madrid" for
    "Madrid" in UD Spanish-GSD): a pseudonym's base form must look like a name."""
    lemma = t.lemma or t.text
    if lemma[:1].islower() and t.text[:1].isupper():
        lemma = (t.text[0] + lemma[1:]) if lemma[:1] == t.text[:1].lower() else lemma[:1].upper() + lemma[1:]
    return lemma


CHUNK_SENTENCES = 500


def conllu_chunks(text: str, size: int = CHUNK_SENTENCES) -> Iterator[str]:
    """CoNLL-U split into chunks of whole sentences (entities never cross a sentence), so one
    big treebank file is parsed in parallel pieces (and Stanza's reader stays fast: it slows
    down sharply on one huge document)."""
    sentences = [s for s in text.replace("\r\n", "\n").split("\n\n") if s.strip()]
    for i in range(0, len(sentences), size):
        yield "\n\n".join(sentences[i:i + size]) + "\n\n"


def clean_lemma(lemma: str, surface: str) -> str:
    """EDT marks compound boundaries in lemmas ("Inglis_maa", "Laas=mäe"): drop the marks the
    surface form does not have."""
    for mark in ("_", "="):
        if mark in lemma and mark not in surface:
            lemma = lemma.replace(mark, "")
    return " ".join(lemma.split())


def entity_words(ann: AnnotatedText, e: EntitySpan) -> List[int]:
    return words_in_span(ann.tokens, e.start_char, e.end_char)


def span_features(ann: AnnotatedText, idxs: List[int], head: int) -> Tuple[Dict[str, str], str]:
    """UD features describing the whole entity's form, and the head's UPOS: the same rule as
    the mentions to replace get (``transforms.nlp.base.entity_features``: the head word's
    features, Case and Number of a flat name from its last word)."""
    feats, head = entity_features(ann.tokens, idxs, head)
    if head < 0:
        return {}, ""
    return {k: v for k, v in feats.items() if k not in _DROP}, ann.tokens[head].upos


def observations_from_annotated(ann: AnnotatedText,
                                categories: Iterable[str] = CATEGORIES) -> Iterator[Observation]:
    cats = set(categories)
    for e in ann.entities:
        if e.type not in cats:
            continue
        idxs = entity_words(ann, e)
        surface = ann.text[e.start_char:e.end_char]
        if not _usable(surface, e.type):
            continue
        seen, lemmas = set(), []
        for i in idxs:
            t = ann.tokens[i]
            if (t.token_start, t.id) not in seen:
                seen.add((t.token_start, t.id))
                lemmas.append(word_lemma(t))
        lemma = clean_lemma(" ".join(lemmas), surface) or surface
        feats, upos = span_features(ann, idxs, e.head)
        tokens = len({ann.tokens[i].token_start for i in idxs}) or len(surface.split())
        yield Observation(category=e.type, lemma=lemma, form=surface,
                          features=tuple(sorted(feats.items())), upos=upos, tokens=tokens,
                          klass=e.raw_type or "")


def mentions_from_annotated(segment: int, ann: AnnotatedText,
                            categories: Optional[Iterable[str]] = None,
                            source: str = "ner") -> List[Mention]:
    """Mentions with lemma, features (as the dictionary describes forms) and ``class``."""
    cats = None if categories is None else set(categories)
    out = []
    for e in ann.entities:
        if cats is not None and e.type not in cats:
            continue
        idxs = entity_words(ann, e)
        surface = ann.text[e.start_char:e.end_char]
        lemmas, seen = [], set()
        for i in idxs:
            t = ann.tokens[i]
            if (t.token_start, t.id) not in seen:
                seen.add((t.token_start, t.id))
                lemmas.append(word_lemma(t))
        feats, upos = span_features(ann, idxs, e.head)
        if upos:
            feats["upos"] = upos
        if e.raw_type:
            feats["class"] = e.raw_type
        out.append(Mention(segment=segment, start=e.start_char, end=e.end_char, text=surface,
                           category=e.type, source=source,
                           lemma=clean_lemma(" ".join(lemmas), surface) or surface,
                           features=feats))
    return out


def observations_from_jsonl(text: str, categories: Iterable[str] = CATEGORIES,
                            name: str = "<jsonl>") -> Iterator[Observation]:
    """Pre-annotated JSONL (MultiLeg format): no morphology, so the lemma is the surface form
    and the features are unknown (empty)."""
    cats = set(categories)
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            seg, labels = rec["text"], rec.get("label", [])
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{name}:{lineno}: not a JSONL segment record ({exc})")
        for label in labels:
            # [start, end, CATEGORY] or, entity-linked, [start, end, CATEGORY, "Q42"(, class)]
            start, end, cat = label[:3]
            qid = str(label[3]) if len(label) > 3 and re.fullmatch(r"Q\d+", str(label[3])) else ""
            klass = str(label[4]) if len(label) > 4 else cat
            cat = str(cat).upper()
            if cat not in cats:
                continue
            surface = seg[start:end].strip()
            if _usable(surface, cat):
                yield Observation(category=cat, lemma=surface, form=surface,
                                  tokens=len(surface.split()), klass=klass, wikidata=qid)


# What an Apertium description keeps on a form: morphology, and the analyser's own view (the
# engine-aware choice compares it with the mention's).
_FORM_KEYS = ("Case", "Number", "Gender", "Definite", "Degree", "analysis", "shape")


def with_morphology(observations: List[Observation], lang: str) -> List[Observation]:
    """Observations without features (JSONL labels) described by the language's installed
    Apertium analyser — ``transforms.nlp.apertium_morphology.mention_morphology``, the same
    function that describes a run's mentions: base-form lemma, UD features, UPOS, the
    proper-noun class ("given", "surname", "place", "organisation", "acronym") and the
    form without a leading article (an article stays outside a replaced span)."""
    from transforms.nlp.apertium_morphology import bare_name, mention_morphology
    described = mention_morphology(sorted({(o.form, o.category) for o in observations}), lang)
    out = []
    for o in observations:
        lemma, feats = described.get((o.form, o.category), ("", {}))
        if not feats.get("analysis"):
            out.append(o)
            continue
        # without article and "'s" clitic: both stay in the sentence around a pseudonym
        form = bare_name(o.form)
        if o.category == "PER":
            # a title belongs to the sentence ("Mr Butler"): the pseudonym is the name
            from transforms.linking import TITLES
            words = form.split()
            while len(words) > 1 and words[0].casefold().rstrip(".") in TITLES:
                words = words[1:]
            if len(words) < len(form.split()):
                form = " ".join(words)
                lemma = lemma.split(None, len(lemma.split()) - len(words))[-1] \
                    if len(lemma.split()) > len(words) else lemma
        out.append(Observation(
            category=o.category, lemma=lemma or form, form=form,
            features=tuple(sorted((k, v) for k, v in feats.items() if k in _FORM_KEYS)),
            upos=feats.get("upos", ""), tokens=len(form.split()),
            klass=org_kind(form, feats.get("class", "")) if o.category == "ORG"
            else feats.get("class", "") or o.klass, wikidata=o.wikidata))
    return out


def describe_entries(entries, lang: str) -> None:
    """Faker's fill-in names described like the corpus's forms (in place): the analyser's
    readings, shape and morphology on each form, its class on the entry."""
    from transforms.nlp.apertium_morphology import mention_morphology
    described = mention_morphology(sorted({(f.form, e.category) for e in entries
                                           for f in e.forms}), lang)
    for e in entries:
        for f in e.forms:
            lemma, feats = described.get((f.form, e.category), ("", {}))
            f.features.update({k: v for k, v in feats.items() if k in _FORM_KEYS})
            if feats.get("upos") and not e.upos:
                e.upos = feats["upos"]
            klass = org_kind(f.form, feats.get("class", "")) if e.category == "ORG" \
                else feats.get("class", "")
            if klass and klass not in e.classes:
                e.classes.append(klass)


VOCABULARY_CATEGORY = "WORD"
# A reading of a closed class (pronoun, determiner, auxiliary, adverb...): "May", "His",
# "Still" are no stand-ins for a name.
_CLOSED_READING = re.compile(r"(?:^|/)<(?:prn|det|predet|pr|cnjcoo|cnjsub|cnjadv|vaux|vbmod|"
                             r"vbser|vbhaver|adv|preadv|num|ij|rel|itg)>")
_VOCAB_WORD = re.compile(r"^[^\W\d_]{3,}$")


def vocabulary_entries(lang: str, n: int) -> list:
    """The language's ``n`` most frequent words (``wordfreq``) the installed analyser knows
    as a noun or an adjective — written capitalised, as they stand in a name — described by
    the same function as the corpus's forms.  Engine-aware selection picks a stand-in among
    them for a name the engine reads as ordinary words ("the Court", "Italian law"), and
    builds a longer one word by word.  Proper nouns and compounds are left out: a person's
    name is not a word of the language, and the engine translates a compound by parts."""
    from wordfreq import top_n_list
    from schemas.dictionary import DictionaryEntry, DictionaryForm
    from transforms.nlp.apertium_morphology import mention_morphology
    words = []
    for w in top_n_list(lang, n):
        if _VOCAB_WORD.match(w):
            words.append(w[:1].upper() + w[1:])
    described = mention_morphology([(w, VOCABULARY_CATEGORY) for w in words], lang)
    out, seen = [], set()
    for rank, w in enumerate(words):
        lemma, feats = described.get((w, VOCABULARY_CATEGORY), ("", {}))
        analysis = feats.get("analysis", "")
        if feats.get("known") != "yes" or feats.get("upos") not in ("NOUN", "ADJ") or \
                "+" in analysis or " " in analysis or w.casefold() in seen or \
                _CLOSED_READING.search(analysis):
            continue
        seen.add(w.casefold())
        out.append(DictionaryEntry(
            category=VOCABULARY_CATEGORY, lemma=w, count=n - rank, tokens=1,
            upos=feats["upos"], classes=[], source="vocabulary",
            forms=[DictionaryForm(form=w, count=n - rank, features={
                k: v for k, v in feats.items() if k in _FORM_KEYS})]))
    return out


# A company's legal form, any country's ("GmbH", "sp. z o.o.", "S.L."): written after its name.
LEGAL_FORMS = (r"GmbH|AG|KG|SE|SA|S\.A\.|SARL|SAS|SpA|S\.p\.A\.|Srl|BV|B\.V\.|NV|"
               r"N\.V\.|Ltd\.?|Limited|plc|PLC|Inc\.?|LLC|Corp\.?|AB|A/S|ApS|ASA|AS|"
               r"Oy|Oyj|SIA|UAB|AS|OÜ|Sp\. z o\.o\.|sp\. z o\.o\.|S\.L\.|SL|Kft\.?|Zrt\.?|"
               r"s\.r\.o\.|a\.s\.|d\.o\.o\.|& Co\.?|LLP|PLLC|LP|Pty Ltd|GbR|OHG|KGaA|UG|"
               r"S\.r\.l\.|S\.A\.S\.|e\.V\.")
# The kind of an organisation, from its last words: a court is not a company.
_ORG_KINDS = (
    ("court", re.compile(r"(?i)\b(court|tribunal|gericht\w*|\w*gericht|domstol\w*|\w*domstol\w*"
                         r"|\w*rätt(?:en)?|\w*ret(?:ten)?|board of appeal|chamber|judge)\b")),
    ("company", re.compile(rf"(?:^|\s)({LEGAL_FORMS})\s*$")),
    ("authority", re.compile(r"(?i)\b(commission|council|parliament|ministry|minister\w*|"
                             r"authority|office|agency|government|administration|directorate|"
                             r"kommission\w*|myndighet\w*|ministeri\w*|verket|styrelse\w*)\b")),
)


def legal_form(word: str) -> bool:
    """"GmbH", "Ltd", "SIA": a company's legal form, shared by countless companies."""
    return _ORG_KINDS[1][1].search(" " + word) is not None


# A legal form at a name's end, after a space or a comma ("Allegro sp. z o.o.", "Sumal,
# S.L."): looked for in the name's last characters only (every mention's linking key asks,
# and the longest form with its comma and space is shorter).
_TRAILING_FORM = re.compile(rf",?[ \u00A0]+(?:{LEGAL_FORMS})$")
_TRAILING_FORM_REACH = 16


def without_legal_form(name: str) -> str:
    """``name`` without the legal form after it ("Allegro sp. z o.o." -> "Allegro", "Sumal,
    S.L." -> "Sumal"), where a capitalised word is left."""
    m = _TRAILING_FORM.search(name, max(0, len(name) - _TRAILING_FORM_REACH))
    if m is None:
        return name
    short = name[:m.start()]
    return short if any(ch.isupper() for ch in short) else name


def org_kind(text: str, klass: str = "") -> str:
    """``court``, ``company:<legal form>``, ``authority``, or the analyser's class."""
    for kind, pattern in _ORG_KINDS:
        m = pattern.search(text)
        if m:
            return f"company:{m.group(1)}" if kind == "company" else kind
    return klass


def _usable(surface: str, category: str = "") -> bool:
    """A pseudonym candidate must be a name: capitalised, no inline codes, line breaks, lists
    ("Vevey, Switzerland") or brackets; a person's name has a real word, not only initials
    ("RZ", "X")."""
    if not (surface and any(c.isupper() for c in surface) and "\n" not in surface
            and not any(is_code_char(c) for c in surface) and len(surface) <= 80
            and not re.search(r"[<>{}\[\]()|@/\\,;:]", surface)):
        return False
    if category == "PER":
        return any(len(w) >= 3 and any(c.islower() for c in w) for w in surface.split())
    return True
