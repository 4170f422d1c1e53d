"""The persistent translation cache: a rerun or a repeated segment is never sent twice."""
import json
import multiprocessing
import subprocess
import sys

from schemas.records import MTRequest
from tests.conftest import REPO
from tests.fakes.vendor_server import KEYS, VendorServer
from transforms.cache import TranslationCache, cache_key
from transforms.engines import create
from transforms.stages import Translator

SAMPLES = REPO / "resources" / "samples"


def reqs(texts):
    return [MTRequest(document="d", segment=str(i), index=i, engine="deepl", source_lang="en",
                      target_lang="es", text=t) for i, t in enumerate(texts)]


def test_rerun_and_repeats_are_not_sent(tmp_path, monkeypatch):
    monkeypatch.setenv("DEEPL_AUTH_KEY", KEYS["deepl"])
    texts = ["the one", "the two", "the one", "the three"]
    with VendorServer() as srv:
        eng = create("deepl", "en", "es", url=srv.url)
        first = Translator(eng, TranslationCache(str(tmp_path))).translate(reqs(texts))
        sent_first = [t for c in srv.calls for t in c.get("texts", [])]
        calls_after_first = len(srv.calls)
        second = Translator(eng, TranslationCache(str(tmp_path))).translate(reqs(texts))
        calls_after_second = len(srv.calls)
        # another engine identity (another option) is another cache entry
        other = create("deepl", "en", "es", url=srv.url, formality="more")
        Translator(other, TranslationCache(str(tmp_path))).translate(reqs(["the one"]))
        calls_after_other = len(srv.calls)
    assert sent_first == ["the one", "the two", "the three"]        # the repeat was not sent
    assert [r.text for r in first] == [r.text for r in second] == ["el one", "el two", "el one", "el three"]
    assert [r.request_text is not None for r in first] == [True, True, False, True]
    assert calls_after_second == calls_after_first                   # the rerun sent nothing
    assert all(r.cached and r.request_text is None for r in second)
    assert calls_after_other == calls_after_second + 1


def test_key_covers_engine_identity_languages_and_text():
    k = cache_key("deepl", {"url": "a"}, "en", "es", "x")
    assert k != cache_key("deepl", {"url": "b"}, "en", "es", "x")
    assert k != cache_key("deepl", {"url": "a"}, "en", "fr", "x")
    assert k != cache_key("google", {"url": "a"}, "en", "es", "x")
    assert k != cache_key("deepl", {"url": "a"}, "en", "es", "x ")
    assert k == cache_key("deepl", {"url": "a"}, "en", "es", "x")


def _writer(args):
    directory, worker = args
    cache = TranslationCache(directory)
    for i in range(50):
        cache.put_many("e", [(f"k{i}", f"t{i}"), (f"w{worker}-{i}", "x")])
    return len(cache.get_many([f"k{i}" for i in range(50)]))


def test_safe_across_processes(tmp_path):
    with multiprocessing.get_context("spawn").Pool(4) as pool:
        seen = pool.map(_writer, [(str(tmp_path), w) for w in range(4)])
    assert seen == [50, 50, 50, 50]
    assert len(TranslationCache(str(tmp_path))) == 50 + 4 * 50


def test_pipeline_rerun_with_cache_sends_nothing(tmp_path, apertium):
    """Must-show 4 on the samples with Apertium: the second run sends zero payloads and
    writes the same documents."""
    outs = []
    for run in ("a", "b"):
        out = tmp_path / run
        proc = subprocess.run(
            [sys.executable, "-m", "pipelines.translate", "--input", f"{SAMPLES}/*.jsonl,{SAMPLES}/*.xlf",
             "--output", str(out), "--source-lang", "en", "--target-lang", "es",
             "--engine", "apertium", "--cache-dir", str(tmp_path / "cache")],
            cwd=REPO, capture_output=True, text=True,
            env={**__import__("os").environ, "DOPPEL_SECRET": "s"})
        assert proc.returncode == 0, proc.stderr[-2000:]
        outs.append(out)
    s1 = json.loads((outs[0] / "summary.json").read_text())["segments"]
    s2 = json.loads((outs[1] / "summary.json").read_text())["segments"]
    assert s1["sent"] > 0 and s1["sent"] + s1["cached"] == s1["translated"]
    assert s2["sent"] == 0 and s2["cached"] == s1["translated"]
    assert not list((outs[1] / "audit").glob("*.jsonl")) if (outs[1] / "audit").exists() else True
    for f in sorted(p.name for p in outs[0].iterdir() if p.is_file() and p.name != "summary.json"):
        assert (outs[0] / f).read_bytes() == (outs[1] / f).read_bytes(), f
