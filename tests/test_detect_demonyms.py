"""Nationality adjectives written in lower case (transforms/detect/demonyms.py)."""
import pytest

from transforms.detect.demonyms import demonym


@pytest.mark.parametrize("lang,words", [
    ("sv", "österrikiska spanska rumänska europeiskt nederländsk turkisk tysk tyska svensk "
           "dansk Fransk"),
    ("da", "østrigske tyrkisk europæiske tyske dansk"),
    ("fi", "eurooppalaista itävaltalaisen espanjalaisten ranskalaisten saksalainen suomalainen"),
    ("pl", "rumuńskim niemieckiego hiszpańskich austriackiego niderlandzkim francuskimi "
           "tureckiego europejski"),
])
def test_a_country_stem_with_the_languages_demonym_ending_is_a_nationality(lang, words):
    assert [w for w in words.split() if not demonym(w, lang)] == []


@pytest.mark.parametrize("lang,words", [
    # ordinary words that share a country's first letters ("poli-tisk", "kan-ske" "maybe",
    # "eri-lainen" "different", "nie-ludzki" "inhuman"), and a country's own name
    ("sv", "politisk kritisk typisk frisk kanske risk fisk politik musik Frankrike Afrika"),
    ("da", "politisk udenlandske hvilke pakke"),
    ("fi", "erilainen sellainen kansalainen ulkomaalainen samanlainen"),
    ("pl", "morski ludzki miejski nieludzkiego obywatelski rodzicielski wspólnotowego"),
    ("en", "french"),          # English writes them capitalised: the analyser's business
])
def test_ordinary_words_and_country_names_are_not(lang, words):
    assert [w for w in words.split() if demonym(w, lang)] == []


def test_the_detector_masks_a_lower_case_nationality_the_model_misses():
    from transforms.detect.model import default_tagger
    tagger = default_tagger()
    if tagger is None:
        pytest.skip("resources/models/names.crfsuite is part of the repo")
    for text, lang, words in [("Det finns inga grekiska regler om detta.", "sv", ["grekiska"]),
                              ("Yhtiö on portugalilainen ja kreikkalainen.", "fi",
                               ["portugalilainen", "kreikkalainen"]),
                              ("Spółka jest portugalska, a zarząd grecki.", "pl",
                               ["portugalska", "grecki"])]:
        (row,) = tagger.detect([text], lang)
        got = [(s.text, s.category) for s in row]
        assert all((w, "NATIONALITY") in got for w in words), (text, got)
