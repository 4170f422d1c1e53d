"""Issue 18, faults: a worker killed mid-run, a full disk, an output directory that cannot
be written, and atomic output files.  Real faults, made for real: SIGKILL, the process's
file-size limit (writes fail as on a full disk) and an unwritable directory."""
import json
import os
import resource
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from tests.conftest import REPO
from transforms.cache import FILE_NAME, cache_key


def _docs(folder, n=12, per=6):
    folder.mkdir(parents=True, exist_ok=True)
    for d in range(n):
        lines = [{"text": f"Report {d}, part {i}: the committee met on Tuesday and approved "
                          f"the budget of the year.", "label": []} for i in range(per)]
        (folder / f"doc{d:02d}.jsonl").write_text(
            "".join(json.dumps(l) + "\n" for l in lines), encoding="utf-8")
    return n * per


def _cmd(inputs, out, *extra):
    return [sys.executable, "-m", "pipelines.translate", "--input", str(inputs), "--output",
            str(out), "--source-lang", "en", "--target-lang", "es", *extra]


def _cache_keys(cache_dir):
    path = cache_dir / FILE_NAME
    if not path.exists():
        return set()
    db = sqlite3.connect(str(path), timeout=30)
    try:
        return {k for (k,) in db.execute("SELECT key FROM translations")}
    except sqlite3.OperationalError:     # the job has not made its table yet
        return set()
    finally:
        db.close()


def test_killed_mid_run_the_rerun_completes_from_the_cache_and_resends_nothing(tmp_path):
    total = _docs(tmp_path / "in")
    cache = tmp_path / "cache"
    args = ["--engine", "slow", "--engine-option", "delay=0.15", "--max-batch", "1",
            "--cache-dir", str(cache)]
    env = {**os.environ, "DOPPEL_SECRET": "kill-test"}
    proc = subprocess.Popen(_cmd(tmp_path / "in" / "*", tmp_path / "out1", *args), cwd=REPO,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while len(_cache_keys(cache)) < total // 4 and time.monotonic() < deadline:
            assert proc.poll() is None, "the run ended before it could be killed"
            time.sleep(0.1)
        os.killpg(proc.pid, signal.SIGKILL)          # the worker dies mid-run
    finally:
        proc.wait()
    before = _cache_keys(cache)
    assert 0 < len(before) < total                     # killed in the middle
    assert not (tmp_path / "out1" / "summary.json").exists()
    # the rerun
    rerun = subprocess.run(_cmd(tmp_path / "in" / "*", tmp_path / "out2", *args), cwd=REPO,
                           env=env, capture_output=True, text=True, timeout=600)
    assert rerun.returncode == 0, rerun.stderr[-3000:]
    summary = json.loads((tmp_path / "out2" / "summary.json").read_text(encoding="utf-8"))
    assert summary["documents"] == {"total": 12, "written": 12, "failed": 0}
    seg = summary["segments"]
    assert seg["total"] == total and seg["dead_lettered"] == 0
    # every payload translated before the kill came from the cache: none was sent again
    resent = []
    for log in (tmp_path / "out2" / "audit").glob("*.jsonl"):
        for line in log.read_text(encoding="utf-8").splitlines():
            text = json.loads(line)["text"]
            if cache_key("slow", {}, "en", "es", text) in before:
                resent.append(text)
    assert resent == []
    assert seg["cached"] >= len(before) and seg["sent"] + seg["cached"] == total
    for d in range(12):      # complete output
        lines = (tmp_path / "out2" / f"doc{d:02d}.jsonl").read_text(encoding="utf-8").splitlines()
        assert len(lines) == 6 and all(json.loads(l)["status"] == "translated" for l in lines)


def _no_partial_files(folder):
    return [p for p in folder.rglob("*") if p.is_file() and p.name.endswith(".part")]


def test_full_disk_is_a_clear_error_without_traceback(tmp_path):
    _docs(tmp_path / "in", n=2, per=2)

    def full_disk():      # every write past 100 bytes fails, as on a full disk
        resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100))

    proc = subprocess.run(_cmd(tmp_path / "in" / "*", tmp_path / "out", "--engine", "identity"),
                          cwd=REPO, capture_output=True, text=True, preexec_fn=full_disk,
                          env={**os.environ, "DOPPEL_SECRET": "disk"}, timeout=600)
    assert proc.returncode == 3, proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr
    assert "doc00.jsonl: cannot write the output: File too large" in proc.stderr
    assert "summary.json: cannot write the output" in proc.stderr
    # nothing half-written is left that could pass for a finished file
    assert [p for p in (tmp_path / "out").rglob("*") if p.is_file()] == []


def test_unwritable_output_directory_is_refused_at_start(tmp_path):
    _docs(tmp_path / "in", n=1, per=1)
    if os.geteuid() == 0:
        out = "/sys"                        # exists, and root cannot write there either
    else:
        (tmp_path / "ro").mkdir()
        os.chmod(tmp_path / "ro", 0o555)
        out = str(tmp_path / "ro")
    proc = subprocess.run(_cmd(tmp_path / "in" / "*", out, "--engine", "identity"), cwd=REPO,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 1
    assert f"doppel: cannot write to the output directory {out}: " in proc.stderr
    assert "Traceback" not in proc.stderr


def test_an_output_file_is_replaced_whole_or_not_at_all(tmp_path):
    """A write that fails half-way (here the file-size limit) leaves the previous complete
    file as it was and no temporary file beside it."""
    target = tmp_path / "out.docx"
    target.write_bytes(b"the previous, complete output")
    script = ("import resource, sys\n"
              "resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))\n"
              "from transforms.beam import _write_bytes\n"
              "try:\n"
              "    _write_bytes(sys.argv[1], b'x' * 100000)\n"
              "except OSError as exc:\n"
              "    print('failed:', exc.strerror)\n")
    proc = subprocess.run([sys.executable, "-c", script, str(target)], cwd=REPO,
                          capture_output=True, text=True, timeout=120)
    assert "failed: File too large" in proc.stdout, proc.stderr
    assert target.read_bytes() == b"the previous, complete output"
    assert _no_partial_files(tmp_path) == []
    # and a write that succeeds replaces it whole, with the usual permissions
    from transforms.beam import _write_bytes
    _write_bytes(str(target), b"new")
    assert target.read_bytes() == b"new" and _no_partial_files(tmp_path) == []
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask
