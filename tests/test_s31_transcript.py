"""A committee meeting's transcript, unlabelled (issue 14): "Yes. Mrs Eileen Frost" went out as
"Yes" and a stand-in in place of ". Mrs Eileen Frost" (the full stop lost), and "Yes. Mrs
Frost" not masked at all; "Cllr" was part of each councillor's name, so "Cllr Susan Blackwood"
and "Susan Blackwood" took two stand-ins and the speaker "CLLR QURESHI" (a body, to the model)
a third beside "Cllr Imran Qureshi"; the chair's role, "CHAIR", "(Chair)", "Thank you,
Chair", went out as a body's stand-in."""
import re

TRANSCRIPT = [
    "Transcript: Planning Committee, 4 February 2025",
    "Present: Cllr Susan Blackwood (Chair), Cllr Imran Qureshi, Cllr Gareth Powell, "
    "Jo Whitfield (Planning Officer)",
    "[00:00:12] CHAIR (Susan Blackwood): Good evening, everyone. Can we start with item 4?",
    "[00:00:31] JO WHITFIELD: Thank you, Chair. The applicant, Mr Dariusz Kowalczyk, seeks "
    "permission for a two-storey rear extension.",
    "[00:01:05] CLLR QURESHI: Have the neighbours at number 19 objected?",
    "[00:01:09] JO WHITFIELD: Yes. Mrs Eileen Frost wrote on 20 January about loss of light.",
    "[00:01:40] CLLR POWELL: I visited the site on Saturday.",
    "[00:02:20] CLLR QURESHI: Sorry, could you repeat that, Susan?",
]


def test_a_reply_ends_its_sentence(found_names):
    rows = found_names(["Yes. Mr John Frost wrote on Monday.", "Yes. Mrs Frost wrote.",
                        "No. Mrs Eileen Frost wrote.", "Ok. Mrs Frost wrote."])
    assert rows == [[("John Frost", "PER")], [("Frost", "PER")], [("Eileen Frost", "PER")],
                    [("Frost", "PER")]]


def test_a_councillors_title_is_no_part_of_the_name(found_names):
    rows = found_names(["Present: Cllr Susan Blackwood (Chair), Sgt Ann Lee",
                        "CLLR QURESHI: yes.", "[00:01:40] CLLR POWELL: I visited the site."])
    assert rows == [[("Susan Blackwood", "PER"), ("Ann Lee", "PER")], [("QURESHI", "PER")],
                    [("POWELL", "PER")]]


def test_titles_that_are_words_too_need_their_stop(found_names):
    """"ING" (a bank's acronym) is no title: the title list's "ing" had cut it from "ING
    Groep".  Guard: "the Reverend" stays in the name, as the shared scorer counts it."""
    rows = found_names(["ING Groep and ING Bank", "Sir Keir Starmer met Reverend Moomaw."])
    assert [w for w, _ in rows[0]] == ["ING Groep", "ING Bank"]
    assert "Reverend Moomaw" in [w for w, _ in rows[1]]


def test_a_verb_parts_two_names(found_names):
    """"met" had been part of one organisation, "Keir Starmer met Reverend Moomaw"."""
    rows = found_names(["Sir Keir Starmer met Reverend Moomaw."])
    assert [w for w, _ in rows[0]] == ["Keir Starmer", "Reverend Moomaw"]


def test_the_transcript_as_sent(translate_unlabelled):
    sent, _ = translate_unlabelled(TRANSCRIPT)
    for name in ("Blackwood", "Qureshi", "QURESHI", "Powell", "POWELL", "Whitfield",
                 "WHITFIELD", "Kowalczyk", "Frost", "Eileen", "Susan", "Imran", "Gareth"):
        assert not any(name in s for s in sent), name
    # the roles and the titles are translated, not replaced
    assert sent[1].count("Cllr ") == 3 and "(Chair)" in sent[1], sent[1]
    assert "] CHAIR (" in sent[2] and "Thank you, Chair." in sent[3], (sent[2], sent[3])
    assert "Yes. Mrs " in sent[5], sent[5]
    # one stand-in per councillor, in full, in capitals and by first name
    chair = re.search(r"Present: Cllr (\S+) (\S+) \(Chair\), Cllr (\S+) (\S+),", sent[1])
    assert chair, sent[1]
    assert f"CHAIR ({chair.group(1)} {chair.group(2)})" in sent[2], sent[2]
    assert f"CLLR {chair.group(4).upper()}:" in sent[4], (sent[1], sent[4])
    assert f"repeat that, {chair.group(1)}?" in sent[7], (sent[1], sent[7])


def test_a_heading_in_capitals_after_a_form_of_address_is_no_person(found_names):
    """A heading's "MS SOCIETY ANNUAL REPORT" made "SOCIETY" a person (the capitals' rule
    took "MS" for the form of address); ordinary words are no name.  Guard: a payee is."""
    rows = found_names(["MS SOCIETY ANNUAL REPORT", "FASTER PAYMENT FROM MR S PATEL RENT"])
    assert rows[0] == [] and rows[1] == [("S PATEL", "PER")], rows
