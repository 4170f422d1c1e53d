"""The CPU seconds protection spends in the job's own Python, per stage, for the current tree.

    python -m benchmarks.bench_protect_cpu [--input GLOB] [--documents 200] [--runs 3]
        [--source-lang en] [--target-lang es] [--engine apertium] [--unlabelled]

Protection as the translate job runs it (``protect.protect_document`` with the job's default
options: pseudonyms, document scope, the shipped dictionary, the engine's views, the run's
entity strings propagated into every document), on the corpus ``bench_scaling`` makes: the
input files (MultiLeg en train, 50 documents, by default) taken in turn under other names
(``c<k>_<name>``) until there are ``--documents``.

Each run is a fresh process (the per-process caches start empty, as in the job); one
warm-up document (the first, under another name) loads the dictionary, Faker's pools and
the engine's processes first, so what is timed is the steady per-document work.  The
garbage collector runs as in the job (``pipelines.running.fewer_collections``).  CPU is
``time.process_time`` (this process, all its threads; not the engine's own processes),
split into

  * detection: ``protect._detect`` (identifiers, dates, the name detectors);
  * linking: the rest of ``analyse_document`` (labels, propagation, merging, clusters, the
    leak guard's forms);
  * choice: ``replace_document`` (the mentions' morphology, the pseudonyms' choice, the
    protected segments); ``describe`` is the morphology's part of it.

Printed: each run's seconds per 100 documents, and the medians.  Timings differ from
machine to machine: compare two trees side by side on the same machine.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPORA = os.environ.get("DOPPEL_CORPORA", os.path.join(HERE, "..", "shared", "corpora"))
STAGES = ("detection", "linking", "choice", "describe", "total")


def _documents(paths, n, source, target, unlabelled, prefix="c"):
    from transforms import formats
    docs = []
    for i in range(n):
        path = paths[i % len(paths)]
        with open(path, "rb") as fh:
            data = fh.read()
        if unlabelled:
            data = b"".join(json.dumps({k: v for k, v in json.loads(line).items()
                                        if k != "label"}, ensure_ascii=False).encode() + b"\n"
                            for line in data.splitlines() if line.strip())
        name = f"{prefix}{i // len(paths)}_{os.path.basename(path)}"
        docs.append(formats.read_document(name, path, data, source, target))
    return docs


def one_run(args) -> dict:
    """Times protection in this process: {stage: CPU seconds per 100 documents}."""
    from transforms import protect
    paths = sorted(glob.glob(args.input))
    docs = _documents(paths, args.documents, args.source_lang, args.target_lang,
                      args.unlabelled)
    warm = _documents(paths[:1], 1, args.source_lang, args.target_lang, args.unlabelled,
                      prefix="warmup")[0]
    # the run's entity strings, as ``beam.EntityForms`` gathers them
    forms = sorted({(d.segments[i].text[s:e], c) for d in docs for i in range(len(d.segments))
                    for s, e, c, *_ in d.segments[i].labels
                    if c in protect.DEFAULT_CATEGORIES})
    options = protect.ProtectOptions(secret=b"bench", engine=args.engine)
    spent = dict.fromkeys(STAGES, 0.0)

    def timed(stage, fn):
        def wrapper(*a, **k):
            t0 = time.process_time()
            try:
                return fn(*a, **k)
            finally:
                spent[stage] += time.process_time() - t0
        return wrapper

    protect._detect = timed("detection", protect._detect)
    protect.describe_mentions = timed("describe", protect.describe_mentions)
    protect.analyse_document = timed("analyse", protect.analyse_document)
    protect.replace_document = timed("choice", protect.replace_document)
    spent["analyse"] = 0.0
    # the collector as the job sets it for its run (``running.fewer_collections``): with
    # Python's own thresholds it walked the heap several times over, a tenth of what was
    # timed here, which the job does not spend
    from pipelines.running import fewer_collections
    with fewer_collections():
        protect.protect_document(warm, options, forms)
        spent = dict.fromkeys(spent, 0.0)
        t0 = time.process_time()
        for doc in docs:
            protect.protect_document(doc, options, forms)
        spent["total"] = time.process_time() - t0
    spent["linking"] = spent.pop("analyse") - spent["detection"]
    return {k: v * 100 / len(docs) for k, v in spent.items()}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--input", default=os.path.join(CORPORA, "multileg", "train", "en",
                                                    "*.jsonl"))
    ap.add_argument("--documents", type=int, default=200)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--source-lang", default="en")
    ap.add_argument("--target-lang", default="es")
    ap.add_argument("--engine", default="apertium")
    ap.add_argument("--unlabelled", action="store_true",
                    help="drop the labels: the model-free detector finds the names")
    ap.add_argument("--one-run", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one_run:
        print(json.dumps(one_run(args)))
        return 0
    if not glob.glob(args.input):
        raise SystemExit(f"no input matches {args.input}")
    child = [sys.executable, "-m", "benchmarks.bench_protect_cpu", "--one-run",
             "--input", args.input, "--documents", str(args.documents),
             "--source-lang", args.source_lang, "--target-lang", args.target_lang,
             "--engine", args.engine] + (["--unlabelled"] if args.unlabelled else [])
    runs = []
    for i in range(args.runs):
        out = subprocess.run(child, cwd=HERE, check=True, capture_output=True, text=True)
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
        print(f"run {i + 1}: " + ", ".join(f"{s} {runs[-1][s]:.2f}" for s in STAGES)
              + " CPU s per 100 documents", file=sys.stderr, flush=True)
    medians = {s: round(statistics.median(r[s] for r in runs), 3) for s in STAGES}
    print(json.dumps({"documents": args.documents, "runs": runs, "median_per_100": medians},
                     indent=2))
    print("median CPU s per 100 documents: " + ", ".join(f"{s} {medians[s]:.2f}"
                                                          for s in STAGES), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
