"""Doppel's records.

Every record that crosses a stage (or a Beam worker) boundary is defined here, once, as a
frozen-ish dataclass of plain values, so that it pickles for any runner and converts to JSON
(``to_dict``/``from_dict``) for audit logs and Parquet.

Inline formatting: a segment's ``text`` carries each inline code as one character from the
Unicode private-use area (``CODE_BASE + n`` for ``codes[n]``).  Everything after the reader
sees only those opaque markers; the reader/writer pair alone knows what they stand for.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

CODE_BASE = 0xE000
CODE_LIMIT = 0xF8FF
# Every inline-code marker: for stripping them, or for a fast "has none" check.
CODE_CHARS = re.compile(f"[{chr(CODE_BASE)}-{chr(CODE_LIMIT)}]")


def code_char(index: int) -> str:
    if CODE_BASE + index > CODE_LIMIT:
        raise ValueError("too many inline codes in one segment")
    return chr(CODE_BASE + index)


def code_index(char: str) -> Optional[int]:
    cp = ord(char)
    return cp - CODE_BASE if CODE_BASE <= cp <= CODE_LIMIT else None


def is_code_char(char: str) -> bool:
    return CODE_BASE <= ord(char) <= CODE_LIMIT


class _Record:
    def to_dict(self) -> Dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]):
        kwargs = {}
        for f in dataclasses.fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            sub = _NESTED.get((cls.__name__, f.name))
            if sub is not None and value is not None:
                value = [sub.from_dict(v) for v in value]
            kwargs[f.name] = value
        return cls(**kwargs)


@dataclass
class Code(_Record):
    """An inline code: ``kind`` is ``open``, ``close`` or ``isolated``; ``data`` is opaque
    to everything but the format that produced it (e.g. the XML of an XLIFF ``<g>`` start
    tag).  ``pair`` links an open code to its close code (same value).  ``reads_as``: the
    white space or the character the code stands for in the text ("\n", "\t", or "\u2011"
    for a non-breaking hyphen; "" for none), set by the format that knows: a line break or
    a tab separates the words on either side ("Jane Doe<br/>14 Rosebank Road" is no name
    "Doe14"), a non-breaking hyphen joins them ("Jean‑Pierre"), where a formatting run or a
    bookmark inside a word ("Jo<b>hn</b>") reads as nothing."""
    kind: str
    data: str
    pair: Optional[int] = None
    reads_as: str = ""


@dataclass
class Segment(_Record):
    """A unit of translatable text.  ``id`` is unique within the document and segments are
    numbered in document order by ``index``."""
    document: str
    id: str
    index: int
    text: str
    codes: List[Code] = field(default_factory=list)
    # Spans given with the input (pre-annotated JSONL): [start, end, category]
    labels: List[List[Any]] = field(default_factory=list)
    # Free-form, format-specific context the writer needs back (e.g. XLIFF unit id).
    meta: Dict[str, Any] = field(default_factory=dict)

    def plain_text(self) -> str:
        """The text as read, without inline codes: each code left out, or the white space
        it reads as (``Code.reads_as``) in its place."""
        if not CODE_CHARS.search(self.text):
            return self.text
        return "".join(ch for ch, _ in self.plain_chars())

    def plain_chars(self) -> List[Tuple[str, int]]:
        """(character, its index in ``text``) for each character of ``plain_text()``."""
        return plain_chars(self.text, self.codes)


def plain_chars(text: str, codes: Sequence[Code]) -> List[Tuple[str, int]]:
    """(character, its index in ``text``) for each character of ``text`` as read: inline-code
    markers left out, or the white space or character their code reads as (``Code.reads_as``)
    in their place; a marker of no code in ``codes`` is left out."""
    if not CODE_CHARS.search(text):
        return list(zip(text, range(len(text))))
    out = []
    for i, ch in enumerate(text):
        n = code_index(ch)
        if n is None:
            out.append((ch, i))
        elif n < len(codes) and codes[n].reads_as:
            out.append((codes[n].reads_as, i))
    return out


@dataclass
class Document(_Record):
    """A file turned into a skeleton plus segments.  ``skeleton`` is what the writer needs to
    give the file back (for XML formats, the original bytes); it is opaque downstream."""
    name: str           # base name, used for output file and audit records
    path: str           # where it was read from
    format: str         # reader id: jsonl, xliff12, ...
    skeleton: bytes
    segments: List[Segment] = field(default_factory=list)
    source_lang: str = ""
    target_lang: str = ""


@dataclass
class Mention(_Record):
    """One occurrence of an entity in a segment (character offsets in ``Segment.text``)."""
    segment: int        # Segment.index
    start: int
    end: int
    text: str
    category: str
    source: str = "given"      # given | propagated | detector name
    cluster: Optional[int] = None
    lemma: str = ""
    features: Dict[str, str] = field(default_factory=dict)


@dataclass
class Cluster(_Record):
    """Mentions of the same entity within the linking scope."""
    id: int
    category: str
    key: str                    # normalised linking key
    canonical: str              # the longest surface form
    forms: List[str] = field(default_factory=list)


@dataclass
class Assignment(_Record):
    """What replaced one mention: needed to restore it after MT."""
    cluster: int
    category: str
    original: str               # the mention's surface form
    replacement: str            # what was sent instead (pseudonym in the mention's form, or a mask)
    segment: int
    start: int                  # offsets of the replacement in the protected text
    end: int
    method: str = "pseudonym"
    # The mention's leading article, left in the sentence outside the replaced span ("the "
    # of "the Commission"): restoration counts the target's article into the entity's span.
    article: str = ""
    # ``original`` with the inline codes it holds that read as one of its characters (Word's
    # non-breaking hyphen in "J.‑F. Eriksson") in those characters' places, as restoration
    # puts it back; empty where it holds none.
    marked: str = ""


@dataclass
class ProtectedSegment(_Record):
    """A segment after protection: ``text`` has every mention replaced."""
    document: str
    id: str
    index: int
    text: str
    assignments: List[Assignment] = field(default_factory=list)
    codes: List[Code] = field(default_factory=list)
    # PRISM's substitution history (``transforms.prism.mechanism.Substitution`` dicts): what
    # decoding needs after MT.  Secret: never sent, never logged (the vault holds it).
    words: List[Dict[str, Any]] = field(default_factory=list)


@dataclass
class MTRequest(_Record):
    """One payload for the engine, exactly as it is sent."""
    document: str
    segment: str
    index: int
    engine: str
    source_lang: str
    target_lang: str
    text: str
    # Leak-guard terms: every original entity string (and lemma) of the document, checked
    # against ``text`` immediately before sending.  Travels with the request, never logged.
    guard: List[str] = field(default_factory=list)
    # Guard terms whose all-lower-case occurrences are the ordinary word ("customs" for
    # "Customs"; ``linking.ordinary_forms``).
    guard_ordinary: List[str] = field(default_factory=list)


@dataclass
class MTResponse(_Record):
    document: str
    segment: str
    index: int
    engine: str
    text: Optional[str]
    error: Optional[str] = None       # set when the segment was dead-lettered
    request_text: Optional[str] = None  # what was actually sent (None: nothing was sent)
    cached: bool = False              # answered from the translation cache (not sent)


@dataclass
class RestoredSegment(_Record):
    document: str
    id: str
    index: int
    text: str                   # translation with the originals back, inline codes as markers
    status: str = "translated"  # translated | needs-review | failed
    notes: List[str] = field(default_factory=list)
    restored: int = 0
    unresolved: int = 0
    # [start, end, category] of restored originals in ``text``
    spans: List[List[Any]] = field(default_factory=list)
    # restoration outcome -> mentions (how each was located and what was written back)
    outcomes: Dict[str, int] = field(default_factory=dict)


@dataclass
class DocumentReport(_Record):
    """Per-document counts; summed into ``summary.json``, except ``detectors``, ``word_chars``,
    ``masked_word_chars`` and ``source_language``, which are reported per document
    (``documents_detail``)."""
    document: str
    segments: int = 0
    sent: int = 0
    entities: Dict[str, int] = field(default_factory=dict)     # mentions by category
    clusters: int = 0
    restored: int = 0
    needs_review: int = 0     # segments
    unresolved: int = 0       # mentions that could not be placed
    dead_lettered: int = 0
    written: bool = False
    cached: int = 0           # segments answered from the translation cache
    outcomes: Dict[str, int] = field(default_factory=dict)    # restoration outcomes
    dead_letter_reasons: Dict[str, int] = field(default_factory=dict)
    # pseudonym selection step -> clusters (class+features, features, analogy, fallback...)
    selection: Dict[str, int] = field(default_factory=dict)
    # category -> the step that chose each cluster's pseudonym (one per cluster) -> clusters
    selection_by_category: Dict[str, Dict[str, int]] = field(default_factory=dict)
    detectors: List[str] = field(default_factory=list)        # the detectors that ran on it
    word_chars: int = 0           # word characters (\w) of its segments, inline codes left out
    masked_word_chars: int = 0    # of them, inside a masked entity span
    # where its text reads as another language than the source language: declared,
    # reads_as, why (``transforms.language_check``); empty where it reads as its own
    source_language: Dict[str, Any] = field(default_factory=dict)
    # PRISM (``--method prism-*``): method, ratio, vocabulary (|V| used), words (that could
    # be substituted), substituted, decoded
    prism: Dict[str, Any] = field(default_factory=dict)


@dataclass
class Failure(_Record):
    document: str
    stage: str
    reason: str
    segment: Optional[str] = None


_NESTED = {
    ("Segment", "codes"): Code,
    ("Document", "segments"): Segment,
    ("ProtectedSegment", "assignments"): Assignment,
    ("ProtectedSegment", "codes"): Code,
}

ALL_RECORDS: Tuple[type, ...] = (
    Code, Segment, Document, Mention, Cluster, Assignment, ProtectedSegment,
    MTRequest, MTResponse, RestoredSegment, DocumentReport, Failure,
)
