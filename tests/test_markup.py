from schemas.records import Code, code_char, code_index
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


# -- words split by formatting ------------------------------------------------------------
SPLIT_CODES = [Code("open", "b", pair=1), Code("close", "", pair=1),
               Code("open", "", pair=2), Code("close", "", pair=2),
               Code("open", "b", pair=3), Code("close", "", pair=3),
               Code("open", "", pair=4), Code("close", "", pair=4)]
# a real report's heading: drop caps "A" and "L" in runs of their own
SPLIT = (code_char(0) + "A" + code_char(1) + code_char(2) + "ged Services " + code_char(3)
         + code_char(4) + "L" + code_char(5) + code_char(6) + "earning and Research" + code_char(7))


def test_a_word_split_by_formatting_is_sent_whole_with_its_codes_around_it():
    m = markup.to_markup(SPLIT, SPLIT_CODES)
    assert m == ('<g id="0"></g><g id="2">Aged Services </g>'
                 '<g id="4"></g><g id="6">Learning and Research</g>')
    back, problems = markup.from_markup(m, SPLIT_CODES)
    assert problems == [] and back == markup.join_split_words(SPLIT, SPLIT_CODES)
    # every code is there once, in its original order
    assert [c for c in back if code_index(c) is not None] == [code_char(i) for i in range(8)]


def test_codes_move_towards_the_longest_piece_and_isolated_codes_stay():
    codes = [Code("open", "", pair=1), Code("close", "", pair=1), Code("isolated", "bookmark"),
             Code("open", "", pair=2), Code("close", "", pair=2)]
    # "Researc" + bold "h": the word takes the longest piece's formatting
    assert markup.to_markup(code_char(0) + "Researc" + code_char(1) + code_char(3) + "h"
                            + code_char(4), codes) == '<g id="0">Research</g><g id="3"></g>'
    # a bookmark inside a word is not a formatting boundary: nothing moves
    assert markup.to_markup("Re" + code_char(2) + "search", codes) == 'Re<x id="2"/>search'
    # a code between words is not moved either
    assert markup.to_markup("a " + code_char(0) + "b" + code_char(1) + " c", codes) == \
        'a <g id="0">b</g> c'


def test_a_boundary_leaving_a_container_is_not_moved():
    # DOCX: <del><r>Sm</r><r>ith</r></del><ins><r>the</r></ins>: "Sm"+"ith" is joined inside
    # the deletion; "the" is not pulled into it
    codes = [Code("open", "del", pair=1), Code("open", "r", pair=2), Code("close", "", pair=2),
             Code("open", "r", pair=3), Code("close", "", pair=3), Code("close", "", pair=1),
             Code("open", "ins", pair=4), Code("open", "r", pair=5), Code("close", "", pair=5),
             Code("close", "", pair=4)]
    c = code_char
    text = c(0) + c(1) + "Sm" + c(2) + c(3) + "ith" + c(4) + c(5) + c(6) + c(7) + "the" + c(8) + c(9)
    assert markup.to_markup(text, codes) == (
        '<g id="0"><g id="1"></g><g id="3">Smith</g></g><g id="6"><g id="7">the</g></g>')


def test_scripts_without_spaces_keep_their_codes_where_they_were():
    codes = [Code("open", "", pair=1), Code("close", "", pair=1)]
    text = "東京" + code_char(0) + "大学" + code_char(1) + "です"
    assert markup.to_markup(text, codes) == '東京<g id="0">大学</g>です'


def test_drop_cap_heading_translates_as_whole_words_with_apertium(apertium):
    """"Aged Services Learning and Research" with drop caps came back from Apertium as
    "Unged Services Lganando Y Research": "A" and "L" went as words of their own."""
    from transforms.engines import create
    eng = create("apertium", "en", "es")
    try:
        out = eng.translate([markup.to_markup(SPLIT, SPLIT_CODES)])[0]
        unformatted = eng.translate(["Aged Services Learning and Research"])[0]
    finally:
        eng.close()
    back, problems = markup.from_markup(out, SPLIT_CODES)
    plain = "".join(c for c in back if code_index(c) is None)
    assert problems == []
    # the same words as the heading without formatting
    assert plain.split() == unformatted.split(), (plain, unformatted)
    assert "ged" not in plain.lower() and "ganando" not in plain.lower()
