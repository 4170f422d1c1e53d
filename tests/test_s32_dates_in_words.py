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


def test_dates_of_more_languages_get_dates_as_stand_ins():
    """Polish, Lithuanian, Estonian and Finnish dates were scrambled letters ("87 zdgeuucd
    0149 h." for "15 kwietnia 2019 r."): the month tables lacked them.  Each is now read and
    written in its own form and case."""
    new = dates.DateValue(2020, 7, 9)
    for text, lang, value, written in [
            ("15 kwietnia 2019 r.", "pl", (2019, 4, 15), "9 lipca 2020 r."),
            ("w marcu 2019 roku", "pl", (2019, 3, None), "w lipcu 2020 roku"),
            ("2012 m. gruodžio 13 d.", "lt", (2012, 12, 13), "2020 m. liepos 9 d."),
            ("13. detsembril 2012", "et", (2012, 12, 13), "9. juulil 2020"),
            ("13. joulukuuta 2012", "fi", (2012, 12, 13), "9. heinäkuuta 2020"),
            ("12 maj 2020", "sv", (2020, 5, 12), "9 juli 2020")]:
        assert dates.parse(text).fields() == value, text
        assert dates.render_like(text, new, lang) == written, text


def test_a_polish_date_as_protected():
    from schemas.records import Document, Segment
    from transforms.protect import ProtectOptions, protect_document
    line = "Kraków, 15 kwietnia 2019 r."
    doc = Document("d", "d", format="jsonl", skeleton=b"", source_lang="pl", target_lang="en",
                   segments=[Segment("d", "1", 0, line)])
    text = protect_document(doc, ProtectOptions(secret=b"x")).segments[0].text
    day, month, year, word = text.split(", ", 1)[1].split()
    assert dates.month_number(month) is not None and word == "r." and year.isdigit(), text
    assert (day, month, year) != ("15", "kwietnia", "2019"), text
