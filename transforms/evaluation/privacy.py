"""Privacy figures against gold spans (pure).

* **Leak rate**: the share of gold entity mentions whose string is in what was sent to the
  engine for their segment — *exact* (case-insensitive, word-bounded) and *fuzzy*: the best
  Levenshtein-style similarity (``difflib.SequenceMatcher.ratio``, stdlib) between the mention
  and any window of as many words in the payload reaches a threshold (Pissarra et al. count a
  near-copy such as an inflected or misspelt name as a leak too).  A segment held back by the
  leak guard was not sent and leaks nothing.
* **Detection** at mention level — precision: share of protected mentions overlapping a gold
  mention of any category; recall: share of gold mentions (of the protected categories) whose
  every character lies inside protected mentions — and at **entity** level, as in the Text
  Anonymization Benchmark: an entity (gold mentions of one document linked by
  ``linking.link_key``) counts as protected only if every one of its mentions was.
"""
from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

import numpy as np

from transforms.evaluation.fast_ter import njit
from transforms.linking import _WORD, fold, link_key

FUZZY_THRESHOLD = 0.8


@dataclass
class PrivacyCounts:
    """Additive counts, summed over documents then turned into rates."""
    gold_mentions: int = 0
    leaked_exact: int = 0
    leaked_fuzzy: int = 0
    gold_covered: int = 0          # gold mentions fully inside protected mentions
    predicted: int = 0             # protected mentions
    predicted_correct: int = 0     # ... overlapping a gold mention
    gold_entities: int = 0
    entities_covered: int = 0

    def add(self, other: "PrivacyCounts") -> "PrivacyCounts":
        for k in self.__dataclass_fields__:
            setattr(self, k, getattr(self, k) + getattr(other, k))
        return self

    def rates(self) -> Dict[str, Optional[float]]:
        def r(a, b):
            return round(a / b, 4) if b else None
        p = r(self.predicted_correct, self.predicted)
        rec = r(self.gold_covered, self.gold_mentions)
        f1 = round(2 * p * rec / (p + rec), 4) if p and rec else (0.0 if p is not None and rec is not None else None)
        return {"leak_exact": r(self.leaked_exact, self.gold_mentions),
                "leak_fuzzy": r(self.leaked_fuzzy, self.gold_mentions),
                "detection_precision": p, "detection_recall": rec, "detection_f1": f1,
                "entity_recall": r(self.entities_covered, self.gold_entities),
                "gold_mentions": self.gold_mentions, "gold_entities": self.gold_entities}


def leaks_exact(mention: str, payload: str) -> bool:
    m = mention.strip()
    if not m:
        return False
    folded = fold(m)
    if not folded:
        return _exact_pattern(folded).search(_folded(payload)) is not None
    return _bounded_in(folded, _folded(payload))


_WORD_CHAR = re.compile(_WORD)


def _is_word(c: str) -> bool:
    """``c`` matches ``_WORD`` (asked only at the edges of an occurrence found)."""
    return _WORD_CHAR.match(c) is not None


def _bounded_in(needle: str, text: str) -> bool:
    """``_exact_pattern(needle).search(text)`` for a non-empty ``needle``, by ``str.find``:
    an occurrence with no word character on either side.  Compiling each mention's pattern
    cost more than all the searches (a corpus has thousands of distinct mentions)."""
    n = len(needle)
    at = text.find(needle)
    while at >= 0:
        if (at == 0 or not _is_word(text[at - 1])) and \
                (at + n == len(text) or not _is_word(text[at + n])):
            return True
        at = text.find(needle, at + 1)
    return False


@functools.lru_cache(maxsize=4096)
def _exact_pattern(folded: str) -> re.Pattern:
    """A mention's word-bounded pattern, compiled once (``re``'s own cache holds 512, fewer
    than a corpus's mentions)."""
    return re.compile(rf"(?<!{_WORD}){re.escape(folded)}(?!{_WORD})")


@functools.lru_cache(maxsize=64)
def _folded(payload: str) -> str:
    return fold(payload)


_STRIP = ".,;:()[]\"'"


def fuzzy_similarity(mention: str, payload: str, at_least: Optional[float] = None) -> float:
    """Best ``SequenceMatcher`` ratio between the mention and a window of the payload with the
    same number of words (±1), compared case- and accent-insensitively.  With ``at_least``,
    only whether the best reaches it is wanted: windows whose upper bounds fall below it are
    skipped (``_reaching``) and the first window that reaches it ends the search, so the
    result is >= ``at_least`` exactly when the best ratio is."""
    m = fold(mention.strip())
    if not m:
        return 0.0
    words = _words(payload)
    n = len(m.split())
    sizes = {max(1, n - 1), n, n + 1}
    best = 0.0
    if at_least is not None:
        sm = None
        for window in _reaching(m, words, sizes, at_least):
            if sm is None:    # made for the first window that needs it: most calls have none
                sm = difflib.SequenceMatcher(autojunk=False)
                sm.set_seq2(m)
            sm.set_seq1(window)
            r = sm.ratio()
            if r >= at_least:
                return r
            best = max(best, r)
        return best
    sm = difflib.SequenceMatcher(autojunk=False)
    sm.set_seq2(m)
    for size in sizes:
        for i in range(0, max(1, len(words) - size + 1)):
            window = " ".join(words[i:i + size]).strip(_STRIP)
            sm.set_seq1(window)
            if sm.real_quick_ratio() <= best or sm.quick_ratio() <= best:
                continue
            best = max(best, sm.ratio())
    return best


@functools.lru_cache(maxsize=64)
def _words(payload: str) -> Tuple[str, ...]:
    """The payload's words, folded (a segment's payload is searched for each of its
    mentions)."""
    # str.split cuts where re's \s matched: both ask Py_UNICODE_ISSPACE
    return tuple(_folded(payload).split())


def _codes(text: str) -> np.ndarray:
    return np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32).astype(np.int64)


@functools.lru_cache(maxsize=64)
def _layout(words: Tuple[str, ...]):
    """The words joined by single spaces (every window is a slice of it), as code points,
    and where each word starts and ends in it."""
    starts, ends, pos = [], [], 0
    for w in words:
        starts.append(pos)
        ends.append(pos + len(w))
        pos += len(w) + 1
    joined = " ".join(words)
    return (joined, _codes(joined), np.array(starts, dtype=np.int64),
            np.array(ends, dtype=np.int64))


_STRIP_CODES = np.array(sorted(ord(c) for c in _STRIP), dtype=np.int64)


@njit(cache=True, nogil=True)
def _member(c, sorted_codes: np.ndarray) -> bool:
    x = np.searchsorted(sorted_codes, c)
    return x < sorted_codes.shape[0] and sorted_codes[x] == c


@njit(cache=True, nogil=True)
def _passing(m: np.ndarray, text: np.ndarray, starts: np.ndarray, ends: np.ndarray,
             sizes: np.ndarray, at_least: float, strip: np.ndarray) -> np.ndarray:
    """[a, b) in ``text`` of each window (in ``fuzzy_similarity``'s order) that passes
    ``SequenceMatcher``'s ``real_quick_ratio`` and ``quick_ratio`` tests against ``m`` at
    ``at_least``, each computed as difflib does: 2·min(len) / total, then 2·(characters in
    common, counted with repetition) / total."""
    lb = m.shape[0]
    uniq = np.unique(m)
    want = np.zeros(uniq.shape[0], dtype=np.int64)
    for c in m:
        want[np.searchsorted(uniq, c)] += 1
    # each character's place among the mention's distinct characters (-1: not one of
    # them), looked up once, not once for every window that holds it
    place = np.full(text.shape[0], -1, dtype=np.int64)
    for k in range(text.shape[0]):
        x = np.searchsorted(uniq, text[k])
        if x < uniq.shape[0] and uniq[x] == text[k]:
            place[k] = x
    nw = starts.shape[0]
    out = np.empty((0, 2), dtype=np.int64)
    found = []
    for size in sizes:
        for i in range(0, max(1, nw - size + 1)):
            j = min(i + size, nw)
            if j <= i:
                a, b = 0, 0
            else:
                a, b = starts[i], ends[j - 1]
                # str.strip(_STRIP): from both ends
                while a < b and _member(text[a], strip):
                    a += 1
                while b > a and _member(text[b - 1], strip):
                    b -= 1
            la = b - a
            if la + lb == 0:
                continue            # not reached: m is never empty
            if 2.0 * min(la, lb) / (la + lb) < at_least:
                continue
            avail = want.copy()
            matches = 0
            for k in range(a, b):
                x = place[k]
                if x >= 0 and avail[x] > 0:
                    avail[x] -= 1
                    matches += 1
            if 2.0 * matches / (la + lb) < at_least:
                continue
            found.append((a, b))
    if found:
        out = np.empty((len(found), 2), dtype=np.int64)
        for n in range(len(found)):
            out[n, 0] = found[n][0]
            out[n, 1] = found[n][1]
    return out


def _reaching(m: str, words: Tuple[str, ...], sizes, at_least: float):
    """The windows of ``fuzzy_similarity``, in its order, that pass ``SequenceMatcher``'s
    ``real_quick_ratio`` and ``quick_ratio`` tests at ``at_least`` (compiled: ``_passing``);
    only these need its ``ratio``."""
    joined, text, starts, ends = _layout(words)
    for a, b in _passing(_codes(m), text, starts, ends, np.array(list(sizes), dtype=np.int64),
                         float(at_least), _STRIP_CODES):
        yield joined[a:b]


def leaks_fuzzy(mention: str, payload: str, threshold: float = FUZZY_THRESHOLD) -> bool:
    return leaks_exact(mention, payload) or _near_copy(mention, payload, threshold)


def _near_copy(mention: str, payload: str, threshold: float) -> bool:
    """``leaks_fuzzy`` once ``leaks_exact`` has said no."""
    if len(mention.strip()) < 4:      # "EU", "3": similarity of tiny strings means nothing
        return False
    return fuzzy_similarity(mention, payload, threshold) >= threshold


def _covered(span: Tuple[int, int], text: str, predicted: Sequence[Tuple[int, int]]) -> bool:
    return all(text[i].isspace() or any(a <= i < b for a, b in predicted)
               for i in range(span[0], span[1]))


def _coverage(text: str, predicted: Sequence[Tuple[int, int]]) -> bytearray:
    """1 at each character of ``text`` inside a predicted span: ``_covered`` asks, for each
    character of a mention, whether any span holds it — once per mention and span."""
    cov = bytearray(len(text))
    for a, b in predicted:
        a, b = max(a, 0), min(b, len(text))
        if a < b:
            cov[a:b] = b"\x01" * (b - a)
    return cov


@functools.lru_cache(maxsize=16384)
def _leaks(mention: str, payload: str, threshold: float) -> Tuple[bool, bool]:
    """(exact, fuzzy) leak of ``mention`` in ``payload``, kept: each method of a document
    is counted on its own, and where two send a segment alike (a mention no method
    protected, a segment without entities) the answer is the same."""
    if leaks_exact(mention, payload):
        return True, True
    return False, _near_copy(mention, payload, threshold)


def document_counts(segments: Sequence[Tuple[str, Sequence[Sequence], Optional[str]]],
                    predicted: Dict[int, List[Tuple[int, int]]],
                    categories: Optional[Iterable[str]],
                    threshold: float = FUZZY_THRESHOLD) -> PrivacyCounts:
    """``segments``: per segment index, (source text, gold labels [start, end, category],
    payload sent or None).  ``predicted``: segment index -> protected mention spans.
    ``categories``: the protected categories (None: all)."""
    wanted = None if categories is None else set(categories)
    c = PrivacyCounts()
    entities: Dict[Tuple[str, str], bool] = {}
    for idx, (text, labels, payload) in enumerate(segments):
        gold_all = [(int(s), int(e), str(cat).upper()) for s, e, cat, *_ in labels]
        gold = [g for g in gold_all if wanted is None or g[2] in wanted]
        preds = predicted.get(idx, [])
        c.predicted += len(preds)
        c.predicted_correct += sum(1 for a, b in preds if any(a < e and s < b for s, e, _ in gold_all))
        coverage = _coverage(text, preds) if gold else None
        for s, e, cat in gold:
            c.gold_mentions += 1
            mention = text[s:e]
            if payload is not None:
                exact, fuzzy = _leaks(mention, payload, threshold)
                c.leaked_exact += exact
                c.leaked_fuzzy += fuzzy
            ok = all(coverage[i] or text[i].isspace() for i in range(s, e))
            c.gold_covered += ok
            key = (cat, link_key(mention))
            entities[key] = entities.get(key, True) and ok
    c.gold_entities = len(entities)
    c.entities_covered = sum(entities.values())
    return c
