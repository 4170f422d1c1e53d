"""How well the evaluation finds a source date in a human translation — the Tilde paper's
failure case ("29 September 2008" vs "2008. gada 29. septembra", where simalign misaligned
and 500 segments had to be re-masked by hand).

For every line-aligned MultiLeg en/<lang> pair, each English gold DATE mention is located in
the target line by its components (``masking.locate_entities``, no model); a hit counts as
correct when it overlaps a gold DATE span of the target line.  Prints per language: dates,
found, correct (precision of what was found), recall against target gold dates.

    DOPPEL_CORPORA=../shared/corpora .venv/bin/python benchmarks/bench_evaluate_dates.py [lv ...]
"""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from transforms.evaluation.masking import Entity, locate_entities  # noqa: E402


def main(langs):
    root = Path(os.environ.get("DOPPEL_CORPORA", Path(__file__).resolve().parent.parent.parent
                               / "shared" / "corpora")) / "multileg" / "train"
    print(f"{'lang':<5} {'dates':>6} {'found':>6} {'correct':>8} {'precision':>9} {'recall':>7}  time")
    for lang in langs:
        t0 = time.time()
        dates = found = correct = 0
        for src in sorted((root / "en").glob("*_en.jsonl")):
            tgt = root / lang / src.name.replace("_en.jsonl", f"_{lang}.jsonl")
            if not tgt.exists():
                continue
            a = [json.loads(x) for x in src.read_text(encoding="utf-8").splitlines() if x.strip()]
            b = [json.loads(x) for x in tgt.read_text(encoding="utf-8").splitlines() if x.strip()]
            if len(a) != len(b):
                continue
            for s, t in zip(a, b):
                gold_t = [(x, y) for x, y, c in t["label"] if c == "DATE"]
                ents = [Entity(s["text"][x:y], "DATE") for x, y, c in s["label"] if c == "DATE"]
                if not ents or not gold_t:
                    continue
                got = locate_entities(t["text"], ents, means=("exact", "date"))
                dates += len(ents)
                found += len(got.spans)
                correct += sum(1 for p, q in got.spans if any(p < y and x < q for x, y in gold_t))
        prec = correct / found if found else 0.0
        rec = correct / dates if dates else 0.0
        print(f"{lang:<5} {dates:>6} {found:>6} {correct:>8} {prec:>9.3f} {rec:>7.3f}  {time.time() - t0:.1f}s")


if __name__ == "__main__":
    main(sys.argv[1:] or ["lv", "lt", "et", "fi", "pl", "da", "sv"])
