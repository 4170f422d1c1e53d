"""What the default detection masks in real client-like files that carry no annotations.

    python -m benchmarks.bench_formats_masking [--corpora DIR] [--lang en] [--top 20]

Every DOCX, XLIFF and TMX file under ``formats/`` (not ``bad/``) goes through what
``doppel detect`` runs with default options (``pipelines.detect.annotated_lines``).  Printed:
per document, the share of word characters masked (word characters inside a detected span /
all word characters, text without inline codes) and the number of spans; then the most
frequently masked strings over all documents, with their category.  There is no gold here:
the list is read by a person (a masked "Figure" or "Word" is a defect, a masked name is not).
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pipelines.detect import annotated_lines  # noqa: E402
from transforms.formats import read_document  # noqa: E402
from transforms.protect import ProtectOptions  # noqa: E402

WORD = re.compile(r"\w")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpora", default=os.environ.get(
        "DOPPEL_CORPORA", str(ROOT.parent / "shared" / "corpora")))
    ap.add_argument("--lang", default="en")
    ap.add_argument("--top", type=int, default=20)
    ap.add_argument("--json", help="also write the figures here")
    a = ap.parse_args(argv)
    base = Path(a.corpora) / "formats"
    files = sorted(p for d in ("docx", "xliff12", "xliff2", "tmx") for p in (base / d).glob("*")
                   if p.is_file())
    strings = collections.Counter()
    rows = []
    print(f"{'document':42} {'masked':>7} {'spans':>6} {'words':>8}")
    for path in files:
        try:
            doc = read_document(path.name, str(path), path.read_bytes(), a.lang, "es")
            lines, _ = annotated_lines(doc, ProtectOptions(method="none"))
        except Exception as exc:   # a file the readers refuse is reported, not counted
            print(f"{path.parent.name + '/' + path.name:42} error: {type(exc).__name__}: {exc}")
            continue
        chars = masked = spans = 0
        for line in lines:
            rec = json.loads(line)
            text = rec["text"]
            cov = set()
            for s, e, cat, *_ in rec["label"]:
                cov.update(range(s, e))
                strings[(text[s:e], cat)] += 1
                spans += 1
            chars += sum(1 for ch in text if WORD.match(ch))
            masked += sum(1 for i in cov if WORD.match(text[i]))
        share = masked / chars if chars else 0.0
        rows.append({"document": f"{path.parent.name}/{path.name}", "masked_share": share,
                     "spans": spans, "word_chars": chars})
        print(f"{path.parent.name + '/' + path.name:42} {100 * share:6.2f}% {spans:6d} {chars:8d}")
    total_c = sum(r["word_chars"] for r in rows)
    total_m = sum(r["masked_share"] * r["word_chars"] for r in rows)
    print(f"{'all':42} {100 * total_m / max(total_c, 1):6.2f}% "
          f"{sum(r['spans'] for r in rows):6d} {total_c:8d}")
    print(f"\n{a.top} most frequently masked strings:")
    for (text, cat), n in strings.most_common(a.top):
        print(f"  {n:5d}  {cat:6} {text!r}")
    if a.json:
        Path(a.json).write_text(json.dumps({"documents": rows, "top": [
            [t, c, n] for (t, c), n in strings.most_common(a.top)]}, ensure_ascii=False,
            indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
