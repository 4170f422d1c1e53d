"""People a document writes by their initials (issue 14): minutes list "Apologies: RT" and
"Action: PW to ...", and sign "Prepared by SJ", without ever writing those people out in
full; all went to the engine as written.  Only the initials of a person the document also
names in full ("Jane Smith (JS)") were masked."""
import re

MINUTES = [
    "Minutes of the project board, 3 March 2025",
    "Present: Jane Smith (JS), Karl Meyer (KM), Anita Bose (AB)",
    "Apologies: RT",
    "1. Budget. JS reported that the overspend is now £12,000, VAT included.",
    "Action: KM and AB to meet the supplier.",
    "2. Recruitment. RT has agreed to chair the panel; PW will join if available.",
    "Prepared by SJ, checked by DK.",
]


def _words(text):
    return set(re.findall(r"\w+", text))


def test_initials_never_written_out_are_not_sent(translate_unlabelled):
    sent, back = translate_unlabelled(MINUTES)
    for initials in ("JS", "KM", "AB", "RT", "PW", "SJ", "DK"):
        assert not any(initials in _words(s) for s in sent), initials
    # an acronym the analyser knows is nobody's initials
    assert "VAT" in _words(sent[3])
    assert back[2].endswith("RT") and "SJ" in back[6] and "DK" in back[6]


def test_an_attendance_list_names_its_people_one_by_one(translate_unlabelled):
    """Without a full name anywhere: the list itself says these capitals are people.  The
    detector had read "KM & PW" as one firm ("Marks & Spencer"), which gave "KM" a stand-in
    there and another one where it stood alone."""
    sent, back = translate_unlabelled([
        "Attendees: JS, KM & PW",
        "JS summarised the quarterly figures.",
        "Action: KM to book the venue.",
    ])
    for initials in ("JS", "KM", "PW"):
        assert not any(initials in _words(s) for s in sent), initials
    stand_in = re.match(r"Attendees: (\S+), (\S+) (?:&|&amp;) (\S+)$", sent[0])
    assert stand_in, sent[0]
    assert sent[2].startswith(f"Action: {stand_in.group(2)} to"), (sent[0], sent[2])
    assert sent[1].startswith(stand_in.group(1) + " "), (sent[0], sent[1])
    assert back[0] == "Attendees: JS, KM & PW"


def test_acronyms_stay_where_no_one_is_written_by_initials(translate_unlabelled):
    """Guard (passes before the change too): the rule needs the document's own word that it
    writes people so; a business letter's acronyms are terms, and go out as written."""
    sent, _ = translate_unlabelled(["Our KPI targets are in the FAQ; please RSVP by Friday.",
                                    "The CEO met the HR team."])
    words = _words(" ".join(sent))
    assert {"KPI", "FAQ", "CEO", "HR"} <= words
