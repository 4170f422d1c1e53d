"""Must-show 1 on the real corpus: Estonian (14 cases).  A dictionary built from UD
Estonian-EDT dev (gold NE= and morphology); the gold entities of EDT test pseudonymised; every
replaced mention whose needed Case+Number exists in the dictionary gets a pseudonym in that
Case and Number.  ``benchmarks/bench_dictionary_et.py`` prints the figures (and builds the
dictionary with the Beam job; here the same pure functions the job's combiner calls)."""
from transforms.dictionary import build, extract
from transforms.dictionary.agreement import analogy_check, conllu_documents, measure
from transforms.dictionary.store import Dictionary
from transforms.nlp.conllu import read_annotated


def et_dictionary(path) -> Dictionary:
    # (not imported from pipelines.build_dictionary: two Beam jobs' options in one process clash)
    from transforms.dictionary.extract import conllu_chunks
    accs = {}
    for chunk in conllu_chunks(path.read_text(encoding="utf-8")):
        ann = read_annotated(text=chunk, lang="et", tagset="edt")
        for o in extract.observations_from_annotated(ann, ("PER", "ORG", "LOC")):
            build.add(accs.setdefault(o.key(), build.new_accumulator()), o)
    by_cat = {}
    for (cat, _), acc in accs.items():
        by_cat.setdefault(cat, []).append(build.to_entry(cat, acc))
    return Dictionary(lang="et", entries=build.finalize(by_cat, 150))


STEPS = ("class+features", "features", "analogy", "faker+analogy", "features-partial",
         "fallback", "same-key")


def test_estonian_pseudonyms_take_the_case_and_number_of_the_original(corpora):
    ud = corpora / "ud" / "et"
    d = et_dictionary(ud / "et_edt-ud-dev.conllu")
    assert {c: len(v) for c, v in d.entries.items()}["PER"] == 150
    text = (ud / "et_edt-ud-test.conllu").read_text(encoding="utf-8")
    # 100-sentence documents, then whole EDT sources (newspaper issues with up to 227
    # persons: the dictionary's 150 are used up and made-up names take over)
    small = measure(conllu_documents(text, 100), d, b"test-secret", "et")
    whole = measure(conllu_documents(text), d, b"test-secret", "et")
    for r in (small, whole):
        assert r.mentions > 2000 and r.with_form > 1800
        assert r.agree == r.with_form, (r.share, r.disagreements[:10])
        assert sum(r.steps[s] for s in STEPS) == r.clusters
        assert r.steps["class+features"] > 700 and r.steps["analogy"] > 0
        assert r.by_analogy < r.agree / 3
    assert small.steps["faker+analogy"] == 0 and whole.steps["faker+analogy"] > 100


def test_forms_made_by_analogy_are_spelt_as_the_text_has_them(corpora):
    """A made form has the needed Case and Number by construction; whether it is the right
    word is checked on EDT test's own forms that the dev dictionary lacks."""
    ud = corpora / "ud" / "et"
    d = et_dictionary(ud / "et_edt-ud-dev.conllu")
    docs = conllu_documents((ud / "et_edt-ud-test.conllu").read_text(encoding="utf-8"))
    a = analogy_check(docs, d, "et")
    assert a.forms > 1000 and a.unmade < 20
    assert a.share > 0.8, a.wrong[:20]
    # the better attested the rule, the more often right: what ranking candidates relies on
    trusted = [v for k, v in a.by_evidence.items() if k >= 3]
    weak = [v for k, v in a.by_evidence.items() if k < 3]
    share = lambda vs: sum(r for r, _ in vs) / sum(n for _, n in vs)  # noqa: E731
    assert share(trusted) > 0.9 > share(weak)
