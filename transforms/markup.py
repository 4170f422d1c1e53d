"""Inline codes <-> the XML-ish markup sent to engines.

Segments carry inline codes as opaque private-use characters (``schemas.records``).  Engines
get them as tags they keep: paired codes as ``<g id="N">...</g>``, isolated ones as
``<x id="N"/>`` (Apertium's ``-f html`` passes tags through; vendor engines have XML tag
handling).  On return every code must come back exactly once and properly nested.
"""
from __future__ import annotations

import html
import re
import unicodedata
from typing import Iterable, List, Tuple

from schemas.records import CODE_CHARS, Code, code_char, code_index

_TAG = re.compile(r'<(/?)([gx])(?:\s+id="(\d+)")?\s*(/?)>')
# Scripts written without spaces between words: there a "word" of letters is a whole
# phrase, and moving codes to its ends would move formatting far; split words are left be.
_NO_SPACES = re.compile("[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff"
                        "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]")


def _letter(ch: str) -> bool:
    """A letter or digit of a word, combining marks included."""
    return ch.isalnum() or unicodedata.category(ch).startswith("M")


def join_split_words(text: str, codes: List[Code]) -> str:
    """``text`` with every word that formatting splits (a drop cap: bold "A" + "ged") made
    whole again: the codes inside it move to its edges — those before its longest piece to
    its start, the rest to its end — so the word takes its longest piece's formatting and
    reaches the engine as one word ("Aged", not "A" + "ged", which Apertium translated as
    "Unged").  The codes keep their order, so their nesting stays valid.

    Only a boundary between two sibling runs moves: one closing code directly followed by
    one opening code.  Anything else inside a word stays where it is: an isolated code (a
    bookmark, a field, a literal symbol), and a boundary that leaves or enters a container
    (a tracked deletion ending where an insertion begins: moving it would move text into
    or out of the deletion)."""
    if not CODE_CHARS.search(text):
        return text
    out: List[str] = []
    i, n = 0, len(text)
    while i < n:
        if not _letter(text[i]):
            out.append(text[i])
            i += 1
            continue
        # a word: letters and paired-code markers, beginning and ending with a letter
        j, last = i, i
        while j < n:
            idx = code_index(text[j])
            if idx is not None:
                if idx >= len(codes) or codes[idx].kind not in ("open", "close"):
                    break
            elif not _letter(text[j]):
                break
            else:
                last = j
            j += 1
        word = text[i:last + 1]
        i = last + 1
        out.append(_joined(word, codes) if CODE_CHARS.search(word) else word)
    return "".join(out)


def _joined(word: str, codes: List[Code]) -> str:
    pieces: List[str] = []      # letter pieces, with the marker groups between them
    groups: List[str] = []
    for ch in word:
        if code_index(ch) is None:
            if len(groups) == len(pieces):
                pieces.append("")
            pieces[-1] += ch
        else:
            if len(groups) < len(pieces):
                groups.append("")
            groups[-1] += ch
    if _NO_SPACES.search(word):
        return word
    # a group that is not a sibling boundary ends one word and begins the next
    out, start = [], 0
    for g in range(len(groups) + 1):
        if g == len(groups) or not _sibling_boundary(groups[g], codes):
            out.append(_moved(pieces[start:g + 1], groups[start:g]))
            if g < len(groups):
                out.append(groups[g])
            start = g + 1
    return "".join(out)


def _sibling_boundary(group: str, codes: List[Code]) -> bool:
    return (len(group) == 2 and codes[code_index(group[0])].kind == "close"
            and codes[code_index(group[1])].kind == "open")


def _moved(pieces: List[str], groups: List[str]) -> str:
    k = max(range(len(pieces)), key=lambda m: len(pieces[m]))
    return "".join(groups[:k]) + "".join(pieces) + "".join(groups[k:])


def to_markup(text: str, codes: List[Code]) -> str:
    if not CODE_CHARS.search(text):
        return html.escape(text, quote=False)
    text = join_split_words(text, codes)
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


def from_markup(markup: str, codes: List[Code], held: Iterable[int] = ()
                ) -> Tuple[str, List[str]]:
    """Turn engine output back into marker text.  Returns (text, problems); a problem is a
    lost, duplicated or badly nested code.  Lost codes are appended at the end so that the
    writer never emits a file with codes missing (the segment is then marked for review).
    ``held``: codes that were not sent, as restoration puts them back with the originals
    that hold them (``Assignment.marked``): not lost."""
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
    held = set(held)
    missing = [i for i in range(len(codes)) if i not in seen and i not in held]
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
