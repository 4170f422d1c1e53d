"""CoNLL-U adapter on small hand-written fixtures (no treebank text in the repo)."""
from pathlib import Path

import pytest

from transforms.nlp.base import decode_tags, entity_head
from transforms.nlp.conllu import read_annotated, read_document, split_documents
from transforms.nlp import tagsets

FIX = Path(__file__).parent / "fixtures" / "nlp"


def test_reads_a_real_stanza_document():
    import stanza
    doc = read_document(str(FIX / "es_mwt_ner.conllu"))
    assert isinstance(doc, stanza.Document)
    assert len(doc.sentences) == 2


def test_text_rebuilt_from_tokens_with_spacing():
    ann = read_annotated(str(FIX / "es_mwt_ner.conllu"), lang="es")
    assert ann.text == "Ana Pérez Gil vive al lado del río.\nEl Banco de Cádiz abrió."


def test_mwt_words_share_their_token_span():
    ann = read_annotated(str(FIX / "es_mwt_ner.conllu"))
    words = [t.text for t in ann.tokens[:11]]
    assert words == ["Ana", "Pérez", "Gil", "vive", "a", "el", "lado", "de", "el", "río", "."]
    a, el = ann.tokens[4], ann.tokens[5]
    assert a.mwt and el.mwt
    assert ann.text[a.token_start:a.token_end] == "al"
    assert (a.start_char, a.end_char) == (el.start_char, el.end_char) == (a.token_start, a.token_end)
    assert a.head == 7 and el.feats == {"Definite": "Def", "Gender": "Masc", "Number": "Sing"}


def test_mwt_words_that_spell_the_token_get_their_own_offsets():
    ann = read_annotated(str(FIX / "pl_split.conllu"))
    w1, w2 = ann.tokens[0], ann.tokens[1]
    assert ann.text == "Zrobiłem to wczoraj."
    assert (ann.text[w1.start_char:w1.end_char], ann.text[w2.start_char:w2.end_char]) == ("Zrobił", "em")
    assert w1.token_end == w2.token_end == 8 and w2.lemma == "być" and w2.head == 1


def test_bioes_ner_in_misc_with_head_word():
    ann = read_annotated(str(FIX / "es_mwt_ner.conllu"))
    ents = [(ann.text[e.start_char:e.end_char], e.type) for e in ann.entities]
    assert ents == [("Ana Pérez Gil", "PER"), ("Banco de Cádiz", "ORG")]
    assert ann.tokens[ann.entities[0].head].text == "Ana"
    assert ann.tokens[ann.entities[1].head].text == "Banco"


def test_edt_style_ne_misc():
    ann = read_annotated(str(FIX / "et_ne_misc.conllu"), lang="et")
    ents = [(ann.text[e.start_char:e.end_char], e.type, e.raw_type) for e in ann.entities]
    assert ents == [("Mari Tamm", "PER", "Per"), ("Tartusse", "LOC", "Gep")]
    assert ann.tokens[ann.entities[1].head].lemma == "Tartu"


def test_tag_mapping_is_overridable():
    ann = read_annotated(str(FIX / "et_ne_misc.conllu"), mapping={"Per": "PER", "Gep": None})
    assert [e.type for e in ann.entities] == ["PER"]
    assert tagsets.map_tag("PERSON", "ontonotes") == "PER"
    assert tagsets.map_tag("CARDINAL", "ontonotes") is None
    assert tagsets.map_tag("SOMETHING_NEW") == "MISC"


def test_decode_tags_lenient():
    assert decode_tags(["B-PER", "I-PER", "O", "I-LOC", "E-LOC", "S-ORG"]) == [
        (0, 1, "PER"), (3, 4, "LOC"), (5, 5, "ORG")]
    assert decode_tags(["B-PER", "B-PER"]) == [(0, 0, "PER"), (1, 1, "PER")]


def test_split_documents():
    text = (FIX / "es_mwt_ner.conllu").read_text(encoding="utf-8")
    assert len(split_documents(text)) == 1
    assert len(split_documents(text + "# newdoc id = b\n" + (FIX / "pl_split.conllu").read_text())) == 2


def test_entities_to_mentions_carry_head_features():
    from transforms.nlp.base import entities_to_mentions
    ann = read_annotated(str(FIX / "et_ne_misc.conllu"), lang="et")
    ms = entities_to_mentions(4, ann)
    assert [(m.text, m.category, m.lemma) for m in ms] == [("Mari Tamm", "PER", "Mari Tamm"),
                                                          ("Tartusse", "LOC", "Tartu")]
    assert ms[1].features == {"Case": "Ill", "Number": "Sing", "upos": "PROPN", "deprel": "obl"}
    assert ms[0].segment == 4 and ms[0].source == "ner"
