"""S21: detection's and linking's cheaper paths give the answers of the plain ones they
replace (the patterns run on every text, the matcher parsing every candidate, the walk over
every segment) — on the MultiLeg corpus and on made-up texts built from the cases the
shortcuts turn on.  No timing here, only sameness."""
from __future__ import annotations

import os
import random

import pytest

from tests.test_s20_protect_speed import MULTILEG, _multileg_texts
from transforms.detect import dates
from transforms.detect import identifiers as ids
from transforms.detect.base import REGISTRY


_PIECES = [
    # numbers, dates, phones, addresses and the words around them
    "13", "1", "31", "2012", "1999", "13.", "2012.", "5th", "77", "00", "000", "0049", "+",
    "\uFF0B", "+44", "+48 709 583 399", "0049 30 1234567", "020 7946 0958", "1 000 000",
    "No 18 198 833", "nr. 2 470 326", "KC11 080 242", "C-215/11", "1896/2006", "F-721/7466",
    "12.5.2019", "2019-05-12", "5/12/19", "1.2.3", "31.02.2012", "12-12-12", "1.1.1.1",
    "192.168.0.1", "2001:db8::8a2e:370:7334", "fe80::1", "::", "a:b:c", "Article 3:", "12:30",
    "Tel.", "TÉL", "Tālr.", "phone", "Fax", "hotel", "Intel", "telefon", "ſ", "ı", "İ",
    "December", "dec.", "May", "mayo", "decembrī", "gruodžio", "13thDecember", "3December",
    "de", "of", "gada", "m.", "r.", "\u00A0", "\u202F", "\u2013", "-", "/", ".", "(", ")",
    "x", "Regulation (EC)", "١٢٣", "²", "Case", "the", "\n"]


def _made_up(seed, n=4000):
    rng = random.Random(seed)
    return ["".join(rng.choice(_PIECES) + rng.choice(["", " ", "  ", ", ", ".", ":", "-"])
                    for _ in range(rng.randint(1, 10))) for _ in range(n)]


def _texts():
    return (_multileg_texts() if os.path.isdir(MULTILEG) else []) + _made_up(21)


def test_intl_or_word_is_the_whole_pattern():
    hits = 0
    for t in _texts():
        want = bool(ids._INTL_OR_WORD.search(t))
        assert ids._intl_or_word(t) == want, t
        hits += want
    assert hits > 300


def test_screens_pass_every_text_their_patterns_find_in():
    number, ip = REGISTRY["NUMBER"], REGISTRY["IP"]
    hits = [0, 0, 0]
    for t in _texts():
        found = [bool(number.coded.search(t) or number.prefixed[True].search(t)
                      or number.prefixed[False].search(t)),
                 bool(ip.v6.search(t)), bool(dates.NUMERIC_RE.search(t))]
        screens = [bool(number.spaced_group.search(t)), bool(ip.v6_needs.search(t)),
                   bool(dates._NUMERIC_SCREEN.search(t))]
        for i, (f, s) in enumerate(zip(found, screens)):
            assert s or not f, t
            hits[i] += f
    assert min(hits) > 20, hits


def test_spelled_dates_tried_at_number_starts_equal_a_full_scan():
    found = 0
    for t in _texts() + ["a1december 2012", "x.13 December 2012", "_13 December 2012",
                         "2012. gada 13. decembrī", "٣ December 2012", "13 December 2012"]:
        full = [m.span() for pat in dates.SPELLED_RE for m in pat.finditer(t)]
        if not full and not dates._month_starts(t):
            continue
        # the same matches in the same order: pattern by pattern, left to right
        assert [m.span() for m in dates._spelled(t)] == full, t
        found += bool(full)
    assert found > 500


def _matches(cls, text, region, need=0, need_inner=0):
    import phonenumbers as pn
    m = cls(text, region or "ZZ", leniency=pn.Leniency.VALID)
    m.need, m.need_inner = need, need_inner
    return [(x.start, x.end, x.raw_string, x.number) for x in m]


def test_phone_matcher_skipping_short_parts_finds_what_it_found_parsing_them():
    """The parts of a failed candidate too short to be valid are not parsed: every region's
    example numbers among act numbers, years and dates (whose parts the matcher parses one
    by one) are found as when every part was parsed, from documents of every region -- and
    exactly as PhoneNumberMatcher finds them from documents of the languages' regions."""
    import phonenumbers as pn
    from transforms.detect.base import LANG_COUNTRY
    checked = 0
    regions = sorted(pn.SUPPORTED_REGIONS)
    plain_regions = {"GB", "DE", "LV", None}
    assert plain_regions - {None} <= set(LANG_COUNTRY.values())
    for region in regions:
        for t in (pn.PhoneNumberType.FIXED_LINE, pn.PhoneNumberType.MOBILE):
            num = pn.example_number_for_type(region, t)
            if num is None:
                continue
            national = pn.format_number(num, pn.PhoneNumberFormat.NATIONAL)
            intl = pn.format_number(num, pn.PhoneNumberFormat.INTERNATIONAL)
            text = (f"Regulation No 1169/2011 of 2016, Case C-12/04 (2008/115): call "
                    f"{national}/{intl} or 12 34 5, 987/2009 {national.replace(' ', '/')}.")
            for doc_region in [region] + sorted(plain_regions, key=str):
                need = ids._min_phone_digits(doc_region)
                want = _matches(ids._valid_matcher_class(), text, doc_region, need, 0)
                got = _matches(ids._valid_matcher_class(), text, doc_region, need,
                               ids._min_valid_digits(doc_region))
                assert got == want, (text, doc_region)
                if doc_region in plain_regions:
                    assert got == _matches(pn.PhoneNumberMatcher, text, doc_region), \
                        (text, doc_region)
                checked += bool(want)
    assert checked > 500


def test_inner_bound_is_the_outer_for_every_language_region():
    from transforms.detect.base import LANG_COUNTRY
    for region in set(LANG_COUNTRY.values()) | {None}:
        assert ids._min_valid_digits(region) == ids._min_phone_digits(region), region
    # a region sharing its code with one whose numbers are shorter, one whose national
    # prefix rule writes digits in: held to less
    assert ids._min_valid_digits("CX") < ids._min_phone_digits("AU")
    assert ids._min_valid_digits("NF") < ids._min_phone_digits("NF")


@pytest.mark.skipif(not os.path.isdir(MULTILEG), reason="MultiLeg corpus not available")
def test_phone_recognizer_as_the_plain_matcher_on_the_corpus(monkeypatch):
    """Phone detection with the inner bound switched off (every part parsed) finds the same."""
    from transforms.detect.base import Context
    phone = REGISTRY["PHONE"]
    texts = [t for t in _multileg_texts() if ids._may_hold_phone(t, "GB")][::3] + \
        _made_up(5, 1500)
    ctxs = [Context(lang="en", country="GB"), Context(lang="de", country="DE")]
    fast = [[(s.start, s.end, s.subtype) for s in phone.find(t, c)] for t in texts for c in ctxs]
    monkeypatch.setattr(ids, "_min_valid_digits", lambda region: 0)
    assert [[(s.start, s.end, s.subtype) for s in phone.find(t, c)]
            for t in texts for c in ctxs] == fast
    assert sum(map(bool, fast)) > 50


def _locate_as_before(text, value, start=0, numeric_month=False):
    """``transforms.dates.locate`` (strict) as it was, the rest of the token list copied for
    every token tried: the oracle."""
    import bisect
    from transforms.dates import _date_tokens
    need = {k: v for k, v in (("year", value.year), ("month", value.month), ("day", value.day))
            if v is not None}
    every = _date_tokens(text, numeric_month)
    toks = every[bisect.bisect_left(every, (start,)):]
    best = None
    for i, (s0, _, _, _) in enumerate(toks):
        found = {}
        used = set()
        for s, e, kind, val in toks[i:]:
            if s - s0 > 30:
                break
            if kind in need and need[kind] == val and kind not in found and (s, e) not in used:
                found[kind] = (s, e)
                used.add((s, e))
            if len(found) == len(need):
                span = (min(a for a, _ in found.values()), max(b for _, b in found.values()))
                if best is None or span[0] < best[0]:
                    best = span
                break
        if best is not None:
            break
    return best


def test_locate_walks_the_tokens_in_place_and_finds_what_it_found():
    from transforms import dates as restore_dates
    rng = random.Random(4)
    pieces = ["13", "12", "2012", "2013", "1", "5", "12.", "December", "dec.", "diciembre",
              "decembrī", "maj", "May", "de", "of", "the", "court", "ruled", ",", "-", "/",
              "05", "2006", "Sept", "Jan.2012"]
    values = [restore_dates.DateValue(2012, 12, 13), restore_dates.DateValue(2012, 12, None),
              restore_dates.DateValue(None, 5, 1), restore_dates.DateValue(2006, None, None),
              restore_dates.DateValue(2013, 1, 12), restore_dates.DateValue(2012, 5, 12)]
    found = 0
    for _ in range(600):
        text = " ".join(rng.choice(pieces) for _ in range(rng.randint(0, 60)))
        for value in values:
            for numeric in (False, True):
                for start in (0, rng.randint(0, max(1, len(text)))):
                    want = _locate_as_before(text, value, start, numeric)
                    assert restore_dates.locate(text, value, start,
                                                numeric_month=numeric) == want, (text, value)
                    found += want is not None
    assert found > 1000


def _inflected_as_before(segments, forms, covered, lang, authoritative):
    """``linking._propagate_inflected`` as it was, the document's and the run's forms merged
    and taken apart for every document: the oracle."""
    import re
    from schemas.records import Mention
    from transforms import linking
    index, trusted = {}, set()
    for form, cat in forms.items():
        for w in re.findall(r"[^\W\d_]+", form):
            if w[:1].isupper() and len(w) >= 4:
                for st in linking.stems(w, lang):
                    index.setdefault(st, cat)
                    if form.casefold() in authoritative:
                        trusted.add(st)
    added = []
    if not index:
        return added
    lower_words = linking.lower_words_of(tuple(seg.text for seg in segments))
    for seg in segments:
        spans = covered.setdefault(seg.index, [])
        for hit in linking._CAPWORD.finditer(seg.text):
            s, e = hit.span()
            if any(a < e and s < b for a, b in spans):
                continue
            found = [st for st in sorted(linking.stems(hit.group(0), lang)) if st in index]
            if not found or (hit.group(0).lower() in lower_words
                             and not any(st in trusted for st in found)):
                continue
            added.append(Mention(segment=seg.index, start=s, end=e, text=hit.group(0),
                                 category=index[found[0]], source="propagated"))
            spans.append((s, e))
    return added


def test_inflected_propagation_with_the_runs_stems_made_once_finds_what_it_found():
    from schemas.records import Segment
    from transforms import linking
    rng = random.Random(9)
    words = ["Bērziņš", "Bērziņam", "Bērziņa", "bērziņam", "Tallinn", "Tallinna", "tallinna",
             "Regula", "Regulas", "regulas", "Jānis", "Jānim", "Eiropas", "Savienība",
             "Savienības", "Tiesa", "Tiesas", "tiesas", "un", "ar", "Marika", "Mari"]
    cats = ["PER", "ORG", "LOC"]
    checked = 0
    for trial in range(400):
        lang = rng.choice(["lv", "et", "lt", "fi", "pl"])
        texts = [" ".join(rng.choice(words) for _ in range(rng.randint(1, 12)))
                 for _ in range(rng.randint(1, 5))]
        segs = [Segment(document="d", id=str(i), index=i, text=t) for i, t in enumerate(texts)]
        doc = {" ".join(rng.sample(words, rng.randint(1, 2))): rng.choice(cats)
               for _ in range(rng.randint(0, 4))}
        extra = tuple((" ".join(rng.sample(words, rng.randint(1, 2))), rng.choice(cats))
                      for _ in range(rng.randint(0, 6)))
        extra += tuple((f, rng.choice(cats)) for f in rng.sample(sorted(doc), min(1, len(doc))))
        run = linking._run_forms(extra)[0]
        authoritative = {f.casefold() for f in rng.sample(sorted(set(doc) | set(run)),
                                                         rng.randint(0, len(set(doc) | set(run))))}
        if rng.random() < 0.5:
            authoritative |= {f.strip().casefold() for f, _ in extra}
        covered = {0: [(0, 3)]} if rng.random() < 0.3 else {}
        merged = dict(doc)
        for f, c in run.items():
            merged.setdefault(f, c)
        want = _inflected_as_before(segs, merged, {k: list(v) for k, v in covered.items()},
                                    lang, authoritative)
        got = linking._propagate_inflected(segs, doc, linking._run_stems(extra, lang),
                                           {k: list(v) for k, v in covered.items()}, lang,
                                           authoritative)
        assert [(m.segment, m.start, m.end, m.category) for m in got] == \
            [(m.segment, m.start, m.end, m.category) for m in want], (trial, texts, doc, extra)
        checked += bool(want)
    assert checked > 100
