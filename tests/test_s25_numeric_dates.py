"""Dates written in numbers, in every shape the DATE recogniser finds.  Before: a date in the
order the United States write ("06/30/2025") made the whole document fail ("month must be in
1..12"); a full stop after a date ("... expires on 30/06/2025."), a two-digit year and a
year-first date with slashes or dots were not read as dates at all, and went out as a
scramble of their digits ("82/31/5177"), which the engine sees as no date."""
import pytest

from transforms import dates
from transforms.protect import ProtectOptions, protect_document
from tests.test_engine_aware_selection import _doc, _through_apertium

SHAPES = [("30/06/2025", (2025, 6, 30)), ("30/06/2025.", (2025, 6, 30)),
          ("30.06.2025.", (2025, 6, 30)), ("06/30/2025", (2025, 6, 30)),
          ("06-30-2025", (2025, 6, 30)), ("30/06/25", (2025, 6, 30)),
          ("2025/06/30", (2025, 6, 30)), ("2025.06.30", (2025, 6, 30)),
          ("2025-06-30", (2025, 6, 30)), ("6/7/2025", (2025, 7, 6))]


@pytest.mark.parametrize("text,fields", SHAPES)
def test_every_numeric_shape_is_read_and_written_again_as_it_was(text, fields):
    value = dates.parse(text)
    assert value is not None and value.fields() == fields
    assert dates.is_numeric(text)
    # an unchanged value is written back as it was; a new one in the same shape
    assert dates.render_like(text, value) == text
    new = dates.render_like(text, dates.DateValue(2027, 10, 14))
    assert dates.parse(new).fields() == (2027, 10, 14)
    assert len(new) == len(text) or text.startswith("6/")
    assert [c for c in new if not c.isdigit()] == [c for c in text if not c.isdigit()]


def test_impossible_numeric_dates_are_no_dates():
    assert dates.parse("31/02/2025") is None and dates.parse("13/13/2025") is None


def test_a_stand_in_goes_back_in_the_originals_own_shape():
    # restoration reads the stand-in found in the translation and writes the original as
    # the original was written: the order a stand-in cannot tell, the original's widths
    assert dates.substitute("01-02-2027", dates.DateValue(2027, 1, 2),
                            dates.DateValue(2025, 6, 30), new_text="06-30-2025") == "06-30-2025"
    assert dates.substitute("23/03/1980", dates.DateValue(1980, 3, 23),
                            dates.DateValue(1978, 11, 2), new_text="2/11/1978.") == "2/11/1978"


def test_numeric_dates_of_every_shape_go_through_apertium_and_come_back():
    for text in ["The contract expires on 30/06/2025.", "On 06/30/2025 too.",
                 "Signed 30/06/25 by both.", "Filed 2025/06/30 and 2025.06.30 here.",
                 "Dated 30.06.2025. Then more.", "Hired 2/11/1978 and born 06-30-1960."]:
        pd = protect_document(_doc([(text, [])]), ProtectOptions(secret=b"k", engine="apertium"))
        sent = pd.segments[0]
        found = [a for a in sent.assignments if a.category == "DATE"]
        assert found, text
        for a in found:
            assert dates.parse(a.replacement) is not None, (text, a.replacement)
            assert a.replacement not in text
        res = _through_apertium(pd)
        assert res.unresolved == 0, (text, res.text)
        for a in found:
            assert a.original in res.text, (text, res.text)
