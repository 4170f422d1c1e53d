"""How well propagation and linking do on gold data (pure; used by tests and benchmarks).

* ``propagation_recovery``: drop a share of the gold mentions of each document at random,
  propagate what is left, and count how many dropped mentions are covered again.  A dropped
  mention is *recoverable* when its string is still labelled elsewhere in the same document
  (nothing can know an entity that is never labelled).
* ``cluster_purity``: cluster gold mentions and compare with a gold identity per mention:
  purity (each cluster's majority identity share) and inverse purity (each identity's largest
  cluster share: does linking actually group the inflected forms of one name).
"""
from __future__ import annotations

import random
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Callable, Dict, Iterable, List, Sequence, Tuple

from schemas.records import Mention, Segment
from transforms import linking


@dataclass
class Recovery:
    dropped: int = 0
    recoverable: int = 0
    recovered_recoverable: int = 0
    recovered_any: int = 0

    @property
    def rate(self) -> float:
        return self.recovered_recoverable / self.recoverable if self.recoverable else 1.0

    def add(self, other: "Recovery") -> None:
        self.dropped += other.dropped
        self.recoverable += other.recoverable
        self.recovered_recoverable += other.recovered_recoverable
        self.recovered_any += other.recovered_any


def propagation_recovery(segments: Sequence[Segment], drop: float, rng: random.Random,
                         lang: str = "") -> Recovery:
    gold = linking.mentions_from_labels(segments)
    dropped_idx = {i for i in range(len(gold)) if rng.random() < drop}
    kept = [m for i, m in enumerate(gold) if i not in dropped_idx]
    kept_strings = {m.text for m in kept}
    result = linking.propagate(segments, kept, lang=lang)
    covered: Dict[int, List[Tuple[int, int]]] = defaultdict(list)
    for m in result:
        covered[m.segment].append((m.start, m.end))
    rec = Recovery()
    for i in dropped_idx:
        m = gold[i]
        rec.dropped += 1
        hit = any(a <= m.start and m.end <= b for a, b in covered[m.segment])
        rec.recovered_any += hit
        if m.text in kept_strings and linking.propagatable(m.text):
            rec.recoverable += 1
            rec.recovered_recoverable += hit
    return rec


@dataclass
class Purity:
    mentions: int
    clusters: int
    identities: int
    purity: float
    inverse_purity: float
    multi_form_clusters: int   # clusters holding 2+ distinct surface forms


def cluster_purity(mentions: List[Mention], identity: Callable[[Mention], str],
                   lang: str = "") -> Purity:
    linking.link(mentions, lang=lang)
    by_cluster: Dict[int, Counter] = defaultdict(Counter)
    by_identity: Dict[str, Counter] = defaultdict(Counter)
    forms: Dict[int, set] = defaultdict(set)
    for m in mentions:
        ident = identity(m)
        by_cluster[m.cluster][ident] += 1
        by_identity[ident][m.cluster] += 1
        forms[m.cluster].add(m.text)
    n = len(mentions) or 1
    return Purity(
        mentions=len(mentions), clusters=len(by_cluster), identities=len(by_identity),
        purity=sum(c.most_common(1)[0][1] for c in by_cluster.values()) / n,
        inverse_purity=sum(c.most_common(1)[0][1] for c in by_identity.values()) / n,
        multi_form_clusters=sum(1 for f in forms.values() if len(f) > 1))
