"""A number a form prints in groups of any length after a number word ("Policy number: NF 448
120 77", "Customer number 4471 2290") is masked whole; only thousands-style groups were
("No 18 198 833"), and a claim letter sent its policy number in clear.  Without a number
word, spaced digits are an amount and stay translatable."""
import pytest

from transforms.detect.identifiers import detect


@pytest.mark.parametrize("text, number", [
    ("Policy number:\tNF 448 120 77", "NF 448 120 77"),
    ("Customer number 4471 2290, please quote it.", "4471 2290"),
    ("Konto nr. 12 34 56 78 jest zamknięte.", "12 34 56 78"),
    ("Membership No. 18 198 833", "18 198 833"),
])
def test_a_number_after_a_number_word_is_masked_in_whatever_groups(text, number):
    spans = [text[s.start:s.end] for s in detect(text, "en") if s.category == "IDNUM"]
    assert spans == [number]


@pytest.mark.parametrize("text", ["The fund holds EUR 448 120 770 in bonds.",
                                  "It cost 1 200 000 kroner.", "Room number 12 34"])
def test_spaced_digits_without_a_number_word_or_too_few_stay(text):
    assert detect(text, "en") == []
