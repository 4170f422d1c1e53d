"""Two name shapes that sent part of a name, or all of it, in the WGIG report: given names
joined by a hyphen ("Jean-Paul Zens", a working-group member on a line of his own, was no
name at all: the word lists hold "Hans-Peter", not "Jean-Paul"), and the given name "Don",
taken for the Spanish title and left outside the name ("Don MacLean" sent "Don")."""
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


def test_don_before_a_surname_is_a_given_name_except_where_it_is_a_title():
    found = _found(["(Don MacLean, February 2005 WGIG e-mail)", "We met Don Smith today."])
    assert "Don MacLean" in found[0] and "Don Smith" in found[1]
    es = _found(["Ayer conocimos a Don Pedro Sánchez en Madrid."], "es")
    assert any("Pedro Sánchez" in f for f in es[0]) and not any("Don" in f for f in es[0])


def test_the_given_name_don_is_replaced_with_the_name_not_kept_as_a_title():
    """Kept in front of the stand-in as a title, "Don" went out: "Don Peter Portelli"."""
    from schemas.records import Document, Segment
    from transforms.protect import ProtectOptions, protect_document
    texts = ["(Don MacLean, February 2005 WGIG e-mail)", "Then Don MacLean wrote again."]
    doc = Document(name="d.jsonl", path="", format="jsonl", skeleton=b"",
                   segments=[Segment("d.jsonl", str(i), i, t) for i, t in enumerate(texts)],
                   source_lang="en", target_lang="es")
    pd = protect_document(doc, ProtectOptions(method="pseudonym"))
    sent = " ".join(s.text for s in pd.segments)
    assert "Don" not in sent and "MacLean" not in sent, sent
