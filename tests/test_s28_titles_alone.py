"""A title alone is no name (issue 14): in "Sir Keir Starmer KC MP closed it" the model made
"Sir" an organisation of its own; its stand-in left the title in the payload, and the leak
guard held the whole segment back (dead-lettered, untranslated).  "Lord Justice Leggatt"
sent "Lord" as a person's stand-in."""


def test_titles_alone_are_dropped(found_names):
    rows = found_names(["Rev. Dr. John Sentamu opened the session; Sir Keir Starmer KC MP "
                        "closed it.", "Lord Justice Leggatt and Mr Justice Fraser gave judgment.",
                        "the first Eton v Harrow cricket match at Lord 's in 1805."])
    assert [w for w, c in rows[0] if w in ("Sir", "Rev.")] == []
    assert ("Lord", "PER") not in rows[1] and ("Leggatt", "PER") in rows[1]
    assert [w for w, c in rows[2] if w == "Lord"] == ["Lord"]      # a place: Lord's


def test_the_segment_is_translated(translate_unlabelled):
    sent, back = translate_unlabelled([
        "Rev. Dr. John Sentamu opened the session; Sir Keir Starmer KC MP closed it."])
    assert len(sent) == 1 and "Keir" not in sent[0] and "Sentamu" not in sent[0]
    assert "Keir Starmer" in back[0] and "sesión" in back[0]
