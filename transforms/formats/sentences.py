"""Optional sentence segmentation on top of any reader (``read_document(...,
segment_sentences=True)``).

A segment is split only where no code pair is open (so every piece has balanced codes) and
between a sentence end (``. ! ? …`` and CJK ``。！？``, optionally followed by closing quotes
or brackets) and whitespace + a capital, digit or opening quote.  It does not split after a
single capital letter ("J. Smith"), a number ("No. 5") or a listed abbreviation.  The
whitespace between two pieces is kept in the piece's meta (``sep``) and not sent anywhere.

Pieces get ids ``<id>~<k>``, codes renumbered from 0, and meta ``split`` =
{parent, k, n, sep, codes (original code indices), meta (the parent's meta)}.
``join_results`` turns the pieces' results back into one result per original segment, and
``unsplit`` gives back the original segments, so format writers never see pieces.
"""
from __future__ import annotations

import re
from typing import Dict, List, Tuple

from schemas.records import Code, Document, RestoredSegment, Segment, code_char, code_index

ABBREVIATIONS = {
    "mr", "mrs", "ms", "dr", "prof", "st", "no", "nr", "art", "para", "p", "pp", "vs", "etc",
    "e.g", "i.e", "cf", "inc", "ltd", "co", "jr", "sr", "gen", "col", "lt", "sgt", "rev",
    "hon", "vol", "ch", "sec", "fig", "approx", "dept", "est", "jan", "feb", "mar", "apr",
    "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "u.s", "op", "ibid", "al",
}
_END = re.compile(r"[.!?…][\"'”’»)\]]*|[。！？][\"'”’」』）]*")
_CJK_END = set("。！？")
_START = re.compile(r"[A-ZÀ-ÖØ-Þ\u0100-\u024F\u0370-\u03FF\u0400-\u04FF0-9\"'“‘«(\[¿¡]")


def _splittable(code: Code) -> bool:
    """Pairs a piece may close and the next piece reopen: DOCX runs (formatting only)."""
    return code.kind == "open" and '"t":"r"' in code.data and '"flat"' not in code.data


def split_points(text: str, codes: List[Code]) -> List[Tuple[int, int, Tuple[int, ...]]]:
    """(end of sentence, start of next, open codes there) for each place ``text`` may be
    split: only where every open code pair is one that can be closed and reopened."""
    stacks: List[Tuple[int, ...]] = []
    stack: List[int] = []
    for ch in text:
        stacks.append(tuple(stack))
        idx = code_index(ch)
        if idx is not None and idx < len(codes):
            if codes[idx].kind == "open":
                stack.append(idx)
            elif codes[idx].kind == "close":
                for k in range(len(stack) - 1, -1, -1):
                    if codes[stack[k]].pair == codes[idx].pair:
                        del stack[k:]
                        break
    stacks.append(tuple(stack))
    points = []
    for m in _END.finditer(text):
        end = m.end()
        while end < len(text) and code_index(text[end]) is not None:
            end += 1                 # codes right after the full stop stay with the sentence
        j = end
        cjk = text[m.start()] in _CJK_END
        while j < len(text) and text[j].isspace():
            j += 1
        if j >= len(text) or (j == end and not cjk):
            continue
        first = j
        while first < len(text) and code_index(text[first]) is not None:
            first += 1
        if not cjk and (first >= len(text) or not _START.match(text[first])):
            continue
        if stacks[end] != stacks[j] or not all(_splittable(codes[i]) for i in stacks[end]):
            continue
        if text[m.start()] == ".":
            word = re.search(r"([\w.]+)$", text[:m.start()])
            w = word.group(1) if word else ""
            if (len(w) == 1 and w.isupper()) or w.lower() in ABBREVIATIONS or w.isdigit():
                continue
        points.append((end, j, stacks[end]))
    return points


def split_segment(seg: Segment) -> List[Segment]:
    points = split_points(seg.text, seg.codes)
    if not points:
        return [seg]
    close_of = {}
    for i, c in enumerate(seg.codes):
        if c.kind == "close":
            close_of[c.pair] = i
    pieces = []
    bounds = []
    start, lead = 0, ()
    for end, nxt, open_codes in points:
        bounds.append((start, end, nxt, lead, open_codes))
        start, lead = nxt, open_codes
    bounds.append((start, len(seg.text), len(seg.text), lead, ()))
    n = len(bounds)
    for k, (a, b, nxt, lead, trail) in enumerate(bounds):
        orig: List[int] = []
        out = []
        for i in lead:                           # reopen pairs left open by the last piece
            out.append(code_char(len(orig)))
            orig.append(i)
        for ch in seg.text[a:b]:
            idx = code_index(ch)
            if idx is None or idx >= len(seg.codes):
                out.append(ch)
            else:
                out.append(code_char(len(orig)))
                orig.append(idx)
        for i in reversed(trail):                # close pairs the next piece reopens
            out.append(code_char(len(orig)))
            orig.append(close_of[seg.codes[i].pair])
        pieces.append(Segment(
            document=seg.document, id=f"{seg.id}~{k}", index=0, text="".join(out),
            codes=[seg.codes[i] for i in orig], labels=[],
            meta={"split": {"parent": seg.id, "k": k, "n": n, "sep": seg.text[b:nxt],
                            "codes": orig, "lead": len(lead), "trail": len(trail),
                            "meta": seg.meta, "index": seg.index, "labels": seg.labels}}))
    return pieces


def split_document(doc: Document) -> Document:
    segments: List[Segment] = []
    for seg in doc.segments:
        if seg.labels:           # given spans refer to the whole text: keep it whole
            segments.append(seg)
            continue
        segments.extend(split_segment(seg))
    for i, seg in enumerate(segments):
        seg.index = i
    doc.segments = segments
    return doc


def unsplit(doc: Document) -> Document:
    """The document with its original segments (pieces joined back)."""
    if not any("split" in s.meta for s in doc.segments):
        return doc
    segments: List[Segment] = []
    groups: Dict[str, List[Segment]] = {}
    for seg in doc.segments:
        info = seg.meta.get("split")
        if info is None:
            segments.append(seg)
            continue
        if info["parent"] not in groups:
            groups[info["parent"]] = []
            segments.append(Segment(document=seg.document, id=info["parent"], index=0, text="",
                                    meta=info["meta"], labels=info["labels"]))
        groups[info["parent"]].append(seg)
    for seg in segments:
        pieces = groups.get(seg.id)
        if pieces is None:
            continue
        ncodes = 1 + max((i for p in pieces for i in p.meta["split"]["codes"]), default=-1)
        codes = [None] * ncodes
        for p in pieces:
            for j, i in enumerate(p.meta["split"]["codes"]):
                codes[i] = p.codes[j]
        seg.text = _join([(p, p.text) for p in pieces])
        seg.codes = codes
    for i, seg in enumerate(segments):
        seg.index = i
    return Document(name=doc.name, path=doc.path, format=doc.format, skeleton=doc.skeleton,
                    segments=segments, source_lang=doc.source_lang, target_lang=doc.target_lang)


def _join(items) -> str:
    """Pieces' texts (in original code numbering) joined with their separators; a pair
    closed at the end of one piece and reopened at the start of the next is merged back
    when both are still exactly there."""
    texts = [_remap(t, p.meta["split"]["codes"]) for p, t in items]
    for k in range(len(items) - 1):
        trail = items[k][0].meta["split"]["trail"]
        lead = items[k + 1][0].meta["split"]["lead"]
        if not trail or trail != lead:
            continue
        p, q = items[k][0].meta["split"]["codes"], items[k + 1][0].meta["split"]["codes"]
        tail, head = "".join(code_char(i) for i in p[-trail:]), \
            "".join(code_char(i) for i in q[:lead])
        if texts[k].endswith(tail) and texts[k + 1].startswith(head):
            texts[k] = texts[k][:-trail]
            texts[k + 1] = texts[k + 1][lead:]
    return "".join(t + p.meta["split"]["sep"] for (p, _), t in zip(items, texts))


def _remap(text: str, orig: List[int]) -> str:
    out = []
    for ch in text:
        idx = code_index(ch)
        out.append(code_char(orig[idx]) if idx is not None and idx < len(orig) else ch)
    return "".join(out)


def _find_spans(text: str, pairs) -> list:
    """Each piece's restored spans, located in the joined text by searching forward."""
    out, pos = [], 0
    for p, r in pairs:
        plain = r.text
        for a, b, cat in r.spans:
            frag = _remap(plain[a:b], p.meta["split"]["codes"])
            at = text.find(frag, pos) if frag else -1
            if at >= 0:
                out.append([at, at + len(frag), cat])
                pos = at + len(frag)
    return out


_RANK = {"translated": 0, "needs-review": 1, "failed": 2}


def join_results(doc: Document, results: Dict[str, RestoredSegment]) -> Dict[str, RestoredSegment]:
    """One result per original segment.  A missing piece makes the whole segment failed."""
    if not any("split" in s.meta for s in doc.segments):
        return results
    out: Dict[str, RestoredSegment] = {}
    groups: Dict[str, List[Segment]] = {}
    for seg in doc.segments:
        info = seg.meta.get("split")
        if info is None:
            if seg.id in results:
                out[seg.id] = results[seg.id]
        else:
            groups.setdefault(info["parent"], []).append(seg)
    for parent, pieces in groups.items():
        got = [results.get(p.id) for p in pieces]
        if all(r is None for r in got):
            continue
        first = pieces[0].meta["split"]
        if any(r is None for r in got):
            out[parent] = RestoredSegment(document=doc.name, id=parent, index=first["index"],
                                          text="", status="failed",
                                          notes=["a sentence of this segment has no result"])
            continue
        notes = []
        status = "translated"
        restored = unresolved = 0
        text = _join([(p, r.text) for p, r in zip(pieces, got)])
        for p, r in zip(pieces, got):
            notes += r.notes
            restored += r.restored
            unresolved += r.unresolved
            if _RANK.get(r.status, 2) > _RANK[status]:
                status = r.status if r.status in _RANK else "failed"
        out[parent] = RestoredSegment(document=doc.name, id=parent, index=first["index"],
                                      text=text, status=status, notes=notes, restored=restored,
                                      unresolved=unresolved,
                                      # restored spans, located again in the joined text
                                      spans=_find_spans(text, list(zip(pieces, got))))
    return out
