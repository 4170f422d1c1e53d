"""An employer's reference letter (en) and a Danish notice of termination (da->sv),
unlabelled (issue 14): "Trainee Solicitor" went out as a stand-in ("Teder Treasurer");
"Novo Logistik A/S" as "Tnt Post Uk/S" (the model's name ended in the form's "A", and the
"/S" stayed); "HR-chef Lene Kjærsgaard" as one person's stand-in, the role inside it."""
import re

from transforms.dictionary.extract import LEGAL_FORMS

NOTICE = [
    "Novo Logistik A/S",
    "Hermed opsiges dit ansættelsesforhold hos Novo Logistik A/S som lagermedarbejder.",
    "Har du spørgsmål, er du velkommen til at kontakte HR-chef Lene Kjærsgaard på tlf. "
    "75 82 11 00.",
]


def test_professions_are_job_titles(found_names):
    rows = found_names(["He was employed as a Trainee Solicitor from 2021.",
                        "Mr Desmond Achterberg, Solicitor", "Harold Driver wrote to Ann Porter."])
    assert rows[0] == [], rows[0]
    assert rows[1] == [("Desmond Achterberg", "PER")]
    assert rows[2] == [("Harold Driver", "PER"), ("Ann Porter", "PER")]     # guard: surnames


def test_a_form_the_model_cut_and_a_role_before_a_name(found_names):
    rows = found_names(NOTICE + ["Carlsberg og Orkla A/S underskrev."], lang="da")
    assert rows[0] == [("Novo Logistik A/S", "ORG")] and ("Novo Logistik A/S", "ORG") in rows[1]
    assert ("Lene Kjærsgaard", "PER") in rows[2], rows[2]
    assert ("Orkla A/S", "ORG") in rows[3], rows[3]


def test_the_notice_as_sent(translate_unlabelled):
    sent, back = translate_unlabelled(NOTICE, source="da", target="sv")
    for name in ("Novo", "Logistik", "Lene", "Kjærsgaard", "/S"):
        assert not any(name in s for s in sent), (name, sent)
    # (a company's stand-in, with a legal form of its own)
    assert re.search(rf"[ \u00A0](?:{LEGAL_FORMS})$", sent[0]), sent[0]
    assert "kontakte HR-chef " in sent[2], sent[2]
    assert back[0] == "Novo Logistik A/S" and "Lene Kjærsgaard" in back[2]
