"""TMX 1.4b (and 1.1/1.2, which share its structure).

Each ``tu`` gives one segment: the ``seg`` of the ``tuv`` in the source language
(``Document.source_lang``, else the header's ``srclang``, else the first ``tuv``), matched
case-insensitively, then by primary subtag.  Inline: ``hi`` is a paired code (its content is
translated); ``bpt ept ph it ut`` (and their ``sub``) are isolated codes copied back as they
were.  A ``bpt`` without its ``ept`` (or the reverse) is an error.  An existing ``tuv`` in the
target language is given as a reference (``Segment.meta["reference"]``, plain text).  The
writer replaces that ``tuv``'s ``seg``, or adds a ``tuv`` after the last one; needs-review
results get ``<prop type="x-doppel-status">needs-review</prop>``.  No results: the input
bytes come back unchanged.
"""
from __future__ import annotations

from typing import Dict, List, Optional

from lxml import etree

from schemas.records import Document, RestoredSegment, Segment, code_index
from transforms.formats.base import (Format, FormatError, local_name, parse_xml,
                                     primary_language, root_element, serialise_like)
from transforms.formats.xliff12 import build_inline, extract_inline

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
STATUS_PROP = "x-doppel-status"


def _lang(tuv) -> str:
    return tuv.get(XML_LANG) or tuv.get("lang") or ""


def pick_tuv(tuvs: List, lang: str) -> Optional[etree._Element]:
    """The tuv for ``lang``: exact (case-insensitive) match first, then primary subtag."""
    if not lang:
        return None
    want = lang.lower().replace("_", "-")
    for tuv in tuvs:
        if _lang(tuv).lower().replace("_", "-") == want:
            return tuv
    primary = primary_language(lang)
    for tuv in tuvs:
        if primary_language(_lang(tuv)) == primary:
            return tuv
    return None


def _seg(tuv):
    return next((c for c in tuv if local_name(c.tag) == "seg"), None)


def _check_pairs(name: str, tu_no: int, seg) -> None:
    """Every <bpt i> must be followed by its <ept i> in the same seg, and the reverse."""
    open_ids: List[str] = []
    for el in seg.iter():
        local = local_name(el.tag)
        i = el.get("i")
        if local == "bpt":
            if i in open_ids:
                raise FormatError(name, f"tu #{tu_no + 1}: two <bpt i=\"{i}\"> open at once")
            open_ids.append(i)
        elif local == "ept":
            if i not in open_ids:
                raise FormatError(name, f"tu #{tu_no + 1}: <ept i=\"{i}\"> without a preceding "
                                        f"<bpt i=\"{i}\"> (unbalanced paired codes)")
            open_ids.remove(i)
    if open_ids:
        raise FormatError(name, f"tu #{tu_no + 1}: <bpt i=\"{open_ids[0]}\"> has no matching <ept>")


def flat_pairs_tmx(el):
    local = local_name(el.tag)
    if local == "bpt":
        return "open", el.get("i") or ""
    if local == "ept":
        return "close", el.get("i") or ""
    return None


def breaks_tmx(el) -> str:
    """TMX 1.4b: a ``ph`` of ``type`` ``lb``, ``pb`` or ``cb`` (line, page, column break)
    reads as a line break (``Code.reads_as``)."""
    return "\n" if el.get("type") in ("lb", "pb", "cb") else ""


class TmxFormat(Format):
    name = "tmx"
    description = "TMX 1.4b (.tmx)"

    def sniff(self, name, data):
        return root_element(data)[0] == "tmx"

    @staticmethod
    def _tus(root) -> List:
        body = next((c for c in root if local_name(c.tag) == "body"), None)
        if body is None:
            return []
        return [tu for tu in body.iter() if local_name(tu.tag) == "tu"]

    @staticmethod
    def _source_lang(root, source_lang: str) -> str:
        if source_lang:
            return source_lang
        header = next((c for c in root if local_name(c.tag) == "header"), None)
        src = header.get("srclang", "") if header is not None else ""
        return "" if src.lower() == "*all*" else src

    def read(self, name, path, data, source_lang, target_lang):
        root = parse_xml(name, data).getroot()
        if local_name(root.tag) != "tmx":
            raise FormatError(name, f"root element is <{local_name(root.tag)}>, not <tmx>")
        if next((c for c in root if local_name(c.tag) == "body"), None) is None:
            raise FormatError(name, "no <body> element")
        src_lang = self._source_lang(root, source_lang)
        segments: List[Segment] = []
        languages, sourced = set(), False
        for n, tu in enumerate(self._tus(root)):
            tuvs = [c for c in tu if local_name(c.tag) == "tuv"]
            for tuv in tuvs:
                seg = _seg(tuv)
                if seg is not None:
                    _check_pairs(name, n, seg)
                    languages.add(_lang(tuv))
            src = pick_tuv(tuvs, src_lang) if src_lang else (tuvs[0] if tuvs else None)
            sourced = sourced or src is not None
            if src is None or _seg(src) is None:
                continue
            text, codes = extract_inline(_seg(src), paired={"hi"}, flat=flat_pairs_tmx,
                                         breaks=breaks_tmx)
            if not any(code_index(c) is None and not c.isspace() for c in text):
                continue
            meta = {"tu": n, "lang": _lang(src)}
            tgt = pick_tuv([t for t in tuvs if t is not src], target_lang)
            if tgt is not None and _seg(tgt) is not None:
                ref, _ = extract_inline(_seg(tgt), paired={"hi"}, flat=flat_pairs_tmx,
                                        breaks=breaks_tmx)
                meta["reference"] = "".join(c for c in ref if code_index(c) is None)
            segments.append(Segment(document=name, id=f"{tu.get('tuid') or ''}#{n}",
                                    index=len(segments), text=text, codes=codes, meta=meta))
        if languages and not sourced:
            # not one unit in the source language: the whole memory would be dropped unsaid
            raise FormatError(name, f"no <tuv> in the source language {src_lang!r}; the "
                                    f"file's languages: {', '.join(sorted(languages))} (run it "
                                    "with --source-lang set to one of them)")
        return Document(name=name, path=path, format=self.name, skeleton=data, segments=segments,
                        source_lang=src_lang, target_lang=target_lang)

    def read_back(self, doc, data):
        root = parse_xml(doc.name, data).getroot()
        want = {s.meta["tu"]: s for s in doc.segments}
        out = {}
        for n, tu in enumerate(self._tus(root)):
            s = want.get(n)
            if s is None:
                continue
            tuvs = [c for c in tu if local_name(c.tag) == "tuv"]
            src = pick_tuv(tuvs, s.meta["lang"])
            tgt = pick_tuv([t for t in tuvs if t is not src], doc.target_lang)
            if tgt is not None and _seg(tgt) is not None:
                text, codes = extract_inline(_seg(tgt), paired={"hi"}, flat=flat_pairs_tmx,
                                             breaks=breaks_tmx)
                out[s.id] = (text, [c.kind for c in codes])
        return out

    def write(self, doc: Document, results: Dict[str, RestoredSegment]) -> bytes:
        todo = {}
        for s in doc.segments:
            res = results.get(s.id)
            if res is not None and res.status != "failed":
                todo[s.meta["tu"]] = (s, res)
        if not todo:
            return doc.skeleton
        if not doc.target_lang:
            raise FormatError(doc.name, "no target language to write a <tuv> for")
        tree = parse_xml(doc.name, doc.skeleton)
        root = tree.getroot()
        for n, tu in enumerate(self._tus(root)):
            item = todo.get(n)
            if item is None:
                continue
            s, res = item
            tuvs = [c for c in tu if local_name(c.tag) == "tuv"]
            src = pick_tuv(tuvs, s.meta["lang"])
            tgt = pick_tuv([t for t in tuvs if t is not src], doc.target_lang)
            if tgt is None:
                last = tuvs[-1]
                tgt = etree.Element(last.tag)
                tgt.set(XML_LANG if src is None or src.get(XML_LANG) else "lang", doc.target_lang)
                last.addnext(tgt)
                tgt.tail = last.tail
                prev = last.getprevious()
                if prev is not None:
                    last.tail = prev.tail
                seg_el = etree.SubElement(tgt, _seg(src).tag if src is not None else "seg")
            else:
                seg_el = _seg(tgt)
                if seg_el is None:
                    seg_el = etree.SubElement(tgt, "seg")
            for prop in [c for c in tgt if local_name(c.tag) == "prop"
                         and c.get("type") == STATUS_PROP]:
                tgt.remove(prop)
            if res.status == "needs-review":
                prop = etree.Element("prop", type=STATUS_PROP)
                prop.text = "needs-review"
                seg_el.addprevious(prop)
            build_inline(seg_el, res.text, s.codes)
        return serialise_like(tree, doc.skeleton)
