"""Swedish board minutes, unlabelled (sv->da): "Ordföranden Karin Ekström" and "Kassören
Per-Olof Nyberg" went out under other stand-ins than "Karin Ekström" and "Per-Olof Nyberg"
in the attendance list, the role in the stand-in's place (issue 14)."""
import re


def test_a_boards_role_before_the_name_is_no_part_of_it(found_names):
    rows = found_names(["Ordföranden Karin Ekström förklarade mötet öppnat.",
                        "Kassören Per-Olof Nyberg redogjorde för läget."], "sv")
    assert rows == [[("Karin Ekström", "PER")], [("Per-Olof Nyberg", "PER")]]
    rows = found_names(["Formanden Jens Holm bød velkommen."], "da")
    assert rows == [[("Jens Holm", "PER")]]


def test_one_stand_in_for_each_member(translate_unlabelled):
    texts = ["Närvarande: Karin Ekström (ordförande), Per-Olof Nyberg",
             "Ordföranden Karin Ekström förklarade mötet öppnat.",
             "Kassören Per-Olof Nyberg redogjorde för läget."]
    sent, _ = translate_unlabelled(texts, "sv", "da")
    m = re.fullmatch(r"Närvarande: (.+) \(ordförande\), (.+)", sent[0])
    assert m, sent[0]
    assert sent[1].startswith(f"Ordföranden {m.group(1)} ")
    assert sent[2].startswith(f"Kassören {m.group(2)} ")
