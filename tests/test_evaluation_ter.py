"""The evaluation's statistics are sacrebleu's own: the compiled TER (fast_ter) gives the same
edits as ``sacrebleu.metrics.lib_ter`` on real MT against human references (Apertium sv->da
on MultiLeg, long poor segments included), the compiled chrF counts (fast_chrf) the same
n-grams, and the per-segment statistics summed give the same corpus scores and signatures
as sacrebleu's ``corpus_score``."""
import os
import random

import pytest
from sacrebleu.metrics import BLEU, CHRF, TER, lib_ter

from transforms.evaluation import fast_chrf, fast_ter, metrics


def _words(text):
    return TER()._preprocess_segment(text).split()


SYNTHETIC = [
    ("", ""), ("a", ""), ("", "a b c"), ("a b c", "a b c"), ("c b a", "a b c"),
    ("the cat sat on the mat", "on the mat the cat sat"),
    ("a a a a b b b b", "b b b b a a a a"),
    ("x " * 3 + "y", "y " + "x " * 60),                      # very unequal lengths: wide beam
    (" ".join("w%d" % (i % 7) for i in range(120)), " ".join("w%d" % (i % 5) for i in range(90))),
]


@pytest.mark.parametrize("hyp,ref", SYNTHETIC)
def test_edit_rate_equals_sacrebleu_on_edge_cases(hyp, ref):
    h, r = hyp.split(), ref.split()
    assert fast_ter.translation_edit_rate(h, r) == lib_ter.translation_edit_rate(h, r)


def test_the_plain_python_kernel_is_the_compiled_one():
    # the fallback without numba runs the same function uncompiled
    if not fast_ter.COMPILED:
        # numba is a dependency (setup.py): CI must have it
        (pytest.fail if os.environ.get("CI") else pytest.skip)("numba not installed")
    import numpy as np
    rnd = random.Random(3)
    for _ in range(30):
        r = np.array([rnd.randrange(8) for _ in range(rnd.randrange(1, 40))], dtype=np.int32)
        h = np.array([rnd.randrange(8) for _ in range(rnd.randrange(1, 40))], dtype=np.int32)
        assert fast_ter._edit_rate(h, r) == fast_ter._edit_rate.py_func(h, r)


@pytest.fixture(scope="module")
def sv_da_pairs():
    """Apertium sv->da of line-aligned MultiLeg train documents, with the human da lines."""
    from tests.conftest import corpora_dir
    from transforms.engines.apertium import ApertiumEngine
    from transforms.engines.base import EngineError
    root = corpora_dir() / "multileg" / "train"
    if not root.is_dir():
        pytest.skip(f"corpus-wide test: {root} not found (set DOPPEL_CORPORA)")
    try:
        eng = ApertiumEngine("sv", "da")
    except EngineError as exc:     # .ci/run installs apertium-swe-dan: CI must have it
        (pytest.fail if os.environ.get("CI") else pytest.skip)(f"Apertium sv-da: {exc}")
    from benchmarks.check_ter_exact import apertium_sv_da_pairs
    try:
        pairs = apertium_sv_da_pairs(eng, root, 6)
    finally:
        eng.close()
    assert len(pairs) > 150
    return pairs


def _sample(pairs):
    """Every 3rd pair, the 15 longest (poor MT against a human reference: the shift search
    runs into its 1,000-candidate limit) and scrambled hypotheses of a few."""
    by_len = sorted(pairs, key=lambda p: -len(p[1].split()))
    chosen = pairs[::3] + by_len[:15]
    rnd = random.Random(7)
    for h, r in pairs[1::25]:
        w = h.split()
        rnd.shuffle(w)
        chosen.append((" ".join(w), r))
    return chosen


def test_ter_edits_equal_sacrebleu_on_real_poor_mt(sv_da_pairs):
    sample = _sample(sv_da_pairs)
    long_ones = 0
    for hyp, ref in sample:
        h, r = _words(hyp), _words(ref)
        long_ones += len(r) >= 60
        assert fast_ter.translation_edit_rate(h, r) == lib_ter.translation_edit_rate(h, r), (hyp, ref)
    assert long_ones >= 10


def test_many_pairs_in_one_compiled_call_are_each_pair_alone(sv_da_pairs):
    # what a document's rows get (translation_edit_rates, SegmentScorer.statistics_many):
    # empty sides, repeated pairs and real ones mixed in one call
    by_len = sorted(sv_da_pairs, key=lambda p: len(p[1].split()))
    pairs = [(h.split(), r.split()) for h, r in SYNTHETIC]
    pairs += [(_words(h), _words(r)) for h, r in by_len[:40] + by_len[-3:]]
    pairs += pairs[:5]
    assert fast_ter.translation_edit_rates(pairs) == [lib_ter.translation_edit_rate(h, r)
                                                      for h, r in pairs]
    scorer = metrics.SegmentScorer("da", ("ter",))
    texts = [(" ".join(h), " ".join(r)) for h, r in pairs]
    alone = [TER()._extract_corpus_statistics([h], [[r]])[0] for h, r in texts]
    assert [list(map(float, s)) for s in scorer.statistics_many("ter", texts)] == \
        [list(map(float, s)) for s in alone]


CHRF_EDGES = SYNTHETIC + [
    ("", "a"), ("abc", "abcdefgh"), ("abcdefgh", "abc"), ("aaaaaaaa", "aaa"), ("ab ab ab", "ba"),
    ("é\u0301 e\u0301", "é é"), ("x\ud800y", "x\ud800y z"), ("日本語の文", "日本の文章"),
    ("PER_1 vive en LOC_2 .", "PER_1 viven en LOC_2."), ("a\tb\u00a0c\u2003d", "abcd"),
    ("\U0001F600\U0001F600 x", "\U0001F600 x")]


@pytest.mark.parametrize("hyp,ref", CHRF_EDGES)
def test_chrf_counts_equal_sacrebleu_on_edge_cases(hyp, ref):
    sacre = CHRF()
    want = sacre._compute_segment_statistics(hyp, sacre._extract_reference_info([ref]))
    assert fast_chrf.char_statistics([(hyp, ref)]) == [want]


def test_chrf_counts_equal_sacrebleu_on_real_poor_mt(sv_da_pairs):
    # every pair in one call, as a document's rows are counted; a masked variant too
    pairs = list(sv_da_pairs) + [(h.replace("a", "X"), r) for h, r in sv_da_pairs[::4]]
    sacre = CHRF()
    want = [sacre._compute_segment_statistics(h, sacre._extract_reference_info([r]))
            for h, r in pairs]
    assert fast_chrf.char_statistics(pairs) == want
    scorer = metrics.SegmentScorer("da", ("chrf",))
    assert scorer.statistics_many("chrf", pairs) == want


def test_statistics_and_signatures_equal_sacrebleu_corpus_scores(sv_da_pairs):
    pairs = sv_da_pairs[:120]
    hyps, refs = [h for h, _ in pairs], [r for _, r in pairs]
    ours = metrics.SystemScores(hyps, refs, "da")
    scorer = metrics.SegmentScorer("da")
    got = ours.corpus()
    for name, sacre in (("bleu", BLEU(trg_lang="da")), ("chrf", CHRF()), ("ter", TER())):
        want = sacre.corpus_score(hyps, [refs])
        assert got[name]["score"] == round(float(want.score), 4), name
        assert got[name]["signature"] == str(sacre.get_signature()), name
        # the statistics themselves, segment by segment, batch and one pair at a time (the
        # pipeline's workers)
        want_stats = [list(map(float, s)) for s in sacre._extract_corpus_statistics(hyps, [refs])]
        assert [list(map(float, s)) for s in ours.stats[name]] == want_stats, name
        assert [list(map(float, scorer.statistics(name, h, r)))
                for h, r in zip(hyps, refs)] == want_stats, name
