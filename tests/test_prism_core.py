"""PRISM's pure core: ε, the mechanisms' substitution probabilities (PRISM-R, the mixture),
PRISM*'s choice, decoding, and the dictionary's estimate from probes."""
import math
import random
from collections import Counter

import pytest

from transforms.prism import (Entry, WordDictionary, decode, epsilon, estimate,
                              mix_substitutes, nested, plan_probes, prism_mix, prism_r,
                              prism_star)
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


# --- the mixture (prism-mix) -----------------------------------------------------------

MIX_VOCAB = ["court", "judge", "payment", "law", "contract"]


def _mix_counts(word, d, r, trials, seed):
    rng = random.Random(seed)
    seen = Counter()
    for _ in range(trials):
        seen[prism_mix(word, words(word), d, r, rng).text] += 1
    return seen


@pytest.mark.parametrize("r", [0.3, 0.7])
def test_prism_mix_substitution_probabilities_match_the_formula(r):
    """Given w, each word u of V is sent with probability r/|V|, plus 1 - r for u = s(w)
    (w itself when w has no s(w)); so between two inputs the largest ratio of an output's
    probabilities is ((1-r) + r/|V|) / (r/|V|) = e^ε, PRISM-R's ε.  Binomial 5-sigma bounds:
    a mixture drawing from V without w, choosing s(w) at another rate, or keeping w beside
    s(w), fails."""
    d = toy_dictionary(MIX_VOCAB)
    # bank is in V, without a POS-keyed entry: no s(w), kept with 1 - r (plain PRISM-R)
    d.words["bank"] = Entry("bank", None, 10, [("banco", 3.0)])
    vocab = MIX_VOCAB + ["bank"]
    V = len(vocab)
    fixed = mix_substitutes(d)
    # the rule: the next word after w in its POS's entries (most confident first), round
    assert {w: u for w, (u, _) in fixed.items()} == {
        "court": "judge", "judge": "payment", "payment": "law", "law": "contract",
        "contract": "court"}
    trials = 30000
    dists = {}
    for w, seed in (("court", 11), ("judge", 12), ("bank", 13)):
        seen = _mix_counts(w, d, r, trials, seed)
        assert set(seen) <= set(vocab)
        target = fixed[w][0] if w in fixed else w
        expect = {u: r / V + ((1 - r) if u == target else 0.0) for u in vocab}
        for u, p in expect.items():
            sigma = math.sqrt(p * (1 - p) / trials)
            assert abs(seen[u] / trials - p) < 5 * sigma, (w, u, seen[u] / trials, p)
        dists[w] = {u: seen[u] / trials for u in vocab}
    # every output of V is possible from every input: the ratio is bounded, and reached
    eps = epsilon(r, V)
    assert eps == pytest.approx(math.log((r + V * (1 - r)) / r))
    worst = max(dists[a][u] / dists[b][u] for a in dists for b in dists if a != b
                for u in vocab)
    bound = ((1 - r) + r / V) / (r / V)
    # the worst ratio is a big count over a small one: ~5 sigma of the small count
    small = trials * r / V
    slack = 5 / math.sqrt(small)
    assert bound * (1 - slack) < worst < bound * (1 + slack), (worst, bound)
    assert math.log(worst) == pytest.approx(eps, abs=2 * slack)


def test_prism_mix_uniform_draws_are_prism_r_s():
    """The uniform branch is PRISM-R's draw from the same randomness: with the same seed,
    every word PRISM-R replaced is replaced by the same word; every other dictionary word
    with an s(w) is sent as s(w) (or as itself when PRISM-R drew it itself)."""
    d = toy_dictionary(MIX_VOCAB + ["bank"])
    fixed = mix_substitutes(d)
    text = "the court orders payment the judge and a contract law bank"
    toks = words(text)
    for seed in range(200):
        a = prism_r(text, toks, d, 0.4, random.Random(seed)).text.split()
        b = prism_mix(text, toks, d, 0.4, random.Random(seed)).text.split()
        for o, x, y in zip(text.split(), a, b):
            if x != o:
                assert y == x
            elif o in fixed:
                assert y in (o, fixed[o][0])
            else:
                assert y == o


def test_prism_mix_fixed_substitute_ignores_the_neighbours():
    """s(w) is a function of w: the same word in two different sentences, whatever its
    neighbours (even s(w) itself already in the sentence) and whatever POS the tagger would
    give it there, gets the same substitute when the non-uniform branch fires."""

    class NeverUniform(random.Random):
        def random(self):
            return 0.999

    d = toy_dictionary(MIX_VOCAB + ["bank"], conf={"bank": 9.5})
    d.keyed[("court", "VERB")] = Entry("court", "VERB", 10, [("cortejar", 3.0)])
    d.keyed[("signs", "VERB")] = Entry("signs", "VERB", 10, [("firma", 9.0)])
    d.words["signs"] = Entry("signs", None, 10, [("firma", 9.0)])
    one = "the court orders payment"
    two = "a bank signs the contract the judge will court"
    got = []
    for text, pos in ((one, "NOUN"), (two, "VERB")):
        toks = [Token(t.start, t.end, t.text, pos if t.key == "court" else "NOUN")
                for t in words(text)]
        enc = prism_mix(text, toks, d, 0.3, NeverUniform(0))
        got += [(enc.text[s.start:s.end], s.original) for s in enc.substitutions
                if s.original == "court"]
    # court's most confident POS entry is its NOUN one; the NOUN after it is bank
    assert got == [("bank", "court"), ("bank", "court")]
    # and the history decodes it like PRISM-R's (L(u) -> L(w, 1))
    enc = prism_mix(one, words(one), d, 0.3, NeverUniform(0))
    assert enc.text == "the bank orders law"
    out, n = decode(translate(enc.text), enc.substitutions)
    assert n == 2 and out == translate(one)


def test_prism_mix_substitutes_only_words_of_the_vocabulary():
    """A word left out of V (an entity string of the run) is never a fixed substitute nor
    a draw: s(w) moves on to the next word; a word outside V is never substituted."""
    d = toy_dictionary(MIX_VOCAB)
    vocab = ["court", "payment", "law", "contract"]            # judge: an entity string
    fixed = mix_substitutes(d, vocab)
    assert fixed["court"][0] == "payment" and "judge" not in fixed
    assert all(u in vocab for u, _ in fixed.values())
    rng = random.Random(4)
    outs = Counter()
    for _ in range(2000):
        enc = prism_mix("court judge", words("court judge"), d, 0.5, rng, vocabulary=vocab)
        first, second = enc.text.split()
        outs[first] += 1
        assert second == "judge"
    assert "judge" not in outs and outs["payment"] > outs["law"]


def test_prism_mix_fixed_substitute_is_no_word_of_an_entity_string():
    """``avoid`` (the words of the run's entity strings): s(w) moves on past them, so that no
    s(w) completes an entity string with the words around it ("the costs" -> "the court"
    where "the Court" is an entity); the word itself keeps its own s(w)."""
    d = toy_dictionary(MIX_VOCAB)
    assert mix_substitutes(d)["court"][0] == "judge"
    fixed = mix_substitutes(d, avoid=["the", "judge", "Payment"])
    assert fixed["court"][0] == "law" and fixed["judge"][0] == "law"
    assert all(u not in ("judge", "payment") for u, _ in fixed.values())


def test_prism_mix_decodes_back():
    d = toy_dictionary(MIX_VOCAB + ["bank"])
    text = "the court orders payment the judge signs a contract"
    rng = random.Random(9)
    ok = 0
    for _ in range(50):
        enc = prism_mix(text, words(text), d, 0.5, rng)
        assert enc.substitutions and all(s.mechanism == "prism-mix" for s in enc.substitutions)
        out, n = decode(translate(enc.text), enc.substitutions, sent_length=len(enc.text))
        assert n == len(enc.substitutions)
        ok += out == translate(text)
    assert ok >= 45
