"""The evaluate job over several workers (``--direct_num_workers N`` with the DirectRunner's
``multi_processing``/``multi_threading``): each worker gets a share of the documents as even
as their sizes allow, for the protection and translation stage and for the scoring stage, and
the report is the same as one worker's."""
import json
import os
from pathlib import Path

import apache_beam as beam
import pytest

from pipelines import common, evaluate
from schemas.records import Document, Segment

FIX = Path(__file__).resolve().parent / "fixtures" / "evaluation"


def test_balanced_shards_are_even_and_the_same_every_time():
    sizes = {"a": 900, "b": 500, "c": 400, "d": 300, "e": 300, "f": 100}
    shards = common.balanced_shards(sizes, 2)
    assert shards == common.balanced_shards(dict(reversed(list(sizes.items()))), 2)
    assert set(shards) == set(sizes) and set(shards.values()) == {0, 1}
    totals = [sum(sizes[n] for n, s in shards.items() if s == i) for i in (0, 1)]
    assert totals == [1300, 1200]          # alternating by name would give 1600 / 900
    assert set(common.balanced_shards(sizes, 1).values()) == {0}
    # more shards than documents: each document a shard of its own
    assert sorted(common.balanced_shards({"x": 1, "y": 1}, 4).values()) == [0, 1]


def test_input_sizes_by_base_name(tmp_path):
    (tmp_path / "a.jsonl").write_bytes(b"x" * 10)
    sizes = common.input_sizes([str(tmp_path / "a.jsonl"), str(tmp_path / "gone.jsonl")])
    assert sizes == {"a.jsonl": 10, "gone.jsonl": 0}


def test_documents_of_shard_gives_what_a_grouping_by_document_gives():
    item = (1, {"doc": [("b", "B"), ("a", "A")], "hyps": [("a", 1), ("b", 2), ("a", 3)],
                "ref": [("b", "rb")]})
    assert list(evaluate.documents_of_shard(item)) == [
        ("a", {"doc": ["A"], "hyps": [1, 3], "ref": []}),
        ("b", {"doc": ["B"], "hyps": [2], "ref": ["rb"]})]


def test_worker_shards_only_with_several_workers(tmp_path):
    for name, size in (("a", 30), ("b", 20), ("c", 10)):
        (tmp_path / name).write_bytes(b"x" * size)
    paths = [str(tmp_path / n) for n in "abc"]
    assert evaluate.worker_shards(paths, 1) is None
    assert evaluate.worker_shards(paths, 2) == {"a": 0, "b": 1, "c": 1}


BUNDLES = []


class _Bundles(beam.DoFn):
    def start_bundle(self):
        self.names = []

    def process(self, doc):
        self.names.append(doc.name)

    def finish_bundle(self):
        if self.names:
            BUNDLES.append(sorted(self.names))


def _doc(name):
    return Document(name=name, path=name, format="jsonl", skeleton=b"",
                    segments=[Segment(document=name, id="1", index=0, text=f"text of {name}")])


def test_each_worker_gets_one_shard_of_the_documents():
    """Two workers: the stage after SpreadDocuments runs one bundle a worker, each with the
    documents of one shard (not the runner's round-robin of whatever came first)."""
    from apache_beam.options.pipeline_options import PipelineOptions
    BUNDLES.clear()
    shards = {"a": 0, "b": 1, "c": 0, "d": 1, "e": 1}
    options = PipelineOptions(["--direct_num_workers", "2",
                               "--direct_running_mode", "multi_threading"])
    with beam.Pipeline(options=options) as p:
        docs = p | beam.Create([_doc(n) for n in "abcde"])
        _ = docs | evaluate.SpreadDocuments(shards) | beam.ParDo(_Bundles())
    assert sorted(BUNDLES) == [["a", "c"], ["b", "d", "e"]]


def _graph_labels(tmp_path, *argv):
    opts, options = evaluate.OPTIONS.parse(
        ["--source", "x.jsonl", "--reference", "self", "--source-lang", "en",
         "--target-lang", "es", "--output", str(tmp_path), *argv])
    p = beam.Pipeline(options=options)
    evaluate.build(p, opts, ["x.jsonl", "y.jsonl"], {}, "self", ["apertium"],
                   ["original", "pseudonym"], b"s", [], {})
    labels = []

    class Visit(beam.pipeline.PipelineVisitor):
        def visit_transform(self, node):
            labels.append(node.full_label)
    p.visit(Visit())
    return labels


def test_the_graph_is_sharded_with_two_workers_only(tmp_path):
    one = _graph_labels(tmp_path)
    two = _graph_labels(tmp_path, "--direct_num_workers", "2",
                        "--direct_running_mode", "multi_processing")
    assert not any("SpreadDocuments" in l or "DocumentsOfShard" in l for l in one)
    assert "SpreadDocuments/GroupShards" in two and "DocumentsOfShard" in two


def test_two_worker_processes_give_one_workers_report(tmp_path, monkeypatch):
    monkeypatch.setenv("DOPPEL_SECRET", "s16-eval-workers")
    reports = []
    for name, extra in (("one", []), ("two", ["--direct_num_workers", "2",
                                             "--direct_running_mode", "multi_processing"])):
        out = tmp_path / name
        code = evaluate.run(["--source", str(FIX / "case*_en.jsonl"),
                             "--reference", str(FIX / "case*_lv.jsonl"),
                             "--source-lang", "en", "--target-lang", "lv", "--engine", "replay",
                             "--replay-file", str(FIX / "replay_en_lv.jsonl"),
                             "--methods", "original,asterisk,category-id,pseudonym",
                             "--bootstrap-samples", "100", "--output", str(out), *extra])
        assert code == 0
        reports.append((out / "report.json").read_bytes())
    assert reports[0] == reports[1]
    assert len(json.loads(reports[0])["rows"]) == 4


def test_stored_views_are_the_views_and_a_new_process_reads_them(tmp_path, monkeypatch,
                                                                  apertium):
    """The vocabulary's views kept in the user's cache: the same answers as asking the
    engine's dictionaries, and another lexicon (another worker process) reads them from the
    file without asking."""
    from transforms.engines.apertium_lexicon import PairLexicon
    monkeypatch.setenv("DOPPEL_CACHE_DIR", str(tmp_path))
    texts = ["Court", "Tendency", "Spanish", "Parliament", "Xqzzyx", "EU", "Court"]
    first = PairLexicon("en", "es")
    made = first.stored_views(texts)
    assert made == PairLexicon("en", "es").views(texts)
    files = list((tmp_path / "engine-views").iterdir())
    assert len(files) == 1 and files[0].name.startswith("eng-spa-")
    second = PairLexicon("en", "es")

    def asked(_texts):
        raise AssertionError("the dictionaries were asked again")
    monkeypatch.setattr(second, "views", asked)
    assert second.stored_views(texts) == made
    assert second._views["Court"] == made["Court"]        # kept, as views keeps its own
    # other texts: another file
    assert PairLexicon("en", "es").stored_views(["Court"]) == {"Court": made["Court"]}
    assert len(list((tmp_path / "engine-views").iterdir())) == 2


def test_stored_views_nowhere_when_the_cache_is_off(tmp_path, monkeypatch, apertium):
    from transforms.engines import apertium_lexicon
    monkeypatch.setenv("DOPPEL_CACHE_DIR", "off")
    assert apertium_lexicon.views_cache_dir() is None
    lex = apertium_lexicon.PairLexicon("en", "es")
    assert lex.stored_views(["Court"]) == lex.views(["Court"])
    monkeypatch.delenv("DOPPEL_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert apertium_lexicon.views_cache_dir() == str(tmp_path / "doppel" / "engine-views")


def test_engine_shaped_vocabulary_is_the_same_from_the_stored_views(tmp_path, monkeypatch,
                                                                    apertium):
    from transforms.engines.apertium_lexicon import PairLexicon
    from transforms.pseudonyms import engine_shaped
    monkeypatch.setenv("DOPPEL_CACHE_DIR", str(tmp_path))
    words = ("court", "tendency", "law", "parliament", "justice", "green", "river")
    built = []
    for _ in range(2):                  # written, then read
        lex = PairLexicon("en", "es")
        v = engine_shaped.EngineVocabulary(words, lex.views)
        built.append((v.by_exact, v.by_main))
    # not a PairLexicon's own method: asked, not stored
    fresh = engine_shaped.EngineVocabulary(words, PairLexicon("en", "es").views.__call__)
    assert built[0] == built[1] == (fresh.by_exact, fresh.by_main)
