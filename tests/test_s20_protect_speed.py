"""The cheaper paths of protection give the answers of the plain ones they replace, on real
documents (the MultiLeg corpus) and on the cases the shortcuts turn on."""
from __future__ import annotations

import collections
import glob
import json
import os

import pytest

from transforms import language_check
from transforms.language_check import (CANDIDATES, DOUBT, KNOWN_ZIPF, MARGIN, MIN_WORDS,
                                       READ, SAMPLE, source_language_doubt)
from transforms.lexicon import zipf_fn

CORPORA = os.environ.get("DOPPEL_CORPORA", os.path.join(os.path.dirname(__file__), "..", "..",
                                                        "shared", "corpora"))
MULTILEG = os.path.join(CORPORA, "multileg", "train")


def _documents(lang: str, limit: int = 50):
    out = []
    for path in sorted(glob.glob(os.path.join(MULTILEG, lang, "*.jsonl")))[:limit]:
        with open(path, encoding="utf-8") as fh:
            out.append([json.loads(line)["text"] for line in fh if line.strip()])
    return out


def _plain_doubt(texts, lang):
    """``source_language_doubt`` as first written: every letter counted, every sampled word
    looked up in every list asked."""
    lc = language_check
    text = "\n".join(texts)[:READ]
    own = lc._SCRIPT_OF.get(lang, "LATIN")
    total = len(lc._LETTER.findall(text))
    if not total:
        return None
    if own != "LATIN" or 2 * len(lc._LATIN.findall(text)) < total:
        letters = collections.Counter(lc._script(ch) for ch in text if ch.isalpha())
        kana = letters["HIRAGANA"] + letters["KATAKANA"]
        script, count = letters.most_common(1)[0]
        if script in ("CJK", "HIRAGANA", "KATAKANA"):
            script, count = "CJK", letters["CJK"] + kana
        if script != own and count * 2 > total:
            found = "ja" if script == "CJK" and kana else \
                lc._LANGUAGE_OF.get(script, script.lower())
            return {"declared": lang, "reads_as": found,
                    "why": f"{round(100 * count / total)} % of its letters are in the "
                           f"{script.title() if script != 'CJK' else 'CJK'} script"}
    if zipf_fn(lang) is None:
        return None
    words = collections.Counter(w.lower() for w in lc._WORD.findall(text))
    if len(words) < MIN_WORDS:
        return None
    sample = [w for w, _ in words.most_common(SAMPLE)]

    def share(code):
        fn = zipf_fn(code)
        return None if fn is None else sum(fn(w) >= KNOWN_ZIPF for w in sample) / len(sample)

    mine = share(lang)
    if mine >= DOUBT:
        return None
    shares = {c: share(c) for c in CANDIDATES if c != lang and lc._SCRIPT_OF.get(c, "LATIN") == own}
    best = max((c for c in shares if shares[c] is not None), key=lambda c: shares[c],
               default=None)
    if best is None or shares[best] < mine + MARGIN:
        return None
    return {"declared": lang, "reads_as": best,
            "why": f"of its {len(sample)} most frequent words {round(100 * mine)} % are "
                   f"{lang}, {round(100 * shares[best])} % {best}",
            "shares": {lang: round(mine, 2), best: round(shares[best], 2)}}


@pytest.mark.skipif(not os.path.isdir(MULTILEG), reason="MultiLeg corpus not available")
def test_language_doubt_as_plain_on_multileg_declared_right_and_wrong():
    verdicts = 0
    for lang, declared in (("en", "en"), ("sv", "sv"), ("da", "da"), ("lv", "lv"),
                           ("sv", "da"), ("da", "sv"), ("pl", "en"), ("fi", "en")):
        for texts in _documents(lang, limit=25):
            got = source_language_doubt(texts, declared)
            assert got == _plain_doubt(texts, declared)
            verdicts += got is not None
    assert verdicts > 10      # the wrongly declared ones are caught, through the same path


@pytest.mark.parametrize("texts, lang", [
    (["Αυτό είναι ένα κείμενο στα ελληνικά, με μερικές λέξεις στα αγγλικά: the Court."], "en"),
    (["東京地方裁判所は、原告の請求を棄却した。This part is English."], "en"),
    (["Суд Европейского союза вынес решение по делу C-215/11 о европейском платёжном "
      "приказе. " * 3], "ru"),
    (["Der Gerichtshof hat entschieden, dass die Mitgliedstaaten und ihre Behörden das "
      "Unionsrecht anwenden müssen, wenn die Parteien des Verfahrens es verlangen."], "en"),
    (["Mostly Latin text with one Greek word, λόγος, among many English ones here."], "en"),
    (["12 345 678"], "en"),
])
def test_language_doubt_as_plain_on_other_scripts(texts, lang):
    assert source_language_doubt(texts, lang) == _plain_doubt(texts, lang)
