"""Names that two detectors see in part, and names the recall margin runs on past."""
from transforms.detect import model
from transforms.detect.base import Span
from transforms.linking import PRECAUTION


def _model_spans(texts, lang="en"):
    return [[(s.text, s.category) for s in row]
            for row in model.default_tagger().detect(texts, lang)]


def _span(text, words, category="ORG", source="detector"):
    start = text.index(words)
    return Span(start, start + len(words), category, "model", words, source=source)


def test_a_country_before_a_court_goes_with_it_at_a_sentence_start():
    # the rules found "Germany's Federal Court", the model "Federal Court of Justice": the
    # longer alone sent "Germany's"
    [row] = _model_spans(["Germany's Federal Court of Justice dismissed the appeal."])
    assert row == [("Germany's Federal Court of Justice", "ORG")]


def test_an_english_name_does_not_run_on_into_lower_case_words_the_margin_took():
    [row] = _model_spans(["Germany's Federal Court dismissed the appeal."])
    assert row == [("Germany's Federal Court", "ORG")]


def test_the_margins_lower_case_tail_is_cut_but_not_a_capital_inside_a_word():
    text = "the ministre de l’Agriculture dismissed the appeal"
    toks = model.tokenize(text)
    tags = ["B-ORG", "I-ORG", "I-ORG", "I-ORG", "I-ORG", "I-ORG", "I-ORG"]
    flipped = [False, False, False, False, True, True, True]
    assert [s.text for s in model.spans_from_tags(text, toks, tags, "en", flipped)] == \
        ["the ministre de l’Agriculture"]
    # a language that writes names in lower case keeps the model's run as it is
    assert [s.text for s in model.spans_from_tags(text, toks, tags, "lv", flipped)] == \
        [text]
    # what the cut leaves of a run of the margin's alone is no name
    text = "The court heard John Smith today"
    tags = ["B-ORG", "I-ORG", "I-ORG", "B-PER", "I-PER", "O"]
    flipped = [False, True, True, False, False, False]
    assert [s.text for s in model.spans_from_tags(text, model.tokenize(text), tags, "en",
                                                  flipped)] == ["John Smith"]


def test_crossing_names_are_joined_and_the_longer_gives_the_category():
    text = "Juzgado de lo Social No 41 de Madrid decided."
    left, right = _span(text, "Juzgado de lo Social No 41"), \
        _span(text, "Social No 41 de Madrid", "LOC", PRECAUTION)
    date = Span(0, 4, "DATE", "", "Juzg")
    joined = model._crossing_joined(text, [right, date, left], {}, "en", set())
    names = [s for s in joined if s.category != "DATE"]
    assert [(s.text, s.category, s.source) for s in names] == \
        [("Juzgado de lo Social No 41 de Madrid", "ORG", "detector")]
    assert date in joined


def test_a_chain_of_crossing_names_is_one_name():
    text = "We met Zorvak Brelm Quintar Dovesk Ulmfar there."
    spans = [_span(text, "Zorvak Brelm"), _span(text, "Brelm Quintar Dovesk"),
             _span(text, "Dovesk Ulmfar")]
    joined = model._crossing_joined(text, spans, {}, "en", set())
    assert [s.text for s in joined] == ["Zorvak Brelm Quintar Dovesk Ulmfar"]


def test_crossing_names_stay_apart_where_the_shorter_adds_no_name_word():
    # lower case only, and another name after "and" ("un" in Latvian)
    text = "fra Audiencia Provincial de Barcelona"
    spans = [_span(text, "fra Audiencia"), _span(text, "Audiencia Provincial de Barcelona")]
    assert model._crossing_joined(text, spans, {}, "da", set()) is spans
    text = "Apvienības One Voice un Ligue pour la protection des oiseaux"
    spans = [_span(text, "Apvienības One Voice"),
             _span(text, "Voice un Ligue pour la protection des oiseaux")]
    assert model._crossing_joined(text, spans, {}, "lv", set()) is spans


def test_an_ordinary_word_opening_the_sentence_is_not_joined_to_the_name_after_it():
    text = "Hagi EUIPO teise apellatsioonikoja otsuse peale."
    spans = [_span(text, "Hagi EUIPO"), _span(text, "EUIPO teise apellatsioonikoja")]
    # the document writes "hagi" in lower case elsewhere: an ordinary word
    assert model._crossing_joined(text, spans, {}, "et", {"hagi"}) is spans
    joined = model._crossing_joined(text, spans, {}, "et", set())
    assert [s.text for s in joined] == ["Hagi EUIPO teise apellatsioonikoja"]
