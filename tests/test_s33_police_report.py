"""A Spanish police report (denuncia), unlabelled (session 33): a street's name with "del"
inside it, the officer's service number, a police station's name without the "de la"
before it."""
from __future__ import annotations

REPORT = [
    "DENUNCIA",
    "En Sevilla, a 3 de febrero de 2025, ante el agente con número de identificación "
    "profesional 84521 de la Comisaría de Policía Nacional de Triana, comparece:",
    "Doña María del Carmen Ruiz Ortega, con DNI 28765432-W, nacida en Écija (Sevilla) el 17 "
    "de mayo de 1979, con domicilio en calle Pagés del Corro 112, 3.º B, 41010 Sevilla.",
    "Que su vecino, Don José Antonio Moreno, presenció los hechos.",
]


def test_a_streets_name_with_a_joining_word_is_whole(found_names):
    """"calle Pagés del Corro 112" sent "Pagés del Corro": the street's name was read only
    up to its "del"."""
    got = found_names([REPORT[2], "Domicilio: Avenida de la Constitución 45, 2.º A, Sevilla",
                       "Vive en la calle Mayor 12 de Madrid."], lang="es")
    assert ("calle Pagés del Corro", "LOC") in got[0]
    assert ("Avenida de la Constitución", "LOC") in got[1]
    assert ("calle Mayor", "LOC") in got[2]


def test_an_officers_service_number_is_a_number(found_numbers):
    """The agent's "número de identificación profesional 84521" went out as written; so
    would a Swedish "tjänstenummer" or a Polish "numer służbowy".  A year after "placa" is
    none."""
    assert found_numbers(REPORT[1], "es") == ["84521"]
    assert found_numbers("el agente con TIP 112233", "es") == ["112233"]
    assert found_numbers("Polisen, tjänstenummer 4417, hörde vittnet.", "sv") == ["4417"]
    assert found_numbers("funkcjonariusz, numer służbowy 123456", "pl") == ["123456"]
    assert found_numbers("La placa 2025 del coche", "es") == []


def test_a_body_takes_no_preposition_before_it(found_names):
    """"84521 de la Comisaría de Policía Nacional de Triana" went out as one stand-in and
    came back in Spanish in the English: the name took the "de la" before it, as a person's
    name takes its particles ("van de Beek").  In Spanish, French, Italian, Portuguese,
    Catalan and Romanian only a person's name does."""
    got = found_names(REPORT[1:2], lang="es")
    assert ("Comisaría de Policía Nacional de Triana", "LOC") in got[0] or \
        ("Comisaría de Policía Nacional de Triana", "ORG") in got[0]


def test_the_report_sends_no_street_nor_number(translate_unlabelled):
    sent, back = translate_unlabelled(REPORT, source="es", target="en")
    blob = "\n".join(sent)
    for secret in ("Pagés", "Corro", "84521", "Ruiz Ortega", "28765432", "Moreno", "Triana"):
        assert secret not in blob, secret
    assert "de la Comisaría" not in back[1]
    # (the street back as the engine writes it, as without protection: "street Pagés of the
    # Roll 112")
    assert "84521" in back[1] and "Pagés" in back[2] and "112, 3" in back[2]
