"""The scaling benchmark's ``--json`` file, and the translate job's memory per document."""
import json

from benchmarks import bench_scaling


def fake_pipeline(pattern, out, extra, watch_memory=False):
    # a watched run is slower (the sampling); its peaks are the only ones there are
    if watch_memory:
        return 5.0, 300 * 2**20, 200 * 2**20, 3.5
    return 4.0, 0, 0, 3.0


def test_bench_scaling_writes_json_for_a_single_size(tmp_path, monkeypatch):
    # the measurements stubbed: what is checked is that the result reaches the file
    monkeypatch.setattr(bench_scaling, "run_raw", lambda paths, tmp: (2.0, 1.5))
    monkeypatch.setattr(bench_scaling, "run_pipeline", fake_pipeline)
    source = tmp_path / "doc.jsonl"
    source.write_text('{"text": "One segment.", "label": []}\n', encoding="utf-8")
    target = tmp_path / "result.json"
    assert bench_scaling.main(["--input", str(source), "--sizes", "3", "--json",
                               str(target)]) == 0
    written = json.loads(target.read_text(encoding="utf-8"))
    assert written["sizes"]["3"]["documents"] == 3
    assert written["sizes"]["3"]["throughput_ratio"] == 0.5
    assert written["sizes"]["3"]["pipeline_cpu_s"] == 3.0
    assert written["sizes"]["3"]["peak_rss_job_mib"] == 200.0
    assert written["sizes"]["3"]["peak_pss_tree_mib"] == 300.0
    assert "scaling" not in written


def test_bench_scaling_unlabelled_corpus_keeps_the_text_and_drops_the_labels(tmp_path):
    source = tmp_path / "doc.jsonl"
    source.write_text('{"text": "Mr Jānis Bērziņš sued.", "label": [[3, 16, "PER"]]}\n'
                      '{"text": "Second.", "label": []}\n', encoding="utf-8")
    made = bench_scaling.corpus([str(source)], 3, str(tmp_path / "in"), unlabelled=True)
    assert len(made) == 3
    for path in made:
        rows = [json.loads(line) for line in open(path, encoding="utf-8")]
        assert rows == [{"text": "Mr Jānis Bērziņš sued.", "label": []},
                        {"text": "Second.", "label": []}]
    kept = bench_scaling.corpus([str(source)], 1, str(tmp_path / "in2"))
    assert open(kept[0], encoding="utf-8").read() == source.read_text(encoding="utf-8")
