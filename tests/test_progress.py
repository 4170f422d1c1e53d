"""Progress of a run: lines on stderr while it runs locally, Beam counters, summary.json."""
import io
import json
import re
import subprocess
import sys

import pytest

from tests.conftest import REPO
from transforms import progress

SAMPLES = REPO / "resources" / "samples"
FINAL = re.compile(r"doppel: (\d+)/(\d+) documents, ([\d,]+) segments, [\d.]+ segments/s, "
                   r"elapsed \d+:\d\d, done, (\d+) failed")


def test_progress_line_says_done_total_rate_eta_and_failures():
    line = progress.progress_line(progress.Counts(documents_written=45, documents_failed=5,
                                                  segments=1000), total=200, elapsed=100.0)
    # 50 of 200 in 100 s: 150 more take 300 s
    assert line == ("doppel: 50/200 documents, 1,000 segments, 10.0 segments/s, elapsed 1:40, "
                    "ETA 5:00, 5 failed")
    assert "ETA -" in progress.progress_line(progress.Counts(), total=3, elapsed=2.0)
    assert "elapsed 1:01:01" in progress.progress_line(progress.Counts(), 1, 3661.0)


def test_tallies_of_several_processes_add_up_and_the_monitor_prints_changes_only(tmp_path):
    a, b = progress.WorkerTally(str(tmp_path)), progress.WorkerTally(str(tmp_path))
    a.add(documents_written=2, segments=30)
    b.add(documents_failed=1)
    a.add(documents_written=1, segments=5)        # within the second: written by flush
    a.flush()
    b.flush()
    assert progress.read_tallies(str(tmp_path)) == progress.Counts(3, 1, 35)
    out = io.StringIO()
    monitor = progress.ProgressMonitor(str(tmp_path), total=10, interval=3600, stream=out)
    assert monitor.report().startswith("doppel: 4/10 documents, 35 segments")
    assert monitor.report() is None                # nothing new, no line
    b.add(documents_written=1, segments=1)
    b.flush()
    assert monitor.report().startswith("doppel: 5/10 documents, 36 segments")
    assert len(out.getvalue().splitlines()) == 2


def test_a_remote_workers_tally_writes_nothing_and_never_fails(tmp_path):
    tally = progress.WorkerTally(str(tmp_path / "not-here"))
    tally.add(documents_written=1)
    tally.flush()
    assert not (tmp_path / "not-here").exists()


def _run(tmp_path, *extra):
    inputs = tmp_path / "in"
    inputs.mkdir()
    for p in SAMPLES.glob("*.jsonl"):
        (inputs / p.name).write_bytes(p.read_bytes())
    (inputs / "broken.xlf").write_text("<xliff version='1.2'><file><body><trans-unit>")
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, "-m", "pipelines.translate", "--input",
                           str(inputs / "*"), "--output", str(out), "--source-lang", "en",
                           "--target-lang", "es", "--engine", "upper", *extra],
                          cwd=REPO, capture_output=True, text=True,
                          env={**__import__("os").environ, "DOPPEL_SECRET": "s"})
    # the broken file fails: the good documents are written, the run exits 3
    assert proc.returncode == 3, proc.stderr[-3000:]
    return proc.stderr, json.loads((out / "summary.json").read_text())


@pytest.mark.parametrize("runner", [[], ["--direct_num_workers", "2",
                                         "--direct_running_mode", "multi_processing"]])
def test_the_last_line_the_counters_and_summary_json_agree(tmp_path, runner):
    """The last line comes from Beam's counters (what Dataflow's UI shows), summed over the
    workers; summary.json has the same counts and the run's rates."""
    stderr, summary = _run(tmp_path, "--progress-interval", "0.2", *runner)
    final = [m for m in map(FINAL.match, stderr.splitlines()) if m]
    assert len(final) == 1, stderr
    done, total, segments, failed = final[0].groups()
    docs = summary["documents"]
    assert int(total) == docs["total"] == 3
    assert int(done) == docs["written"] + docs["failed"] == 3
    assert int(failed) == docs["failed"] == 1
    assert int(segments.replace(",", "")) == summary["segments"]["total"] > 0
    run = summary["run"]
    assert run["elapsed_s"] > 0 and run["segments_per_s"] > 0
    # the same rate, to the rounding of each (elapsed_s to 0.1 s, the rate to 0.01): a run
    # of 0.7 s makes 5 % of the elapsed time's rounding alone
    elapsed = run["elapsed_s"]
    assert 3 / (elapsed + 0.05) - 0.005 <= run["documents_per_s"] \
        <= 3 / (elapsed - 0.05) + 0.005, run
    # lines before the last: counts that never go back, each a line of its own kind
    lines = [l for l in stderr.splitlines() if l.startswith("doppel: ") and "documents," in l]
    seen = [int(l.split()[1].split("/")[0]) for l in lines]
    assert seen == sorted(seen)


def test_no_progress_lines_with_interval_zero(tmp_path):
    stderr, _ = _run(tmp_path, "--progress-interval", "0")
    assert not any("ETA" in l for l in stderr.splitlines())
    assert len([l for l in stderr.splitlines() if FINAL.match(l)]) == 1
