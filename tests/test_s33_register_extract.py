"""A Finnish extract from the population register (virkatodistus), unlabelled (session 33):
a town in its cases, and a label that is a compound of the municipality's word."""
from __future__ import annotations

EXTRACT = [
    "VIRKATODISTUS",
    "Sukunimi: Virtanen",
    "Etunimet: Aino Helena",
    "Syntymäkotikunta: Tampere",
    "Puoliso: Mikko Juhani Virtanen, vihitty 12.6.2010 Tampereella",
    "Perhe muutti Tampereelle ja sitten Espoossa asuvan sisaren luo.",
]


def test_a_town_in_its_cases_is_a_place(found_names):
    """"vihitty 12.6.2010 Tampereella" (married in Tampere) went out as written: a Finnish
    town's name in "-e" doubles it before its case endings, and no Finnish case ending was a
    town's."""
    got = found_names(EXTRACT, lang="fi")
    assert ("Tampereella", "LOC") in got[4]
    # (masked whatever its category: the model reads this sentence's "Tampereelle" as a body)
    assert "Tampereelle" in [t for t, _ in got[5]]
    assert ("Espoossa", "LOC") in got[5]


def test_a_surname_that_is_a_town_stays_a_person(found_names):
    """Guard: "Salo" is a town and a surname; in its cases it is the person's."""
    got = found_names(["Kokous pidettiin ja Salolla oli kiire."], lang="fi")
    assert not any(c == "LOC" for row in got for _, c in row)


def test_the_municipality_of_birth_label_is_no_name(found_names):
    """"Syntymäkotikunta:" (municipality of birth) was masked as a person's name."""
    got = found_names(EXTRACT, lang="fi")
    assert got[3] == [("Tampere", "LOC")]
    assert ("Mikko Juhani Virtanen", "PER") in got[4]


def test_a_town_and_its_case_form_are_one_place():
    """"Tampere" and "Tampereella" took two stand-ins: the e-doubling stem ("tamperee")
    met no stem of the nominative's."""
    from schemas.records import Document, Segment
    from transforms.protect import ProtectOptions, analyse_document
    doc = Document("d", "d.jsonl", format="jsonl", skeleton=b"",
                   segments=[Segment("d", str(i + 1), i, t) for i, t in enumerate(EXTRACT)],
                   source_lang="fi", target_lang="en")
    mentions = analyse_document(doc, ProtectOptions(secret=b"x")).mentions
    clusters = {m.text: m.cluster for m in mentions}
    assert clusters["Tampere"] == clusters["Tampereella"]
