"""An English judge's title before the name (issue 14): a county court order's "BEFORE
District Judge Okafor" was one organisation, and "Deputy District Judge Patel and His
Honour Judge Whitfield KC" another: the stand-ins took the titles' places, which came back
English, and two judges had one stand-in."""


def test_the_judges_names_without_their_titles(found_names):
    rows = found_names(["BEFORE District Judge Okafor sitting at Manchester Civil Justice "
                        "Centre.",
                        "Before Deputy District Judge Patel and His Honour Judge Whitfield KC.",
                        "The appeal was heard by Circuit Judge Amanda Rees."])
    assert ("Okafor", "PER") in rows[0]
    assert ("Patel", "PER") in rows[1] and ("Whitfield", "PER") in rows[1]
    assert ("Amanda Rees", "PER") in rows[2]
    assert not any("Judge" in w for row in rows for w, _ in row)
