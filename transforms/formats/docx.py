"""DOCX (WordprocessingML, Transitional and ISO Strict), read and written with zipfile + lxml.

python-docx cannot open Strict files, so this module works on the package directly.

What becomes a segment: every ``w:p`` with text in the main document part and in every part
it references as header, footer (all variants), footnotes, endnotes or comments.  Text boxes
and content controls are paragraphs too (found wherever they are nested; a text box stored
twice, as DrawingML ``mc:Choice`` and VML ``mc:Fallback``, gives two segments, both
protected).  SmartArt (diagram data and its cached drawing) and chart text are DrawingML
paragraphs (``a:p``): each is a segment too, runs as paired codes, breaks/fields isolated.

Inside a paragraph (all of it is opaque to later stages):

* a run with text -> a paired code around its text (formatting follows the words; adjacent
  runs with identical properties share one pair);
* non-text run content (tab, break, symbol, drawing, field character, field instruction
  ``w:instrText``...) -> an isolated code, copied back untouched (so field codes are never
  translated, and hyperlink targets — relationships or ``HYPERLINK`` instructions — are kept);
* hyperlinks, insertions, **deletions**, moves, content controls, smart tags, custom XML,
  simple fields -> a paired code around their content.  Deleted text (``w:delText``) is
  therefore ordinary segment text inside the ``w:del`` pair: it is protected/replaced like
  any other text and never leaves the machine in clear.  Hidden text (``w:vanish``) likewise.
* anything else at paragraph level (bookmarks, comment ranges, math, proofing marks, runs
  without text) -> an isolated code.

Codes refer to the original XML nodes by their position in the paragraph (the skeleton is the
original package), so the writer moves the very nodes back: nested text boxes, drawings and
field codes survive whatever happens to the text around them.

The writer rewrites only parts whose paragraphs changed and copies every other zip entry in
the original order with the original compression settings; with no changes it returns the
original bytes.  ``scrub_properties=True`` blanks the author, last-modified-by and title
(docProps/core.xml), company and manager (docProps/app.xml), the authors/initials of tracked
changes and comments, and the reviewers listed in word/people.xml.
"""
from __future__ import annotations

import io
import json
import posixpath
import re
import struct
import zipfile
import zlib
from copy import deepcopy
from typing import Dict, List, Optional, Tuple

from lxml import etree

from schemas.records import (Code, Document, RestoredSegment, Segment, code_char,
                             is_code_char)
from transforms.formats.base import (Format, FormatError, local_name, marker_pieces,
                                     safe_xml_parser, with_lost_codes, xml_error, xml_safe)
from transforms.formats.limits import MIB, limit
from transforms.formats.xliff12 import _pair_flat

W_NAMESPACES = ("http://schemas.openxmlformats.org/wordprocessingml/2006/main",
                "http://purl.oclc.org/ooxml/wordprocessingml/main")
XML_NS = "http://www.w3.org/XML/1998/namespace"
REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"

# Zip safety limits (per package): named and configurable in ``limits``.
RATIO_MIN_SIZE = 1024 * 1024   # the ratio is checked for entries over 1 MiB

TEXT_PART_TYPES = ("header", "footer", "footnotes", "endnotes", "comments", "glossaryDocument")
# Paragraph-level containers whose content is translated (paired codes).
WRAPPERS = {"hyperlink", "ins", "del", "moveFrom", "moveTo", "sdt", "smartTag", "customXml",
            "fldSimple", "dir", "bdo"}
# Children of wrappers that describe them rather than hold content.
WRAPPER_PROPS = {"sdtPr", "sdtEndPr", "smartTagPr", "customXmlPr", "fldData",
                 "customXmlInsRangeStart", "customXmlDelRangeStart"}
TEXT_TAGS = {"t", "delText"}
DELETED = {"del", "moveFrom"}


_W_PREFIXES = tuple("{%s}" % ns for ns in W_NAMESPACES)
_PUA = re.compile("[\ue000-\uf8ff]")


def _is_w(el, local: Optional[str] = None) -> bool:
    tag = el.tag
    if not isinstance(tag, str):
        return False
    if local is None:
        return tag.startswith(_W_PREFIXES)
    return tag == _W_PREFIXES[0] + local or tag == _W_PREFIXES[1] + local


def _plain(text: str) -> str:
    return _PUA.sub("", text)


# What opening a damaged zip raises: its own errors, and NotImplementedError for a version
# it does not read (a central directory entry "made by" zip 6.4, as a fuzzer wrote one).
ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, ValueError,
              OSError, EOFError)


class _Zip:
    """A checked view of the package: entries in original order, bounded sizes."""

    def __init__(self, name: str, data: bytes):
        if data.startswith(OLE2_MAGIC):
            raise FormatError(name, "an OLE2 compound file, not a DOCX package: a password-"
                                    "protected (encrypted) Word document or a legacy .doc; "
                                    "save it unencrypted as .docx")
        try:
            self.zf = zipfile.ZipFile(io.BytesIO(data))
            infos = self.zf.infolist()
        except ZIP_ERRORS as exc:
            raise FormatError(name, f"not a valid DOCX zip package: {exc}") from None
        max_entries = limit("DOPPEL_DOCX_MAX_PARTS")
        max_entry = limit("DOPPEL_DOCX_MAX_PART_MB") * MIB
        max_total = limit("DOPPEL_DOCX_MAX_UNZIPPED_MB") * MIB
        max_ratio = limit("DOPPEL_DOCX_MAX_RATIO")
        if len(infos) > max_entries:
            raise FormatError(name, f"zip has {len(infos)} entries (limit {max_entries}, "
                                    f"DOPPEL_DOCX_MAX_PARTS)")
        total = 0
        for info in infos:
            if info.flag_bits & 0x1:
                raise FormatError(name, f"zip entry {info.filename} is encrypted")
            if info.file_size > max_entry:
                raise FormatError(name, f"zip entry {info.filename} is {info.file_size} bytes "
                                        f"uncompressed (limit {max_entry}, "
                                        f"DOPPEL_DOCX_MAX_PART_MB): possible zip bomb")
            if (info.file_size > RATIO_MIN_SIZE
                    and info.file_size > max_ratio * max(info.compress_size, 1)):
                raise FormatError(name, f"zip entry {info.filename} has compression ratio "
                                        f"{info.file_size // max(info.compress_size, 1)} "
                                        f"(limit {max_ratio}, DOPPEL_DOCX_MAX_RATIO): possible "
                                        f"zip bomb")
            total += info.file_size
        if total > max_total:
            raise FormatError(name, f"zip expands to {total} bytes (limit {max_total}, "
                                    f"DOPPEL_DOCX_MAX_UNZIPPED_MB): possible zip bomb")
        self.name = name
        self.infos = infos
        self.names = {i.filename: i for i in infos}

    def read(self, part: str) -> bytes:
        info = self.names.get(part)
        if info is None:
            raise FormatError(self.name, f"missing package part {part}")
        try:
            with self.zf.open(info) as fh:
                data = fh.read(info.file_size + 1)
        except (zipfile.BadZipFile, NotImplementedError, OSError, EOFError, ValueError,
                zlib.error) as exc:      # a damaged deflate stream
            raise FormatError(self.name, f"cannot read zip entry {part}: {exc}") from None
        if len(data) > info.file_size:
            raise FormatError(self.name, f"zip entry {part} is larger than its header says")
        return data

    def xml(self, part: str) -> etree._Element:
        try:
            return etree.fromstring(self.read(part), parser=safe_xml_parser())
        except etree.XMLSyntaxError as exc:
            raise FormatError(self.name, f"{part}: not well-formed XML: {xml_error(exc)}") \
                from None


def _rels_path(part: str) -> str:
    d, f = posixpath.split(part)
    return posixpath.join(d, "_rels", f + ".rels")


def _relationships(z: _Zip, part: str) -> List[Tuple[str, str, str]]:
    """(type suffix, target part, target mode) of a part's relationships ('' = package)."""
    rels = _rels_path(part) if part else "_rels/.rels"
    if rels not in z.names:
        return []
    out = []
    for rel in z.xml(rels):
        if local_name(rel.tag) != "Relationship":
            continue
        rtype = (rel.get("Type") or "").rsplit("/", 1)[-1]
        target = rel.get("Target") or ""
        mode = rel.get("TargetMode") or "Internal"
        if mode == "Internal":
            if target.startswith("/"):
                target = target.lstrip("/")
            else:
                target = posixpath.normpath(posixpath.join(posixpath.dirname(part), target))
        out.append((rtype, target, mode))
    return out


def text_parts(z: _Zip) -> List[str]:
    """The main document part, then the header/footer/notes/comments parts it references."""
    pkg = _relationships(z, "")
    for rtype, target, mode in pkg:
        if mode == "Internal" and target not in z.names:
            raise FormatError(z.name, f"package relationship ({rtype}) points at missing "
                                      f"part {target}")
    main = [t for rtype, t, mode in pkg if rtype == "officeDocument" and mode == "Internal"]
    if not main:
        if "word/document.xml" in z.names:
            main = ["word/document.xml"]
        else:
            raise FormatError(z.name, "no main document part (not a Word document?)")
    parts = [main[0]]
    for rtype, target, mode in _relationships(z, main[0]):
        if rtype in TEXT_PART_TYPES and mode == "Internal" and target not in parts:
            if target not in z.names:
                raise FormatError(z.name, f"{main[0]} references missing part {target}")
            parts.append(target)
    return parts


DML_NAMESPACES = ("http://schemas.openxmlformats.org/drawingml/2006/main",
                  "http://purl.oclc.org/ooxml/drawingml/main")
_A_PREFIXES = tuple("{%s}" % ns for ns in DML_NAMESPACES)
DML_PART_TYPES = ("diagramData", "diagramDrawing", "chart")


def drawing_parts(z: _Zip, main: str) -> List[str]:
    """SmartArt data and drawing, and charts, referenced from the main part: their text is
    DrawingML (``a:p``), not WordprocessingML."""
    parts = []
    for rtype, target, mode in _relationships(z, main):
        if rtype in DML_PART_TYPES and mode == "Internal" and target in z.names \
                and target not in parts:
            parts.append(target)
    return parts


def _is_a(el, local: str) -> bool:
    tag = el.tag
    return isinstance(tag, str) and (tag == _A_PREFIXES[0] + local or tag == _A_PREFIXES[1] + local)


def _dml_paragraphs(root) -> List[etree._Element]:
    return list(root.iter(*(prefix + "p" for prefix in _A_PREFIXES)))


def read_dml_paragraph(p) -> Tuple[str, List[Code]]:
    """A DrawingML paragraph: runs with text -> paired codes (adjacent runs with equal
    properties share one), breaks and fields -> isolated codes."""
    nodes = list(p.iter())
    pos = {id(n): i for i, n in enumerate(nodes)}
    parts: List[str] = []
    codes: List[Code] = []
    state = {"open": None, "pairs": 0}

    def add(code: Code) -> None:
        parts.append(code_char(len(codes)))
        codes.append(code)

    def close() -> None:
        if state["open"] is not None:
            add(Code("close", "{}", state["open"][0]))
            state["open"] = None

    for ch in p:
        if _is_a(ch, "pPr") or _is_a(ch, "endParaRPr"):
            continue
        t = next((c for c in ch if _is_a(c, "t")), None) if _is_a(ch, "r") else None
        if t is not None and t.text:
            rpr = next((c for c in ch if _is_a(c, "rPr")), None)
            key = etree.tostring(rpr, with_tail=False) if rpr is not None else b""
            if state["open"] is None or state["open"][1] != key:
                close()
                state["pairs"] += 1
                add(Code("open", json.dumps({"n": pos[id(ch)], "t": "a:r"}), state["pairs"]))
                state["open"] = (state["pairs"], key)
            for c in t.text:
                if is_code_char(c):
                    add(Code("isolated", json.dumps({"char": c})))
                else:
                    parts.append(c)
        else:
            close()
            add(Code("isolated", json.dumps({"n": pos[id(ch)], "t": "a:" + local_name(ch.tag)}),
                     reads_as=_reads_as(ch)))
    close()
    return "".join(parts), codes


def write_dml_paragraph(p, nodes: List, text: str, codes: List[Code]) -> None:
    text = with_lost_codes(text, codes)
    infos = [json.loads(c.data) if c.data else {} for c in codes]
    end = next((c for c in p if _is_a(c, "endParaRPr")), None)
    _clear_content(p, keep=lambda c: _is_a(c, "pPr") or _is_a(c, "endParaRPr"))
    A = "{%s}" % etree.QName(p).namespace

    def put(el) -> None:
        if end is not None:
            end.addprevious(el)
        else:
            p.append(el)

    templates: List[Tuple[int, etree._Element]] = []

    def put_text(s: str) -> None:
        s = xml_safe(s)
        if not s:
            return
        tpl = templates[-1][1] if templates else None
        r = etree.Element(A + "r", dict(tpl.attrib) if tpl is not None else {})
        rpr = next((c for c in tpl if _is_a(c, "rPr")), None) if tpl is not None else None
        if rpr is not None:
            r.append(deepcopy(rpr))
        etree.SubElement(r, A + "t").text = s
        put(r)

    for piece, idx in marker_pieces(text, len(codes), lambda i: infos[i].get("char")):
        if idx is None:
            put_text(piece)
            continue
        info, code = infos[idx], codes[idx]
        if code.kind == "open":
            templates.append((code.pair, nodes[info["n"]]))
        elif code.kind == "close":
            for k in range(len(templates) - 1, -1, -1):
                if templates[k][0] == code.pair:
                    del templates[k:]
                    break
        else:
            put(nodes[info["n"]])


# ------------------------------------------------------------------------------- reading
# Run content that reads as white space between words (a page or column break is a ``w:br``
# too), or as a character of a word.
_READS_AS = {"br": "\n", "cr": "\n", "tab": "\t", "ptab": "\t", "noBreakHyphen": "\u2011"}


def _reads_as(node) -> str:
    """What a code's node stands for in the text (``Code.reads_as``): a break, a tab or a
    non-breaking hyphen, or a run that holds a break or a tab, or one hyphen, and no text;
    nothing for anything else (bookmarks, comment ranges and proofing marks fall inside
    words)."""
    if not isinstance(node.tag, str):
        return ""
    local = local_name(node.tag)
    if local == "r":
        found = [r for r in (_READS_AS.get(local_name(c.tag)) for c in node
                             if isinstance(c.tag, str)) if r]
        return "\n" if "\n" in found else "\t" if "\t" in found else \
            found[0] if len(found) == 1 else ""
    return _READS_AS.get(local, "")


class _ParaReader:
    def __init__(self, p):
        self.p = p
        self.nodes = list(p.iter())   # keeps the proxies alive, so id() is stable
        self.pos = {id(n): i for i, n in enumerate(self.nodes)}
        self.parts: List[str] = []
        self.codes: List[Code] = []
        self.pairs = 0
        self.flat_roles: Dict[int, Tuple[str, str]] = {}
        self.open_run: Optional[Tuple[int, bytes, str]] = None  # (pair, rPr key, text tag)

    def code(self, kind: str, node, pair=None, **extra) -> None:
        data = {"n": self.pos[id(node)], "t": local_name(node.tag) if isinstance(node.tag, str)
                else "#"}
        data.update(extra)
        self.parts.append(code_char(len(self.codes)))
        self.codes.append(Code(kind, json.dumps(data, separators=(",", ":")), pair,
                               reads_as=_reads_as(node) if kind == "isolated" else ""))

    def text(self, s: str) -> None:
        """Text, with private-use characters (symbol fonts) turned into codes: in a segment
        they would be taken for markers."""
        if not _PUA.search(s):
            self.parts.append(s)
            return
        for ch in s:
            if is_code_char(ch):
                self.parts.append(code_char(len(self.codes)))
                self.codes.append(Code("isolated", json.dumps({"char": ch, "level": "r"})))
            else:
                self.parts.append(ch)

    def close_run(self) -> None:
        if self.open_run is not None:
            self.parts.append(code_char(len(self.codes)))
            self.codes.append(Code("close", "{}", self.open_run[0]))
            self.open_run = None

    @staticmethod
    def _fld_chars(run) -> List[str]:
        return [f.get(f"{{{etree.QName(f).namespace}}}fldCharType", "")
                for f in run if _is_w(f, "fldChar")]

    def field_code(self, nodes, i) -> int:
        """A complex field's code part — the text-less runs from ``fldChar begin`` up to
        ``separate`` (or ``end`` when there is no result) — becomes ONE code, so the field
        instruction stays in one piece whatever an engine does with the tags.  It is marked
        as the opening half of a pair closed by the ``fldChar end`` run (paired afterwards
        only if they nest properly).  Returns how many nodes were consumed."""
        group, depth, j, ended = [], 0, i, None
        while j < len(nodes):
            n = nodes[j]
            if not (_is_w(n, "r") and not self._has_text(n)):
                break
            group.append(n)
            j += 1
            for kind in self._fld_chars(n):
                if kind == "begin":
                    depth += 1
                elif kind == "separate" and depth == 1:
                    ended = "separate"
                elif kind == "end":
                    depth -= 1
                    if depth == 0:
                        ended = "end"
            if ended:
                break
        self.close_run()
        ids = [self.pos[id(n)] for n in group]
        self.parts.append(code_char(len(self.codes)))
        data = {"ns": ids, "t": "field", "level": "p"}
        if ended == "separate":
            self.flat_roles[len(self.codes)] = ("open", "fld")
        self.codes.append(Code("isolated", json.dumps(data, separators=(",", ":"))))
        return len(group)

    def walk_nodes(self, nodes) -> None:
        i = 0
        while i < len(nodes):
            ch = nodes[i]
            i += 1
            local = local_name(ch.tag)
            if (_is_w(ch, "r") and not self._has_text(ch)
                    and self._fld_chars(ch)[:1] == ["begin"]):
                i += self.field_code(nodes, i - 1) - 1
                continue
            if (_is_w(ch, "r") and not self._has_text(ch) and self._fld_chars(ch) == ["end"]):
                self.close_run()
                self.flat_roles[len(self.codes)] = ("close", "fld")
                self.code("isolated", ch, level="p")
                continue
            if _is_w(ch) and local == "r" and self._has_text(ch):
                self.run(ch)
            elif _is_w(ch) and local in WRAPPERS:
                self.close_run()
                self.pairs += 1
                pid = self.pairs
                self.code("open", ch, pid)
                content = ch
                if local == "sdt":
                    content = next((c for c in ch if _is_w(c, "sdtContent")), None)
                if content is not None:
                    self.walk_nodes([c for c in content
                                     if not (_is_w(c) and local_name(c.tag) in WRAPPER_PROPS)])
                self.close_run()
                self.parts.append(code_char(len(self.codes)))
                self.codes.append(Code("close", "{}", pid))
            else:
                self.close_run()
                self.code("isolated", ch, level="p")

    @staticmethod
    def _has_text(run) -> bool:
        return any(_is_w(c) and local_name(c.tag) in TEXT_TAGS and c.text for c in run)

    def run(self, r) -> None:
        rpr = next((c for c in r if _is_w(c, "rPr")), None)
        key = etree.tostring(rpr, with_tail=False) if rpr is not None else b""
        ttag = next(local_name(c.tag) for c in r if _is_w(c) and local_name(c.tag) in TEXT_TAGS
                    and c.text)
        if self.open_run is None or self.open_run[1] != key or self.open_run[2] != ttag:
            self.close_run()
            self.pairs += 1
            self.code("open", r, self.pairs)
            self.open_run = (self.pairs, key, ttag)
        for c in r:
            if _is_w(c, "rPr"):
                continue
            if _is_w(c) and local_name(c.tag) in TEXT_TAGS:
                if c.text:
                    self.text(c.text)
            else:
                self.code("isolated", c, level="r")


def read_paragraph(p) -> Tuple[str, List[Code]]:
    reader = _ParaReader(p)
    reader.walk_nodes([c for c in p if not _is_w(c, "pPr")])
    reader.close_run()
    if reader.flat_roles:
        _pair_flat(reader.codes, reader.flat_roles, reader.pairs)
    return "".join(reader.parts), reader.codes


def _paragraphs(root) -> List[etree._Element]:
    return list(root.iter(*(prefix + "p" for prefix in _W_PREFIXES)))


# ------------------------------------------------------------------------------- writing
def _clear_content(holder, keep=lambda c: False) -> None:
    for c in list(holder):
        if not keep(c):
            holder.remove(c)


def write_paragraph(p, nodes: List, text: str, codes: List[Code]) -> None:
    """Rebuild paragraph ``p`` from ``text``; ``nodes`` is ``list(p.iter())`` taken before
    any paragraph of the part was changed."""
    text = with_lost_codes(text, codes)
    infos = [json.loads(c.data) for c in codes]
    ns = etree.QName(p).namespace
    W = "{%s}" % ns

    def node(i):
        return nodes[infos[i]["n"]]

    def flat_nodes(i):
        info = infos[i]
        return [nodes[n] for n in info["ns"]] if "ns" in info else [nodes[info["n"]]]

    # Detach the old content; the nodes stay alive and are moved back where codes point.
    _clear_content(p, keep=lambda c: _is_w(c, "pPr"))

    # Stack frames: kind (p|wrap|run), holder element, template run, current run piece,
    # deleted-text context, pair id.
    stack = [{"kind": "p", "holder": p, "tpl": None, "piece": None, "del": False, "pair": None}]

    def holder():
        return stack[-1]["holder"]

    def deleted() -> bool:
        return any(f["del"] for f in stack)

    def new_run(template) -> etree._Element:
        if template is not None:
            r = etree.Element(template.tag, dict(template.attrib))
            rpr = next((c for c in template if _is_w(c, "rPr")), None)
            if rpr is not None:
                r.append(deepcopy(rpr))
        else:
            r = etree.Element(W + "r")
        holder().append(r)
        return r

    def current_run(template_hint=None) -> etree._Element:
        frame = stack[-1]
        if frame["kind"] == "run":
            if frame["piece"] is None:
                frame["piece"] = new_run(frame["tpl"])
            return frame["piece"]
        return new_run(template_hint)

    def put_text(s: str) -> None:
        s = xml_safe(s)
        if not s:
            return
        r = current_run()
        t = etree.SubElement(r, W + ("delText" if deleted() else "t"))
        t.text = s
        if s != s.strip() or "  " in s:
            t.set("{%s}space" % XML_NS, "preserve")

    for piece, idx in marker_pieces(text, len(codes), lambda i: infos[i].get("char")):
        if idx is None:
            put_text(piece)
            continue
        code, info = codes[idx], infos[idx]
        if "flat" in info or "ns" in info:
            # a field's code part or its end: paragraph-level nodes, never a container
            if stack[-1]["kind"] == "run":
                stack[-1]["piece"] = None
            for el in flat_nodes(idx):
                holder().append(el)
        elif code.kind == "open":
            el = node(idx)
            local = local_name(el.tag)
            if local == "r":
                stack.append({"kind": "run", "holder": holder(), "tpl": el, "piece": None,
                              "del": False, "pair": code.pair})
            else:
                content = el
                if local == "sdt":
                    content = next((c for c in el if _is_w(c, "sdtContent")), None)
                    if content is None:
                        content = etree.SubElement(el, W + "sdtContent")
                _clear_content(content,
                               keep=lambda c: _is_w(c) and local_name(c.tag) in WRAPPER_PROPS)
                if stack[-1]["kind"] == "run":
                    stack[-1]["piece"] = None
                holder().append(el)
                stack.append({"kind": "wrap", "holder": content, "tpl": None, "piece": None,
                              "del": local in DELETED, "pair": code.pair})
        elif code.kind == "close":
            # pop to the frame this close belongs to (tolerates bad nesting)
            for depth in range(len(stack) - 1, 0, -1):
                if stack[depth]["pair"] == code.pair:
                    del stack[depth:]
                    break
        else:
            el = node(idx)
            if info.get("level") == "r":
                parent = el.getparent()
                template = parent if parent is not None and _is_w(parent, "r") else None
                current_run(template).append(el)
            else:
                if stack[-1]["kind"] == "run":
                    stack[-1]["piece"] = None    # a later piece of text starts a new run
                holder().append(el)


SCRUB_ELEMENTS = {"core-properties": ("creator", "lastModifiedBy", "title"),
                  "extended-properties": ("Company", "Manager")}


def _scrub_props(data: bytes, names) -> bytes:
    root = etree.fromstring(data, parser=safe_xml_parser())
    for el in root:
        if local_name(el.tag) in names:
            el.text = None
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def _scrub_people(data: bytes) -> bytes:
    """word/people.xml (Word 2013+): reviewers' names and account ids."""
    root = etree.fromstring(data, parser=safe_xml_parser())
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        for attr in list(el.attrib):
            if local_name(attr) in ("author", "userId", "providerId"):
                el.set(attr, "")
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def _scrub_authors(root) -> bool:
    changed = False
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        for attr in list(el.attrib):
            q = etree.QName(attr)
            if q.namespace in W_NAMESPACES and q.localname in ("author", "initials"):
                el.set(attr, "")
                changed = True
    return changed


class DocxFormat(Format):
    name = "docx"
    description = "Word DOCX (Transitional and Strict)"

    def sniff(self, name, data):
        if data.startswith(OLE2_MAGIC):
            return name.lower().endswith((".docx", ".docm", ".dotx", ".doc"))
        if not data.startswith(b"PK"):
            return False
        try:
            zf = zipfile.ZipFile(io.BytesIO(data))
            names = set(zf.namelist())
        except ZIP_ERRORS:
            return name.lower().endswith(".docx")
        if "word/document.xml" in names:
            return True
        if "[Content_Types].xml" in names:
            try:
                ct = zf.read("[Content_Types].xml")[:200000]
            except Exception:
                return False
            return b"wordprocessingml" in ct
        return False

    def read(self, name, path, data, source_lang, target_lang):
        z = _Zip(name, data)
        segments: List[Segment] = []
        for part in text_parts(z):
            root = z.xml(part)
            for pidx, p in enumerate(_paragraphs(root)):
                text, codes = read_paragraph(p)
                if not _plain(text).strip():
                    continue
                segments.append(Segment(document=name, id=f"{part}#{pidx}", index=len(segments),
                                        text=text, codes=codes, meta={"part": part, "p": pidx}))
        for part in drawing_parts(z, text_parts(z)[0]):
            root = z.xml(part)
            for pidx, p in enumerate(_dml_paragraphs(root)):
                text, codes = read_dml_paragraph(p)
                if not _plain(text).strip():
                    continue
                segments.append(Segment(document=name, id=f"{part}#a{pidx}", index=len(segments),
                                        text=text, codes=codes,
                                        meta={"part": part, "p": pidx, "dml": True}))
        return Document(name=name, path=path, format=self.name, skeleton=data,
                        segments=segments, source_lang=source_lang, target_lang=target_lang)

    def write(self, doc: Document, results: Dict[str, RestoredSegment],
              scrub_properties: bool = False) -> bytes:
        changes: Dict[str, Dict[int, Tuple[str, List[Code]]]] = {}
        to_review: List[Tuple[str, int, List[str]]] = []
        for seg in doc.segments:
            res = results.get(seg.id)
            if res is None or res.status == "failed":
                continue
            if res.status == "needs-review" and not seg.meta.get("dml"):
                to_review.append((seg.meta["part"], seg.meta["p"], list(res.notes)))
            if res.text != seg.text:
                changes.setdefault(seg.meta["part"], {})[seg.meta["p"]] = (res.text, seg.codes)
        if not changes and not scrub_properties and not to_review:
            return doc.skeleton
        z = _Zip(doc.name, doc.skeleton)
        main = text_parts(z)[0]
        # Word anchors comments in the document's body only (not in headers, footers, notes
        # or comments): a paragraph elsewhere is counted in summary.json, not marked.
        review = {p: notes for part, p, notes in to_review if part == main}
        new_parts: Dict[str, bytes] = {}
        scrub_parts = set(text_parts(z)) if scrub_properties else set()
        dml_parts = {s.meta["part"] for s in doc.segments if s.meta.get("dml")}
        roots = {}
        for part in sorted(set(changes) | scrub_parts | ({main} if review else set())):
            original = z.read(part)
            root = etree.fromstring(original, parser=safe_xml_parser())
            dml = part in dml_parts
            paras = _dml_paragraphs(root) if dml else _paragraphs(root)
            snapshot = [list(p.iter()) for p in paras]
            for pidx, (text, codes) in changes.get(part, {}).items():
                if pidx >= len(paras):
                    raise FormatError(doc.name, f"{part}: paragraph {pidx} not in the skeleton")
                (write_dml_paragraph if dml else write_paragraph)(paras[pidx], snapshot[pidx],
                                                                   text, codes)
            scrubbed = _scrub_authors(root) if scrub_properties else False
            roots[part] = root, original, paras
            if part in changes or scrubbed:
                new_parts[part] = _serialise_part(root, original)
        added = _mark_for_review(z, main, roots, review, new_parts) if review else {}
        if scrub_properties:
            for rtype, target, mode in _relationships(z, ""):
                if rtype in SCRUB_ELEMENTS and target in z.names:
                    new_parts[target] = _scrub_props(z.read(target), SCRUB_ELEMENTS[rtype])
            for rtype, target, mode in _relationships(z, main):
                if rtype == "people" and target in z.names:
                    new_parts[target] = _scrub_people(z.read(target))
        return _rezip(z, new_parts, added)


REVIEW_AUTHOR = "Doppel"
CT_NS = "http://schemas.openxmlformats.org/package/2006/content-types"
COMMENTS_CONTENT_TYPE = ("application/vnd.openxmlformats-officedocument."
                         "wordprocessingml.comments+xml")
COMMENTS_RELATIONSHIP = {   # by the document's WordprocessingML namespace
    W_NAMESPACES[0]: "http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments",
    W_NAMESPACES[1]: "http://purl.oclc.org/ooxml/officeDocument/relationships/comments"}


def review_comment(notes: List[str]) -> str:
    """The text of the comment on a paragraph whose translation needs review."""
    return " ".join(["Doppel: check this paragraph's translation."]
                    + [n[:1].upper() + n[1:].rstrip(". ") + "." for n in notes if n.strip()])


def _mark_for_review(z: _Zip, main: str, roots: dict, review: Dict[int, List[str]],
                     new_parts: Dict[str, bytes]) -> Dict[str, bytes]:
    """A Word comment (author ``REVIEW_AUTHOR``) over every body paragraph in ``review``
    (its index -> the restoration's notes), so that a reviewer in Word finds what
    summary.json only counts: an original that could not be put back (its stand-in may
    still be there), one placed on a guess.  The comments join the document's comments
    part, or a new one (with its relationship and content type).  ``roots``: the parts
    parsed (and changed) so far, part -> (root, original bytes, paragraphs as read).
    Returns the parts to add to the package."""
    root, original, paras = roots[main]
    ns = etree.QName(root).namespace
    W = "{%s}" % ns
    target = next((t for rtype, t, mode in _relationships(z, main)
                   if rtype == "comments" and mode == "Internal"), None)
    if target is None:
        comments, comments_original = etree.Element(W + "comments", nsmap={"w": ns}), None
    elif target in roots:
        comments, comments_original = roots[target][:2]
    else:
        comments, comments_original = z.xml(target), z.read(target)
    # ids of comments (and of the other annotations, to be safe) already taken
    taken = [int(v) for tree in (root, comments) for el in tree.iter() if isinstance(el.tag, str)
             for a, v in el.attrib.items()
             if a == W + "id" and v.lstrip("-").isdigit()]
    next_id = max(taken, default=-1) + 1
    for pidx in sorted(review):
        p, cid = paras[pidx], str(next_id)
        next_id += 1
        start = etree.Element(W + "commentRangeStart", {W + "id": cid})
        p.insert(1 if len(p) and _is_w(p[0], "pPr") else 0, start)
        etree.SubElement(p, W + "commentRangeEnd", {W + "id": cid})
        etree.SubElement(etree.SubElement(p, W + "r"), W + "commentReference", {W + "id": cid})
        comment = etree.SubElement(comments, W + "comment", {
            W + "id": cid, W + "author": REVIEW_AUTHOR, W + "initials": "D"})
        t = etree.SubElement(etree.SubElement(etree.SubElement(comment, W + "p"), W + "r"), W + "t")
        t.text = xml_safe(review_comment(review[pidx]))
        t.set("{%s}space" % XML_NS, "preserve")
    new_parts[main] = _serialise_part(root, original)
    if comments_original is not None:
        new_parts[target] = _serialise_part(comments, comments_original)
        return {}
    folder = posixpath.dirname(main)
    name = next(n for n in (posixpath.join(folder, f"comments{k or ''}.xml") for k in range(1000))
                if n not in z.names)
    added = {name: etree.tostring(comments, xml_declaration=True, encoding="UTF-8",
                                  standalone=True)}
    rels_path = _rels_path(main)
    if rels_path in z.names:
        rels, rels_original = z.xml(rels_path), z.read(rels_path)
    else:
        rels = etree.Element("{%s}Relationships" % REL_NS, nsmap={None: REL_NS})
        rels_original = None
    ids = {r.get("Id") for r in rels}
    rid = next(f"rId{k}" for k in range(1, len(ids) + 2) if f"rId{k}" not in ids)
    etree.SubElement(rels, "{%s}Relationship" % REL_NS,
                     {"Id": rid, "Type": COMMENTS_RELATIONSHIP[ns],
                      "Target": posixpath.relpath(name, folder)})
    rels_bytes = etree.tostring(rels, xml_declaration=True, encoding="UTF-8", standalone=True)
    if rels_original is None:
        added[rels_path] = rels_bytes
    else:
        new_parts[rels_path] = rels_bytes
    types = z.xml("[Content_Types].xml")
    etree.SubElement(types, "{%s}Override" % CT_NS,
                     {"PartName": "/" + name, "ContentType": COMMENTS_CONTENT_TYPE})
    new_parts["[Content_Types].xml"] = _serialise_part(types, z.read("[Content_Types].xml"))
    return added


def _serialise_part(root, original: bytes) -> bytes:
    head = original[:200].lstrip(b"\xef\xbb\xbf")
    standalone = True if b'standalone="yes"' in head or b"standalone='yes'" in head else None
    has_decl = head.startswith(b"<?xml")
    out = etree.tostring(root, xml_declaration=has_decl, encoding="UTF-8", standalone=standalone)
    if has_decl and b"\r\n" in original[:200] and b"\r\n" not in out[:100]:
        out = out.replace(b"?>", b"?>\r\n", 1)
    return out


def _rezip(z: _Zip, new_parts: Dict[str, bytes],
           added: Optional[Dict[str, bytes]] = None) -> bytes:
    """The package with ``new_parts`` replaced: same entry order, same compression method;
    unchanged entries copied byte for byte (local header and compressed data).  ``added``:
    new entries, deflated, after the others (dated as the first entry, so that the same
    input gives the same bytes)."""
    infos = list(z.infos)
    new_parts = dict(new_parts)
    for name, data in (added or {}).items():
        info = zipfile.ZipInfo(name, infos[0].date_time if infos else (1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.header_offset = 0      # read only for the entries copied from the input
        infos.append(info)
        new_parts[name] = data
    try:
        return _rezip_raw(z, infos, new_parts)
    except _NoRawCopy:
        return _rezip_zipfile(z, infos, new_parts)


class _NoRawCopy(Exception):
    pass


_LOCAL = struct.Struct("<4s5H3L2H")     # local file header
_CENTRAL = struct.Struct("<4s6H3L5H2L")  # central directory record


def _dos_datetime(dt) -> Tuple[int, int]:
    y, mo, d, h, mi, sec = dt
    return (h << 11) | (mi << 5) | (sec // 2), ((y - 1980) << 9) | (mo << 5) | d


def _rezip_raw(z: _Zip, infos: List[zipfile.ZipInfo], new_parts: Dict[str, bytes]) -> bytes:
    src = z.zf.fp
    out = io.BytesIO()
    central = []
    for info in infos:
        if (info.file_size >= 0xFFFFFFFF or info.compress_size >= 0xFFFFFFFF
                or info.header_offset >= 0xFFFFFFFF):
            raise _NoRawCopy()
        offset = out.tell()
        raw_name = info.filename.encode("utf-8" if info.flag_bits & 0x800 else "cp437")
        flag = info.flag_bits
        if info.filename not in new_parts:
            src.seek(info.header_offset)
            head = src.read(_LOCAL.size)
            if len(head) != _LOCAL.size or head[:4] != b"PK\x03\x04":
                raise _NoRawCopy()
            fields = _LOCAL.unpack(head)
            nlen, elen = fields[9], fields[10]
            length = _LOCAL.size + nlen + elen + info.compress_size
            src.seek(info.header_offset)
            blob = src.read(length)
            if info.flag_bits & 0x8:        # data descriptor after the data
                desc = src.read(16)
                blob += desc if desc[:4] == b"PK\x07\x08" else desc[:12]
            out.write(blob)
            crc, csize, usize, method = info.CRC, info.compress_size, info.file_size, \
                info.compress_type
        else:
            data = new_parts[info.filename]
            method = info.compress_type
            if method == zipfile.ZIP_DEFLATED:
                comp = zlib.compressobj(6, zlib.DEFLATED, -15)
                payload = comp.compress(data) + comp.flush()
            elif method == zipfile.ZIP_STORED:
                payload = data
            else:
                raise _NoRawCopy()
            crc, csize, usize = zlib.crc32(data) & 0xFFFFFFFF, len(payload), len(data)
            flag = info.flag_bits & ~0x8
            t, d = _dos_datetime(info.date_time)
            out.write(_LOCAL.pack(b"PK\x03\x04", info.extract_version, flag, method, t, d,
                                  crc, csize, usize, len(raw_name), 0))
            out.write(raw_name)
            out.write(payload)
        t, d = _dos_datetime(info.date_time)
        central.append(_CENTRAL.pack(
            b"PK\x01\x02", (info.create_system << 8) | info.create_version,
            info.extract_version, flag, method, t, d, crc, csize, usize, len(raw_name),
            len(info.extra), len(info.comment), 0, info.internal_attr, info.external_attr,
            offset) + raw_name + info.extra + info.comment)
    cd_offset = out.tell()
    for rec in central:
        out.write(rec)
    cd_size = out.tell() - cd_offset
    comment = z.zf.comment or b""
    out.write(struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, len(central), len(central),
                          cd_size, cd_offset, len(comment)) + comment)
    return out.getvalue()


def _rezip_zipfile(z: _Zip, infos: List[zipfile.ZipInfo],
                   new_parts: Dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as out:
        for info in infos:
            data = new_parts.get(info.filename)
            if data is None:
                data = z.read(info.filename)
            clone = zipfile.ZipInfo(info.filename, info.date_time)
            clone.compress_type = info.compress_type
            clone.external_attr = info.external_attr
            clone.internal_attr = info.internal_attr
            clone.create_system = info.create_system
            clone.comment = info.comment
            clone.extra = info.extra
            out.writestr(clone, data)
        out.comment = z.zf.comment
    return buf.getvalue()
