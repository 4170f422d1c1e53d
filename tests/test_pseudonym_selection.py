"""Morphology-matched pseudonym selection (the paper's §3.2), identifier fakes, masks."""
import pytest

from schemas.dictionary import DictionaryEntry, DictionaryForm
from schemas.records import Cluster, Document, Mention, Segment
from transforms.dictionary.store import Dictionary
from transforms.pseudonyms import (DictPseudonym, PseudonymChooser, choice_order,
                                   fallback_lists, grammar_code, mask_for)


def form(text, case, number="Sing", count=1):
    return DictionaryForm(form=text, features={"Case": case, "Number": number}, count=count)


def entry(cat, lemma, forms, classes=(), count=10):
    return DictionaryEntry(category=cat, lemma=lemma, count=count, tokens=len(lemma.split()),
                           upos="PROPN", classes=list(classes), forms=forms)


def et_dictionary():
    return Dictionary(lang="et", entries={
        "LOC": [
            entry("LOC", "Tartu", [form("Tartu", "Nom"), form("Tartu", "Gen"),
                                   form("Tartus", "Ine"), form("Tartust", "Ela")], ["Gep"]),
            entry("LOC", "Narva", [form("Narva", "Nom"), form("Narva", "Gen"),
                                   form("Narvas", "Ine")], ["Loc"]),
            entry("LOC", "Pärnu", [form("Pärnu", "Gen"), form("Pärnus", "Ine")], ["Gep"]),
            entry("LOC", "Keila", [form("Keila", "Nom"), form("Keilast", "Ela")], ["Gep"]),
        ],
        "PER": [
            entry("PER", "Kaja Kallas", [form("Kaja Kallas", "Nom"), form("Kaja Kallase", "Gen")],
                  ["Per"]),
            entry("PER", "Jaan Tamm", [form("Jaan Tamm", "Nom"), form("Jaan Tamme", "Gen")],
                  ["Per"]),
        ]})


def m(text, cat, lemma, case, number="Sing", cls="", seg=0):
    feats = {"Case": case, "Number": number, "upos": "PROPN"}
    if cls:
        feats["class"] = cls
    return Mention(segment=seg, start=0, end=len(text), text=text, category=cat, lemma=lemma,
                   features=feats)


def chooser(originals=(), d=None, secret=b"k"):
    return PseudonymChooser(secret, "doc", list(originals), dictionary=d or et_dictionary(),
                            lang="et")


def cluster(cat, key, canonical, cid=0):
    return Cluster(id=cid, category=cat, key=key, canonical=canonical)


def test_class_and_features_then_every_mention_in_its_own_form():
    ms = [m("Tallinnas", "LOC", "Tallinn", "Ine", cls="Gep"),
          m("Tallinna", "LOC", "Tallinn", "Gen", cls="Gep")]
    ch = chooser(["Tallinnas", "Tallinna", "Tallinn"])
    p = ch.choose(cluster("LOC", "tallinn", "Tallinn"), ms)
    assert isinstance(p, DictPseudonym) and ch.stats["class+features"] == 1
    # Tartu and Pärnu are Gep and have Ine+Gen; Narva is a Loc
    assert p.entry.lemma in ("Tartu", "Pärnu")
    ine, feats = p.choose_form("Tallinnas", ms[0].features)
    assert feats == {"Case": "Ine", "Number": "Sing"} and ine == p.entry.lemma + "s"
    assert p.form_for("TALLINNAS", ms[0].features) == ine.upper()      # ALL CAPS kept


def test_features_only_when_no_class_matches():
    ms = [m("Tallinnas", "LOC", "Tallinn", "Ine", cls="Muu"),
          m("Tallinn", "LOC", "Tallinn", "Nom", cls="Muu")]
    ch = chooser(["Tallinnas", "Tallinn"])
    p = ch.choose(cluster("LOC", "tallinn", "Tallinn"), ms)
    assert ch.stats["features"] == 1 and p.entry.lemma in ("Tartu", "Narva")


def test_analogy_makes_a_form_the_corpus_never_showed():
    # Ela is needed; "Valtu" was only seen in Gen and Ine, but "Tartu" (same ending) was seen
    # as "Tartust": Valtu -> Valtust.  Tartu itself is an original here, so cannot be chosen.
    d = et_dictionary()
    d.entries["LOC"] = [d.entries["LOC"][0],
                        entry("LOC", "Valtu", [form("Valtu", "Gen"), form("Valtus", "Ine")], ["Gep"])]
    ms = [m("Võrust", "LOC", "Võru", "Ela", cls="Gep"), m("Võrus", "LOC", "Võru", "Ine", cls="Gep")]
    ch = chooser(["Võrust", "Võrus", "Võru", "Tartu"], d)
    p = ch.choose(cluster("LOC", "võru", "Võru"), ms)
    assert ch.stats["analogy"] == 1 and p.entry.lemma == "Valtu"
    assert p.choose_form("Võrust", ms[0].features) == ("Valtust", {"Case": "Ela",
                                                                   "Number": "Sing"})
    assert p.last_by_analogy
    assert p.form_for("Võrus", ms[1].features) == "Valtus" and not p.last_by_analogy


def test_partial_then_made_up_names_then_fallback():
    d = et_dictionary()
    d.entries["LOC"] = [d.entries["LOC"][1]]                     # Narva: Nom, Gen, Ine
    d.entries["PER"] = d.entries["PER"][:1]
    # No name in the dictionary was seen in the terminative and no rule makes it: Narva's
    # own forms cover all that can be had; the terminative mention gets its base form.
    ms = [m("Võruni", "LOC", "Võru", "Ter"), m("Võrus", "LOC", "Võru", "Ine")]
    ch = chooser(["Võruni", "Võrus", "Elvas", "Kaja Kallase", "Kaja Kallas"], d)
    p = ch.choose(cluster("LOC", "võru", "Võru"), ms)
    assert ch.stats["features-partial"] == 1 and p.entry.lemma == "Narva"
    assert p.form_for("Võrus", ms[1].features) == "Narvas"
    assert p.choose_form("Võruni", ms[0].features) == ("Narva", None)
    # Narva is now taken: a Faker place name, its inessive made by analogy (Narva -> Narvas)
    ms2 = [m("Elvas", "LOC", "Elva", "Ine")]
    p2 = ch.choose(cluster("LOC", "elva", "Elva", 1), ms2)
    assert ch.stats["faker+analogy"] == 1 and isinstance(p2, DictPseudonym)
    form2, feats2 = p2.choose_form("Elvas", ms2[0].features)
    assert feats2 == {"Case": "Ine", "Number": "Sing"} and p2.last_by_analogy
    assert form2 == p2.entry.lemma + "s" and p2.entry.lemma in fallback_lists()["city"]
    # a person (the only dictionary person is the original): a given name + a Faker family
    # name; only the last word inflects, the genitive made by analogy
    ms3 = [m("Kaja Kallase", "PER", "Kaja Kallas", "Gen")]
    p3 = ch.choose(cluster("PER", "kaja kallas", "Kaja Kallas", 2), ms3)
    assert ch.stats["faker+analogy"] == 2
    given, family = p3.entry.lemma.split()
    lists = fallback_lists()
    assert given in lists["given_female"] + lists["given_male"] + ["Kaja"]
    assert family in lists["family"]
    form3, feats3 = p3.choose_form("Kaja Kallase", ms3[0].features)
    assert feats3 == {"Case": "Gen", "Number": "Sing"} and form3.split()[0] == given
    assert p3.form_for("Kallase", ms3[0].features) == form3.split()[1]
    # no dictionary and no Faker names for the category: step 3 proper
    ms4 = [m("Võrumaad", "MISC", "Võrumaa", "Par")]
    p4 = ch.choose(cluster("MISC", "võrumaa", "Võrumaa", 3), ms4)
    assert ch.stats["fallback"] == 1 and not isinstance(p4, DictPseudonym)


def test_exclusion_and_never_an_original():
    ms1 = [m("Tallinnas", "LOC", "Tallinn", "Ine", cls="Gep")]
    ms2 = [m("Viljandis", "LOC", "Viljandi", "Ine", cls="Gep")]
    ms3 = [m("Tartus", "LOC", "Tartu", "Ine", cls="Gep")]
    ch = chooser(["Tallinnas", "Viljandis", "Tartus", "Tartu"])
    picks = [ch.choose(cluster("LOC", k, c, i), ms) for i, (k, c, ms) in
             enumerate([("tallinn", "Tallinn", ms1), ("viljandi", "Viljandi", ms2),
                        ("tartu", "Tartu", ms3)])]
    lemmas = [p.entry.lemma if isinstance(p, DictPseudonym) else p.form_for("x") for p in picks]
    assert len(set(lemmas)) == 3 and "Tartu" not in lemmas


def test_person_surname_only_mention_and_gender_preference():
    d = et_dictionary()
    ms = [m("Mari Kase", "PER", "Mari Kask", "Gen", cls="Per"),
          m("Kase", "PER", "Kask", "Gen", cls="Per")]
    ch = chooser(["Mari Kase", "Kase", "Mari Kask"], d)
    p = ch.choose(cluster("PER", "mari kask", "Mari Kask"), ms)
    assert p.entry.lemma == "Kaja Kallas"             # same gender as "Mari" (Faker's lists)
    assert p.form_for("Mari Kase", ms[0].features) == "Kaja Kallase"
    assert p.form_for("Kase", ms[1].features) == "Kallase"


def test_a_persons_surname_is_never_another_persons_pseudonym():
    d = et_dictionary()
    d.entries["PER"].append(entry("PER", "Kallas", [form("Kallas", "Nom"),
                                                    form("Kallase", "Gen")]))
    ch = chooser(["Mari Kase", "Mari Kask", "Kase", "Kask", "Tamme", "Tamm"], d)
    p1 = ch.choose(cluster("PER", "mari kask", "Mari Kask"),
                   [m("Mari Kase", "PER", "Mari Kask", "Gen", cls="Per")])
    assert p1.entry.lemma == "Kaja Kallas"
    # "Kallas" alone would make a surname-only mention of either person "Kallase"
    p2 = ch.choose(cluster("PER", "tamm", "Tamm", 1), [m("Tamme", "PER", "Tamm", "Gen")])
    assert isinstance(p2, DictPseudonym) and p2.entry.lemma != "Kallas"
    assert p2.form_for("Tamme", {"Case": "Gen", "Number": "Sing"}) != "Kallase"
    assert ch.stats["faker+analogy"] == 1        # Jaan Tamm holds an original


def test_without_features_today_behaviour_is_kept():
    plain = PseudonymChooser(b"k", "doc", ["Josefina Lasocka"])
    with_dict = chooser(["Josefina Lasocka"])
    c = cluster("PER", "josefina lasocka", "Josefina Lasocka")
    ms = [Mention(segment=0, start=0, end=16, text="Josefina Lasocka", category="PER")]
    assert plain.choose(c, ms).form_for("Josefina Lasocka") == \
        with_dict.choose(c, ms).form_for("Josefina Lasocka")
    assert with_dict.stats == {"faker": 1}


def test_choice_order_puts_the_most_constrained_cluster_first():
    a, b = cluster("LOC", "a", "A", 0), cluster("LOC", "b", "B", 1)
    of = {0: [m("A", "LOC", "A", "Nom")], 1: [m("B", "LOC", "B", "Nom"), m("Bs", "LOC", "B", "Ine")]}
    assert [c.key for c in choice_order([a, b], of)] == ["b", "a"]
    assert [c.key for c in choice_order([b, a], {})] == ["a", "b"]


# -- identifiers ------------------------------------------------------------------------
IDS = [
    ("IBAN", "IBAN", "LV80 BANK 0000 4351 9500 1"),
    ("IBAN", "IBAN", "DE89370400440532013000"),
    ("CARD", "CARD", "4111 1111 1111 1111"),
    ("IDNUM", "PERSONAL_CODE:EE", "37605030299"),
    ("IDNUM", "PERSONAL_CODE:LV", "161175-19997"),
    ("IDNUM", "PERSONAL_CODE:ES", "12345678Z"),
    ("VAT", "VAT:LV", "LV40003521600"),
    ("PHONE", "PHONE:LV", "+371 2612 3456"),
    ("IP", "IPv4", "192.168.12.34"),
]


@pytest.mark.parametrize("cat,subtype,value", IDS)
def test_identifier_fakes_pass_the_same_validation(cat, subtype, value):
    from transforms.detect.identifiers import detect
    country = subtype.split(":")[1] if ":" in subtype else ""
    found = [s for s in detect(value, country=country) if (s.start, s.end) == (0, len(value))]
    assert found and found[0].subtype == subtype, "fixture must itself be valid"
    ch = PseudonymChooser(b"k", "doc", [value])
    mention = Mention(segment=0, start=0, end=len(value), text=value, category=cat,
                      source="identifier", features={"subtype": subtype})
    fake = ch.choose(cluster(cat, value.lower(), value), [mention]).form_for(value)
    assert fake != value and len(fake) == len(value)
    assert [c.isdigit() for c in fake] == [c.isdigit() for c in value] or cat == "IBAN"
    spans = [s for s in detect(fake, country=country) if (s.start, s.end) == (0, len(fake))]
    assert spans and spans[0].category == cat and spans[0].subtype == subtype, fake
    assert ch.stats["identifier"] == 1
    again = PseudonymChooser(b"k", "doc", [value]).choose(
        cluster(cat, value.lower(), value), [mention]).form_for(value)
    assert again == fake                                         # keyed, reproducible


# -- masks ------------------------------------------------------------------------------
def test_category_id_grammar_codes():
    assert mask_for("category-id-grammar", "PER", 1,
                    {"Case": "Nom", "Gender": "Fem", "Number": "Sing"}) == "PER_1_NFS"
    assert mask_for("category-id-grammar", "LOC", 2, {"Case": "Ine", "Number": "Plur"}) == "LOC_2_IP"
    assert grammar_code({}, "Lasocka's", "PER") == "G"
    assert grammar_code({}, "Josefina Lasocka", "PER") == "F"
    assert mask_for("category-id-grammar", "ORG", 3, {}, "Acme") == "ORG_3"


def _doc():
    segs = [Segment(document="d.jsonl", id="1", index=0,
                    text="Josefina Lasocka sued SiGer GmbH in Wrocław.",
                    labels=[[0, 16, "PER"], [22, 32, "ORG"], [36, 43, "LOC"]]),
            Segment(document="d.jsonl", id="2", index=1, text="Lasocka's claim failed.",
                    labels=[[0, 9, "PER"]])]
    return Document(name="d.jsonl", path="d.jsonl", format="jsonl", skeleton=b"",
                    segments=segs, source_lang="en", target_lang="es")


@pytest.mark.parametrize("method", ["tags", "category-id-grammar", "pseudonym"])
def test_methods_restore_exactly_through_the_identity_engine(method):
    from transforms.engines import create
    from transforms.protect import ProtectOptions, protect_document
    from transforms.protect import LeakGuard
    from transforms.stages import requests_for, restore_document, translate_batch
    d = _doc()
    pd = protect_document(d, ProtectOptions(method=method, secret=b"k"))
    reqs = requests_for(pd, "identity")
    assert not [r.text for r in reqs if LeakGuard(r.guard).find(r.text)]
    sent = " ".join(r.text for r in reqs)
    assert "Lasocka" not in sent and "SiGer" not in sent and "Wrocław" not in sent
    if method == "tags":
        assert sent.count("<x id=") == 4
    if method == "category-id-grammar":
        assert "PER_1_F" in sent and "PER_1_G" in sent
    results, report = restore_document(pd, translate_batch(create("identity", "en", "es"), reqs))
    assert [results[s.id].text for s in d.segments] == [s.text for s in d.segments]
    assert report.unresolved == 0


def test_shipped_spanish_dictionary_with_stanza_style_features():
    from transforms.dictionary.store import load_default
    es = load_default("es")
    feats = {"Gender": "Fem", "Number": "Sing", "upos": "PROPN", "deprel": "nsubj"}
    ms = [Mention(segment=0, start=0, end=12, text="María García", category="PER",
                  lemma="María García", features=feats),
          Mention(segment=1, start=0, end=6, text="García", category="PER", lemma="García",
                  features=feats)]
    ch = PseudonymChooser(b"k", "doc", ["María García", "García"], dictionary=es, lang="es")
    p = ch.choose(cluster("PER", "maria garcia", "María García"), ms)
    assert isinstance(p, DictPseudonym) and ch.stats["features"] == 1
    full = p.form_for("María García", feats)
    assert len(full.split()) == 2 and "García" not in full
    from transforms.pseudonyms import given_gender
    assert given_gender(full.split()[0]) in ("Fem", "")       # same gender preferred
    assert p.form_for("García", feats) == full.split()[-1]
    assert p.form_for("GARCÍA", feats) == full.split()[-1].upper()


def test_clusters_of_one_lemma_share_the_pseudonym_in_their_own_cases():
    # surface linking gives "Tallinnas" and "Tallinna" separate clusters: one entity
    ch = chooser(["Tallinnas", "Tallinna", "Tallinn"])
    a = [m("Tallinnas", "LOC", "Tallinn", "Ine", cls="Gep")]
    b = [m("Tallinna", "LOC", "Tallinn", "Gen", cls="Gep")]
    pa = ch.choose(cluster("LOC", "tallinnas", "Tallinnas", 0), a)
    pb = ch.choose(cluster("LOC", "tallinna", "Tallinna", 1), b)
    assert pa is pb and ch.stats["same-key"] == 1
    assert pa.form_for("Tallinnas", a[0].features) == pa.entry.lemma + "s"
    assert pb.form_for("Tallinna", b[0].features) == pa.entry.lemma


CONLLU = """# sent_id = a_1
1\tEestist\tEesti\tPROPN\tS\tCase=Ela|Number=Sing\t2\tobl\t_\tNE=B-Gep
2\ttuli\ttulema\tVERB\tV\t_\t0\troot\t_\tSpaceAfter=No
3\t.\t.\tPUNCT\tZ\t_\t2\tpunct\t_\t_

"""


def test_conllu_input_gets_case_matched_pseudonyms_and_never_a_lemma(tmp_path):
    """Through protect_document with a CoNLL-U document (mentions carry lemma and features):
    a dictionary entry containing the original's lemma ("Eesti") would trip the leak guard,
    so it is never chosen."""
    from transforms import formats
    from transforms.protect import LeakGuard, ProtectOptions, protect_document
    from transforms.stages import guard_terms
    d = Dictionary(lang="et", entries={"LOC": [
        entry("LOC", "Eesti Arst", [form("Eesti Arstist", "Ela")]),
        entry("LOC", "Taani", [form("Taani", "Nom"), form("Taanist", "Ela")])]})
    path = tmp_path / "et.json"
    path.write_text(d.to_json(), encoding="utf-8")
    doc = formats.read_document("a.conllu", "a.conllu", CONLLU.encode(), "et", "en")
    pd = protect_document(doc, ProtectOptions(secret=b"k", dictionary=str(path)))
    assert [a.replacement for s in pd.segments for a in s.assignments] == ["Taanist"]
    assert pd.selection.get("features") == 1
    guard = LeakGuard(guard_terms(pd))
    assert not [s.text for s in pd.segments if guard.find(s.text)]


def test_fallback_names_skip_words_an_engine_would_translate():
    """A fallback name made of ordinary words ("Lane" -> "camino") could come back translated
    and not be found again: with a ``translatable`` predicate such names are never chosen."""
    from transforms.pseudonyms import fallback_lists
    family = fallback_lists()["family"]
    common = {w.lower() for w in family[::2]}           # every other surname "is a word"
    clusters = [Cluster(id=i, category="PER", key=f"p{i}", canonical=f"Anna Person{i}")
                for i in range(60)]

    def chosen(translatable):
        ch = PseudonymChooser(b"k", "doc", [c.canonical for c in clusters],
                              translatable=translatable)
        return [ch.choose(c).form_for(c.canonical) for c in clusters]

    plain = chosen(None)
    assert any(w.lower() in common for name in plain for w in name.split())
    guarded = chosen(lambda w: w.lower() in common)
    assert not any(w.lower() in common for name in guarded for w in name.split())


def test_apertium_dictionary_knows_common_words(apertium):
    from transforms.target_names import common_word
    assert common_word("Lane", "en", "es") and common_word("Young", "en", "es")
    assert not common_word("Kowalski", "en", "es") and not common_word("Fernandez", "en", "es")
    assert not common_word("Lane", "et", "es")          # no such pair: nothing known


def test_words_looked_up_together_get_the_answers_they_get_alone(apertium):
    """check_common_words asks the analyser about many words in one round trip (each
    NUL-flushed on its own); every answer must be the one-at-a-time answer, and afterwards
    common_word answers from memory."""
    import random

    from transforms import target_names
    from transforms.pseudonyms import _POOLS, fallback_lists
    lists = fallback_lists()
    rng = random.Random(5)
    words = rng.sample(sorted({w for k in _POOLS for c in lists[k] for w in c.split()}), 400)
    words += ["Lane", "Young", "Kowalski", "Rose", "New York", "a^b", "x/y", "Émile", "O'Brien"]
    alone = target_names.ApertiumNames("en", "es")
    together = target_names.ApertiumNames("en", "es").common_many(words)
    want = {w: alone.common(w) for w in words}
    assert together == want
    assert 0 < sum(want.values()) < len(words)        # both answers occur in the sample
    target_names._COMMON.pop(("en", "es"), None)
    target_names.check_common_words(words, "en", "es")
    assert target_names._COMMON[("en", "es")] == want


def test_corpus_scope_names_skip_common_words_too(apertium):
    from transforms.pseudonyms import corpus_assignments
    from transforms.target_names import common_word
    forms = [(f"Anna Person{i}", "PER") for i in range(80)]

    def words(source, target):
        out = corpus_assignments(b"k", forms, source, target)
        return [w for (cat, key), p in out.items()
                for w in p.form_for(f"Anna Person{key[-2:]}").split()]

    assert any(common_word(w, "en", "es") for w in words("", ""))
    assert not any(common_word(w, "en", "es") for w in words("en", "es"))


def test_lazy_ranking_is_the_full_sort():
    # ``Ranking`` computes the keyed order only for the groups a caller reaches; the
    # sequence must be that of the one full sort it replaced, ties and window included.
    import random
    from types import SimpleNamespace
    from transforms.dictionary.select import WINDOW, Ranking

    def eager(cands, prefs, order):
        ranked = sorted(cands, key=lambda e: (prefs(e), len(e.lemma), order(e.lemma), e.lemma))
        if not ranked:
            return []
        top, shortest = prefs(ranked[0]), len(ranked[0].lemma)
        window = [e for e in ranked if prefs(e) == top and len(e.lemma) <= shortest + WINDOW]
        window.sort(key=lambda e: (order(e.lemma), e.lemma))
        inside = {id(e) for e in window}
        return window + [e for e in ranked if id(e) not in inside]

    rnd = random.Random(7)
    for _ in range(300):
        cands = [SimpleNamespace(lemma="".join(rnd.choice("abc") for _ in range(rnd.randint(1, 9))),
                                 p=(rnd.randint(0, 2), rnd.randint(0, 1)))
                 for _ in range(rnd.randint(0, 40))]
        ranking = Ranking(cands, lambda e: e.p)
        for salt in (rnd.random(), rnd.random()):     # one ranking, two clusters' orders

            def order(lemma, salt=salt):
                return hash((lemma, salt)) % 7

            got = list(ranking.ranked(order))
            assert [id(e) for e in got] == [id(e) for e in eager(cands, lambda e: e.p, order)]


def test_a_pseudonym_takes_each_mentions_case():
    # A heading made the cluster's canonical form "THE WORKING GROUP"; its running-text
    # mentions went out as "the THREATENING CHAT" (a real UN report, unlabelled).
    from transforms.pseudonyms.surface import apply_case
    assert apply_case("Working Group", "THREATENING CHAT") == "Threatening Chat"
    assert apply_case("WORKING GROUP", "Threatening Chat") == "THREATENING CHAT"
    # acronyms keep theirs, in a mention with an article too
    assert apply_case("the UNESCO", "EUIPO") == "EUIPO"
    assert apply_case("UN", "DGT") == "DGT"
    # word for word where the pseudonym mirrors a heading's mixed case: "JUDGMENT OF THE
    # COURT (Grand Chamber)" named the cluster, "the Court (Grand Chamber)" went out as
    # "the ESTIMATE (Funny Chart)" and came back as "la CORTE" in running text
    assert apply_case("Court (Grand Chamber)", "ESTIMATE (Funny Chart)") == \
        "Estimate (Funny Chart)"
    assert apply_case("EU Council", "CNE Tent") == "CNE Tent"


def test_each_cluster_is_counted_once_by_the_step_that_chose_it(tmp_path):
    """``selection_by_category`` counts the deciding step once per cluster: a made-up name
    (``faker+analogy``) is no dictionary choice, a dictionary entry is; the summary's
    ``dictionary_share`` is their ratio over the fresh name clusters."""
    from transforms import formats
    from transforms.protect import ProtectOptions, protect_document
    from transforms.stages import restore_document, summarise
    d = Dictionary(lang="et", entries={"LOC": [
        entry("LOC", "Taani", [form("Taani", "Nom"), form("Taanist", "Ela")])]})
    path = tmp_path / "et.json"
    path.write_text(d.to_json(), encoding="utf-8")
    two = CONLLU + CONLLU.replace("a_1", "a_2").replace("Eestist\tEesti", "Lätist\tLäti")
    doc = formats.read_document("a.conllu", "a.conllu", two.encode(), "et", "en")
    pd = protect_document(doc, ProtectOptions(secret=b"k", dictionary=str(path)))
    # one entry, two places: the second gets a Faker city in the elative analogy makes
    assert pd.selection_by_category == {"LOC": {"features": 1, "faker+analogy": 1}}
    _, report = restore_document(pd, [])
    summary = summarise([report], [])
    assert summary["selection_by_category"] == {"LOC": {"faker+analogy": 1, "features": 1}}
    assert summary["dictionary_share"] == {"LOC": 0.5, "names": 0.5, "clusters": 2}


def test_without_a_dictionary_faker_is_counted_once_per_cluster():
    """No dictionary: every name cluster is Faker's choice, counted once (an acronym, which
    Faker never gives, once as the scramble)."""
    import json as _json
    from transforms import formats
    from transforms.protect import ProtectOptions, protect_document
    line = {"text": "Anna Berg met Karl Holm of the EU in Riga.",
            "label": [[0, 9, "PER"], [14, 23, "PER"], [31, 33, "ORG"], [37, 41, "LOC"]]}
    doc = formats.read_document("a.jsonl", "a.jsonl", _json.dumps(line).encode(), "en", "es")
    pd = protect_document(doc, ProtectOptions(secret=b"k", dictionary="none"))
    assert pd.selection_by_category == {"PER": {"faker": 2}, "ORG": {"scramble": 1},
                                        "LOC": {"faker": 1}}
    assert pd.selection == {"faker": 3, "scramble": 1}


def test_looks_like_reuses_its_matchers_to_the_same_answer():
    # ``LooksLike`` indexes each original once and compares every candidate with it; the
    # answers must be those of a fresh comparison per candidate (the rule it replaced).
    import difflib
    import random
    from transforms.linking import fold
    from transforms.nlp.apertium_morphology import article_of, bare_name
    from transforms.pseudonyms.chooser import TOO_ALIKE, LooksLike

    def fresh(candidate, originals):
        return any(difflib.SequenceMatcher(None, fold(article_of(o) + bare_name(candidate)),
                                           fold(o)).ratio() >= TOO_ALIKE
                   for o in originals if o.strip())

    rnd = random.Random(11)
    words = ["Court", "Sort", "the Court", "Commission", "Composition", "Union", "Onion",
             "the European Union", "Tallinn", "Talinn", "Åland", "Aland", "EU", "UE", " "]
    seen = set()
    for _ in range(300):
        originals = rnd.sample(words, rnd.randint(1, 3))
        looks_like = LooksLike(originals)
        for cand in rnd.sample(words, 6) + ["".join(rnd.choice("aeCortu") for _ in range(6))]:
            got = looks_like(cand)
            assert got == fresh(cand, originals), (cand, originals)
            seen.add(got)
    assert seen == {True, False}


def test_the_exclusion_rules_kept_per_string_answer_as_checked_afresh():
    # ``_Forbidden.allows`` keeps its answer per candidate (the run's list is asked about
    # the same candidates in every document); ``_acceptable`` must answer as the rules
    # checked afresh do, for either list, after any other question.
    import random
    from transforms.linking import fold
    from transforms.pseudonyms.chooser import _WORDS, PseudonymChooser

    def fresh(ch, cand, share_words):
        f = fold(cand)
        lists = ch._forbidden
        if f in ch.used or any(f in fb.folded for fb in lists):
            return False
        words = _WORDS.findall(f)
        if not share_words and any(not fb.words.isdisjoint(words) for fb in lists):
            return False
        if any(0 < len(w.strip(".")) <= 3 and w.strip(".").isalpha() and
               any(w.strip(".") in fb.folded for fb in lists) for w in words):
            return False
        if len(f) < 3:
            return True
        padded = " " + " ".join(words) + " "
        return not any(o in padded or padded in o for fb in lists for w in set(words)
                       for o in fb.padded_by_word.get(w, ()))

    rnd = random.Random(5)
    pieces = ["Court", "of", "Justice", "EU", "A", "Berg", "Anna", "Åsa", "Bank", "X", "RZ"]
    answers = set()
    for _ in range(40):
        mine = [" ".join(rnd.sample(pieces, rnd.randint(1, 3))) for _ in range(3)]
        run = [" ".join(rnd.sample(pieces, rnd.randint(1, 3))) for _ in range(5)]
        ch = PseudonymChooser(b"k", "doc", mine, avoid=run)
        ch.used.add(fold(rnd.choice(pieces)))
        for _ in range(30):
            cand = " ".join(rnd.sample(pieces, rnd.randint(1, 3)))
            for share_words in (True, False):
                got = ch._acceptable(cand, share_words)
                assert got == fresh(ch, cand, share_words), (cand, mine, run)
                answers.add(got)
    assert answers == {True, False}


def test_a_vocabulary_list_without_a_names_words_is_the_list_filtered():
    # ``engine_shaped`` leaves a name's words out of the vocabulary's lists by looking up
    # where they stand (``EngineVocabulary.without``) instead of filtering thousands of
    # words per word of a name: the same sequence, position by position.
    import random
    from transforms.pseudonyms.engine_shaped import EngineVocabulary

    rnd = random.Random(3)
    vocab = EngineVocabulary([], lambda texts: {})
    for _ in range(200):
        words = sorted({rnd.choice(["Us", "US", "Law", "Court", "Lane", "Aa", "Bb"]) +
                        str(rnd.randint(0, 5)) * rnd.randint(0, 1)
                        for _ in range(rnd.randint(0, 30))})
        banned = {w.casefold() for w in rnd.sample(words, min(len(words), rnd.randint(0, 4)))}
        banned |= {"court", "nowhere"}
        want = [w for w in words if w.casefold() not in banned]
        got = vocab.without(words, banned)
        assert len(got) == len(want) and bool(got) == bool(want)
        assert [got[k] for k in range(len(want))] == want


def test_made_up_names_forms_are_kept_per_name_and_form():
    # ``Selector._made_name`` keeps what analogy makes of a made-up name (the Faker pools
    # are walked for cluster after cluster): per name and form, as analogy makes it afresh.
    import random
    from transforms.dictionary.select import Selector
    from transforms.dictionary.store import load_default
    sel = Selector(load_default("sv"))
    needs = [dict(k) for k in sel.analogy.needs] + [{"Case": "Gen"}, {}]
    names = ["Lindqvist", "Anna Lindqvist", "Berg", "Åkesson", "Malmö", "Vikström AB"]
    rnd = random.Random(2)
    made = set()
    for _ in range(300):
        name, need = rnd.choice(names), rnd.choice(needs)
        got = sel._made_name(name, need)
        assert got == sel.analogy.make(name, need), (name, need)
        made.add(got and got.form)
    assert len(made) > len(names)      # several forms of the same names


def test_a_made_up_name_is_the_best_ranked_of_its_look_that_is_acceptable():
    # The first SYNTHETIC_LOOK names of the keyed walk are ranked (best attested, then the
    # original's ending, then the shortest); ``acceptable`` is asked in that order and only
    # until one passes — a name it turns down gives way to the next in the ranking.
    from transforms.dictionary.select import Selector
    from transforms.pseudonyms.keyed import keyed_int
    sel = Selector(et_dictionary())
    need = {"Case": "Ine", "Number": "Sing"}

    def order(s):
        return keyed_int(b"k", "doc", "LOC", "elva", s)

    asked = []

    def everything(e, made):
        asked.append(e.lemma)
        return True
    first = sel._synthesize("LOC", [need], 1, "", "va", order, everything)
    assert asked == [first.lemma]
    asked.clear()

    def not_the_first(e, made):
        asked.append(e.lemma)
        return e.lemma != first.lemma
    second = sel._synthesize("LOC", [need], 1, "", "va", order, not_the_first)
    assert asked[:2] == [first.lemma, second.lemma] and len(asked) == 2
    # the ranking: the ending counts before the length ("va" is Elva's)
    made = [first, second]
    endings = [0 if e.lemma.casefold()[-2:] == "va" else
               (1 if e.lemma.casefold()[-1:] == "a" else 2) for e in made]
    assert endings == sorted(endings)
    assert all(f.form.endswith("s") for e in made for f in e.forms if f.count < 0)


def _synthesize_walking_every_name(sel, category, distinct, tokens, gender, end, order,
                                   acceptable):
    # ``Selector._synthesize`` as it was before ranks were kept per pool and given names
    # drawn only for the ranks reached: every name of the look made whole, then sorted.
    import itertools
    from transforms.dictionary import select as s
    cat = s.CATEGORY_ALIASES.get(category, category)
    lists = s.fallback_lists()
    pool = {"PER": lists["family"], "LOC": lists["city"]}.get(cat) or \
        s._org_names(tuple(lists["org"]))
    need_keys = [(need, s._need_key(need)) for need in distinct if need]
    n = len(pool)
    start = order("\x1fsynthetic")
    step = s._coprime_step(n, order("\x1fsynthetic-step"))
    i = 0
    while i < n:
        look = []
        while i < n and len(look) < s.SYNTHETIC_LOOK:
            word = pool[(start + i * step) % n]
            i += 1
            if len(word) < 3 or not s._NAME_WORD.fullmatch(word):
                continue
            lemma = word
            if cat == "PER" and tokens > 1:
                given = sel._given_names(gender)
                if not given:
                    return None
                k = order("\x1fgiven\x1f" + word)
                firsts = []
                for j in range(len(given)):
                    g = given[(k + j) % len(given)]
                    if g not in firsts and g != word:
                        firsts.append(g)
                    if len(firsts) == tokens - 1:
                        break
                lemma = " ".join(firsts + [word])
            mades = [sel.analogy.make(lemma, need) for need, _ in need_keys]
            if not all(mades):
                continue
            evidence = min((m.score for m in mades), default=s.OWN)
            last = word.casefold()
            ending = 0 if last[-2:] == end else (1 if last[-1:] == end[-1:] else 2)
            look.append(((-min(evidence, s.TRUSTED), ending, len(lemma)), lemma, mades))
        for lemma, mades in s._keyed_within(look, order):
            e = s._made_entry(lemma, mades, cat)
            if acceptable(e, ()):
                return e
    return None


@pytest.mark.parametrize("lang", ["et", "sv", "en"])
def test_made_up_names_are_those_of_a_walk_that_makes_every_name_whole(lang):
    # The ranks kept per pool (evidence and ending of the last word) and the given names
    # drawn lazily choose exactly the name the whole walk chose: many clusters, forms,
    # lengths, genders, endings, and ``acceptable`` refusing some of them.
    import random
    import zlib
    from transforms.dictionary.select import Selector
    from transforms.dictionary.store import load_default
    from transforms.pseudonyms.keyed import keyed_int
    sel = Selector(et_dictionary() if lang == "et" else load_default(lang))
    assert sel.analogy is not None
    needs = [dict(k) for k in sel.analogy.needs][:6] + [{}]
    rnd = random.Random(5)
    chosen = set()
    for case in range(150):
        cat = rnd.choice(["PER", "PER", "LOC", "ORG", "GPE"])
        distinct = rnd.sample(needs, rnd.randint(1, 3))
        tokens, gender = rnd.randint(1, 3), rnd.choice(["", "Fem", "Masc"])
        end = rnd.choice(["", "a", "en", "ia", "on", "sk"])

        def order(x, case=case):
            return keyed_int(b"k", "doc", cat, f"cluster{case}", x)

        refused = rnd.randint(0, 5)

        def acceptable(e, made, refused=refused):
            return zlib.crc32(e.lemma.encode()) % 7 >= refused

        got = sel._synthesize(cat, distinct, tokens, gender, end, order, acceptable)
        want = _synthesize_walking_every_name(sel, cat, distinct, tokens, gender, end, order,
                                              acceptable)
        assert (got and (got.lemma, got.forms)) == (want and (want.lemma, want.forms)), case
        chosen.add(got and got.lemma)
    assert len(chosen) > 100


def test_engine_missed_is_asked_before_the_other_tiers_and_ends_the_selection():
    # ``engine_missed`` (the chooser's own acronym or vocabulary name) is asked once no
    # entry the engine reads alike is acceptable, before any other tier is walked; when it
    # has a pseudonym the selection stops, and when it has none the selection goes on as
    # without it.
    from transforms.dictionary.select import Selector
    from transforms.pseudonyms.keyed import keyed_int
    sel = Selector(et_dictionary())
    ms = [m("Tallinnas", "LOC", "Tallinn", "Ine", cls="Gep")]

    def order(s):
        return keyed_int(b"k", "doc", "LOC", "tallinn", s)

    asked = []

    def acceptable(e, made):
        asked.append(e.lemma)
        return True
    want = sel.select("LOC", ms, "Tallinnas", order, acceptable)
    assert want.entry is not None and want.step != "engine+features" and asked
    asked.clear()
    missed = []
    got = sel.select("LOC", ms, "Tallinnas", order, acceptable,
                     engine_missed=lambda: missed.append(1) or True)
    assert (got.entry, got.step, asked, missed) == (None, "engine-missed", [], [1])
    got = sel.select("LOC", ms, "Tallinnas", order, acceptable,
                     engine_missed=lambda: missed.append(2) or False)
    assert (got.entry, got.step, missed) == (want.entry, want.step, [1, 2])


def test_a_vocabulary_keeps_no_index_of_the_unknown_names_it_no_longer_serves():
    # ``EngineVocabulary.without`` indexes a list by its identity; the list of unknown names
    # is made anew whenever the names change (a document's), and every one made had been
    # kept with its index: 5.5 MiB more RSS after 600 MultiLeg documents than after 60.
    from transforms.pseudonyms.engine_shaped import EngineVocabulary
    vocab = EngineVocabulary([], lambda texts: {})
    views = lambda texts: {t: "*" for t in texts}           # noqa: E731 - all unknown
    for k in range(50):
        tag = chr(97 + k % 26) + chr(97 + k // 26)
        names = [f"Zork{tag}", f"Blix{tag}", "Quorp"]
        unknown = vocab.unknown(names, views)
        assert unknown == names
        got = vocab.without(unknown, frozenset({"quorp"}))
        assert [got[i] for i in range(len(got))] == names[:2]
    assert len(vocab._positions) == 1
