"""XLIFF 1.2 (and 1.0/1.1, which share its structure).

Each ``trans-unit`` becomes one segment, or one per ``mrk mtype="seg"`` when the unit has a
``seg-source``.  Inline elements become opaque codes: ``g`` and ``mrk`` are paired (their
content is translated), ``x bx ex ph bpt ept it`` and anything unknown are isolated and
copied back byte for byte.  Units marked ``translate="no"`` and targets already final
(``state`` final/signed-off or ``approved="yes"``) are left alone.  The writer fills
``target`` (creating it after ``source``/``seg-source`` when absent) and sets ``state``:
``translated``, or ``needs-review-translation`` when any of the unit's segments needs review.
A unit with a ``failed`` (or missing) segment result is left untouched.  With no results
the input bytes come back unchanged; otherwise the tree is re-serialised keeping the
declaration, encoding, BOM and DOCTYPE.
"""
from __future__ import annotations

import json
import re
from typing import Dict, Iterator, List, Optional, Tuple

from lxml import etree

from schemas.records import (Code, Document, RestoredSegment, Segment, code_char, code_index,
                             is_code_char)
from transforms.formats.base import (Format, FormatError, check_source_language,
                                     marker_pieces, parse_xml, root_element, safe_xml_parser,
                                     serialise_like, with_lost_codes, xml_safe)

NS12 = "urn:oasis:names:tc:xliff:document:1.2"
PAIRED = {"g", "mrk"}
FINAL_STATES = {"final", "signed-off"}
SDL_NS = "http://sdl.com/FileTypes/SdlXliff/1.0"
SDL_FINAL = {"ApprovedTranslation", "ApprovedSignOff"}


def _sdl_segs(unit) -> Dict[str, etree._Element]:
    """Trados Studio's per-segment status (``sdl:seg-defs/sdl:seg``), by mrk mid."""
    out = {}
    for defs in unit:
        if defs.tag == f"{{{SDL_NS}}}seg-defs":
            for seg in defs:
                if seg.tag == f"{{{SDL_NS}}}seg" and seg.get("id") is not None:
                    out[seg.get("id")] = seg
    return out


def _local(tag) -> str:
    return etree.QName(tag).localname if isinstance(tag, str) else ""


def _ns(el) -> Optional[str]:
    return etree.QName(el).namespace


def _inherits_no(el) -> bool:
    while el is not None:
        if el.get("translate") == "no":
            return True
        el = el.getparent()
    return False


class Xliff12Format(Format):
    name = "xliff12"
    description = "XLIFF 1.x (.xlf, .xliff, .sdlxliff)"

    def sniff(self, name, data):
        local, start = root_element(data)
        if local != "xliff":
            return False
        return ("document:1." in start or re.search(r"""version\s*=\s*["']1\.""", start) is not None
                or "document:2" not in start and "version" not in start)

    # ---------------------------------------------------------------- reading
    def _units(self, root) -> Iterator[Tuple[int, etree._Element]]:
        files = [el for el in root.iter() if _local(el.tag) == "file"]
        if not files:
            raise FormatError("", "no <file> element")
        for fidx, f in enumerate(files):
            for unit in f.iter():
                if _local(unit.tag) == "trans-unit":
                    yield fidx, unit

    def _child(self, unit, local) -> Optional[etree._Element]:
        for ch in unit:
            if _local(ch.tag) == local:
                return ch
        return None

    def _translatable(self, unit) -> bool:
        if _inherits_no(unit):
            return False
        target = self._child(unit, "target")
        if target is not None and (target.get("state") in FINAL_STATES
                                   or unit.get("approved") == "yes"):
            return False
        return True

    def _seg_parts(self, unit) -> List[Tuple[str, etree._Element]]:
        """(id suffix, element holding the text) for each segment of a unit."""
        seg_source = self._child(unit, "seg-source")
        if seg_source is not None:
            mrks = [m for m in seg_source.iter() if _local(m.tag) == "mrk" and m.get("mtype") == "seg"]
            if mrks:
                return [(m.get("mid", str(i)), m) for i, m in enumerate(mrks)]
        source = self._child(unit, "source")
        return [("", source)] if source is not None else []

    def read(self, name, path, data, source_lang, target_lang):
        tree = parse_xml(name, data)
        root = tree.getroot()
        if _local(root.tag) != "xliff":
            raise FormatError(name, f"root element is <{_local(root.tag)}>, not <xliff>")
        files = [el for el in root.iter() if _local(el.tag) == "file"]
        for el in files:          # before any text is extracted
            check_source_language(name, el.get("source-language", ""), source_lang)
        segments: List[Segment] = []
        try:
            units = list(self._units(root))
        except FormatError as exc:
            raise FormatError(name, exc.problem) from None
        for uord, (fidx, unit) in enumerate(units):
            if not self._translatable(unit):
                continue
            uid = f"{unit.get('id') or ''}#{uord}"
            sdl = _sdl_segs(unit)
            for suffix, el in self._seg_parts(unit):
                state = sdl.get(suffix)
                if state is not None and (state.get("conf") in SDL_FINAL
                                          or state.get("locked") == "true"):
                    continue      # approved or locked in Trados: left alone
                text, codes = extract_inline(el)
                if not text.strip() or all(code_index(c) is not None or c.isspace() for c in text):
                    continue
                sid = f"{fidx}/{uid}" + (f"/{suffix}" if suffix else "")
                segments.append(Segment(document=name, id=sid, index=len(segments), text=text,
                                        codes=codes, meta={"file": fidx, "unit": uid, "mid": suffix}))
        first_file = next(iter(files))
        return Document(name=name, path=path, format=self.name, skeleton=data, segments=segments,
                        source_lang=source_lang or first_file.get("source-language", ""),
                        target_lang=target_lang or first_file.get("target-language", ""))

    def read_back(self, doc, data):
        root = parse_xml(doc.name, data).getroot()
        out = {}
        by_unit = {}
        for seg in doc.segments:
            by_unit.setdefault((seg.meta["file"], seg.meta["unit"]), []).append(seg)
        for uord, (fidx, unit) in enumerate(self._units(root)):
            segs = by_unit.get((fidx, f"{unit.get('id') or ''}#{uord}"))
            target = self._child(unit, "target")
            if not segs or target is None:
                continue
            mrks = {m.get("mid"): m for m in target.iter()
                    if _local(m.tag) == "mrk" and m.get("mtype") == "seg"}
            for seg in segs:
                el = mrks.get(seg.meta["mid"]) if seg.meta.get("mid") else target
                if el is not None:
                    text, codes = extract_inline(el)
                    out[seg.id] = (text, [c.kind for c in codes])
        return out

    # ---------------------------------------------------------------- writing
    def write(self, doc: Document, results: Dict[str, RestoredSegment]) -> bytes:
        tree = parse_xml(doc.name, doc.skeleton)
        root = tree.getroot()
        by_unit: Dict[Tuple[int, str], List[Segment]] = {}
        for seg in doc.segments:
            by_unit.setdefault((seg.meta["file"], seg.meta["unit"]), []).append(seg)
        if not any(r.status != "failed" for r in results.values()):
            return doc.skeleton
        files = [el for el in root.iter() if _local(el.tag) == "file"]
        for f in files:
            if doc.target_lang and not f.get("target-language"):
                f.set("target-language", doc.target_lang)
        written = 0
        for uord, (fidx, unit) in enumerate(self._units(root)):
            if not self._translatable(unit):
                continue
            uid = f"{unit.get('id') or ''}#{uord}"
            segs = by_unit.get((fidx, uid))
            if not segs:
                continue
            written += self._write_unit(unit, segs, results)
        if not written:
            return doc.skeleton      # nothing to merge: the input, byte for byte
        return serialise_like(tree, doc.skeleton)

    def _write_unit(self, unit, segs: List[Segment], results: Dict[str, RestoredSegment]):
        ns = _ns(unit)
        q = (lambda local: f"{{{ns}}}{local}") if ns else (lambda local: local)
        target = self._child(unit, "target")
        statuses = [results[s.id].status if s.id in results else "failed" for s in segs]
        if any(st == "failed" for st in statuses):
            # a unit is written whole or not at all: with one of its segments failed (or
            # missing), the failure is reported and the unit stays as it was
            return 0
        if target is None:
            target = etree.Element(q("target"))
            anchor = self._child(unit, "seg-source")
            if anchor is None:
                anchor = self._child(unit, "source")
            anchor.addnext(target)
            target.tail = anchor.tail
        seg_source = self._child(unit, "seg-source")
        if segs[0].meta.get("mid") and seg_source is not None:
            # Target mirrors seg-source: same markup, each mrk's content translated; mrks
            # not being written (approved, locked, tags only) keep an existing target's
            # content.
            kept = {m.get("mid"): m for m in target.iter() if _local(m.tag) == "mrk"
                    and m.get("mtype") == "seg"}
            fresh = etree.fromstring(etree.tostring(seg_source, with_tail=False),
                                     parser=safe_xml_parser())
            target.text = fresh.text
            for ch in list(target):
                target.remove(ch)
            for ch in fresh:
                target.append(ch)
            mrks = {m.get("mid"): m for m in target.iter() if _local(m.tag) == "mrk"
                    and m.get("mtype") == "seg"}
            mine = {seg.meta["mid"] for seg in segs}
            for mid, old in kept.items():
                if mid not in mine and mid in mrks:
                    old.tail = mrks[mid].tail
                    mrks[mid].getparent().replace(mrks[mid], old)
            sdl = _sdl_segs(unit)
            for seg in segs:
                res = results[seg.id]
                build_inline(mrks[seg.meta["mid"]], res.text, seg.codes)
                if seg.meta["mid"] in sdl:
                    sdl[seg.meta["mid"]].set("conf", "Translated" if res.status == "translated"
                                             else "Draft")
        else:
            seg = segs[0]
            res = results.get(seg.id)
            if res is None or res.status == "failed":
                return 0
            build_inline(target, res.text, seg.codes)
        review = any(st != "translated" for st in statuses)
        target.set("state", "needs-review-translation" if review else "translated")
        return 1


def flat_pairs_12(el):
    """XLIFF 1.2: <bpt id=N>..<ept id=N> (or matching rid), <bx rid>..<ex rid>."""
    local = _local(el.tag)
    if local == "bpt":
        return "open", "b" + (el.get("rid") or el.get("id") or "")
    if local == "ept":
        return "close", "b" + (el.get("rid") or el.get("id") or "")
    if local == "bx" and el.get("rid"):
        return "open", "x" + el.get("rid")
    if local == "ex" and el.get("rid"):
        return "close", "x" + el.get("rid")
    return None


def breaks_12(el) -> str:
    """XLIFF 1.2: a placeholder (``x``, ``ph``...) of ``ctype`` ``lb`` or ``pb``, a line or
    page break, reads as a line break (``Code.reads_as``)."""
    return "\n" if el.get("ctype") in ("lb", "pb") else ""


def extract_inline(el, paired=PAIRED, flat=flat_pairs_12, breaks=breaks_12
                   ) -> Tuple[str, List[Code]]:
    """Text of ``el`` with every inline element replaced by a marker character.  Elements
    named in ``paired`` become open/close pairs around their (translated) content; all other
    elements, comments and PIs are isolated codes copied back as they were.  Empty elements
    that open and close a span (``flat``: bpt/ept, sc/ec...) become an open/close pair when
    they match and nest properly, so an engine cannot put the close before the open.
    Private-use characters in the text become isolated codes too (they would read as
    markers).  ``breaks(element)``: the white space an isolated code reads as."""
    parts: List[str] = []
    codes: List[Code] = []
    pair_counter = [0]
    roles: Dict[int, Tuple[str, str]] = {}

    def add(code: Code) -> None:
        parts.append(code_char(len(codes)))
        codes.append(code)

    def add_text(s: str) -> None:
        for c in s:
            if is_code_char(c):
                add(Code("isolated", json.dumps({"char": c})))
            else:
                parts.append(c)

    def walk(node) -> None:
        if node.text:
            add_text(node.text)
        for ch in node:
            local = _local(ch.tag)
            if (local in paired and not (local == "mrk" and ch.get("mtype") == "protected")
                    and ch.get("translate") != "no"):
                pair_counter[0] += 1
                pid = pair_counter[0]
                add(Code("open", json.dumps({"tag": ch.tag, "attrib": dict(ch.attrib),
                                             "nsmap": {k or "": v for k, v in ch.nsmap.items()}}),
                         pair=pid))
                walk(ch)
                add(Code("close", "", pair=pid))
            elif isinstance(ch, etree._Comment):
                add(Code("isolated", json.dumps({"comment": ch.text or ""})))
            elif isinstance(ch, etree._ProcessingInstruction):
                add(Code("isolated", json.dumps({"pi": [ch.target, ch.text or ""]})))
            elif isinstance(ch, etree._Entity):
                # An entity reference (never expanded: safe_xml_parser) stays a reference:
                # not sent, written back as it was.
                add(Code("isolated", json.dumps({"entity": ch.name})))
            else:
                role = flat(ch) if flat is not None else None
                if role is not None:
                    roles[len(codes)] = role
                add(Code("isolated", json.dumps({"xml": etree.tostring(ch, with_tail=False,
                                                                         encoding="unicode")}),
                         reads_as=breaks(ch) if role is None else ""))
            if ch.tail:
                add_text(ch.tail)

    walk(el)
    if roles:
        _pair_flat(codes, roles, pair_counter[0])
    return "".join(parts), codes


def _pair_flat(codes: List[Code], roles: Dict[int, Tuple[str, str]], next_pair: int) -> None:
    stack: List[Tuple[str, object, int]] = []   # ("real", pair, idx) | ("flat", key, idx)
    for idx, code in enumerate(codes):
        if code.kind == "open":
            stack.append(("real", code.pair, idx))
        elif code.kind == "close":
            while stack and not (stack[-1][0] == "real" and stack[-1][1] == code.pair):
                stack.pop()          # unmatched flat opens inside stay isolated
            if stack:
                stack.pop()
        elif idx in roles:
            role, key = roles[idx]
            if role == "open":
                stack.append(("flat", key, idx))
            elif stack and stack[-1][0] == "flat" and stack[-1][1] == key:
                open_idx = stack.pop()[2]
                next_pair += 1
                for i, kind in ((open_idx, "open"), (idx, "close")):
                    info = json.loads(codes[i].data)
                    info["flat"] = 1
                    codes[i] = Code(kind, json.dumps(info), pair=next_pair)


def build_inline(parent, text: str, codes: List[Code]) -> None:
    """Replace ``parent``'s content by ``text``, turning markers back into elements."""
    text = with_lost_codes(text, codes)
    parent.text = None
    for ch in list(parent):
        parent.remove(ch)
    stack = [parent]
    last: List[Optional[etree._Element]] = [None]

    def put_text(s: str) -> None:
        s = xml_safe(s)
        if not s:
            return
        cur = stack[-1]
        if last[0] is not None and last[0].getparent() is cur:
            last[0].tail = (last[0].tail or "") + s
        else:
            cur.text = (cur.text or "") + s

    infos = [json.loads(c.data) if c.data and c.data != "{}" else {} for c in codes]
    for piece, idx in marker_pieces(text, len(codes), lambda i: infos[i].get("char")):
        if idx is None:
            put_text(piece)
            continue
        code, info = codes[idx], infos[idx]
        if code.kind == "open" and "flat" not in info:
            el = etree.SubElement(stack[-1], info["tag"], info["attrib"])
            stack.append(el)
            last[0] = None
        elif code.kind == "close" and "flat" not in info:
            if len(stack) > 1:
                last[0] = stack.pop()
        else:
            if "comment" in info:
                el = etree.Comment(info["comment"])
            elif "pi" in info:
                el = etree.ProcessingInstruction(*info["pi"])
            elif "entity" in info:
                el = etree.Entity(info["entity"])
            else:
                el = etree.fromstring(info["xml"], parser=safe_xml_parser())
            stack[-1].append(el)
            last[0] = el
