"""A Swedish police report (polisanmälan), unlabelled (session 33): a car's registration
number after its label, and who a witness is before their name."""
from __future__ import annotations

REPORT = [
    "POLISANMÄLAN",
    "Målsägande: Sofia Ingrid Bergqvist, 850614-2384, Västra Storgatan 12, 582 27 Linköping",
    "Grannen Lars-Göran Ek, Västra Storgatan 14, såg en mörk Volvo med registreringsnummer "
    "ABC 123 utanför huset vid 23-tiden.",
    "Anmälan upptagen av polisassistent Mikael Holmgren, tjänstenummer 4417.",
]


def test_a_registration_number_after_its_label_is_a_number(found_numbers):
    """"registreringsnummer ABC 123" went out as written: only the British plate's shape
    was a vehicle's.  After a plate's label, in the languages served, letters and digits in
    groups are one; a label's word without a plate after it is nothing."""
    assert found_numbers(REPORT[2], "sv") == ["ABC 123"]
    assert found_numbers("Reg.nr. AB 12 345", "da") == ["AB 12 345"]
    assert found_numbers("numer rejestracyjny WA 12345", "pl") == ["WA 12345"]
    assert found_numbers("rekisterinumero ABC-123", "fi") == ["ABC-123"]
    assert found_numbers("matrícula 1234 BCD", "es") == ["1234 BCD"]
    assert found_numbers("Registration number 2019 was filed", "en") == []
    assert found_numbers("Løn til konto: reg.nr. 7244 kontonr. 1058893", "da") == ["1058893"]


def test_who_a_person_is_before_the_name_is_no_part_of_it(found_names):
    """"Grannen Lars-Göran Ek" (the neighbour) went out as one stand-in and "Grannen" came
    back in Swedish in the Danish: a noun in the definite, a sentence's first word, before a
    given name is who the person is (in Danish too, where the model read a body)."""
    got = found_names([REPORT[2], "Vidnet Anna Jensen blev hørt."], lang="sv")
    assert ("Lars-Göran Ek", "PER") in got[0]
    assert not any("Grannen" in t for t, _ in got[0])
    got = found_names(["Vidnet Anna Jensen blev hørt."], lang="da")
    assert got[0] == [("Anna Jensen", "PER")]


def test_the_report_sends_no_plate(translate_unlabelled):
    sent, back = translate_unlabelled(REPORT, source="sv", target="da")
    blob = "\n".join(sent)
    for secret in ("ABC 123", "Lars-Göran", "Bergqvist", "850614", "Holmgren", "4417"):
        assert secret not in blob, secret
    assert sent[2].startswith("Grannen ")
    assert "ABC 123" in back[2]
