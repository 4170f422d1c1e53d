"""sacrebleu's TER, the same numbers, compiled.

``sacrebleu.metrics.lib_ter`` spends its time in ``BeamEditDistance._edit_distance``: a pure
Python beam-limited Levenshtein run once per shift candidate (up to 1,000 candidates per
segment; 0.65 s a segment on poor MT against human references).  ``_edit_rate`` below is
the same algorithm, step for step, on word ids, compiled with numba:

* the same shift candidates (``_find_shifted_pairs``: hypothesis start, reference start,
  length up to ``_MAX_SHIFT_SIZE``, at most ``_MAX_SHIFT_DIST`` apart) in the same order, the
  same filters (the hypothesis words wrong, the reference words not matched, not within
  itself), the same target positions, the same 1,000-candidate limit counted the same way
  (a step that reaches it is not applied);
* the same beam: ``_BEAM_WIDTH`` around the length-ratio pseudo-diagonal (widened for very
  unequal lengths), the last row in full, "infinity" (1e16) outside it, the same float
  arithmetic for its bounds;
* the same operation preference for the trace (no-op/substitution, then deletion, then
  insertion, each replacing only a strictly higher cost), hence the same alignment;
* the same ranking of shifts: highest gain, then longest, earliest start, earliest target;
* sacrebleu's prefix cache, which only saves time (a row depends on the prefix alone), is
  here the rows of the unshifted hypothesis, reused up to the first word a shift moves.

Without numba the same function runs as plain Python (slow, the same numbers).  ``TER`` is
sacrebleu's ``TER`` with this edit rate: its tokenisation, options, aggregation and
signature are sacrebleu's own.  ``tests/test_evaluation_ter.py`` checks the statistics
against sacrebleu's on real segment pairs, long poor-MT ones included.
"""
from __future__ import annotations

import math
from typing import Dict, List, Sequence, Tuple

import numpy as np
from sacrebleu.metrics import TER as _SacreTER
from sacrebleu.metrics import lib_ter

try:
    from numba import njit
    COMPILED = True
except ImportError:          # pragma: no cover - numba is a dependency (setup.py)
    COMPILED = False

    def njit(*args, **kwargs):
        return (lambda f: f) if not args or not callable(args[0]) else args[0]

INF = lib_ter._INT_INFINITY
MAX_SHIFT_SIZE = lib_ter._MAX_SHIFT_SIZE
MAX_SHIFT_DIST = lib_ter._MAX_SHIFT_DIST
BEAM_WIDTH = lib_ter._BEAM_WIDTH
MAX_SHIFT_CANDIDATES = lib_ter._MAX_SHIFT_CANDIDATES

# edit operations of the matrix (sacrebleu's ' ', 's', 'd', 'i', 'x')
NOP, SUB, DEL, INS, UNDEF = 0, 1, 2, 3, 4


@njit(cache=True, nogil=True)
def _row(words, i, ref, prev, cur, ops, lo, hi, want_ops):
    """Row ``i`` (``cur``, INF outside [lo, hi)) from row i-1 (``prev``); sacrebleu's inner
    loop of ``_edit_distance``.  Returns the row's minimum."""
    h = words[i - 1]
    low = INF
    for j in range(lo, hi):
        if j == 0:
            best = prev[0] + 1
            op = DEL
        else:
            best = INF
            op = UNDEF
            if ref[j - 1] == h:
                c = prev[j - 1]
                o = NOP
            else:
                c = prev[j - 1] + 1
                o = SUB
            if best > c:
                best = c
                op = o
            c = prev[j] + 1
            if best > c:
                best = c
                op = DEL
            c = cur[j - 1] + 1
            if best > c:
                best = c
                op = INS
        cur[j] = best
        if best < low:
            low = best
        if want_ops:
            ops[j] = op
    return low


@njit(cache=True, nogil=True)
def _matrix(words, ref, lo, hi, rows, ops):
    """Every row of ``words`` against ``ref`` into ``rows``/``ops``; the distance."""
    n_h = words.shape[0]
    n_r = ref.shape[0]
    for j in range(n_r + 1):
        rows[0, j] = j
        ops[0, j] = INS
    for i in range(1, n_h + 1):
        for j in range(n_r + 1):
            rows[i, j] = INF
            ops[i, j] = UNDEF
        _row(words, i, ref, rows[i - 1], rows[i], ops[i], lo[i], hi[i], True)
    return rows[n_h, n_r]


@njit(cache=True, nogil=True)
def _distance_from(words, ref, lo, hi, rows, start, buf_a, buf_b, dummy_ops, limit):
    """Distance of ``words``, whose first ``start`` words are those whose rows are ``rows``;
    -1 as soon as it is certain to be above ``limit`` (a row's minimum bounds the distance
    from below: a path crosses every row and its costs never decrease)."""
    n_h = words.shape[0]
    n_r = ref.shape[0]
    if start >= n_h:
        return rows[n_h, n_r]
    prev = rows[start]
    low = INF
    for j in range(n_r + 1):
        if prev[j] < low:
            low = prev[j]
    if low > limit:
        return -1
    for i in range(start + 1, n_h + 1):
        cur = buf_a if (i - start) % 2 == 1 else buf_b
        for j in range(n_r + 1):
            cur[j] = INF
        if _row(words, i, ref, prev, cur, dummy_ops, lo[i], hi[i], False) > limit:
            return -1
        prev = cur
    return prev[n_r]


@njit(cache=True, nogil=True)
def _perform_shift(words, start, length, target, out):
    """sacrebleu's ``_perform_shift`` into ``out``."""
    n = words.shape[0]
    k = 0
    if target < start:
        parts = ((0, target), (start, start + length), (target, start), (start + length, n))
    elif target > start + length:
        parts = ((0, start), (start + length, target), (start, start + length), (target, n))
    else:
        parts = ((0, start), (start + length, length + target), (start, start + length),
                 (length + target, n))
    for a, b in parts:
        b = min(b, n)
        for p in range(a, b):
            out[k] = words[p]
            k += 1


@njit(cache=True, nogil=True)
def _edit_rate(hyp, ref):
    """sacrebleu's ``translation_edit_rate`` on word ids (both non-empty): the edits."""
    n_h = hyp.shape[0]
    n_r = ref.shape[0]
    length_ratio = n_r / n_h
    if BEAM_WIDTH < length_ratio / 2:
        beam_width = math.ceil(length_ratio / 2 + BEAM_WIDTH)
    else:
        beam_width = BEAM_WIDTH
    lo = np.zeros(n_h + 1, dtype=np.int64)
    hi = np.zeros(n_h + 1, dtype=np.int64)
    for i in range(1, n_h + 1):
        pseudo_diag = math.floor(i * length_ratio)
        lo[i] = max(0, pseudo_diag - beam_width)
        hi[i] = min(n_r + 1, pseudo_diag + beam_width)
        if i == n_h:
            hi[i] = n_r + 1
    rows = np.empty((n_h + 1, n_r + 1), dtype=np.int64)
    ops = np.empty((n_h + 1, n_r + 1), dtype=np.int8)
    buf_a = np.empty(n_r + 1, dtype=np.int64)
    buf_b = np.empty(n_r + 1, dtype=np.int64)
    dummy_ops = np.empty(1, dtype=np.int8)
    words = hyp.copy()
    cand = np.empty(n_h, dtype=hyp.dtype)
    best_words = np.empty(n_h, dtype=hyp.dtype)
    align = np.empty(n_r, dtype=np.int64)
    ref_err = np.zeros(n_r + 1, dtype=np.int64)     # prefix sums
    hyp_err = np.zeros(n_h + 1, dtype=np.int64)
    shifts = 0
    checked = 0
    while True:
        # --- _shift(words) ---
        pre_score = _matrix(words, ref, lo, hi, rows, ops)
        # the trace, flipped (rewriting the reference into the hypothesis), as an alignment
        n_ops = 0
        i = n_h
        j = n_r
        trace = np.empty(n_h + n_r, dtype=np.int8)
        while i > 0 or j > 0:
            op = ops[i, j]
            trace[n_ops] = op
            n_ops += 1
            if op == SUB or op == NOP:
                i -= 1
                j -= 1
            elif op == INS:
                j -= 1
            elif op == DEL:
                i -= 1
            else:
                raise ValueError("unknown operation")
        pos_hyp = -1
        pos_ref = -1
        for k in range(n_ops - 1, -1, -1):
            op = trace[k]
            if op == NOP or op == SUB:
                pos_hyp += 1
                pos_ref += 1
                align[pos_ref] = pos_hyp
                e = 0 if op == NOP else 1
                hyp_err[pos_hyp + 1] = hyp_err[pos_hyp] + e
                ref_err[pos_ref + 1] = ref_err[pos_ref] + e
            elif op == DEL:          # flipped: an insertion
                pos_hyp += 1
                hyp_err[pos_hyp + 1] = hyp_err[pos_hyp] + 1
            else:                    # INS, flipped: a deletion
                pos_ref += 1
                align[pos_ref] = pos_hyp
                ref_err[pos_ref + 1] = ref_err[pos_ref] + 1
        found = False
        b_gain = 0
        b_len = 0
        b_start = 0
        b_idx = 0
        stop = False
        for start_h in range(n_h):
            if stop:
                break
            for start_r in range(n_r):
                if stop:
                    break
                if abs(start_r - start_h) > MAX_SHIFT_DIST:
                    continue
                length = 0
                while words[start_h + length] == ref[start_r + length] and length < MAX_SHIFT_SIZE:
                    length += 1
                    # --- one (start_h, start_r, length) of _find_shifted_pairs ---
                    if (hyp_err[start_h + length] - hyp_err[start_h] != 0
                            and ref_err[start_r + length] - ref_err[start_r] != 0
                            and not (start_h <= align[start_r] < start_h + length)):
                        prev_idx = -1
                        for offset in range(-1, length):
                            if start_r + offset == -1:
                                idx = 0
                            elif start_r + offset < n_r:
                                idx = align[start_r + offset] + 1
                            else:
                                break
                            if idx == prev_idx:
                                continue
                            prev_idx = idx
                            _perform_shift(words, start_h, length, idx, cand)
                            # Only a candidate that gains at least 1 and at least the best
                            # so far can be the shift applied; one sure to gain less is
                            # dropped early (it would lose the ranking, or end the search
                            # as the best of no gain would).
                            need = b_gain if found and b_gain > 1 else 1
                            d = _distance_from(cand, ref, lo, hi, rows, min(start_h, idx),
                                               buf_a, buf_b, dummy_ops, pre_score - need)
                            checked += 1
                            if d < 0:
                                continue
                            gain = pre_score - d
                            if (not found or gain > b_gain
                                    or (gain == b_gain and (length > b_len
                                        or (length == b_len and (start_h < b_start
                                            or (start_h == b_start and idx < b_idx)))))):
                                found = True
                                b_gain = gain
                                b_len = length
                                b_start = start_h
                                b_idx = idx
                                best_words[:] = cand
                        if checked >= MAX_SHIFT_CANDIDATES:
                            stop = True
                            break
                    if n_h == start_h + length or n_r == start_r + length:
                        break
        delta = b_gain if found else 0
        # --- back in translation_edit_rate ---
        if checked >= MAX_SHIFT_CANDIDATES:
            return shifts + pre_score
        if delta <= 0:
            return shifts + pre_score
        shifts += 1
        words[:] = best_words


@njit(cache=True, nogil=True)
def _edit_rates(hyp, hyp_at, ref, ref_at, out):
    """``_edit_rate`` of pair k (``hyp[hyp_at[k]:hyp_at[k + 1]]`` against the same slice of
    ``ref``) into ``out[k]``, for every k: many pairs in one compiled call."""
    for k in range(out.shape[0]):
        out[k] = _edit_rate(hyp[hyp_at[k]:hyp_at[k + 1]], ref[ref_at[k]:ref_at[k + 1]])


def translation_edit_rate(words_hyp: Sequence[str], words_ref: Sequence[str]) -> Tuple[int, int]:
    """``sacrebleu.metrics.lib_ter.translation_edit_rate``: (number of edits, reference length)."""
    return translation_edit_rates([(words_hyp, words_ref)])[0]


def translation_edit_rates(pairs: Sequence[Tuple[Sequence[str], Sequence[str]]]
                           ) -> List[Tuple[int, int]]:
    """``translation_edit_rate`` of each (hypothesis words, reference words) pair.  The pairs
    that need the shift search go to the compiled code in one call, which lets go of the GIL
    for all of them: another thread (the pipeline's, scoring chrF and BLEU) runs meanwhile,
    and waits for the GIL once, not once a segment."""
    out: List[Tuple[int, int]] = [(0, 0)] * len(pairs)
    todo, hyps, refs = [], [], []
    hyp_at, ref_at = [0], [0]
    for k, (words_hyp, words_ref) in enumerate(pairs):
        n_r, n_h = len(words_ref), len(words_hyp)
        if n_r == 0:
            out[k] = (n_h, 0)
        elif n_h == 0:
            # sacrebleu: no shift candidate, the distance is the reference's insertions
            out[k] = (n_r, n_r)
        else:
            vocab: Dict[str, int] = {}
            refs += [vocab.setdefault(w, len(vocab)) for w in words_ref]
            hyps += [vocab.setdefault(w, len(vocab)) for w in words_hyp]
            hyp_at.append(len(hyps))
            ref_at.append(len(refs))
            todo.append(k)
    if todo:
        edits = np.zeros(len(todo), dtype=np.int64)
        _edit_rates(np.array(hyps, dtype=np.int32), np.array(hyp_at, dtype=np.int64),
                    np.array(refs, dtype=np.int32), np.array(ref_at, dtype=np.int64), edits)
        for k, e in zip(todo, edits.tolist()):
            out[k] = (e, len(pairs[k][1]))
    return out


class TER(_SacreTER):
    """sacrebleu's TER (tokenisation, options, aggregation, signature) with the edit rate
    above: the same statistics, computed faster."""

    def _compute_segment_statistics(self, hypothesis: str, ref_kwargs: Dict) -> List[float]:
        return self.segments_statistics([hypothesis], [ref_kwargs])[0]

    def segments_statistics(self, hypotheses: Sequence[str], ref_kwargs: Sequence[Dict]
                            ) -> List[List[float]]:
        """``_compute_segment_statistics`` of each (preprocessed hypothesis, its references'
        info) pair, their edit rates in one compiled call (``translation_edit_rates``)."""
        pairs, spans = [], []
        for hypothesis, kwargs in zip(hypotheses, ref_kwargs):
            words_hyp = hypothesis.split()
            spans.append((len(pairs), len(kwargs["ref_words"])))
            pairs += [(words_hyp, words_ref) for words_ref in kwargs["ref_words"]]
        rates = translation_edit_rates(pairs)
        out = []
        for start, n_refs in spans:
            ref_lengths = 0
            best_num_edits = int(1e16)
            for num_edits, ref_len in rates[start:start + n_refs]:
                ref_lengths += ref_len
                if num_edits < best_num_edits:
                    best_num_edits = num_edits
            out.append([best_num_edits, ref_lengths / n_refs])
        return out
