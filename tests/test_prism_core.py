"""PRISM's pure core: ε, the mechanisms' substitution probabilities, PRISM*'s choice,
decoding, and the dictionary's estimate from probes."""
import math
import random
from collections import Counter

import pytest

from transforms.prism import (Entry, WordDictionary, decode, epsilon, estimate, nested,
                              plan_probes, prism_r, prism_star)
from transforms.prism.tokens import Token, words

# a toy engine: word-for-word English -> Spanish
TABLE = {"the": "el", "court": "tribunal", "judge": "juez", "orders": "ordena",
         "payment": "pago", "law": "ley", "contract": "contrato", "rules": "decide",
         "a": "un", "signs": "firma", "bank": "banco", "quickly": "rápidamente"}


def translate(text):
    return " ".join(TABLE.get(w.lower(), w.lower()) for w in text.split())


def toy_dictionary(words_, pos="NOUN", conf=None):
    d = WordDictionary({}, {})
    for i, w in enumerate(words_):
        c = (conf or {}).get(w, 10.0 - i)
        d.words[w] = Entry(w, None, 10, [(TABLE[w], c)])
        d.keyed[(w, pos)] = Entry(w, pos, 10, [(TABLE[w], c)])
    return d


def test_epsilon_is_theorem_3_2():
    assert epsilon(0.5, 4) == pytest.approx(math.log((0.5 + 4 * 0.5) / 0.5))
    assert epsilon(1.0, 1000) == pytest.approx(0.0)
    # more substitution, more privacy: ε falls as r grows
    assert epsilon(0.1, 2000) > epsilon(0.3, 2000) > epsilon(0.9, 2000)
    with pytest.raises(ValueError):
        epsilon(0.0, 10)


@pytest.mark.parametrize("r", [0.3, 0.7])
def test_prism_r_substitution_probabilities_match_the_formula(r):
    """Each word is sent as itself with probability (1-r) + r/|V| and as each other word
    with r/|V|; the worst-case ratio is e^ε.  Binomial 5-sigma bounds: a mechanism drawing
    substitutes from V without w (or at another rate) fails."""
    vocab = ["court", "judge", "payment", "law", "contract"]
    d = toy_dictionary(vocab)
    rng = random.Random(1)
    trials = 30000
    seen = Counter()
    for _ in range(trials):
        enc = prism_r("court", words("court"), d, r, rng)
        seen[enc.text] += 1
    V = len(vocab)
    expect = {w: (r / V) for w in vocab}
    expect["court"] = (1 - r) + r / V
    for w, p in expect.items():
        sigma = math.sqrt(p * (1 - p) / trials)
        assert abs(seen[w] / trials - p) < 5 * sigma, (w, seen[w] / trials, p)
    assert set(seen) == set(vocab)
    ratio = max(seen.values()) / min(seen.values())
    assert math.log(ratio) == pytest.approx(epsilon(r, V), rel=0.15)


def test_prism_r_substitutes_only_words_of_the_vocabulary_it_draws_from():
    """A dictionary word left out of V (an entity string of the run) is never drawn, so it
    must not be substituted either: kept with 1 - r alone, one output would be impossible
    from it and possible from any other word (no finite ε)."""
    d = toy_dictionary(["court", "judge", "payment"])
    rng = random.Random(5)
    outs = {prism_r("court judge", words("court judge"), d, 1.0, rng,
                    vocabulary=["judge", "payment"]).text.split()[0] for _ in range(200)}
    assert outs == {"court"}


def test_prism_r_leaves_protected_spans_and_non_dictionary_words():
    d = toy_dictionary(["court", "judge"])
    text = "The court, Ana Pérez, 12 orders"
    enc = prism_r(text, words(text), d, 1.0, random.Random(3), protected=[(11, 21)])
    assert "Ana Pérez" in enc.text and "12" in enc.text and enc.text.startswith("The ")
    start = enc.moved(11)
    assert enc.text[start:start + 9] == "Ana Pérez"


def test_prism_star_replaces_the_most_confident_words_by_same_pos_words():
    d = toy_dictionary(["court", "judge", "payment", "law", "contract", "bank"],
                       conf={"court": 9, "judge": 8, "payment": 2, "law": 7, "contract": 6,
                             "bank": 5})
    d.keyed[("signs", "VERB")] = Entry("signs", "VERB", 10, [("firma", 9.5)])
    d.words["signs"] = Entry("signs", None, 10, [("firma", 9.5)])
    text = "the court orders payment"
    toks = [Token(t.start, t.end, t.text, {"court": "NOUN", "payment": "NOUN",
                                             "orders": "VERB"}.get(t.key, "DET"))
            for t in words(text)]
    enc = prism_star(text, toks, d, 0.25, rng=random.Random(0))   # ceil(0.25*4) = 1
    assert len(enc.substitutions) == 1
    sub = enc.substitutions[0]
    # court is the most confident NOUN; its stand-in is the most confident unused NOUN
    assert sub.original == "court" and enc.text == "the judge orders payment"
    assert sub.decode_to == "tribunal" and sub.decode_from[0] == "juez"
    out, n = decode(translate(enc.text), enc.substitutions)
    assert n == 1 and out == translate(text)


def test_decode_restores_every_substitution_and_nodecode_does_not():
    vocab = ["court", "judge", "payment", "law", "contract", "bank"]
    d = toy_dictionary(vocab)
    text = "the court orders payment the judge signs a contract"
    rng = random.Random(7)
    decoded_ok = 0
    for _ in range(50):
        enc = prism_r(text, words(text), d, 0.9, rng)
        sent = translate(enc.text)
        out, n = decode(sent, enc.substitutions, sent_length=len(enc.text))
        decoded_ok += out == translate(text)
        assert n == len(enc.substitutions)
        if enc.substitutions:
            assert sent != translate(text)          # NoDecode keeps the stand-ins
    # a substitute that is also a word of the sentence can make two occurrences trade
    # places; nearly all come back exact
    assert decoded_ok >= 45


def test_nested_keeps_both_histories_and_decodes_back():
    d = toy_dictionary(["court", "judge", "payment", "law", "contract", "bank"])
    text = "the court orders payment"
    tag = lambda t: [Token(x.start, x.end, x.text, "NOUN" if x.key in TABLE and x.key not in
                           ("the", "orders") else "X") for x in words(t)]
    enc = nested(text, tag(text), tag, d, 0.5, 0.5, random.Random(2))
    out, n = decode(translate(enc.text), enc.substitutions)
    assert n == len(enc.substitutions) and out == translate(text)


def test_estimate_ranks_the_words_translation_first():
    sentences = ["the court rules", "the judge signs a contract", "a bank signs",
                 "the law rules quickly"] * 5
    from transforms.prism.tokens import CONTENT_POS
    pos = {"court": "NOUN", "judge": "NOUN", "contract": "NOUN", "bank": "NOUN", "law":
           "NOUN", "rules": "VERB", "signs": "VERB", "quickly": "ADV"}
    tagged = [[Token(t.start, t.end, t.text, pos.get(t.key, "DET")) for t in words(s)]
              for s in sentences]
    probes = plan_probes(tagged, sentences, [("payment", ("NOUN",)), ("orders", ("VERB",))],
                         probes=8, seed=1)
    assert all(p.text != p.base for p in probes)
    tr = {t: translate(t) for p in probes for t in (p.text, p.base)}
    d = estimate(probes, tr)
    assert d.entry("payment").top == "pago" and d.entry("orders").top == "ordena"
    assert d.entry("payment", "NOUN").confidence > 2
    assert set(CONTENT_POS) >= {s for (_, s) in d.keyed}
    # round trip through the file format
    again = WordDictionary.from_rows(d.rows(), d.provenance)
    assert again.entry("payment").translations == d.entry("payment").translations
