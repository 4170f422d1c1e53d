"""A local news report, unlabelled (issue 14): "Liberal Democrat councillor Tom Featherstone"
was one name, its stand-in "Subsequent Criminal producer Ojala Burch" taking the party's and the
role's place; the byline's "Local Democracy Reporter" went out as a stand-in too."""
import re

REPORT = [
    "By Harriet Oyelaran, Local Democracy Reporter",
    "Liberal Democrat councillor Tom Featherstone welcomed the decision.",
    "Labour MP Jess Phillips said so, and Acme Holdings director Ann Lee agreed.",
]


def test_a_role_inside_parts_the_names(found_names):
    rows = found_names(REPORT)
    assert rows[0] == [("Harriet Oyelaran", "PER")], rows[0]
    assert ("Tom Featherstone", "PER") in rows[1] and not any(
        "councillor" in w for w, _ in rows[1]), rows[1]
    assert ("Jess Phillips", "PER") in rows[2] and ("Ann Lee", "PER") in rows[2], rows[2]
    assert not any("director" in w or "MP Jess" in w for w, _ in rows[2]), rows[2]


def test_the_report_as_sent(translate_unlabelled):
    sent, _ = translate_unlabelled(REPORT)
    for name in ("Oyelaran", "Featherstone", "Phillips", "Ann Lee"):
        assert not any(name in s for s in sent), name
    assert sent[0].endswith(", Local Democracy Reporter"), sent[0]
    assert re.match(r"\S+ \S+ councillor \S+ \S+ welcomed the decision\.$", sent[1]), sent[1]
    assert " MP " in sent[2] and " director " in sent[2], sent[2]
