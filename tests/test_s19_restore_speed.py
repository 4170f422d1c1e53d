"""Restoration's faster paths give the answers of the paths they replace (issue 17, s19).

No timing here: each shortcut is compared with the computation it stands for — the windowed
article search with the whole-text one, ``PairLexicon.maybe``'s verdicts with
``target_form`` itself, ``_find_translated`` with the test and without it, the kept
``_between_words`` with a fresh one — and each cache is shown to key on enough (another
text, word, pseudonym or lexicon gets its own answer).  The lexical forms, once kept on the
unit and now made fresh, are checked against their definition.
"""
import random
import re

import pytest

from schemas.records import Assignment
from transforms import restore as R
from transforms.nlp import apertium_morphology as M


# -- the article before a name: a window, not the whole text ---------------------------------

_ORIGINAL = re.compile(r"(\w+)(\s+)$")


def _random_text(rng, n):
    alphabet = ["a", "b", "la", "el", "Z", "é", "ß", "1", "_", " ", " ", "  ", "\n", "\t",
                "\u00a0", ".", ",", "(", "-", "'", "x" * 60, " " * 55, "\u3000"]
    return "".join(rng.choice(alphabet) for _ in range(n))


def test_word_and_blank_before_equals_whole_text_search():
    rng = random.Random(17)
    for _ in range(400):
        text = _random_text(rng, rng.randint(0, 40))
        for start in range(len(text) + 1):
            want = _ORIGINAL.search(text[:start])
            got = R._word_and_blank_before(text, start)
            assert (want is None) == (got is None), (text, start)
            if want is not None:
                assert got.span() == want.span() and got.groups() == want.groups(), \
                    (text, start)


def test_target_article_on_long_words_and_blanks():
    for text in ["la " + "x" * 100 + " Comisión", "de" + " " * 100 + "Comisión",
                 "la " + " " * 100 + "Comisión", "x" * 200 + "la Comisión", "la\nComisión"]:
        start = text.index("Comisión")
        m = _ORIGINAL.search(text[:start])
        want = 0
        if m and m.group(1).casefold() in M.ARTICLES["es"] and \
                (m.start() == 0 or not text[m.start() - 1].isalnum()):
            want = len(m.group(0))
        assert R.target_article(text, start, "es") == want, text


# -- lexical forms (once kept on the unit: 5 MiB more job RSS for no CPU measured; made fresh) --

def _fresh_lexical(u):
    return ["+".join(r.lemma + "".join(f"<{t}>" for t in r.tags) for r in parts)
            for parts in u.readings]


def test_lexical_forms_equal_fresh():
    from transforms.engines.apertium_lexicon import _lexical
    stream = ("^Court's/Court<n><sg>+'s<gen>/court<vblex><inf>+'s<gen>$ ^law/law<n><sg>$ "
              "^Xyz/*Xyz$ ^the/the<det><def><sp>$")
    units = M.parse_units(stream)
    for u in units:
        first = _lexical(u)
        assert first == _fresh_lexical(u)
        first.append("changed")                # the caller's list, not the kept one
        assert _lexical(u) == _fresh_lexical(u)
    again = M.parse_units("^law/lawyer<n><sg>$")[0]      # another unit: its own forms
    assert _lexical(again) == ["lawyer<n><sg>"]
    assert units[1] == M.parse_units("^law/law<n><sg>$")[0]   # equality by fields alone


# -- the per-segment verdicts: keyed on word, default_only and lexicon --------------------------

def test_token_verdicts_key_on_word_mode_and_lexicon():
    view = R._Tokens("la ley danesa y el tribunal italiano")
    asked = []

    def lexicon_a(*a):
        return None

    def maybe_a(fw, default_only):
        asked.append((fw, default_only))
        return lambda found: found.startswith(fw[:1].lower())
    lexicon_a.maybe = maybe_a

    def lexicon_b(*a):
        return None
    lexicon_b.maybe = lambda fw, d: (lambda found: True)

    free = [True] * len(view.words)
    got = list(R._anchor_candidates(view, lexicon_a, "Danish", "danish", free))
    # "danesa" (d) under both modes, in the anchor's order: default translation first
    assert got == [(2, True), (2, False)]
    got = list(R._anchor_candidates(view, lexicon_a, "Tall", "tall", free))
    assert got == [(5, True), (5, False)]            # another word: its own verdicts
    assert ("Tall", True) in asked and ("Tall", False) in asked
    n = len(asked)
    list(R._anchor_candidates(view, lexicon_a, "Danish", "danish", free))
    assert len(asked) == n                           # kept: not asked again
    # another lexicon (another document, another pair): not the first one's verdicts
    got = list(R._anchor_candidates(view, lexicon_b, "Danish", "danish", free))
    assert [ai for ai, d in got if d] == list(range(len(view.words)))
    # only free tokens, whatever was kept
    free[2] = False
    got = list(R._anchor_candidates(view, lexicon_a, "Danish", "danish", free))
    assert got == []
    # a lexicon without the test: every free token, as before
    plain = [ai for ai, d in R._anchor_candidates(view, lambda *a: None, "Danish", "danish",
                                                  free) if d]
    assert plain == [i for i, f in enumerate(free) if f]


# -- PairLexicon.maybe against target_form; _find_translated with and without it --------------

@pytest.fixture(scope="module")
def lexicon():
    from transforms.engines.apertium_lexicon import pair_lexicon
    lex = pair_lexicon("en", "es")
    if lex is None or lex.target is None:
        pytest.skip("no Apertium en-es dictionaries installed")
    return lex


FAKES = ["Danish", "Council", "Card", "Court", "law", "Rail", "Aunt", "European", "Office",
         "Appeal", "Chamber", "Germany", "Preserve", "Parliament", "First", "Tall"]
ORIGINALS = ["Italian", "Commission", "Court", "Union", "Board", "Justice", "Windows"]
OUTPUTS = ["La ley danesa se aplica al Consejo de la Unión Europea.",
           "El Tribunal de Justicia (Sala Primera) y la Comisión Europea.",
           "La Tía y la Eurocámara; el documento de la tarjeta; #Coto.",
           "Apelar ante la Oficina, Raíl y Alemania: parlamentos, cortes, consejos.",
           "", "ley", "de la de la de"]


def test_maybe_false_only_where_target_form_is_none(lexicon):
    words = sorted({w for t in OUTPUTS for w in R._TOKEN.findall(t)} |
                   {"danesa", "danés", "daneses", "consejo", "Tribunales", "tarjetas", "x<y"})
    for cached_first in (False, True):
        if cached_first:
            lexicon.warm(words)              # the analyser holds them: their readings decide
        for fake in FAKES:
            for default_only in (True, False):
                test = lexicon.maybe(fake, default_only)
                for found in words:
                    if test(found):
                        continue
                    for original in ORIGINALS:
                        assert lexicon.target_form(fake, found, original, default_only) \
                            is None, (fake, found, original, default_only)
    # and not a test that refuses everything: the engine's translations pass
    assert lexicon.maybe("Danish", False)("danesa")
    assert lexicon.maybe("Council", True)("Consejo")


def _without_test(lexicon):
    def plain(fake, found, original, default_only=False):
        return lexicon.target_form(fake, found, original, default_only)
    plain.warm = lexicon.warm
    return plain


def _with_test(lexicon):
    fast = _without_test(lexicon)
    fast.maybe = lexicon.maybe
    return fast


PAIRS = [("Danish law", "Italian law"), ("Council", "Commission"), ("Court", "Board"),
         ("European Parliament", "European Commission"), ("Aunt", "European Parliament"),
         ("Rail", "Union"), ("Card", "Justice"), ("First Chamber", "Second Chamber"),
         ("Office", "Windows"), ("Tall", "Court")]


def test_find_translated_same_with_and_without_the_test(lexicon):
    fast, plain = _with_test(lexicon), _without_test(lexicon)
    hits = 0
    for text in OUTPUTS:
        for fake, original in PAIRS:
            a = Assignment(cluster=0, category="ORG", original=original, replacement=fake,
                           segment=0, start=0, end=len(fake))
            for as_whole in (False, True):
                for taken in ([], [(0, 3)], [(0, len(text))]):
                    R._LAST_TOKENS.tokens = None      # each path from a fresh view
                    want = R._find_translated(text, a, taken, plain, as_whole=as_whole)
                    R._LAST_TOKENS.tokens = None
                    got = R._find_translated(text, a, taken, fast, as_whole=as_whole)
                    # and again on the kept view (its verdicts kept from the call before)
                    again = R._find_translated(text, a, taken, fast, as_whole=as_whole)
                    assert got == want == again, (text, fake, original, as_whole, taken)
                    hits += want is not None
    assert hits                                   # the comparison found something


# -- what stands between a name's words, kept per name ----------------------------------------

def _fresh_between(name):
    return [re.sub(r"\s+", " ", m) for m in
            re.findall(r"(?<=[\w\u00D7\u00F7])[^\w\u00D7\u00F7]+(?=[\w\u00D7\u00F7])",
                       R.POSSESSIVE.sub("", name))]


def test_between_words_kept_equals_fresh():
    names = ["Court (First Chamber)", "Court  (First\tChamber)", "Board of Appeal",
             "Pfeifer & Langen GmbH & Co. KG", "Commission's", "O'Neill’s", "A×B÷C", "",
             "one", "Court (First Chamber)'s", "x - y", "Court (First  Chamber)"]
    for _ in range(2):
        for name in names:
            got = R._between_words(name)
            assert got == tuple(_fresh_between(name)), name
            assert isinstance(got, tuple)      # kept, so no caller may change it
    # keyed on the whole name: two names alike but for their blanks or case
    assert R._between_words("Court (First  Chamber)") == (" (", " ")
    assert R._between_words("Court-First Chamber") == ("-", " ")
