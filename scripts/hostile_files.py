"""Hostile and broken files (``tests/adversarial/hostile.py``), each read (and, when it
reads, written back) in a process of its own: outcome, wall time and peak memory (the
process's maximum resident set, imports included) per file.  Then the whole set, with one
good file, through the translate job: its exit code and which documents failed.

    python -m scripts.hostile_files [--dir DIR] [--no-pipeline]

The figures of issue 18 ("every hostile file, with its outcome, time and peak memory")."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

ONE = r"""
import json, resource, sys, time
t = time.monotonic()
from transforms import formats
from transforms.formats.limits import read_bounded
path, name = sys.argv[1], sys.argv[2]
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t0 = time.monotonic()
try:
    with open(path, "rb") as fh:
        data = read_bounded(name, fh)
    doc = formats.read_document(name, path, data, "en", "es")
    from schemas.records import RestoredSegment
    res = {s.id: RestoredSegment(document=name, id=s.id, index=s.index, text=s.text,
                                 status="translated") for s in doc.segments}
    formats.write_document(doc, res)
    outcome = {"outcome": "processed", "detail": f"{len(doc.segments)} segment(s)"}
except formats.FormatError as exc:
    outcome = {"outcome": "refused", "detail": exc.problem}
except Exception as exc:
    outcome = {"outcome": "UNDOCUMENTED", "detail": f"{type(exc).__name__}: {exc}"}
outcome["seconds"] = round(time.monotonic() - t0, 3)
outcome["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
outcome["imports_rss_mb"] = round(base / 1024, 1)
print(json.dumps(outcome))
"""


def measure(path: str, name: str, timeout: float = 120) -> dict:
    """One file read (and written back) in a fresh process: its outcome, the seconds the
    reading took and the process's peak resident memory in MB."""
    t = time.monotonic()
    proc = subprocess.run([sys.executable, "-c", ONE, path, name], cwd=REPO,
                          capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        return {"outcome": "CRASHED", "detail": proc.stderr[-500:], "seconds": None,
                "peak_rss_mb": None}
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    out["process_seconds"] = round(time.monotonic() - t, 2)
    return out


def main(argv=None) -> int:
    sys.path.insert(0, REPO)
    from tests.adversarial.hostile import HOSTILE, MARKER, make_all
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", default=None, help="where to make the files (default: a temp dir)")
    ap.add_argument("--no-pipeline", action="store_true")
    args = ap.parse_args(argv)
    work = args.dir or tempfile.mkdtemp(prefix="doppel-hostile-")
    inputs = os.path.join(work, "in")
    made = make_all(inputs)
    bad = 0
    print(f"{'file':<52} {'expected':<9} {'outcome':<9} {'read s':>7} {'imports MB':>10} "
          f"{'peak MB':>8}  detail")
    for h in HOSTILE:
        m = measure(os.path.join(inputs, h.name), h.name)
        ok = m["outcome"] == h.outcome
        bad += not ok
        print(f"{h.name[:52]:<52} {h.outcome:<9} {m['outcome']:<9} {m['seconds']!s:>7} "
              f"{m.get('imports_rss_mb')!s:>10} {m['peak_rss_mb']!s:>8}  {m['detail'][:110]}{'' if ok else '   <-- UNEXPECTED'}")
    if args.no_pipeline:
        return 1 if bad else 0
    with open(os.path.join(inputs, "good.jsonl"), "w", encoding="utf-8") as fh:
        fh.write(json.dumps({"text": "The weather is good today.", "label": []}) + "\n")
    out = os.path.join(work, "out")
    t = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "pipelines.translate", "--input",
                           os.path.join(inputs, "*"), "--output", out, "--source-lang", "en",
                           "--target-lang", "es", "--engine", "upper"], cwd=REPO,
                          capture_output=True, text=True, env={**os.environ, "DOPPEL_SECRET": "h"})
    summary = json.load(open(os.path.join(out, "summary.json"), encoding="utf-8"))
    print(f"\npipeline over {len(made) + 1} files: exit {proc.returncode} in "
          f"{time.monotonic() - t:.1f} s; documents {summary['documents']}")
    for f in summary["failures"]:
        print(f"  failed {f['document']} ({f['stage']}): {f['reason'][:110]}")
    leaked = MARKER in proc.stderr or MARKER in proc.stdout or MARKER in json.dumps(summary)
    print(f"local file content in summary/stdout/stderr: {'YES' if leaked else 'no'}")
    return 1 if bad or leaked or proc.returncode != 3 else 0


if __name__ == "__main__":
    sys.exit(main())
