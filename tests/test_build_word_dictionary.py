"""pipelines.build_word_dictionary with the real Apertium en->es engine on MultiLeg text:
files, schema, provenance, POS keys, the cache; and the shipped dictionary."""
import glob
import json
import os

import pyarrow.parquet as pq
import pytest

from pipelines.build_word_dictionary import run
from pipelines.common import UsageError
from schemas.word_dictionary import FORMAT, arrow_schema
from transforms.prism import load

CORPUS = sorted(glob.glob("/work/shared/corpora/multileg/train/en/*.jsonl"))[:6]
SHIPPED = os.path.join(os.path.dirname(__file__), "..", "resources", "word_dictionaries",
                       "en-es.parquet")
pytestmark = pytest.mark.skipif(not CORPUS, reason="MultiLeg corpus not present")


def test_builds_json_and_parquet_with_provenance_and_a_cache(tmp_path):
    args = ["--input", ",".join(CORPUS), "--output", str(tmp_path / "out"),
            "--source-lang", "en", "--target-lang", "es", "--vocabulary-size", "25",
            "--probes", "4", "--cache-dir", str(tmp_path / "cache")]
    assert run(args) == 0
    data = json.loads((tmp_path / "out" / "en-es.json").read_text(encoding="utf-8"))
    assert data["format"] == FORMAT
    prov = data["provenance"]
    assert prov["engine"] == "apertium" and prov["source_lang"] == "en"
    assert prov["corpus"] == [os.path.basename(p) for p in CORPUS]
    assert prov["vocabulary"] == 25 and prov["probes"] <= 100 and prov["probes"] >= 80
    table = pq.read_table(tmp_path / "out" / "en-es.parquet")
    assert table.schema.remove_metadata() == arrow_schema()
    d = load(str(tmp_path / "out" / "en-es.parquet"))
    assert len(d.vocabulary()) == 25 and d.keyed
    # "court" is probed and learnt as the engine translates it
    assert d.entry("court").top in ("corte", "tribunal")
    from transforms.cache import TranslationCache
    cached = len(TranslationCache(str(tmp_path / "cache")))
    assert cached == prov["texts_translated"]
    # a rerun: everything from the cache, the same dictionary
    assert run(args[:3] + [str(tmp_path / "again")] + args[4:]) == 0
    assert len(TranslationCache(str(tmp_path / "cache"))) == cached
    again = json.loads((tmp_path / "again" / "en-es.json").read_text(encoding="utf-8"))
    assert again["entries"] == data["entries"]


def test_bad_corpus_line_names_the_file(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"text": "A fine sentence with enough words in it here."}\nnot json\n')
    with pytest.raises(Exception) as exc:
        run(["--input", str(bad), "--output", str(tmp_path / "o"), "--source-lang", "en",
             "--target-lang", "es"])
    assert "bad.jsonl:2" in str(exc.value)


def test_options_are_checked():
    with pytest.raises(UsageError):
        run(["--input", CORPUS[0], "--output", "/tmp/x", "--source-lang", "en",
             "--target-lang", "es", "--probes", "0"])


def test_shipped_dictionary_pos_keys_change_the_answer():
    d = load(SHIPPED)
    assert d.provenance["engine"] == "apertium" and d.provenance["licence"] == "CC-BY-4.0"
    assert len(d.vocabulary()) >= 1000
    # "means": the verb is "significa", the noun "medio"
    assert d.entry("means", "VERB").top != d.entry("means", "NOUN").top
