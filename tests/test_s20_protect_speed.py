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


def _multileg_texts():
    texts = []
    for path in sorted(glob.glob(os.path.join(MULTILEG, "*", "*.jsonl"))):
        with open(path, encoding="utf-8") as fh:
            texts += [json.loads(line)["text"] for line in fh if line.strip()]
    return texts


_DATE_CASES = ["on 13thDecember 2012 and 1stjune", "a1december b_2june 3_may x13december",
               "13 December 2012, December 13, 2012 and 2012. gada 13. decembrī",
               "mayor, summary, market, Mayo, MAY 5, sept. 2019, Sept 9",
               "2016 m. gruodžio 13 d.; 2016. aastal; 2016 r.; 2018.–2019. gada",
               "12.5.2019, 2019-05-12, 5/12/19, 1.2.3 and 13 de diciembre de 2012"]


@pytest.mark.skipif(not os.path.isdir(MULTILEG), reason="MultiLeg corpus not available")
def test_month_starts_as_the_walk_over_every_word():
    from transforms.detect import dates

    def walked(text):
        low = dates._lower(text)
        return [m.start() + at for m in dates._LETTER_WORD.finditer(low)
                for at in [dates._month_offset(m.group(0))] if at is not None]

    found = 0
    for text in _multileg_texts() + _DATE_CASES:
        got = dates._month_starts(text)
        assert got == walked(text), text
        found += bool(got)
    assert found > 1000


@pytest.mark.skipif(not os.path.isdir(MULTILEG), reason="MultiLeg corpus not available")
def test_new_screens_pass_every_text_their_pattern_finds_in():
    """The screens run before the card, VAT, personal-code, numeric-date and year-word
    patterns (and the digit before any date) pass every MultiLeg segment (every language) in
    which the pattern finds anything, and the recognisers still find what their cases
    hold."""
    from transforms.detect import dates
    from transforms.detect import identifiers as ids
    from transforms.detect.base import REGISTRY

    card, vat, codes = REGISTRY["CARD"], REGISTRY["VAT"], REGISTRY["PERSONAL_CODE"]
    hits = 0
    texts = _multileg_texts() + _DATE_CASES + [
        "card 4111 1111 1111 1111, VAT DE 123456789 and LV40003245752, pnr 811218-9876",
        "a 12-digit 123456789012 run, ATU12345678 and 010180-123A"]
    for t in texts:
        found = [bool(card.pattern.search(t)), bool(vat.pattern.search(t)),
                 any(p.search(t) for _, p, _, needs_run in codes.schemes if needs_run),
                 bool(dates.NUMERIC_RE.search(t)), bool(dates.YEAR_WORD_RE.search(t)),
                 any(p.search(t) for p in dates.SPELLED_RE)]
        screens = [bool(card.twelve_digits.search(t)), bool(vat.country_and_first.search(t)),
                   bool(ids._DIGIT_RUN.search(t)), bool(dates._NUMERIC_SCREEN.search(t)),
                   bool(dates._YEAR_WORD_SCREEN.search(t)), bool(dates._DIGIT.search(t))]
        for f, s in zip(found, screens):
            assert s or not f, t
            hits += f
    assert hits > 1000
    spans = {(s.category, s.text) for s in ids.detect(" ".join(texts[-7:]), "en")}
    for want in [("CARD", "4111 1111 1111 1111"), ("VAT", "LV40003245752"),
                 ("DATE", "12.5.2019"), ("DATE", "2019-05-12"), ("DATE", "13 December 2012")]:
        assert want in spans, want
