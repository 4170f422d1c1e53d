import json

from schemas.records import Document, Segment
from transforms import markup
from transforms.protect import LeakGuard, ProtectOptions, protect_document
from transforms.restore import restore_segment
from transforms.stages import guard_terms, requests_for, restore_document
from transforms.engines import create
from transforms.stages import translate_batch


def doc(lines, name="d.jsonl"):
    segs = [Segment(document=name, id=str(i + 1), index=i, text=t, labels=[list(l) for l in labs])
            for i, (t, labs) in enumerate(lines)]
    return Document(name=name, path=name, format="jsonl", skeleton=b"", segments=segs,
                    source_lang="en", target_lang="es")


LINES = [
    ("Judgment of 13 December 2012 - Josefina Lasocka v SiGer Technologie GmbH",
     [(12, 28, "DATE"), (31, 47, "PER"), (50, 72, "ORG")]),
    ("Applicant: Josefina Lasocka, of Wrocław", [(11, 27, "PER"), (32, 39, "LOC")]),
    ("Lasocka's claim against SiGer Technologie GmbH; LASOCKA appealed.", [(0, 9, "PER")]),
]


def test_every_original_replaced_consistently_and_never_sent():
    pd = protect_document(doc(LINES), ProtectOptions(secret=b"k"))
    sent = " ".join(s.text for s in pd.segments)
    for orig in ["Josefina", "Lasocka", "LASOCKA", "SiGer", "Wrocław", "13 December 2012"]:
        assert orig.lower() not in sent.lower()
    by_orig = {}
    for s in pd.segments:
        for a in s.assignments:
            by_orig.setdefault(a.cluster, set()).add(a.replacement)
    # one cluster for the person: full name, possessive and all-caps forms
    person = [c for c in pd.clusters if c.category == "PER"]
    assert len(person) == 1
    reps = by_orig[person[0].id]
    full = [r for r in reps if " " in r][0]
    family = full.split()[-1]
    assert family + "'s" in reps and family.upper() in reps
    guard = LeakGuard(guard_terms(pd))
    assert not [s.text for s in pd.segments if guard.find(s.text)]


def test_same_secret_same_pseudonyms_other_secret_other():
    a = protect_document(doc(LINES), ProtectOptions(secret=b"k"))
    b = protect_document(doc(LINES), ProtectOptions(secret=b"k"))
    c = protect_document(doc(LINES), ProtectOptions(secret=b"other"))
    assert [s.text for s in a.segments] == [s.text for s in b.segments]
    assert [s.text for s in a.segments] != [s.text for s in c.segments]


def test_identity_translation_restores_the_exact_source():
    d = doc(LINES)
    pd = protect_document(d, ProtectOptions(secret=b"k"))
    reqs = requests_for(pd, "identity")
    responses = translate_batch(create("identity", "en", "es"), reqs)
    results, report = restore_document(pd, responses)
    assert [results[s.id].text for s in d.segments] == [s.text for s in d.segments]
    assert all(r.status == "translated" for r in results.values())
    assert report.unresolved == 0 and report.restored == sum(len(s.assignments) for s in pd.segments)


def test_unplaceable_pseudonym_marks_needs_review():
    pd = protect_document(doc(LINES[:1]), ProtectOptions(secret=b"k"))
    res = restore_segment(pd.segments[0], "Sentencia sin nombres", target_lang="es")
    assert res.status == "needs-review" and res.unresolved >= 2
    assert any("could not place" in n for n in res.notes)


def test_leak_guard_holds_back_a_payload_with_an_original():
    guard = LeakGuard(["Josefina Lasocka", "EU", "12"])
    assert guard.find("sent by JOSEFINA LASOCKA") is not None
    assert guard.find("the EU rules") == "EU"
    assert guard.find("the eu rules") is None          # short forms: exact case
    assert guard.find("Article 12 applies") is None   # bare numbers identify no one
    assert guard.find("Josefina Lasockaite") is None   # word-bounded


def test_masking_methods():
    for method, expect in (("asterisk", "****"), ("category", "PER"), ("category-id", "PER_1")):
        pd = protect_document(doc(LINES[1:2]), ProtectOptions(method=method, secret=b"k"))
        assert expect in pd.segments[0].text
        assert "Lasocka" not in pd.segments[0].text


def test_allow_list_beats_every_source_but_nothing_else_is_unmasked():
    lines = [("The European Commission fined Josefina Lasocka.", [(4, 23, "ORG"), (30, 46, "PER")])]
    pd = protect_document(doc(lines), ProtectOptions(secret=b"k", allow=("European Commission",)))
    assert "European Commission" in pd.segments[0].text
    assert "Lasocka" not in pd.segments[0].text


def test_name_split_over_formatting_runs_is_found_and_no_fragment_is_sent():
    from schemas.records import Code, code_char
    o, c = (lambda i, p: Code("open", "b", pair=p)), (lambda p: Code("close", "", pair=p))
    codes = [o(0, 1), c(1), o(2, 2), c(2), o(4, 3), c(3)]
    text = (code_char(0) + "Jo" + code_char(1) + code_char(2) + "hn Sm" + code_char(3)
            + code_char(4) + "ith" + code_char(5) + " met John Smith in Riga.")
    seg = Segment(document="d.xlf", id="1", index=0, text=text, codes=codes)
    d = Document(name="d.xlf", path="d.xlf", format="xliff12", skeleton=b"", segments=[seg],
                 source_lang="en", target_lang="es")
    pd = protect_document(d, ProtectOptions(secret=b"k"))   # no labels: detectors find it
    sent = markup.to_markup(pd.segments[0].text, pd.segments[0].codes)
    plain = "".join(ch for ch in pd.segments[0].text if ord(ch) < 0xE000)
    for frag in ("Jo", "hn", "Sm", "ith", "John", "Smith"):
        assert frag not in plain, frag
    assert sorted(ch for ch in pd.segments[0].text if ord(ch) >= 0xE000) == sorted(
        ch for ch in text if ord(ch) >= 0xE000)                # every code still there, once
    assert LeakGuard(["John Smith"]).find('<g id="0">Jo</g><g id="2">hn Smith</g>')
    responses = translate_batch(create("identity", "en", "es"), requests_for(pd, "identity"))
    results, report = restore_document(pd, responses)
    assert results["1"].text.count("John Smith") == 2 and report.unresolved == 0


def test_stanza_detector_feeds_mentions_with_lemma_and_head_features():
    """The `stanza` detector path, with real stanza.Document objects read from CoNLL-U
    (models cannot be downloaded here): entities become mentions with lemma and the head
    word's features, and are protected."""
    from transforms import protect
    from transforms.nlp.conllu import read_annotated
    from tests.conftest import FIXTURES
    ann = read_annotated(path=str(FIXTURES / "nlp" / "es_mwt_ner.conllu"), lang="es")

    class CoNLLUBackend:   # what StanzaBackend.annotate returns, from the treebank format
        def annotate(self, texts, lang):
            assert texts == [ann.text]
            return [ann]

    d = Document(name="es.txt", path="es.txt", format="jsonl", skeleton=b"",
                 segments=[Segment(document="es.txt", id="1", index=0, text=ann.text)],
                 source_lang="es", target_lang="en")
    protect._STANZA["es"] = CoNLLUBackend()
    try:
        mentions = protect.detect(d, ["stanza"])
        pd = protect_document(d, ProtectOptions(secret=b"k", detectors=("stanza",)))
    finally:
        del protect._STANZA["es"]
    per = [m for m in mentions if m.category == "PER"]
    assert per and per[0].text == "Ana Pérez Gil" and per[0].lemma == "Ana Pérez Gil"
    assert per[0].features.get("upos") == "PROPN"
    assert "Pérez" not in pd.segments[0].text and "Cádiz" not in pd.segments[0].text


def test_leak_guard_reads_payload_markup_as_text():
    """Payloads go to engines as markup: an original with "&" or "<" is sent escaped and
    must still be recognised just before sending."""
    from transforms import markup
    guard = LeakGuard(["Procter & Gamble", "A<B Holdings"])
    assert guard.find(markup.to_markup("Sued by Procter & Gamble today.", []))
    assert guard.find("Paid A&lt;B Holdings in full.")
    assert guard.find("Procter &#38; Gamble")
    assert guard.find("Procter and Gamble") is None


def test_leak_guard_lets_the_ordinary_twin_of_a_capitalised_original_through():
    guard = LeakGuard(["Customs", "Young", "Bērziņš"], ordinary=["Customs", "Young"])
    assert guard.find("the customs authorities and a young man") is None
    assert guard.find("the Customs Code") == "customs"
    assert guard.find("YOUNG signed") == "young"
    assert guard.find("bērziņš") == "berzins"      # not ordinary: any case is a leak
    # characters that fold to more or fewer ("…", combining marks) do not blur the case
    assert guard.find("‘If the postal… the customs registry…’") is None
    assert guard.find("‘… the Customs registry") == "customs"
    assert guard.find("the Cu\u0301stoms registry") == "customs"


def test_one_body_gets_one_pseudonym_with_or_without_its_article():
    lines = [("The Commission and the Landesgericht Salzburg disagreed.",
              [(0, 14, "ORG"), (19, 45, "ORG")]),
             ("Commission and Landesgericht Salzburg; the Commission's view.",
              [(0, 10, "ORG"), (15, 37, "ORG"), (39, 55, "ORG")]),
             ("Romania replied; the government of Romania agreed.", [(0, 7, "LOC"), (35, 42, "ORG")])]
    pd = protect_document(doc(lines), ProtectOptions(secret=b"k"))
    # (The article goes with the name for now: sent outside it, Apertium's Spanish article
    # agrees with the pseudonym, and restoration then writes "el Comisión".)
    reps = {}
    for s in pd.segments:
        for a in s.assignments:
            key = a.original.replace("’s", "").replace("'s", "")
            key = key[4:] if key.lower().startswith("the ") else key
            reps.setdefault(key, set()).add(a.replacement.replace("’s", "").replace("'s", ""))
    assert len(reps["Commission"]) == 1 and len(reps["Landesgericht Salzburg"]) == 1
    assert len(reps["Romania"]) == 1          # a place and a party: one entity
    assert len({c.key for c in pd.clusters}) == len(pd.clusters) == 3



CITING = [
    ("The EU and Mr Dupont appealed.", [(4, 6, "ORG"), (14, 20, "PER")]),
    ("See Dupont v Commission, C-619/18, EU:C:2019:531, and ECLI:EU:T:2018:784, "
     "under Regulation (EU) 2019/217 and forordning (EF) nr. 1169/2011.", []),
    ("Regulas (ES) 2017/1001 59. pants; file 2017/1001 of Mr Dupont.", []),
]
CITATIONS = ("EU:C:2019:531", "ECLI:EU:T:2018:784", "(EU) 2019/217", "(EF) nr. 1169/2011",
             "(ES) 2017/1001 59. pants")


def test_no_detector_takes_a_name_inside_a_public_citation():
    # Unlabelled: whatever the detectors find, the case-law identifiers, an act's number and
    # its legal order, and an act's number with its article (no phone number) go as they are.
    d = doc([(t, []) for t, _ in CITING])
    pd = protect_document(d, ProtectOptions(secret=b"k"))
    sent = " ".join(s.text for s in pd.segments)
    for cited in CITATIONS:
        assert cited in sent
    assert LeakGuard(guard_terms(pd)).find(sent) is None


def test_a_detectors_name_does_not_spread_into_a_citation_but_a_labelled_one_does():
    from schemas.records import Mention
    from transforms import linking
    from transforms.protect import citations
    d = doc([(t, []) for t, _ in CITING])
    found = [Mention(0, 4, 6, "EU", "ORG", "detector")]
    spread = linking.propagate(d.segments, found, lang="en", exempt=citations(d))
    assert [(m.segment, m.text) for m in spread] == [(0, "EU")]
    # what a person labelled is masked wherever it stands
    pd = protect_document(doc(CITING), ProtectOptions(secret=b"k"))
    second = pd.segments[1].text
    assert "EU:C:2019:531" not in second and "(EU) 2019/217" not in second


def test_the_guard_does_not_read_public_citations():
    guard = LeakGuard(["EU", "2017/1001"])
    assert guard.find("EU:C:2019:531; Regulation (EU) No 2017/1001") is None
    # the guard reads the text as sent, where a labelled legal order may already be replaced
    # ("(EG)" -> "(QG)", "/EU" -> "/FORTUYN"): the act's number is still a citation there
    guard = LeakGuard(["EU", "2017/1001", "987/2009", "2011/282"])
    assert guard.find("Förordning (QG) nr 987/2009 – Artikel 44.2") is None
    assert guard.find("Förordning (ORG_3) nr 987/2009") is None     # category-id's mask
    assert guard.find("kommissionens beslut 2011/282/FORTUYN av den 12 januari") is None
    assert guard.find("tillämpningsförordningen 987/2009") is None
    # outside a citation the same strings are leaks as ever
    assert guard.find("The EU:C ruling of the EU") == "EU"
    assert guard.find("(QG) nr 987/2009") == "987/2009"
    assert guard.find("file 2017/1001") == "2017/1001"

def _protected_view(pd):
    return ([(s.text, [a.to_dict() for a in s.assignments], s.codes) for s in pd.segments],
            [m.to_dict() for m in pd.mentions], [c.to_dict() for c in pd.clusters],
            pd.originals, pd.ordinary, pd.selection, pd.detectors, pd.word_chars,
            pd.masked_word_chars, pd.engine)


def test_one_analysis_serves_every_method_as_protect_document_would(corpora):
    """The evaluation finds a document's entities once and replaces them per method
    (``analyse_document`` + ``replace_document``): each method's protected document is the one
    ``protect_document`` makes alone, and a replacement leaves the analysis as it was for the
    next (pseudonym first: it describes the mentions and chooses engine-aware names)."""
    from schemas.records import Document as Doc
    from transforms import formats
    from transforms.protect import analyse_document, replace_document
    src = sorted((corpora / "multileg" / "train" / "sv").glob("*_sv.jsonl"))[0]
    d = formats.read_document(src.name, str(src), src.read_bytes(), "sv", "da")
    assert isinstance(d, Doc) and any(s.labels for s in d.segments)
    forms = [("Stockholm", "LOC")]
    methods = ["pseudonym", "none", "asterisk", "category", "category-id",
               "category-id-grammar", "tags"]
    base = ProtectOptions(secret=b"shared", engine="apertium", scope="corpus")
    analysis = analyse_document(d, base, forms, methods=methods)
    before = [m.to_dict() for m in analysis.mentions]
    for method in methods:
        options = ProtectOptions(method=method, secret=b"shared", engine="apertium",
                                 scope="corpus")
        shared = replace_document(analysis, options)
        alone = protect_document(d, options, forms)
        assert _protected_view(shared) == _protected_view(alone), method
        assert [m.to_dict() for m in analysis.mentions] == before, method
    # the methods differ (the test compares something)
    texts = {m: [s.text for s in replace_document(analysis, ProtectOptions(
        method=m, secret=b"shared", engine="apertium", scope="corpus")).segments]
        for m in ("pseudonym", "asterisk", "none")}
    assert texts["pseudonym"] != texts["asterisk"] != texts["none"]


def _names(text, *names):
    return [[text.index(n), text.index(n) + len(n), "ORG"] for n in names]


def test_a_spanish_article_takes_the_gender_and_number_of_the_name_put_back(apertium):
    """The engine's article agreed with the stand-in ("la Junta"); before the original put
    back ("Tribunal", masculine) it is "el", "de la" is "del", "a la" "al", and back."""
    from transforms.restore import _spanish_articles
    text = "el juicio de la Tribunal de Justicia, dado a la Tribunal General y del Comisión"
    spans = _names(text, "la Tribunal de Justicia", "Tribunal General", "Comisión")
    out = _spanish_articles(text, spans, spans)
    assert out == "el juicio del Tribunal de Justicia, dado al Tribunal General y de la Comisión"
    # the spans move with the text; one that held "la" holds the name alone after "del"
    assert [out[a:b] for a, b, _ in spans] == ["Tribunal de Justicia", "Tribunal General",
                                               "Comisión"]
    text = "La Tribunal dijo que los Naciones Unidas y el Parlamento"
    spans = _names(text, "La Tribunal", "Naciones Unidas", "Parlamento")
    out = _spanish_articles(text, spans, spans)
    assert out == "El Tribunal dijo que las Naciones Unidas y el Parlamento"
    assert [out[a:b] for a, b, _ in spans] == ["El Tribunal", "Naciones Unidas", "Parlamento"]
    # a feminine noun opening with an unstressed "a" takes "la"; with a stressed one "el"
    text = "recurso al Audiencia Nacional, en el Aula Magna"
    spans = _names(text, "Audiencia Nacional", "Aula Magna")
    assert _spanish_articles(text, spans, spans) == \
        "recurso a la Audiencia Nacional, en el Aula Magna"


def test_a_spanish_article_is_left_before_an_original_put_back_as_written(apertium):
    """"Media" of "Media and Telecommunication Department", put back in English, is no
    Spanish "media": its article stays; the spans after a changed article move."""
    from transforms.restore import _spanish_articles
    text = "Director del Media y el Departamento, de la Tribunal General"
    spans = _names(text, "Media y el Departamento", "Tribunal General")
    out = _spanish_articles(text, spans, spans[1:])
    assert out == "Director del Media y el Departamento, del Tribunal General"
    assert [out[a:b] for a, b, _ in spans] == ["Media y el Departamento", "Tribunal General"]
    # put back as written: Spanish where English does not know its first word
    text = "emitido por el Inspección Financiera y muchos del Paris"
    spans = _names(text, "Inspección Financiera", "Paris")
    assert _spanish_articles(text, spans, [], "en") == \
        "emitido por la Inspección Financiera y muchos del Paris"


def test_a_spanish_article_is_left_where_the_name_says_nothing_sure(apertium):
    from transforms.restore import _spanish_articles
    # "Corte" is masculine and feminine, "Oberlandesgericht" no Spanish word, "Área" a
    # feminine noun that takes "el", "estudio" no name; and no article, nothing to agree
    for text, name in (("de la Corte Suprema", "Corte Suprema"),
                       ("del Oberlandesgericht Hamburg", "Oberlandesgericht Hamburg"),
                       ("el Área Metropolitana", "Área Metropolitana"),
                       ("de la estudio", "estudio"),
                       ("según Tribunal General", "Tribunal General")):
        spans = _names(text, name)
        assert _spanish_articles(text, spans, spans) == text


def test_a_spanish_conjunction_goes_with_the_word_now_after_it():
    from transforms.restore import _spanish_conjunctions
    # the engine wrote "e" before a stand-in's "I..."; the original put back word for word
    # has "protección" there; and "y" before an original that opens with an "i" sound
    text = "de Justicia e protección y Ibiza, o otro y hierro"
    assert _spanish_conjunctions(text, [[3, 29, "ORG"]]) == \
        "de Justicia y protección e Ibiza, o otro y hierro"     # outside: the engine's
    assert _spanish_conjunctions("Francia y Italia", [[10, 16, "LOC"]]) == "Francia e Italia"
    assert _spanish_conjunctions("Francia y hierro", [[10, 16, "LOC"]]) == "Francia y hierro"
    assert _spanish_conjunctions("siete o ocho", [[8, 12, "LOC"]]) == "siete u ocho"
    assert _spanish_conjunctions("siete u Bélgica", [[8, 15, "LOC"]]) == "siete o Bélgica"
    assert _spanish_conjunctions("siete o Bélgica", [[8, 15, "LOC"]]) == "siete o Bélgica"
