"""Stanza backend without models: stops at start, names the fix, makes no network call."""
import json
import os
import socket
from pathlib import Path

import pytest

from transforms.nlp import models
from transforms.nlp.base import ModelMissingError
from transforms.nlp.convert import document_to_annotated
from transforms.nlp.conllu import read_annotated
from transforms.nlp.stanza_backend import ENV_DIR, StanzaBackend, processors_for

FIX = Path(__file__).parent / "fixtures" / "nlp"


@pytest.fixture
def no_network(monkeypatch):
    """Any attempt to open a connection is recorded and refused; proxies point nowhere."""
    attempts = []
    real_connect = socket.socket.connect

    def guarded(self, address):
        attempts.append(address)
        raise OSError("network disabled in this test")

    monkeypatch.setattr(socket.socket, "connect", guarded)
    monkeypatch.setattr(socket, "create_connection",
                        lambda *a, **k: attempts.append(a) or (_ for _ in ()).throw(OSError()))
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.setenv(var, "http://127.0.0.1:9")
    yield attempts
    monkeypatch.setattr(socket.socket, "connect", real_connect)


def _assert_names_fix(msg, lang):
    assert f"doppel models download --lang {lang}" in msg
    assert ENV_DIR in msg and "stanza resources" in msg


def test_empty_dir_stops_at_construction(tmp_path, no_network):
    with pytest.raises(ModelMissingError) as err:
        StanzaBackend(["lv"], model_dir=str(tmp_path))
    _assert_names_fix(str(err.value), "lv")
    assert no_network == []


def test_env_var_is_the_offline_directory(tmp_path, monkeypatch, no_network):
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    with pytest.raises(ModelMissingError) as err:
        StanzaBackend(["en"])
    assert str(tmp_path) in str(err.value)
    _assert_names_fix(str(err.value), "en")
    assert no_network == []


def _fake_resources(root: Path, lang: str, procs, with_dirs=True):
    entry = {p: {"default": {"md5": "0"}} for p in procs}
    entry["default_processors"] = {p: "default" for p in procs}
    entry["lang_name"] = lang
    (root / "resources.json").write_text(json.dumps({lang: entry}))
    if with_dirs:
        for p in procs:
            (root / lang / p).mkdir(parents=True)
            (root / lang / p / "default.pt").write_bytes(b"not a model")


def test_language_without_ner_does_not_ask_for_it(tmp_path):
    _fake_resources(tmp_path, "lv", ["tokenize", "pos", "lemma", "depparse"], with_dirs=False)
    from transforms.nlp.stanza_backend import load_resources
    assert processors_for("lv", load_resources(str(tmp_path))) == ["tokenize", "pos", "lemma",
                                                                    "depparse"]
    assert "ner" not in processors_for("lt") and "ner" not in processors_for("hr")
    assert processors_for("es") == ["tokenize", "mwt", "pos", "lemma", "depparse", "ner"]
    with pytest.raises(ModelMissingError) as err:
        StanzaBackend(["lv"], model_dir=str(tmp_path))
    assert "missing: tokenize" in str(err.value)


def test_unusable_models_reach_stanza_offline_and_fail_clearly(tmp_path, no_network):
    """resources.json and model folders present but the files are junk: Stanza itself is
    called with download_method=None, fails to load, and no connection is attempted."""
    _fake_resources(tmp_path, "lv", ["tokenize", "pos", "lemma", "depparse"])
    with pytest.raises(ModelMissingError) as err:
        StanzaBackend(["lv"], model_dir=str(tmp_path))
    _assert_names_fix(str(err.value), "lv")
    assert "missing:" not in str(err.value)          # got past the file check into Stanza
    assert isinstance(err.value.__cause__, Exception)
    assert no_network == []


def test_models_cli_check_reports_missing(tmp_path, capsys):
    assert models.main(["models", "check", "--lang", "lv", "--dir", str(tmp_path)]) == 1
    _assert_names_fix(capsys.readouterr().err, "lv")


@pytest.mark.parametrize("name", ["et_ne_misc.conllu", "es_mwt_ner.conllu"])
def test_pipeline_style_document_with_offsets_converts_like_conllu(name):
    """A Document carrying text, offsets and entities (what a Stanza pipeline returns) goes
    through the offsets branch of the adapter and gives the same records."""
    from stanza.utils.conll import CoNLL
    path = FIX / name
    plain = read_annotated(str(path))
    doc = CoNLL.conll2doc(input_file=str(path), reconstruct_text=True)
    assert doc.text and doc.sentences[0].tokens[0].start_char == 0
    rich = document_to_annotated(doc)
    assert rich.text == plain.text
    assert [(t.text, t.start_char, t.end_char, t.head, t.lemma) for t in rich.tokens] == \
           [(t.text, t.start_char, t.end_char, t.head, t.lemma) for t in plain.tokens]
    assert [(e.start_char, e.end_char, e.type) for e in rich.entities] == \
           [(e.start_char, e.end_char, e.type) for e in plain.entities]
def test_the_default_model_directory_is_stanzas_own_found_without_importing_stanza(tmp_path):
    """Asked for every worker that meets an unlabelled document: importing stanza (and torch)
    for it cost 1.2 s of CPU."""
    import subprocess
    import sys
    code = ("import sys; from transforms.nlp.stanza_backend import default_model_dir; "
            "d = default_model_dir(); print('stanza' in sys.modules); "
            "from stanza.resources.common import DEFAULT_MODEL_DIR; print(d == DEFAULT_MODEL_DIR)")
    env = {k: v for k, v in os.environ.items()
           if k not in ("DOPPEL_STANZA_DIR", "STANZA_RESOURCES_DIR")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, check=True).stdout.split()
    assert out == ["False", "True"]
    env["STANZA_RESOURCES_DIR"] = str(tmp_path)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, check=True).stdout.split()
    assert out == ["False", "True"]
