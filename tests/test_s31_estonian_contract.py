"""An Estonian employment contract, unlabelled (issue 14): its place and date, "Tallinnas, 3.
märtsil 2025" (in Tallinn), and the addresses' "Tallinn" took two stand-ins: "Tallinna-s"
is a case ending on the genitive's stem vowel, which linking did not take off."""
from schemas.records import Mention
from transforms.linking import link


def test_a_case_on_the_stem_vowel_is_the_same_place():
    mentions = [Mention(0, 0, 9, "Tallinnas", "LOC"), Mention(1, 0, 7, "Tallinn", "LOC"),
                Mention(2, 0, 7, "Tammele", "PER"), Mention(3, 0, 4, "Tamm", "PER"),
                # guards: a name longer by a vowel and an ending is another name; so is one
                # whose nominative ends in the vowel ("Rootsi-st", from Sweden, is no "Roots")
                Mention(4, 0, 8, "Viktoria", "PER"), Mention(5, 0, 6, "Viktor", "PER"),
                Mention(6, 0, 8, "Rootsist", "LOC"), Mention(7, 0, 5, "Roots", "PER")]
    link(mentions, "et")
    ids = [m.cluster for m in mentions]
    assert ids[0] == ids[1] and ids[2] == ids[3], ids
    assert ids[4] != ids[5] and ids[6] != ids[7], ids


def test_the_contract_is_linked_so():
    from transforms.protect import ProtectOptions, analyse_document
    from schemas.records import Document, Segment
    lines = ["Tallinnas, 3. märtsil 2025",
             "Tööandja: OÜ Põhjala Puit, aadress Pärnu mnt 139, 11317 Tallinn",
             "Töötaja: Kadri Saar, elukoht Mustamäe tee 44-12, 10621 Tallinn"]
    doc = Document(name="c", path="c", format="jsonl", skeleton=b"",
                   segments=[Segment("c", str(i + 1), i, t) for i, t in enumerate(lines)],
                   source_lang="et", target_lang="en")
    found = analyse_document(doc, ProtectOptions(secret=b"x"))
    towns = {m.cluster for m in found.mentions if m.text in ("Tallinnas", "Tallinn")}
    assert len(towns) == 1 and sum(m.text.startswith("Tallinn") for m in found.mentions) == 3
