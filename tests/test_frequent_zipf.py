"""``lexicon.frequent_zipf_fn``: the Zipf frequency of a word in a language the document is
checked against, known from ``FREQUENT_FLOOR`` up, without wordfreq's whole list kept."""
import random
import subprocess
import sys

import pytest

wordfreq = pytest.importorskip("wordfreq")

from transforms.lexicon import FREQUENT_FLOOR, frequent_zipf_fn, zipf_fn  # noqa: E402


@pytest.mark.parametrize("lang", ["fr", "de", "nl", "es"])
def test_the_same_values_as_wordfreq_from_the_floor_up_and_none_above_it_below(lang):
    rnd = random.Random(lang)
    bands = wordfreq.get_frequency_list(lang)
    words = [w for band in bands[:900] for w in rnd.sample(band, min(len(band), 3))]
    words += ["établissement", "oberlandesgericht", "dirección", "xqzvbw", "d'état",
              "l'union", "económico-administrativo", "co-operation", "rond-point", "d'une",
              "2019", "1990s", "c-4", "art. 267", "covid-19",
              "Straße", "straße", "rechtbank", "tribunal", "court", "kommissionen"]
    full, frequent = zipf_fn(lang), frequent_zipf_fn(lang)
    checked = 0
    for w in words:
        z, f = full(w), frequent(w)
        if z >= FREQUENT_FLOOR:
            assert f == z, (w, z, f)
            checked += 1
        else:
            assert f < FREQUENT_FLOOR, (w, z, f)
    assert checked > 500


def test_wordfreq_keeps_no_whole_list_for_it():
    code = ("import wordfreq; from transforms.lexicon import frequent_zipf_fn; "
            "fn = frequent_zipf_fn('pt'); assert fn('tribunal') > 3; "
            "print(wordfreq.get_frequency_list.cache_info().currsize)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["0"]
