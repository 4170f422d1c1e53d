"""``python -m pipelines.evaluate`` end to end: human references (MultiLeg pair with a recorded
engine, TMX with Apertium), ``--reference self``, the CI gate, the report files."""
import json
import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from pipelines import evaluate
from pipelines.common import UsageError

FIX = Path(__file__).resolve().parent / "fixtures" / "evaluation"
METRICS = ("bleu", "chrf", "ter")


def _run(tmp: Path, *args) -> int:
    return evaluate.run([*args, "--output", str(tmp), "--bootstrap-samples", "100"])


def _report(out: Path) -> dict:
    return json.loads((out / "report.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def multileg_lv(tmp_path_factory):
    """en -> lv against the human Latvian of a MultiLeg-style pair, through the ``replay``
    engine (recorded output; ``make_replay.py``)."""
    import os
    os.environ["DOPPEL_SECRET"] = "evaluation-fixture"
    out = tmp_path_factory.mktemp("ev_lv")
    code = _run(out, "--source", str(FIX / "case*_en.jsonl"), "--reference", str(FIX / "case*_lv.jsonl"),
                "--source-lang", "en", "--target-lang", "lv", "--engine", "replay",
                "--replay-file", str(FIX / "replay_en_lv.jsonl"),
                "--methods", "original,asterisk,category-id,pseudonym", "--fail-below", "chrf=50")
    return code, out


def test_human_reference_path_on_a_multileg_pair(multileg_lv):
    code, out = multileg_lv
    assert code == 0
    rep = _report(out)
    rows = {r["method"]: r for r in rep["rows"]}
    assert set(rows) == {"original", "asterisk", "category-id", "pseudonym"}
    for r in rows.values():
        assert r["engine"] == "replay" and r["direction"] == "en-lv"
        assert r["n_segments"] == 7          # case1: 4 lines; case2: 3 of 5 sentence-aligned
        for m in METRICS:
            assert isinstance(r[m], float) and r[f"{m}_signature"].startswith("nrefs:1|")
    assert rep["run"]["references"]["sentence_aligned"] == ["case2_en.jsonl"]
    assert rep["run"]["references"]["dropped_segments"] == 2
    # the recording mangles PER labels ("PER_1a"): restoration cannot place them, they stay
    # unmasked in the output and cost category-id its score
    assert rows["category-id"]["unresolved"] > 0 and rows["category-id"]["hyp_unplaced"] > 0
    assert rows["category-id"]["restoration_rate"] < 1.0 == rows["pseudonym"]["restoration_rate"]
    assert rows["pseudonym"]["chrf"] > rows["category-id"]["chrf"]
    assert rows["pseudonym"]["chrf"] > rows["asterisk"]["chrf"]
    # what was sent: everything for original, no gold entity for the others
    assert rows["original"]["leak_exact"] == 1.0
    assert all(rows[m]["leak_exact"] == 0.0 for m in ("asterisk", "category-id", "pseudonym"))
    assert rows["pseudonym"]["detection_recall"] == 1.0 and rows["pseudonym"]["entity_recall"] == 1.0
    assert rows["asterisk"]["chrf_p_value"] is not None
    assert rep["gate"]["passed"] is True


def test_report_files_and_per_segment_parquet(multileg_lv):
    _, out = multileg_lv
    table = pq.read_table(out / "segments.parquet").to_pylist()
    assert len(table) == 4 * 7
    seg = next(r for r in table if r["method"] == "pseudonym" and r["document"] == "case1_en.jsonl"
               and r["index"] == 0)
    assert seg["reference_masked"] == "NER spriedums lietā NER pret NER"
    assert seg["hypothesis_masked"] == "NER spriedums lietā NER pret NER"
    assert "Bērziņš" not in seg["sent"] and "Bērziņš" in seg["hypothesis"]
    csv = (out / "report.csv").read_text(encoding="utf-8").splitlines()
    assert len(csv) == 5 and csv[0].startswith("engine,method,direction")
    page = (out / "report.html").read_text(encoding="utf-8")
    assert page.count("<svg") >= 3 and "Table 2. Masked scores, en-lv" in page


def test_gate_fails_the_run_when_a_row_is_below(tmp_path, multileg_lv):
    code = _run(tmp_path, "--source", str(FIX / "case1_en.jsonl"), "--reference", str(FIX / "case1_lv.jsonl"),
                "--source-lang", "en", "--target-lang", "lv", "--engine", "replay",
                "--replay-file", str(FIX / "replay_en_lv.jsonl"),
                "--methods", "original,category-id", "--fail-below", "chrf=99")
    assert code == 1
    gate = _report(tmp_path)["gate"]
    assert gate["passed"] is False and "category-id" in gate["checks"][0]


def test_self_reference_with_apertium(tmp_path, apertium, monkeypatch):
    monkeypatch.setenv("DOPPEL_SECRET", "evaluation-fixture")
    code = _run(tmp_path, "--source", str(FIX / "case*_en.jsonl"), "--reference", "self",
                "--source-lang", "en", "--target-lang", "es", "--engine", "apertium",
                "--methods", "asterisk,category-id,pseudonym")
    assert code == 0
    rows = {r["method"]: r for r in _report(tmp_path)["rows"]}
    assert set(rows) == {"original", "asterisk", "category-id", "pseudonym"}   # original: the reference
    assert rows["original"]["chrf"] == 100.0 and rows["original"]["reference"] == "self"
    assert all(r["n_segments"] == 9 for r in rows.values())
    # Apertium mangles labels (PER_1 -> Por_1): category-id loses mentions, pseudonyms do not
    assert rows["category-id"]["unresolved"] > 0
    assert rows["pseudonym"]["restoration_rate"] == 1.0
    assert rows["pseudonym"]["chrf"] > rows["category-id"]["chrf"]
    seg = pq.read_table(tmp_path / "segments.parquet").to_pylist()
    cat = [s for s in seg if s["method"] == "category-id" and "_1" in (s["sent"] or "")]
    assert any("Por_1" in s["output"] or "POR_1" in s["output"] for s in cat)


def test_tmx_reference_with_apertium(tmp_path, apertium, monkeypatch):
    monkeypatch.setenv("DOPPEL_SECRET", "evaluation-fixture")
    src = tmp_path / "in" / "court_en_es.tmx"
    src.parent.mkdir()
    shutil.copy(FIX / "court_en_es.tmx", src)
    out = tmp_path / "out"
    code = _run(out, "--source", str(src), "--reference", "embedded", "--source-lang", "en",
                "--target-lang", "es", "--engine", "apertium", "--methods", "original,pseudonym")
    assert code == 0
    rep = _report(out)
    assert {r["reference"] for r in rep["rows"]} == {"embedded"}
    assert {r["n_segments"] for r in rep["rows"]} == {4}         # the 5th unit has no target tuv
    seg = pq.read_table(out / "segments.parquet").to_pylist()
    first = next(s for s in seg if s["method"] == "pseudonym" and s["index"] == 0)
    # no gold in TMX: the reference's entities come from the source's (name as is, date by
    # its components in Spanish)
    assert first["reference_masked"] == "El tribunal oyó a NER el NER."


def test_methods_not_in_this_build_are_named(monkeypatch):
    monkeypatch.setattr(evaluate, "METHODS", ("pseudonym", "asterisk", "none"))
    with pytest.raises(UsageError, match="category-id-grammar, tags not implemented"):
        evaluate.parse_methods("original,category-id-grammar,pseudonym,tags")
    with pytest.raises(UsageError, match="unknown method"):
        evaluate.parse_methods("original,blur")
    assert evaluate.parse_methods("original,pseudonym") == ["original", "pseudonym"]


def test_unknown_engine_and_bad_gate_are_usage_errors(tmp_path):
    with pytest.raises(UsageError, match="unknown engine"):
        evaluate.parse_engines("apertium,nosuch")
    with pytest.raises(UsageError, match="metric=value"):
        _run(tmp_path, "--source", str(FIX / "case1_en.jsonl"), "--reference", "self",
             "--source-lang", "en", "--target-lang", "es", "--fail-below", "chrf")
    with pytest.raises(UsageError, match="cannot read dictionary"):
        _run(tmp_path, "--source", str(FIX / "case1_en.jsonl"), "--reference", "self",
             "--source-lang", "en", "--target-lang", "es",
             "--dictionary", str(tmp_path / "none.json"))


def test_references_pair_by_document_id():
    got = evaluate.pair_references(["/a/132839_en.jsonl", "/a/999_en.jsonl"],
                                   ["/b/132839_lv.jsonl", "/b/5_lv.jsonl"], "en", "lv")
    assert got == {"132839_en.jsonl": "/b/132839_lv.jsonl"}


def test_cli_knows_evaluate():
    from pipelines import cli
    assert cli.COMMANDS["evaluate"][0] == "pipelines.evaluate"


def test_simalign_from_a_local_model_directory(tmp_path):
    """The alignment path with a real (tiny, random) BERT saved locally: simalign loads it by
    path, and word alignment maps a source span to target words."""
    pytest.importorskip("simalign")
    torch = pytest.importorskip("torch")
    from transformers import BertConfig, BertModel, BertTokenizer

    from transforms.evaluation.alignment import AlignerError, SimAligner
    with pytest.raises(AlignerError, match="not found"):
        SimAligner(str(tmp_path / "missing"))
    words = "the court heard john smith oyó el tribunal a".split()
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] + words + list("abcdefghijklmnopqrstuvwxyzó.")
    (tmp_path / "vocab.txt").write_text("\n".join(dict.fromkeys(vocab)) + "\n", encoding="utf-8")
    BertTokenizer(str(tmp_path / "vocab.txt")).save_pretrained(str(tmp_path))
    torch.manual_seed(0)
    cfg = BertConfig(vocab_size=len(dict.fromkeys(vocab)), hidden_size=16, num_hidden_layers=2,
                     num_attention_heads=2, intermediate_size=32, max_position_embeddings=64)
    BertModel(cfg).save_pretrained(str(tmp_path))
    aligner = SimAligner(str(tmp_path), layer=1)
    src, tgt = "The court heard John Smith", "El tribunal oyó a John Smith"
    spans_s, spans_t, pairs = aligner.pairs(src, tgt)
    assert len(spans_s) == 5 and len(spans_t) == 6 and pairs
    assert all(0 <= i < 5 and 0 <= j < 6 for i, j in pairs)
    span = aligner.mapper(src, tgt)((16, 26))          # "John Smith"
    assert span is not None and 0 <= span[0] < span[1] <= len(tgt)


def test_hide_gold_measures_the_detectors(tmp_path, apertium, monkeypatch):
    """With --hide-gold the documents are protected without their labels; the gold spans
    only score what the detectors found and what was sent."""
    monkeypatch.setenv("DOPPEL_SECRET", "evaluation-fixture")
    code = _run(tmp_path, "--source", str(FIX / "case*_en.jsonl"), "--reference", "self",
                "--source-lang", "en", "--target-lang", "es", "--engine", "apertium",
                "--methods", "pseudonym", "--hide-gold")
    assert code == 0
    rep = _report(tmp_path)
    assert rep["run"]["hide_gold"] is True
    rows = {r["method"]: r for r in rep["rows"]}
    gold = sum(1 for name in ("case1_en.jsonl", "case2_en.jsonl")
               for line in (FIX / name).read_text(encoding="utf-8").splitlines()
               for _ in json.loads(line)["label"])
    assert rows["pseudonym"]["gold_mentions"] == gold == 12
    assert 0 < rows["pseudonym"]["detection_recall"] <= 1.0
    assert 0 < rows["pseudonym"]["detection_precision"] <= 1.0
    assert rows["original"]["leak_exact"] == 1.0


def _lv_args(out, *extra):
    return ["--source", str(FIX / "case*_en.jsonl"), "--reference", str(FIX / "case*_lv.jsonl"),
            "--source-lang", "en", "--target-lang", "lv", "--engine", "replay",
            "--replay-file", str(FIX / "replay_en_lv.jsonl"),
            "--methods", "original,asterisk,category-id,pseudonym", *extra]


def test_score_cache_keeps_each_pair_and_a_rerun_scores_nothing_again(multileg_lv, tmp_path):
    cache = tmp_path / "cache"
    first, second = tmp_path / "a", tmp_path / "b"
    assert _run(first, *_lv_args(first, "--score-cache", str(cache))) == 0
    files = sorted(cache.glob("stats-*.jsonl"))
    assert files
    keys = [tuple(json.loads(x)["k"]) for f in files for x in f.read_text("utf-8").splitlines()]
    assert len(keys) == len(set(keys))
    # keyed by the metric's signature: TER's and chrF's both there
    assert any(k[0].startswith("nrefs:1|case:lc|tok:tercom") for k in keys)
    assert _run(second, *_lv_args(second, "--score-cache", str(cache))) == 0
    assert sorted(cache.glob("stats-*.jsonl")) == files          # nothing new to keep
    # and the numbers are those of a run without the cache
    _, plain = multileg_lv
    assert _report(second)["rows"] == _report(plain)["rows"]
    assert _report(second)["significance"] == _report(plain)["significance"]


def test_metrics_option_scores_only_the_chosen_metrics(tmp_path):
    assert _run(tmp_path, *_lv_args(tmp_path, "--metrics", "chrf,bleu")) == 0
    rep = _report(tmp_path)
    assert rep["run"]["metrics"] == ["bleu", "chrf"]
    for r in rep["rows"]:
        assert isinstance(r["chrf"], float) and isinstance(r["bleu"], float)
        assert "ter" not in r and "ter_signature" not in r
        assert isinstance(r["delivered_chrf"], float)
    with pytest.raises(UsageError):
        _run(tmp_path, *_lv_args(tmp_path, "--metrics", "meteor"))
    with pytest.raises(UsageError, match="leaves out"):
        _run(tmp_path, *_lv_args(tmp_path, "--metrics", "chrf", "--fail-below", "ter=50"))
