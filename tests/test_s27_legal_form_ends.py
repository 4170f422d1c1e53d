"""A company's name ends with its legal form (issue 14): the sentence's full stop, the words
after the form and the next sentence are not the name's, and one company gets one pseudonym
whether its form is written with a stop or without."""
import re


def test_a_written_out_form_leaves_the_full_stop_to_the_sentence(found_names):
    [spans] = found_names(["Signed by Daniel Okafor, Director, for and on behalf of "
                           "Northgate Logistics Limited."])
    assert ("Northgate Logistics Limited", "ORG") in spans


def test_words_after_the_form_are_the_sentences(found_names):
    [spans] = found_names(["It was signed by Acme Holdings Inc. on Monday."])
    assert ("Acme Holdings Inc", "ORG") in spans
    assert not any("Monday" in text for text, _ in spans)


def test_the_next_sentence_is_not_the_names(found_names):
    [spans] = found_names(["We wrote to Acme Widgets Ltd. They replied."])
    assert spans == [("Acme Widgets Ltd", "ORG")]


def test_a_name_after_the_form_ends_at_its_own_form(found_names):
    [spans] = found_names(["We invoiced Nordlund Bygg AB and Kowalski Sp. z o.o. in May."])
    assert spans == [("Nordlund Bygg AB", "ORG"), ("Kowalski Sp. z o.o.", "ORG")]


def test_a_name_after_the_form_stays_masked(found_names):
    """Cut after the first company's form, the second is a span of its own (a cut that left
    it out would send it)."""
    [spans] = found_names(["Müller GmbH & Co. KG and AS Tallinna Vesi signed."])
    assert ("Müller GmbH & Co. KG", "ORG") in spans
    assert ("AS Tallinna Vesi", "ORG") in spans
    [spans] = found_names(["The invoice from Acme Ltd. Jane Roe replied on Friday."])
    assert ("Acme Ltd", "ORG") in spans and ("Jane Roe", "PER") in spans


def test_one_company_one_pseudonym_with_or_without_the_stop(translate_unlabelled):
    sent, back = translate_unlabelled([
        "We wrote to Acme Widgets Ltd on Monday.",
        "The reply came from Acme Widgets Ltd.",
        "Signed for Northgate Logistics Limited on 3 May.",
        "Signed by Jane Roe for and on behalf of Northgate Logistics Limited.",
    ])
    text = " ".join(sent)
    assert "Acme" not in text and "Northgate" not in text and "Roe" not in text
    assert "on Monday" in sent[0]
    acme = [re.search(r"(?:to|from) (.+? Ltd)\b", s).group(1) for s in sent[:2]]
    northgate = [re.search(r"(?:for|of) (\S+ \S+ Limited)\b", s).group(1) for s in sent[2:]]
    assert acme[0] == acme[1] and northgate[0] == northgate[1]
    # (restored as the engine would have translated them: "Acmé Widgets Ltd")
    assert "Widgets Ltd" in back[0] and "Widgets Ltd" in back[1]
    assert "Northgate" in back[2] and "Northgate" in back[3]


def test_the_seat_after_the_form_is_a_place_of_its_own(found_names):
    [spans] = found_names(["Senior Software Engineer, Allegro sp. z o.o., Poznań (2019 – present)"])
    assert ("Allegro sp. z o.o.", "ORG") in spans and ("Poznań", "LOC") in spans
    [spans] = found_names(["Mellan Nordlund Bygg AB, org.nr 556677-8899, betalar."], lang="sv")
    assert ("Nordlund Bygg AB", "ORG") in spans
