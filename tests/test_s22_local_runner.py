"""The default local run is Beam's FnApiRunner, never Prism: Beam 2.77's DirectRunner tries
Prism first, a binary it downloads from GitHub at run time (a confidential batch job makes
no such call, and nothing here is tested or measured on Prism)."""
import apache_beam as beam
from apache_beam.options.pipeline_options import PipelineOptions
from apache_beam.runners.portability import prism_runner
from apache_beam.runners.portability.fn_api_runner import fn_runner

from pipelines.running import pipeline_for


def test_the_default_runner_runs_the_job_without_trying_prism(monkeypatch, tmp_path):
    tried = []

    def no_prism(self, pipeline, options):
        tried.append(options)
        raise RuntimeError("Prism was tried")
    monkeypatch.setattr(prism_runner.PrismRunner, "run_pipeline", no_prism)
    out = tmp_path / "out"
    for argv in ([], ["--runner", "DirectRunner"],
                 ["--direct_num_workers", "2", "--direct_running_mode", "multi_threading"]):
        p = pipeline_for(PipelineOptions(argv))
        assert isinstance(p.runner, fn_runner.FnApiRunner), argv
        with p:
            (p | beam.Create(["a", "b", "c"]) | beam.Map(str.upper)
             | beam.io.WriteToText(str(out), shard_name_template=""))
        assert sorted(out.read_text().split()) == ["A", "B", "C"]
    assert tried == []


def test_a_runner_asked_for_by_name_is_the_one_beam_gives():
    p = pipeline_for(PipelineOptions(["--runner", "PrismRunner"]))
    assert isinstance(p.runner, prism_runner.PrismRunner)
