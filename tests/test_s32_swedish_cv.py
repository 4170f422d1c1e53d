"""A Swedish CV, unlabelled (issue 14; sv->da).  Compounds the analyser lacks opening an
entry after its period or a quoted title ("2011–2014 Revisorsassistent", "Civilekonom-
programmet", "\\"Internprissättning ...\\"") went out as persons' stand-ins; a language
skill's "goda kunskaper" (good knowledge) as a body's; the entrance letter of "Storgatan 14
B" as a place; "CFO" inside the person's stand-in; a sentence, "Anna Berg bor i Lund", as
one body; and the nationality "svenska" as "friska" (healthy)."""
from transforms.detect.demonyms import demonym

CV = [
    "Karin Lindqvist-Öberg",
    "Adress: Storgatan 14 B, 722 15 Västerås",
    "2014–2019 Controller, Mälarenergi AB, Västerås",
    "Budget och prognos för elnätsverksamheten. Rapporterade till CFO Anders Berglund.",
    "2011–2014 Revisorsassistent, KPMG, Stockholm",
    "2007–2011 Civilekonomprogrammet, Uppsala universitet",
    'Examensarbete: "Internprissättning i svenska koncerner" (handledare professor Lars Ek)',
    "Svenska (modersmål), engelska (flytande), tyska (goda kunskaper)",
    "Anna Berg bor i Lund.",
]


def test_entries_skills_and_letters_are_no_names(found_names):
    rows = found_names(CV, lang="sv")
    words = [[w for w, _ in row] for row in rows]
    assert "Revisorsassistent" not in words[4] and ("KPMG", "ORG") in rows[4]
    assert "Civilekonomprogrammet" not in words[5] and "Uppsala" in words[5]
    assert "Internprissättning" not in words[6] and ("Lars Ek", "PER") in rows[6]
    assert not any("kunskaper" in w for w in words[7]), rows[7]
    assert "B" not in words[1] and ("Storgatan", "LOC") in rows[1], rows[1]
    assert ("Anders Berglund", "PER") in rows[3] and not any("CFO" in w for w in words[3])
    assert rows[8] == [("Anna Berg", "PER"), ("Lund", "LOC")], rows[8]


def test_verbs_and_lower_case_words_apart_in_danish(found_names):
    rows = found_names(["Anna Berg bor i Lund.", "Mette Hansen arbejder hos Novo Nordisk.",
                        "Han har gode kundskaber i tysk."], lang="da")
    assert rows[0] == [("Anna Berg", "PER"), ("Lund", "LOC")], rows[0]
    assert rows[1][0] == ("Mette Hansen", "PER") and "arbejder" not in str(rows[1])
    assert not any("kundskaber" in w for w, _ in rows[2]), rows[2]


def test_names_that_hold_a_verbs_form_stay(found_names):
    """Guards: lower-case bodies, a compound surname after a period, a name and a title."""
    rows = found_names(["Ärendet prövades av den nationella domstolen och kommissionen.",
                        "2019–2021 Lindberg, ABB AB", "VD Anna Svensson sa det.",
                        "CEO Forum möts i Malmö."], lang="sv")
    assert any("domstolen" in w for w, _ in rows[0]), rows[0]
    assert any("Lindberg" in w for w, _ in rows[1]), rows[1]
    assert ("Anna Svensson", "PER") in rows[2], rows[2]
    assert any("CEO Forum" in w for w, _ in rows[3]), rows[3]


def test_no_body_words_keeps_every_lower_case_gold_name(corpora):
    """Every lower-case MultiLeg sv and da gold name of two words or more holds a body's
    noun or a nationality: ``_no_body_words`` takes none of them."""
    import json
    from transforms.detect.model import _no_body_words, _wordish, tokenize
    seen = 0
    for lang in ("sv", "da"):
        for path in sorted((corpora / "multileg" / "train" / lang).glob("*.jsonl")):
            for line in path.read_text(encoding="utf-8").splitlines():
                row = json.loads(line)
                for a, b, cat in row.get("label", []):
                    text = row["text"][a:b]
                    if cat in ("PER", "ORG", "LOC") and text.islower() and " " in text:
                        seen += 1
                        words = [w for _, _, w in tokenize(text) if _wordish(w)]
                        assert not _no_body_words(words, lang), (lang, text)
    assert seen > 100


def test_the_cv_as_sent(translate_unlabelled):
    sent, back = translate_unlabelled(CV, source="sv", target="da")
    for name in ("Karin", "Lindqvist", "Öberg", "Storgatan", "Västerås", "Berglund",
                 "Mälarenergi", "Anna Berg", "Lund", "Lars Ek"):
        assert not any(name in s for s in sent), name
    assert sent[1].startswith("Adress: ") and " 14 B, " in sent[1], sent[1]
    assert "Rapporterade till CFO " in sent[3], sent[3]
    assert " Revisorsassistent, " in sent[4] and " Civilekonomprogrammet, " in sent[5]
    assert '"Internprissättning i ' in sent[6] and "(goda kunskaper)" in sent[7]
    assert sent[8].endswith(" bor i " + sent[8].rsplit(" ", 1)[1]), sent[8]
    # a nationality stands in for the nationality
    standin = sent[6].split('"Internprissättning i ', 1)[1].split()[0]
    assert standin != "svenska" and demonym(standin, "sv"), sent[6]
    assert back[0] == "Karin Lindqvist-Öberg"
