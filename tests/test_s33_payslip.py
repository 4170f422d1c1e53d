"""A Danish payslip (lønseddel), unlabelled (session 33): a street of no street's ending in
the address field, and a number's abbreviated label."""
from __future__ import annotations

PAYSLIP = [
    "LØNSEDDEL – marts 2025",
    "Arbejdsgiver: Nordisk Emballage ApS, CVR 31 24 55 87, Industrivej 14, 7100 Vejle",
    "Medarbejder: Mette Kirstine Nørgaard",
    "Adresse: Skovbrynet 9, 1. th., 7100 Vejle",
    "Medarbejdernr.: 20417",
    "Afdeling: Logistik, nærmeste leder Søren Vestergaard",
]


def test_the_street_in_an_address_field_is_a_place(found_names):
    """"Adresse: Skovbrynet 9" went out as written ("the forest's edge": ordinary words, no
    street's ending).  In an address's field the words before a house number are its street;
    a box's or a flat's number is none."""
    got = found_names([PAYSLIP[3], "Adresse: Postboks 123, 7100 Vejle",
                       "Home address: Flat 3, 27 Cathedral Road, Cardiff",
                       "Folkbokföringsadress: Kungsgatan 7 lgh 1102, 411 19 Göteborg"],
                      lang="da")
    assert ("Skovbrynet", "LOC") in got[0]
    assert not any(t == "Postboks" and c == "LOC" for t, c in got[1])
    assert not any(t == "Flat" and c == "LOC" for t, c in got[2])
    assert ("Kungsgatan", "LOC") in got[3]


def test_an_abbreviated_number_label_is_no_name(found_names):
    """"Medarbejdernr.: 20417" went out as "Aguilar.: 20417": the label's "nr." had its full
    stop before the colon."""
    got = found_names([PAYSLIP[4], "Kundnr.: 55812"], lang="da")
    assert got == [[], []]


def test_the_payslip_sends_no_street(translate_unlabelled):
    sent, back = translate_unlabelled(PAYSLIP, source="da", target="sv")
    blob = "\n".join(sent)
    for secret in ("Skovbrynet", "Nørgaard", "Vestergaard", "120387", "Nordisk Emballage"):
        assert secret not in blob, secret
    assert "Medarbejdernr.: 20417" in sent[4]
    # (back as the engine writes the original, as without protection: Apertium makes the
    # Danish "Skov-" Swedish, "Skogsbrynet")
    assert "brynet 9, 1. th., 7100 Vejle" in back[3]
