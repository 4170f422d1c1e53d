"""Inline codes <-> the XML-ish markup sent to engines.

Segments carry inline codes as opaque private-use characters (``schemas.records``).  Engines
get them as tags they keep: paired codes as ``<g id="N">...</g>``, isolated ones as
``<x id="N"/>`` (Apertium's ``-f html`` passes tags through; vendor engines have XML tag
handling).  On return every code must come back exactly once and properly nested.
"""
from __future__ import annotations

import html
import re
from typing import List, Tuple

from schemas.records import CODE_CHARS, Code, code_char, code_index

_TAG = re.compile(r'<(/?)([gx])(?:\s+id="(\d+)")?\s*(/?)>')


def to_markup(text: str, codes: List[Code]) -> str:
    if not CODE_CHARS.search(text):
        return html.escape(text, quote=False)
    out = []
    for ch in text:
        idx = code_index(ch)
        if idx is None:
            out.append(html.escape(ch, quote=False))
            continue
        kind = codes[idx].kind if idx < len(codes) else "isolated"
        if kind == "open":
            out.append(f'<g id="{idx}">')
        elif kind == "close":
            out.append("</g>")
        else:
            out.append(f'<x id="{idx}"/>')
    return "".join(out)


def from_markup(markup: str, codes: List[Code]) -> Tuple[str, List[str]]:
    """Turn engine output back into marker text.  Returns (text, problems); a problem is a
    lost, duplicated or badly nested code.  Lost codes are appended at the end so that the
    writer never emits a file with codes missing (the segment is then marked for review)."""
    problems: List[str] = []
    out: List[str] = []
    seen = set()
    open_stack: List[int] = []
    # closers are matched to the innermost open <g>
    pos = 0
    for m in _TAG.finditer(markup):
        out.append(html.unescape(markup[pos:m.start()]))
        pos = m.end()
        closing, tag, ident, selfclose = m.group(1), m.group(2), m.group(3), m.group(4)
        if tag == "x" and closing:
            continue  # Apertium writes <x id="2"></x> for <x id="2"/>
        if closing:
            if not open_stack:
                problems.append("closing tag without opening tag")
                continue
            oidx = open_stack.pop()
            cidx = _close_of(oidx, codes)
            if cidx is None or cidx in seen:
                problems.append(f"code {oidx} has no closing partner")
                continue
            seen.add(cidx)
            out.append(code_char(cidx))
            continue
        if ident is None:
            problems.append(f"tag <{tag}> without id")
            continue
        idx = int(ident)
        if idx >= len(codes) or idx in seen:
            problems.append(f"unknown or duplicated code {idx}")
            continue
        seen.add(idx)
        out.append(code_char(idx))
        if tag == "g" and not selfclose:
            open_stack.append(idx)
        elif tag == "g" and selfclose:
            cidx = _close_of(idx, codes)
            if cidx is not None:
                seen.add(cidx)
                out.append(code_char(cidx))
    out.append(html.unescape(markup[pos:]))
    for idx in open_stack:
        problems.append(f"code {idx} was not closed")
        cidx = _close_of(idx, codes)
        if cidx is not None and cidx not in seen:
            seen.add(cidx)
            out.append(code_char(cidx))
    missing = [i for i in range(len(codes)) if i not in seen]
    if missing:
        problems.append("codes lost by the engine: " + ",".join(map(str, missing)))
        out.extend(code_char(i) for i in missing)
    return "".join(out), problems


def _close_of(open_idx: int, codes: List[Code]):
    pair = codes[open_idx].pair if open_idx < len(codes) else None
    if pair is None:
        return None
    for i, c in enumerate(codes):
        if i != open_idx and c.kind == "close" and c.pair == pair:
            return i
    return None
