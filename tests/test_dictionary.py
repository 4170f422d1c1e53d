"""Pseudonym dictionary: extraction, combining, the Beam build job, JSON/Parquet, shipped files."""
import json
import subprocess
import sys

import pytest

from schemas.dictionary import FORMAT, DictionaryEntry, DictionaryForm
from tests.conftest import REPO
from transforms.dictionary import build, extract
from transforms.dictionary.store import Dictionary, DictionaryError, load_default
from transforms.nlp.conllu import read_annotated

# Estonian-style CoNLL-U with EDT NE= tags: a flat name inflected on its last word only.
ET = """# sent_id = x_1
1\tRobert\tRobert\tPROPN\tS\tCase=Nom|Number=Sing\t3\tnmod\t_\tNE=B-Per
2\tHunteri\tHunter\tPROPN\tS\tCase=Gen|Number=Sing\t1\tflat\t_\tNE=I-Per
3\tsõnul\tsõna\tNOUN\tS\tCase=Ade|Number=Plur\t0\troot\t_\tSpaceAfter=No
4\t.\t.\tPUNCT\tZ\t_\t3\tpunct\t_\t_

# sent_id = x_2
1\tTallinnas\tTallinn\tPROPN\tS\tCase=Ine|Number=Sing\t2\tobl\t_\tNE=B-Gep
2\telab\telama\tVERB\tV\t_\t0\troot\t_\t_
3\tRobert\tRobert\tPROPN\tS\tCase=Nom|Number=Sing\t2\tnsubj\t_\tNE=B-Per
4\tHunter\tHunter\tPROPN\tS\tCase=Nom|Number=Sing\t3\tflat\t_\tNE=I-Per|SpaceAfter=No
5\t.\t.\tPUNCT\tZ\t_\t2\tpunct\t_\t_

# sent_id = x_3
1\tTallinna\tTallinn\tPROPN\tS\tCase=Gen|Number=Sing\t2\tnmod\t_\tNE=B-Gep
2\tInglismaa\tInglis_maa\tPROPN\tS\tCase=Nom|Number=Sing\t0\troot\t_\tNE=B-Loc
3\tTallinnas\tTallinn\tPROPN\tS\tCase=Ine|Number=Sing\t2\tobl\t_\tNE=B-Gep

"""


def test_observations_flat_name_takes_case_from_its_last_word():
    obs = list(extract.observations_from_annotated(read_annotated(text=ET, lang="et",
                                                                  tagset="edt")))
    robert = [o for o in obs if o.lemma == "Robert Hunter"]
    assert {o.form: dict(o.features)["Case"] for o in robert} == {"Robert Hunteri": "Gen",
                                                                  "Robert Hunter": "Nom"}
    assert all(o.tokens == 2 and o.upos == "PROPN" and o.klass == "Per" for o in robert)
    tallinn = [o for o in obs if o.lemma == "Tallinn"]
    assert {o.form for o in tallinn} == {"Tallinnas", "Tallinna"} and tallinn[0].category == "LOC"
    # EDT's compound mark is dropped only where the surface has none
    assert [o.lemma for o in obs if o.form == "Inglismaa"] == ["Inglismaa"]


def test_combining_is_order_and_split_independent():
    obs = list(extract.observations_from_annotated(read_annotated(text=ET, lang="et",
                                                                  tagset="edt")))
    key = ("LOC", "Tallinn")
    mine = [o for o in obs if o.key() == key]
    whole = build.new_accumulator()
    for o in mine:
        build.add(whole, o)
    a, b = build.new_accumulator(), build.new_accumulator()
    for o in mine[:1]:
        build.add(a, o)
    for o in reversed(mine[1:]):
        build.add(b, o)
    e1 = build.to_entry("LOC", whole)
    e2 = build.to_entry("LOC", build.merge([b, a]))
    assert e1 == e2
    assert e1.count == 3 and e1.forms[0].form == "Tallinnas" and e1.forms[0].count == 2
    assert e1.forms[0].features == {"Case": "Ine", "Number": "Sing"}


def test_top_n_and_faker_fill():
    entries = [DictionaryEntry(category="PER", lemma=f"Name{i}", count=i,
                               forms=[DictionaryForm(form=f"Name{i}", count=i)]) for i in range(10)]
    top = build.top_n(entries, 3)
    assert [e.lemma for e in top] == ["Name9", "Name8", "Name7"]
    final = build.finalize({"PER": entries}, n=5, fill=["PER", "LOC"])
    assert len(final["PER"]) == 5 and all(e.source == "corpus" for e in final["PER"])
    assert len(final["LOC"]) == 5 and all(e.source == "faker" for e in final["LOC"])
    again = build.finalize({"PER": entries}, n=5, fill=["LOC"])
    assert [e.lemma for e in again["LOC"]] == [e.lemma for e in final["LOC"]]   # reproducible


def test_build_job_writes_json_and_parquet_with_the_same_content(tmp_path):
    (tmp_path / "a.conllu").write_text(ET, encoding="utf-8")
    (tmp_path / "b.jsonl").write_text(
        json.dumps({"text": "Anna Berg met Anna Berg in Oslo.",
                    "label": [[0, 9, "PER"], [14, 23, "PER"], [27, 31, "LOC"]]}) + "\n",
        encoding="utf-8")
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, "-m", "pipelines.build_dictionary", "--input",
                           f"{tmp_path}/a.conllu,{tmp_path}/b.jsonl", "--output", str(out),
                           "--lang", "xx", "--top-n", "2", "--licence", "test-licence"],
                          cwd=REPO, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    data = json.loads((out / "xx.json").read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["lang"] == "xx"
    assert data["provenance"]["licence"] == "test-licence"
    assert data["provenance"]["sources"] == ["a.conllu", "b.jsonl"]
    per = data["entries"]["PER"]
    assert list(per) == ["Anna Berg", "Robert Hunter"]           # top 2 by count
    assert per["Robert Hunter"]["forms"][0]["features"]["Case"] in ("Gen", "Nom")
    assert len(data["entries"]["LOC"]) == 2                     # Tallinn (3), Inglismaa/Oslo
    from_json = Dictionary.load(str(out / "xx.json"))
    from_parquet = Dictionary.load(str(out / "xx.parquet"))
    assert from_parquet.entries == from_json.entries
    assert from_parquet.provenance == from_json.provenance


def test_raw_text_without_ner_is_refused_clearly(tmp_path):
    (tmp_path / "news.txt").write_text("Some text.\n")
    proc = subprocess.run([sys.executable, "-m", "pipelines.build_dictionary", "--input",
                           str(tmp_path / "news.txt"), "--output", str(tmp_path / "o"),
                           "--lang", "en"], cwd=REPO, capture_output=True, text=True)
    assert proc.returncode != 0 and "--ner stanza" in proc.stderr


def test_bad_dictionary_file_is_a_clear_error(tmp_path):
    bad = tmp_path / "d.json"
    bad.write_text('{"entries": []}')
    with pytest.raises(DictionaryError, match="not a Doppel dictionary"):
        Dictionary.load(str(bad))


@pytest.mark.parametrize("lang", ["en", "es", "sv", "da"])
def test_shipped_dictionaries(lang):
    d = load_default(lang)
    assert d is not None and d.lang == lang
    prov = d.provenance
    assert prov["licence"] and prov["attribution"] and prov["sources"]
    # never data derived from the non-commercial treebanks
    assert not any(s.startswith(("en_gum", "et_edt", "pl_pdb")) for s in prov["sources"])
    for cat in ("PER", "ORG", "LOC"):
        assert len(d.entries[cat]) == 150
        assert any(e.source == "corpus" for e in d.entries[cat]) or cat == "ORG"
    lemmas = [e.lemma for es in d.entries.values() for e in es]
    assert all(lemma[:1].isupper() or lemma[:1].isdigit() for lemma in lemmas)
    parquet = Dictionary.from_parquet((REPO / "resources" / "dictionaries" / f"{lang}.parquet")
                                      .read_bytes())
    assert parquet.entries == d.entries
    # issue 15: described by the language's analyser, with the vocabulary beside the names
    assert prov["vocabulary"]["kept"] == len(d.entries["WORD"]) > 3000
    assert all(e.upos for cat in ("PER", "ORG", "LOC") for e in d.entries[cat])
    assert all(f.features.get("analysis") for e in d.entries["WORD"] for f in e.forms)
    if prov["ner"] == "given":      # JSONL labels: the analyser gave every form its readings
        assert prov["morphology"]["package"].startswith("apertium-")
        for cat in ("PER", "ORG", "LOC"):
            assert all(f.features.get("analysis") for e in d.entries[cat] for f in e.forms)


def test_entity_linked_mentions_group_by_wikidata_id():
    lines = [{"text": "Tallinn and Reval are one city; Tallinn again.",
              "label": [[0, 7, "LOC", "Q1770", "Q515"], [12, 17, "LOC", "Q1770", "Q515"],
                        [32, 39, "LOC", "Q1770", "Q515"]]}]
    obs = list(extract.observations_from_jsonl("\n".join(json.dumps(l) for l in lines)))
    assert {o.key() for o in obs} == {("LOC", "Q1770")}
    acc = build.new_accumulator()
    for o in obs:
        build.add(acc, o)
    e = build.to_entry("LOC", acc)
    assert e.wikidata == "Q1770" and e.lemma == "Tallinn" and e.classes == ["Q515"]
    assert {f.form for f in e.forms} == {"Tallinn", "Reval"} and e.count == 3


def test_translate_with_a_missing_dictionary_fails_clearly(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "pipelines.translate", "--input",
                           str(REPO / "resources" / "samples" / "*.jsonl"), "--output",
                           str(tmp_path / "o"), "--source-lang", "en", "--target-lang", "es",
                           "--engine", "identity", "--dictionary", str(tmp_path / "none.json")],
                          cwd=REPO, capture_output=True, text=True)
    assert proc.returncode != 0 and "cannot read dictionary" in proc.stderr
    assert not (tmp_path / "o").exists()
