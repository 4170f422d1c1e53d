"""No stand-in is made of a vulgar word or a slur.  Engine-shaped stand-ins are made of the
language's most frequent words, which hold them: the WGIG report's book title "Louder
Voices" went out to the engine as "Happier Tits" (and, the engine having reordered it, stayed
unplaced in the delivered document)."""
import pytest

from transforms.pseudonyms import engine_shaped
from transforms.pseudonyms.offensive import OFFENSIVE_WORDS, offensive


def _views(words):
    # every word alike to the engine: a plural noun (the view only groups the words)
    return {w: "<n><pl>" for w in words}


def test_the_vocabulary_holds_no_offensive_word():
    words = ["voices", "tits", "Tits", "rivers", "whores", "courts", "FUCKS"]
    vocab = engine_shaped.EngineVocabulary(words, _views)
    held = {w for group in vocab.by_main.values() for w in group} | \
        {w for group in vocab.by_exact.values() for w in group}
    assert held == {"Voices", "Rivers", "Courts"}


def test_offensive_words_are_matched_whole_in_any_case():
    assert offensive("Tits") and offensive("WHORE") and offensive("jävla")
    assert not offensive("Titan") and not offensive("Assessment") and not offensive("Voices")
    assert all(w == w.casefold() for w in OFFENSIVE_WORDS)


@pytest.mark.usefixtures("apertium")
def test_the_frequent_words_vocabulary_of_english_holds_none():
    from transforms.engines.apertium_lexicon import PairLexicon
    vocab = engine_shaped.vocabulary((), "en", PairLexicon("en", "es").views)
    held = {w.casefold() for group in vocab.by_main.values() for w in group}
    assert len(held) > 1000
    assert not held & OFFENSIVE_WORDS
