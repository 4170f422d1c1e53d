"""PRISM's QA protocol (PPS, QS, AUPQC, QS@p) against a loopback fake of the OpenAI chat
completions contract (tests/fakes/vendor_server.py), the real Apertium en->es engine
translating, on documents cut from MultiLeg en."""
import glob
import json
import random

import pytest

from pipelines.common import UsageError
from pipelines.evaluate import run
from tests.fakes.vendor_server import KEYS, VendorServer
from transforms.prism.apply import dictionary, resolve
from transforms.prism.qa import QAError, parse_answers, prompt, read_qa, Question
from transforms.prism.tradeoff import content_words

FILES = sorted(glob.glob("/work/shared/corpora/multileg/train/en/*.jsonl"))[:3]
pytestmark = pytest.mark.skipif(not FILES, reason="MultiLeg corpus not present")


def _qa_file(path):
    """Which-word questions: the answer is a content word of the document, the distractors
    dictionary words it does not contain."""
    d = dictionary(resolve("auto", "en", "es"))
    vocab = d.vocabulary()
    rng = random.Random(4)
    lines = []
    for f in FILES:
        texts = [json.loads(l)["text"] for l in open(f, encoding="utf-8")][:12]
        doc = " ".join(texts)
        words = sorted({w for w in content_words(doc, "en") if d.entry(w)})
        absent = [w for w in vocab if w not in set(content_words(doc, "en"))]
        for w in rng.sample(words, 5):
            opts = rng.sample(absent, 3) + [w]
            rng.shuffle(opts)
            lines.append(json.dumps({"document": doc, "question": "Which word does the "
                                     "message use?", "options": opts,
                                     "answer": "ABCD"[opts.index(w)]}))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_prompt_and_answers_parse():
    q = [Question("d", "Who?", ("x", "y"), "B"), Question("d", "What?", ("x", "y"), "A")]
    p = prompt("the message", q)
    assert p.startswith("Read the following message, solve the following 2 questions.")
    assert "1. Who?\nA) x\nB) y" in p and p.endswith("e.g.,\n1. A\n2. B")
    assert parse_answers("1. B\n2) a\n", 2) == ["B", None]


def test_bad_qa_file_names_file_and_line(tmp_path):
    f = tmp_path / "qa.jsonl"
    f.write_text('{"document": "secret text", "question": "q", "options": ["a"], '
                 '"answer": "A"}\n')
    with pytest.raises(QAError) as exc:
        read_qa(str(f))
    assert "qa.jsonl:1" in str(exc.value) and "secret text" not in str(exc.value)


def test_qa_protocol_through_evaluate(tmp_path, monkeypatch):
    qa = _qa_file(tmp_path / "qa.jsonl")
    monkeypatch.setenv("OPENAI_API_KEY", KEYS["openai"])
    monkeypatch.setenv("DOPPEL_SECRET", "qa-test")
    with VendorServer() as server:
        args = ["--source", FILES[0], "--reference", "self", "--source-lang", "en",
                "--target-lang", "es", "--methods", "original", "--sweep",
                "prism-r:0.3,0.9", "--sweep", "nodecode:0.9", "--metrics", "chrf",
                "--bootstrap-samples", "20", "--output", str(tmp_path / "out"),
                "--qa", str(qa), "--qa-endpoint", server.url, "--qa-model", "reader-test"]
        assert run(args) == 0
        calls = [c for c in server.calls if c["vendor"] == "openai"]
    report = json.loads((tmp_path / "out" / "report.json").read_text())
    res = report["qa"]
    assert res["questions"] == 15 and res["documents"] == 3
    # the reader got the paper's prompt, the model and the key, per document and point
    bodies = [json.loads(c["raw"]) for c in calls]
    assert all(b["model"] == "reader-test" and b["temperature"] == 0 for b in bodies)
    assert all(c["headers"]["Authorization"] == f"Bearer {KEYS['openai']}" for c in calls)
    assert len(calls) == res["reader"]["calls"] == 3 * (2 + 2 * 3)
    # reading the unprotected documents, the lexical reader answers every question
    assert res["unprotected"]["pps"] == 0.0
    r = {p["ratio"]: p for p in res["curves"]["prism-r"]["points"]}
    # the more words substituted, the less the reader of what was sent gets right
    assert r[0.9]["pps"] > r[0.3]["pps"] > 0
    for c in res["curves"].values():
        assert 0 <= c["aupqc"] <= 1 and 0 <= c["qs_at_0.5"] <= 1


def test_qa_needs_points_and_an_endpoint(tmp_path, monkeypatch):
    qa = _qa_file(tmp_path / "qa.jsonl")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    base = ["--source", FILES[0], "--reference", "self", "--source-lang", "en",
            "--target-lang", "es", "--output", str(tmp_path / "o"), "--qa", str(qa)]
    with pytest.raises(UsageError):
        run(base + ["--methods", "original"])
    with pytest.raises(UsageError) as exc:
        run(base + ["--methods", "prism-r@0.3"])
    assert "endpoint" in str(exc.value)


def test_qa_protect_text_takes_the_mixture():
    """The QA protocol's documents go through the mixture like through PRISM-R: the same
    keyed draws (same secret, same text: the same payload), every substitution decodable."""
    from transforms.prism.apply import protect_text
    d = dictionary(resolve("auto", "en", "es"))
    text = "The court dismissed the appeal and ordered the applicant to pay the costs."
    sent, back = protect_text(text, "prism-mix", 0.3, d, "en", b"qa-secret", "doc")
    again, _ = protect_text(text, "prism-mix", 0.3, d, "en", b"qa-secret", "doc")
    assert sent == again != text
    # dictionary words with an s(w) are all replaced: court, appeal, applicant, costs...
    from transforms.prism.tokens import WORD
    pairs = dict(zip(WORD.findall(text.lower()), WORD.findall(sent.lower())))
    assert all(pairs[w] != w for w in ("court", "appeal", "applicant", "costs"))
    assert back("") == ""
