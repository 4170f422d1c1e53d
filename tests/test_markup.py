from schemas.records import Code, code_char
from transforms import markup

CODES = [Code("open", "b", pair=1), Code("close", "", pair=1), Code("isolated", "br")]
TEXT = "Hello " + code_char(0) + "big & <bold>" + code_char(1) + " world" + code_char(2)


def test_round_trip_through_markup():
    m = markup.to_markup(TEXT, CODES)
    assert m == 'Hello <g id="0">big &amp; &lt;bold&gt;</g> world<x id="2"/>'
    back, problems = markup.from_markup(m, CODES)
    assert back == TEXT and problems == []


def test_apertium_style_x_and_reordering_is_accepted():
    back, problems = markup.from_markup('<x id="2"></x>Hola <g id="0">grande</g> mundo', CODES)
    assert problems == []
    assert back == code_char(2) + "Hola " + code_char(0) + "grande" + code_char(1) + " mundo"


def test_lost_and_duplicated_codes_are_reported_and_never_dropped():
    back, problems = markup.from_markup('Hola <g id="0">mundo', CODES)
    assert any("not closed" in p for p in problems)
    assert any("lost" in p for p in problems)
    assert sorted(c for c in back if ord(c) >= 0xE000) == [code_char(0), code_char(1), code_char(2)]
    back, problems = markup.from_markup('<x id="2"/><x id="2"/><g id="0"></g>', CODES)
    assert any("duplicated" in p for p in problems)
    assert back.count(code_char(2)) == 1
