"""A discharge letter, unlabelled (issue 14): "DOB:" after another field on its line went
out as an acronym's stand-in, and "Admitted to Ward 12" sent "Ward" (a surname too) as a
person's; both came back English."""


def test_a_forms_abbreviated_label_after_a_gap(found_names):
    rows = found_names(["Patient: Mr Harold Finch   DOB: 02/07/1951   NHS No: 943 476 5919"])
    assert [w for w, _ in rows[0]] == ["Harold Finch"]


def test_a_ward_and_its_number_are_no_person(found_names):
    rows = found_names(["Admitted to Ward 12 under Dr Farouk on 3 March 2025.",
                        "Mr Ward was admitted on 3 March."])
    assert rows[0] == [("Farouk", "PER")]
    # the surname stays a surname where no number follows it
    assert ("Ward", "PER") in rows[1]


def test_a_letters_addressee_role_after_dear(found_names):
    """"Dear Parent/Carer" sent "Parent" (a surname of the lists) as a person's stand-in."""
    rows = found_names(["Dear Parent/Carer,", "Dear Customer,", "Dear Mr Parent,"])
    assert rows[0] == [] and rows[1] == []
    assert ("Parent", "PER") in rows[2]


def test_a_label_after_a_time_and_two_spaces(found_names):
    """A conference programme's "09:30 – 10:15  Keynote: ..." sent "Keynote" as a person's
    stand-in."""
    rows = found_names(["09:30 – 10:15  Keynote: Trust and Privacy in Translation"])
    assert not any(w == "Keynote" for w, _ in rows[0])
