"""Restoration's ending transfer on real inflection: UD treebanks' proper nouns.

When an engine inflects a pseudonym ("Kalniņš" sent, "Kalniņam" back), restoration locates the
inflected form (``restore.inflected_form_of``) and gives the original the same ending change
(``restore.transfer_ending``: "Bērziņš" -> "Bērziņam") when both share an ending class; else
the original goes back unchanged and the segment is marked for review.

For each language, every PROPN lemma P with an inflected form F (a Case/Number other than its
lemma's) plays the pseudonym, and every other PROPN lemma O of the same gender with the same
two final letters (the class selection prefers) and an attested form G in the same
Case/Number plays the original:

  * located: inflected_form_of(P, F) — would restoration find the inflected pseudonym?
  * transferred: transfer_ending(P, F, O) is not None — the rest go back for review;
  * correct: the transferred form equals the attested G.

    python benchmarks/bench_ending_transfer.py [--corpora DIR] [--pairs N]
"""
from __future__ import annotations

import argparse
import glob
import os
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from transforms.restore import inflected_form_of, transfer_ending  # noqa: E402


def propn_forms(paths):
    """lemma -> {(Case, Number): most frequent form}, lemma -> Gender."""
    seen = defaultdict(Counter)
    gender = {}
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                cols = line.rstrip("\n").split("\t")
                if len(cols) != 10 or not cols[0].isdigit() or cols[3] != "PROPN":
                    continue
                form, lemma = cols[1], cols[2].replace("_", "")   # EDT marks compounds
                feats = dict(f.split("=", 1) for f in cols[5].split("|") if "=" in f)
                if "Case" not in feats or not lemma[:1].isupper() or " " in lemma:
                    continue
                seen[lemma][(feats["Case"], feats.get("Number", ""), form)] += 1
                gender.setdefault(lemma, feats.get("Gender", ""))
    out = {}
    for lemma, counts in seen.items():
        best = {}
        for (case, number, form), n in counts.most_common():
            best.setdefault((case, number), form)
        out[lemma] = best
    return out, gender


def measure(lang, paths, pairs_cap, rng):
    forms, gender = propn_forms(paths)
    by_class = defaultdict(list)
    for lemma in forms:
        by_class[(lemma[-2:].lower(), gender[lemma])].append(lemma)   # what selection prefers
    located = total_f = 0
    tried = transferred = correct = 0
    examples = []
    cases = []
    for p, pforms in sorted(forms.items()):
        for feats, f in sorted(pforms.items()):
            if f == p:
                continue
            total_f += 1
            located += inflected_form_of(p, f, lang)
            for o in by_class[(p[-2:].lower(), gender[p])]:
                if o != p and feats in forms[o]:
                    cases.append((p, f, o, forms[o][feats], feats))
    rng.shuffle(cases)
    for p, f, o, g, feats in cases[:pairs_cap]:
        tried += 1
        got = transfer_ending(p, f, o)
        if got is None:
            continue
        transferred += 1
        if got.lower() == g.lower():          # the treebank's casing is the text's
            correct += 1
        elif len(examples) < 4:
            examples.append(f"{p}->{f} : {o}->{got} (attested {g}, {feats[0]})")
    return {"lemmas": len(forms), "inflected_forms": total_f, "located": located,
            "pairs": tried, "transferred": transferred, "correct": correct,
            "examples": examples}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", default=os.environ.get("DOPPEL_CORPORA",
                                                        str(ROOT.parent / "shared" / "corpora")))
    ap.add_argument("--pairs", type=int, default=20000, help="pairs sampled per language")
    ap.add_argument("--langs", default="lv,lt,et,pl,hr")
    args = ap.parse_args(argv)
    rng = random.Random(13)
    print(f"{'lang':5s}{'lemmas':>8s}{'infl.forms':>11s}{'located':>9s}{'pairs':>8s}"
          f"{'transferred':>13s}{'correct/transferred':>21s}")
    for lang in args.langs.split(","):
        paths = sorted(glob.glob(os.path.join(args.corpora, "ud", lang, "*.conllu")))
        if not paths:
            print(f"{lang}: no treebank under {args.corpora}/ud/{lang}", file=sys.stderr)
            continue
        r = measure(lang, paths, args.pairs, rng)
        print(f"{lang:5s}{r['lemmas']:8d}{r['inflected_forms']:11d}"
              f"{r['located'] / max(1, r['inflected_forms']):9.3f}{r['pairs']:8d}"
              f"{r['transferred'] / max(1, r['pairs']):13.3f}"
              f"{r['correct'] / max(1, r['transferred']):21.3f}")
        for e in r["examples"]:
            print("      wrong: " + e)
    return 0


if __name__ == "__main__":
    sys.exit(main())
