"""An e-mail thread and a job advert, unlabelled (issue 14): job titles went out as
organisations' stand-ins and came back untranslated ("Senior Account Manager", "Talent
Partner"); "The Hiring Manager is Tom Reed" was one organisation, verb and all; a mail
client's "-----Original Message-----" was an organisation; and "Chidi Okonkwo", a person
in "Okonkwo, Chidi" and "Chidi", was a firm in the signature, with a firm's stand-in."""
import re


def test_job_titles_are_no_names(found_names):
    rows = found_names(["Please contact our Talent Partner, Aisha Khan, with questions.",
                        "Jane Doe, Senior Account Manager, Acme Ltd",
                        "Dear Valued Customer, your order has shipped.",
                        "The Data Protection Officer reviewed the request."])
    found = {w for row in rows for w, _ in row}
    assert not found & {"Talent Partner", "Senior Account Manager", "Valued Customer",
                        "The Data Protection Officer", "Data Protection Officer"}
    # the people and the firm beside them stay masked
    assert {"Aisha Khan", "Jane Doe", "Acme Ltd"} <= found


def test_an_office_or_a_body_named_by_its_holder_stays(found_names):
    """Guard (passes before the change too): a body whose name ends like a job ("European
    Data Protection Supervisor": "European" is no ordinary word), and a firm in the plural."""
    rows = found_names(["Contact the European Data Protection Supervisor.",
                        "She joined Holm & Partners in 2019."])
    found = {w for row in rows for w, _ in row}
    assert any("European Data Protection Supervisor" in w for w in found)
    assert "Holm & Partners" in found


def test_a_verb_between_two_names_parts_them(found_names):
    rows = found_names(["The Hiring Manager is Tom Reed.",
                        "The Account Manager will be Tom Reed."])
    for row in rows:
        assert ("Tom Reed", "PER") in row
        assert not any(" is " in w or " be " in w for w, _ in row)


def test_the_signature_and_the_separator(translate_unlabelled):
    sent, back = translate_unlabelled([
        "From: Okonkwo, Chidi <c.okonkwo@brightline-logistics.co.uk>",
        "Hi Hannah,",
        "The container left Rotterdam on Friday.",
        "Kind regards,",
        "Chidi",
        "Chidi Okonkwo | Senior Account Manager",
        "-----Original Message-----",
    ])
    first = re.match(r"From: (\w+), (\w+) ", sent[0])
    assert first, sent[0]
    surname, given = first.groups()
    assert sent[4] == given
    # one person, one stand-in: the signature's name is the From line's
    assert sent[5] == f"{given} {surname} | Senior Account Manager", (sent[0], sent[5])
    assert sent[6] == "-----Original Message-----"
    assert back[6] != sent[6] and "Mensaje" in back[6]
    assert back[5].startswith("Chidi Okonkwo | ")


def test_a_department_before_team_is_no_name(found_names):
    """A job advert's "join our Finance team" sent "Finance" as a place's stand-in."""
    rows = found_names(["We are hiring a Data Analyst to join our Finance team in Leeds.",
                        "Please contact the Legal department or the Customer Services team.",
                        "The Ministry of Finance team met the delegation."])
    assert rows[0] == [("Leeds", "LOC")] and rows[1] == []
    # a body's name before "team" stays
    assert any("Ministry of Finance" in w for w, _ in rows[2])
