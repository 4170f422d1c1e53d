"""A GP's referral letter, unlabelled (issue 14): "Dr Anjali Mehta MBBS MRCGP, GP Partner"
was one organisation, "Dr A. Mehta" signing another (two stand-ins for one doctor); the job
titles "GP Partner", "Consultant Rheumatologist" went out as bodies'; the medication list's
drugs and abbreviations ("Amlodipine 5 mg OD", "1 g QDS PRN", "allergic to Penicillin") as
names' and acronyms' stand-ins, all back untranslated."""

LETTER = ["Dr Anjali Mehta MBBS MRCGP, GP Partner",
          "To: Mr J. O'Sullivan, Consultant Rheumatologist, Norfolk and Norwich University "
          "Hospital",
          "Current medication: Amlodipine 5 mg OD, Omeprazole 20 mg OD, Paracetamol 1 g QDS PRN.",
          "She is allergic to Penicillin (rash).",
          "Yours sincerely,",
          "Dr A. Mehta"]


def test_the_doctor_apart_from_her_degrees_and_title(found_names):
    rows = found_names(LETTER)
    assert rows[0] == [("Anjali Mehta", "PER")]
    assert ("J. O'Sullivan", "PER") in rows[1]
    assert not any("Rheumatologist" in w for w, _ in rows[1])


def test_a_signature_after_a_title_is_a_person(found_names):
    rows = found_names(LETTER)
    assert rows[5] == [("A. Mehta", "PER")]


def test_medicines_and_clinical_abbreviations_are_no_names(found_names):
    rows = found_names(LETTER)
    assert rows[2] == [] and rows[3] == []


def test_a_firm_named_with_a_title_stays(found_names):
    """Guard (passes before the change too): a firm named with its founder's title stays a
    firm."""
    rows = found_names(["The supplier is Dr. August Oetker Nahrungsmittel KG of Bielefeld."])
    assert any("Oetker" in w and c == "ORG" for w, c in rows[0])


def test_one_stand_in_for_the_doctor(translate_unlabelled):
    sent, _ = translate_unlabelled(LETTER)
    assert not any("Mehta" in s or "Anjali" in s for s in sent)
    given, surname = sent[0].split(",")[0].split()[1:3]
    assert sent[5] == f"Dr {given[0]}. {surname}"
    assert "Amlodipine 5 mg OD" in sent[2] and "Penicillin" in sent[3]


def test_a_surname_with_a_drugs_ending_outside_medicine_stays(found_names):
    """A name ending like a medicine ("Casone": -sone) is a drug's only where the text speaks
    of medicines."""
    rows = found_names(["We met Ms Casone at the station on Monday."])
    assert ("Casone", "PER") in rows[0]
