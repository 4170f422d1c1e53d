"""A change-of-name deed (deed poll), unlabelled (issue 14): "Signed as a deed this
fourteenth day of February in the year two thousand and twenty-five" sent the date in words
(before dates in words were read), and "by the above named Amelia Rose FITZGERALD-KHAN
formerly known as Amelia Rose KHAN" went out as one body's stand-in, "Bertelsmann": the
words between the two names were lost from the translation."""

DEED = [
    "I abandon the use of my former name Amelia Rose KHAN and assume the name of Amelia Rose "
    "FITZGERALD-KHAN.",
    "Signed as a deed this fourteenth day of February in the year two thousand and "
    "twenty-five by the above named Amelia Rose FITZGERALD-KHAN formerly known as Amelia "
    "Rose KHAN.",
]


def test_two_names_of_one_person_apart(found_names):
    rows = found_names(DEED + ["Mrs Maria Lindqvist née Karlsson signed."])
    assert ("Amelia Rose FITZGERALD-KHAN", "PER") in rows[1], rows[1]
    assert ("Amelia Rose KHAN", "PER") in rows[1], rows[1]
    assert not any("known" in w for w, _ in rows[1])
    assert not any("née" in w for w, _ in rows[2]) and any("Karlsson" in w for w, _ in rows[2])


def test_the_deed_as_sent(translate_unlabelled):
    sent, back = translate_unlabelled(DEED)
    for word in ("Amelia", "KHAN", "FITZGERALD", "fourteenth", "February", "twenty"):
        assert not any(word in s for s in sent), (word, sent)
    assert " formerly known as " in sent[1], sent[1]
    assert "FITZGERALD-KHAN" in back[1] and "KHAN" in back[1]
