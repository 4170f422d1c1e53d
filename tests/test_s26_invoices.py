"""An invoice: "Call Anja Weiß on ..." sent "Call" as a stand-in's first word (and it came
back untranslated), and a law firm's "LLP" was no legal form, so its stand-in had none.
Each test failed on the code before the change."""
from transforms.dictionary.extract import legal_form, org_kind


def test_an_imperative_before_a_name_is_the_sentence_s(found_names):
    found = found_names(["Questions? Call Anja Weiß on +44 20 7946 0958.",
                         "Ask Priya Shah about the invoice."])
    assert found == [[("Anja Weiß", "PER")], [("Priya Shah", "PER")]]
    # a noun before a name, or an initial, stays in it
    found = found_names(["Attorney Robert Sarvis said so.", "D. Kennedy Benjo-Lopez replied."])
    assert ("Attorney Robert Sarvis", "PER") in found[0]
    assert ("D. Kennedy Benjo-Lopez", "PER") in found[1]


def test_a_partnership_s_legal_form_is_one(found_names):
    assert legal_form("LLP") and legal_form("GbR") and legal_form("e.V.")
    assert org_kind("Kowalczyk & Partners LLP") == "company:LLP"
    assert ("Smith Jones LLP", "ORG") in found_names(["Smith Jones LLP acted for the claimant."])[0]


def test_a_company_s_stand_in_keeps_its_legal_form_and_the_verb_is_translated(
        translate_unlabelled):
    sent, back = translate_unlabelled([
        "Bill to: Kowalczyk & Partners LLP, Attn: Ms. Zofia Kowalczyk",
        "Questions? Call Anja Weiß on +44 20 7946 0958."])
    assert "Kowalczyk" not in sent[0] and " LLP," in sent[0], sent[0]
    assert "Weiß" not in sent[1] and "Anja" not in sent[1] and "Call " in sent[1], sent[1]
    assert "Kowalczyk & " in back[0] and "LLP" in back[0], back[0]
    # the verb went to the engine as a verb, not as a stand-in's word
    assert "Call" not in back[1] and "Anja Weiß" in back[1], back[1]
