"""Pseudonym selection on documents the dictionary never saw: two folds of MultiLeg train.

    python -m benchmarks.bench_selection_heldout [--pairs en-es,sv-da] [--corpora DIR]
        [--work DIR] [--no-evaluate]

The shipped dictionaries are built from MultiLeg train, so a run over MultiLeg train meets
its own entities there: the run forbids every entity string of the corpus as a pseudonym, and
most persons then fall through to made-up names.  That is not what a client's documents see.
Here the documents of each pair's source language are split in two folds (by sorted name,
alternately); each fold's dictionary is built from the other fold with the shipped
dictionary's options (``--fill-faker PER,ORG,LOC --vocabulary 8000``), and each fold is then
run with the other's dictionary:

- ``translate`` (default options, gold labels, Apertium): ``dictionary_share`` and
  ``selection_by_category`` from ``summary.json`` — of the person, organisation and place
  clusters given a fresh pseudonym, the share a dictionary step chose — and the mentions
  restored;
- ``evaluate`` (unless ``--no-evaluate``): masked chrF per method over both folds' segments
  together (sacrebleu's corpus chrF over the pooled ``segments.parquet`` rows): en->es
  against the engine's own translation (``--reference self``), sv->da against MultiLeg's
  human Danish.

``DOPPEL_SECRET`` is fixed (``issue15-fixed``) so a rerun sends the same pseudonyms.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
METHODS = "original,asterisk,category,category-id,pseudonym"


def _run(args, env) -> None:
    r = subprocess.run([sys.executable, "-m"] + args, cwd=ROOT, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode:
        raise SystemExit(f"{' '.join(args[:1])} failed ({r.returncode}):\n{r.stdout[-3000:]}")


def _folds(files):
    return [files[0::2], files[1::2]]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", default="en-es,sv-da")
    ap.add_argument("--corpora", default=os.environ.get("DOPPEL_CORPORA",
                                                        str(ROOT.parent / "shared" / "corpora")))
    ap.add_argument("--work", help="working directory (default: a temporary one)")
    ap.add_argument("--no-evaluate", action="store_true", help="selection and restoration only")
    args = ap.parse_args(argv)
    work = Path(args.work or tempfile.mkdtemp(prefix="doppel-heldout-"))
    env = dict(os.environ, DOPPEL_SECRET="issue15-fixed")
    train = Path(args.corpora) / "multileg" / "train"
    for pair in args.pairs.split(","):
        src, tgt = pair.split("-")
        files = sorted((train / src).glob("*.jsonl"))
        if not files:
            print(f"MultiLeg train/{src} not found under {args.corpora} (set --corpora)",
                  file=sys.stderr)
            return 2
        folds = _folds(files)
        reports, restored, total, rows = [], 0, 0, []
        for k, fold in enumerate(folds):
            other = folds[1 - k]
            d = work / pair / f"fold{k}"
            for name, members in (("docs", fold), ("dictdocs", other)):
                (d / name).mkdir(parents=True, exist_ok=True)
                for f in members:
                    link = d / name / f.name
                    if not link.exists():
                        link.symlink_to(f.resolve())
            dictionary = d / "dictionary" / f"{src}.json"
            if not dictionary.exists():
                _run(["pipelines.build_dictionary", "--input", str(d / "dictdocs" / "*.jsonl"),
                      "--output", str(d / "dictionary"), "--lang", src,
                      "--fill-faker", "PER,ORG,LOC", "--vocabulary", "8000"], env)
            out = d / "translate"
            if not (out / "summary.json").exists():
                _run(["pipelines.translate", "--input", str(d / "docs" / "*.jsonl"),
                      "--output", str(out), "--source-lang", src, "--target-lang", tgt,
                      "--engine", "apertium", "--dictionary", str(dictionary)], env)
            summary = json.loads((out / "summary.json").read_text())
            reports.append(summary["selection_by_category"])
            restored += summary["mentions"]["restored"]
            total += summary["mentions"]["total"]
            if not args.no_evaluate:
                ev = d / "evaluate"
                if not (ev / "segments.parquet").exists():
                    reference = "self" if src == "en" else str(train / tgt / "*.jsonl")
                    _run(["pipelines.evaluate", "--source", str(d / "docs" / "*.jsonl"),
                          "--reference", reference, "--source-lang", src, "--target-lang", tgt,
                          "--engine", "apertium", "--methods", METHODS, "--metrics", "chrf",
                          "--bootstrap-samples", "0", "--dictionary", str(dictionary),
                          "--output", str(ev)], env)
                import pyarrow.parquet as pq
                rows += pq.read_table(ev / "segments.parquet").to_pylist()
        _report(pair, reports, restored, total, rows)
    print(f"(work files: {work})")
    return 0


def _report(pair, reports, restored, total, rows) -> None:
    from transforms.stages import dictionary_counts, sum_by_category
    print(f"\n{pair}: two folds, each run with the other fold's dictionary")
    by_cat = sum_by_category(reports)
    counts = dictionary_counts(by_cat)
    for cat, (mine, fresh) in counts.items():
        steps = by_cat[cat]
        print(f"  {cat}: {mine}/{fresh} clusters by a dictionary step ({mine / fresh:.1%})  "
              + ", ".join(f"{s} {v}" for s, v in sorted(steps.items(), key=lambda kv: -kv[1])))
    fresh_all = sum(fresh for _, fresh in counts.values())
    if fresh_all:
        dict_all = sum(mine for mine, _ in counts.values())
        print(f"  PER/ORG/LOC: {dict_all}/{fresh_all} = {dict_all / fresh_all:.1%} (goal >= 90 %)")
    print(f"  mentions restored: {restored}/{total} = {restored / max(1, total):.2%} (goal >= 99.5 %)")
    if rows:
        from sacrebleu.metrics import CHRF
        methods = sorted({r["method"] for r in rows}, key=METHODS.split(",").index)
        for m in methods:
            mine = [r for r in rows if r["method"] == m]
            score = CHRF().corpus_score([r["hypothesis_masked"] for r in mine],
                                        [[r["reference_masked"] for r in mine]]).score
            print(f"  masked chrF {m:12s} {score:6.2f}  ({len(mine)} segments)")


if __name__ == "__main__":
    sys.exit(main())
