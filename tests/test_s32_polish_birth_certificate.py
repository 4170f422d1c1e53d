"""A Polish abridged birth certificate (odpis skrócony aktu urodzenia), unlabelled (issue
14): the mother's maiden name after "Nazwisko rodowe matki:" went out as written (a label of
several words: "Nazwisko: X" only was a name's field), while the labels' first words,
"Nazwisko" and "Miejsce", were masked as a person and a body, and spread to every label.
And "Kowalski", Poland's most frequent surname, was in no name list."""

CERTIFICATE = [
    "1. Nazwisko: WIŚNIEWSKA",
    "2. Imię (imiona): Zofia Maria",
    "Imię ojca: Tomasz    Nazwisko rodowe ojca: WIŚNIEWSKI",
    "Imię matki: Katarzyna    Nazwisko rodowe matki: NOWAK",
    "Miejsce urodzenia ojca: Tarnów    Miejsce urodzenia matki: Rzeszów",
]


def test_the_fields_values_and_not_their_labels(found_names):
    rows = found_names(CERTIFICATE, lang="pl")
    words = [w for row in rows for w, _ in row]
    assert "Nazwisko" not in words and "Miejsce" not in words, rows
    assert ("NOWAK", "PER") in rows[3] and ("Katarzyna", "PER") in rows[3], rows[3]
    assert ("WIŚNIEWSKI", "PER") in rows[2] and ("Tomasz", "PER") in rows[2], rows[2]
    assert ("Tarnów", "LOC") in rows[4] and ("Rzeszów", "LOC") in rows[4], rows[4]


def test_a_speaker_or_a_name_before_words_and_a_colon_stays(found_names):
    """Guards: a surname of the lists, or a word no frequency list knows, before lower-case
    words and a colon is no label; an English label with its lower-case words is one."""
    from transforms.detect.base import Span
    from transforms.detect.heuristic import _field_label
    for text, lang in (("Kowalski powiedział: nie.", "pl"), ("Kowalska odpowiedziała: tak.", "pl"),
                       ("Okonkwo replied: no.", "en")):
        word = text.split()[0]
        assert not _field_label(Span(0, len(word), "PER", "x", word), text, lang), text
    assert found_names(["Place of birth: Leeds"]) == [[("Leeds", "LOC")]]


def test_polish_surnames_are_listed():
    from transforms.detect.heuristic import gazetteers_lower
    family = gazetteers_lower("family")
    assert {"kowalski", "kowalska", "wiśniewski", "wiśniewska", "kowalczyk"} <= family
    assert not {"król", "wilk", "czech", "język", "sprawa"} & family


def test_a_place_of_birth_field_holds_a_place(found_names):
    """"Place of birth: Leeds" went out as written: the model had nothing after the label's
    colon.  A place of birth's field holds a place (not "Unknown")."""
    rows = found_names(["Place of birth: Leeds", "Place of birth: Unknown",
                        "Date of birth: 02/07/1951    Place of birth: Kingston upon Hull"])
    assert rows[0] == [("Leeds", "LOC")] and rows[1] == [], rows
    assert any("Kingston" in w and c == "LOC" for w, c in rows[2]), rows[2]
    rows = found_names(["Miejsce urodzenia: Tarnów", "Födelseort: Västerås"], lang="pl")
    assert rows[0] == [("Tarnów", "LOC")], rows
