"""The other days of a date range or list share the spelled date's month and went out as
written: "from 12 to 14 June 2018" sent "12", "23 – 25 November 2004" sent "23", and "May
3-5, 2021" sent "-5, 2021", the year included.  MultiLeg's gold masks them ("12" and "14
June 2018"); each is now a DATE of its own (``detect.dates._range_companions``), stood in for
and restored as the gold's are.  Each test but the guard (a part's number, a year-first date)
failed on the code before the change."""
import re

from transforms.detect import identifiers


def _dates(text, lang="en"):
    return [s.text for s in identifiers.detect(text, lang) if s.category == "DATE"]


def test_the_days_before_a_day_first_date_are_dates():
    assert _dates("for the period from 12 to 14 June 2018") == ["12", "14 June 2018"]
    assert _dates("on 4, 5, 10 and 11 July 2018 and 12 July") == [
        "4", "5", "10", "11 July 2018", "12 July"]
    assert _dates("four meetings: 23 – 25 November 2004; 14 – 18 February 2005") == [
        "23", "25 November 2004", "14", "18 February 2005"]
    assert _dates("ajavahemikul 12.–14. juunini 2018", "et") == ["12.", "14. juunini 2018"]
    assert _dates("den 3–5 maj 2021", "sv") == ["3", "5 maj 2021"]


def test_the_day_and_year_after_a_month_first_date_are_dates():
    assert _dates("The conference runs May 3-5, 2021 in Oslo.") == ["May 3", "5", "2021"]
    assert _dates("from June 12 to 14, 2019") == ["June 12", "14", "2019"]


def test_a_part_s_number_or_a_year_first_date_takes_no_companion():
    assert _dates("points 3 to 5 of the 12 June 2018 judgment") == ["12 June 2018"]
    assert _dates("in Article 12 to 14 June 2018") == ["14 June 2018"]
    assert _dates("punktidest 25–28 ja 7. veebruari 2002. aasta", "et") == [
        "7. veebruari 2002. aasta"]
    # a paragraph's number before a Lithuanian date, which begins with its year
    assert _dates("28 Iki 2017 m. rugsėjo 24 d. pareiškėja", "lt") == ["2017 m. rugsėjo 24 d."]


def test_no_day_of_a_range_is_sent_and_each_comes_back(translate_unlabelled):
    sent, back = translate_unlabelled([
        "Interpreters were requisitioned for the period from 12 to 14 June 2018.",
        "The group held two meetings: 23 – 25 November 2004 and 14 – 18 February 2005.",
        "The conference runs May 3-5, 2021 in Oslo."])
    # (a shifted date may keep a number of the original by chance: its year, say; a range's
    # first day and its joiner, or the year after a month-first range, went out as written)
    assert "12 to " not in sent[0] and "14 June 2018" not in sent[0], sent[0]
    assert "23 –" not in sent[1] and "14 –" not in sent[1], sent[1]
    assert "-5," not in sent[2] and "2021" not in sent[2], sent[2]
    # the first two come back whole, every number where it was
    assert re.findall(r"\d+", back[0]) == ["12", "14", "2018"], back[0]
    assert re.findall(r"\d+", back[1]) == ["23", "25", "2004", "14", "18", "2005"], back[1]
