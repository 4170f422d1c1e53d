"""A Latvian marriage certificate, unlabelled (issue 14): the husband's surname after the
marriage, "Uzvārds pēc laulības: vīram Ozoliņš", was a place to the detector, and took a
place's stand-in apart from "Jānis Ozoliņš"'s: one person under two stand-ins."""
from schemas.records import Mention
from transforms.linking import link


def test_a_surname_read_as_a_place_joins_its_person():
    ms = [Mention(0, 0, 13, "Jānis Ozoliņš", "PER", "detector"),
          Mention(1, 28, 35, "Ozoliņš", "LOC", "detector"),
          Mention(2, 0, 7, "Jelgava", "LOC", "detector")]
    clusters = link(ms, "lv")
    assert ms[0].cluster == ms[1].cluster != ms[2].cluster
    assert clusters[ms[0].cluster].category == "PER"


def test_a_place_of_the_lists_stays_a_place():
    """Guard: a town a person's surname shares stays the town."""
    ms = [Mention(0, 0, 17, "George Washington", "PER", "detector"),
          Mention(1, 10, 20, "Washington", "LOC", "detector")]
    link(ms, "en")
    assert ms[0].cluster != ms[1].cluster


def test_the_certificate_as_protected():
    from schemas.records import Document, Segment
    from transforms.protect import ProtectOptions, analyse_document
    lines = ["Vīrs: Jānis Ozoliņš, personas kods 120590-11234",
             "Dzimšanas vieta: Jelgava",
             "Uzvārds pēc laulības: vīram Ozoliņš, sievai Ozoliņa"]
    doc = Document("d", "d", format="jsonl", skeleton=b"", source_lang="lv", target_lang="en",
                   segments=[Segment("d", str(k), k, t) for k, t in enumerate(lines)])
    a = analyse_document(doc, ProtectOptions(secret=b"x"))
    by_text = {m.text: m.cluster for m in a.mentions}
    assert by_text["Ozoliņš"] == by_text["Jānis Ozoliņš"], a.mentions
    assert by_text["Jelgava"] != by_text["Jānis Ozoliņš"]
