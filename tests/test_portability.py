"""The translate job gives the same output on the DirectRunner, the multi-processing
DirectRunner and Beam's portable runner with an external worker pool: the Fn API boundary
that Dataflow Runner v2, Flink and Spark use.  Compared: every file written (translations,
audit request logs, dead letters) byte for byte, and summary.json without its timing."""
import json
import os
import shutil
import socket
import subprocess
import sys
import time

import pytest

from tests.conftest import FIXTURES, REPO

SAMPLES = REPO / "resources" / "samples"


def _inputs(tmp_path):
    """The samples (JSONL, XLIFF), DOCX and TMX fixtures, and one broken file."""
    d = tmp_path / "in"
    d.mkdir()
    for p in (*SAMPLES.glob("*.jsonl"), *SAMPLES.glob("*.xlf"), FIXTURES / "formats" / "features.docx",
              FIXTURES / "formats" / "name_everywhere.docx", FIXTURES / "formats" / "sample.tmx"):
        shutil.copy(p, d / p.name)
    (d / "broken.xlf").write_text("<xliff version='1.2'><file><body><trans-unit>")
    return d


def _translate(inputs, out, *runner):
    proc = subprocess.run(
        [sys.executable, "-m", "pipelines.translate", "--input", str(inputs / "*"),
         "--output", str(out), "--source-lang", "en", "--target-lang", "es",
         "--engine", "apertium", "--deny-list", str(SAMPLES / "deny-list.tsv"),
         "--progress-interval", "0", *runner],
        cwd=REPO, capture_output=True, text=True, timeout=600,
        env={**os.environ, "DOPPEL_SECRET": "portability"})
    # the broken file fails: the good documents are written, the run exits 3
    assert proc.returncode == 3, proc.stderr[-3000:]
    return out


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def worker_pool():
    """Beam's SDK worker pool on loopback.  It starts each worker as ``python -c ...`` found
    on PATH: this interpreter's directory goes first, and the worktree on PYTHONPATH, so the
    workers run this code."""
    port = _free_port()
    env = {**os.environ, "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"],
           "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    pool = subprocess.Popen([sys.executable, "-m", "apache_beam.runners.worker.worker_pool_main",
                             "--service_port", str(port)], cwd=REPO, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:        # ready once it listens
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if pool.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"worker pool did not start: {pool.stderr.read()[-2000:]}")
                time.sleep(0.2)
        yield f"localhost:{port}"
    finally:
        os.killpg(pool.pid, 15)      # the pool and the SDK workers it started
        pool.wait(timeout=30)


def _files(out):
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def _summary_without_timing(files):
    summary = json.loads(files.pop("summary.json"))
    run = summary.pop("run")
    assert set(run) == {"elapsed_s", "segments_per_s", "documents_per_s"}
    return summary


def test_direct_multiprocessing_and_portable_runners_write_the_same(tmp_path, apertium,
                                                                    worker_pool):
    inputs = _inputs(tmp_path)
    outputs = {
        "direct": _translate(inputs, tmp_path / "direct"),
        "multi_processing": _translate(inputs, tmp_path / "multi", "--direct_num_workers", "2",
                                       "--direct_running_mode", "multi_processing"),
        "portable": _translate(inputs, tmp_path / "portable", "--runner", "PortableRunner",
                               "--job_endpoint", "embed", "--environment_type", "EXTERNAL",
                               "--environment_config", worker_pool),
    }
    files = {name: _files(out) for name, out in outputs.items()}
    summaries = {name: _summary_without_timing(f) for name, f in files.items()}
    direct = files["direct"]
    # what there is to compare: every input translated but the broken one, its audit log
    written = {p.name for p in inputs.iterdir()} - {"broken.xlf"}
    assert written <= set(direct)
    assert sum(k.startswith("audit/requests-") for k in direct) == len(written)
    assert summaries["direct"]["documents"] == {"total": 7, "written": 6, "failed": 1}
    for name in ("multi_processing", "portable"):
        assert sorted(files[name]) == sorted(direct), name
        for rel, data in direct.items():
            assert files[name][rel] == data, (name, rel)
        assert summaries[name] == summaries["direct"], name
