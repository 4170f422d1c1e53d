"""`python -m pipelines.detect`: the review step writes pre-annotated JSONL."""
import json
import subprocess
import sys

from tests.conftest import REPO

SAMPLES = REPO / "resources" / "samples"


def test_detect_writes_reviewable_jsonl_that_translate_reads(tmp_path):
    out = tmp_path / "det"
    proc = subprocess.run([sys.executable, "-m", "pipelines.detect", "--input",
                           f"{SAMPLES}/contract-notice.xlf,{SAMPLES}/judgment-kalnins.jsonl",
                           "--output", str(out), "--lang", "en"],
                          cwd=REPO, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    xlf = [json.loads(l) for l in (out / "contract-notice.xlf.jsonl").read_text().splitlines()]
    seg2 = next(r for r in xlf if "addressed" in r["text"])
    # no inline-code markers in the review text, offsets fit the text
    assert all(ord(c) < 0xE000 for r in xlf for c in r["text"])
    spans = {seg2["text"][s:e]: (cat, cl) for s, e, cat, cl in seg2["label"]}
    assert spans["John Peterson"][0] == "PER"
    assert "Manchester" in spans     # masked; the model-free detector has no English city list
    # the same person is one cluster across segments ("Mr Peterson" later)
    seg5 = next(r for r in xlf if r["text"].startswith("Mr Peterson"))
    peterson = [cl for s, e, cat, cl in seg5["label"] if "Peterson" in seg5["text"][s:e]]
    assert peterson == [spans["John Peterson"][1]]
    # gold labels of a pre-annotated input come back with their source
    judg = [json.loads(l) for l in (out / "judgment-kalnins.jsonl").read_text().splitlines()]
    assert "given" in judg[0]["sources"]
    summary = json.loads((out / "summary.json").read_text())
    assert summary["documents"]["written"] == 2 and summary["entities"]["PER"] >= 4
    # the output is valid input for translate (extra label fields are ignored)
    proc = subprocess.run([sys.executable, "-m", "pipelines.translate", "--input",
                           str(out / "judgment-kalnins.jsonl"), "--output", str(tmp_path / "tr"),
                           "--source-lang", "en", "--target-lang", "es", "--engine", "upper"],
                          cwd=REPO, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
