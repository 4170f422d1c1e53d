"""A reference a support chat or a claim gives in a sentence (issue 14): "Your reference is
SB-77120" and "(Portuguese plates 45-ZX-12)" went to the engine as written: a reference's
label took its code only after a colon, a sign or a word that says number."""


def test_a_reference_given_in_a_sentence_is_masked(translate_unlabelled):
    sent, back = translate_unlabelled([
        "I've booked an engineer for Thursday. Your reference is SB-77120.",
        "Third party driver: Ms Beatriz Carvalho (Portuguese plates 45-ZX-12)",
        "My booking number is QX7P4L.",
    ])
    assert "SB-77120" not in sent[0] and "SB-77120" in back[0]
    assert "45-ZX-12" not in sent[1] and "45-ZX-12" in back[1]
    assert "QX7P4L" not in sent[2]


def test_no_code_where_is_says_no_reference(translate_unlabelled):
    """Guard (passes before the change too): a year or a word after "is" is no code."""
    sent, _ = translate_unlabelled(["The claim is 2024 and the policy is new."])
    assert sent[0] == "The claim is 2024 and the policy is new."
