"""Estonian (14 cases): do pseudonyms take the grammatical form of what they replace?

Builds a pseudonym dictionary from UD Estonian-EDT dev (gold NE= tags and morphology) with the
Beam job ``pipelines/build_dictionary.py``, then pseudonymises the gold entities (PER, ORG,
LOC) of EDT test: mentions linked by (category, lemma) per document, one pseudonym per
cluster through ``PseudonymChooser``, each mention in the form its features need.

    python benchmarks/bench_dictionary_et.py [--corpora DIR] [--top-n 150] [--secret S]

Prints, for whole EDT sources (newspaper issues, books: 100+ people each) and for
100-sentence documents: the share of replaced mentions whose needed Case+Number exists in the
dictionary and whose pseudonym has the original's Case and Number (goal 100 %), how many of
those forms were made by analogy, and how often each selection step fired (``analogy``: a
dictionary entry with forms made by analogy; ``faker+analogy``: a Faker name, every form made
by analogy, when the document has used up the dictionary).  A made form has the needed Case
and Number by construction, so its spelling is checked separately: the same analogy makes the
forms of EDT test's entities that the dictionary lacks, compared with the text's.
The EDT treebank is CC BY-NC-SA: the dictionary is built in a temporary directory, never
shipped.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from transforms.dictionary.agreement import (analogy_check, conllu_documents,  # noqa: E402
                                             measure)
from transforms.dictionary.store import Dictionary  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", default=os.environ.get("DOPPEL_CORPORA",
                                                        str(ROOT.parent / "shared" / "corpora")))
    ap.add_argument("--top-n", type=int, default=150)
    ap.add_argument("--secret", default="bench-secret")
    args = ap.parse_args(argv)
    et = Path(args.corpora) / "ud" / "et"
    dev, test = et / "et_edt-ud-dev.conllu", et / "et_edt-ud-test.conllu"
    if not dev.is_file() or not test.is_file():
        print(f"EDT not found under {et} (set DOPPEL_CORPORA)", file=sys.stderr)
        return 2
    from pipelines import build_dictionary
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.time()
        build_dictionary.run(["--input", str(dev), "--output", tmp, "--lang", "et",
                              "--top-n", str(args.top_n), "--categories", "PER,ORG,LOC"])
        built = time.time() - t0
        dictionary = Dictionary.load(os.path.join(tmp, "et.json"))
    print(f"dictionary: {dictionary.size()} entries "
          f"({', '.join(f'{c} {len(v)}' for c, v in sorted(dictionary.entries.items()))}), "
          f"{sum(len(e.forms) for v in dictionary.entries.values() for e in v)} forms, "
          f"built by the Beam job in {built:.1f}s")
    text = test.read_text(encoding="utf-8")
    a = analogy_check(conllu_documents(text), dictionary, "et")
    print(f"\nanalogy checked on EDT test's forms the dictionary lacks: {a.right} of {a.forms} "
          f"= {100 * a.share:.1f} % spelt as in the text ({a.unmade} with no rule)")
    print("  by evidence (ending-class length; 5 = built on the entry's own form): " + ", ".join(
        f"{k:g}: {r}/{n}" for k, (r, n) in sorted(a.by_evidence.items())))
    for label, size in (("whole EDT sources", 0), ("100-sentence documents", 100)):
        docs = conllu_documents(text, size)
        t0 = time.time()
        r = measure(docs, dictionary, args.secret.encode("utf-8"), "et")
        print(f"\n{label}: {len(docs)} documents, {r.clusters} clusters, {r.mentions} mentions "
              f"replaced ({time.time() - t0:.1f}s)")
        print(f"  needed Case+Number exists in the dictionary: {r.with_form} mentions")
        print(f"  pseudonym has the original's Case and Number: {r.agree} = {100 * r.share:.2f} %"
              f"  (of which made by analogy: {r.by_analogy})")
        print("  selection steps (clusters): " + ", ".join(
            f"{k} {v}" for k, v in sorted(r.steps.items(), key=lambda kv: -kv[1])))
        for orig, rep, want, got in r.disagreements[:5]:
            print(f"    e.g. {orig!r} ({want.get('Case')}/{want.get('Number')}) -> {rep!r} "
                  f"({got.get('Case')}/{got.get('Number')})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
