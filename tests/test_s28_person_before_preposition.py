"""A person's one-word name, a preposition and a place are no organisation (issue 14): a
discharge summary's "her daughter Imogen in Kettering" and "admitted under Dr Farouk to Ward
12" were one organisation each; the stand-in kept "in"/"to", and restoration put back the
span untranslated ("Vive con su hija Imogen in Kettering" where raw Apertium writes "en")."""


def test_the_person_and_the_place_apart(found_names):
    rows = found_names(["She lives with her daughter Imogen in Kettering.",
                        "He was admitted under Dr Farouk to Ward 12."])
    assert rows[0] == [("Imogen", "PER"), ("Kettering", "LOC")]
    assert ("Farouk", "PER") in rows[1]


def test_bodies_stay_whole(found_names):
    rows = found_names(["The Dean for Undergraduate Education signed it.",
                        "The Institute in Geneva replied."])
    assert not [w for w, c in rows[0] if c == "PER"]
    assert ("Geneva", "LOC") in rows[1] or any("Institute in Geneva" in w for w, c in rows[1])


def test_the_preposition_is_translated(translate_unlabelled):
    sent, back = translate_unlabelled(["She lives with her daughter Imogen in Kettering."])
    assert "Imogen" not in sent[0] and "Kettering" not in sent[0]
    assert "Imogen en Kettering" in back[0]
