"""A name of several words whose one-word stand-in the engine translated comes back whole
(issue 14: nothing is lost).  "Aqua Rapid Plumbing Services", sent as "TEAs", came out "Tés"
(teas), and restoration put back the translation of its last word alone: "contactó
Servicios"."""


def test_no_one_word_translation_stands_for_a_name_of_several_units(apertium):
    from transforms.engines.apertium_lexicon import PairLexicon
    lexicon = PairLexicon("en", "es")
    assert lexicon.target_form("TEAs", "Tés", "Aqua Rapid Plumbing Services") is None
    # a name the engine reads as one unit still has its one word: "la Eurocámara"
    assert lexicon.target_form("Aunt", "Tía", "European Parliament") == "Eurocámara"


def test_the_companys_every_word_comes_back(translate_unlabelled):
    sent, back = translate_unlabelled([
        "The Policyholder contacted Aqua Rapid Plumbing Services at 21:40, and their "
        "engineer, Kevin Doyle, isolated the supply."])
    assert "Aqua" not in sent[0] and "Plumbing" not in sent[0]
    # as the engine alone translates it: "Aqua Rápido Aplomando Servicios"
    assert "Aqua" in back[0] and "Servicios" in back[0]
    assert "Rapid" in back[0] or "Rápido" in back[0]
