"""A form of address is never a name on its own: the name model read "Ms" before "Karen
O'Donnell" as a name (PER, and ORG in "We met Ms Karen Donnell"), and a stand-in took its
place in front of the name's.  Titles stay outside names, and in the sentence."""
from transforms.detect.heuristic import HeuristicDetector


def test_ms_before_a_name_is_no_name_of_its_own():
    texts = ["Following the visit of our assessor, Ms Karen O'Donnell, on 28 July, we have "
             "reviewed your claim.", "We met Ms Karen Donnell yesterday.",
             "Dr. Helen Fairbanks signed it."]
    found = [[t[s.start:s.end] for s in spans]
             for t, spans in zip(texts, HeuristicDetector().detect(texts, "en"))]
    assert found[0][0] == "Karen O'Donnell" and found[1] == ["Karen Donnell"]
    assert "Helen Fairbanks" in found[2]
    assert not any(w.rstrip(".") in ("Ms", "Dr") for row in found for w in row)


def test_a_word_that_is_a_title_and_a_name_is_still_found():
    texts = ["Yesterday Don Wilson wrote to Pan Kowalski."]
    found = [t[s.start:s.end] for t, spans in zip(texts, HeuristicDetector().detect(texts, "en"))
             for s in spans]
    assert any("Wilson" in f for f in found) and any("Kowalski" in f for f in found)


def test_a_short_label_with_a_full_stop_opening_a_line_is_no_name():
    """A letter's "Tel." after a tab and its "Enc." under the signature were masked as
    persons; a listed short name with a full stop is still found."""
    texts = ["Tel. 0117 496 0123", "Ref. 2021/445", "Encl. Invoice", "Attn. Claims team",
             "Lee. That was all.", "Wu. 2019"]
    found = [[t[s.start:s.end] for s in spans]
             for t, spans in zip(texts, HeuristicDetector().detect(texts, "en"))]
    assert found[:4] == [[], [], [], []]
    assert found[4] == ["Lee"] and found[5] == ["Wu"]


def test_a_phone_word_before_a_number_opening_a_line_is_no_name():
    """"Fax: 814…" was known as a letterhead's label; "Fax 0117 …" and "Mobile 07700 …",
    without the colon, were still masked as persons.  A name before a number stays one."""
    texts = ["Fax 0117 496 0124", "Mobile 07700 900123", "Phone +44 117 496 0123",
             "Anna 0117 496 0123", "Mulligan 555 0199"]
    found = [[t[s.start:s.end] for s in spans]
             for t, spans in zip(texts, HeuristicDetector().detect(texts, "en"))]
    assert found == [[], [], [], ["Anna"], ["Mulligan"]]
