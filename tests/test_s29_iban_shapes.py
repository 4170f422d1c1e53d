"""An IBAN whose check digits are wrong (a typo, a made-up example) is still someone's
account number (issue 14): a Latvian contract's "uz kontu LV80 HABA 0551 0123 4567 8" went
out as written, since only a valid IBAN was taken."""
from transforms.detect.identifiers import detect


def _found(text, lang="en"):
    return [(text[s.start:s.end], s.category) for s in detect(text, lang)]


def test_an_iban_with_a_wrong_check_is_a_number():
    assert _found("Darba alga tiek pārskaitīta uz kontu LV80 HABA 0551 0123 4567 8.", "lv") \
        == [("LV80 HABA 0551 0123 4567 8", "IDNUM")]
    assert _found("IBAN: GB82 WEST 1234 5698 7654 33") == \
        [("GB82 WEST 1234 5698 7654 33", "IDNUM")]
    # a valid one is an IBAN, as before
    assert _found("IBAN: GB82 WEST 1234 5698 7654 32") == \
        [("GB82 WEST 1234 5698 7654 32", "IBAN")]


def test_not_what_no_country_prints_as_an_iban():
    """Guard (passes before the change too): too short for Latvia, a country with no IBAN:
    no IBAN, nor an IBAN's shape claimed (its digit groups may still be a number)."""
    for text, lang in (("uz kontu LV80 HABA 0551 0123 4567.", "lv"),
                       ("Code AB12 3456 7890 1234 5 is wrong.", "en")):
        found = _found(text, lang)
        assert not any(c == "IBAN" or w.startswith(("LV80", "AB12")) for w, c in found), found
