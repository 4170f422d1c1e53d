"""Must-show 4: the mapping vault round-trips with the right key and refuses a wrong one;
assignments are never written in clear."""
import os
import subprocess
import sys

import pytest

from tests.conftest import REPO
from tests.test_pipeline import SAMPLES
from transforms.vault import VaultError, read_vault, seal, unseal, vault_key

KEY = b"correct horse battery staple 42"


def test_round_trip_and_wrong_key():
    payload = {"document": "d.jsonl", "segments": [{"assignments": [
        {"original": "Josefina Lasocka", "replacement": "Anna Berg"}]}]}
    blob = seal(payload, KEY)
    assert b"Lasocka" not in blob and b"Anna Berg" not in blob
    assert unseal(blob, KEY) == payload
    with pytest.raises(VaultError, match="wrong vault key"):
        unseal(blob, b"another key of enough length")
    tampered = blob[:-1] + bytes([blob[-1] ^ 1])
    with pytest.raises(VaultError, match="altered"):
        unseal(tampered, KEY)
    with pytest.raises(VaultError, match="not a Doppel vault"):
        unseal(b'{"document": "clear text"}', KEY)
    assert seal(payload, KEY) != blob             # fresh salt and nonce every time


def test_missing_or_short_key_is_an_error(monkeypatch):
    monkeypatch.delenv("DOPPEL_VAULT_KEY", raising=False)
    with pytest.raises(VaultError, match="not set"):
        vault_key()
    monkeypatch.setenv("DOPPEL_VAULT_KEY", "short")
    with pytest.raises(VaultError, match="too short"):
        vault_key()


def _translate(tmp_path, env):
    cmd = [sys.executable, "-m", "pipelines.translate", "--input", f"{SAMPLES}/*.jsonl",
           "--output", str(tmp_path / "out"), "--source-lang", "en", "--target-lang", "es",
           "--engine", "identity", "--vault", str(tmp_path / "vault")]
    return subprocess.run(cmd, cwd=REPO, capture_output=True, text=True,
                          env={**os.environ, "DOPPEL_SECRET": "s", **env})


def test_translate_writes_one_encrypted_vault_per_document(tmp_path):
    env = {"DOPPEL_VAULT_KEY": KEY.decode()}
    proc = _translate(tmp_path, env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    files = sorted((tmp_path / "vault").glob("*.vault"))
    assert [f.name for f in files] == ["judgment-kalnins.jsonl.vault",
                                       "letter-fernandez.jsonl.vault"]
    blob = files[0].read_bytes()
    assert b"Kalni" not in blob
    data = read_vault(str(files[0]), KEY)
    originals = {a["original"] for s in data["segments"] for a in s["assignments"]}
    assert "Andris Kalniņš" in originals
    sent = (tmp_path / "out" / "audit" / "requests-judgment-kalnins.jsonl.jsonl").read_text()
    reps = {a["replacement"] for s in data["segments"] for a in s["assignments"]}
    assert all(r in sent for r in reps)
    with pytest.raises(VaultError):
        read_vault(str(files[0]), b"not the key at all, sorry")


def test_translate_refuses_to_start_without_a_vault_key(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DOPPEL_VAULT_KEY"}
    cmd = [sys.executable, "-m", "pipelines.translate", "--input", f"{SAMPLES}/*.jsonl",
           "--output", str(tmp_path / "out"), "--source-lang", "en", "--target-lang", "es",
           "--engine", "identity", "--vault", str(tmp_path / "vault")]
    proc = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, env=env)
    assert proc.returncode != 0 and "DOPPEL_VAULT_KEY is not set" in proc.stderr
    assert not (tmp_path / "vault").exists() and not (tmp_path / "out").exists()
