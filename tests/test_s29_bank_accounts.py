"""A Swedish employment contract, unlabelled (issue 14): "utbetalas till konto 8327-9, 123
456 789-0 i Swedbank" sent the salary account as written.  Account numbers in groups, with a
check digit after a dash, after a clearing number, were no identifier's shape."""
from transforms.detect.identifiers import detect


def _found(text, lang):
    return [text[s.start:s.end] for s in detect(text, lang)]


def test_account_numbers_after_their_word():
    assert _found("Lön utbetalas till konto 8327-9, 123 456 789-0 i Swedbank.", "sv") == \
        ["8327-9, 123 456 789-0"]
    assert _found("Please pay into account no. 4471 2290 18 by Friday.", "en") == \
        ["4471 2290 18"]
    assert _found("Tilinumero 123456-785 on oikea.", "fi") == ["123456-785"]
    assert _found("Kontonr. 1234 5678901234.", "da") == ["1234 5678901234"]


def test_no_account_without_its_digits():
    """Guard (passes before the change too): a year, a count, a page."""
    assert _found("The account was opened in 2019, 3 days ago.", "en") == []
    assert _found("Account: 12, 2 pages", "en") == []


def test_the_salary_account_never_reaches_the_engine(tmp_path, apertium):
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path
    repo = Path(__file__).resolve().parents[1]
    src = tmp_path / "in"
    src.mkdir()
    (src / "avtal.jsonl").write_text(json.dumps({
        "text": "Lön: 42 000 kr per månad, utbetalas till konto 8327-9, 123 456 789-0 i "
                "Swedbank.", "label": []}, ensure_ascii=False) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, "-m", "pipelines.translate", "--input",
                           str(src / "*.jsonl"), "--output", str(out), "--source-lang", "sv",
                           "--target-lang", "da", "--engine", "apertium"], cwd=repo,
                          env=dict(os.environ, DOPPEL_SECRET="x", PYTHONPATH=str(repo)),
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    sent = " ".join(json.loads(line)["text"] for f in (out / "audit").glob("requests-*")
                    for line in f.read_text(encoding="utf-8").splitlines())
    for digits in ("8327-9", "123 456 789-0", "789-0"):
        assert digits not in sent, sent
    back = json.loads((out / "avtal.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert "8327-9, 123 456 789-0" in back["text"]
