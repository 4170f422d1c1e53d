"""A named person's login is the person's identifier, and it is no evidence that the
surname is an ordinary word (issue 14): beside "Reviewed by j.smith", the citation "Smith J"
went out as written, and "j.smith", "kbrown", "anna.smith" went out as they were."""
import re


def test_a_login_is_no_evidence_of_an_ordinary_word(found_names):
    rows = found_names(["Author(s): Smith J, Brown K, Patel R.",
                        "Reviewed by j.smith on 2024-03-01."])
    assert ("Smith J", "PER") in rows[0]


def test_logins_of_named_persons_never_reach_the_engine(translate_unlabelled):
    sent, back = translate_unlabelled([
        "Reviewed by j.smith on 2024-03-01; approved by Anna Smith.",
        "Password reset requested by kbrown for Kevin Brown, a stone-cold blacksmith.",
        "Login: anna.smith"])
    text = " ".join(sent)
    assert [w.strip(".") for w in re.findall(r"[\w.]+", text.lower()) if "smith" in w] == \
        ["blacksmith"]
    assert "j.smith" not in text and "anna.smith" not in text and "kbrown" not in text
    assert "stone-cold blacksmith" in sent[1]          # words, not logins
    assert "j.smith" in back[0] and "kbrown" in back[1] and "anna.smith" in back[2]
