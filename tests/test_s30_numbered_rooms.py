"""A disciplinary letter, unlabelled: "in Meeting Room 2" went out as a person's stand-in
("Elisa Byrne 2"), back in English: the numbered part of a building of session 29 ("Ward
12") was one word (issue 14)."""


def test_ordinary_words_before_a_numbered_room_are_no_name(found_names):
    rows = found_names(["The hearing is at 10:00 in Meeting Room 2, Severn House.",
                        "She was taken to Operating Theatre 4 after the scan."])
    found = [w for row in rows for w, _ in row]
    assert not any("Meeting" in w or "Operating" in w for w in found), found
    assert "Severn House" in found


def test_a_named_room_stays_a_name(found_names):
    """Guard (passes before the change too): a room named after a person or a place keeps
    its name ("Churchill Suite 1")."""
    rows = found_names(["The reception is in the Churchill Suite 1 on the ground floor."])
    assert any("Churchill" in w for w, _ in rows[0])
