"""Issue 17: what the translate job keeps or shares to spend less CPU answers exactly as what
it replaced — the matchers' shared words, the composed names' kept word lists, the plans'
shared admissible entries and vocabulary, the engine's views asked in one request."""
import random

from schemas.dictionary import DictionaryEntry, DictionaryForm
from schemas.records import Mention, Segment
from transforms import linking
from transforms.dictionary.select import LEVEL_SEP, Selector, _Looks
from transforms.dictionary.store import Dictionary
from transforms.pseudonyms import engine_shaped
from transforms.pseudonyms.engine_shaped import EngineVocabulary


def test_matchers_sharing_a_texts_words_find_what_each_finds_alone():
    rnd = random.Random(17)
    vocab = ["Anna", "Rose", "EU", "Court", "of", "Justice", "anna", "rose", "court", "X",
             "Bērziņš", "(EU)", "İstanbul"]
    for _ in range(200):
        forms = [" ".join(rnd.sample(vocab, rnd.randint(1, 3))) for _ in range(rnd.randint(1, 6))]
        a = linking._compiled(tuple(sorted(set(forms[: len(forms) // 2 + 1]))))
        b = linking._compiled(tuple(sorted(set(forms))))
        text = " ".join(rnd.choice(vocab + [",", "the", "(", ")"]) for _ in range(rnd.randint(0, 15)))
        words = {}
        shared = [a.spans(text, words=words), b.spans(text, words=words)]
        assert shared == [a.spans(text), b.spans(text)], (forms, text)
        if a._indexes or b._indexes:
            assert words     # made once, for both


def test_a_surname_spreads_only_into_the_segments_holding_it():
    segs = [Segment(document="d", id=str(i), index=i, text=t) for i, t in enumerate(
        ["Anna Rose spoke.", "Then Rose left.", "Nobody else came.", "A Rosebud bloomed."])]
    mentions = [Mention(segment=0, start=0, end=9, text="Anna Rose", category="PER",
                        source="given")]
    added = [m for m in linking.propagate(segs, mentions, lang="en") if m.source == "propagated"]
    assert [(m.segment, m.text) for m in added] == [(1, "Rose")]


def test_a_documents_lower_case_words_are_its_own():
    texts = ("The customs office", "Customs and rose gardens")
    assert linking.lower_words_of(texts) == {"customs", "office", "and", "rose", "gardens"}
    assert linking.ordinary_forms(["Customs", "Office"], list(texts), "en") == \
        ["Customs", "Office"]
    assert linking.ordinary_forms(["Gardens"], ["Gardens only"], "en") == []


def test_forbidden_words_are_casefolded_afresh_unless_frozen():
    frozen = frozenset({"Straße", "ABC"})
    assert engine_shaped._casefolded(frozen) == {"strasse", "abc"}
    assert engine_shaped._casefolded(frozen) is engine_shaped._casefolded(frozen)
    words = {"Court"}
    assert engine_shaped._casefolded(words) == {"court"}
    words.add("Union")               # a set may change: never kept
    assert engine_shaped._casefolded(words) == {"court", "union"}


def test_unknown_names_follow_the_names_asked_for():
    asked = []

    def views(texts):
        asked.append(list(texts))
        return {t: ("*" if t.startswith("Z") else "<np>") for t in texts}

    vocab = EngineVocabulary([], views)
    asked.clear()
    names = ("Zorn", "Smith", "Zeta")
    assert vocab.unknown(names, views) == ["Zorn", "Zeta"]
    assert vocab.unknown(names, views) == ["Zorn", "Zeta"] and len(asked) == 1
    # the same names in another object: the same answer; other names: asked again
    assert vocab.unknown(list(names), views) == ["Zorn", "Zeta"] and len(asked) == 1
    assert vocab.unknown(("Zack", "Jones"), views) == ["Zack"] and len(asked) == 2


def _entry(lemma, category="ORG"):
    return DictionaryEntry(category=category, lemma=lemma, count=1, tokens=len(lemma.split()),
                           upos="PROPN", classes=[], source="test",
                           forms=[DictionaryForm(form=lemma, features={}, count=1)])


def _views(table, calls=None, fail=False):
    def views(texts):
        if calls is not None:
            calls.append(list(texts))
        if fail:
            raise OSError("engine down")
        return {t: table.get(t, "*" + LEVEL_SEP + "*" + LEVEL_SEP + "*") for t in texts}
    return views


def test_prefilled_levels_are_those_view_level_finds_one_by_one():
    table = {"Court": "<n><sg>>A" + LEVEL_SEP + "<n>>A" + LEVEL_SEP + "n",
             "Union": "<n><sg>>A" + LEVEL_SEP + "<n>>A" + LEVEL_SEP + "n",
             "Council": "<n><sg>>B" + LEVEL_SEP + "<n>>B" + LEVEL_SEP + "n",
             "Board": "<adj>>C" + LEVEL_SEP + "<n>>A" + LEVEL_SEP + "adj",
             "Mars+bar": "<np>+<n>" + LEVEL_SEP + "<np>" + LEVEL_SEP + "np"}
    mention = Mention(segment=0, start=0, end=5, text="Court", category="ORG")
    entries = [_entry(x) for x in ("Union", "Council", "Board", "Mars+bar", "Zed", "Two words")]
    one_by_one = _Looks([mention], "Court", _views(table), "ORG", {})
    want = [one_by_one.view_level(e) for e in entries]
    calls = []
    looks = _Looks([mention], "Court", _views(table, calls), "ORG", {})
    looks.prefill(entries)
    assert len(calls) == 2                   # the original's view, then all at once
    assert [looks.view_level(e) for e in entries] == want == [0, 2, 1, 4, 3, 3]
    assert len(calls) == 2                   # nothing asked again
    broken = _Looks([mention], "Court", _views(table), "ORG", {})
    broken.views = _views(table, fail=True)
    broken.prefill(entries)                  # no answer: nothing kept, nothing failed
    assert broken._levels == {} and not broken.failed


def test_plans_share_admissible_entries_only_for_looks_alike_and_answered():
    table = {"Court": "<n><sg>>A" + LEVEL_SEP + "<n>>A" + LEVEL_SEP + "n",
             "Union": "<n><sg>>A" + LEVEL_SEP + "<n>>A" + LEVEL_SEP + "n",
             "Mars+bar": "<np>+<n>" + LEVEL_SEP + "<np>" + LEVEL_SEP + "np"}
    orgs = [_entry(x) for x in ("Union", "Mars+bar", "Acme")]
    selector = Selector(Dictionary(lang="en", entries={"ORG": orgs}))
    court = Mention(segment=0, start=0, end=5, text="Court", category="ORG")
    views = _views(table)
    looks = _Looks([court], "Court", views, "ORG", selector._view_levels)
    first = selector._admissible("ORG", looks)
    assert [e.lemma for e in first] == ["Union", "Acme"]      # not the compound
    again = _Looks([court], "Court", views, "ORG", selector._view_levels)
    assert selector._admissible("ORG", again) is first
    # another original's view: its own answer
    other = Mention(segment=0, start=0, end=4, text="Zork", category="ORG")
    assert selector._admissible("ORG", _Looks([other], "Zork", views, "ORG",
                                              selector._view_levels)) is not first
    # a look the engine did not answer is not kept for the next one
    down = _Looks([court], "Court", views, "ORG", {})
    down._view, down.views = "x", _views(table, fail=True)
    selector._admissible("ORG", down)
    assert down.failed and ("x" not in [k[2] for k in selector._admitted])


def test_the_run_freezes_what_exists_before_it_and_the_caller_gets_it_back():
    import gc
    from pipelines.running import GC_THRESHOLDS, fewer_collections
    before = gc.get_threshold()
    assert gc.get_freeze_count() == 0
    with fewer_collections():
        assert gc.get_threshold() == GC_THRESHOLDS
        assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
    # a caller's own frozen objects stay frozen
    gc.freeze()
    try:
        with fewer_collections():
            pass
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
