"""A one-word name the analyser knows only as a given name, written after "in", is a place
there, every mention of it: "met in Geneva" was masked as a person (Geneva, Houston, Virginia
and Orlando are given names to Faker and to Apertium's English analyser), so its stand-in
was a surname and the engine read a person where the text names a city.  The first test
failed on the code before the change."""


def test_a_given_name_after_in_is_a_place_in_every_mention(found_names):
    texts = ["The committee met in Geneva on 12 May.",
             "Geneva has hosted the talks since 2003."]
    found = found_names(texts)
    assert ("Geneva", "LOC") in found[0]
    assert ("Geneva", "LOC") in found[1]


def test_a_person_written_after_in_stays_a_person(found_names):
    texts = ["In Byron's letters the journey is described at length.",
             "In Byron 's later memoirs he wrote of Greece.",
             "Virginia Woolf lived in London; we read Virginia every week."]
    found = found_names(texts)
    assert ("Byron", "LOC") not in found[0] + found[1]
    # a person's longer name in the document: the given name alone is that person
    assert ("Virginia", "LOC") not in found[2]
