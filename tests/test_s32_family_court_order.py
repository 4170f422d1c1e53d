"""A family court's child arrangements order, unlabelled (issue 14): the respondent's given
name of "SOPHIE ELIZABETH OWUSU" went out as written (the model had "ELIZABETH OWUSU", and
the frequency list knows "Sophie"); and the private case's number, "Case No: BS24P00417",
went out as written (a case's number was a public citation's)."""
from transforms.detect import identifiers

ORDER = [
    "Case No: BS24P00417",
    "BETWEEN:",
    "DANIEL HARGREAVES",
    "Applicant",
    "SOPHIE ELIZABETH OWUSU",
    "Respondent",
]


def test_a_private_case_number_is_an_identifier():
    assert [(s.category, s.text) for s in identifiers.detect("Case No: BS24P00417", "en")] == [
        ("IDNUM", "BS24P00417")]
    assert [s.text for s in identifiers.detect("Case number F12YX345", "en")] == ["F12YX345"]
    # the courts' public citations stay: a dash or a slash in them
    for text in ("Case C-215/11 Lasocka", "Case T-8/11", "in case A1 fails"):
        assert identifiers.detect(text, "en") == [], text


def test_given_names_in_capitals_join_the_name(found_names):
    rows = found_names(ORDER)
    assert rows[4] == [("SOPHIE ELIZABETH OWUSU", "PER")], rows[4]
    assert rows[2] == [("DANIEL HARGREAVES", "PER")]


def test_the_order_as_sent(translate_unlabelled):
    sent, back = translate_unlabelled(ORDER)
    for name in ("BS24P00417", "SOPHIE", "ELIZABETH", "OWUSU", "DANIEL", "HARGREAVES"):
        assert not any(name in s for s in sent), (name, sent)
    assert back[4] == "SOPHIE ELIZABETH OWUSU" and back[0].endswith("BS24P00417")
