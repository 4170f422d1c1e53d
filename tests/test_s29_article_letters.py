"""A French code's article cited in another language ("L. 741‑9. pantā", "art. L. 131‑2"):
a name model trained on half of MultiLeg sent its letter as a person's initial's stand-in,
27 times in the held-out half (lv, pl), and the citation came back with a stranger's
initial.  The shipped model does not tag these; the filter after it keeps any model from
doing so."""
from transforms.detect.base import Span
from transforms.detect.model import _article_letter

TEXT = "kodeksa L. 741\u20119. pantā un L. 136\u20117 pantā; to parakstīja L. Ozola."


def _span(text):
    at = TEXT.index(text)
    return Span(at, at + len(text), "PER", "model", text)


def test_a_codes_article_letter_is_no_initial():
    assert _article_letter(_span("L. 741"[:2]), TEXT)
    assert _article_letter(_span("L. 136\u20117"), TEXT)


def test_an_initial_before_a_name_stays():
    assert not _article_letter(_span("L. Ozola"), TEXT)
    at = TEXT.index("L. Ozola")
    assert not _article_letter(Span(at, at + 2, "PER", "model", "L."), TEXT)
