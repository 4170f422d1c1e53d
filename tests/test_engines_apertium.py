"""The long-lived Apertium engine and the real apertium-apy server on loopback."""
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import REPO
from transforms.engines import create
from transforms.engines import apertium as A

FAKES = Path(__file__).resolve().parent / "fakes"
TRICKY = ['a</g>', 'a</g> ', 'a </g>', '<g id="1">a</g><g id="2">b</g>', 'x <x id="1"/><x id="2"/> y',
          'line\nbreak', 'tab\there', 'a&amp;b', '&amp;', '', 'end ', 'end\n', 'a  b', ' lead',
          'one.  Two', '[c] {d} ^e$ @f \\g /h', '<g id="0"> Hello </g>  ', 'Tom &lt;3 &gt; x']
SENTENCES = ["The applicant, Mr Smith, lodged an appeal on 3 May 2019.",
             "It follows that the claims are known to the Court.",
             "The European Commission and Poland submitted observations.",
             "EUIPO claims that the Court should dismiss the action.",
             '<g id="0">John Peterson</g> signed the contract<x id="1"/> in Warsaw.',
             "Costs & fees: the applicant <shall> pay."]


def test_batch_deformatting_equals_deshtml_one_by_one(apertium):
    # Whole requests too: they end in a block tag, after which deshtml adds no second mark.
    texts = TRICKY + SENTENCES + [A.batch_request(SENTENCES), A.batch_request(TRICKY[:5]),
                                  A.batch_request(["OJ C 87, 16.3.2020."])]
    assert A.deformat_batch(texts) == [A.deformat_one(t) for t in texts]


def _held(eng, calls):
    """Start ``calls`` (batches) on threads while the engine is busy, then let it go: they
    queue up and go through together.  Returns the results (or errors) in call order."""
    import threading
    out = [None] * len(calls)

    def call(i):
        try:
            out[i] = eng.translate(calls[i])
        except Exception as exc:       # noqa: BLE001 - the test looks at it
            out[i] = exc
    with eng._turn:
        eng._busy = True
    threads = [threading.Thread(target=call, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for _ in range(200):
        with eng._turn:
            if len(eng._waiting) == len(calls):
                break
        time.sleep(0.01)
    with eng._turn:
        eng._busy = False
        eng._turn.notify_all()
    for t in threads:
        t.join(timeout=60)
    return out


def test_concurrent_calls_go_through_together_and_translate_as_alone(apertium):
    calls = [SENTENCES, TRICKY, SENTENCES[::-1], ["Known claims are well known.", "It is known."]]
    eng = create("apertium", "en", "es")
    seen = []
    stream = eng.pipeline.translate
    eng.pipeline.translate = lambda units, groups=None: seen.append(groups) or stream(units, groups)
    try:
        together = _held(eng, calls)
    finally:
        eng.close()
    assert any(g and len(g) > 1 for g in seen), seen       # they were combined
    alone = create("apertium", "en", "es")
    try:
        assert together == [alone.translate(c) for c in calls]
    finally:
        alone.close()


def test_a_call_that_breaks_the_stream_fails_alone(apertium):
    """A combined stream that fails is retried call by call: only the call that broke it
    gets the error, the others their translations."""
    eng = create("apertium", "en", "es")
    stream = eng.pipeline.translate

    def choking(units, groups=None):
        if any("POISON" in u for u in units):
            raise A.EngineError("Apertium pipeline ended unexpectedly", retryable=True)
        return stream(units, groups)
    eng.pipeline.translate = choking
    try:
        out = _held(eng, [SENTENCES[:2], ["POISON here."], SENTENCES[2:4]])
        assert out[0] == eng.translate(SENTENCES[:2]) and out[2] == eng.translate(SENTENCES[2:4])
    finally:
        eng.close()
    assert isinstance(out[1], A.EngineError) and out[1].retryable


def test_long_text_is_cut_like_apy_and_nothing_is_dropped():
    text = ("This is a sentence number %d of a long segment. " * 1000) % tuple(range(1000))
    parts = A.split_units(text)
    assert "".join(parts) == text and len(parts) > 10
    assert all(len(p.encode("utf-8")) <= A.PIPE_BUF for p in parts)


def test_batch_translation_does_not_depend_on_history(apertium):
    """The tagger is restarted per batch: a batch translates the same whatever ran before."""
    eng = create("apertium", "en", "es")
    try:
        first = eng.translate(SENTENCES)
        eng.translate(["It is known.", "Known claims are well known and the known is known."] * 20)
        again = eng.translate(SENTENCES)
        fresh = create("apertium", "en", "es")
        try:
            assert first == again == fresh.translate(SENTENCES)
        finally:
            fresh.close()
        assert first[4].startswith('<g id="0">John Peterson</g>') and '<x id="1"/>' in first[4]
        assert "Comisión europea" in first[2] and "Polonia" in first[2]
    finally:
        eng.close()


def test_dead_pipeline_restarts(apertium):
    eng = create("apertium", "en", "es")
    try:
        assert eng.translate(["Hello world."]) == ["Hola Mundo."]
        for p in eng.pipeline.tail_procs + eng.pipeline.head_procs:
            p.kill()
            p.wait()
        assert eng.translate(["Hello world."]) == ["Hola Mundo."]
    finally:
        eng.close()


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def apy_server():
    """A real apertium-apy on loopback, ``-r 0`` (a fresh pipe per request, like the CLI
    engine's fresh tagger per batch)."""
    if shutil.which("apertium-apy") is None:
        if os.environ.get("CI"):
            pytest.fail("apertium-apy is not installed but CI must have it (.ci/run installs it)")
        pytest.skip("apertium-apy not installed (apt-get install apertium-apy)")
    port = _free_port()
    log = open(os.devnull, "w")
    proc = subprocess.Popen(["/usr/bin/python3", str(FAKES / "apy_loopback.py"), "-p", str(port),
                             "-r", "0", "/usr/share/apertium/modes"], stdout=log, stderr=log)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):            # bounded: 20 s
            try:
                urllib.request.urlopen(url + "/listPairs", timeout=1).read()
                break
            except OSError:
                if proc.poll() is not None:
                    pytest.fail("apertium-apy exited at start")
                time.sleep(0.2)
        else:
            pytest.fail("apertium-apy did not start")
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def test_apy_listens_on_loopback_only(apy_server):
    port = int(apy_server.rsplit(":", 1)[1])
    out = subprocess.run(["ss", "-ltn"], capture_output=True, text=True).stdout
    lines = [l for l in out.splitlines() if f":{port} " in l]
    assert lines and all("127.0.0.1:" in l for l in lines)


def test_apy_engine_equals_cli_engine(apy_server, apertium):
    cli = create("apertium", "en", "es")
    apy = create("apertium-apy", "en", "es", apy_url=apy_server)
    try:
        batches = [SENTENCES, TRICKY[::-1], SENTENCES[::-1] + TRICKY]
        assert [apy.translate(b) for b in reversed(batches)][::-1] == [cli.translate(b) for b in batches]
    finally:
        cli.close()


def run(tmp_path, inputs, *extra):
    out = tmp_path
    proc = subprocess.run([sys.executable, "-m", "pipelines.translate", "--input", inputs,
                           "--output", str(out), "--source-lang", "en", "--target-lang", "es",
                           *extra], cwd=REPO, capture_output=True, text=True,
                          env={**os.environ, "DOPPEL_SECRET": "apy"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    return out


def test_pipeline_through_apy_writes_what_the_cli_engine_writes(tmp_path, apy_server, corpora):
    """Must-show 2 (on ten MultiLeg documents; the full set is the same command)."""
    src = tmp_path / "in"
    src.mkdir()
    for f in sorted((corpora / "multileg" / "train" / "en").glob("*.jsonl"))[:10]:
        shutil.copy(f, src / f.name)
    a = run(tmp_path / "cli", str(src / "*.jsonl"), "--engine", "apertium")
    b = run(tmp_path / "apy", str(src / "*.jsonl"), "--engine", "apertium-apy",
            "--engine-option", f"apy_url={apy_server}")
    names = sorted(p.name for p in src.iterdir())
    for n in names:
        assert (a / n).read_bytes() == (b / n).read_bytes(), n
    sa = json.loads((a / "summary.json").read_text())
    sb = json.loads((b / "summary.json").read_text())
    assert sa["mentions"] == sb["mentions"] and sb["segments"]["dead_lettered"] == 0


def test_long_segment_is_never_cut_inside_a_tag(apertium):
    """CJK text has no '.' or ' ' to cut at: the cut must not fall inside a tag (half a tag
    is an unclosed superblank that would swallow the rest of Apertium's stream)."""
    seg = ('<g id="0">' + "研修テーマや研修対象者に合わせて参加いただく研修プログラムです" * 20 + "</g>"
           + ' <x id="1"/><g id="2">' + "法律知識" * 200 + "</g>")
    parts = A.split_units(A.batch_request([seg] * 3))
    assert all(p.count("<") == p.count(">") for p in parts)
    eng = create("apertium", "en", "es")
    try:
        out = eng.translate([seg] * 3)
    finally:
        eng.close()
    assert len(out) == 3 and all('<x id="1"/>' in o for o in out)


def test_apy_drops_what_lies_beyond_ten_pieces_so_requests_are_cut_to_fit(apy_server):
    """APy translates only the first ten ~4 KB pieces of a request and leaves the rest out
    of its answer.  Both Apertium engines therefore cut their batches where a request
    stops fitting (``request_fits``), and the APy engine refuses a lone segment too long
    for it instead of sending it to be cut short."""
    from transforms.engines.base import http_json
    from transforms.stages import Translator
    from schemas.records import MTRequest

    segs = [f"The applicant number {i} lodged a long appeal against the decision of the "
            f"national authority. " * 8 for i in range(60)]          # ~40 KB in all
    assert not A.request_fits(segs) and A.request_fits(segs[:5])
    # The server itself: the tail of a 60-segment request is missing from its answer.
    data = http_json("POST", f"{apy_server}/translate",
                     {"q": A.batch_request(segs), "langpair": "eng|spa", "markUnknown": "no"},
                     timeout=60, form=True)
    answer = data["responseData"]["translatedText"]
    assert 'id="dpl0"' in answer and 'id="dpl59"' not in answer

    apy = create("apertium-apy", "en", "es", apy_url=apy_server)
    reqs = [MTRequest(document="d", segment=str(i), index=i, engine="apertium-apy",
                      source_lang="en", target_lang="es", text=t) for i, t in enumerate(segs)]
    batches = Translator(apy).batches(reqs)
    assert [r for b in batches for r in b] == reqs and len(batches) > 1
    assert all(A.request_fits([r.text for r in b]) for b in batches)
    # each batch is as long as it can be: one more segment would not fit
    assert all(not A.request_fits([r.text for r in b] + [nxt.text])
               for b, nxt in zip(batches, [b[0] for b in batches[1:]]))
    out = Translator(apy).translate(reqs)
    assert all(r.text and r.error is None for r in out)
    cli = create("apertium", "en", "es")
    try:
        assert Translator(cli).batches(reqs) == batches
        assert [r.text for r in Translator(cli).translate(reqs)] == [r.text for r in out]
    finally:
        cli.close()
    with pytest.raises(A.EngineError, match="too long for APy"):
        apy.translate(["word " * 30000])


def test_stream_scans_equal_the_plain_character_and_token_walks():
    """``_balanced``, ``_end_of_text`` and ``_strip_end_mark`` scan at C speed or from the
    end; on random streams (escapes, superblanks, unclosed and nested brackets, a lone
    trailing backslash) they must say what the plain forward walks say."""
    import random

    def balanced(stream):
        depth, i = 0, 0
        while i < len(stream):
            ch = stream[i]
            if ch == "\\":
                i += 2
                continue
            if ch == "[":
                if depth:
                    return False
                depth = 1
            elif ch == "]":
                if not depth:
                    return False
                depth = 0
            i += 1
        return depth == 0

    def end_of_text(piece):
        cut = 0
        for m in A._STREAM_TOKEN.finditer(piece):
            tok = m.group(0)
            if not (tok.isspace() or (tok.startswith("[") and tok.endswith("]"))):
                cut = m.end()
        if piece[cut - 1:cut] == "." and piece.startswith("[]", cut):
            return piece
        return piece[:cut] + ".[]" + piece[cut:]

    def strip_end_mark(stream):
        cut = None
        for m in A._STREAM_TOKEN.finditer(stream):
            if m.group(0) == "[]" and stream[max(0, m.start() - 1):m.start()] == ".":
                cut = m.start() - 1
        return stream if cut is None else stream[:cut] + stream[cut + 3:]

    rng = random.Random(11)
    bits = ["word", " ", "\n", ".", "[]", ".[]", "[<p>]", "[", "]", "\\[", "\\]", "\\\\", "\\",
            "\\.", "[a\\]b]", "[[x]]", "Á", "\t"]
    seen = {True: 0, False: 0}
    for _ in range(5000):
        s = "".join(rng.choice(bits) for _ in range(rng.randint(0, 12)))
        assert A._balanced(s) == balanced(s), s
        seen[balanced(s)] += 1
        assert A._end_of_text(s) == end_of_text(s), s
        assert A._strip_end_mark(s) == strip_end_mark(s), s
    assert min(seen.values()) > 500          # both answers were tried
