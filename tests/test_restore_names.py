"""Restoration puts places and institutions back in their established target-language names,
finds a pseudonym the engine translated by its target form, and counts every outcome."""
import pytest

from schemas.records import Assignment, Document, ProtectedSegment, Segment
from transforms.restore import restore_segment
from transforms.stages import restore_document
from transforms.protect import ProtectOptions, protect_document
from transforms.target_names import target_name


def seg(text, *assignments):
    return ProtectedSegment(document="d", id="1", index=0, text=text, assignments=list(assignments))


def a(original, replacement, category, start=0):
    return Assignment(cluster=0, category=category, original=original, replacement=replacement,
                      segment=0, start=start, end=start + len(replacement))


def test_table_names_and_never_persons_or_companies():
    assert target_name("the European Commission", "ORG", "en", "es") == "la Comisión Europea"
    assert target_name("European Court of Human Rights", "ORG", "en", "es") == \
        "Tribunal Europeo de Derechos Humanos"
    assert target_name("Comisión Europea", "ORG", "es", "en") == "European Commission"
    assert target_name("Anna Berg", "PER", "en", "es") is None
    assert target_name("Baltic Timber SIA", "ORG", "en", "es") is None
    assert target_name("Poland", "LOC", "en", "en") is None


def test_places_from_apertium_dictionaries(apertium):
    assert target_name("Poland", "LOC", "en", "es") == "Polonia"
    assert target_name("Czech Republic", "GPE", "en", "es") == "República Checa"
    assert target_name("Polonia", "LOC", "es", "en") == "Poland"
    assert target_name("Madrid", "LOC", "en", "es") is None     # same name: nothing to do
    assert target_name("Kalniņi", "LOC", "en", "es") is None    # unknown


def test_swedish_places_and_nationalities_come_back_danish(apertium):
    # the swe-dan pair's own names, and a nationality adjective in the source's form
    assert target_name("Frankrike", "LOC", "sv", "da") == "Frankrig"
    assert target_name("Köpenhamn", "LOC", "sv", "da") == "København"
    assert target_name("österrikiska", "NATIONALITY", "sv", "da") == "østrigske"
    assert target_name("österrikisk", "LOC", "sv", "da") == "østrigsk"   # MultiLeg: a place
    assert target_name("Anna Berg", "PER", "sv", "da") is None


def test_original_comes_back_in_the_target_language(apertium):
    ps = seg("Springfield and Acme Corp sued.", a("Poland", "Springfield", "LOC"),
             a("the European Commission", "Acme Corp", "ORG", 16))
    res = restore_segment(ps, "Springfield y Acme Corp demandaron.", target_lang="es",
                          source_lang="en")
    assert res.text == "Polonia y la Comisión Europea demandaron."
    assert res.status == "translated"
    assert res.outcomes == {"exact+target-name": 2}
    assert [res.text[s:e] for s, e, _ in res.spans] == ["Polonia", "la Comisión Europea"]


def test_pseudonym_translated_by_the_engine_is_found_by_its_target_form(apertium):
    ps = seg("He moved to London.", a("Kaunas", "London", "LOC", 12))
    res = restore_segment(ps, "Se mudó a Londres.", target_lang="es", source_lang="en")
    assert res.text == "Se mudó a Kaunas." and res.outcomes == {"target-form": 1}


def test_unplaceable_is_counted_and_flagged():
    ps = seg("Acme Corp sued.", a("Baltic Timber SIA", "Acme Corp", "ORG"))
    res = restore_segment(ps, "Demandaron.", target_lang="es", source_lang="en")
    assert res.status == "needs-review" and res.outcomes == {"unplaced": 1}


def test_document_report_counts_outcomes(apertium):
    doc = Document(name="d.jsonl", path="d.jsonl", format="jsonl", skeleton=b"", source_lang="en",
                   target_lang="es",
                   segments=[Segment(document="d.jsonl", id="1", index=0,
                                     text="Anna Berg moved to Poland on 3 May 2019.",
                                     labels=[[0, 9, "PER"], [19, 25, "LOC"], [29, 39, "DATE"]])])
    pd = protect_document(doc, ProtectOptions(secret=b"k"))
    from transforms.stages import requests_for, translate_batch
    from transforms.engines import create
    reqs = requests_for(pd, "apertium")
    eng = create("apertium", "en", "es")
    try:
        responses = translate_batch(eng, reqs)
    finally:
        eng.close()
    results, report = restore_document(pd, responses)
    text = results["1"].text
    assert "Anna Berg" in text and "Polonia" in text and "mayo de 2019" in text
    assert sum(report.outcomes.values()) == 3 and report.outcomes.get("date") == 1


def test_a_date_sent_with_its_leading_word_is_placed_with_it():
    """Swedish "den 10 februari 2014" sent as "den 7 februari 2016" comes back "den 7 februar
    2016": found by its components, the date's span left "den" out, and the masked output
    ("dom af den NER") differed from a reference masking the whole date."""
    ps = seg("Dom av den 7 februari 2016, X.",
             Assignment(cluster=0, category="DATE", original="den 10 februari 2014",
                        replacement="den 7 februari 2016", segment=0, start=7, end=26))
    res = restore_segment(ps, "Dom af den 7 februar 2016, X.", target_lang="da",
                          source_lang="sv")
    assert res.unresolved == 0
    assert [res.text[s:e] for s, e, _ in res.spans] == ["den 10 februar 2014"], res.text


def test_free_tokens_are_those_no_taken_span_overlaps():
    # ``_free_tokens`` (bisection over the tokens) says for each token what ``_overlaps``
    # says of it: spans empty, inside a word, across several, at either edge.
    import random
    from transforms.linking import _TOKEN
    from transforms.restore import _free_tokens, _overlaps
    rnd = random.Random(7)
    for _ in range(500):
        text = " ".join(rnd.choice(["de", "la", "Comisión", "(", ")", "l'Union", "2013,"])
                        for _ in range(rnd.randint(0, 20)))
        toks = list(_TOKEN.finditer(text))
        taken = []
        for _ in range(rnd.randint(0, 4)):
            a = rnd.randint(0, len(text))
            taken.append((a, min(len(text), a + rnd.randint(0, 12))))
        assert _free_tokens(toks, taken) == [not _overlaps(t.span(), taken) for t in toks]


def test_restoration_lexicon_asks_the_pair_once_per_question_and_warms_once_per_text(
        monkeypatch):
    # Restoration asks about a pseudonym's words with every word around it, again and
    # again: the document's lexicon answers a repeated question from what it was told,
    # except an analyser failure (asked again), and warms a segment's words once.
    from types import SimpleNamespace
    from transforms import stages
    from transforms.engines import apertium_lexicon
    asked, warmed = [], []

    class Pair:
        target = object()

        def target_form(self, fake, found, original, default_only=False):
            asked.append((fake, found, original, default_only))
            if found == "roto":
                raise OSError("analyser gone")
            return original.upper() if found.startswith(fake[:1].lower()) else None

        def warm(self, words):
            warmed.append(list(words))
    monkeypatch.setattr(apertium_lexicon, "pair_lexicon", lambda s, t: Pair())
    pd = SimpleNamespace(engine="apertium",
                         document=SimpleNamespace(source_lang="en", target_lang="es"))
    lexicon = stages.restoration_lexicon(pd)
    for _ in range(3):
        assert lexicon("Card", "carta", "Pass") == "PASS"
        assert lexicon("Card", "de", "Pass") is None
        assert lexicon("Card", "de", "Pass", True) is None
        assert lexicon("Card", "roto", "Pass") is None
        lexicon.warm(["la", "carta"])
    lexicon.warm(["otra"])
    lexicon.warm(["la", "carta"])
    assert asked == [("Card", "carta", "Pass", False), ("Card", "de", "Pass", False),
                     ("Card", "de", "Pass", True)] + [("Card", "roto", "Pass", False)] * 3
    assert warmed == [["la", "carta"], ["otra"], ["la", "carta"]]
