"""The DirectRunner's worker processes forked from a warm process (``pipelines.forked_workers``):
when it applies, what a worker gets, and a job run so.  What forks runs in a fresh
interpreter of its own (a subprocess): a zygote is forked from a single-threaded process
only, which a test session (Beam's thread pools of earlier tests) need not be."""
import json
import os
import subprocess
import sys

import pytest

from pipelines import forked_workers

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _options(*argv):
    from apache_beam.options.pipeline_options import PipelineOptions
    return PipelineOptions(list(argv))


@pytest.mark.parametrize("argv, forks", [
    ((), False),
    (("--direct_num_workers", "2"), False),                       # in_memory: one worker
    (("--direct_num_workers", "2", "--direct_running_mode", "multi_threading"), False),
    (("--direct_num_workers", "1", "--direct_running_mode", "multi_processing"), False),
    (("--direct_num_workers", "2", "--direct_running_mode", "multi_processing"), True),
    (("--runner", "DataflowRunner", "--direct_num_workers", "2",
      "--direct_running_mode", "multi_processing"), False),
])
def test_only_several_worker_processes_of_the_direct_runner_are_forked(argv, forks):
    assert forked_workers.forks(_options(*argv)) is forks


def _run(script: str, tmp_path) -> dict:
    """``script`` in a fresh interpreter (the repository on its path); its last line of
    stdout, as JSON."""
    env = dict(os.environ, PYTHONPATH=HERE + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


ZYGOTE_ALONE = """
import json, os, subprocess, sys
import apache_beam.runners.worker.sdk_worker_main as harness
from pipelines import forked_workers

seen = os.path.join(os.getcwd(), "seen")
def main(argv):                         # Beam's harness, as a worker would run it
    with open(seen + "-" + str(os.getpid()), "w") as fh:
        json.dump({"ppid": os.getppid(), "env": os.environ.get("DOPPEL_TEST_ENV"),
                   "warm": WARMED}, fh)
    if os.environ.get("DOPPEL_TEST_ENV") == "fail":
        raise RuntimeError("the harness failed")
harness.main = main
WARMED = []
zygote = forked_workers.Zygote(warm=lambda: WARMED.append("warm"))
codes = [subprocess.run(zygote.command(), shell=True,
                        env=dict(os.environ, DOPPEL_TEST_ENV=v),
                        stderr=subprocess.DEVNULL).returncode for v in ("ok", "fail")]
zygote.close()
runs = [json.load(open(os.path.join(os.getcwd(), f))) for f in sorted(os.listdir("."))
        if f.startswith("seen-")]
print(json.dumps({"codes": codes, "zygote": zygote.pid, "runs": runs,
                  "warmed_here": WARMED, "left": os.path.exists(zygote.dir)}))
"""


def test_the_zygote_forks_a_worker_for_each_client_with_its_environment(tmp_path):
    got = _run(ZYGOTE_ALONE, tmp_path)
    # each client's environment reached its worker; a failed harness is exit status 1
    assert got["codes"] == [0, 1]
    assert sorted(r["env"] for r in got["runs"]) == ["fail", "ok"]
    # forked from the zygote, which ran warm() once, before forking them, not the driver
    assert all(r["ppid"] == got["zygote"] for r in got["runs"])
    assert all(r["warm"] == ["warm"] for r in got["runs"]) and got["warmed_here"] == []
    assert not got["left"]


PIPELINE = """
import json, os
import apache_beam as beam
from pipelines import forked_workers

from apache_beam.options.pipeline_options import PipelineOptions
options = PipelineOptions(["--direct_num_workers", "2",
                           "--direct_running_mode", "multi_processing"])
zygote = forked_workers.start(options, warm=lambda: None)
out = os.path.join(os.getcwd(), "out")
try:
    with beam.Pipeline(runner=forked_workers.runner(options, zygote), options=options) as p:
        (p | beam.Create(range(100)) | beam.Reshuffle()
           | beam.Map(lambda x: (x * x, os.getpid(), os.getppid()))
           | beam.Map(json.dumps) | beam.io.WriteToText(out))
finally:
    zygote.close()
rows = [json.loads(line) for f in os.listdir(".") if f.startswith("out")
        for line in open(f)]
print(json.dumps({"zygote": zygote.pid, "driver": os.getpid(), "rows": rows}))
"""


def test_a_job_runs_on_workers_forked_from_the_zygote(tmp_path):
    got = _run(PIPELINE, tmp_path)
    assert sorted(r[0] for r in got["rows"]) == [x * x for x in range(100)]
    assert {r[2] for r in got["rows"]} == {got["zygote"]}
    assert got["driver"] not in {r[1] for r in got["rows"]}


def test_no_zygote_beside_running_threads():
    # forking a process whose threads (gRPC's) run is unsafe: Beam starts its workers then
    import threading
    stop = threading.Event()
    t = threading.Thread(target=stop.wait)
    t.start()
    try:
        assert forked_workers.start(_options("--direct_num_workers", "2",
                                             "--direct_running_mode",
                                             "multi_processing")) is None
    finally:
        stop.set()
        t.join()
