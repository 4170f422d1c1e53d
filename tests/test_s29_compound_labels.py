"""A Nordic form's labels, written as one compound word ("Bokningsnummer: QX7P4L",
"Sagsnummer: 2025-0412"), went out as persons' stand-ins and came back untranslated
(issue 14)."""


def test_compound_labels_are_no_names(found_names):
    for lang in ("sv", "da"):
        rows = found_names(["Bokningsnummer: QX7P4L.", "Sagsnummer: 2025-0412.",
                            "Efternamn: Lindström"], lang)
        found = {w for row in rows for w, _ in row}
        assert not found & {"Bokningsnummer", "Sagsnummer", "Efternamn"}, (lang, rows)


def test_a_speaker_before_a_number_stays_a_name(found_names):
    """Guard (passes before the change too): a transcript's speaker may open with a number."""
    rows = found_names(["Okonkwo: 12 of them came."])
    assert ("Okonkwo", "PER") in rows[0]
