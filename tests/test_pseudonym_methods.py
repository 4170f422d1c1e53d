"""Must-show 3: every --method end to end through the translate job (identity engine: the
restored output must be the input), and pseudonym + category-id with Apertium."""
import json

import pytest

from tests.test_pipeline import SAMPLES, audit, gold_strings, run_translate
from transforms.pseudonyms import METHODS

INPUTS = f"{SAMPLES}/*.jsonl,{SAMPLES}/*.xlf"


def _texts(path):
    return [json.loads(l)["text"] for l in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("method", METHODS)
def test_every_method_round_trips_with_the_identity_engine(tmp_path, method):
    out = run_translate(tmp_path, INPUTS, "--method", method, engine="identity")
    summary = json.loads((out / "summary.json").read_text())
    assert summary["documents"] == {"total": 3, "written": 3, "failed": 0}
    assert summary["segments"]["needs_review"] == 0 and summary["mentions"]["unresolved"] == 0
    sent = "\n".join(r["text"] for r in audit(out))
    names = gold_strings(SAMPLES.glob("*.jsonl"), ("PER", "ORG", "LOC"))
    if method == "none":
        assert any(n in sent for n in names)
    else:
        assert not [n for n in names if n in sent]
    for name in ("judgment-kalnins.jsonl", "letter-fernandez.jsonl"):
        assert _texts(out / name) == _texts(SAMPLES / name), (method, name)
    marker = {"asterisk": "****", "category": "PER", "category-id": "PER_1",
              "category-id-grammar": "PER_1", "tags": '<x id="'}.get(method)
    if marker:
        assert marker in sent


@pytest.mark.parametrize("method", ["pseudonym", "category-id"])
def test_pseudonym_and_category_id_with_apertium(tmp_path, apertium, method):
    out = run_translate(tmp_path, INPUTS, "--method", method)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["documents"]["written"] == 3 and summary["segments"]["sent"] > 0
    judgment = (out / "judgment-kalnins.jsonl").read_text(encoding="utf-8")
    sent = "\n".join(r["text"] for r in audit(out))
    assert "Kalniņš" not in sent
    if method == "pseudonym":
        assert "Andris Kalniņš" in judgment and summary["mentions"]["unresolved"] == 0
    else:
        # Apertium mangles some labels (the paper's finding); those segments are flagged
        assert "PER_1" in sent
        assert summary["mentions"]["restored"] + summary["mentions"]["unresolved"] == \
            summary["mentions"]["total"]
