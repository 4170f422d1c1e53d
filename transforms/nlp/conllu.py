"""CoNLL-U as an annotation format: a pre-annotated document skips the NLP step.

Read with ``stanza.utils.conll.CoNLL`` into a real ``stanza.Document`` and convert with the
same code as pipeline output (``transforms.nlp.convert``), so there is one adapter to test.
NER may be given in MISC as ``ner=B-PER`` (Stanza's BIOES) or ``NE=B-Per`` (Estonian EDT).
"""
from __future__ import annotations

from typing import List, Mapping, Optional

from transforms.nlp.base import AnnotatedText
from transforms.nlp.convert import document_to_annotated


def read_document(path: Optional[str] = None, text: Optional[str] = None):
    """CoNLL-U file or string -> ``stanza.Document`` (no offsets, no text)."""
    from stanza.utils.conll import CoNLL
    if (path is None) == (text is None):
        raise ValueError("give exactly one of path or text")
    if path is not None:
        return CoNLL.conll2doc(input_file=str(path))
    return CoNLL.conll2doc(input_str=text)


def read_annotated(path: Optional[str] = None, text: Optional[str] = None, lang: str = "",
                   tagset: str = "conll",
                   mapping: Optional[Mapping[str, Optional[str]]] = None) -> AnnotatedText:
    return document_to_annotated(read_document(path, text), lang=lang, tagset=tagset,
                                 mapping=mapping)


def split_documents(text: str) -> List[str]:
    """Split CoNLL-U text at ``# newdoc`` comments (each part is a document)."""
    parts: List[List[str]] = [[]]
    for line in text.splitlines(keepends=True):
        if line.startswith("# newdoc") and any(l.strip() and not l.startswith("#")
                                               for l in parts[-1]):
            parts.append([])
        parts[-1].append(line)
    return ["".join(p) for p in parts if any(l.strip() for l in p)]
