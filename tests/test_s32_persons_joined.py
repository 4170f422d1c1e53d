"""A Spanish certificate of registration (empadronamiento; es->en, unlabelled; issue 14):
"Conviven en el mismo domicilio: Lucía Fernández Martín y Pablo García Fernández" went out
as one person's stand-in, "Ellen Allien": the two residents and the "y" between them were
one span.  So too Swedish "Anna Berg och Erik Lind bor i Lund" (one body's span)."""


def test_two_persons_joined_by_and_are_two(found_names):
    rows = found_names(["Conviven en el mismo domicilio: Lucía Fernández Martín y Pablo "
                        "García Fernández."], lang="es")
    assert rows[0] == [("Lucía Fernández Martín", "PER"), ("Pablo García Fernández", "PER")]
    rows = found_names(["Anna Berg och Erik Lind bor i Lund."], lang="sv")
    assert rows[0] == [("Anna Berg", "PER"), ("Erik Lind", "PER"), ("Lund", "LOC")], rows


def test_a_firm_of_two_names_stays_one(found_names):
    """Guard: a company named after two persons, with its legal form, stays one."""
    rows = found_names(["Avtalet tecknades med Anna Berg och Erik Lind AB i Lund."], lang="sv")
    assert ("Anna Berg och Erik Lind AB", "ORG") in rows[0], rows[0]


def test_the_residents_as_sent(translate_unlabelled):
    sent, back = translate_unlabelled(["Conviven en el mismo domicilio: Lucía Fernández Martín "
                                       "y Pablo García Fernández."], source="es", target="en")
    for name in ("Lucía", "Fernández", "Pablo", "García", "Martín"):
        assert name not in sent[0], sent
    assert " y " in sent[0], sent[0]
    assert "Lucía Fernández Martín" in back[0] and "Pablo García Fernández" in back[0], back
