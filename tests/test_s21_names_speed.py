"""The name detector's faster helpers give what the plain code they replace gives, on
varied inputs (the plain code is the oracle here; nothing is timed)."""
import random

from transforms.detect.model import _DEFINITION, _definitions, capitals_line, tokenize

_PIECES = ["a", "B", "ab", "Internet", "Protocol", "(", ")", " ", "  ", "\n", "-", "/", "'",
           "’", "1", "IP", "ABC", "s", ",", ".", "é", "_", "‑", "(IP)", "( IPs )", "(VoIP)",
           "ŁÓDŹ", "ß", "Ⅻ", "²", "ǅ", "Ⓐ", "ΣΑ"]


def _texts(n=20000, seed=1, pieces=_PIECES):
    rnd = random.Random(seed)
    for _ in range(n):
        yield "".join(rnd.choice(pieces) + rnd.choice(["", " "])
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
    ascii_only = [p for p in _PIECES if p.isascii()] + ["ABC DEF", "TABLE", "OF"]
    for t in list(_texts(5000, 2)) + list(_texts(5000, 3, ascii_only)) + ["TABLE OF CONTENTS", "Table of contents", "", "12 34",
                                      "ABCDEFG hij", "ABCDEFg"]:
        toks = tokenize(t)
        assert capitals_line(toks) == _capitals_line_plain(toks), t


def _ui_text_plain(texts):
    from transforms.detect.model import _KEY_CHORD, _UI_CHOOSE, _UI_CLICK, _UI_CONTROL
    labels = set()
    for t in texts:
        for pattern in (_UI_CLICK, _UI_CHOOSE, _UI_CONTROL, _KEY_CHORD):
            for m in pattern.finditer(t):
                label = (m.group(1) if pattern.groups else m.group()).strip()
                if label[:1].isupper():
                    labels.add(label.lower())
        if len(labels) >= 2:
            return True
    return False


def test_ui_text_as_plain():
    from transforms.detect.model import ui_text
    pieces = ["click", "CLICK", "Clicking", "tap", "TAP", "klicka", "Klicken", "klik", "cliquez",
              "clic", "clıck", "\u212alicka", "double-click", "right", "on", "the", "The", "på",
              "press", "Press", "Insert", "Design", "Home", "tab", "button", "menu", "Ctrl",
              "+", "N", "Alt", "Shift+F3", "Ctrl+N", "word", ".", ",", "Quick Styles"]
    rnd = random.Random(4)
    for _ in range(3000):
        texts = [" ".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 12)))
                 for _ in range(rnd.randint(1, 4))]
        assert ui_text(texts) == _ui_text_plain(texts), texts


def test_wordish_as_plain():
    from transforms.detect.model import _wordish
    for t in list(_texts(2000, 5)) + ["", "-", "--a", "a", ".a.", "²", "_", "__x", "’s"]:
        for tok in [t] + [w for _, _, w in tokenize(t)]:
            assert _wordish(tok) == any(ch.isalnum() for ch in tok), tok
