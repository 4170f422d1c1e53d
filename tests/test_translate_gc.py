"""The translate job collects garbage less often while it runs (pipelines.translate
GC_THRESHOLDS) and leaves its caller's process as it was."""
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO / "resources" / "samples"


def test_the_job_runs_with_its_own_gc_thresholds_and_restores_the_callers(tmp_path):
    # In a process of its own: importing the translate job here would register its options
    # beside the evaluate job's in this test process.
    script = """
import gc, json, sys
from pipelines import translate
seen = []
translate.run_documents_job = lambda *a, **k: seen.append(list(gc.get_threshold()))
translate.outcome_exit_code = lambda output: 0
before = list(gc.get_threshold())
translate.run(sys.argv[1:])
print(json.dumps([before, seen, list(gc.get_threshold()), list(translate.GC_THRESHOLDS)]))
"""
    argv = ["--input", str(SAMPLES / "*.jsonl"), "--output", str(tmp_path / "o"),
            "--source-lang", "en", "--target-lang", "es", "--engine", "apertium"]
    proc = subprocess.run([sys.executable, "-c", script, *argv], cwd=REPO,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    before, seen, after, wanted = json.loads(proc.stdout.strip().splitlines()[-1])
    assert seen == [wanted] and wanted != before
    assert after == before
