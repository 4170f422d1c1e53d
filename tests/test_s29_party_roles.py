"""A court order's parties' roles, capitalised as defined terms ("Claimant" on its own line
under the party's name, "the Defendant's solicitor"), went out as persons' stand-ins and
came back as written, whatever the engine would make of them (issue 14).  No corpus here
labels them: MultiLeg's 62 "Applicant", "Defendant", "Appellant" are no gold."""


def test_party_roles_go_to_the_engine(translate_unlabelled):
    sent, _ = translate_unlabelled([
        "MRS SANDRA KOWALCZYK-BROWN",
        "Claimant",
        "UPON hearing counsel for the Claimant, Ms P. Adeyemi-Lloyd, and the Defendant's "
        "solicitor, Mr T. O'Brien.",
        "1. The Defendant shall pay the Claimant £4,250 by 28 March 2025.",
    ])
    assert sent[1] == "Claimant"
    for role in ("Claimant", "Defendant"):
        assert role in sent[2] and role in sent[3]
    # the people stay masked
    assert "KOWALCZYK" not in sent[0] and "Adeyemi" not in sent[2] and "O'Brien" not in sent[2]


def test_swedish_roles_too(found_names):
    rows = found_names(["Klaganden yrkar att förvaltningsrätten ändrar beslutet.",
                        "Kärande: Anna Lindqvist"], "sv")
    found = [w for row in rows for w, _ in row]
    assert "Klaganden" not in found and "Kärande" not in found
    assert "Anna Lindqvist" in found
