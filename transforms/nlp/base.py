"""NLP layer records and backend interface (pure, Beam-free).

Records are **syntactic words** (UD words), not surface tokens: lemma, features, head and
relation belong to words.  A multi-word token (Spanish "del" = "de" + "el", Polish "zrobiłem"
= "zrobił" + "em") yields one record per word; each carries ``token_start``/``token_end`` (the
span of the surface token it belongs to) and ``mwt`` = True.  A word's own ``start_char`` /
``end_char`` are its substring inside the token when the words spell the token exactly
("zrobił|em"), otherwise the whole token's span ("de", "el" -> both "del").  So a span over
any set of words can always be widened to surface tokens with ``token_start``/``token_end``.

Indexing: ``id`` is the 1-based UD word id within its sentence; ``head`` is the ``id`` of the
head word in the same sentence, 0 = root (exactly the CoNLL-U HEAD column).  ``EntitySpan.head``
is a 0-based index into ``AnnotatedText.tokens`` (the document-wide word list).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Protocol, Sequence


@dataclass
class Token:
    text: str
    start_char: int
    end_char: int
    lemma: str
    upos: str
    feats: Dict[str, str]
    head: int                  # 1-based id of the head word in the sentence, 0 = root
    deprel: str
    sentence: int              # 0-based sentence number in the text
    id: int                    # 1-based word id within the sentence
    token_start: int = -1      # surface token span (same as start/end unless mwt)
    token_end: int = -1
    mwt: bool = False
    xpos: str = ""

    def __post_init__(self):
        if self.token_start < 0:
            self.token_start = self.start_char
        if self.token_end < 0:
            self.token_end = self.end_char


@dataclass
class EntitySpan:
    start_char: int
    end_char: int
    type: str                  # Doppel category after tag-set mapping (PER, ORG, LOC, ...)
    head: int                  # index into AnnotatedText.tokens; -1 when unknown
    raw_type: str = ""         # the source tag (e.g. "PERSON", "Gep")
    source: str = "ner"


@dataclass
class AnnotatedText:
    text: str
    tokens: List[Token] = field(default_factory=list)
    entities: List[EntitySpan] = field(default_factory=list)
    lang: str = ""

    def sentences(self) -> List[List[Token]]:
        out: List[List[Token]] = []
        for t in self.tokens:
            while len(out) <= t.sentence:
                out.append([])
            out[t.sentence].append(t)
        return out


class NLPBackend(Protocol):
    """Anything that annotates whole texts (documents), one result per input text."""

    def annotate(self, texts: Sequence[str], lang: str) -> List[AnnotatedText]: ...


class ModelMissingError(RuntimeError):
    """Raised at construction when a needed model is not available locally."""


def parse_feats(feats: Optional[str]) -> Dict[str, str]:
    """UD FEATS string -> dict ("_"/None/"" -> {})."""
    if not feats or feats == "_":
        return {}
    out = {}
    for part in feats.split("|"):
        if "=" in part:
            k, v = part.split("=", 1)
            out[k] = v
    return out


def entity_head(tokens: Sequence[Token], idxs: Sequence[int]) -> int:
    """The head word of a span: the word inside it whose head lies outside it (the first such
    in order; a well-formed entity subtree has exactly one).  -1 for an empty span."""
    if not idxs:
        return -1
    inside = {(tokens[i].sentence, tokens[i].id) for i in idxs}
    for i in idxs:
        t = tokens[i]
        if t.head == 0 or (t.sentence, t.head) not in inside:
            return i
    return idxs[-1]


# Features of a flat name's form that its last word carries (below).
FLAT_FORM_KEYS = ("Case", "Number")


def entity_features(tokens: Sequence[Token], idxs: Sequence[int], head: int = -1
                    ) -> "tuple[Dict[str, str], int]":
    """UD features describing a (multi-word) entity's form, and the index of its head word
    (-1 when there is none) — the one rule for the dictionary's forms and the mentions to
    replace alike.

    The paper takes the dependency **head word**'s features.  In UD a multi-word name is a
    ``flat`` (``flat:name``) chain headed by its *first* word, yet the word that inflects is
    the last one: in Estonian, Finnish or Hungarian only the last part takes the case
    ("Robert Hunteri": head "Robert" Case=Nom, "Hunteri" Case=Gen), in German the genitive -s
    sits on the last word, and where every part inflects (Latvian, Polish) the last agrees
    with the head anyway.  So: the head word's features, with Case and Number from the last
    word of the span when that word is part of the head's flat chain.  ``head``: the entity's
    head as the reader found it; -1: the word inside the span whose head lies outside it."""
    if head < 0:
        head = entity_head(tokens, idxs)
    if head < 0:
        return {}, -1
    h = tokens[head]
    feats = dict(h.feats)
    last = tokens[idxs[-1]] if idxs else h
    if last is not h and last.deprel.split(":")[0] == "flat" and last.sentence == h.sentence:
        for k in FLAT_FORM_KEYS:
            if k in last.feats:
                feats[k] = last.feats[k]
    return feats, head


def words_in_span(tokens: Sequence[Token], start: int, end: int) -> List[int]:
    """Indices of words whose surface token overlaps [start, end)."""
    return [i for i, t in enumerate(tokens) if t.token_start < end and t.token_end > start]


def decode_tags(tags: Sequence[Optional[str]]) -> List[tuple]:
    """BIO / BIOES / IOB1 tags (one per unit) -> [(first, last_inclusive, type)].

    Lenient like seqeval: an I- or E- that does not continue a same-type entity starts one."""
    spans = []
    cur = None   # [first, last, type]
    for i, tag in enumerate(tags):
        if not tag or tag == "O" or tag == "_":
            if cur:
                spans.append(tuple(cur)); cur = None
            continue
        if "-" in tag:
            prefix, typ = tag.split("-", 1)
        else:
            prefix, typ = "S", tag
        prefix = prefix.upper()
        if prefix in ("B", "S") or cur is None or cur[2] != typ:
            if cur:
                spans.append(tuple(cur))
            cur = [i, i, typ]
        else:
            cur[1] = i
        if prefix in ("S", "E"):
            spans.append(tuple(cur)); cur = None
    if cur:
        spans.append(tuple(cur))
    return spans


def entities_to_mentions(segment: int, ann: AnnotatedText, source: str = "ner"):
    """NER/pre-annotated entities -> ``schemas.records.Mention`` with the entity's lemma
    (its words' lemmas joined as in the text) and the UD features describing the whole
    entity's form (``entity_features``: the head word's, Case and Number of a flat name from
    its last word) plus the head's ``upos``/``deprel``."""
    from schemas.records import Mention
    out = []
    for e in ann.entities:
        idxs = words_in_span(ann.tokens, e.start_char, e.end_char)
        seen, lemmas = set(), []
        for i in idxs:
            t = ann.tokens[i]
            if (t.token_start, t.id) not in seen:
                seen.add((t.token_start, t.id))
                lemmas.append(t.lemma or t.text)
        feats, head = entity_features(ann.tokens, idxs, e.head)
        if head >= 0:
            h = ann.tokens[head]
            feats.update(upos=h.upos, deprel=h.deprel)
        out.append(Mention(segment=segment, start=e.start_char, end=e.end_char,
                           text=ann.text[e.start_char:e.end_char], category=e.type,
                           source=source, lemma=" ".join(lemmas), features=feats))
    return out
