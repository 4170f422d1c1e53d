"""Put the originals back into a translation (pure).  DESIGN.md §4.

For each replacement sent, locate it in the engine's output and swap in the original:
  * dates by their components (``transforms.dates``), written back in the target's pattern;
  * pseudonyms and masks by exact (case-insensitive, word-bounded) match, then by their
    distinctive words (an engine may drop or move a given name, or inflect around it);
  * a replacement that cannot be placed leaves the segment ``needs-review`` with a note —
    never silently wrong.  A pseudonym still present after restoration is reported too.
"""
from __future__ import annotations

import re
from typing import List, Optional, Sequence, Tuple

from schemas.records import Assignment, ProtectedSegment, RestoredSegment
from transforms import dates
from transforms.linking import POSSESSIVE, _WORD, fold


def _find_exact(text: str, needle: str, taken: List[Tuple[int, int]]) -> Optional[Tuple[int, int]]:
    if not needle:
        return None
    flags = re.IGNORECASE
    pat = re.compile(rf"(?<!{_WORD}){re.escape(needle)}(?!{_WORD})", flags)
    for m in pat.finditer(text):
        if not _overlaps(m.span(), taken):
            return m.span()
    # Markers or asterisks have no word boundary semantics.
    if not any(c.isalnum() for c in needle):
        idx = -1
        while True:
            idx = text.find(needle, idx + 1)
            if idx < 0:
                return None
            span = (idx, idx + len(needle))
            if not _overlaps(span, taken):
                return span
    return None


def _overlaps(span, taken) -> bool:
    return any(span[0] < b and a < span[1] for a, b in taken)


def _find_words(text: str, replacement: str, taken) -> Optional[Tuple[int, int]]:
    """Fallback: the longest words of a multi-word replacement, then grow the span over
    neighbouring words that also belong to it."""
    words = [w for w in re.findall(r"\w[\w'’.-]*", POSSESSIVE.sub("", replacement)) if len(w) >= 3]
    for w in sorted(words, key=len, reverse=True):
        span = _find_exact(text, w, taken)
        if span is None:
            continue
        s, e = span
        others = {fold(x) for x in words}
        # grow left/right over adjacent words of the replacement
        while True:
            m = re.search(r"(\w[\w'’.-]*)\s+$", text[:s])
            if m and fold(m.group(1)) in others and not _overlaps((m.start(1), s), taken):
                s = m.start(1)
                continue
            break
        while True:
            m = re.match(r"\s+(\w[\w'’.-]*)", text[e:])
            if m and fold(m.group(1)) in others and not _overlaps((e, e + m.end(1)), taken):
                e = e + m.end(1)
                continue
            break
        return s, e
    return None


def locate(text: str, a: Assignment, taken, target_lang: str = "") -> Optional[Tuple[int, int, str]]:
    """Where assignment ``a``'s replacement is in ``text`` and what to put there."""
    if a.method == "pseudonym" and a.category == "DATE":
        fake = dates.parse(a.replacement)
        orig = dates.parse(a.original)
        if fake is not None and orig is not None:
            for loose in (False, True):
                pos = 0
                while True:
                    span = dates.locate(text, fake, pos, loose=loose,
                                        numeric_month=dates.is_numeric(a.replacement))
                    if span is None:
                        break
                    if not _overlaps(span, taken):
                        found = text[span[0]:span[1]]
                        return span[0], span[1], dates.substitute(found, fake, orig, target_lang,
                                                                  a.original)
                    pos = span[1]
    span = _find_exact(text, a.replacement, taken)
    original = a.original
    if span is None and _possessive(a.replacement):
        span = _find_exact(text, POSSESSIVE.sub("", a.replacement), taken)
        original = POSSESSIVE.sub("", a.original)
    if span is None and a.method == "pseudonym" and a.category != "DATE":
        span = _find_words(text, a.replacement, taken)
        if span is not None:
            original = POSSESSIVE.sub("", a.original)
            found = text[span[0]:span[1]]
            if _possessive(found):
                original += _possessive(found)
    if span is None:
        return None
    return span[0], span[1], original


def _possessive(s: str) -> str:
    m = POSSESSIVE.search(s)
    return m.group(0) if m else ""


def restore_segment(protected: ProtectedSegment, translated: str,
                    problems: Sequence[str] = (), target_lang: str = "") -> RestoredSegment:
    notes = list(problems)
    taken: List[Tuple[int, int]] = []
    edits: List[Tuple[int, int, str, str]] = []
    unresolved = 0
    if protected.assignments and protected.assignments[0].method == "none":
        assignments = []
    else:
        assignments = sorted(protected.assignments, key=lambda a: (-len(a.replacement), a.start))
    for a in assignments:
        found = locate(translated, a, taken, target_lang)
        if found is None:
            unresolved += 1
            notes.append(f"could not place {a.category} #{a.cluster} (sent as {a.replacement!r})")
            continue
        s, e, original = found
        taken.append((s, e))
        edits.append((s, e, original, a.category))
    edits.sort()
    pieces, spans, pos, shift = [], [], 0, 0
    for s, e, original, cat in edits:
        pieces.append(translated[pos:s])
        new_start = s + shift
        pieces.append(original)
        spans.append([new_start, new_start + len(original), cat])
        shift += len(original) - (e - s)
        pos = e
    pieces.append(translated[pos:])
    text = "".join(pieces)
    # Belt and braces: no pseudonym may survive in delivered text unnoticed.
    for a in protected.assignments:
        if a.method == "pseudonym" and len(a.replacement) >= 4 and a.replacement not in a.original:
            if re.search(rf"(?<!{_WORD}){re.escape(a.replacement)}(?!{_WORD})", text, re.IGNORECASE):
                notes.append(f"pseudonym {a.replacement!r} still present")
                unresolved += 1
    status = "needs-review" if unresolved or problems else "translated"
    return RestoredSegment(document=protected.document, id=protected.id, index=protected.index,
                           text=text, status=status, notes=notes, restored=len(edits),
                           unresolved=unresolved, spans=spans)
