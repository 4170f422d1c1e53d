"""The translate and evaluate jobs collect garbage less often while they run
(pipelines.running.GC_THRESHOLDS) and leave their caller's process as it was."""
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO / "resources" / "samples"


def assert_thresholds_while_running(script: str, argv) -> None:
    """``script`` (run in a process of its own with ``argv``) prints the thresholds before,
    those seen while the job ran, after, and the job's own: the job's while it runs, the
    caller's after."""
    proc = subprocess.run([sys.executable, "-c", script, *argv], cwd=REPO,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    before, seen, after, wanted = json.loads(proc.stdout.strip().splitlines()[-1])
    assert seen == [wanted] and wanted != before
    assert after == before


def test_the_job_runs_with_its_own_gc_thresholds_and_restores_the_callers(tmp_path):
    # In a process of its own: importing the translate job here would register its options
    # beside the evaluate job's in this test process.
    script = """
import gc, json, sys
from pipelines import running, translate
seen = []
translate.run_documents_job = lambda *a, **k: seen.append(list(gc.get_threshold()))
translate.outcome_exit_code = lambda output: 0
before = list(gc.get_threshold())
translate.run(sys.argv[1:])
print(json.dumps([before, seen, list(gc.get_threshold()), list(running.GC_THRESHOLDS)]))
"""
    argv = ["--input", str(SAMPLES / "*.jsonl"), "--output", str(tmp_path / "o"),
            "--source-lang", "en", "--target-lang", "es", "--engine", "apertium"]
    assert_thresholds_while_running(script, argv)


def test_the_evaluate_job_runs_with_the_same_thresholds_and_restores_them_on_failure(tmp_path):
    script = """
import gc, json, sys
from pipelines import evaluate, running
seen = []
def build(*a, **k):
    seen.append(list(gc.get_threshold()))
    raise RuntimeError("stop here")
evaluate.build = build
before = list(gc.get_threshold())
try:
    evaluate.run(sys.argv[1:])
except RuntimeError:
    pass
print(json.dumps([before, seen, list(gc.get_threshold()), list(running.GC_THRESHOLDS)]))
"""
    argv = ["--source", str(SAMPLES / "*.jsonl"), "--output", str(tmp_path / "o"),
            "--source-lang", "en", "--target-lang", "es", "--reference", "self",
            "--methods", "original"]
    assert_thresholds_while_running(script, argv)
