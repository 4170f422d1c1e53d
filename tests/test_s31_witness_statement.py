"""A police witness statement, unlabelled (issue 14): "(Criminal Justice Act 1967, s.9; ...)"
went out with a body's stand-in for the statute's title, and the witness's town took two
stand-ins: "Didcot" of her address (a person's, to the detector) and "Didcot" of "Boots on
Broadway, Didcot" (one place with the street)."""
import re

STATEMENT = [
    "WITNESS STATEMENT",
    "(Criminal Justice Act 1967, s.9; Magistrates' Courts Act 1980, s.5B)",
    "Statement of: Rebecca Anne Holloway",
    "Signature: R. A. Holloway    Date: 07/02/2025",
    "I live at 42 Larkspur Close, Didcot, Oxfordshire OX11 7QT. I work at Boots on Broadway, "
    "Didcot.",
    "The taller man, who I now know to be Callum Reid, was shouting at the other man.",
    "I called 999 from my mobile, 07700 900461. PC 2231 Okafor arrived about ten minutes "
    "later.",
    "Officer taking statement: DC Martin Ellery, Thames Valley Police",
]


def test_a_statutes_title_is_no_name(found_names):
    rows = found_names(STATEMENT[1:2] + ["under the Data Protection Act 2018 and the "
                                         "Companies Acts", "Act Now Ltd v Smith"])
    assert rows[0] == [] and rows[1] == []
    assert ("Act Now Ltd", "ORG") in rows[2]       # guard: a company whose name opens so


def test_a_place_named_alone_is_apart_in_an_address(found_names):
    rows = found_names(STATEMENT[4:5])
    found = [w for w, _ in rows[0]]
    assert found.count("Didcot") == 2 and "Broadway, Didcot" not in found, found


def test_the_statement_as_sent(translate_unlabelled):
    sent, _ = translate_unlabelled(STATEMENT)
    for name in ("Holloway", "Rebecca", "Larkspur", "Didcot", "Callum", "Reid", "Okafor",
                 "Ellery", "900461", "OX11"):
        assert not any(name in s for s in sent), name
    assert sent[1] == STATEMENT[1], sent[1]
    town = re.match(r"I live at 42 [^,]+, ([^,]+), ", sent[4])
    assert town and sent[4].endswith(f", {town.group(1)}."), sent[4]
