"""A motor insurance claim form, unlabelled (session 33): the insurer in its field, a person
named with the body they belong to, and what a field holds when there is no body."""
from __future__ import annotations

CLAIM = [
    "MOTOR CLAIM FORM",
    "Policyholder: Mr Gareth Llewellyn-Jones",
    "Vehicle registration: CY19 KXR (Vauxhall Astra, silver)",
    "Third party insurer: Admiral Insurance, claim ref AD/2025/0091823",
    "Police attended; the reporting officer was PC 4417 Rhys Morgan of South Wales Police, "
    "incident number 2501170233.",
    "The reporting officer was Rhys Morgan of South Wales Police.",
    "Signed: G. Llewellyn-Jones   Date: 20/01/2025",
]


def test_a_person_of_a_body_is_a_person_and_a_body(found_names):
    """The model had read "Helen Carter of Bristol City Council on Monday" as one council
    (and "Rhys Morgan of South Wales Police" as one police force): the person went out under
    a body's stand-in.  The person is the person, the body what follows "of"; the day is
    neither, and a sentence's full stop is no part of a body's name."""
    got = found_names(["We spoke to Helen Carter of Bristol City Council on Monday.",
                       CLAIM[5]])
    assert ("Helen Carter", "PER") in got[0]
    assert ("Bristol City Council", "ORG") in got[0]
    assert not any("Monday" in t for t, _ in got[0])
    assert ("Rhys Morgan", "PER") in got[1]
    assert ("South Wales Police", "ORG") in got[1]


def test_bodies_named_with_of_stay_whole(found_names):
    """A body's own name with "of" is no person and a body (a guard for the rule above),
    and an institution's "of" a place is a body, without the month after it: "the Bank of
    England in May" had been one place, its month inside."""
    got = found_names(["The Court of Justice of the European Union ruled on it.",
                       "Interest rates were set by the Bank of England in May."])
    bodies = [[(t[4:] if t.startswith(("The ", "the ")) else t, c) for t, c in row]
              for row in got]
    assert bodies[0] == [("Court of Justice of the European Union", "ORG")]
    assert ("Bank of England", "ORG") in bodies[1]


def test_a_body_in_its_field_is_found(found_names):
    """"Third party insurer: Admiral Insurance", "Employer: Greenfield Logistics" went out
    as written: ordinary words, nothing around them but the label.  A field that holds no
    body ("Self-employed", "None", "Unemployed") stays as it is."""
    got = found_names(["Third party insurer: Admiral Insurance, claim ref AD/2025/0091823",
                       "Employer: Greenfield Logistics",
                       "Current employer: Nordea",
                       "Employer: Self-employed",
                       "Insurer: None",
                       "Employer: Unemployed"])
    assert ("Admiral Insurance", "ORG") in got[0]
    assert ("Greenfield Logistics", "ORG") in got[1]
    assert ("Nordea", "ORG") in got[2]
    assert got[3] == got[4] == got[5] == []


def test_the_claim_form_sends_no_name(translate_unlabelled):
    sent, back = translate_unlabelled(CLAIM)
    blob = "\n".join(sent)
    for name in ("Llewellyn", "Gareth", "Admiral", "Rhys", "Morgan", "Wales", "CY19 KXR"):
        assert name not in blob, name
    assert "Rhys Morgan" in back[4] and "Rhys Morgan" in back[5]
    assert "Llewellyn-Jones" in back[1] and "Llewellyn-Jones" in back[6]


def test_a_persons_role_in_brackets_with_a_departments_acronym(found_names):
    """A grievance letter's "with me and Tom Ashworth (HR Business Partner)" went out as one
    body's stand-in and came back in English in the Spanish: the model's "X (Y)" is one
    party in legal text, and a role in brackets had to be ordinary words, with no acronym."""
    got = found_names(["Thank you for attending the hearing with me and Tom Ashworth (HR "
                       "Business Partner)."])
    assert got[0] == [("Tom Ashworth", "PER")]
