"""An invoice: "Call Anja Weiß on ..." sent "Call" as a stand-in's first word (and it came
back untranslated), and a law firm's "LLP" was no legal form, so its stand-in had none.
Each test failed on the code before the change."""
import json
import os
import subprocess
import sys

from transforms.detect.heuristic import HeuristicDetector
from transforms.dictionary.extract import legal_form, org_kind

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _found(texts, lang="en"):
    return [[(t[s.start:s.end], s.category) for s in spans]
            for t, spans in zip(texts, HeuristicDetector().detect(texts, lang))]


def test_an_imperative_before_a_name_is_the_sentence_s():
    found = _found(["Questions? Call Anja Weiß on +44 20 7946 0958.",
                    "Ask Priya Shah about the invoice."])
    assert found == [[("Anja Weiß", "PER")], [("Priya Shah", "PER")]]
    # a noun before a name, or an initial, stays in it
    found = _found(["Attorney Robert Sarvis said so.", "D. Kennedy Benjo-Lopez replied."])
    assert ("Attorney Robert Sarvis", "PER") in found[0]
    assert ("D. Kennedy Benjo-Lopez", "PER") in found[1]


def test_a_partnership_s_legal_form_is_one():
    assert legal_form("LLP") and legal_form("GbR") and legal_form("e.V.")
    assert org_kind("Kowalczyk & Partners LLP") == "company:LLP"
    assert ("Smith Jones LLP", "ORG") in _found(["Smith Jones LLP acted for the claimant."])[0]



def test_a_company_s_stand_in_keeps_its_legal_form_and_the_verb_is_translated(tmp_path):
    texts = ["Bill to: Kowalczyk & Partners LLP, Attn: Ms. Zofia Kowalczyk",
             "Questions? Call Anja Weiß on +44 20 7946 0958."]
    src = tmp_path / "in"
    src.mkdir()
    (src / "i.jsonl").write_text("".join(json.dumps({"text": t, "label": []}) + "\n"
                                         for t in texts), encoding="utf-8")
    out = tmp_path / "out"
    env = dict(os.environ, DOPPEL_SECRET="x", PYTHONPATH=ROOT)
    proc = subprocess.run([sys.executable, "-m", "pipelines.translate", "--input",
                           str(src / "*.jsonl"), "--output", str(out), "--source-lang", "en",
                           "--target-lang", "es", "--engine", "apertium"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    sent = [json.loads(line)["text"] for f in (out / "audit").glob("requests-*")
            for line in f.read_text(encoding="utf-8").splitlines()]
    assert "Kowalczyk" not in sent[0] and " LLP," in sent[0], sent[0]
    assert "Weiß" not in sent[1] and "Anja" not in sent[1] and "Call " in sent[1], sent[1]
    back = [json.loads(line)["text"] for line in
            (out / "i.jsonl").read_text(encoding="utf-8").splitlines()]
    assert "Kowalczyk & " in back[0] and "LLP" in back[0], back[0]
    # the verb went to the engine as a verb, not as a stand-in's word
    assert "Call" not in back[1] and "Anja Weiß" in back[1], back[1]
