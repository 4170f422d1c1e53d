"""A company written without its legal form is the same company (issue 14): "at Allegro",
after "Allegro sp. z o.o." was masked, went out as written, and the seat after the form
("…, Poznań") was part of the company's stand-in."""
import re

CV = ["Senior Software Engineer, Allegro sp. z o.o., Poznań (2019 – present)",
      "Available on request from Mr Piotr Zieliński, Head of Engineering at Allegro."]


def test_one_company_one_key():
    from transforms.linking import link_key, without_legal_form
    assert without_legal_form("Allegro sp. z o.o.") == "Allegro"
    assert without_legal_form("Sumal, S.L.") == "Sumal"
    assert without_legal_form("Limited") == "Limited"        # nothing would be left
    assert link_key("Target Ventures Group Ltd") == link_key("Target Ventures Group")


def test_the_short_name_never_reaches_the_engine(translate_unlabelled):
    sent, back = translate_unlabelled(CV)
    assert "Allegro" not in " ".join(sent) and "Poznań" not in " ".join(sent)
    # one stand-in: the second line's is the first's without its legal form
    company = sent[0].split(", ")[1]
    short = re.search(r" at (.+?)\.$", sent[1]).group(1)
    assert company.startswith(short + " ") and len(short) >= 3
    assert back[1].endswith("Allegro.") and "Allegro" in back[0] and "Poznań" in back[0]
