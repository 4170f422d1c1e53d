"""Documents without labels: the leak cases seen on real client files never reach the engine,
and ordinary words around them are sent as they are (the model-free detectors, default
options, through the translate job)."""
import json
import os
import subprocess
import sys


from tests.conftest import FIXTURES, REPO
from tests.test_pipeline import audit

CASES = FIXTURES / "unlabelled"

# What must not be in any payload, per fixture: the names whole and their telling parts
# (an initial with its dot, a surname, an organisation's own words, a number's digits).
NEVER_SENT_EN = [
    "P. Bennett", "Bennett", "P. ", "J.‑F.", "Eriksson", "O. van Assche", "Assche", "Marieke",
    "van de Beek", "Beek", "Court of Justice", "Justice", "Ministero", "Economia", "Finanze",
    "dell'Economia", "United Kingdom", "Kingdom", "United States", "Barrets", "Barrett",
    "bookarchive", ".ws", "709 583 399", "583 399", "5390942", "18 198 833", "198 833",
]
# A fake phone number keeps the country code and the range prefix ("+48 709", "+372 53": the
# numbering plan, not the subscriber), as a fake IBAN keeps its country: checked apart.
PHONES_EN = {"+48 709 583 399": "+48 709 ", "+372 5390942": "+372 53"}
# Ordinary words of the same documents that must go out as they are.
# ("Nursing" may be masked: the name model gives it a name's chance in "Director of Nursing",
# and recall comes first.)
SENT_AS_IS_EN = ["Figure 1 shows how the Director of ", " of each facility arranged "
                 "long-service leave in August.", "The report", "Written comments",
                 "Delegations"]

NEVER_SENT_LV = ["Bērziņ", "Berzin", "berzins", "Andra", "2016", "maijā", "5390942",
                 "example.lv"]


def _run(tmp_path, inputs, src, tgt, engine):
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, "-m", "pipelines.translate", "--input", inputs,
                           "--output", str(out), "--source-lang", src, "--target-lang", tgt,
                           "--engine", engine], cwd=REPO, capture_output=True, text=True,
                          env={**os.environ, "DOPPEL_SECRET": "leak-test"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    return out


def _payload(out):
    recs = audit(out)
    assert recs, "nothing was sent"
    return "\n".join(r["text"] for r in recs)


def test_english_leak_cases_never_reach_the_engine(tmp_path, apertium):
    out = _run(tmp_path, str(CASES / "leak-cases-en.xlf"), "en", "es", "apertium")
    sent = _payload(out)
    leaked = [s for s in NEVER_SENT_EN if s in sent]
    assert not leaked, f"sent: {leaked}\n{sent}"
    for phone, plan in PHONES_EN.items():
        assert phone not in sent and sent.count(plan) == 1, (phone, sent)
    kept = [s for s in SENT_AS_IS_EN if s not in sent]
    assert not kept, f"masked although ordinary words: {kept}\n{sent}"
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["segments"]["dead_lettered"] == 0, summary


def test_latvian_leak_cases_never_reach_the_engine(tmp_path):
    out = _run(tmp_path, str(CASES / "leak-cases-lv.jsonl"), "lv", "en", "identity")
    sent = _payload(out)
    leaked = [s for s in NEVER_SENT_LV if s in sent]
    assert not leaked, f"sent: {leaked}\n{sent}"
    assert "noraidīja" in sent and "prasību" in sent     # the sentence around them goes out


def test_a_nationality_is_sent_as_another_and_comes_back(tmp_path, apertium):
    doc = tmp_path / "iodine.jsonl"
    doc.write_text("".join(json.dumps({"text": t, "label": []}) + "\n" for t in [
        "Australian children suffering from iodine deficiency",
        "Almost half of all Australian primary school children are iodine deficient."]))
    out = _run(tmp_path, str(doc), "en", "es", "apertium")
    sent = _payload(out)
    assert "Australian" not in sent
    # another adjective of its kind from the dictionary, the same in both segments
    import pyarrow.parquet as pq
    adjectives = {r["lemma"] for r in pq.read_table(
        REPO / "resources" / "dictionaries" / "en.parquet").to_pylist()
        if r["category"] == "LOC" and r["upos"] == "ADJ"}
    first, second = (r.split()[0] if i == 0 else r.split()[4]
                     for i, r in enumerate(sent.splitlines()))
    assert first == second and first in adjectives, sent
    rows = [json.loads(l) for l in (out / "iodine.jsonl").read_text().splitlines()]
    assert all("australian" in r["text"] for r in rows), rows
    assert {lab[2] for r in rows for lab in r["label"]} == {"NATIONALITY"}
