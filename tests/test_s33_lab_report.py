"""A hospital's haematology report, unlabelled (session 33): the patient's surname in
capitals before a comma after the field's label, a clinician's role in brackets."""
from __future__ import annotations

REPORT = [
    "HAEMATOLOGY REPORT",
    "Patient: WHITTAKER, Joanne Elizabeth    DOB: 17/08/1962    Sex: F",
    "Requesting clinician: Dr S. Venkataraman (Consultant Haematologist)",
    "Comment: Discussed with Dr Okoro (Consultant Cardiologist) at 10:05.",
]


def test_an_inverted_name_after_a_label_is_one_name(found_names):
    """"Patient: WHITTAKER, Joanne Elizabeth" sent "WHITTAKER": a surname before a comma
    joined the given names after it only at a line's start or after a list's mark."""
    got = found_names(REPORT[1:2])
    assert ("WHITTAKER, Joanne Elizabeth", "PER") in got[0]


def test_a_clinicians_role_in_brackets_is_no_name(found_names):
    """"Dr S. Venkataraman (Consultant Haematologist)" went out as one body's stand-in and
    came back in English: the model's "X (Y)" was given back to the person only after a
    form of address inside it and for a role of words the analyser knows ("Haematologist",
    the British spelling, it lacks; a job's ending says what it is)."""
    got = found_names(REPORT[2:4])
    assert got[0] == [("S. Venkataraman", "PER")]
    assert got[1] == [("Okoro", "PER")]


def test_the_report_sends_no_surname(translate_unlabelled):
    sent, back = translate_unlabelled(REPORT)
    blob = "\n".join(sent)
    for secret in ("WHITTAKER", "Joanne", "Venkataraman", "Okoro", "17/08/1962"):
        assert secret not in blob, secret
    assert "(Consultant " in sent[2] and "(Consultant " in sent[3]
    assert "WHITTAKER, Joanne Elizabeth" in back[1]
