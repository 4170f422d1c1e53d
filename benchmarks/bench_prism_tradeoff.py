"""Must-show 2 of issue 16: PRISM's privacy-quality curves on MultiLeg en train, self
reference, Apertium en->es, r in {0.1, 0.3, 0.5, 0.7, 0.9}: PRISM* above PRISM-R above
NoDecode, with each family's AUPQC on the offline word-privacy measure (exact and through
the dictionary); the mixture (``prism-mix``, same ε as PRISM-R) beside them.

    python -m benchmarks.bench_prism_tradeoff [--output DIR] [--corpora DIR]

Runs ``pipelines.evaluate`` (entities by pseudonym under every PRISM point; chrF only) and
prints the rows and the curves from its report.json; exits 1 if the order PRISM* > PRISM-R >
NoDecode does not hold (the mixture's place is printed, not checked).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

RATIOS = "0.1,0.3,0.5,0.7,0.9"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--output", default="/tmp/bench_prism_tradeoff")
    ap.add_argument("--corpora", default=os.environ.get("DOPPEL_CORPORA", "../shared/corpora"))
    args = ap.parse_args(argv)
    if not os.path.exists(os.path.join(args.output, "report.json")):
        cmd = [sys.executable, "-m", "pipelines.evaluate", "--source",
               os.path.join(args.corpora, "multileg/train/en/*.jsonl"), "--reference", "self",
               "--source-lang", "en", "--target-lang", "es", "--methods", "original,pseudonym",
               "--sweep", f"prism-r:{RATIOS}", "--sweep", f"prism-star:{RATIOS}",
               "--sweep", f"prism-mix:{RATIOS}", "--sweep", f"nodecode:{RATIOS}",
               "--metrics", "chrf",
               "--bootstrap-samples", "100", "--output", args.output]
        subprocess.run(cmd, check=True, env={**os.environ,
                                             "DOPPEL_SECRET": os.environ.get("DOPPEL_SECRET",
                                                                             "figure16")})
    with open(os.path.join(args.output, "report.json"), encoding="utf-8") as fh:
        report = json.load(fh)
    for row in sorted(report["rows"], key=lambda r: r["method"]):
        print(f"{row['method']:16} chrF {row['chrf']:6.2f}  word privacy "
              f"{row.get('word_privacy')}  (inverted {row.get('word_privacy_inverted')})  "
              f"restoration {row.get('restoration_rate')}")
    order = {}
    for kind in ("curves", "inverted"):
        for c in report["tradeoff"][kind].values():
            print(f"{kind:8} {c['family']:11} AUPQC {c['aupqc']:.4f}  QS@0.5 {c['qs_at_0.5']:.4f}")
            order.setdefault(kind, {})[c["family"]] = c["aupqc"]
    ok = all(o["prism-star"] > o["prism-r"] > o["nodecode"] for o in order.values())
    print("PRISM* > PRISM-R > NoDecode:", "yes" if ok else "NO")
    for kind, o in order.items():
        if "prism-mix" in o:
            ranked = sorted(o, key=lambda f: -o[f])
            print(f"{kind:8} order by AUPQC: {' > '.join(ranked)}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
