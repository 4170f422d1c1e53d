"""An Estonian council's letter and a Lithuanian hiring order, unlabelled (issue 14)."""


def test_an_abbreviated_salutation_is_no_part_of_the_name(found_names):
    """"Lp Maie Tamm" (Lp: lugupeetud, dear) went out as one stand-in, "Lp" with it."""
    rows = found_names(["Lp Maie Tamm", "Teie avalduse alusel määrati Teile toetus."], "et")
    assert rows[0] == [("Maie Tamm", "PER")]


def test_an_orders_infinitive_opens_no_name(found_names):
    """"Priimti Ramunę Petrauskienę" (to hire ...) named her with the verb, and linked apart
    from "Ramunę Petrauskienę" further down: two stand-ins for one employee."""
    rows = found_names(["Priimti Ramunę Petrauskienę į sandėlio vadovės pareigas.",
                        "Nustatyti Europos cheminių medžiagų agentūrai terminą."], "lt")
    assert rows[0] == [("Ramunę Petrauskienę", "PER")]
    assert not any(w.startswith("Nustatyti") for w, _ in rows[1])
    rows = found_names(["Atcelt Komisijas Lēmumu 2014/123."], "lv")
    assert not any(w.startswith("Atcelt") for w, _ in rows[0])


def test_a_foreign_name_ending_in_t_stays_whole(found_names):
    """Guard (passes before the change too): "Universität Koblenz-Landau", "Kurt Vogel"
    open with no Latvian infinitive."""
    rows = found_names(["Universität Koblenz-Landau iesniedza prasību.",
                        "Kurt Vogel ieradās Rīgā."], "lv")
    assert any(w.startswith("Universität") for w, _ in rows[0])
    assert ("Kurt Vogel", "PER") in rows[1]


def test_a_towns_government_is_a_body(found_names):
    """"Tartu Linnavalitsus" (Tartu's town government) heading a letter was a person's name,
    a person's stand-in in its place."""
    rows = found_names(["Tartu Linnavalitsus", "Lp Maie Tamm"], "et")
    assert rows[0] == [("Tartu Linnavalitsus", "ORG")]
