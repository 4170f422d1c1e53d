"""A hospital discharge summary, unlabelled (issue 14): "COPD and Type 2 Diabetes" went out as
two bodies' stand-ins, "Co-amoxiclav" as "Elari-amoxiclav" (the company's "Co" a person's) and
"Salbutamol inhaler" with a person's stand-in for the medicine; they came back untranslated."""

SUMMARY = [
    "Patient: Mr Anthony James Whitlock    NHS No: 485 777 3456    DOB: 22/06/1951",
    "Diagnosis: Community-acquired pneumonia (right lower lobe); background of COPD and Type 2 "
    "Diabetes.",
    "He was treated with IV Co-amoxiclav and Clarithromycin, then stepped down to oral "
    "Amoxicillin on day 4.",
    "Medications on discharge: Amoxicillin 500 mg TDS for 3 days; Metformin 1 g BD "
    "(unchanged); Salbutamol inhaler PRN.",
    "His daughter, Mrs Claire Dunmore, will stay with him for the first week.",
]


def test_conditions_and_medicines_are_no_names(found_names):
    rows = found_names(SUMMARY[1:4] + ["Type 1 Diabetes Mellitus with Hypertension"])
    assert rows == [[], [], [], []], rows


def test_names_beside_them_stay(found_names):
    """Guard: a person whose surname is a condition's word, a company with "Co" and a
    person before a form's word stay names."""
    rows = found_names(["Dr Amy Gout said so.", "Smith & Co-operative Ltd",
                        "Jones & Co. supplied the tablets.", "Ask Priya Shah for the cream."])
    assert ("Amy Gout", "PER") in rows[0]
    assert ("Smith & Co-operative Ltd", "ORG") in rows[1]
    assert any("Jones" in w for w, _ in rows[2])
    assert any("Priya Shah" in w for w, _ in rows[3])


def test_the_summary_as_sent(translate_unlabelled):
    sent, _ = translate_unlabelled(SUMMARY)
    for name in ("Whitlock", "Anthony", "Claire", "Dunmore", "485 777 3456", "1951"):
        assert not any(name in s for s in sent), name
    assert "background of COPD and Type 2 Diabetes." in sent[1], sent[1]
    assert "IV Co-amoxiclav and Clarithromycin" in sent[2], sent[2]
    assert "Salbutamol inhaler PRN" in sent[3], sent[3]
