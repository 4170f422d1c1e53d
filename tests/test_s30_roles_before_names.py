"""A role before a person's name ("Director Helen Marsh", "Professor Tom Reed", "Partner Declan
O'Rourke") stays in the detected span, as English corpora count it; linking kept that form
apart from "Helen Marsh" and "Marsh": one person went out under three stand-ins in one
letter (issue 14: "one entity with two pseudonyms is inconsistent")."""
import re

from schemas.records import Mention
from transforms.linking import link


def _mention(segment, text, category="PER"):
    return Mention(segment=segment, start=0, end=len(text), text=text, category=category)


def test_a_role_before_the_name_is_one_person_with_the_name():
    mentions = [_mention(0, "Director Helen Marsh"), _mention(1, "Helen Marsh"),
                _mention(2, "Marsh"), _mention(3, "Head Teacher Amanda Lyle"),
                _mention(4, "Amanda Lyle")]
    clusters = link(mentions, "en")
    assert len(clusters) == 2
    assert len({m.cluster for m in mentions[:3]}) == 1
    assert mentions[3].cluster == mentions[4].cluster != mentions[0].cluster
    # the stand-in is chosen for the name, not for the role with it
    assert sorted(c.canonical for c in clusters) == ["Amanda Lyle", "Helen Marsh"]


def test_a_role_word_that_is_the_name_stays():
    """Guard (passes before the change too): two words are a name whatever the first one
    ("Dean Smith", "General Motors" as a body) — only a name of two words or more loses the
    roles before it."""
    mentions = [_mention(0, "Dean Smith"), _mention(1, "Smith"),
                _mention(2, "General Motors", "ORG"), _mention(3, "Motors", "ORG")]
    link(mentions, "en")
    assert mentions[0].cluster == mentions[1].cluster
    assert mentions[2].cluster != mentions[3].cluster
    assert [c.canonical for c in link([_mention(0, "Dean Smith")], "en")] == ["Dean Smith"]


def test_one_stand_in_for_the_person_in_the_request_log(translate_unlabelled):
    sent, back = translate_unlabelled([
        "The letter was signed by Director Helen Marsh and Professor Tom Reed.",
        "Helen Marsh and Tom Reed will attend. Marsh will chair."])
    assert not any(w in s for s in sent for w in ("Helen", "Marsh", "Tom", "Reed"))
    m = re.fullmatch(r"(.+) and (.+) will attend\. (\S+) will chair\.", sent[1])
    assert m, sent[1]
    marsh, reed, surname = m.groups()
    assert marsh in sent[0] and reed in sent[0]
    assert surname == marsh.split()[-1]
    assert "Director Helen Marsh" in back[0] and "Marsh" in back[1]
