"""Fuzz every reader and writer, the markup round trip and restoration
(``tests/adversarial/fuzz.py``): at least ``--examples`` (default 10,000) per target, each
example checked for any exception but the documented ``FormatError``.

    python -m scripts.fuzz_readers [--examples N] [--only TARGET ...] [--seed S]

Prints, per target, the examples run, what became of them, and the time taken; exits 1 when
a target failed (hypothesis prints the smallest failing example)."""
from __future__ import annotations

import argparse
import os
import sys
import time
import traceback

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main(argv=None) -> int:
    sys.path.insert(0, REPO)
    from hypothesis import HealthCheck, given, seed, settings
    from tests.adversarial import fuzz
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--examples", type=int, default=10000)
    ap.add_argument("--only", nargs="*", default=None, choices=sorted(fuzz.TARGETS))
    ap.add_argument("--seed", type=int, default=18)
    args = ap.parse_args(argv)
    failed = 0
    for name, (strategy, check) in fuzz.TARGETS.items():
        if args.only and name not in args.only:
            continue
        calls = [0]

        @seed(args.seed)
        @settings(max_examples=args.examples, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(strategy)
        def run(example):
            calls[0] += 1
            check(example)

        t = time.monotonic()
        try:
            run()
            verdict = "ok"
        except Exception:
            failed += 1
            verdict = "FAILED"
            traceback.print_exc()
        outcomes = dict(fuzz.OUTCOMES.get(name, {}))
        print(f"{name:<22} {verdict:<6} examples run {calls[0]:>6}  "
              f"{time.monotonic() - t:7.1f} s  {outcomes}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
