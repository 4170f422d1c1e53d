"""A role a contract defines for a party is no name (issue 14): "(the "Employee")",
"(nedan kallad Arbetsgivaren)".  Masked, they went out as stand-ins ("the Nominee",
"Maken") that the engine translated otherwise.  The party's name stays masked; so does a
body's short name and a name's own short form.  (A role the analyser lacks, Swedish
"Arbetstagaren", stays masked: it could be a name.)"""

CONTRACT = [
    'This Agreement is made between Northgate Logistics Limited and Ms Priya Raman of '
    'Didsbury (the "Employee").',
    "The Employee shall report to the Head of Finance.",
    "The Employee's salary is paid monthly.",
]


def test_the_defined_role_is_not_masked_the_party_is(found_names):
    rows = found_names(CONTRACT)
    assert any("Priya Raman" in text for text, _ in rows[0])
    assert not any("Employee" in text for row in rows for text, _ in row)


def test_a_bodys_short_name_and_a_names_short_form_stay_names(found_names):
    rows = found_names(['The European Commission (the "Commission") replied.',
                        "The Commission then wrote again."])
    assert any(text.endswith("Commission") for text, _ in rows[1])
    from transforms.detect.heuristic import HeuristicDetector
    from transforms.detect.model import _defined_roles
    texts = ['Mr John Lantern (hereinafter the "Lantern") and Acme Ltd (the "Seller") agree.']
    spans = HeuristicDetector().detect(texts, "en")
    assert _defined_roles(texts, spans, "en") == {"Seller"}


def test_swedish_roles(found_names):
    rows = found_names(["Mellan Nordlund Bygg AB (nedan kallad Arbetsgivaren) och Karin "
                        "Lindqvist har följande avtal träffats.",
                        "Arbetsgivaren betalar lönen den 25:e varje månad."], lang="sv")
    assert any("Nordlund" in text for text, _ in rows[0])
    assert any("Lindqvist" in text for text, _ in rows[0])
    assert not any("Arbetsgivaren" in text for row in rows for text, _ in row)


def test_the_engine_translates_the_role(translate_unlabelled):
    sent, back = translate_unlabelled(CONTRACT)
    assert "Raman" not in " ".join(sent) and "Northgate" not in " ".join(sent)
    assert sent[1].startswith("The Employee shall")
    assert "Empleado" in back[1]
