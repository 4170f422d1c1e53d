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
    (its words' lemmas joined as in the text) and the **head word's** UD features plus
    ``upos``/``deprel`` (the paper's description of the whole entity's form)."""
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
        feats: Dict[str, str] = {}
        if e.head >= 0:
            h = ann.tokens[e.head]
            feats = dict(h.feats, upos=h.upos, deprel=h.deprel)
        out.append(Mention(segment=segment, start=e.start_char, end=e.end_char,
                           text=ann.text[e.start_char:e.end_char], category=e.type,
                           source=source, lemma=" ".join(lemmas), features=feats))
    return out
