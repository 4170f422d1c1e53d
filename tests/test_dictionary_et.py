"""Must-show 1 on the real corpus: Estonian (14 cases).  A dictionary built from UD
Estonian-EDT dev (gold NE= and morphology); the gold entities of EDT test pseudonymised; every
replaced mention whose needed Case+Number exists in the dictionary gets a pseudonym in that
Case and Number.  ``benchmarks/bench_dictionary_et.py`` prints the figures (and builds the
dictionary with the Beam job; here the same pure functions the job's combiner calls)."""
from transforms.dictionary import build, extract
from transforms.dictionary.agreement import conllu_documents, measure
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


def test_estonian_pseudonyms_take_the_case_and_number_of_the_original(corpora):
    ud = corpora / "ud" / "et"
    d = et_dictionary(ud / "et_edt-ud-dev.conllu")
    assert {c: len(v) for c, v in d.entries.items()}["PER"] == 150
    docs = conllu_documents((ud / "et_edt-ud-test.conllu").read_text(encoding="utf-8"), 100)
    r = measure(docs, d, b"test-secret", "et")
    assert r.mentions > 2000 and r.with_form > 1800
    assert r.share >= 0.99, (r.share, r.disagreements[:10])
    # never a wrong form: a miss is only ever the base form of an entry lacking the form
    assert all(not got.get("Case") for _, _, _, got in r.disagreements)
    assert r.steps["class+features"] > 1000 and r.steps["analogy"] > 0
    assert sum(r.steps[s] for s in ("class+features", "features", "analogy",
                                    "features-partial", "fallback", "same-key")) == r.clusters
