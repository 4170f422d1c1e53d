"""sacrebleu's chrF statistics, the same numbers, compiled.

chrF's sufficient statistics for a (hypothesis, reference) pair are counts: for each
character n-gram order n = 1..6 (whitespace removed, sacrebleu's default ``CHRF()``), the
hypothesis' n-grams, the reference's, and the n-grams they share (each counted at most as
often as in either).  sacrebleu counts them with a ``Counter`` of substrings per order, in
Python.  ``_statistics`` below counts the same multisets on code points: each n-gram gets an
exact integer id (its (n-1)-gram prefix's id and its last character's, ranked together), so
two n-grams have the same id exactly when they are the same string — no hashing, no
collision — and the counts are integers, identical to sacrebleu's.

Compiled with ``nogil``, many pairs in one call: a thread scoring chrF this way leaves the
interpreter to the pipeline's other work.  ``tests/test_evaluation_ter.py`` compares the
statistics with sacrebleu's on real segment pairs and on edge cases.
"""
from __future__ import annotations

from typing import List, Sequence, Tuple

import numpy as np
from sacrebleu.metrics import CHRF as _SacreCHRF

try:
    from numba import njit
except ImportError:          # pragma: no cover - numba is a dependency (setup.py)
    def njit(*args, **kwargs):
        return (lambda f: f) if not args or not callable(args[0]) else args[0]


@njit(cache=True, nogil=True)
def _statistics(chars, at, order, out):
    """Pair k is hypothesis ``chars[at[2k]:at[2k+1]]`` and reference
    ``chars[at[2k+1]:at[2k+2]]`` (code points, whitespace removed); ``out[k]`` gets its
    [hypothesis n-grams, reference n-grams, shared n-grams] for n = 1..order, flattened —
    sacrebleu's ``_get_match_statistics`` per order."""
    for k in range(out.shape[0]):
        start = at[2 * k]
        n_h = at[2 * k + 1] - start
        size = at[2 * k + 2] - start
        seg = chars[start:start + size].astype(np.int64)
        first = np.empty(size, dtype=np.int64)     # each position's character id
        ids = np.empty(size, dtype=np.int64)       # its n-gram's id, order by order
        keys = np.empty(size, dtype=np.int64)
        pos = np.empty(size, dtype=np.int64)
        scale = size + 1
        for n in range(1, order + 1):
            # the windows of order n that stay inside the hypothesis, then the reference's
            m = 0
            for i in range(0, n_h - n + 1):
                pos[m] = i
                m += 1
            n_hyp = m
            for i in range(n_h, size - n + 1):
                pos[m] = i
                m += 1
            n_ref = m - n_hyp
            for t in range(m):
                i = pos[t]
                # a window of order n is its prefix window (order n-1, same start) and its
                # last character: ids below ``scale`` make the key exact
                keys[t] = seg[i] if n == 1 else ids[i] * scale + first[i + n - 1]
            ranked = np.argsort(keys[:m], kind="mergesort")
            n_ids = 0
            prev_key = -1
            for t in range(m):
                key = keys[ranked[t]]
                if t == 0 or key != prev_key:
                    n_ids += 1
                    prev_key = key
                ids[pos[ranked[t]]] = n_ids - 1
            if n == 1:
                for t in range(m):
                    first[pos[t]] = ids[pos[t]]
            in_hyp = np.zeros(n_ids, dtype=np.int64)
            in_ref = np.zeros(n_ids, dtype=np.int64)
            for t in range(n_hyp):
                in_hyp[ids[pos[t]]] += 1
            for t in range(n_hyp, m):
                in_ref[ids[pos[t]]] += 1
            shared = 0
            for g in range(n_ids):
                shared += min(in_hyp[g], in_ref[g])
            # sacrebleu: no hypothesis count where the reference has no n-gram of the order
            out[k, 3 * (n - 1)] = n_hyp if n_ref > 0 else 0
            out[k, 3 * (n - 1) + 1] = n_ref
            out[k, 3 * (n - 1) + 2] = shared


def char_statistics(pairs: Sequence[Tuple[str, str]], order: int = 6) -> List[List[int]]:
    """sacrebleu's chrF statistics (character n-grams up to ``order``, whitespace removed,
    no word n-grams) of each (hypothesis, reference) pair, in one compiled call."""
    texts = []
    at = [0]
    for hyp, ref in pairs:
        for text in (hyp, ref):
            text = "".join(text.split())
            texts.append(text)
            at.append(at[-1] + len(text))
    # one code point a 4-byte unit (lone surrogates kept as they are: Python counts them)
    chars = np.frombuffer("".join(texts).encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    out = np.zeros((len(pairs), 3 * order), dtype=np.int64)
    if pairs:
        _statistics(chars, np.array(at, dtype=np.int64), order, out)
    return out.tolist()


class CHRF(_SacreCHRF):
    """sacrebleu's chrF (options, aggregation, signature) whose statistics of character
    n-grams alone (``word_order`` 0, whitespace left out: the default ``CHRF()``) are
    counted by ``char_statistics``: the same statistics, computed faster and off the GIL."""

    @property
    def compiled(self) -> bool:
        return self.word_order == 0 and not self.whitespace

    def segments_statistics(self, hypotheses: Sequence[str], references: Sequence[str]
                            ) -> List[List[int]]:
        """``_compute_segment_statistics`` of each preprocessed (hypothesis, its one
        reference) pair."""
        if not self.compiled:
            return [self._compute_segment_statistics(h, self._extract_reference_info([r]))
                    for h, r in zip(hypotheses, references)]
        return char_statistics(list(zip(hypotheses, references)), self.char_order)
