"""Estonian, which no frequency list covers and no analyser here reads (session 33): the
words the name model's training text writes in lower case stand for a frequency list."""
from __future__ import annotations

import json


def test_a_sentences_ordinary_first_word_is_no_name(found_names):
    """An Estonian lease's "Lepingu lisad on allkirjastatud" (the contract's annexes) and
    "Alates 1. maist ..." masked their first words as persons': with no frequency list, a
    word's first letters matching a listed name's were enough at a sentence's start.  The
    persons stay (a guard)."""
    got = found_names(["Lepingu lisad on allkirjastatud.",
                       "Alates 1. maist kehtib uus kord.",
                       "Lepingu sõlmimisel viibis kohal ka Liis Saar."], lang="et")
    assert got[0] == [] and got[1] == []
    assert got[2] == [("Liis Saar", "PER")]


def test_the_word_lists_hold_lower_case_words_outside_names(tmp_path):
    """``write_ordinary_words``: a language's words in lower case, the gold names' left out
    (MultiLeg writes some bodies in lower case), only for languages no frequency list has."""
    from scripts.train_name_tagger import write_ordinary_words
    from transforms.detect.model import words_path
    rows = [{"text": "Lepingu pooled on Mari Tamm ja ettevõte nimega kaubamaja.",
             "label": [[18, 27, "PER"], [47, 56, "ORG"]]}]
    docs = [("1", "et", rows, None), ("2", "en", [{"text": "the contract", "label": []}], None)]
    out = write_ordinary_words(docs, tmp_path / "m.crfsuite")
    assert out == words_path(tmp_path / "m.crfsuite")
    words = json.loads(out.read_text(encoding="utf-8"))
    assert set(words) == {"et"}
    assert {"pooled", "on", "ja", "ettevõte"} <= set(words["et"])
    assert "nimega" in words["et"] and "kaubamaja" not in words["et"]
    assert "Lepingu" not in words["et"] and "lepingu" not in words["et"]
