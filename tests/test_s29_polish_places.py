"""Polish places and persons in their cases (issue 14): "w firmie Softlab w Gdańsku" sent
"Gdańsku" (the model, reading a firm's sentence, let the town out), and "w Krakowie u Jana
Kowalskiego" was one organisation, the town and the person under one stand-in."""


def test_a_town_in_its_case(found_names):
    rows = found_names(["Pracuje w firmie Softlab w Gdańsku od 2019 roku."], "pl")
    assert ("Gdańsku", "LOC") in rows[0]


def test_at_someones_parts_the_place_and_the_person(found_names):
    rows = found_names(["Spotkanie odbyło się w Krakowie u Jana Kowalskiego."], "pl")
    assert ("Jana Kowalskiego", "PER") in rows[0]
    assert any(w == "Krakowie" for w, _ in rows[0])


def test_a_courts_name_keeps_its_town(found_names):
    """Guard (passes before the change too): "w" stays inside a court's name."""
    rows = found_names(["Dokumenty złożono w Sądzie Okręgowym w Warszawie."], "pl")
    assert ("Sądzie Okręgowym w Warszawie", "ORG") in rows[0]
