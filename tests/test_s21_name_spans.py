"""Names that two detectors see in part, and names the recall margin runs on past."""
from transforms.detect import model


def _model_spans(texts, lang="en"):
    return [[(s.text, s.category) for s in row]
            for row in model.default_tagger().detect(texts, lang)]


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
