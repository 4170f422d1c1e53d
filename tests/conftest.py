import os
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def corpora_dir() -> Path:
    """The shared corpora: one setting, DOPPEL_CORPORA (default ../shared/corpora)."""
    return Path(os.environ.get("DOPPEL_CORPORA", REPO.parent / "shared" / "corpora"))


@pytest.fixture
def corpora():
    path = corpora_dir()
    if not path.is_dir():
        pytest.skip(f"corpus-wide test: {path} not found (set DOPPEL_CORPORA to the shared "
                    f"corpora; a user's clone does not have them)")
    return path


@pytest.fixture
def apertium():
    """Apertium en<->es is part of the set-up (README, .ci/run): in CI its absence fails."""
    if shutil.which("apertium") is None:
        if os.environ.get("CI"):
            pytest.fail("apertium is not installed but CI must have it (.ci/run installs it)")
        pytest.skip("apertium not installed (apt-get install apertium apertium-eng-spa)")
    return "apertium"


@pytest.fixture
def translate_unlabelled(tmp_path, apertium):
    """``run(texts, source="en", target="es")``: ``texts`` as one unlabelled JSONL document
    through the translate job (Apertium, a fixed secret) -> (the text of each request sent,
    each segment's text as written back)."""
    import json
    import subprocess
    import sys

    def run(texts, source="en", target="es"):
        src = tmp_path / "in"
        src.mkdir(exist_ok=True)
        (src / "d.jsonl").write_text("".join(json.dumps({"text": t, "label": []}) + "\n"
                                             for t in texts), encoding="utf-8")
        out = tmp_path / "out"
        env = dict(os.environ, DOPPEL_SECRET="x", PYTHONPATH=str(REPO))
        proc = subprocess.run([sys.executable, "-m", "pipelines.translate", "--input",
                               str(src / "*.jsonl"), "--output", str(out), "--source-lang",
                               source, "--target-lang", target, "--engine", "apertium"],
                              cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
        assert proc.returncode == 0, proc.stderr[-2000:]
        sent = [json.loads(line)["text"] for f in sorted((out / "audit").glob("requests-*"))
                for line in f.read_text(encoding="utf-8").splitlines()]
        back = [json.loads(line)["text"] for line in
                (out / "d.jsonl").read_text(encoding="utf-8").splitlines()]
        return sent, back
    return run


@pytest.fixture
def found_names():
    """``find(texts, lang="en")``: the name detector's spans in each text of one document, as
    (text, category) pairs."""
    from transforms.detect.heuristic import HeuristicDetector

    def find(texts, lang="en"):
        return [[(t[s.start:s.end], s.category) for s in spans]
                for t, spans in zip(texts, HeuristicDetector().detect(texts, lang))]
    return find


@pytest.fixture
def found_numbers():
    """``find(text, lang="en")``: the texts of the identifier numbers (IDNUM) found in
    ``text``."""
    from transforms.detect.identifiers import detect

    def find(text, lang="en"):
        return [s.text for s in detect(text, lang) if s.category == "IDNUM"]
    return find
