"""A GP's letter, as a practice sends it: its heading named the practice and went out
("Riverside Medical Practice": the name's first word, an ordinary noun at a line's start,
was left out of the body's name and the rest was no name), the doctor's degrees were masked
as part of her name ("Helen Ward MBChB MRCGP" stood in for by four names) or as an
organisation ("Jane Roe PhD, FRCP"), and two bodies joined by "and" were one
("European Parliament and Council").  Each test failed on the code before the change."""


def test_a_practice_heading_its_letter_is_an_organisation_first_word_and_all(found_names):
    found = found_names(["Riverside Medical Practice", "Riverside Medical Practice, 14 Mill Lane"])
    assert ("Riverside Medical Practice", "ORG") in found[0]
    assert ("Riverside Medical Practice", "ORG") in found[1]
    # a first word that is no noun or adjective still opens no body's name
    assert found_names(["Every College has a library."]) == [[]]


def test_a_doctor_s_degrees_are_not_her_name(found_names):
    found = found_names(["Dr Helen Ward MBChB MRCGP", "Jane Roe PhD, FRCP",
                         "Jean DUPONT PhD"])
    assert found[0] == [("Helen Ward", "PER")]
    assert found[1] == [("Jane Roe", "PER")]
    # a surname in capitals is no degree
    assert found[2] == [("Jean DUPONT", "PER")]


def test_two_bodies_joined_by_and_are_two(found_names):
    found = found_names(["See the judgment in U4U and Others v Parliament and Council, T-17/14.",
                         "the Commission indicated in its Proposal for a European Parliament and "
                         "Council Regulation on designs"])
    assert ("Parliament", "ORG") in found[0] and ("Council", "ORG") in found[0]
    assert ("European Parliament", "ORG") in found[1] and ("Council", "ORG") in found[1]


def test_a_letterhead_s_field_after_a_bar_is_a_label_not_a_person(found_names):
    # ("Fax" went out as a person's stand-in, "Aidán: 0113 ...")
    assert found_names(["Tel: 0113 496 0000 | Fax: 0113 496 0001"]) == [[]]
