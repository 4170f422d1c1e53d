"""A Lithuanian power of attorney (įgaliojimas), unlabelled (session 33): a notary whose
given name no list holds, read as a body."""
from __future__ import annotations


def test_a_womans_surname_ending_makes_a_person(found_names):
    """"Įgaliojimą patvirtino ... notarė Jūratė Kazlauskaitė" took a body's stand-in: the
    model read a body after "biuro notarė", and no list holds "Jūratė".  A Lithuanian
    woman's surname ends so (-aitė, -ytė, -utė, -ienė); no body's name does.  A body with
    a body's word stays one (a guard)."""
    got = found_names(["Įgaliojimą patvirtino Vilniaus miesto 3-iojo notarų biuro notarė "
                       "Jūratė Kazlauskaitė.",
                       "Sutartį pasirašė UAB „Kazlauskienė ir partneriai“ direktorius."],
                      lang="lt")
    assert ("Jūratė Kazlauskaitė", "PER") in got[0]
    assert not any(c == "PER" and "Kazlauskienė" in t for t, c in got[1])
