"""British identifiers written without their label right before them (session 33): a
driving licence's number in brackets, a taxpayer's reference after "is"."""
from __future__ import annotations

from transforms.detect.identifiers import detect


def numbers(text, lang="en"):
    return [s.text for s in detect(text, lang) if s.category == "IDNUM"]


def test_a_driving_licence_number_in_its_shape():
    """"His driving licence (MORGA753116SM9IJ 35) was checked" sent the number, the first
    five letters of the holder's surname in it: the number was found only after its label."""
    assert numbers("His driving licence (MORGA753116SM9IJ 35) was checked.") == \
        ["MORGA753116SM9IJ 35"]
    assert numbers("Licence: SMITH701012J99AB") == ["SMITH701012J99AB"]
    # (a part number of another shape is none of it)
    assert numbers("Order the ABCDE12345 kit.") == []


def test_a_taxpayers_reference_after_is():
    """"Her UTR is 12345 67890" sent the Unique Taxpayer Reference: spaced digits are a
    number only after a word for one, and "is" stood between.  After an acronym's "is" only:
    "the total number is 3 000 000" is an amount."""
    assert numbers("Her UTR is 12345 67890 and her NI number QQ123456C.") == \
        ["12345 67890", "QQ123456C"]
    assert numbers("The total number is 3 000 000 people.") == []


def test_a_civil_enforcement_officers_number():
    """A parking penalty notice's "Civil Enforcement Officer: CEO 2214 (J. Adeyemi)" sent
    the officer's number, which names the officer as a collar number does.  A year after a
    chief executive is none."""
    assert numbers("Civil Enforcement Officer: CEO 2214 (J. Adeyemi)") == ["2214"]
    assert numbers("In the CEO 2020 report the board agreed.") == []
