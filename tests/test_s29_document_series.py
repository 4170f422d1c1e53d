"""An identity document's series letters before its number (issue 14): a Polish contract's
"dowodem osobistym nr ABC 123456" masked "123456" and sent "ABC" beside its stand-in."""
from transforms.detect.identifiers import detect


def _found(text, lang):
    return [text[s.start:s.end] for s in detect(text, lang)]


def test_the_series_letters_are_the_numbers():
    assert "ABC 123456" in _found("legitymującą się dowodem osobistym nr ABC 123456.", "pl")
    assert "XK 7712345" in _found("Identity card No. XK 7712345, issued in Riga.", "en")


def test_no_series_without_a_number_word():
    """Guard (passes before the change too): a label's letters before a number stay."""
    found = _found("PESEL 85061212345, KRS 0000123456", "pl")
    assert "85061212345" in found and not any(f.startswith(("PESEL", "KRS")) for f in found)
