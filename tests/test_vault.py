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


NEW_KEY = "a brand new key, long enough, 2026"


def test_key_rotation_re_encrypts_every_file_and_can_be_run_again(tmp_path):
    proc = _translate(tmp_path, {"DOPPEL_VAULT_KEY": KEY.decode()})
    assert proc.returncode == 0, proc.stderr[-2000:]
    files = sorted((tmp_path / "vault").glob("*.vault"))
    before = {f: read_vault(str(f), KEY) for f in files}
    rotate = [sys.executable, "-m", "pipelines.cli", "vault", "rotate", str(tmp_path / "vault")]
    env = {**os.environ, "DOPPEL_VAULT_KEY": KEY.decode(), "DOPPEL_VAULT_NEW_KEY": NEW_KEY}
    proc = subprocess.run(rotate, cwd=REPO, capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count(": rotated") == len(files) == 2
    for f in files:
        assert read_vault(str(f), NEW_KEY.encode()) == before[f]      # same assignments
        with pytest.raises(VaultError, match="wrong vault key"):
            read_vault(str(f), KEY)                                   # the old key is done
    assert not [p for p in (tmp_path / "vault").iterdir() if not p.name.endswith(".vault")]
    # again (an interrupted rotation rerun): nothing to do, nothing broken
    proc = subprocess.run(rotate, cwd=REPO, capture_output=True, text=True, env=env)
    assert proc.returncode == 0 and proc.stdout.count("already under the new key") == 2
    # a key that opens nothing: refused, nothing rewritten
    blobs = {f: f.read_bytes() for f in files}
    proc = subprocess.run(rotate, cwd=REPO, capture_output=True, text=True,
                          env={**env, "DOPPEL_VAULT_KEY": "yet another key, long enough",
                               "DOPPEL_VAULT_NEW_KEY": "and one more key, long enough"})
    assert proc.returncode == 1 and "wrong vault key" in proc.stderr
    assert {f: f.read_bytes() for f in files} == blobs


def test_the_clear_mapping_never_touches_disk_or_logs_at_debug(tmp_path):
    """The run at DEBUG, with a vault and a cache, its temporary files in a directory of its
    own: no original of any document is in any log line, any temporary file, the audit, the
    summary, the dead letters, the cache or the vault — only in the translated documents,
    where restoration puts them back."""
    from tests.test_pipeline import gold_strings
    originals = {o for o in gold_strings(SAMPLES.glob("*.jsonl")) if len(o) >= 4
                 and not o.isdigit()}
    assert len(originals) > 10
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    script = ("import logging, sys\n"
              "logging.basicConfig(level=logging.DEBUG)\n"
              "logging.getLogger().setLevel(logging.DEBUG)\n"
              "logging.getLogger('doppel').debug('DEBUG is on')\n"
              "from pipelines import translate\n"
              "sys.exit(translate.run(sys.argv[1:]))\n")
    argv = ["--input", f"{SAMPLES}/*.jsonl", "--output", str(tmp_path / "out"),
            "--source-lang", "en", "--target-lang", "es", "--engine", "identity",
            "--vault", str(tmp_path / "vault"), "--cache-dir", str(tmp_path / "cache")]
    env = {**os.environ, "DOPPEL_SECRET": "s", "DOPPEL_VAULT_KEY": KEY.decode(),
           "TMPDIR": str(tmp), "TEMP": str(tmp), "TMP": str(tmp)}
    proc = subprocess.run([sys.executable, "-c", script, *argv], cwd=REPO, capture_output=True,
                          text=True, env=env)
    assert proc.returncode in (0, 3), proc.stderr[-2000:]
    logs = proc.stdout + proc.stderr
    assert "DEBUG is on" in logs                 # DEBUG was on
    documents = {p.name for p in SAMPLES.glob("*.jsonl")}
    places = [p for d in (tmp, tmp_path / "out", tmp_path / "vault", tmp_path / "cache")
              for p in d.rglob("*") if p.is_file()]
    assert any(p.parent.name == "audit" for p in places) and \
        any(p.suffix == ".vault" for p in places) and any("sqlite" in p.name for p in places)
    for o in sorted(originals):
        assert o not in logs, o
        for p in places:
            if p.parent == tmp_path / "out" and p.name in documents:
                continue                          # the translated document itself
            assert o.encode("utf-8") not in p.read_bytes(), (o, p)
