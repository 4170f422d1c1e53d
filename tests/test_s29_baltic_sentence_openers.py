"""Latvian and Lithuanian, which have no analyser here, had no list of the words a sentence
opens with: "Ar Padomes ..." (with), "Atbilstoši ..." (according to), "Taigi" (thus),
"Todėl Teisingumo Teismas" (therefore) went out as names or inside them (issue 14; MultiLeg
lv, lt held out: precision .904, .899)."""


def test_sentence_openers_are_no_names(found_names):
    lv = found_names(["Ar Padomes lēmumu tika noteikts minimums.",
                      "Atbilstoši Padomes lēmumam pieteikums tika noraidīts."], "lv")
    assert all(not w.startswith(("Ar ", "Atbilstoši")) for row in lv for w, _ in row), lv
    assert all(any(w == "Padomes" for w, _ in row) for row in lv), lv
    lt = found_names(["Todėl Teisingumo Teismas atmetė skundą.",
                      "Taigi bet kuriuo atveju ieškovų teisė nepažeista."], "lt")
    assert ("Teisingumo Teismas", "ORG") in lt[0], lt
    assert not any(w == "Taigi" for w, _ in lt[1]), lt
