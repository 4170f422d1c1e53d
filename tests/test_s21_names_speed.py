"""The name detector's faster helpers give what the plain code they replace gives, on
varied inputs (the plain code is the oracle here; nothing is timed)."""
import random

from transforms.detect.model import _DEFINITION, _definitions, capitals_line, tokenize

_PIECES = ["a", "B", "ab", "Internet", "Protocol", "(", ")", " ", "  ", "\n", "-", "/", "'",
           "’", "1", "IP", "ABC", "s", ",", ".", "é", "_", "‑", "(IP)", "( IPs )", "(VoIP)",
           "ŁÓDŹ", "ß", "Ⅻ", "²", "ǅ", "Ⓐ", "ΣΑ"]


def _texts(n=20000, seed=1):
    rnd = random.Random(seed)
    for _ in range(n):
        yield "".join(rnd.choice(_PIECES) + rnd.choice(["", " "])
                      for _ in range(rnd.randint(0, 40)))


def test_definitions_as_finditer():
    for t in list(_texts()) + ["Internet Protocol (IP) and Voice over Internet Protocol (VoIP)",
                               "non-governmental organizations (NGOs) (x) (IPR)"]:
        want = [(m.start(), m.end(), m.groups()) for m in _DEFINITION.finditer(t)]
        assert [(m.start(), m.end(), m.groups()) for m in _definitions(t)] == want, t


def _capitals_line_plain(toks):
    letters = [ch for _, _, w in toks for ch in w if ch.isalpha()]
    return bool(letters) and sum(ch.isupper() for ch in letters) / len(letters) > 0.7


def test_capitals_line_as_plain():
    for t in list(_texts(5000, 2)) + ["TABLE OF CONTENTS", "Table of contents", "", "12 34",
                                      "ABCDEFG hij", "ABCDEFg"]:
        toks = tokenize(t)
        assert capitals_line(toks) == _capitals_line_plain(toks), t
