"""A form's or minutes' label before a colon, an ordinary word no name list holds, is no
person (issue 14): "Attendees:" (unknown to the analyser) went out as a person's stand-in,
and the judgments' "Registrar:" too.  A speaker's name before a colon stays a name."""


def test_a_label_before_a_colon_is_no_person(found_names):
    rows = found_names(["Attendees: John Smith, Mary Jones.", "Jane: I disagree.",
                        "Smith: No.", "Kowalski: yes"])
    assert rows[0] == [("John Smith", "PER"), ("Mary Jones", "PER")]
    assert rows[1] == [("Jane", "PER")] and rows[2] == [("Smith", "PER")]
    assert rows[3] == [("Kowalski", "PER")]
