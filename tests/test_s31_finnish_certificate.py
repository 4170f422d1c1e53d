"""A Finnish work certificate, unlabelled (issue 14): its closing "Helsingissä 30. kesäkuuta
2025" (in Helsinki) went out as written, and "Korhosen työtä" (Korhonen's work) took a stand-in
apart from "Laura Korhonen"."""
from schemas.records import Mention
from transforms.linking import link


def test_the_place_it_was_written_in(found_names):
    rows = found_names(["Helsingissä 30. kesäkuuta 2025", "Päivämäärä: 3.4.2025",
                        "Yhteensä 15 562,00"], lang="fi")
    assert rows[0] == [("Helsingissä", "LOC")] and rows[1] == [], rows


def test_a_nen_names_cases():
    mentions = [Mention(0, 0, 14, "Laura Korhonen", "PER"), Mention(1, 0, 8, "Korhosen", "PER"),
                Mention(2, 0, 10, "Korhoselle", "PER"), Mention(3, 0, 8, "Korhosta", "PER"),
                # guard: another name on the same letters
                Mention(4, 0, 12, "Timo Korhola", "PER"), Mention(5, 0, 8, "Korholan", "PER")]
    link(mentions, "fi")
    ids = [m.cluster for m in mentions]
    assert ids[0] == ids[1] == ids[2] == ids[3] != ids[4], ids
    assert ids[5] == ids[4], ids
