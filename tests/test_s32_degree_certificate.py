"""A degree certificate, unlabelled (issue 14): the graduate's name on a line of its own in
capitals, "OLUWASEUN ADEBAYO", went out as "OLUWASEUN EUIPO" (the model had the surname
alone, a body's, and no list knows the given name); and the signatories' roles,
"Vice-Chancellor" and "Registrar", went out as a body's and a person's stand-ins."""

CERTIFICATE = [
    "This is to certify that",
    "OLUWASEUN ADEBAYO",
    "having satisfied the examiners was admitted to the degree of",
    "MASTER OF SCIENCE",
    "President and Vice-Chancellor    Registrar and Secretary",
    "Professor Dame Nancy Rothwell    Patrick Hackett",
]


def test_the_graduate_whole_and_the_roles_none(found_names):
    rows = found_names(CERTIFICATE)
    assert rows[1] == [("OLUWASEUN ADEBAYO", "PER")], rows[1]
    assert rows[3] == [] and rows[4] == [], (rows[3], rows[4])
    assert ("Patrick Hackett", "PER") in rows[5]


def test_known_words_in_capitals_stay_out(found_names):
    """Guards: words in capitals the language knows stay out of a name beside them."""
    rows = found_names(["PAYEE: JOHN SMITH LTD", "ISSUED TO MARIA KOWALSKA TODAY"])
    assert rows[0] == [("JOHN SMITH LTD", "ORG")], rows[0]
    assert not any("ISSUED" in w or "TODAY" in w for w, _ in rows[1]), rows[1]


def test_the_certificate_as_sent(translate_unlabelled):
    sent, back = translate_unlabelled(CERTIFICATE)
    for name in ("OLUWASEUN", "ADEBAYO", "Rothwell", "Hackett"):
        assert not any(name in s for s in sent), (name, sent)
    assert sent[4] == CERTIFICATE[4], sent[4]
    assert back[1] == "OLUWASEUN ADEBAYO"
