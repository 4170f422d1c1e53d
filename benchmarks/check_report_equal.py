"""The same scores, to the last decimal, with the same signatures, before and after: the rows of
an evaluate run (``segments.parquet``) scored by another checkout's ``build_report`` (e.g. the
commit before issue 19: sacrebleu's own TER, scored in one place) and by this one's, the way
the pipeline now does it (each row's statistics by ``SegmentScorer``, then summed and
resampled).  Compares every score, signature, p-value and CI of report.json's rows and the
significance signatures; prints the differences (none expected) and both times.

    python -m benchmarks.check_report_equal --segments OUT/segments.parquet \
        --before-tree ../wt-before [--target-lang da] [--samples 1000]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIELDS = ("n_segments", "bleu", "chrf", "ter", "delivered_chrf")
KEEP = ("engine", "method", "direction", "document", "index", "alignment", "hypothesis_masked",
        "reference_masked", "hypothesis", "reference", "source_masked", "status", "hyp_masks",
        "hyp_unplaced", "ref_masks")


def load_rows(path):
    import pyarrow.parquet as pq
    return [{k: r[k] for k in KEEP} for r in pq.read_table(path).to_pylist()]


def emit(args):
    """In the tree given by the working directory: build_report over the rows, as JSON."""
    sys.path.insert(0, os.getcwd())
    from transforms.evaluation import score
    rows = load_rows(args.segments)
    t0 = time.perf_counter()
    if args.workers_path:
        from transforms.evaluation import metrics
        scorer = metrics.SegmentScorer(args.target_lang)
        rows = [score.segment_statistics(r, scorer) for r in rows]
    rep = score.build_report(rows, [], "original", args.target_lang, args.samples)
    rep["seconds"] = time.perf_counter() - t0
    rep["ter_module"] = sys.modules[type(score.metrics._metric("ter")).__module__].__file__
    json.dump(rep, sys.stdout)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--segments", required=True)
    ap.add_argument("--before-tree", required=False)
    ap.add_argument("--target-lang", default="da")
    ap.add_argument("--samples", type=int, default=1000)
    ap.add_argument("--emit", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--workers-path", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.emit:
        return emit(args)

    def run(tree, workers):
        cmd = [sys.executable, os.path.abspath(__file__), "--emit", "--segments",
               os.path.abspath(args.segments), "--target-lang", args.target_lang,
               "--samples", str(args.samples)] + (["--workers-path"] if workers else [])
        env = dict(os.environ, PYTHONPATH=tree)
        out = subprocess.run(cmd, cwd=tree, env=env, check=True, capture_output=True, text=True)
        return json.loads(out.stdout)

    before = run(os.path.abspath(args.before_tree), False)
    after = run(HERE, True)
    differ = 0
    b_rows = {(r["engine"], r["method"]): r for r in before["rows"]}
    for r in after["rows"]:
        b = b_rows[(r["engine"], r["method"])]
        keys = [k for k in r if k in FIELDS or k.endswith(("_signature", "_p_value", "_ci"))]
        for k in sorted(set(keys) | {k for k in b if k in FIELDS or k.endswith(
                ("_signature", "_p_value", "_ci"))}):
            if r.get(k) != b.get(k):
                differ += 1
                print(f"DIFFER {r['method']} {k}: before {b.get(k)!r} after {r.get(k)!r}")
    if before["significance"] != after["significance"]:
        differ += 1
        print("DIFFER significance signatures")
    for r in sorted(after["rows"], key=lambda r: r["method"]):
        print(f"{r['method']:<12} n={r['n_segments']} BLEU {r['bleu']} chrF {r['chrf']} "
              f"TER {r['ter']} TER p {r.get('ter_p_value')} ci {r.get('ter_ci')} | "
              f"{r['ter_signature']}")
    print(f"before ({before['ter_module']}): {before['seconds']:.1f}s; after "
          f"({after['ter_module']}, per-segment statistics): {after['seconds']:.1f}s; "
          f"{len(after['rows'])} rows, {differ} difference(s)")
    return differ


if __name__ == "__main__":
    sys.exit(1 if main() else 0)
