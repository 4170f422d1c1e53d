"""A head's role before the name in a letter's signature is the role, not the name (issue
14): "Direktorius Jonas Jonaitis" was one organisation, "Dyrektor Anna Nowak" one person,
and the stand-in took the role's place in the translation."""


def test_the_role_stays_outside_the_name(found_names):
    assert found_names(["Pagarbiai, Direktorius Jonas Jonaitis"], lang="lt") == \
        [[("Jonas Jonaitis", "PER")]]
    assert found_names(["Z poważaniem, Dyrektor Anna Nowak"], lang="pl") == \
        [[("Anna Nowak", "PER")]]
    assert found_names(["Med vänlig hälsning, Ordförande Karin Lindqvist"], lang="sv") == \
        [[("Karin Lindqvist", "PER")]]
