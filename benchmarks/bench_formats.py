"""Read+write throughput per format on the format corpus.

    python -m benchmarks.bench_formats [--corpus DIR] [--runs N] [--json FILE]

For each good corpus file (bad/ skipped), one run = read the file, then write it back with a
translation of every segment (the 'upper' fake engine, results prepared outside the timing),
so writers do real work rather than returning the skeleton.  Per format it reports the
median over runs of total bytes / total seconds (MB/s, MB = 10^6 bytes) and segments /
second, plus read-only and write-only medians.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import time
from typing import Dict, List

from schemas.records import RestoredSegment
from transforms import markup
from transforms.formats import FormatError, read_document, write_document


def _upper(doc) -> Dict[str, RestoredSegment]:
    out = {}
    for s in doc.segments:
        m = markup.to_markup(s.text, s.codes)
        up = re.sub(r"(<[^>]*>)|([^<]+)", lambda mm: mm.group(1) or mm.group(2).upper(), m)
        text, _ = markup.from_markup(up, s.codes)
        out[s.id] = RestoredSegment(document=doc.name, id=s.id, index=s.index, text=text)
    return out


def main(argv=None) -> int:
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    default = os.path.join(os.environ.get("DOPPEL_CORPORA",
                                          os.path.join(here, "..", "shared", "corpora")), "formats")
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default=default)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", help="also write the figures here")
    args = ap.parse_args(argv)
    if not os.path.isdir(args.corpus):
        print(f"corpus not found: {args.corpus}", file=sys.stderr)
        return 2
    files: List[str] = []
    for root, _, names in os.walk(args.corpus):
        if os.path.basename(root) == "bad":
            continue
        files += [os.path.join(root, n) for n in sorted(names) if n != "MANIFEST.tsv"]
    by_fmt: Dict[str, list] = {}
    for path in sorted(files):
        data = open(path, "rb").read()
        try:
            doc = read_document(os.path.basename(path), path, data)
        except FormatError:
            continue
        if not doc.target_lang:
            doc.target_lang = "es"
        by_fmt.setdefault(doc.format, []).append((path, data, doc.target_lang, _upper(doc),
                                                  len(doc.segments)))
    report = {}
    print(f"{'format':8} {'files':>5} {'MB':>7} {'segs':>6}  {'MB/s':>7} {'seg/s':>9}"
          f"  {'read MB/s':>9} {'write MB/s':>10}")
    for fmt, items in sorted(by_fmt.items()):
        totals, reads, writes = [], [], []
        for _ in range(args.runs):
            tr = tw = 0.0
            for path, data, tl, results, _n in items:
                t0 = time.perf_counter()
                doc = read_document(os.path.basename(path), path, data, "", tl)
                t1 = time.perf_counter()
                write_document(doc, results)
                t2 = time.perf_counter()
                tr += t1 - t0
                tw += t2 - t1
            reads.append(tr)
            writes.append(tw)
            totals.append(tr + tw)
        nbytes = sum(len(i[1]) for i in items)
        nsegs = sum(i[4] for i in items)
        med, medr, medw = (statistics.median(x) for x in (totals, reads, writes))
        row = {"files": len(items), "bytes": nbytes, "segments": nsegs, "runs": args.runs,
               "mb_per_s": nbytes / 1e6 / med, "segments_per_s": nsegs / med,
               "read_mb_per_s": nbytes / 1e6 / medr, "write_mb_per_s": nbytes / 1e6 / medw}
        report[fmt] = row
        print(f"{fmt:8} {len(items):5d} {nbytes / 1e6:7.2f} {nsegs:6d}  {row['mb_per_s']:7.2f} "
              f"{row['segments_per_s']:9.0f}  {row['read_mb_per_s']:9.2f} "
              f"{row['write_mb_per_s']:10.2f}")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(report, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
