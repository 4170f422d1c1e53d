"""British identifiers written without their label right before them (session 33): a
driving licence's number in brackets, a taxpayer's reference after "is"."""
from __future__ import annotations


def test_a_driving_licence_number_in_its_shape(found_numbers):
    """"His driving licence (MORGA753116SM9IJ 35) was checked" sent the number, the first
    five letters of the holder's surname in it: the number was found only after its label."""
    assert found_numbers("His driving licence (MORGA753116SM9IJ 35) was checked.") == \
        ["MORGA753116SM9IJ 35"]
    assert found_numbers("Licence: SMITH701012J99AB") == ["SMITH701012J99AB"]
    # (a part number of another shape is none of it)
    assert found_numbers("Order the ABCDE12345 kit.") == []


def test_a_taxpayers_reference_after_is(found_numbers):
    """"Her UTR is 12345 67890" sent the Unique Taxpayer Reference: spaced digits are a
    number only after a word for one, and "is" stood between.  After an acronym's "is" only:
    "the total number is 3 000 000" is an amount."""
    assert found_numbers("Her UTR is 12345 67890 and her NI number QQ123456C.") == \
        ["12345 67890", "QQ123456C"]
    assert found_numbers("The total number is 3 000 000 people.") == []


def test_a_civil_enforcement_officers_number(found_numbers):
    """A parking penalty notice's "Civil Enforcement Officer: CEO 2214 (J. Adeyemi)" sent
    the officer's number, which names the officer as a collar number does.  A year after a
    chief executive is none."""
    assert found_numbers("Civil Enforcement Officer: CEO 2214 (J. Adeyemi)") == ["2214"]
    assert found_numbers("In the CEO 2020 report the board agreed.") == []
