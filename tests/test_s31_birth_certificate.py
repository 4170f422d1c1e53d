"""A certified copy of an English birth entry, unlabelled (issue 14): "8. Maiden surname of
mother: KHAN" sent the mother's maiden name as written ("8. Maiden" was a date to the date
detector: the Estonian "mai" with any four letters after it, and the surname in capitals after
a label no name to the name detector); "Sub-district" went out with a body's stand-in for
"Sub"."""
from transforms.detect import identifiers

CERTIFICATE = [
    "Registration District: Leeds    Sub-district: Headingley",
    "2. Name and surname: Olivia Grace PEMBERTON",
    "7. Name and surname of mother: Aisha PEMBERTON",
    "8. Maiden surname of mother: KHAN",
    "10. Informant: A. Pemberton, Mother, 27 Cardigan Road, Leeds LS6 3AG",
]


def test_no_month_in_maiden():
    assert [s.text for s in identifiers.detect("8. Maiden surname of mother: KHAN", "en")] == []
    # the Estonian months in their cases are dates still
    for text in ("3. mail 2020", "5. maist", "15. märtsil 2019. a.", "1. oktoobrist 2020"):
        assert [s.category for s in identifiers.detect(text, "et")] == ["DATE"], text


def test_a_name_fields_value_is_a_name(found_names):
    rows = found_names(CERTIFICATE + ["Name: None", "Name: N/A", "Company name: Acme Ltd",
                                      "Name of applicant: Jan Kowalski"])
    assert ("KHAN", "PER") in rows[3], rows[3]
    assert not any("Sub" in w for w, _ in rows[0]), rows[0]
    assert rows[5] == [] and rows[6] == [], rows[5:7]          # guards
    assert rows[7] == [("Acme Ltd", "ORG")] and rows[8] == [("Jan Kowalski", "PER")]
    rows = found_names(["Nazwisko: KOWALSKA    Imię: Anna"], lang="pl")
    assert ("KOWALSKA", "PER") in rows[0] and ("Anna", "PER") in rows[0], rows


def test_the_certificate_as_sent(translate_unlabelled):
    sent, _ = translate_unlabelled(CERTIFICATE)
    for name in ("KHAN", "Khan", "PEMBERTON", "Pemberton", "Olivia", "Aisha", "Cardigan",
                 "Headingley", "LS6"):
        assert not any(name in s for s in sent), name
    assert "    Sub-district: " in sent[0] and sent[3].startswith("8. Maiden surname of "
                                                               "mother: "), (sent[0], sent[3])
