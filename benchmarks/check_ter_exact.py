"""fast_ter against sacrebleu's lib_ter on every line-aligned MultiLeg train sv->da pair
(Apertium sv->da against the human da line), plus one scrambled hypothesis per pair: counts
the pairs whose edits differ (must be 0) and times both.

    python -m benchmarks.check_ter_exact [--docs N] [--every K]
"""
from __future__ import annotations

import argparse
import html
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sacrebleu.metrics import TER, lib_ter  # noqa: E402

from transforms.evaluation import fast_ter  # noqa: E402

CORPORA = Path(os.environ.get("DOPPEL_CORPORA", Path(__file__).resolve().parent.parent.parent
                              / "shared" / "corpora"))


def apertium_sv_da_pairs(engine, root: Path, docs=None):
    """(Apertium's Danish, the human Danish line) for the line-aligned MultiLeg sv/da
    documents under ``root`` (the first ``docs`` of them)."""
    pairs = []
    for src in sorted((root / "sv").glob("*_sv.jsonl"))[:docs]:
        tgt = root / "da" / src.name.replace("_sv.", "_da.")
        if not tgt.exists():
            continue
        a = [json.loads(x)["text"] for x in src.read_text(encoding="utf-8").splitlines()
             if x.strip()]
        b = [json.loads(x)["text"] for x in tgt.read_text(encoding="utf-8").splitlines()
             if x.strip()]
        if len(a) != len(b):
            continue
        out = []
        for i in range(0, len(a), 200):
            out += engine.translate([html.escape(t, quote=False) for t in a[i:i + 200]])
        pairs += [(html.unescape(h), r) for h, r in zip(out, b)]
    return pairs


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--docs", type=int, default=0)
    ap.add_argument("--every", type=int, default=1, help="every K-th pair")
    ap.add_argument("--scramble-every", type=int, default=1,
                    help="a scrambled hypothesis for every K-th of those pairs (0: none)")
    args = ap.parse_args(argv)
    from transforms.engines.apertium import ApertiumEngine
    eng = ApertiumEngine("sv", "da")
    try:
        pairs = apertium_sv_da_pairs(eng, CORPORA / "multileg" / "train", args.docs or None)
    finally:
        eng.close()
    tok = TER()
    rnd = random.Random(1)
    todo = []
    n_real = 0
    for k, (h, r) in enumerate(pairs[::args.every]):
        wh, wr = tok._preprocess_segment(h).split(), tok._preprocess_segment(r).split()
        todo.append((wh, wr))
        n_real += 1
        if args.scramble_every and k % args.scramble_every == 0:
            todo.append((rnd.sample(wh, len(wh)), wr))
    fast_ter.translation_edit_rate(["a"], ["b"])          # compile (or load) first
    t_sacre = t_fast = 0.0
    differ = 0
    for k, (wh, wr) in enumerate(todo):
        if k and k % 200 == 0:
            print(f"... {k} pairs, {differ} differ", flush=True)
        t0 = time.perf_counter()
        want = lib_ter.translation_edit_rate(wh, wr)
        t1 = time.perf_counter()
        got = fast_ter.translation_edit_rate(wh, wr)
        t2 = time.perf_counter()
        t_sacre += t1 - t0
        t_fast += t2 - t1
        if got != want:
            differ += 1
            print(f"DIFFER {want} {got}: {' '.join(wh)!r} / {' '.join(wr)!r}")
    print(f"{len(todo)} pairs ({n_real} Apertium sv->da vs human da, {len(todo) - n_real} "
          f"scrambled), {sum(len(wr) >= 60 for _, wr in todo)} with a reference of 60+ words: "
          f"{differ} differ; sacrebleu {t_sacre:.1f}s, fast_ter {t_fast:.2f}s "
          f"({t_sacre / max(t_fast, 1e-9):.0f}x)")
    return differ


if __name__ == "__main__":
    sys.exit(1 if main() else 0)
