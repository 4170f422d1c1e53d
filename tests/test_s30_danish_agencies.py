"""A Danish municipal decision, unlabelled (da->sv): "klage til Ankestyrelsen" sent the
appeals board as a person's stand-in ("Larsen"): Danish "styrelse" (agency) takes "-n" in
the definite, which the heads' endings lacked (issue 14)."""
from transforms.detect.institutions import institution_head


def test_a_danish_agency_in_the_definite_is_a_body(found_names):
    rows = found_names(["Hvis du er uenig, kan du klage til Ankestyrelsen inden fire uger.",
                        "Sagen blev sendt til Sundhedsstyrelsen og Skattestyrelsen."], "da")
    assert rows == [[("Ankestyrelsen", "ORG")],
                    [("Sundhedsstyrelsen", "ORG"), ("Skattestyrelsen", "ORG")]]


def test_a_heads_definite_and_plural_forms():
    assert institution_head("styrelsen", "da") and institution_head("styrelsernes", "da")
