"""The quality guidelines and the field are no practice's name (issue 14): "Good Clinical
Practice", which every clinical-trial document cites, had become an organisation when
"Practice" became a kind of body (session 26, for "Riverside Medical Practice")."""


def test_standards_and_fields_are_not_bodies(found_names):
    rows = found_names(["The trial was conducted in accordance with Good Clinical Practice.",
                        "Sponsor staff were trained in Good Laboratory Practice.",
                        "Good Manufacturing Practices apply.", "She works in General Practice."])
    assert rows == [[], [], [], []]


def test_a_practice_with_a_name_stays_a_body(found_names):
    [spans] = found_names(["Riverside Medical Practice, 12 Mill Lane, Leeds"])
    assert ("Riverside Medical Practice", "ORG") in spans
