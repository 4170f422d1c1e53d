"""Retries, backoff, Retry-After, circuit breaker, dead letters, the leak guard at send time —
against a local vendor server that fails on purpose."""
import json
import subprocess
import sys


from schemas.records import MTRequest
from tests.conftest import REPO
from tests.fakes.vendor_server import KEYS, Chaos, VendorServer, fake_translate
from transforms.engines import create
from transforms.stages import (RetryPolicy, Translator, audit_lines, dead_letter_lines)


def reqs(n, doc="d.jsonl", guard=()):
    return [MTRequest(document=doc, segment=str(i + 1), index=i, engine="libretranslate",
                      source_lang="en", target_lang="es", text=f"the segment {i} of Anna",
                      guard=list(guard)) for i in range(n)]


def libre(url, monkeypatch, **opts):
    monkeypatch.setenv("LIBRETRANSLATE_API_KEY", KEYS["libretranslate"])
    return create("libretranslate", "en", "es", url=url, **opts)


def test_thirty_percent_failures_nothing_lost_nothing_duplicated(monkeypatch):
    """Must-show 3: a third of calls time out, answer 429 or 500, or send half a body; every
    segment ends translated or dead-lettered with a reason, exactly once."""
    with VendorServer(Chaos(rate=0.3, seed=7, hang=0.6)) as srv:
        eng = libre(srv.url, monkeypatch, timeout=0.3, max_batch_segments=8)
        policy = RetryPolicy(max_attempts=4, base_delay=0.01, max_delay=0.05, seed=1,
                             breaker_threshold=1000)
        requests = reqs(400)
        out = Translator(eng, policy=policy).translate(requests)
        injected, calls = srv.chaos.injected, len(srv.calls)
    assert [r.index for r in out] == [r.index for r in requests]          # one each, in order
    translated = [r for r in out if r.text is not None]
    dead = [r for r in out if r.text is None]
    assert len(translated) + len(dead) == 400
    assert all(r.text == fake_translate(q.text) for r, q in zip(out, requests) if r.text is not None)
    assert all(r.error for r in dead)
    assert set(injected) == {"timeout", "429", "500", "truncated"}
    assert sum(injected.values()) >= 0.2 * calls     # the server really failed a lot
    assert len(translated) >= 380            # and retries got nearly everything through
    lines = [json.loads(l) for l in dead_letter_lines(out)]
    assert len(lines) == len(dead) and all(l["reason"] for l in lines)


def test_every_call_failing_opens_the_breaker_and_dead_letters_everything(monkeypatch):
    with VendorServer(Chaos(rate=1.0, modes=("500",))) as srv:
        eng = libre(srv.url, monkeypatch, max_batch_segments=4, max_concurrency=1)
        policy = RetryPolicy(max_attempts=3, base_delay=0.0, max_delay=0.0,
                             breaker_threshold=5, breaker_cooldown=60)
        out = Translator(eng, policy=policy).translate(reqs(40))
        calls = len(srv.calls)
    assert all(r.text is None for r in out) and len(out) == 40
    assert calls == 5                                         # then it stopped calling
    assert sum("circuit breaker open" in r.error for r in out) >= 30


def test_retry_after_is_honoured(monkeypatch):
    slept = []
    with VendorServer(Chaos(rate=1.0, modes=("429",))) as srv:
        eng = libre(srv.url, monkeypatch)
        policy = RetryPolicy(max_attempts=3, base_delay=5.0, breaker_threshold=100)
        out = Translator(eng, policy=policy, sleep=slept.append).translate(reqs(1))
    assert out[0].text is None and "429" in out[0].error
    assert slept == [0.0, 0.0]          # Retry-After: 0, not the 5 s backoff


def test_leak_guard_at_send_time_holds_back_and_logs_nothing(monkeypatch):
    """A payload holding an original entity string (any case, accents folded) is not sent."""
    with VendorServer() as srv:
        eng = libre(srv.url, monkeypatch)
        requests = reqs(3, guard=["Ánna"])
        requests[1].text = "the segment of Bob"
        out = Translator(eng).translate(requests)
        sent = [t for c in srv.calls for t in c.get("texts", [])]
    assert [r.text is None for r in out] == [True, False, True]
    assert all("would leak" in out[i].error for i in (0, 2))
    assert sent == ["the segment of Bob"]
    log = audit_lines(out)
    assert len(log) == 1 and "Anna" not in "".join(log) and "guard" not in log[0]


def test_pipeline_counts_every_segment_under_failures(tmp_path, monkeypatch):
    """The whole job against a failing engine: summary segments total = translated +
    dead_lettered; the dead letters are written with their reasons."""
    inp = tmp_path / "in"
    inp.mkdir()
    for d in range(3):
        lines = [json.dumps({"text": f"The appeal {i} of Maria Lopez and the court.",
                             "label": [[16 + len(str(i)), 27 + len(str(i)), "PER"]]})
                 for i in range(30)]
        (inp / f"doc{d}.jsonl").write_text("\n".join(lines) + "\n")
    with VendorServer(Chaos(rate=0.3, seed=3, hang=0.6)) as srv:
        env = {**__import__("os").environ, "DOPPEL_SECRET": "s",
               "LIBRETRANSLATE_API_KEY": KEYS["libretranslate"]}
        proc = subprocess.run(
            [sys.executable, "-m", "pipelines.translate", "--input", str(inp / "*.jsonl"),
             "--output", str(tmp_path / "out"), "--source-lang", "en", "--target-lang", "es",
             "--engine", "libretranslate", "--engine-option", f"url={srv.url}",
             "--engine-option", "timeout=0.3", "--engine-option", "max_batch_segments=5",
             "--max-attempts", "2"], cwd=REPO, capture_output=True, text=True, env=env)
        assert proc.returncode == 0, proc.stderr[-2000:]
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    seg = summary["segments"]
    assert seg["total"] == 90 == seg["translated"] + seg["dead_lettered"]
    dead = [json.loads(l) for f in (tmp_path / "out" / "dead-letter").glob("*.jsonl")
            for l in f.read_text().splitlines()] if seg["dead_lettered"] else []
    assert len(dead) == seg["dead_lettered"] and all(d["reason"] for d in dead)
    audit = [json.loads(l) for f in (tmp_path / "out" / "audit").glob("*.jsonl")
             for l in f.read_text().splitlines()]
    assert len({(a["document"], a["segment"]) for a in audit}) == len(audit) == seg["sent"]
    assert not any("Maria" in a["text"] or "Lopez" in a["text"] for a in audit)
    outputs = [json.loads(l) for f in (tmp_path / "out").glob("doc*.jsonl")
               for l in f.read_text().splitlines()]
    assert len(outputs) == 90
    assert sum(o["status"] != "failed" for o in outputs) == seg["translated"]


def test_guard_terms_cover_lemmas_and_travel_with_the_request_only(monkeypatch):
    """The document's originals and their lemmas ride on each request; a payload holding any
    of them (any case, accents folded) is held back, and the terms appear in no output."""
    from schemas.records import Document, Mention, Segment
    from transforms.protect import ProtectedDocument
    from transforms.stages import guard_terms, requests_for
    seg = Segment(document="d", id="1", index=0, text="Bērziņam wrote.")
    doc = Document(name="d", path="d", format="jsonl", skeleton=b"", segments=[seg],
                   source_lang="lv", target_lang="en")
    from schemas.records import Assignment, ProtectedSegment
    ps = ProtectedSegment(document="d", id="1", index=0, text="Ozolam wrote.",
                          assignments=[Assignment(cluster=0, category="PER", original="Bērziņam",
                                                  replacement="Ozolam", segment=0, start=0, end=6)])
    pd = ProtectedDocument(document=doc, segments=[ps], clusters=[], originals=["Bērziņam"],
                           mentions=[Mention(segment=0, start=0, end=8, text="Bērziņam",
                                             category="PER", lemma="Bērziņš")])
    assert guard_terms(pd) == ["Bērziņam", "Bērziņš"]
    (req,) = requests_for(pd, "libretranslate")
    assert req.guard == ["Bērziņam", "Bērziņš"]
    req.text = "Letter from BERZINS."          # the lemma, upper case, accents dropped
    with VendorServer() as srv:
        out = Translator(libre(srv.url, monkeypatch)).translate([req])
        assert srv.calls == []
    assert out[0].text is None and "would leak" in out[0].error
    assert "erzi" not in out[0].error and audit_lines(out) == [] and \
        "erzi" not in dead_letter_lines(out)[0]


def test_a_documents_batches_gathered_in_order_whatever_order_they_end_in():
    """A document's MT batches are sent side by side; its responses must come back in batch
    order however the batches finish, an error must reach whoever takes the result, and a
    document with no batch is done at once."""
    import time
    from concurrent.futures import ThreadPoolExecutor

    import pytest

    from transforms.beam import _gathered

    def work(arg):
        delay, value = arg
        time.sleep(delay)
        if value == "boom":
            raise RuntimeError("engine broke")
        return [value, value + "'"]

    with ThreadPoolExecutor(4) as pool:
        done = _gathered([pool.submit(work, a) for a in [(0.3, "a"), (0.0, "b"), (0.15, "c")]])
        assert done.result(timeout=5) == ["a", "a'", "b", "b'", "c", "c'"]
        failed = _gathered([pool.submit(work, a) for a in [(0.1, "a"), (0.0, "boom")]])
        with pytest.raises(RuntimeError, match="engine broke"):
            failed.result(timeout=5)
    assert _gathered([]).result(timeout=0) == []
