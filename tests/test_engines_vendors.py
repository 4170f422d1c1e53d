"""Vendor engines against local servers implementing each vendor's documented contract."""
import json

import pytest

from schemas.records import MTRequest
from tests.fakes.vendor_server import KEYS, Chaos, VendorServer, fake_translate
from transforms.engines import EngineError, create
from transforms.stages import Translator

VENDORS = {
    "deepl": ("DEEPL_AUTH_KEY", {}),
    "google": ("GOOGLE_ACCESS_TOKEN", {"project": "doppel-test"}),
    "azure": ("AZURE_TRANSLATOR_KEY", {"region": "westeurope"}),
    "modernmt": ("MODERNMT_API_KEY", {}),
    "libretranslate": ("LIBRETRANSLATE_API_KEY", {}),
    "openai": ("OPENAI_API_KEY", {"model": "test-model"}),
}
TEXTS = ['The <g id="0">court</g> of Anna Berg<x id="1"/> and the appeal.',
         "Nothing & more < less", "the end"]


@pytest.fixture
def server():
    with VendorServer() as srv:
        yield srv


def engine(name, url, monkeypatch, key=None, **extra):
    env, opts = VENDORS[name]
    monkeypatch.setenv(env, key or KEYS[name])
    return create(name, "en", "es", url=url, timeout=5, **opts, **extra)


@pytest.mark.parametrize("name", sorted(VENDORS))
def test_vendor_contract_round_trip(name, server, monkeypatch):
    eng = engine(name, server.url, monkeypatch)
    out = eng.translate(TEXTS)
    assert out == [fake_translate(t) for t in TEXTS]
    assert out[0] == 'El <g id="0">court</g> de Anna Berg<x id="1"/> y el appeal.'
    call = server.calls[-1]
    assert call["vendor"] == name
    body = json.loads(call["raw"])
    if name == "deepl":
        assert body["tag_handling"] == "xml" and body["target_lang"] == "ES"
        assert call["headers"]["Authorization"].startswith("DeepL-Auth-Key ")
    elif name == "google":
        assert body["mimeType"] == "text/html" and call["path"].endswith(
            "/projects/doppel-test/locations/global:translateText")
    elif name == "azure":
        assert call["query"]["textType"] == ["html"] and call["query"]["to"] == ["es"]
        assert call["headers"]["Ocp-Apim-Subscription-Region"] == "westeurope"
    elif name == "openai":
        assert len(server.calls) == len(TEXTS)   # one segment per request
        assert body["messages"][0]["content"] == "Directly translate English to Spanish: the end"


@pytest.mark.parametrize("name", sorted(VENDORS))
def test_wrong_key_is_a_clear_non_retryable_error(name, server, monkeypatch):
    eng = engine(name, server.url, monkeypatch, key="wrong")
    with pytest.raises(EngineError) as err:
        eng.translate(["x"])
    assert not err.value.retryable and err.value.status in (401, 403)


def test_missing_key_fails_at_setup(monkeypatch):
    monkeypatch.delenv("DEEPL_AUTH_KEY", raising=False)
    with pytest.raises(EngineError, match="DEEPL_AUTH_KEY"):
        create("deepl", "en", "es")


@pytest.mark.parametrize("name", ["deepl", "azure", "openai"])
def test_rate_limit_and_server_errors_are_retryable_with_retry_after(name, monkeypatch):
    for mode in ("429", "500", "truncated"):
        with VendorServer(Chaos(rate=1.0, modes=(mode,))) as srv:
            eng = engine(name, srv.url, monkeypatch)
            with pytest.raises(EngineError) as err:
                eng.translate(["the end"])
            assert err.value.retryable, mode
            if mode == "429":
                assert err.value.status == 429 and err.value.retry_after == 0


def test_batches_respect_the_vendor_limits(server, monkeypatch):
    """DeepL takes at most 50 texts per request: 120 segments go as 50+50+20."""
    eng = engine("deepl", server.url, monkeypatch)
    reqs = [MTRequest(document="d", segment=str(i), index=i, engine="deepl", source_lang="en",
                      target_lang="es", text=f"the segment {i}") for i in range(120)]
    out = Translator(eng).translate(reqs)
    assert [r.text for r in out] == [f"el segment {i}" for i in range(120)]
    sizes = sorted(len(json.loads(c["raw"])["text"]) for c in server.calls)
    assert sizes == [20, 50, 50]


def test_record_engine_replays_and_refuses_unknown(tmp_path):
    rec = tmp_path / "rec.jsonl"
    rec.write_text(json.dumps({"source": "Hello Anna.", "translation": "Hola Anna."}) + "\n")
    eng = create("record", "en", "es", record=str(rec))
    assert eng.translate(["Hello Anna."]) == ["Hola Anna."]
    with pytest.raises(EngineError, match="not in"):
        eng.translate(["Unrecorded"])
