"""Issue 18: hostile and broken files (``tests/adversarial/hostile.py``).  Each is refused
with a clear reason naming the problem, or processed safely, in bounded time and memory; the
rest of the batch goes on; the exit code says a document failed; no local file content
reaches the summary or the logs."""
import json
import os
import subprocess
import sys

import pytest

from scripts.hostile_files import measure
from tests.adversarial.hostile import HOSTILE, MARKER, SECRET_FILE_LINE, make_all
from tests.conftest import REPO


@pytest.fixture(scope="module")
def hostile_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("hostile")
    make_all(str(d / "in"))
    (d / "in" / "good.jsonl").write_text(
        json.dumps({"text": "Anna Berg lives in Oslo.", "label": [[0, 9, "PER"]]}) + "\n",
        encoding="utf-8")
    return d


@pytest.mark.parametrize("h", HOSTILE, ids=[h.name for h in HOSTILE])
def test_each_file_is_refused_or_processed_in_bounded_time_and_memory(hostile_dir, h):
    m = measure(str(hostile_dir / "in" / h.name), h.name, timeout=60)
    assert m["outcome"] == h.outcome, m
    if h.outcome == "refused":
        assert h.reason in m["detail"], m
    assert MARKER not in m["detail"]
    assert m["seconds"] < 10, m                      # the reading itself, imports aside
    # peak resident memory of the whole process: a 100 MB XLIFF is read no further than
    # the 64 MiB limit, a 1.4 GiB zip bomb is never inflated
    assert m["peak_rss_mb"] - m["imports_rss_mb"] < 300, m


def test_the_batch_goes_on_and_says_which_failed_and_why(hostile_dir):
    out = hostile_dir / "out"
    proc = subprocess.run([sys.executable, "-m", "pipelines.translate", "--input",
                           str(hostile_dir / "in" / "*"), "--output", str(out),
                           "--source-lang", "en", "--target-lang", "es", "--engine", "upper"],
                          cwd=REPO, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "DOPPEL_SECRET": "hostile"})
    assert proc.returncode == 3, proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    refused = {h.name: h.reason for h in HOSTILE if h.outcome == "refused"}
    reasons = {f["document"]: f["reason"] for f in summary["failures"]}
    assert set(reasons) == set(refused)
    for name, piece in refused.items():
        assert piece in reasons[name] and reasons[name].strip(), (name, reasons[name])
    processed = [h.name for h in HOSTILE if h.outcome == "processed"] + ["good.jsonl"]
    assert summary["documents"] == {"total": len(HOSTILE) + 1, "written": len(processed),
                                    "failed": len(refused)}
    for name in processed:
        assert (out / name).is_file(), name
    assert json.loads((out / "good.jsonl").read_text(encoding="utf-8"))["text"] == \
        "Anna Berg LIVES IN OSLO."
    # no local file content in the summary or the logs; nothing pulled in by XXE anywhere
    logs = proc.stdout + proc.stderr + json.dumps(summary, ensure_ascii=False)
    assert MARKER not in logs
    for f in out.rglob("*"):
        if f.is_file():
            assert SECRET_FILE_LINE not in f.read_text(encoding="utf-8", errors="replace"), f
    # the external entity stays a reference, written back as it came
    written = (out / "external-dtd.xlf").read_text(encoding="utf-8")
    assert "&xxe;" in written and written.count("&xxe;") == 2      # source and target


def test_the_input_limit_is_configurable(tmp_path, monkeypatch):
    import io
    from transforms.formats import FormatError
    from transforms.formats.limits import read_bounded
    data = b"<xliff>" + b" " * (2 << 20) + b"</xliff>"
    monkeypatch.setenv("DOPPEL_MAX_INPUT_MB", "1")
    with pytest.raises(FormatError, match=r"input limit of 1 MiB \(DOPPEL_MAX_INPUT_MB"):
        read_bounded("x.xlf", io.BytesIO(data))
    monkeypatch.setenv("DOPPEL_MAX_INPUT_MB", "3")
    assert read_bounded("x.xlf", io.BytesIO(data)) == data
    monkeypatch.setenv("DOPPEL_MAX_INPUT_MB", "lots")
    with pytest.raises(ValueError, match="DOPPEL_MAX_INPUT_MB"):
        read_bounded("x.xlf", io.BytesIO(data))
