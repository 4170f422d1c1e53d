"""Given names joined by a hyphen are a given name: "Jean-Paul Zens", a WGIG working-group
member on a line of his own, was no name at all (the word lists hold "Hans-Peter", not
"Jean-Paul")."""
from transforms.detect.heuristic import HeuristicDetector, compound_given, given_names

MEMBERS = ["Peter Zangl", "Deputy Director-General, Directorate General Information Society "
           "and Media, European Commission; Brussels", "Jean-Paul Zens",
           "First Counsellor, Director of the Media and Telecom Department", "Marie-Claire Fosse"]


def _found(texts, lang="en"):
    return [[t[s.start:s.end] for s in spans]
            for t, spans in zip(texts, HeuristicDetector().detect(texts, lang))]


def test_given_names_joined_by_a_hyphen_are_a_given_name():
    given = given_names()
    assert compound_given("Jean-Paul", given) and compound_given("Marie\u2011Claire", given)
    assert not compound_given("Jean", given) and not compound_given("Baden-Württemberg", given)
    found = _found(MEMBERS)
    assert "Jean-Paul Zens" in found[2] and "Marie-Claire Fosse" in found[4]
