"""A language or nationality word that is also a given name, in a list or before a bracket,
is a nationality, not a person (issue 14): in a CV's "Polish (native), English (C1), German
(B1)" "German" got a person's stand-in and came back English in the Spanish, where the
engine writes "alemán"."""


def test_in_a_list_or_before_a_bracket(found_names):
    rows = found_names(["Languages: Polish (native), English (C1), German (B1)",
                        "She speaks Polish and German fluently."])
    assert ("German", "NATIONALITY") in rows[0] and ("German", "NATIONALITY") in rows[1]


def test_a_person_called_german_stays_a_person(found_names):
    rows = found_names(["German Gref said no.", "Mr German, the driver, said no."])
    assert rows == [[("German Gref", "PER")], [("German", "PER")]]


def test_the_engine_writes_the_language(translate_unlabelled):
    sent, back = translate_unlabelled(["Languages: Polish (native), English (C1), German (B1)"])
    assert "German" not in sent[0]
    assert "alemán" in back[0] and "German" not in back[0]
