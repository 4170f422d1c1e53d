from transforms import dates
from transforms.dates import DateValue


def test_parse_common_patterns():
    assert dates.parse("13 December 2012").fields() == (2012, 12, 13)
    assert dates.parse("December 13, 2012").fields() == (2012, 12, 13)
    assert dates.parse("March 2005").fields() == (2005, 3, None)
    assert dates.parse("1992").fields() == (1992, None, None)
    assert dates.parse("13.12.2012").fields() == (2012, 12, 13)
    assert dates.parse("2012-12-13").fields() == (2012, 12, 13)
    assert dates.parse("the same day") is None
    assert dates.parse("1990s") is None


def test_shift_changes_every_component_and_stays_valid():
    for d in range(1, 32):
        v = DateValue(2012, 1, d)
        new = dates.shift(v, 40)
        assert (new.day, new.month) != (v.day, v.month)
        assert 1 <= new.day <= 31
    assert dates.shift(DateValue(2005, None, None), 3).year != 2005
    new = dates.shift(DateValue(None, 4, 15), 0)
    assert new.month != 4 and new.day == 15


def test_render_like_keeps_pattern():
    assert dates.render_like("13 December 2012", DateValue(2014, 3, 5)) == "5 March 2014"
    assert dates.render_like("05.01.2012", DateValue(2014, 3, 9)) == "09.03.2014"


def test_locate_in_spanish_output_and_substitute_back():
    fake = DateValue(2013, 9, 28)
    text = "Juicio de 28 de septiembre de 2013 (petición)"
    s, e = dates.locate(text, fake)
    assert text[s:e] == "28 de septiembre de 2013"
    assert dates.substitute(text[s:e], fake, DateValue(2012, 12, 13)) == "13 de diciembre de 2012"


def test_locate_does_not_take_case_numbers_for_months():
    # "03" in C-468/03 must not stand in for the month "March"
    text = "juicios de 13 Marcha 2008, Tosto AG (C-468/03, EU:C:2005:624)"
    assert dates.locate(text, DateValue(2008, 3, 13)) is None
    s, e = dates.locate(text, DateValue(2008, 3, 13), loose=True)
    assert text[s:e] == "13 Marcha 2008"
    # a mistranslated month word becomes the original's month in the target language
    assert dates.substitute(text[s:e], DateValue(2008, 3, 13), DateValue(2005, 10, 20), "es",
                            "20 October 2005") == "20 octubre 2005"


def test_latvian_genitive_month():
    text = "2008. gada 29. septembra spriedums"
    s, e = dates.locate(text, DateValue(2008, 9, 29))
    assert dates.substitute(text[s:e], DateValue(2008, 9, 29), DateValue(2010, 3, 4)) \
        == "2010. gada 4. marta"


def test_date_tokens_are_what_the_month_and_number_pattern_finds():
    """_date_tokens looks each word up instead of trying every month name at every
    character; its tokens must be those of the pattern it replaced."""
    import random
    import re

    from transforms import dates
    alt = "|".join(sorted(map(re.escape, dates._MONTH_LOOKUP), key=len, reverse=True))
    pattern = re.compile(rf"(?i)\b(?:(?P<month>{alt})\.?|(?P<num>\d{{1,4}}))\b")

    def reference(text, numeric_month):
        toks = []
        for t in pattern.finditer(text):
            if t.group("month"):
                toks.append((t.start(), t.end(), "month", dates._MONTH_LOOKUP[t.group("month").lower()][1]))
                continue
            digits = t.group("num")
            kinds = ["year"] if len(digits) == 4 else [] if len(digits) == 3 else (
                ["day", "month"] if numeric_month else ["day"])
            toks += [(t.start(), t.end(), k, int(digits)) for k in kinds]
        return toks

    rng = random.Random(11)
    words = list(dates._MONTH_LOOKUP)[:40] + ["MARZO", "Ene", "de", "of", "the", "2012", "15",
                                               "7", "123", "12345", "٣", "marzo2012", "x_1",
                                               "Diciembre", "sept", "Marcha", "mayo_"]
    glue = [" ", ".", ". ", ",", "-", "/", "", "(", ")", "\n", ".2", " de "]
    for _ in range(3000):
        text = "".join(rng.choice(words) + rng.choice(glue) for _ in range(rng.randint(1, 8)))
        for numeric in (False, True):
            dates._date_tokens.cache_clear()
            assert dates._date_tokens(text, numeric) == reference(text, numeric), text


def test_swedish_and_danish_dates_parse_and_keep_their_language():
    # issue 15: they were scrambled ("12 juli 2018" sent as "02 blgo 5980")
    assert dates.parse("den 12 juli 2018") == dates.DateValue(2018, 7, 12)
    assert dates.parse("1992 års") == dates.DateValue(1992, None, None)
    assert dates.parse("the same day") is None
    new = dates.DateValue(2017, 2, 12)
    # "september" is English, Swedish and Danish: the text's language decides the new month
    assert dates.render_like("20 september 2016", new, "sv") == "12 februari 2017"
    assert dates.render_like("20 september 2016", new, "da") == "12 februar 2017"
    assert dates.render_like("20 September 2016", new) == "12 February 2017"


def test_a_date_restored_into_danish_gets_danish_month_words():
    """sv->da, unlabelled MultiLeg: the sent "19 mars 2008" came back "19 marts 2008" (Danish;
    Latvian too), and the original "12 december 2006" was written "12 decembris 2006"; "5
    februari" (Swedish) for "22 juni" read as Swedish."""
    from schemas.records import Assignment
    from transforms.restore import locate_how

    def restored(original, sent, text):
        a = Assignment(cluster=0, category="DATE", original=original, replacement=sent,
                       segment=0, start=0, end=len(sent))
        got = locate_how(text, a, [], "da", "sv")
        return got[2]
    assert restored("12 december 2006", "19 mars 2008", "af den 19 marts 2008 om") == \
        "12 december 2006"
    assert restored("5 februari 2019", "22 juni 2021", "forhandlingen den 22 juni 2021,") == \
        "5 februar 2019"
