"""PRISM-R and PRISM* (Sato, TMLR 2024; DESIGN.md §2.2): substitute words before sending,
decode them after (pure).

PRISM-R (the paper's randomised mechanism): every word w of the dictionary's vocabulary V
is, independently, kept with probability 1 − r and with probability r replaced by a word
drawn uniformly from V (possibly w itself).  A word is therefore sent as itself with
probability (1 − r) + r/|V| and as any other given word with probability r/|V|, so for any
two words w, w' and any output u

    Pr[u | w] / Pr[u | w'] <= ((1 − r) + r/|V|) / (r/|V|) = (r + |V|(1 − r)) / r,

word-level ε-differential privacy with ε = ln((r + |V|(1 − r)) / r) (Theorem 3.2).
Words outside V (function words, words the dictionary does not know, entity pseudonyms,
numbers) are not substituted and carry no guarantee.

PRISM* (no guarantee, better quality): the ⌈r·n⌉ words (n: the words of the text) whose
(word, POS) entries have the highest confidence c(w, s) are replaced by unused words of
the same POS, most confident first, whose translations are not already expected.

Decoding (Algorithms 1 and 2): for each substitution w -> u, the first word of the output
that is in L(u) (best first) is replaced by L(w, 1); failing that, the output word sharing
the longest prefix (5+ letters, 4 for short words) with L(u, 1).  ``decode=False`` is the
paper's NoDecode baseline.

The substitution history (what was replaced by what) is the secret: it stays with the
caller, never in what is sent.

Nesting: PRISM* applied to PRISM-R's output only (it never sees the original) is
post-processing of a differentially private output and keeps PRISM-R's ε; decoding undoes
PRISM* first, then PRISM-R (``nested``).

Mixture (``prism_mix``; Doppel's own construction, the paper's exact statement not being at
hand): every word w of V is, independently, replaced with probability r by a word drawn
uniformly from V (PRISM-R's draw, from the same randomness) and otherwise (1 − r) by a
fixed substitute s(w) that depends on w alone (``mix_substitutes``: the next word after w,
in the dictionary's order, among the POS-keyed entries of w's own most confident POS, in V
and no word of the run's entity strings), or kept when w has none.  Given w, an output u in
V has probability r/|V|, plus 1 − r if u = s(w) (u = w when w has no substitute); so every
u of V gets at least r/|V| from any input word and at most (1 − r) + r/|V|, no word
outside V is ever output for a word of V, and for any w, w', u

    Pr[u | w] / Pr[u | w'] <= ((1 − r) + r/|V|) / (r/|V|) = (r + |V|(1 − r)) / r:

PRISM-R's ε, one word position at a time (the other positions' outputs do not depend on
that word: s is a function of the word alone, never of its neighbours).
"""
from __future__ import annotations

import math
import os
import random
from dataclasses import dataclass, field
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from transforms.prism.dictionary import WordDictionary
from transforms.prism.tokens import CONTENT_POS, WORD, Token, with_case

METHODS = ("prism-r", "prism-star", "prism-nested", "prism-mix")


def epsilon(r: float, vocabulary_size: int) -> float:
    """Theorem 3.2: ε of PRISM-R with ratio ``r`` over a vocabulary of ``vocabulary_size``."""
    if not 0 < r <= 1:
        raise ValueError(f"PRISM ratio must be in (0, 1], got {r}")
    if vocabulary_size < 1:
        raise ValueError("PRISM-R needs a non-empty vocabulary")
    return math.log((r + vocabulary_size * (1 - r)) / r)


@dataclass
class Substitution:
    """One word replaced: the history entry decoding needs.  Never sent, never logged."""
    original: str                    # w, as written in the text
    sent: str                        # u, as sent
    start: int                       # offsets of u in the encoded text
    end: int
    decode_from: List[str]           # L(u): what u's translation looks like, best first
    decode_to: str                   # L(w, 1): what w translates to
    mechanism: str = "prism-r"
    pos: Optional[str] = None

    def to_dict(self) -> dict:
        return {"original": self.original, "sent": self.sent, "start": self.start,
                "end": self.end, "decode_from": list(self.decode_from),
                "decode_to": self.decode_to, "mechanism": self.mechanism, "pos": self.pos}

    @classmethod
    def from_dict(cls, d: dict) -> "Substitution":
        return cls(**d)


@dataclass
class Encoded:
    text: str
    substitutions: List[Substitution] = field(default_factory=list)
    # old offset -> new offset for positions outside substituted words (entity spans move)
    shifts: List[Tuple[int, int]] = field(default_factory=list)    # (old position, delta)
    words: int = 0                   # n: the words that could have been substituted

    def moved(self, pos: int) -> int:
        """Where a position of the text before encoding is in the encoded text."""
        delta = 0
        for at, d in self.shifts:
            if at <= pos:
                delta += d
        return pos + delta


def _free(t: Token, protected: Sequence[Tuple[int, int]]) -> bool:
    return all(t.end <= a or t.start >= b for a, b in protected)


def _apply(text: str, edits: List[Tuple[Token, str, Substitution]]) -> Encoded:
    edits = sorted(edits, key=lambda e: e[0].start)
    out, pos, delta, shifts, subs = [], 0, 0, [], []
    for tok, new, sub in edits:
        out.append(text[pos:tok.start])
        sub.start = tok.start + delta
        sub.end = sub.start + len(new)
        out.append(new)
        pos = tok.end
        d = len(new) - (tok.end - tok.start)
        if d:
            shifts.append((tok.end, d))
        delta += d
        subs.append(sub)
    out.append(text[pos:])
    return Encoded("".join(out), subs, shifts)


def _decode_from(d: WordDictionary, word: str, pos: Optional[str] = None) -> List[str]:
    """L(u), the keyed list first when there is one, then the word's own."""
    out: List[str] = []
    for e in (d.entry(word, pos) if pos else None, d.entry(word)):
        if e is not None:
            out += [v for v, _ in e.translations if v not in out]
    return out


def prism_r(text: str, tokens: Sequence[Token], d: WordDictionary, r: float,
            rng: random.Random, protected: Sequence[Tuple[int, int]] = (),
            vocabulary: Optional[Sequence[str]] = None) -> Encoded:
    """PRISM-R on ``text`` (``tokens``: its words), leaving ``protected`` spans alone: the
    mixture without substitutes (``_drawn``)."""
    return _drawn(text, tokens, d, r, rng, protected, vocabulary, {}, "prism-r")


def mix_substitutes(d: WordDictionary, vocabulary: Optional[Sequence[str]] = None,
                    avoid: Iterable[str] = ()) -> Dict[str, Tuple[str, str]]:
    """s(w) of PRISM's mixture for every word w of V: w -> (s(w), its POS).

    The rule, a function of w (and of the run's V and ``avoid``) alone: take w's most
    confident POS-keyed entry (highest c(w, s); ties: the POS earlier in CONTENT_POS); in
    that POS's entries, ordered as ``WordDictionary.by_pos`` orders them (most confident
    first, then by word), s(w) is the first word after w, going round, that is in V, is not
    w, is not in ``avoid`` (lower case: the words of the run's entity strings, so that no
    s(w) completes one with the words around it, "the costs" -> "the court"), and whose
    best translation L(., 1) is not w's (a stand-in the engine translates like w would give
    w away).  A word with no POS-keyed entry, or none such word, has no s(w): it is
    absent."""
    vocab = list(vocabulary) if vocabulary is not None else d.vocabulary()
    in_v = set(vocab)
    allowed = in_v - {a.lower() for a in avoid}
    pools = d.by_pos()
    where = {s: {e.word: i for i, e in enumerate(es)} for s, es in pools.items()}
    best: Dict[str, Tuple[float, int, str]] = {}
    for (w, s), e in d.keyed.items():
        if w not in in_v or not e.translations or s not in pools:
            continue
        order = CONTENT_POS.index(s) if s in CONTENT_POS else len(CONTENT_POS)
        rank = (-e.confidence, order, s)
        if w not in best or rank < best[w]:
            best[w] = rank
    out: Dict[str, Tuple[str, str]] = {}
    for w, (_, _, s) in best.items():
        own = d.entry(w)
        if own is None:
            continue
        pool = pools[s]
        i = where[s][w]
        for k in range(1, len(pool)):
            u = pool[(i + k) % len(pool)]
            if u.word != w and u.word in allowed and u.top != own.top:
                out[w] = (u.word, s)
                break
    return out


def prism_mix(text: str, tokens: Sequence[Token], d: WordDictionary, r: float,
              rng: random.Random, protected: Sequence[Tuple[int, int]] = (),
              vocabulary: Optional[Sequence[str]] = None,
              substitutes: Optional[Dict[str, Tuple[str, str]]] = None) -> Encoded:
    """PRISM's mixture on ``text``: each word of V, independently, with probability r
    PRISM-R's uniform draw from V (the same draws from ``rng`` as ``prism_r``), else its
    fixed substitute s(w) (``substitutes``: ``mix_substitutes`` of the same V), or kept
    when it has none.  ε: PRISM-R's (module docstring)."""
    if substitutes is None:
        substitutes = mix_substitutes(d, vocabulary)
    return _drawn(text, tokens, d, r, rng, protected, vocabulary, substitutes, "prism-mix")


def _drawn(text: str, tokens: Sequence[Token], d: WordDictionary, r: float,
           rng: random.Random, protected: Sequence[Tuple[int, int]],
           vocabulary: Optional[Sequence[str]], substitutes: Dict[str, Tuple[str, str]],
           method: str) -> Encoded:
    """Each word of V, independently: with probability r a word drawn uniformly from V,
    else its substitute in ``substitutes`` (none: kept).  Only words of the V drawn from are
    substituted: a word left out of V (an entity string) could never be drawn, and keeping
    it with 1 − r alone would break the bound."""
    vocab = list(vocabulary) if vocabulary is not None else d.vocabulary()
    in_v = set(vocab)
    edits = []
    n = 0
    for t in tokens:
        if not _free(t, protected):
            continue
        n += 1
        e = d.entry(t.key) if t.key in in_v else None
        if e is None:
            continue
        if rng.random() < r:
            u = rng.choice(vocab)
            if u == t.key:
                continue                 # drawn itself: sent unchanged, nothing to decode
            edits.append((t, with_case(u, t.text),
                          Substitution(t.text, "", 0, 0, _decode_from(d, u), e.top, method)))
            continue
        fixed = substitutes.get(t.key)
        if fixed is None:
            continue                     # no substitute: kept, as PRISM-R keeps it
        u, pos = fixed
        edits.append((t, with_case(u, t.text),
                      Substitution(t.text, "", 0, 0, _decode_from(d, u, pos), e.top,
                                   method, pos)))
    enc = _apply(text, edits)
    enc.words = n
    return enc


def prism_star(text: str, tokens: Sequence[Token], d: WordDictionary, r: float,
               protected: Sequence[Tuple[int, int]] = (),
               rng: Optional[random.Random] = None, exclude: Sequence[str] = ()) -> Encoded:
    """PRISM* on ``text`` (``tokens``: its words with their POS in context); no word of
    ``exclude`` (lower case) is used as a substitute."""
    free = [t for t in tokens if _free(t, protected)]
    budget = math.ceil(r * len(free)) if r > 0 else 0
    pool = d.by_pos()
    present = {t.key for t in tokens}
    cands = []
    for t in free:
        e = d.entry(t.key, t.pos) if t.pos in CONTENT_POS else None
        if e is not None:
            cands.append((-e.confidence, t.start, t, e))
    cands.sort(key=lambda c: (c[0], c[1]))
    used_words, expected = set(present) | {x.lower() for x in exclude}, set()
    cursor: Dict[str, int] = {}
    edits = []
    for _, _, t, e in cands:
        if len(edits) >= budget:
            break
        options = pool.get(t.pos, [])
        i = cursor.get(t.pos, 0)
        while i < len(options) and (options[i].word in used_words
                                    or options[i].top in expected or options[i].top == e.top):
            i += 1
        cursor[t.pos] = i + 1
        if i >= len(options):
            continue                     # this POS is exhausted: the word is sent as is
        u = options[i]
        used_words.add(u.word)
        expected.add(u.top)
        edits.append((t, with_case(u.word, t.text),
                      Substitution(t.text, "", 0, 0, _decode_from(d, u.word, t.pos), e.top,
                                   "prism-star", t.pos)))
    enc = _apply(text, edits)
    enc.words = len(free)
    return enc


def nested(text: str, tokens: Sequence[Token], tag: Callable[[str], List[Token]],
           d: WordDictionary, r: float, r_star: float, rng: random.Random,
           protected: Sequence[Tuple[int, int]] = (),
           vocabulary: Optional[Sequence[str]] = None, exclude: Sequence[str] = ()) -> Encoded:
    """PRISM-R, then PRISM* on PRISM-R's output alone (``tag`` gives its words and POS):
    post-processing, so PRISM-R's ε holds.  The history lists PRISM-R's substitutions
    first; ``decode`` undoes them last to first."""
    inner = prism_r(text, tokens, d, r, rng, protected, vocabulary)
    moved = [(inner.moved(a), inner.moved(b)) for a, b in protected]
    outer = prism_star(inner.text, tag(inner.text), d, r_star, moved, exclude=exclude)
    enc = Encoded(outer.text, inner.substitutions + outer.substitutions, [], inner.words)
    # positions: both shifts composed (outer's are in inner's coordinates)
    enc.moved = lambda pos: outer.moved(inner.moved(pos))      # type: ignore[method-assign]
    return enc


def _prefix(a: str, b: str) -> int:
    """Length of the common prefix (the reference code's fuzzy match)."""
    return len(os.path.commonprefix((a, b)))


def decode(translation: str, substitutions: Sequence[Substitution], fuzzy: bool = True,
           sent_length: int = 0) -> Tuple[str, int]:
    """The translation with every substitution's L(u) replaced by L(w, 1), last applied
    first; (text, substitutions decoded).  ``sent_length``: the length of the text sent;
    given, an L(u) word occurring several times is taken where its relative position is
    closest to the substitute's in what was sent (a substitute may also be a word the
    sentence has of its own)."""
    done = 0
    text = translation
    placed: List[str] = []
    # undo in reverse order of application (nested: PRISM* before PRISM-R); a decoded word
    # is held as a placeholder (no word characters) so no later substitution takes it
    for sub in reversed(list(substitutions)):
        toks = list(WORD.finditer(text))
        hit = None
        for x in sub.decode_from:
            found = [m for m in toks if m.group().lower() == x]
            if found:
                if sent_length and len(found) > 1:
                    at = sub.start / sent_length
                    found.sort(key=lambda m: abs(m.start() / max(1, len(text)) - at))
                hit = found[0]
                break
        if hit is None and fuzzy and sub.decode_from:
            x = sub.decode_from[0]
            best = max(toks, key=lambda m: (_prefix(x, m.group().lower()), -len(m.group())),
                       default=None)
            if best is not None:
                k = _prefix(x, best.group().lower())
                if k >= 5 or (k == 4 and max(len(x), len(best.group())) <= 5):
                    hit = best
        if hit is None:
            continue
        placed.append(with_case(sub.decode_to, hit.group()))
        text = text[:hit.start()] + f"\0{len(placed) - 1}\0" + text[hit.end():]
        done += 1
    for i, word in enumerate(placed):
        text = text.replace(f"\0{i}\0", word, 1)
    return text, done
