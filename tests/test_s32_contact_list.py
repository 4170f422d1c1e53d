"""A steering group's contact list (DOCX table, unlabelled; issue 14): "Room 2.14" went out
as "Mom 2.14" (a room's number with its floor's is a numbered part, as "Room 2" was), and
"Dr Steevens' Hospital" as a person's stand-in, "Dr Gajane Fiorello" (a body named after its
founder is a body)."""

LIST = [
    "Meetings take place in Room 2.14, Dr Steevens' Hospital, Dublin 8.",
    "Dr Aoife Brennan",
    "See Room 3-012 or Ward 12 on the second floor.",
    "He trained at St Luke's College and at Guy's Hospital.",
]


def test_rooms_and_founded_bodies(found_names):
    rows = found_names(LIST)
    assert ("Steevens' Hospital", "ORG") in rows[0] and ("Dublin", "LOC") in rows[0]
    assert not any("Room" in w for w, _ in rows[0] + rows[2]), (rows[0], rows[2])
    assert rows[1] == [("Aoife Brennan", "PER")]
    assert all(c == "ORG" for _, c in rows[3]) and len(rows[3]) == 2, rows[3]


def test_the_list_as_sent(translate_unlabelled):
    sent, back = translate_unlabelled(LIST[:2])
    assert "Room 2.14, Dr " in sent[0] and "Steevens" not in sent[0] and "Dublin" not in sent[0]
    assert sent[1].startswith("Dr ") and "Brennan" not in sent[1]
    assert "Steevens' Hospital" in back[0] and "2.14" in back[0]
