from __future__ import annotations

import re
from typing import Callable, Dict, Iterator, Optional, Tuple

from lxml import etree

from schemas.records import Document, RestoredSegment


class FormatError(Exception):
    """A file that cannot be read or written; the message names the file and the problem."""

    def __init__(self, name: str, problem: str):
        super().__init__(f"{name}: {problem}")
        self.name = name
        self.problem = problem


def primary_language(tag: str) -> str:
    """"en" for "en-US", "EN", "en_GB"."""
    return tag.strip().lower().replace("_", "-").split("-")[0]


def check_source_language(name: str, declared: str, wanted: str) -> None:
    """A file that declares another source language than the job's is not read: the
    detectors would take its words for the wrong language's (a German XLIFF read as English
    had 58 % of its words masked) and the engine would get text it does not translate.
    Fail closed and say how to run it."""
    if declared and wanted and primary_language(declared) != primary_language(wanted):
        raise FormatError(name, f"declares source language {declared!r}, but the job "
                                f"translates from {wanted!r}; nothing of it was sent (run it "
                                f"with --source-lang {primary_language(declared)}, or correct "
                                "the file's declaration)")


def safe_xml_parser(**extra) -> etree.XMLParser:
    """No entity expansion, no network, no huge trees: untrusted client files."""
    return etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False,
                           load_dtd=False, dtd_validation=False, remove_blank_text=False,
                           **extra)


def parse_xml(name: str, data: bytes) -> etree._ElementTree:
    utf16 = utf16_of(data)
    if utf16 and data[:2] in (b"<\x00", b"\x00<"):
        # UTF-16 without a BOM: libxml2 recognises it only by an XML declaration ("Document
        # is empty" otherwise); the BOM it lacks is given for parsing, and serialise_like
        # writes the file without one again, as it came.
        data = (b"\xff\xfe" if utf16 == "utf-16-le" else b"\xfe\xff") + data
    try:
        return etree.ElementTree(etree.fromstring(data, parser=safe_xml_parser()))
    except etree.XMLSyntaxError as exc:
        raise FormatError(name, f"not well-formed XML: {xml_error(exc)}") from None


def xml_error(exc: etree.XMLSyntaxError) -> str:
    """libxml2's message without what it quotes of the file: some messages go on, after a
    line break, with the text where parsing stopped ("CData section not finished\n<the
    client's text>"), and the reason ends up in summary.json.  The first line, and where."""
    first = (exc.msg or str(exc)).split("\n", 1)[0]
    first = re.sub(r", line \d+, column \d+$", "", first)
    line, column = exc.position if exc.position else (exc.lineno, 0)
    return f"{first}, line {line}, column {column}"


class Format:
    name = ""
    description = ""

    def sniff(self, name: str, data: bytes) -> bool:
        raise NotImplementedError

    def read(self, name: str, path: str, data: bytes, source_lang: str,
             target_lang: str) -> Document:
        raise NotImplementedError

    def write(self, doc: Document, results: Dict[str, RestoredSegment]) -> bytes:
        raise NotImplementedError

    def read_back(self, doc: Document, data: bytes) -> Dict[str, Tuple[str, list]]:
        """What a written file holds for each of ``doc``'s segments: id -> (text with
        markers, [code kinds]).  Used to check writers (``pipelines.roundtrip``)."""
        again = self.read(doc.name, doc.path, data, doc.source_lang, doc.target_lang)
        return {s.id: (s.text, [c.kind for c in s.codes]) for s in again.segments}


_BOMS = ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))


def xml_head(data: bytes, size: int = 8192) -> str:
    """The first characters of an XML file as text, whatever its encoding (for sniffing)."""
    head = data[:size]
    for bom, enc in _BOMS:
        if head.startswith(bom):
            return head[len(bom):].decode(enc, errors="ignore")
    if head[:2] == b"<\x00":
        return head.decode("utf-16-le", errors="ignore")
    if head[:2] == b"\x00<":
        return head.decode("utf-16-be", errors="ignore")
    return head.decode("latin-1")


_ROOT = None


def root_element(data: bytes) -> Tuple[str, str]:
    """(local name, the start tag's text) of the root element, by a cheap scan of the head:
    skips the XML declaration, comments, processing instructions and DOCTYPE."""
    import re
    global _ROOT
    if _ROOT is None:
        _ROOT = re.compile(r"<(?![?!])([A-Za-z_][\w.\-]*:)?([A-Za-z_][\w.\-]*)([^>]*)>")
    text = xml_head(data)
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    text = re.sub(r"<!DOCTYPE[^\[>]*(\[.*?\])?\s*>", "", text, flags=re.S)
    m = _ROOT.search(text)
    if not m:
        return "", ""
    return m.group(2), m.group(0)


def local_name(tag) -> str:
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[1] if tag.startswith("{") else tag


def utf16_of(data: bytes) -> Optional[str]:
    """``"utf-16-le"``/``"utf-16-be"`` when ``data`` is UTF-16 (by its BOM, else by how
    ``<`` is written in its first two bytes, as XML 1.0 appendix F detects it), else None."""
    if data[:2] == b"\xff\xfe" or data[:2] == b"<\x00":
        return "utf-16-le"
    if data[:2] == b"\xfe\xff" or data[:2] == b"\x00<":
        return "utf-16-be"
    return None


def serialise_like(tree: etree._ElementTree, original: bytes) -> bytes:
    """Serialise ``tree`` keeping the original's declaration (present or not), encoding, BOM
    and DOCTYPE."""
    has_decl = xml_head(original, 64).lstrip().startswith("<?xml")
    utf16 = utf16_of(original)
    if utf16:
        # Written as text and encoded here: lxml knows a UTF-16 file without an encoding
        # declaration as "UTF-8" (docinfo), and wrote UTF-16 bytes declaring UTF-8, which
        # libxml2 then refuses ("Invalid bytes in character encoding") for big-endian.
        declared = tree.docinfo.encoding or ""
        if not declared.upper().replace("_", "-").startswith("UTF-16"):
            declared = "UTF-16"
        text = etree.tostring(tree, encoding="unicode")
        if has_decl:
            text = f"<?xml version='1.0' encoding='{declared}'?>\n" + text
        out = text.encode(utf16)
        if original[:2] in (b"\xff\xfe", b"\xfe\xff"):
            out = original[:2] + out
        newline = "\n".encode(utf16)
        if original.endswith(newline) and not out.endswith(newline):
            out += newline
        return out
    encoding = tree.docinfo.encoding or "UTF-8"
    if not has_decl and encoding.upper() not in ("UTF-8", "UTF8", "ASCII", "US-ASCII"):
        has_decl = True  # another encoding cannot be written without a declaration
    out = etree.tostring(tree, xml_declaration=has_decl, encoding=encoding)
    if original.startswith(b"\xef\xbb\xbf") and not out.startswith(b"\xef\xbb\xbf"):
        out = b"\xef\xbb\xbf" + out
    if original.endswith(b"\n") and not out.endswith(b"\n") and encoding.upper().startswith("UTF-8"):
        out += b"\n"
    return out


_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def xml_safe(text: str) -> str:
    """``text`` without the characters XML 1.0 cannot carry (an engine may return them)."""
    return _XML_ILLEGAL.sub("", text)


def with_lost_codes(text: str, codes) -> str:
    """``text`` with any isolated code it lacks (an engine dropped it) appended at the end,
    so that no bookmark, note reference, drawing or placeholder disappears from a file.
    Field/flat pairs that were dropped whole are appended as an empty pair."""
    from schemas.records import code_char, code_index
    present = {code_index(c) for c in text}
    lost = [i for i, c in enumerate(codes) if i not in present
            and (c.kind == "isolated" or '"flat"' in c.data or '"ns"' in c.data)]
    if not lost:
        return text
    opens = [i for i in lost if codes[i].kind == "open"]
    closes = [i for i in lost if codes[i].kind == "close"]
    rest = [i for i in lost if codes[i].kind == "isolated"]
    return text + "".join(code_char(i) for i in rest + opens + list(reversed(closes)))


def marker_pieces(text: str, n_codes: int, literal: Callable[[int], Optional[str]]
                  ) -> Iterator[Tuple[str, Optional[int]]]:
    """A segment's text walked for its writer: ``(text, None)`` for each run of plain text
    (a marker for a code that stands for one character — ``literal(index)`` — folded into
    it, a marker beyond ``n_codes`` kept as it is) and ``("", index)`` for each inline code,
    in order.  Plain runs come before and after every code, empty ones included."""
    from schemas.records import code_index
    buf = []
    for ch in text:
        idx = code_index(ch)
        if idx is None or idx >= n_codes:
            buf.append(ch)
            continue
        char = literal(idx)
        if char is not None:
            buf.append(char)
            continue
        yield "".join(buf), None
        buf = []
        yield "", idx
    yield "".join(buf), None
