"""Issue 4 figures for linking and propagation on the shared corpora.

    python benchmarks/bench_linking.py [--corpora ../shared/corpora] [--drop 0.2] [--seeds 5]

1. MultiLeg (every language): drop 20 % of gold mentions at random, propagate the rest
   (document scope), report the recovery rate of dropped mentions whose string is labelled
   elsewhere in the same document (goal >= 0.95), median over seeds.
2. Estonian EDT test+dev (gold NE=, gold lemmas): cluster purity and inverse purity per
   document, (a) linking by lemma, (b) by surface form with inflection stemming (no lemma:
   the model-free case), (c) by exact surface form (baseline).  Gold identity of a mention:
   category + its gold lemma, where a one-word person lemma ("Kaplinski", "Jaan") stands for
   the one full name in the document that ends or starts with it ("Jaan Kaplinski") — the treebank has no
   coreference ids, and a surname alone refers to that person.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from schemas.records import Mention, Segment  # noqa: E402
from transforms.linking import fold  # noqa: E402
from transforms.linking_metrics import Recovery, cluster_purity, propagation_recovery  # noqa: E402


def multileg_docs(root: Path, lang: str):
    for path in sorted((root / "multileg" / "train" / lang).glob("*.jsonl")):
        segs = []
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
            r = json.loads(line)
            segs.append(Segment(document=path.name, id=str(i), index=i, text=r["text"],
                                labels=r["label"]))
        yield segs


def edt_documents(root: Path):
    from transforms.nlp.base import entities_to_mentions
    from transforms.nlp.conllu import read_annotated, split_documents
    for path in sorted((root / "ud" / "et").glob("*.conllu")):
        for part in split_documents(path.read_text(encoding="utf-8")):
            if not part.strip():
                continue
            ann = read_annotated(text=part, lang="et", tagset="edt")
            yield path.name, entities_to_mentions(0, ann, source="given")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpora", default=os.environ.get("DOPPEL_CORPORA", "../shared/corpora"))
    ap.add_argument("--drop", type=float, default=0.2)
    ap.add_argument("--seeds", type=int, default=5)
    args = ap.parse_args()
    root = Path(args.corpora)
    print(f"1. propagation recovery, {args.drop:.0%} of gold mentions dropped, median of "
          f"{args.seeds} seeds")
    print(f"{'lang':5} {'dropped':>8} {'recoverable':>12} {'rate':>7} {'any-dropped':>12}")
    langs = sorted(p.name for p in (root / "multileg" / "train").iterdir())
    for lang in langs:
        docs = list(multileg_docs(root, lang))
        runs = []
        for seed in range(args.seeds):
            rng = random.Random(seed)
            total = Recovery()
            for segs in docs:
                total.add(propagation_recovery(segs, args.drop, rng, lang))
            runs.append(total)
        med = sorted(runs, key=lambda r: r.rate)[len(runs) // 2]
        print(f"{lang:5} {med.dropped:8d} {med.recoverable:12d} {med.rate:7.3f} "
              f"{med.recovered_any / max(med.dropped, 1):12.3f}")
    print("\n2. Estonian EDT cluster purity (gold identity = category + lemma)")
    print(f"{'mode':22} {'mentions':>8} {'clusters':>8} {'purity':>7} {'inverse':>8} {'multi-form':>10}")
    docs = list(edt_documents(root))
    modes = {
        "lemma": lambda ms: (ms, "et"),
        "surface + stemming": lambda ms: ([_no_lemma(m) for m in ms], "et"),
        "surface exact": lambda ms: ([_no_lemma(m) for m in ms], ""),
    }
    for name, prep in modes.items():
        agg = [0, 0, 0.0, 0.0, 0]
        for _, ms in docs:
            prepared, lang = prep([_copy(m) for m in ms])
            gold = gold_identities(ms)
            ident_of = {id(p): gold[i] for i, p in enumerate(prepared)}
            p = cluster_purity(prepared, lambda m: ident_of[id(m)], lang)
            agg[0] += p.mentions
            agg[1] += p.clusters
            agg[2] += p.purity * p.mentions
            agg[3] += p.inverse_purity * p.mentions
            agg[4] += p.multi_form_clusters
        print(f"{name:22} {agg[0]:8d} {agg[1]:8d} {agg[2] / agg[0]:7.3f} {agg[3] / agg[0]:8.3f} "
              f"{agg[4]:10d}")
    return 0


def gold_identities(mentions):
    """Gold identity per mention (see module docstring)."""
    full = {}
    for m in mentions:
        words = fold(m.lemma).split()
        if m.category == "PER" and len(words) > 1:
            for part in {words[0], words[-1]}:
                full.setdefault(part, set()).add(" ".join(words))
    out = []
    for m in mentions:
        lemma = fold(m.lemma)
        if m.category == "PER" and len(lemma.split()) == 1 and len(full.get(lemma, ())) == 1:
            lemma = next(iter(full[lemma]))
        out.append(m.category + "|" + lemma)
    return out


def _copy(m: Mention) -> Mention:
    return Mention(segment=m.segment, start=m.start, end=m.end, text=m.text,
                   category=m.category, source=m.source, lemma=m.lemma, features=m.features)


def _no_lemma(m: Mention) -> Mention:
    m.lemma = ""
    return m


if __name__ == "__main__":
    sys.exit(main())
