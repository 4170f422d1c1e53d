"""A bar or a bullet between a line's fields ends a name, and the field after it may be a
label (issue 14): a CV's "Nationality: Nigerian | Languages: Yoruba" had the organisation
"Nigerian | Languages" (sent as one stand-in, "Languages" came back untranslated)."""


def test_spans_end_at_field_bars(found_names):
    rows = found_names(["Date of birth: 12 March 1990 | Nationality: Nigerian | Languages: "
                        "Yoruba (native), English",
                        "Maria Ekström | Projektledare | Nordvind Konsult AB"])
    assert not [w for w, c in rows[0] if "|" in w or "Languages" in w]
    assert ("Maria Ekström", "PER") in rows[1] and ("Nordvind Konsult AB", "ORG") in rows[1]


def test_a_label_after_a_bar(found_names):
    rows = found_names(["LinkedIn: linkedin.com/in/oadeyemi | GitHub: github.com/seun-ab42",
                        "Tel: 0113 496 0000 | Smith: yes"])
    assert rows[0] == [] and rows[1] == [("Smith", "PER")]
