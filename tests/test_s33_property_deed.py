"""A Danish property deed (skøde), unlabelled (session 33): a kind of body in lower case
before the body's name is no name."""
from __future__ import annotations

DEED = [
    "SKØDE",
    "Undertegnede sælger, Jens Peter Damgaard, CPR-nr. 030465-1187, Østergade 12, 8600 "
    "Silkeborg,",
    "Købesummen er 2.450.000 kr., som er berigtiget ved deponering hos køberens "
    "pengeinstitut, Jyske Bank, Vejle afdeling.",
]


def test_a_kind_of_body_in_lower_case_is_no_name(found_names):
    """"køberens pengeinstitut" (the buyer's bank) went out as "køberens mcconnell": the
    model, taught by legal text's lower-case bodies ("domstolen"), read the noun as a body.
    A noun in the indefinite is a kind of thing; the bodies named in lower case are
    definite, and stay (a guard)."""
    got = found_names([DEED[2], "Sagen blev indbragt for domstolen af kommissionen."],
                      lang="da")
    assert not any(t == "pengeinstitut" for t, _ in got[0])
    assert ("Jyske Bank", "ORG") in got[0]
    assert ("domstolen", "ORG") in got[1] and ("kommissionen", "ORG") in got[1]


def test_the_deed_sends_the_kind_of_body(translate_unlabelled):
    sent, back = translate_unlabelled(DEED, source="da", target="sv")
    assert "køberens pengeinstitut" in sent[2]
    for secret in ("Damgaard", "030465", "Jyske"):
        assert secret not in "\n".join(sent), secret
    assert "Jyske Bank" in back[2]
