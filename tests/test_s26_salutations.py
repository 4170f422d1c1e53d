"""A letter's salutation is no part of the name after it: "Szanowny Panie Krzysztofie" and
"Hyvä Matti Virtanen" were masked whole, so "Dear Sir" went out as a stand-in's words and
came back untranslated.  The first test failed on the code before the change."""


def test_the_salutation_and_form_of_address_stay_outside_the_name(found_names):
    assert found_names(["Szanowny Panie Krzysztofie,"], "pl") == [[("Krzysztofie", "PER")]]
    assert found_names(["Hyvä Matti Virtanen,"], "fi") == [[("Matti Virtanen", "PER")]]


def test_a_salutation_with_no_name_after_it_is_nothing(found_names):
    assert found_names(["Dear Sir or Madam,"], "en") == [[]]
    assert ("John Smith", "PER") in found_names(["Dear John Smith,"], "en")[0]


def test_a_salutation_found_alone_is_no_name(found_names):
    # Lithuanian "Gerbiamas" ("Dear") was masked as an organisation of its own
    assert found_names(["Gerbiamas Tomai Petrauskai,"], "lt") == [[("Tomai Petrauskai", "PER")]]


def test_a_name_that_is_a_salutation_word_stays_among_names(found_names):
    # French "cher" is a salutation; Cher in a list of actors is a person
    found = found_names(["Filmis mängisid ka Cher, Michelle Pfeiffer ja Jack Nicholson."], "et")[0]
    assert ("Cher", "PER") in found, found
