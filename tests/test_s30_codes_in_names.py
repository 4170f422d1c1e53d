"""A Latvian lease, unlabelled: "kontu LV80HABA0551012345678 AS Swedbank" was one organisation
to the name model, the account number inside a firm's stand-in instead of a number's
(issue 14): a name detector's span is cut to its piece outside the identifiers' codes."""
from schemas.records import Document, Segment
from transforms.protect import ProtectOptions, analyse_document


def _mentions(texts, lang):
    doc = Document(name="d", path="d", format="jsonl", skeleton=b"",
                   segments=[Segment("d", str(i), i, t) for i, t in enumerate(texts)],
                   source_lang=lang, target_lang="en")
    found = analyse_document(doc, ProtectOptions(secret=b"x", engine="apertium")).mentions
    return [(m.text, m.category) for m in found]


def test_an_account_and_its_bank_are_two():
    found = _mentions(["Īrnieks pārskaita īres maksu uz kontu LV80HABA0551012345678 AS "
                       "Swedbank katru mēnesi."], "lv")
    assert ("LV80HABA0551012345678", "IDNUM") in found
    assert ("AS Swedbank", "ORG") in found
    assert not any("LV80" in t and c != "IDNUM" for t, c in found)


def test_a_firm_named_by_its_host_stays_whole():
    """Guard (passes before the change too): a host is no code a name is cut at."""
    found = _mentions(["Saavutuse autorid on MTÜ Tehnokratt ja MTÜ WiFi.ee."], "et")
    assert ("MTÜ WiFi.ee", "ORG") in found
