"""Lower-case letters glued to a name by a slash are the name's (issue 14): a Chinese
commentary's "Jo/cken" (a surname, its umlaut so written) sent "/cken", and a party
"Visi/one" sent "/one".  Two names joined by a slash stay two; a word of the language after
the slash stays the sentence's."""


def test_the_glued_tail_is_the_names(found_names):
    rows = found_names(["See Jo/cken, pp. 3-106, on the proposals.",
                        "The Commission/France dispute was settled.", "Ask Smith/he knows."])
    assert ("Jo/cken", "PER") in rows[0]
    assert ("France", "LOC") in rows[1] and not any("/" in t for t, _ in rows[1])
    assert not any("/he" in t for t, _ in rows[2])


def test_no_part_of_the_name_reaches_the_engine(translate_unlabelled):
    sent, back = translate_unlabelled(["See Jo/cken, pp. 3-106, on the proposals."])
    assert "cken" not in sent[0] and "Jo/" not in sent[0]
    assert "Jo/cken" in back[0]
