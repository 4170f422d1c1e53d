"""The format boundary.  A reader turns a file into a ``Document`` (skeleton + segments with
opaque inline markers); the writer of the same format merges translated segments back.  Nothing
outside this package knows which format a segment came from.  Formats are detected by
content, not by extension.

``write_document(doc, {})`` (no results) gives back the input bytes unchanged, for every
format.  A result whose status is ``failed`` leaves its unit untouched."""
from __future__ import annotations

from typing import Dict, List

from schemas.records import Document, RestoredSegment
from transforms.formats.base import Format, FormatError  # noqa: F401
from transforms.formats.conllu import ConlluFormat
from transforms.formats.docx import DocxFormat
from transforms.formats.jsonl import JsonlFormat
from transforms.formats.sentences import join_results, split_document, unsplit
from transforms.formats.tmx import TmxFormat
from transforms.formats.xliff12 import Xliff12Format
from transforms.formats.xliff2 import Xliff2Format

FORMATS: List[Format] = [DocxFormat(), Xliff12Format(), Xliff2Format(), TmxFormat(),
                         JsonlFormat(), ConlluFormat()]
BY_NAME: Dict[str, Format] = {f.name: f for f in FORMATS}


def detect(name: str, data: bytes) -> Format:
    for fmt in FORMATS:
        if fmt.sniff(name, data):
            return fmt
    if not data.strip():
        raise FormatError(name, "empty file (0 bytes)" if not data else
                          f"empty file ({len(data)} bytes of white space only)")
    raise FormatError(name, "unrecognised format (supported: "
                      + ", ".join(f.description for f in FORMATS) + ")")


def read_document(name: str, path: str, data: bytes, source_lang: str = "",
                  target_lang: str = "", segment_sentences: bool = False) -> Document:
    """``segment_sentences`` splits long segments into sentences (``sentences.py``); the
    writer joins them back."""
    fmt = detect(name, data)
    doc = fmt.read(name, path, data, source_lang, target_lang)
    return split_document(doc) if segment_sentences else doc


def write_document(doc: Document, results: Dict[str, RestoredSegment],
                   scrub_properties: bool = False) -> bytes:
    """Merge ``results`` (segment id -> RestoredSegment) into the document.
    ``scrub_properties`` (DOCX) blanks author, last-modified-by, title and the authors of
    tracked changes and comments; other formats ignore it."""
    fmt = BY_NAME[doc.format]
    results = join_results(doc, results)
    doc = unsplit(doc)
    if scrub_properties and isinstance(fmt, DocxFormat):
        return fmt.write(doc, results, scrub_properties=True)
    return fmt.write(doc, results)
