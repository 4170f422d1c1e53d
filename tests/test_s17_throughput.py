"""Issue 17 (session 17): the translate job's wall time against raw Apertium.  Each test pins
what a faster path must keep answering exactly as the slower one did."""
from __future__ import annotations

from schemas.records import Document, Segment
from transforms import stages
from transforms.engines.apertium_lexicon import PairLexicon
from transforms.protect import ProtectOptions, protect_document

LINES = [
    ("The Danish Government and the European Commission appealed to the Court of Justice.",
     [("Danish", "NATIONALITY"), ("European Commission", "ORG"), ("Court of Justice", "ORG")]),
    ("Mr Peter Hansen, a German national, lives in Copenhagen.",
     [("Peter Hansen", "PER"), ("German", "NATIONALITY"), ("Copenhagen", "LOC")]),
    ("Italian law applies; the Italian courts and Mr Hansen disagree.",
     [("Italian", "LOC"), ("Hansen", "PER")]),
]


def _labels(text, names):
    return [[text.index(n), text.index(n) + len(n), c] for n, c in names]


def _pd():
    segs = [Segment(document="d.jsonl", id=str(i), index=i, text=t,
                    labels=_labels(t, labels))
            for i, (t, labels) in enumerate(LINES)]
    doc = Document(name="d.jsonl", path="d.jsonl", format="jsonl", skeleton=b"",
                   segments=segs, source_lang="en", target_lang="es")
    return protect_document(doc, ProtectOptions(secret=b"s17", engine="apertium"))


def _translated(pd):
    from transforms.engines import create
    engine = create("apertium", "en", "es")
    try:
        return stages.translate_batch(engine, stages.requests_for(pd, "apertium"))
    finally:
        engine.close()


def test_prefetch_keeps_what_each_question_alone_keeps():
    """The analyser's and the bilingual dictionary's answers kept by one ``prefetch`` of a
    document's words are those asked one word at a time."""
    pd = _pd()
    outputs = [r.text for r in _translated(pd)]
    fakes = [w for s in pd.segments for a in s.assignments
             for w in stages._TOKEN.findall(a.replacement)]
    originals = [w for s in pd.segments for a in s.assignments
                 for w in stages._TOKEN.findall(a.original)]
    words = [w for t in outputs for w in stages._TOKEN.findall(t)]
    at_once, one_by_one = PairLexicon("en", "es"), PairLexicon("en", "es")
    at_once.prefetch(fakes, originals, words)
    for w in dict.fromkeys(fakes + originals):
        one_by_one.source.units(w)
    for w in dict.fromkeys(words):
        one_by_one.target.units(w)
    one_by_one._translate_many(list(at_once._bil))
    assert at_once.source._cache and at_once.target._cache and at_once._bil
    assert at_once.source._cache == {k: v for k, v in one_by_one.source._cache.items()
                                     if k in at_once.source._cache}
    assert at_once.target._cache == one_by_one.target._cache
    assert at_once._bil == one_by_one._bil
    for fake, original in zip(fakes, originals):
        for word in words:
            for default_only in (True, False):
                assert at_once.target_form(fake, word, original, default_only) == \
                    one_by_one.target_form(fake, word, original, default_only)


def test_restore_document_is_the_same_without_the_prefetch(monkeypatch):
    pd = _pd()
    responses = _translated(pd)
    fast = stages.restore_document(pd, responses)
    plain = stages.restoration_lexicon

    def without_prefetch(pd):
        lexicon = plain(pd)
        if lexicon is not None:
            del lexicon.prefetch
        return lexicon
    monkeypatch.setattr(stages, "restoration_lexicon", without_prefetch)
    slow = stages.restore_document(pd, responses)
    assert fast == slow
    assert fast[1].restored > 0


def test_ordinary_forms_asks_once_and_answers_as_form_by_form():
    from transforms import linking
    forms = ["Customs", "Office", "Rose", "Young", "Margaret Thornton", "Court",
             "European Court", "Lane", "Gardens", "The Hague", "Mr Young", "Appeal Court",
             "Thornton", "Fiat", "Court of Appeal"]
    texts = ["customs office rules: the young rose lane, margaret thornton and the court",
             "of appeal in the hague; gardens, european court, mr fiat"]
    lower = linking.lower_words_of(tuple(texts))
    one_by_one = [f for f in forms if f != f.lower()
                  and all(w in lower for w in linking._WORDS.findall(f.lower()))
                  and linking.ordinary_word(f.lower(), "en")]
    assert linking.ordinary_forms(forms, texts, "en") == one_by_one
    assert "Customs" in one_by_one and "Margaret Thornton" not in one_by_one


def test_target_name_answers_the_same_after_the_analyser_was_asked_ahead():
    """``prefetch_names`` and ``ApertiumNames``' kept analyses: the same established names
    (a place, a nationality, a place with its country, unknown and common words)."""
    from transforms import target_names
    names = ["Germany", "the Netherlands", "Hamburg, Germany", "Copenhagen", "Italian",
             "Danish", "Wensenborg", "Lane", "US", "Court", "Madrid (Spain)"]
    cases = [(n, c) for n in names for c in ("LOC", "GPE", "NATIONALITY", "ORG")]

    def answers():
        target_names.target_name.cache_clear()
        return [target_names.target_name(n, c, "en", "es") for n, c in cases]
    target_names._APERTIUM.pop(("en", "es"), None)
    one_by_one = answers()
    target_names._APERTIUM.pop(("en", "es"), None)
    target_names.prefetch_names(names + [p for n in names for p in n.split(", ")], "en", "es")
    assert target_names._apertium("en", "es")._analysed
    ahead = answers()
    again = answers()            # from the kept analyses alone
    assert one_by_one == ahead == again
    assert "Alemania" in one_by_one
