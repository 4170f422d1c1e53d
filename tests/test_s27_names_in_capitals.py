"""A person's name in capitals on a line of its own is a person's name (issue 14): a
letter's signature "DAVID BROWN" went out whole, "MARY JONES" sent "JONES", an Estonian
byline "TÕNU KAALEP" went out whole.  Headings in capitals stay headings."""


def test_signatures_and_bylines(found_names):
    rows = found_names(["Yours sincerely,\nDAVID BROWN", "MARY JONES", "DR JANE ROE"])
    assert rows == [[("DAVID BROWN", "PER")], [("MARY JONES", "PER")], [("JANE ROE", "PER")]]
    assert found_names(["TÕNU KAALEP"], lang="et") == [[("TÕNU KAALEP", "PER")]]


def test_headings_are_not_names(found_names):
    assert found_names(["GRANT APPLICATION FORM", "ROSE GARDEN", "TABLE OF CONTENTS",
                        "CHRISTIAN DEMOCRATS"]) == [[], [], [], []]


def test_the_signature_never_reaches_the_engine(translate_unlabelled):
    sent, back = translate_unlabelled(["Thank you for your letter.", "Yours sincerely,",
                                       "DAVID BROWN"])
    assert "DAVID" not in " ".join(sent) and "BROWN" not in " ".join(sent)
    assert back[2].strip() == "DAVID BROWN"
