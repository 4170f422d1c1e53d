"""An Estonian council's letter and a Lithuanian hiring order, unlabelled (issue 14)."""


def test_an_abbreviated_salutation_is_no_part_of_the_name(found_names):
    """"Lp Maie Tamm" (Lp: lugupeetud, dear) went out as one stand-in, "Lp" with it."""
    rows = found_names(["Lp Maie Tamm", "Teie avalduse alusel määrati Teile toetus."], "et")
    assert rows[0] == [("Maie Tamm", "PER")]
