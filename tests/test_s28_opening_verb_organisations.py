"""A sentence's first word, a verb, before a person's name is no part of an organisation
either (issue 14): an XLIFF unit's "Contact <b>Anna</b> Kowalska at the Warsaw office" was
the organisation "Contact Anna Kowalska", and "Contact" came back untranslated."""


def test_the_verb_stays_outside(found_names):
    rows = found_names(["Contact Anna Kowalska at the Warsaw office.",
                        "Visit Britain Ltd was founded in 1969."])
    assert ("Anna Kowalska", "PER") in rows[0]
    assert ("Visit Britain Ltd", "ORG") in rows[1]


def test_the_verb_is_translated(translate_unlabelled):
    sent, back = translate_unlabelled(["Contact Anna Kowalska at the Warsaw office."])
    assert sent[0].startswith("Contact ") and "Kowalska" not in sent[0]
    assert not back[0].startswith("Contact ") and "Anna Kowalska" in back[0]
