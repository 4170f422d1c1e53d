"""A Swedish employment contract and a Danish lease, unlabelled (issue 14): the contract's
defined party "Arbetstagaren" went out as a person's stand-in (three times), "Månadslönen"
(the monthly salary) opening a clause as another, "enligt Semesterlagen" (the Holiday Act) as a
third; the lease sent the flat's street, "Frederiks Allé 104", as written."""
import re

CONTRACT = [
    "Mellan Bergström & Lindqvist Bygg AB, org.nr 556789-1234, Industrigatan 4, 412 50 "
    "Göteborg (nedan kallad Arbetsgivaren) och Amira Haddad, personnummer 900514-2389, "
    "Vasagatan 17 B, 411 24 Göteborg (nedan kallad Arbetstagaren) har följande avtal träffats.",
    "1. Befattning: Arbetstagaren anställs som projektledare.",
    "3. Lön: Månadslönen är 42 500 kronor och betalas ut den 25:e varje månad.",
    "4. Semester: Arbetstagaren har rätt till 25 semesterdagar per år enligt Semesterlagen.",
    "Arbetstagare: Amira Haddad",
]


def test_a_contracts_parties_laws_and_clauses_are_no_names(found_names):
    rows = found_names(CONTRACT, lang="sv")
    found = [w for row in rows for w, _ in row]
    for word in ("Arbetsgivaren", "Arbetstagaren", "Månadslönen", "Semesterlagen"):
        assert word not in found, (word, found)
    assert ("Amira Haddad", "PER") in rows[0] and ("Amira Haddad", "PER") in rows[4]
    rows = found_names(["§ 4. Depositum: Lejeren betaler et depositum til Udlejeren.",
                        "Lejeren betaler efter Lejeloven og Ferieloven."], lang="da")
    assert rows == [[], []], rows


def test_a_body_named_by_a_definite_compound_stays(found_names):
    """Guard: a Swedish authority is named in the definite form ("Skatteverket"), and a
    company keeps its name."""
    rows = found_names(["Skatteverket beslutade den 3 maj.",
                        "Konkurrensverket har granskat avtalet."], lang="sv")
    assert any("Skatteverket" in w for w, _ in rows[0])
    assert any("Konkurrensverket" in w for w, _ in rows[1])


def test_a_danish_street_written_with_its_kind_apart(found_names):
    rows = found_names(["Lejemålet er en lejlighed på 78 m² beliggende Frederiks Allé 104, "
                        "3. th., 8000 Aarhus C."], lang="da")
    assert ("Frederiks Allé", "LOC") in rows[0], rows


def test_the_contract_as_sent(translate_unlabelled):
    sent, _ = translate_unlabelled(CONTRACT, "sv", "da")
    for name in ("Amira", "Haddad", "Bergström", "900514", "Vasagatan"):
        assert not any(name in s for s in sent), name
    assert "(nedan kallad Arbetstagaren)" in sent[0] and "(nedan kallad Arbetsgivaren)" in \
        sent[0], sent[0]
    assert sent[1] == CONTRACT[1] and sent[3] == CONTRACT[3], (sent[1], sent[3])
    assert re.match(r"3\. Lön: Månadslönen är ", sent[2]), sent[2]


def test_a_letters_place_before_its_date(found_names):
    """"Aarhus, den 20. juni 2025" went out as written beside "8000 Aarhus C" masked; not a
    field's label before a date ("Dato, den ...")."""
    rows = found_names(["Lejer: Mette Nielsen, Vestergade 9, 8000 Aarhus C",
                        "Aarhus, den 20. juni 2025", "Dato, den 20. juni 2025"], lang="da")
    assert rows[1] == [("Aarhus", "LOC")] and rows[2] == [], rows
