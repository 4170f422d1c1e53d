"""A Swedish personbevis (civil registration extract), unlabelled (issue 14; sv->da): the
street of "Folkbokföringsadress: Kungsgatan 7 lgh 1102" went out as written (a definite
compound of ordinary words opening a field, to the compound-noun rule); the label
"Födelseort" as a person's stand-in; and "Göteborgs kommun" took a stand-in apart from
"411 19 Göteborg" (the Swedish genitive's "s")."""
from schemas.records import Mention
from transforms.linking import link

BEVIS = [
    "Folkbokföringsadress: Kungsgatan 7 lgh 1102, 411 19 Göteborg",
    "Folkbokförd i Göteborgs kommun",
    "Födelseort: Borås",
]


def test_street_and_labels(found_names):
    rows = found_names(BEVIS, lang="sv")
    assert ("Kungsgatan", "LOC") in rows[0] and ("Göteborg", "LOC") in rows[0], rows[0]
    assert rows[2] == [("Borås", "LOC")], rows[2]
    rows = found_names(["Fødested: Aarhus", "Adresse: Nørregade 12, 8000 Aarhus C"], lang="da")
    assert rows[0] == [("Aarhus", "LOC")] and ("Nørregade", "LOC") in rows[1], rows


def test_a_genitive_is_its_names_form():
    ms = [Mention(0, 0, 8, "Göteborg", "LOC", "detector"),
          Mention(1, 0, 9, "Göteborgs", "LOC", "detector"),
          Mention(2, 0, 14, "Anna Lindström", "PER", "detector"),
          Mention(3, 0, 10, "Lindströms", "PER", "detector"),
          Mention(4, 0, 4, "Hans", "PER", "detector")]
    link(ms, "sv")
    assert ms[0].cluster == ms[1].cluster and ms[2].cluster == ms[3].cluster
    assert ms[4].cluster not in (ms[0].cluster, ms[2].cluster)   # a stem of three letters


def test_the_personbevis_as_sent(translate_unlabelled):
    sent, back = translate_unlabelled(BEVIS, source="sv", target="da")
    for name in ("Kungsgatan", "Göteborg", "Borås"):
        assert not any(name in s for s in sent), (name, sent)
    assert sent[2].startswith("Födelseort: "), sent[2]
    town = sent[0].rsplit(" ", 1)[1]
    assert sent[1].startswith(f"Folkbokförd i {town}"), sent
    # (the town goes back in the target's own name for it, "Gøteborg")
    assert "Kungsgatan 7" in back[0] and "teborg" in back[0] and "teborgs" in back[1], back
    assert "Borås" in back[2], back


def test_a_danish_postal_district_is_its_towns():
    """A Danish medical certificate (da->sv): "1620 København V" and "København, den 4.
    februar 2025" took two stand-ins; the district's letter is no part of the town."""
    ms = [Mention(0, 5, 16, "København V", "LOC", "detector"),
          Mention(1, 0, 9, "København", "LOC", "detector"),
          Mention(2, 0, 9, "Company X", "ORG", "detector")]
    link(ms, "da")
    assert ms[0].cluster == ms[1].cluster != ms[2].cluster
