"""A Baltic street in the case its sentence puts it in is a street (issue 14): a Latvian
contract's "dzīvo Lāčplēša ielā 37" (lives in ... street), a Lithuanian letter's "Gedimino
gatvėje 5", an Estonian one's "Rüütli tänaval 5" went out: only the nominative kind words
("iela", "gatvė", "tänav") were known.  A person's given name before the street is the
person's: streets are named in the genitive."""


def test_inflected_streets_are_places(found_names):
    lv = found_names(["Ilze Kalniņa, personas kods 010190-12345, dzīvo Lāčplēša ielā 37, "
                      "Jelgavā.", "Birojs atrodas Brīvības bulvārī 32, Rīgā."], lang="lv")
    assert ("Lāčplēša ielā", "LOC") in lv[0] and ("Ilze Kalniņa", "PER") in lv[0]
    assert ("Brīvības bulvārī", "LOC") in lv[1]
    lt = found_names(["Jonas gyvena Gedimino gatvėje 5, Vilniuje."], lang="lt")
    assert ("Gedimino gatvėje", "LOC") in lt[0]
    et = found_names(["Mari elab Rüütli tänaval 5 ja Jaan Pärnu maanteel 10."], lang="et")
    assert ("Rüütli tänaval", "LOC") in et[0] and ("Pärnu maanteel", "LOC") in et[0]
    assert ("Jaan", "PER") in et[0] and ("Mari", "PER") in et[0]


def test_a_given_name_before_a_street_is_the_person(found_names):
    lv = found_names(["Anna Tērbatas ielā 5 dzīvo kopš maija."], lang="lv")
    assert ("Anna", "PER") in lv[0] and ("Tērbatas ielā", "LOC") in lv[0]
