"""Round trips the translate job makes to its long-lived ``lt-proc`` processes (the analysers,
bilingual dictionaries and generators of ``target_names`` and ``apertium_lexicon``), by
thread, and the time its threads wait in them: a round trip is a wait for another process to
be scheduled, which on a machine whose cores Apertium's chains keep busy costs far more than
its CPU.  Side by side for several checkouts, alternating.

    python -m benchmarks.bench_round_trips [--input GLOB] [--copies N] [--runs N]
        [--tree NAME=DIR ...] [--callers K]

Corpus: the input files (MultiLeg en train, 50 documents, by default) taken ``--copies``
times under other names, as ``bench_scaling`` makes its corpora (4 copies: its 200
documents).  Each tree's job runs in a process of its own (``python -m pipelines.translate``
from DIR with PYTHONPATH=DIR, en->es, Apertium), with ``_LtProc`` wrapped to count.
Printed per run: wall time, round trips and seconds waited on the job's main (protecting)
thread, on the restoring thread and elsewhere, and the ``--callers`` most frequent callers.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPORA = os.environ.get("DOPPEL_CORPORA", os.path.join(HERE, "..", "shared", "corpora"))

# Run in the job's process: _LtProc wrapped, then the job as ``python -m`` runs it.
_WRAPPER = r'''
import collections, json, runpy, sys, threading, time
import transforms.target_names as names
counts, waited, callers = collections.Counter(), collections.Counter(), collections.Counter()
def kind():
    n = threading.current_thread().name
    return "restore" if "restore" in n else "main" if n == "MainThread" else "other"
def wrap(fn):
    def inner(self, *a, **k):
        t = time.perf_counter()
        try:
            return fn(self, *a, **k)
        finally:
            who = kind()
            counts[who] += 1
            waited[who] += time.perf_counter() - t
            f, chain = sys._getframe(1), []
            while f is not None and len(chain) < 3:
                chain.append(f.f_code.co_name)
                f = f.f_back
            callers[who + ": " + " < ".join(chain)] += 1
    return inner
names._LtProc.many = wrap(names._LtProc.many)
names._LtProc.__call__ = wrap(names._LtProc.__call__)
t0 = time.perf_counter()
sys.argv = ["pipelines.translate"] + sys.argv[2:]
try:
    runpy.run_module("pipelines.translate", run_name="__main__")
except SystemExit:
    pass
import os
with open(os.environ["DOPPEL_RT_OUT"], "w") as fh:
    json.dump({"wall": time.perf_counter() - t0, "round_trips": dict(counts),
               "waited_s": {k: round(v, 2) for k, v in waited.items()},
               "callers": callers.most_common()}, fh)
'''


def corpus(paths, copies, directory):
    os.makedirs(directory)
    for k in range(copies):
        for src in paths:
            shutil.copy(src, os.path.join(directory, f"c{k}_{os.path.basename(src)}"))


def run(tree: str, pattern: str, out: str, result: str) -> dict:
    env = {**os.environ, "PYTHONPATH": tree, "DOPPEL_RT_OUT": result,
           "DOPPEL_SECRET": os.environ.get("DOPPEL_SECRET", "bench")}
    subprocess.run([sys.executable, "-c", _WRAPPER, "-", "--input", pattern, "--output", out,
                    "--source-lang", "en", "--target-lang", "es", "--engine", "apertium",
                    "--progress-interval", "0"], cwd=tree, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(result, encoding="utf-8") as fh:
        return json.load(fh)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--input", default=os.path.join(CORPORA, "multileg", "train", "en", "*.jsonl"))
    ap.add_argument("--copies", type=int, default=4)
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--tree", action="append", default=[], metavar="NAME=DIR",
                    help="a checkout to run (default: this one)")
    ap.add_argument("--callers", type=int, default=8)
    args = ap.parse_args(argv)
    trees = [t.split("=", 1) for t in args.tree] or [["here", HERE]]
    paths = sorted(glob.glob(args.input))
    if not paths:
        raise SystemExit(f"no input matches {args.input}")
    with tempfile.TemporaryDirectory() as tmp:
        corpus(paths, args.copies, os.path.join(tmp, "in"))
        for i in range(args.runs):
            for name, tree in trees:
                out = os.path.join(tmp, "out")
                shutil.rmtree(out, ignore_errors=True)
                load = open("/proc/loadavg").read().split()[0] if os.path.exists(
                    "/proc/loadavg") else "?"
                r = run(os.path.abspath(tree), os.path.join(tmp, "in", "*.jsonl"), out,
                        os.path.join(tmp, "result.json"))
                trips = r["round_trips"]
                print(f"run {i + 1} {name} ({len(paths) * args.copies} documents, load {load}): "
                      f"wall {r['wall']:.1f} s; round trips main {trips.get('main', 0)}, "
                      f"restore {trips.get('restore', 0)}, other {trips.get('other', 0)}; "
                      f"waited in them (s) {r['waited_s']}")
                for who, n in r["callers"][:args.callers]:
                    print(f"    {n:6d}  {who}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
