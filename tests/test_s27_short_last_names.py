"""A short grammar word with a capital right after a person's name, before no other capital,
is the name's last word (issue 14): "Nguyễn Văn An and Đorđe Balašević sent apologies" sent
"An" — an article to the analyser, it had ended the name before it."""


def test_a_capitalised_grammar_word_ends_the_name(found_names):
    rows = found_names(["Nguyễn Văn An and Đorđe Balašević sent apologies.",
                        "We met Lee To and Tran Van Do."])
    assert ("Nguyễn Văn An", "PER") in rows[0]
    assert ("Lee To", "PER") in rows[1] and ("Tran Van Do", "PER") in rows[1]


def test_the_given_name_never_reaches_the_engine(translate_unlabelled):
    sent, back = translate_unlabelled(["Nguyễn Văn An and Đorđe Balašević sent apologies."])
    assert " An " not in sent[0] and "Nguyễn" not in sent[0]
    assert "Nguyễn Văn An" in back[0]
