"""``--fail-below metric=value``: the CI gate (pure).

Each check is ``[method.]metric=value`` (comma-separated or repeated): every report row (or
every row of that method) must have ``metric >= value`` — for TER and the leak rates, where
lower is better, ``metric <= value``.  A row without the figure fails the check (a gate that
cannot be evaluated must not pass)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

LOWER_IS_BETTER = {"ter", "leak_exact", "leak_fuzzy", "unresolved", "needs_review_segments",
                   "dead_lettered_segments", "failed_segments", "hyp_unplaced"}


class GateError(ValueError):
    pass


@dataclass
class Check:
    metric: str
    value: float
    method: Optional[str] = None

    def describe(self) -> str:
        op = "<=" if self.metric in LOWER_IS_BETTER else ">="
        who = f"{self.method} " if self.method else ""
        return f"{who}{self.metric} {op} {self.value:g}"


def parse(specs: Sequence[str]) -> List[Check]:
    checks = []
    for spec in specs:
        for part in spec.split(","):
            part = part.strip()
            if not part:
                continue
            if "=" not in part:
                raise GateError(f"--fail-below expects metric=value, got {part!r}")
            name, value = part.split("=", 1)
            method = None
            if "." in name:
                method, name = name.rsplit(".", 1)
            try:
                v = float(value)
            except ValueError:
                raise GateError(f"--fail-below {part!r}: {value!r} is not a number") from None
            checks.append(Check(metric=name.strip().lower(), value=v,
                                method=method.strip() if method else None))
    return checks


def evaluate(rows: Sequence[dict], checks: Sequence[Check]) -> Tuple[bool, List[str]]:
    """(passed, messages): one message per check, naming the rows that fail it."""
    ok, messages = True, []
    for c in checks:
        rs = [r for r in rows if c.method is None or r["method"] == c.method]
        if not rs:
            ok = False
            messages.append(f"{c.describe()}: no row for method {c.method!r}")
            continue
        bad = []
        for r in rs:
            v = r.get(c.metric)
            if v is None:
                bad.append(f"{r['engine']}/{r['method']}/{r['direction']} has no {c.metric}")
            elif (v > c.value) if c.metric in LOWER_IS_BETTER else (v < c.value):
                bad.append(f"{r['engine']}/{r['method']}/{r['direction']} = {v:g}")
        if bad:
            ok = False
            messages.append(f"{c.describe()} FAILED: " + "; ".join(bad))
        else:
            messages.append(f"{c.describe()}: passed ({len(rs)} rows)")
    return ok, messages
