"""The offline privacy measure of word protection, and privacy-quality trade-off curves
with their area (AUPQC) (pure).

Privacy, per document: the original's content words (letters only, not a stop word of the
language; every occurrence counts) and, of them, those present in what was sent for the
same segment —

* ``exact``: the same word (case-insensitive) is in the payload;
* ``inverted``: it is in what an adversary holding the word dictionary can read back from
  the payload: each sent word, plus every dictionary word w' whose best translation L(w', 1)
  is the best translation of a sent word (a stand-in the engine translates like the
  original gives the original's meaning away through the dictionary).

``privacy = 1 − leaked / content`` (1: no content word readable; 0: all sent as they are).

Trade-off: each method family (``prism-r``, ``prism-star``, ``nodecode``, ...) is a curve of
(privacy, quality) points, one per ratio r, with quality the masked chrF / 100 against the
engine's own translation of the unmodified source (``--reference self``) or a human
reference.  Every curve starts at the r = 0 point (entities protected, no word substituted:
the ``pseudonym`` row, else ``original``) and ends at (1, 0) (sending nothing); AUPQC is the
area under the upper (Pareto) envelope of its points, linearly interpolated, over privacy
in [0, 1].  QS@p: the envelope's quality at privacy p.
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from transforms.prism.tokens import WORD

_TAGS = re.compile(r"<[^<>]*>")

STOP = {
    "en": set("""a about above after again against all also am an and any are as at be because
been before being below between both but by can could did do does doing down during each few
for from further had has have having he her here hers herself him himself his how i if in into
is it its itself just may me might more most must my myself no nor not now of off on once only
or other our ours ourselves out over own same shall she should so some such than that the their
theirs them themselves then there these they this those through to too under until up upon very
was we were what when where which while who whom why will with within without would you your
yours yourself yourselves s t d ll m o re ve y thereof therein hereby whereas shall via per""".split()),
    "es": set("""a al algo algunas algunos ante antes como con contra cual cuando de del desde donde
durante e el ella ellas ellos en entre era es esa esas ese eso esos esta estas este esto estos
fue ha han hasta hay la las le les lo los más me mi mis mucho muy nada ni no nos o os otra otro
para pero poco por porque que quien se sea ser si sin sobre su sus también tanto te tiene toda
todo todos tu tus un una uno unos y ya""".split()),
}


def content_words(text: str, lang: str) -> List[str]:
    stop = STOP.get(lang, set())
    return [w.lower() for w in WORD.findall(_TAGS.sub(" ", text))
            if w.isalpha() and w.lower() not in stop and len(w) > 1]


@dataclass
class WordPrivacy:
    content: int = 0
    exact: int = 0
    inverted: int = 0

    def add(self, other: "WordPrivacy") -> None:
        self.content += other.content
        self.exact += other.exact
        self.inverted += other.inverted

    def rates(self) -> Dict[str, Optional[float]]:
        if not self.content:
            return {"word_privacy": None, "word_privacy_inverted": None, "content_words": 0}
        return {"word_privacy": round(1 - self.exact / self.content, 4),
                "word_privacy_inverted": round(1 - self.inverted / self.content, 4),
                "content_words": self.content}


class Inverter:
    """What an adversary with the word dictionary reads back from a payload."""

    def __init__(self, dictionary=None):
        self.top: Dict[str, str] = {}
        self.by_top: Dict[str, set] = defaultdict(set)
        if dictionary is not None:
            for w, e in dictionary.words.items():
                if e.top:
                    self.top[w] = e.top
                    self.by_top[e.top].add(w)

    def readable(self, sent_words: Iterable[str]) -> set:
        out = set(sent_words)
        for u in list(out):
            t = self.top.get(u)
            if t is not None:
                out |= self.by_top[t]
        return out


def segment_privacy(original: str, sent: Optional[str], lang: str,
                    inverter: Optional[Inverter] = None) -> WordPrivacy:
    words = content_words(original, lang)
    if sent is None:             # not sent: nothing leaked
        return WordPrivacy(len(words), 0, 0)
    seen = {w.lower() for w in WORD.findall(_TAGS.sub(" ", sent))}
    readable = (inverter or Inverter()).readable(seen)
    return WordPrivacy(len(words), sum(w in seen for w in words),
                       sum(w in readable for w in words))


# --- curves --------------------------------------------------------------------------

def parse_point(method: str) -> Optional[Tuple[str, float]]:
    """``prism-r@0.3`` -> ("prism-r", 0.3); a method without ``@`` -> None."""
    if "@" not in method:
        return None
    family, _, r = method.partition("@")
    try:
        return family, float(r)
    except ValueError:
        return None


def envelope(points: Sequence[Tuple[float, float]]) -> List[Tuple[float, float]]:
    """The upper envelope (Pareto front) of (privacy, quality) points, by privacy: a point
    is kept when no other has at least its privacy and more quality."""
    pts = sorted(set(points))
    front: List[Tuple[float, float]] = []
    for p in reversed(pts):
        if not front or p[1] > front[-1][1]:
            front.append(p)
    return list(reversed(front))


def aupqc(points: Sequence[Tuple[float, float]], start: Tuple[float, float]) -> float:
    """Area under the envelope of ``points`` with ``start`` (r = 0) and (1, 0), over
    privacy 0..1 (quality held at the start's before its privacy)."""
    front = envelope(list(points) + [start, (1.0, 0.0)])
    area = front[0][0] * front[0][1]
    for (x0, y0), (x1, y1) in zip(front, front[1:]):
        area += (x1 - x0) * (y0 + y1) / 2
    return round(area, 4)


def quality_at(points: Sequence[Tuple[float, float]], start: Tuple[float, float],
               p: float) -> float:
    """QS@p: the envelope's quality at privacy p (linear between its points)."""
    front = envelope(list(points) + [start, (1.0, 0.0)])
    if p <= front[0][0]:
        return round(front[0][1], 4)
    for (x0, y0), (x1, y1) in zip(front, front[1:]):
        if x0 <= p <= x1:
            return round(y0 + (y1 - y0) * (p - x0) / (x1 - x0) if x1 > x0 else y1, 4)
    return 0.0


def curves(rows: Sequence[dict], quality_key: str = "chrf", privacy_key: str = "word_privacy"
           ) -> Dict[str, dict]:
    """Report rows -> per engine|direction|family: its points, AUPQC and QS@0.5."""
    out: Dict[str, dict] = {}
    groups: Dict[Tuple[str, str], List[dict]] = defaultdict(list)
    for r in rows:
        groups[(r["engine"], r["direction"])].append(r)
    for (engine, direction), rs in sorted(groups.items()):
        by_method = {r["method"]: r for r in rs}
        anchor_row = by_method.get("pseudonym") or by_method.get("original")
        if anchor_row is None or anchor_row.get(privacy_key) is None \
                or anchor_row.get(quality_key) is None:
            continue
        start = (anchor_row[privacy_key], anchor_row[quality_key] / 100.0)
        fams: Dict[str, List[Tuple[float, float, float]]] = defaultdict(list)
        for r in rs:
            pt = parse_point(r["method"])
            if pt is None or r.get(privacy_key) is None or r.get(quality_key) is None:
                continue
            fams[pt[0]].append((pt[1], r[privacy_key], r[quality_key] / 100.0))
        for fam, pts in sorted(fams.items()):
            xy = [(p, q) for _, p, q in sorted(pts)]
            out[f"{engine}|{direction}|{fam}"] = {
                "engine": engine, "direction": direction, "family": fam,
                "anchor": {"method": anchor_row["method"], "privacy": start[0],
                           "quality": round(start[1], 4)},
                "points": [{"ratio": r_, "privacy": p, "quality": round(q, 4)}
                           for r_, p, q in sorted(pts)],
                "aupqc": aupqc(xy, start), "qs_at_0.5": quality_at(xy, start, 0.5),
                "privacy": privacy_key, "quality": quality_key}
    return out
