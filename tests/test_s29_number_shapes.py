"""A number printed in an identifier's own grouping whose check fails (a typo) is a number
still (issue 14): a card's "4111 1111 1111 1112", an NHS number "500 712 2284", a French
NIR "0 86 12 58 395 595 56" went out as written, where the valid ones were masked."""
from transforms.detect.identifiers import detect


def _found(text, lang="en"):
    return [(text[s.start:s.end], s.category) for s in detect(text, lang)]


def test_a_card_number_as_printed_with_a_wrong_check():
    assert _found("Card 4111 1111 1111 1112 was declined.") == \
        [("4111 1111 1111 1112", "IDNUM")]
    assert _found("Card 4111-1111-1111-1111 was declined.")[0][1] == "CARD"


def test_identity_numbers_grouped_as_no_amount_is():
    assert ("500 712 2284", "IDNUM") in _found("Patient: Ann Lee, 500 712 2284 (checked)")
    assert ("0 86 12 58 395 595 56", "IDNUM") in _found("Assuré : 0 86 12 58 395 595 56.", "fr")


def test_amounts_and_years_stay():
    """Guard (passes before the change too): thousands and runs of years are no identifier."""
    assert _found("A budget of 84 603 289 765 euros and 1 000 000 more.") == []
    assert _found("Reports 2019 2020 2021 are attached.") == []


def test_personal_codes_with_letters_in_their_shape():
    # check characters wrong (one digit changed): the codes are the persons' still
    assert _found("Il codice fiscale del ricorrente è ESZYCI48P11P631I secondo gli atti.",
                  "it") == [("ESZYCI48P11P631I", "IDNUM")]
    assert _found("Valittajan henkilötunnus on 900515A636S, kuten asiakirjoista ilmenee.",
                  "fi") == [("900515A636S", "IDNUM")]
