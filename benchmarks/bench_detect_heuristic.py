"""Mention-level recall / precision of the heuristic detector on MultiLeg (gold PER/ORG/LOC).

    python benchmarks/bench_detect_heuristic.py [--langs en lv] [--corpora DIR]

A gold mention is *found* when a predicted span of the same category overlaps it
(``recall``), or when any predicted span overlaps it (``masked``: what matters for leaks).
A predicted span is *correct* when it overlaps a gold mention of its category (``precision``)
or any gold mention (``prec_any``).  Documents are processed one at a time (the detector's
common-word lexicon comes from the document itself)."""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from transforms.detect.heuristic import HeuristicDetector  # noqa: E402

CATS = ("PER", "ORG", "LOC")


def corpora_dir(arg=None) -> Path:
    return Path(arg or os.environ.get("DOPPEL_CORPORA", ROOT.parent / "shared" / "corpora"))


def evaluate(lang: str, corpora: Path, detector=None, limit=None):
    detector = detector or HeuristicDetector()
    c = Counter()
    files = sorted((corpora / "multileg" / "train" / lang).glob("*.jsonl"))[:limit]
    missed = []
    for f in files:
        rows = [json.loads(l) for l in f.read_text(encoding="utf-8").splitlines() if l.strip()]
        texts = [r["text"] for r in rows]
        preds = detector.detect(texts, lang)
        for r, ps in zip(rows, preds):
            gold = [(s, e, cat) for s, e, cat in r["label"] if cat in CATS]
            for s, e, cat in gold:
                c[("gold", cat)] += 1
                same = any(p.start < e and p.end > s and p.category == cat for p in ps)
                anyc = any(p.start < e and p.end > s for p in ps)
                c[("found", cat)] += same
                c[("masked", cat)] += anyc
                if cat == "PER" and not anyc and len(missed) < 15:
                    missed.append(r["text"][s:e])
            for p in ps:
                c[("pred", p.category)] += 1
                c[("ok", p.category)] += any(p.start < e and p.end > s and p.category == cat
                                             for s, e, cat in r["label"])
                c[("ok_any", p.category)] += any(p.start < e and p.end > s
                                                 for s, e, cat in r["label"])
    return c, missed


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--langs", nargs="+", default=["en", "lv"])
    ap.add_argument("--corpora")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args(argv)
    corpora = corpora_dir(a.corpora)
    print(f"{'lang':4} {'cat':4} {'gold':>5} {'recall':>7} {'masked':>7} {'pred':>5} "
          f"{'precision':>9} {'prec_any':>8}")
    for lang in a.langs:
        c, missed = evaluate(lang, corpora)
        for cat in CATS:
            g, p = c[("gold", cat)], c[("pred", cat)]
            print(f"{lang:4} {cat:4} {g:5} {c[('found', cat)] / max(g, 1):7.3f} "
                  f"{c[('masked', cat)] / max(g, 1):7.3f} {p:5} "
                  f"{c[('ok', cat)] / max(p, 1):9.3f} {c[('ok_any', cat)] / max(p, 1):8.3f}")
        if a.verbose:
            print("  PER not masked, e.g.:", missed)


if __name__ == "__main__":
    main()
