"""A Latvian lease, unlabelled: its parties, capitalised as defined terms ("Izīrētājs",
"Īrniekam", "Izīrētāja kontu": the lessor, to the tenant, the lessor's account), went out as
persons' and a firm's stand-ins in every clause, back untranslated; Estonian judgments'
"Kostja" (the defendant) 24 times a person (issue 14)."""


def test_a_contracts_parties_in_their_cases_are_no_names(found_names):
    rows = found_names(["1. Izīrētājs nodod Īrniekam lietošanā dzīvokli Nr. 12.",
                        "Īrnieks pārskaita maksu uz Izīrētāja kontu katru mēnesi."], "lv")
    assert rows == [[], []]
    rows = found_names(["Nuomininkas moka nuomos mokestį Nuomotojui kas mėnesį."], "lt")
    assert rows == [[]]
    rows = found_names(["Kostja ei nõustunud hagiga ja Hageja vaidles vastu."], "et")
    assert rows == [[]]
    rows = found_names(["Najemca zapłaci Wynajmującemu czynsz do 10. dnia miesiąca."], "pl")
    assert rows == [[]]


def test_the_parties_names_stay(found_names):
    """Guard (passes before the change too): the persons after the parties' labels."""
    rows = found_names(["Izīrētājs: Ilze Kalniņa, dzīvo Rīgā.",
                        "Īrnieks: Andris Ozols."], "lv")
    assert ("Ilze Kalniņa", "PER") in rows[0] and ("Andris Ozols", "PER") in rows[1]
