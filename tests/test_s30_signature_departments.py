"""An e-mail signature's "Head of Estates | Crestview Health" sent "Estates" as a place's
stand-in ("Head of Pages"), back untranslated (issue 14)."""


def test_a_heads_department_is_no_name(found_names):
    rows = found_names(["Head of Estates | Crestview Health",
                        "She is Director of Finance and Head of People and Culture."])
    assert rows[0] == [("Crestview Health", "ORG")]
    assert rows[1] == []


def test_a_firm_after_head_of_stays(found_names):
    """Guard (passes before the change too): a name after "Head of" stays one."""
    rows = found_names(["He is Head of Smith Partners in Leeds."])
    assert any("Smith" in w for w, _ in rows[0])
