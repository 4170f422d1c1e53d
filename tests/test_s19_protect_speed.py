"""Issue 17 (S19): protection's faster paths give the answers of the straightforward ones they
replace — no timing here, only sameness (and tests that fail if a shortcut or a kept answer
were keyed on too little)."""
import random

import pytest

from schemas.dictionary import DictionaryEntry, DictionaryForm
from schemas.records import Cluster, Mention
from transforms.dictionary import select as select_module
from transforms.dictionary.store import Dictionary
from transforms.pseudonyms import PseudonymChooser


def _form(text, case, number="Sing"):
    return DictionaryForm(form=text, features={"Case": case, "Number": number}, count=1)


def _dictionary():
    """A person dictionary whose only entries are the originals below: every cluster goes on
    to the made-up names (``Selector._synthesize``)."""
    return Dictionary(lang="et", entries={
        "PER": [DictionaryEntry(category="PER", lemma=lemma, count=3, tokens=2, upos="PROPN",
                                classes=["Per"],
                                forms=[_form(lemma, "Nom"), _form(lemma + "e", "Gen")])
                for lemma in ("Kaja Kallas", "Jaan Tamm", "Mari Kask")]})


def _mention(text, case="Nom"):
    return Mention(segment=0, start=0, end=len(text), text=text, category="PER", lemma=text,
                   features={"Case": case, "Number": "Sing", "upos": "PROPN"})


def _choose(secret, canonical, avoid, walk_all, case="Nom"):
    """(pseudonym's forms, selection stats) for one person cluster; ``walk_all``: made-up
    names walked as before (``refused_shape`` not passed on to ``_synthesize``)."""
    ch = PseudonymChooser(secret, "doc", [canonical, "Kaja Kallas", "Jaan Tamm", "Mari Kask"],
                          avoid=avoid, dictionary=_dictionary(), lang="et")
    original = select_module.Selector._synthesize

    def synthesize(self, *args, refused_shape=None, **kwargs):
        return original(self, *args, refused_shape=None if walk_all else refused_shape,
                        **kwargs)

    select_module.Selector._synthesize = synthesize
    try:
        p = ch.choose(Cluster(id=0, category="PER", key=canonical.casefold(),
                              canonical=canonical), [_mention(canonical, case)])
    finally:
        select_module.Selector._synthesize = original
    forms = (type(p).__name__, getattr(getattr(p, "entry", None), "lemma", None),
             p.form_for(canonical, {"Case": case, "Number": "Sing"}))
    return forms, dict(ch.stats)


@pytest.mark.parametrize("canonical", ["B.I. Rodriguez", "R.-G. Manveld", "B. Kallas"])
def test_initials_no_letter_may_be_sent_give_what_the_full_walk_gives(canonical):
    # Every letter is a short original of the run: no fake initial can be sent, so every
    # made-up name of the original's words is refused; the walk is skipped, to the same end.
    avoid = list("ABCDEFGHIJKLMNOPRSTUVWZ")
    fast = _choose(b"k", canonical, avoid, walk_all=False)
    assert fast == _choose(b"k", canonical, avoid, walk_all=True)
    assert "faker+analogy" not in fast[1]


def test_initials_refused_for_some_secrets_only_agree_with_the_walk():
    # A few letters are short originals: whether the keyed second initial is one of them
    # depends on the secret (the first follows the candidate's given name).  The shortcut
    # must fire exactly where the walk finds nothing.
    avoid = ["A", "E", "K", "M", "Company T"]
    outcomes = set()
    for k in range(40):
        secret = f"s{k}".encode()
        fast = _choose(secret, "B.I. Rodriguez", avoid, walk_all=False)
        slow = _choose(secret, "B.I. Rodriguez", avoid, walk_all=True)
        assert fast == slow, secret
        outcomes.add("faker+analogy" in fast[1])
    assert outcomes == {True, False}     # both branches were exercised


def test_refused_shape_is_false_without_initials_or_for_other_word_counts():
    # Only the original's initials can doom every name, and only names sent with them:
    # as many words as the original (or a person's surname alone for a one-word original).
    seen = {}
    original = select_module.Selector._synthesize

    def synthesize(self, category, distinct, tokens, *args, refused_shape=None, **kwargs):
        seen[tokens] = {n: refused_shape(n) for n in (1, 2, 3)}
        return original(self, category, distinct, tokens, *args,
                        refused_shape=refused_shape, **kwargs)

    avoid = list("ABCDEFGHIJKLMNOPRSTUVWZ")
    for canonical, want in (("Bo Rodriguez", {1: False, 2: False, 3: False}),
                            ("B.I. Rodriguez", {1: False, 2: True, 3: False}),
                            ("B.I. Rodriguez Diaz", {1: False, 2: False, 3: True})):
        seen.clear()
        ch = PseudonymChooser(b"k", "doc", [canonical, "Kaja Kallas", "Jaan Tamm",
                                            "Mari Kask"], avoid=avoid,
                              dictionary=_dictionary(), lang="et")
        select_module.Selector._synthesize = synthesize
        try:
            ch.choose(Cluster(id=0, category="PER", key=canonical.casefold(),
                              canonical=canonical), [_mention(canonical)])
        finally:
            select_module.Selector._synthesize = original
        assert list(seen.values()) == [want], canonical


def test_a_list_without_a_documents_words_kept_per_document_is_the_list_filtered():
    # ``EngineVocabulary.without`` keeps where a document's banned words (a frozenset) stand
    # in each list and looks up only the name's own words afresh: position by position the
    # list filtered of both, whichever document, list and name words come in whatever order.
    from transforms.pseudonyms.engine_shaped import EngineVocabulary

    rnd = random.Random(7)
    vocab = EngineVocabulary([], lambda texts: {})
    pool = ["Us", "US", "Law", "Court", "Lane", "Aa", "Bb", "Cc", "Dd", "Ee"]
    lists = [sorted({rnd.choice(pool) + str(rnd.randint(0, 3)) * rnd.randint(0, 1)
                     for _ in range(rnd.randint(0, 25))}) for _ in range(6)]
    documents = [frozenset(w.casefold() for w in rnd.sample(pool, 4)) | {"court0"}
                 for _ in range(4)]
    answers = set()
    for _ in range(300):
        words, banned = rnd.choice(lists), rnd.choice(documents)
        own = {w.casefold() for w in rnd.sample(pool, rnd.randint(0, 3))}
        want = [w for w in words if w.casefold() not in banned | own]
        for got in (vocab.without(words, banned, own), vocab.without(words, set(banned), own),
                    vocab.without(words, banned | own)):
            assert len(got) == len(want)
            assert [got[k] for k in range(len(want))] == want
        answers.add(len(want) < len(words))
    assert answers == {True, False}


@pytest.mark.parametrize("lang", ["et", "sv", "en"])   # et: this file's dictionary (no lv one
#                                                      is shipped)
def test_a_made_up_persons_forms_are_those_analogy_makes_of_the_whole_name(lang):
    # ``Selector._made_lemma`` makes a person's made-up name's form from its last word's
    # (kept per word and form) with the given names before it: what ``Analogy.make`` makes
    # of the whole name afresh, for every form (case, number) asked — a form of one case is
    # never another case's.
    from transforms.dictionary.select import Selector, _need_key
    from transforms.dictionary.store import load_default
    from transforms.pseudonyms.fallback import fallback_lists
    try:
        d = _dictionary() if lang == "et" else load_default(lang)
    except Exception:         # no shipped dictionary for the language
        d = None
    assert d is not None and d.morphology, f"no dictionary with morphology for {lang}"
    sel = Selector(d)
    needs = [dict(k) for k in sorted(sel.analogy.needs)][:8]
    lists = fallback_lists()
    rnd = random.Random(11)
    distinct_forms = 0
    for _ in range(400):
        word = rnd.choice(lists["family"])
        given = rnd.sample(lists["given_female"] + lists["given_male"], rnd.randint(0, 2))
        lemma = " ".join(given + [word])
        made = {}
        for need in needs:
            got = sel._made_lemma(lemma, word, need, _need_key(need))
            want = sel.analogy.make(lemma, need)
            assert got == want, (lemma, need)
            made[_need_key(need)] = got and got.form
        distinct_forms += len(set(made.values())) > 1
    assert distinct_forms > (50 if len(needs) > 1 else -1)   # forms asked differ


def test_dates_parsed_and_rewritten_as_kept_answer_as_made_afresh():
    # ``dates.parse`` and ``dates.substitute`` keep their answers per text (and dates and
    # languages): the same as made afresh, whatever came before, and a parsed date is the
    # caller's own (changing it changes no later answer).
    from transforms import dates
    rnd = random.Random(13)
    texts = ["13 December 2012", "December 2012", "2012", "13. decembris", "2016. gada 3. martā",
             "den 12 juli 1992", "12 juli", "1992 års", "05/03/2011", "2011-03-05", "3.4.2001",
             "13 de diciembre de 2012", "Dec. 2012", "the same day", "1990s", "MAY 2001",
             "12 september 2003", "September 12, 2003", "marts 2019", "3 Marcha 2012"]
    langs = ["", "en", "es", "lv", "sv", "da"]
    seen = set()
    for _ in range(600):
        text = rnd.choice(texts)
        got, want = dates.parse(text), dates._parsed.__wrapped__(text)
        assert (got and got.fields()) == want
        if got is None:
            continue
        got.year = -1                     # the caller's own: the next parse is unchanged
        assert dates.parse(text).fields() == want
        old = dates.DateValue(*want)
        new = dates.DateValue(*(None if v is None else v + rnd.randint(1, 3) for v in want))
        target, lang = rnd.choice(langs), rnd.choice(langs)
        new_text = rnd.choice(["", "3 de marzo de 2012", "2012. gada 3. martā"])
        span = rnd.choice([text, text.upper(), text.lower(), "3 Marcha 2012"])
        try:
            fresh = dates._substitute(span, old, new, target, new_text, lang)
        except (TypeError, ValueError, IndexError, KeyError) as exc:
            with pytest.raises(type(exc)):
                dates.substitute(span, old, new, target, new_text, lang)
            continue
        assert dates.substitute(span, old, new, target, new_text, lang) == fresh
        assert dates.render_like(span, new, lang) == dates._substitute(
            span, dates._parsed.__wrapped__(span) and dates.DateValue(
                *dates._parsed.__wrapped__(span)) or new, new, lang=lang)
        seen.add(fresh)
    assert len(seen) > 100


def test_made_up_persons_drawn_by_length_come_in_the_order_of_drawing_them_all():
    # ``select._by_length`` draws a person's given names (an HMAC) only for the words whose
    # name may be among the next shortest: the sequence is exactly that of drawing every
    # name and sorting by (length, keyed order, lemma) — ``_keyed_within`` over the whole
    # look — with words and given names of every length, repeated ones, and few given names.
    from transforms.dictionary.select import (Selector, _by_length, _given_length,
                                              _keyed_within)
    from transforms.pseudonyms.keyed import keyed_int
    rnd = random.Random(17)
    letters = "abcdefghijklmnoprstuvz"

    def name(lo, hi):
        return rnd.choice(letters).upper() + "".join(
            rnd.choice(letters) for _ in range(rnd.randint(lo, hi)))

    drawn = 0
    for case in range(300):
        words = [name(2, 9) for _ in range(rnd.randint(0, 40))]
        words += rnd.sample(words, min(len(words), rnd.randint(0, 3)))     # repeats
        given = sorted({name(1, 8) for _ in range(rnd.randint(1, 12))})
        if rnd.random() < 0.2:
            given = given[:1] + words[:1]          # the word itself may be a given name
        tokens = rnd.randint(2, 4)
        calls = []

        def order(x, case=case):
            calls.append(x)
            return keyed_int(b"k", "doc", "PER", f"cluster{case}", x)

        lemma_of = Selector._lemma_of(given, tokens, order)
        look = [((0.0, 0, len(lemma_of(w))), lemma_of(w), w) for w in words]
        want = list(_keyed_within(look, order))
        calls.clear()
        got = list(_by_length(words, lemma_of, _given_length(given, tokens), order))
        assert got == want, case
        # taking only the first names draws fewer given names than there are words
        calls.clear()
        first = next(iter(_by_length(words, lemma_of, _given_length(given, tokens), order)),
                     None)
        assert first == (want[0] if want else None)
        drawn += sum(1 for c in calls if c.startswith("\x1fgiven"))
    assert drawn < sum(1 for _ in range(300)) * 40


def test_looks_like_with_matchers_kept_per_thread_answers_as_compared_afresh(monkeypatch):
    # ``LooksLike`` takes its matchers from a per-thread store (``chooser._matcher``) shared
    # by every cluster and document: interleaved questions of several instances, in several
    # threads, with the store overflowing, answer as a fresh comparison does.
    import difflib
    import threading
    from transforms.linking import fold
    from transforms.nlp.apertium_morphology import article_of, bare_name
    from transforms.pseudonyms import chooser as chooser_module
    from transforms.pseudonyms.chooser import TOO_ALIKE, LooksLike

    def fresh(candidate, originals):
        return any(difflib.SequenceMatcher(None, fold(article_of(o) + bare_name(candidate)),
                                           fold(o)).ratio() >= TOO_ALIKE
                   for o in originals if o.strip())

    monkeypatch.setattr(chooser_module, "MATCHERS", 5)      # overflows again and again
    words = ["Court", "Sort", "the Court", "Commission", "Composition", "Union", "Onion",
             "the European Union", "Tallinn", "Talinn", "Åland", "Aland", "EU", "UE",
             "Court of Justice", "Courts of Justice"]
    failures, answers = [], set()

    def run(seed):
        rnd = random.Random(seed)
        instances = [(o, LooksLike(o)) for o in
                     (rnd.sample(words, rnd.randint(1, 3)) for _ in range(8))]
        for _ in range(300):
            originals, looks_like = rnd.choice(instances)
            cand = rnd.choice(words + ["".join(rnd.choice("aeCortu") for _ in range(6))])
            got = looks_like(cand)
            answers.add(got)
            if got != fresh(cand, originals):
                failures.append((cand, originals))

    threads = [threading.Thread(target=run, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures and answers == {True, False}
