"""Dates written out in words (issue 14), as civil-status documents and deeds write them:
a Polish birth certificate's "dwudziestego trzeciego marca dwa tysiące dziewiętnastego roku"
and an English deed's "the twenty-third day of March, two thousand and nineteen" went out
as written; so did the day of "13th December 2012" and "the 1st of May 2020" (the date was
read without its day, and the day kept)."""
from transforms import dates
from transforms.detect import identifiers


def found(text, lang):
    return [text[s.start:s.end] for s in identifiers.detect(text, lang) if s.category == "DATE"]


def test_dates_in_words_are_found():
    assert found("Data urodzenia: dwudziestego trzeciego marca dwa tysiące dziewiętnastego "
                 "roku (23.03.2019)", "pl") == [
        "dwudziestego trzeciego marca dwa tysiące dziewiętnastego roku", "23.03.2019"]
    assert found("urodzony pierwszego maja tysiąc dziewięćset osiemdziesiątego siódmego roku",
                 "pl") == ["pierwszego maja tysiąc dziewięćset osiemdziesiątego siódmego roku"]
    assert found("Signed on the twenty-third day of March, two thousand and nineteen, at "
                 "Leeds.", "en") == ["twenty-third day of March, two thousand and nineteen"]
    assert found("the first of May 2020 and 3 June 2021", "en") == ["first of May 2020",
                                                                    "3 June 2021"]
    # a month alone, or beside a number that is no day's or year's, is none
    assert found("In March the council met. May I go? One of May's friends.", "en") == []
    assert found("w marcu i w maju", "pl") == []


def test_dates_in_words_are_read_and_written_in_figures():
    for text, value in [("twenty-third day of March, two thousand and nineteen", (2019, 3, 23)),
                        ("first of May nineteen hundred and eighty-seven", (1987, 5, 1)),
                        ("twelfth of August nineteen ninety", (1990, 8, 12)),
                        ("first of May 2020", (2020, 5, 1)),
                        ("13th December 2012", (2012, 12, 13)),
                        ("December 1st, 2012", (2012, 12, 1))]:
        assert dates.parse(text).fields() == value, text
    new = dates.DateValue(2027, 7, 2)
    assert dates.render_like("twenty-third day of March, two thousand and nineteen", new,
                             "en") == "2 July 2027"
    assert dates.render_like("13th December 2012", new, "en") == "2nd July 2027"
    assert dates.render_like("December 13, 2012", new, "en") == "July 2, 2027"   # as before


def test_dates_in_words_as_sent(translate_unlabelled):
    sent, back = translate_unlabelled([
        "Signed on the twenty-third day of March, two thousand and nineteen, at Leeds.",
        "The meeting on 13th December 2012 was moved to the 1st of May 2020."])
    for word in ("twenty", "third", "March", "nineteen", "13th", "December", "2012", "1st",
                 "May", "2020"):
        assert not any(word in s for s in sent), (word, sent)
    assert "23" in back[0] and "2019" in back[0] and "marzo" in back[0], back[0]
