"""Issue 17 (session 20): restoration's and the sending threads' CPU cut without changing an
output byte.  Each test pins what a faster path must keep answering exactly as the plain one
did, on random inputs and on real ones."""
from __future__ import annotations

import random

from transforms import restore
from transforms.engines import apertium
from transforms.linking import _TOKEN


def _last_token_forward(stream, pred):
    """The plain definition: every token of the stream, walked forward."""
    last = None
    for m in apertium._STREAM_TOKEN.finditer(stream):
        if pred(stream, m.start(), m.group(0)):
            last = m.start(), m.group(0)
    return last


def test_last_token_is_the_forward_walks():
    rng = random.Random(20)
    pieces = ["a", "b", ".", "[", "]", "\\", " ", "\n", "\t", "[]", ".[]", "\u00a0", "x y",
              "<p>", "é", "[<p id=\"dpl0\">]", "\\/"]
    for _ in range(30_000):
        stream = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 16)))
        for pred in (apertium._is_text, apertium._is_end_mark):
            assert apertium._last_token(stream, pred) == _last_token_forward(stream, pred), \
                (stream, pred.__name__)


def test_end_of_text_on_a_deformatted_batch():
    """What ``deformat_batch`` does with deshtml's output, on a stream of the kind it gets."""
    texts = ['<p id="dpl0">Judgment of the Court (First Chamber) - C-215/11 and "x" [y] </p>\n'
             '<p id="dpl1">Second one.</p>', "Other request text here.", "  ", "A.</p>"]
    stream = "sep".join(texts).replace("/", "\\/").replace("[y]", "\\[y\\]")
    for piece in [stream, *stream.split("sep")]:
        for pred in (apertium._is_text, apertium._is_end_mark):
            assert apertium._last_token(piece, pred) == _last_token_forward(piece, pred)


def test_up_to_bytes_encodes_no_more_than_it_needs():
    rng = random.Random(4)
    for _ in range(20_000):
        text = "".join(rng.choice("aé€😀 .") for _ in range(rng.randint(0, 60)))
        n = rng.randint(0, 80)
        whole = len(text.encode("utf-8")[:n].decode("utf-8", errors="ignore"))
        assert apertium._up_to_bytes(text, n) == whole


def test_tokens_are_the_token_patterns_matches():
    rng = random.Random(7)
    words = ["la", "Comisión", "de", "Juárez", "—", "C-215/11", "×", "İstanbul", "ß", "  ",
             "'s", "a\u0301", "ﬁn", "x÷y", "\n", "l'État"]
    for _ in range(3_000):
        text = rng.choice(["", " ", "."]).join(rng.choice(words)
                                              for _ in range(rng.randint(0, 30)))
        view = restore._Tokens(text)
        toks = list(_TOKEN.finditer(text))
        assert view.words == [t.group(0) for t in toks]
        assert view.starts == [t.start() for t in toks]
        assert view.ends == [t.end() for t in toks]


def test_nearest_first_is_the_sorted_window():
    for n in range(0, 9):
        for anchor in range(n):
            for window in range(0, 7):
                for ahead in range(-4, 5):
                    want = sorted(range(max(0, anchor - window), min(n, anchor + window + 1)),
                                  key=lambda j: (abs(j - anchor), abs(j - anchor - ahead)))
                    assert list(restore._nearest_first(anchor, ahead, window, n)) == want


def _parse_units_plain(stream):
    """``parse_units`` as it was: every reading parsed afresh."""
    import re

    from transforms.nlp.apertium_morphology import _READING, _UNIT, Reading, Unit
    out = []
    for body in _UNIT.findall(stream):
        surface, *readings = body.split("/")
        parsed = []
        for r in readings:
            if r.startswith("*"):
                parsed = []
                break
            parts = []
            for piece in r.split("+"):
                m = _READING.fullmatch(piece)
                if m is not None:
                    parts.append(Reading(m.group(1), tuple(re.findall(r"<([^>]*)>", m.group(2)))))
            if parts:
                parsed.append(tuple(parts))
        out.append(Unit(surface, tuple(parsed)))
    return out


def test_parse_units_reads_as_before_on_the_analysers_answers():
    import pytest

    from transforms.nlp import apertium_morphology as morphology
    an = morphology.analyser("es")
    if an is None:
        pytest.skip("no Apertium es analyser installed")
    words = _TOKEN.findall("El Tribunal de Justicia (Sala Primera) y la Comisión Europea; "
                           "COMISIÓN comisión Comisiones del al Raíl Coto Court's Eurocámara "
                           "parlamentos, cortes y consejos: la ley danesa de 2013.")
    answers = an.proc.many([w + " " for w in words if morphology.analysable(w)])
    for stream in answers + ["^a/b<n>+c<gen>/*d$", "^x/y<n><sg>+<z>$", ""]:
        assert morphology.parse_units(stream) == _parse_units_plain(stream), stream
        assert morphology.parse_units(stream) == _parse_units_plain(stream)   # kept: the same
