"""An informal e-mail writes its names in lower case (issue 14): "hi tom, can you forward
this to sarah before friday? thanks, priya" went out as written.  A greeting's and a
sign-off's name the analyser knows as no word is a person; in a document that writes names
so, a given name of the lists that is no word is one wherever it stands."""


def test_greeted_and_signed_names(found_names):
    rows = found_names(["hi tom, can you forward this to sarah before friday? thanks, priya",
                        "ask mike or will in june, the file is on the drive"])
    assert [w for w, c in rows[0]] == ["tom", "sarah", "priya"]
    assert rows[1] == [("mike", "PER")]


def test_words_in_greetings_stay(found_names):
    rows = found_names(["Hi there, thanks again.", "cheers mate", "hey all, meeting at 3",
                        "Dear sir, thank you.", "can you forward this to sarah by friday?"])
    assert rows == [[], [], [], [], []]


def test_swedish_greetings(found_names):
    rows = found_names(["hej anna! tack, erik", "Hej alla, tack för senast."], lang="sv")
    assert [w for w, c in rows[0]] == ["anna", "erik"] and rows[1] == []


def test_lower_case_names_never_reach_the_engine(translate_unlabelled):
    sent, back = translate_unlabelled([
        "hi tom, can you forward this to sarah before friday? thanks, priya"])
    words = sent[0].replace(",", " ").replace("?", " ").split()
    assert not {"tom", "sarah", "priya"} & set(words)
    back_words = back[0].replace(",", " ").replace("?", " ").split()
    assert {"tom", "sarah", "priya"} <= set(back_words)
