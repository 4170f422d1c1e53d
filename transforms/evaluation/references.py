"""Human references for the source segments (pure).

* MultiLeg: ``132839_en.jsonl`` is scored against ``132839_lv.jsonl`` — files are matched by
  document id (the base name without its ``_<lang>`` suffix).  Where both have the same
  number of lines they are line-aligned (``multileg/PARALLEL.tsv``, column ``equal``); where
  they do not (a few documents differ at the end: signatures, registrar lines) the segments
  are **sentence-aligned** by a Gale–Church style dynamic programme over character lengths
  with numbers as anchors, and only confident 1–1 pairs are scored.
* TMX: a reference ``tuv`` in the target language (``Segment.meta["reference"]``).
* ``self``: the engine's own translation of the unmodified source (built by the pipeline).
"""
from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

from schemas.records import Document


@dataclass
class Reference:
    text: str
    gold: Optional[List[List]] = None    # [start, end, category]; None: no gold spans


@dataclass
class ReferenceDoc:
    """References by source segment index; ``alignment`` says how they were paired."""
    document: str
    by_index: Dict[int, Reference] = field(default_factory=dict)
    alignment: str = "line"           # line | sentence | embedded | self
    dropped: int = 0                  # source segments without a confident reference


def document_id(name: str, lang: str = "") -> str:
    """``132839_en.jsonl`` -> ``132839``; a name without a language suffix is its stem."""
    stem = os.path.basename(name)
    stem = re.sub(r"\.(jsonl|json|tmx|xlf|xliff|sdlxliff|docx)$", "", stem, flags=re.I)
    if lang:
        stem = re.sub(rf"[_.-]{re.escape(lang)}$", "", stem, flags=re.I)
    else:
        stem = re.sub(r"[_.-][a-z]{2}(?:[-_][A-Za-z]{2})?$", "", stem)
    return stem


def embedded_references(doc: Document) -> ReferenceDoc:
    ref = ReferenceDoc(document=doc.name, alignment="embedded")
    for seg in doc.segments:
        text = seg.meta.get("reference")
        if text is None:
            ref.dropped += 1
        else:
            ref.by_index[seg.index] = Reference(text=text, gold=None)
    return ref


def parallel_references(source: Document, target: Document,
                        mt: Optional[Sequence[str]] = None) -> ReferenceDoc:
    """References for ``source`` from its translation ``target``; ``mt`` (the engine's output
    for each source segment, when known) guides the sentence alignment."""
    src = source.segments
    tgt = target.segments
    has_gold = any(s.labels for s in tgt) or target.format == "jsonl"
    ref = ReferenceDoc(document=source.name)
    if len(src) == len(tgt):
        for s, t in zip(src, tgt):
            ref.by_index[s.index] = Reference(t.plain_text(), [list(l) for l in t.labels] if has_gold else None)
        return ref
    ref.alignment = "sentence"
    pairs = align_sentences([s.plain_text() for s in src], [t.plain_text() for t in tgt], mt)
    for i, j in pairs:
        t = tgt[j]
        ref.by_index[src[i].index] = Reference(t.plain_text(), [list(l) for l in t.labels] if has_gold else None)
    ref.dropped = len(src) - len(ref.by_index)
    return ref


# --- sentence alignment --------------------------------------------------------------------

_NUM = re.compile(r"\d+")


def _numbers(text: str) -> set:
    return set(_NUM.findall(text))


def _length_cost(a: int, b: int, c: float = 1.0, s2: float = 6.8) -> float:
    """Gale & Church (1993): -log P(match | lengths), lengths in characters."""
    if a == 0 and b == 0:
        return 0.0
    mean = (a + b / c) / 2
    delta = (b - a * c) / math.sqrt(max(mean, 1.0) * s2)
    # two-sided tail of the standard normal
    p = 2 * (1 - 0.5 * (1 + math.erf(abs(delta) / math.sqrt(2))))
    return -math.log(max(p, 1e-12))


def _trigrams(text: str) -> set:
    t = " ".join(text.lower().split())
    return {t[k:k + 3] for k in range(max(1, len(t) - 2))}


def align_sentences(src: Sequence[str], tgt: Sequence[str], mt: Optional[Sequence[str]] = None,
                    skip_cost: Optional[float] = None, max_cost: float = 7.0) -> List[Tuple[int, int]]:
    """1–1 pairs (i, j) from a dynamic programme over 1–1, 1–0, 0–1, 2–1 and 1–2 beads.
    A 1–1 bead costs its length mismatch plus a penalty when the two sides carry different
    numbers (case and paragraph numbers anchor legal text).  With ``mt`` (a machine
    translation of each source segment into the target language, as Bleualign does) the
    penalty for dissimilar text — character trigram Dice between the MT and the target —
    replaces the number penalty.  Beads other than 1–1 are not scored, nor are 1–1 beads
    costlier than ``max_cost``, nor (without MT) pairs of short lines sharing no number.
    Without MT this is a length-based guess: give the pipeline an ``original`` run."""
    n, m = len(src), len(tgt)
    if skip_cost is None:       # with MT, a dissimilar pair costs more than leaving both out
        skip_cost = 4.0 if mt is not None else 6.0
    nums_s = [_numbers(s) for s in src]
    nums_t = [_numbers(t) for t in tgt]
    tri_mt = [_trigrams(x or "") for x in mt] if mt is not None else None
    tri_t = [_trigrams(t) for t in tgt] if mt is not None else None

    def evidence(si: Sequence[int], tj: Sequence[int]) -> float:
        """Length mismatch plus dissimilarity (MT vs target trigrams) or, without MT,
        disagreeing numbers."""
        cost = _length_cost(sum(len(src[i]) for i in si), sum(len(tgt[j]) for j in tj))
        if tri_mt is not None:
            a = set().union(*(tri_mt[i] for i in si))
            b = set().union(*(tri_t[j] for j in tj))
            dice = 2 * len(a & b) / max(len(a) + len(b), 1)
            return cost + 12.0 * (1 - dice) - 4.0
        a = set().union(*(nums_s[i] for i in si))
        b = set().union(*(nums_t[j] for j in tj))
        if a or b:
            cost += 4.0 * (1 - len(a & b) / max(len(a | b), 1))
        return cost

    def pair_cost(i, j):
        return evidence([i], [j])

    def merge_cost(si, tj) -> float:
        """A 2–1 or 1–2 bead: rarer than 1–1 (Gale & Church's prior)."""
        return evidence(si, tj) + 4.0

    def confident(i, j) -> bool:
        """Scored pairs: cheap enough; without MT, two short lines (headings, signatures)
        must also share a number — their lengths alone prove nothing."""
        if pair_cost(i, j) > max_cost:
            return False
        if tri_mt is None and len(src[i]) < 40 and len(tgt[j]) < 40:
            return bool(nums_s[i] & nums_t[j])
        return True

    INF = float("inf")
    D = [[INF] * (m + 1) for _ in range(n + 1)]
    back: Dict[Tuple[int, int], Tuple[int, int, str]] = {}
    D[0][0] = 0.0
    band = abs(n - m) + 12
    for i in range(n + 1):
        for j in range(max(0, i - band), min(m, i + band) + 1):
            if i == 0 and j == 0:
                continue
            best, how = INF, None
            if i and j and D[i - 1][j - 1] + pair_cost(i - 1, j - 1) < best:
                best, how = D[i - 1][j - 1] + pair_cost(i - 1, j - 1), (i - 1, j - 1, "11")
            if i and D[i - 1][j] + skip_cost < best:
                best, how = D[i - 1][j] + skip_cost, (i - 1, j, "10")
            if j and D[i][j - 1] + skip_cost < best:
                best, how = D[i][j - 1] + skip_cost, (i, j - 1, "01")
            if i >= 2 and j:
                c = D[i - 2][j - 1] + merge_cost([i - 2, i - 1], [j - 1])
                if c < best:
                    best, how = c, (i - 2, j - 1, "21")
            if i and j >= 2:
                c = D[i - 1][j - 2] + merge_cost([i - 1], [j - 2, j - 1])
                if c < best:
                    best, how = c, (i - 1, j - 2, "12")
            D[i][j] = best
            back[(i, j)] = how
    pairs = []
    i, j = n, m
    while (i, j) != (0, 0):
        pi, pj, kind = back[(i, j)]
        if kind == "11" and confident(pi, pj):
            pairs.append((pi, pj))
        i, j = pi, pj
    return sorted(pairs)
