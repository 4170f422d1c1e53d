"""MultiLeg en with gold spans: are pseudonyms consistent, distinct and never an original, and
does a rerun with the same secret send the same bytes?

    python benchmarks/bench_dictionary_multileg.py [--corpora DIR] [--no-rerun]

Per document (``--pseudonym-scope document``) and per corpus: replaced mentions, originals
with more than one pseudonym in a document (goal 0), pseudonyms shared by two originals
(goal 0), pseudonyms equal to any protected original of the corpus (goal 0), entities with
more than one pseudonym across documents (per corpus: goal 0), selection counts.  Then the
translate job twice with the same DOPPEL_SECRET (identity engine): byte-identical audit logs.
"""
from __future__ import annotations

import argparse
import collections
import filecmp
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from transforms import formats  # noqa: E402
from transforms.linking import fold  # noqa: E402
from transforms.protect import DEFAULT_CATEGORIES, ProtectOptions, protect_document  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", default=os.environ.get("DOPPEL_CORPORA",
                                                        str(ROOT.parent / "shared" / "corpora")))
    ap.add_argument("--no-rerun", action="store_true")
    args = ap.parse_args(argv)
    files = sorted((Path(args.corpora) / "multileg" / "train" / "en").glob("*.jsonl"))
    if not files:
        print("MultiLeg en not found (set DOPPEL_CORPORA)", file=sys.stderr)
        return 2
    docs = [formats.read_document(f.name, str(f), f.read_bytes(), "en", "es") for f in files]
    forms = sorted({(d.segments[i].text[s:e], c) for d in docs for i in range(len(d.segments))
                    for s, e, c in d.segments[i].labels})
    protected = {fold(f) for f, c in forms if c in DEFAULT_CATEGORIES}
    for scope in ("document", "corpus"):
        t0 = time.time()
        n = multi = shared = equal = 0
        across = collections.defaultdict(set)
        steps = collections.Counter()
        for d in docs:
            pd = protect_document(d, ProtectOptions(secret=b"bench", scope=scope), forms)
            steps.update(pd.selection)
            rep, org = collections.defaultdict(set), collections.defaultdict(set)
            for s in pd.segments:
                for a in s.assignments:
                    n += 1
                    rep[a.original].add(a.replacement)
                    org[fold(a.replacement)].add(fold(a.original))
                    across[(a.category, a.original)].add(a.replacement)
                    # a bare year may coincide with some other year of the corpus
                    if fold(a.replacement) in protected and (a.category != "DATE"
                                                             or len(a.original) > 4):
                        equal += 1
            multi += sum(len(v) > 1 for v in rep.values())
            shared += sum(len(v) > 1 for v in org.values())
        mixed = sum(len(v) > 1 for v in across.values())
        print(f"{scope} scope: {len(docs)} documents, {n} mentions replaced "
              f"({time.time() - t0:.1f}s)\n"
              f"  original with >1 pseudonym in a document: {multi}\n"
              f"  pseudonym shared by two originals in a document: {shared}\n"
              f"  pseudonym equal to a protected original of the corpus: {equal}\n"
              f"  entities with >1 pseudonym across documents: {mixed} of {len(across)}\n"
              f"  selection: {dict(sorted(steps.items(), key=lambda kv: -kv[1]))}")
    if args.no_rerun:
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        outs = []
        for run in ("a", "b"):
            out = Path(tmp) / run
            subprocess.run([sys.executable, "-m", "pipelines.translate", "--input",
                            str(files[0].parent / "*.jsonl"), "--output", str(out),
                            "--source-lang", "en", "--target-lang", "es", "--engine",
                            "identity"], cwd=ROOT, check=True, capture_output=True,
                           env={**os.environ, "DOPPEL_SECRET": "bench-rerun"})
            outs.append(out / "audit")
        names = sorted(p.name for p in outs[0].glob("*.jsonl"))
        same = sum(filecmp.cmp(outs[0] / nm, outs[1] / nm, shallow=False) for nm in names)
        print(f"rerun with the same secret: {same} of {len(names)} audit logs byte-identical")
    return 0


if __name__ == "__main__":
    sys.exit(main())
