"""XLIFF 2.x (2.0, 2.1, 2.2).

Each ``segment`` of a ``unit`` becomes one segment (``ignorable`` content stays as it is).
Inline: ``pc`` and ``mrk`` are paired codes around translated content; ``sc ec ph cp sm em``
and anything from modules/extensions are isolated codes copied back byte for byte;
``originalData``, notes, metadata and extensions outside segments are never touched.
``translate="no"`` on file/group/unit, and segments whose ``state`` is ``final``, are left
alone.  The writer fills (or replaces) ``target`` after ``source``, sets the segment's
``state="translated"`` (needs-review results: also ``subState="doppel:needs-review"``) and the
root's ``trgLang`` when it was missing.  No results: the input bytes come back unchanged.
"""
from __future__ import annotations

import re
from typing import Dict, Iterator, List, Tuple

from lxml import etree

from schemas.records import Document, RestoredSegment, Segment, code_index
from transforms.formats.base import (Format, FormatError, check_source_language, local_name,
                                     parse_xml, root_element, serialise_like)
from transforms.formats.xliff12 import build_inline, extract_inline

PAIRED2 = {"pc", "mrk"}


def flat_pairs_2(el):
    """XLIFF 2: <sc id=N/>..<ec startRef=N/>, <sm id=N/>..<em startRef=N/> (not isolated)."""
    local = local_name(el.tag)
    if local in ("sc", "sm") and el.get("isolated") != "yes":
        return "open", local[1] + (el.get("id") or "")
    if local in ("ec", "em") and el.get("isolated") != "yes" and el.get("startRef"):
        return "close", ("c" if local == "ec" else "m") + el.get("startRef")
    return None


def breaks_2(el) -> str:
    """XLIFF 2: a ``ph`` of ``subType`` ``xlf:lb`` or ``xlf:pb`` (line, page break) reads
    as a line break (``Code.reads_as``)."""
    return "\n" if el.get("subType") in ("xlf:lb", "xlf:pb") else ""


def _child(el, local):
    for ch in el:
        if local_name(ch.tag) == local:
            return ch
    return None


def _no(el) -> bool:
    while el is not None:
        if el.get("translate") == "no":
            return True
        el = el.getparent()
    return False


class Xliff2Format(Format):
    name = "xliff2"
    description = "XLIFF 2.x (.xlf, .xliff)"

    def sniff(self, name, data):
        local, start = root_element(data)
        return local == "xliff" and ("document:2" in start
                                     or re.search(r"""version\s*=\s*["']2\.""", start) is not None)

    def _segments(self, root) -> Iterator[Tuple[int, etree._Element, int, etree._Element]]:
        units = [u for u in root.iter() if local_name(u.tag) == "unit"]
        for uord, unit in enumerate(units):
            sord = 0
            for ch in unit:
                if local_name(ch.tag) == "segment":
                    yield uord, unit, sord, ch
                    sord += 1

    @staticmethod
    def _translatable(unit, seg) -> bool:
        return not _no(unit) and seg.get("state") != "final"

    def read(self, name, path, data, source_lang, target_lang):
        root = parse_xml(name, data).getroot()
        if local_name(root.tag) != "xliff":
            raise FormatError(name, f"root element is <{local_name(root.tag)}>, not <xliff>")
        check_source_language(name, root.get("srcLang", ""), source_lang)
        segments: List[Segment] = []
        for uord, unit, sord, seg in self._segments(root):
            if not self._translatable(unit, seg):
                continue
            source = _child(seg, "source")
            if source is None:
                raise FormatError(name, f"unit {unit.get('id')!r}: segment without <source>")
            text, codes = extract_inline(source, paired=PAIRED2, flat=flat_pairs_2,
                                         breaks=breaks_2)
            if not any(code_index(c) is None and not c.isspace() for c in text):
                continue
            sid = f"{unit.get('id') or ''}#{uord}/{sord}"
            segments.append(Segment(document=name, id=sid, index=len(segments), text=text,
                                    codes=codes, meta={"unit": uord, "seg": sord}))
        return Document(name=name, path=path, format=self.name, skeleton=data, segments=segments,
                        source_lang=source_lang or root.get("srcLang", ""),
                        target_lang=target_lang or root.get("trgLang", ""))

    def read_back(self, doc, data):
        root = parse_xml(doc.name, data).getroot()
        want = {(s.meta["unit"], s.meta["seg"]): s.id for s in doc.segments}
        out = {}
        for uord, unit, sord, seg in self._segments(root):
            sid = want.get((uord, sord))
            target = _child(seg, "target")
            if sid is not None and target is not None:
                text, codes = extract_inline(target, paired=PAIRED2, flat=flat_pairs_2,
                                             breaks=breaks_2)
                out[sid] = (text, [c.kind for c in codes])
        return out

    def write(self, doc: Document, results: Dict[str, RestoredSegment]) -> bytes:
        todo = {}
        for s in doc.segments:
            res = results.get(s.id)
            if res is not None and res.status != "failed":
                todo[(s.meta["unit"], s.meta["seg"])] = (s, res)
        if not todo:
            return doc.skeleton
        tree = parse_xml(doc.name, doc.skeleton)
        root = tree.getroot()
        if not root.get("trgLang"):
            if not doc.target_lang:
                raise FormatError(doc.name, "no target language (trgLang) to write targets for")
            root.set("trgLang", doc.target_lang)
        for uord, unit, sord, seg in self._segments(root):
            item = todo.get((uord, sord))
            if item is None:
                continue
            s, res = item
            source = _child(seg, "source")
            target = _child(seg, "target")
            if target is None:
                target = etree.Element(etree.QName(source).text.replace("}source", "}target")
                                       if "}" in source.tag else "target")
                source.addnext(target)
                target.tail, source.tail = source.tail, source.tail
            space = source.get("{http://www.w3.org/XML/1998/namespace}space")
            if space and not target.get("{http://www.w3.org/XML/1998/namespace}space"):
                target.set("{http://www.w3.org/XML/1998/namespace}space", space)
            build_inline(target, res.text, s.codes)
            seg.set("state", "translated")
            if res.status == "needs-review":
                seg.set("subState", "doppel:needs-review")
            elif (seg.get("subState") or "").startswith("doppel:"):
                del seg.attrib["subState"]
        return serialise_like(tree, doc.skeleton)
