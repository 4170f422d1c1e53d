"""Estonian writes its language's adjective as the country's genitive in lower case ("eesti
keel"); a document that did had every "Eesti" (Estonia) let out, the model taught that a
word written in lower case elsewhere is no name (issue 14; EDT: 21 of 168)."""


def test_the_country_stays_a_place_beside_its_adjective(found_names):
    rows = found_names(["Raamat ilmus eesti keeles.",
                        "Kui keskkonnateadlik Eesti peaminister teile paistis?",
                        "Ta sõitis kõikjal üle Eesti ja Läti."], "et")
    assert ("Eesti", "LOC") in rows[1]
    assert ("Eesti", "LOC") in rows[2] and ("Läti", "LOC") in rows[2]
    assert not any(w == "eesti" for w, _ in rows[0])
