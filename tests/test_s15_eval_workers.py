"""The evaluate job in worker processes of its own (``--direct_running_mode
multi_processing``): what each worker process sets up for itself."""
import gc
import os

import pytest

from pipelines import common, evaluate, running


@pytest.fixture
def thresholds():
    """The test process's GC thresholds, given back after the test."""
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*before)


def test_the_driver_process_keeps_its_thresholds(thresholds):
    # one worker: the DoFns run in the driver, whose run fewer_collections governs (and
    # gives back to the caller after it)
    common.job_gc_in_worker(os.getpid())
    assert gc.get_threshold() == (700, 10, 10)


def test_a_worker_process_collects_as_the_driver_does_while_the_job_runs(thresholds):
    common.job_gc_in_worker(os.getpid() + 1)
    assert gc.get_threshold() == running.GC_THRESHOLDS


def _dofns():
    return [evaluate._ScoreDocumentFn("self", "en-es", None),
            evaluate._StatisticsFn("es", ("bleu",)),
            evaluate._ReadReferenceFn("es", "en"),
            evaluate._HypothesisFn("apertium", "original", None, None, 0.9)]


@pytest.mark.parametrize("index", range(4))
def test_each_evaluate_dofn_sets_them_up_in_a_worker_process_only(thresholds, monkeypatch, index):
    fn = _dofns()[index]            # made in the driver (this process)
    fn.setup()
    assert gc.get_threshold() == (700, 10, 10)
    pid = os.getpid()
    monkeypatch.setattr(os, "getpid", lambda: pid + 1)     # as if unpickled in a worker
    fn.setup()
    assert gc.get_threshold() == running.GC_THRESHOLDS
    if hasattr(fn, "teardown"):
        fn.teardown()


def _options(*argv):
    from apache_beam.options.pipeline_options import PipelineOptions
    return PipelineOptions(list(argv))


@pytest.mark.parametrize("argv, workers", [
    ((), 1),
    (("--direct_num_workers", "2"), 1),                       # in_memory: one worker
    (("--direct_num_workers", "2", "--direct_running_mode", "multi_processing"), 2),
    (("--direct_num_workers", "3", "--direct_running_mode", "multi_threading"), 3),
    (("--direct_running_mode", "multi_processing"), 1),
    (("--runner", "DirectRunner", "--direct_num_workers", "4",
      "--direct_running_mode", "multi_processing"), 4),
    (("--runner", "DataflowRunner", "--direct_num_workers", "4",
      "--direct_running_mode", "multi_processing"), 1),
])
def test_worker_count(argv, workers):
    assert evaluate.worker_count(_options(*argv)) == workers


def test_worker_count_zero_is_one_a_core():
    import multiprocessing
    assert evaluate.worker_count(_options(
        "--direct_num_workers", "0", "--direct_running_mode", "multi_processing")) \
        == multiprocessing.cpu_count()


def test_apertium_instances_are_split_between_workers():
    from transforms.engines.apertium import ApertiumEngine
    base = {"apertium_pair": "eng-spa"}
    assert ApertiumEngine.instances == 2
    assert evaluate.instances_per_worker("apertium", base, 1) is base
    assert evaluate.instances_per_worker("apertium", base, 2) == dict(base, instances=1)
    assert evaluate.instances_per_worker("apertium", base, 8) == dict(base, instances=1)
    assert base == {"apertium_pair": "eng-spa"}                 # not changed in place
    # an engine of one instance, and a count the user gave, are left as they are
    assert evaluate.instances_per_worker("replay", {}, 2) == {}
    assert evaluate.instances_per_worker("apertium", {"instances": 3}, 2) == {"instances": 3}


def test_an_engine_takes_the_instance_count_from_its_options():
    # what _EnginePool starts a worker: ``instances`` engines (transforms.engines.base)
    from transforms.engines.base import Engine
    assert Engine("en", "es", instances=1).instances == 1
    assert Engine("en", "es", instances=3).instances == 3


def test_the_graph_gives_each_worker_its_share_of_the_chains(tmp_path):
    """The engine pools' options in the built graph: the translation's, one Apertium chain a
    worker with two worker processes, the engine's own count with one; the probes', one."""
    import apache_beam as beam
    from transforms.beam import _SendingFn

    def pools(*argv):
        opts, options = evaluate.OPTIONS.parse(
            ["--source", "x.jsonl", "--reference", "self", "--source-lang", "en",
             "--target-lang", "es", "--output", str(tmp_path), *argv])
        p = beam.Pipeline(options=options)
        evaluate.build(p, opts, ["x.jsonl"], {}, "self", ["apertium"],
                       ["original", "pseudonym"], b"s", [], {})
        found = []

        class Visit(beam.pipeline.PipelineVisitor):
            def visit_transform(self, node):
                fn = getattr(node.transform, "fn", None)
                if isinstance(fn, _SendingFn):
                    found.append(fn.args[3].get("instances"))
        p.visit(Visit())
        return found

    # TranslateRestore's pool, then the probes' (one instance: a request or two a document)
    assert pools() == [None, 1]
    assert pools("--direct_num_workers", "2", "--direct_running_mode", "multi_processing") \
        == [1, 1]


@pytest.fixture
def ending(monkeypatch):
    """``end_worker_at_once`` as in a process Beam's worker harness runs: what it registers
    at exit, and the code ``os._exit`` is given."""
    import atexit
    import sys
    import types
    registered, codes = [], []
    main = types.ModuleType("__main__")
    main.__spec__ = types.SimpleNamespace(name=common.BEAM_WORKER_MAIN)
    monkeypatch.setitem(sys.modules, "__main__", main)
    monkeypatch.setattr(atexit, "register", registered.append)
    monkeypatch.setattr(os, "_exit", codes.append)
    monkeypatch.setattr(common, "_ENDS_AT_ONCE", [])
    monkeypatch.delattr(sys, "last_value", raising=False)
    return registered, codes


def test_a_worker_process_ends_without_finalising_the_interpreter(thresholds, ending):
    registered, codes = ending
    common.job_gc_in_worker(os.getpid() + 1)
    common.job_gc_in_worker(os.getpid() + 1)      # each DoFn's setup: registered once
    assert registered == [common._end_now]
    registered[0]()
    assert codes == [0]


def test_a_failed_worker_harness_still_exits_with_1(ending, monkeypatch):
    import sys
    registered, codes = ending
    common.end_worker_at_once()
    monkeypatch.setattr(sys, "last_value", RuntimeError("harness failed"), raising=False)
    registered[0]()
    assert codes == [1]


def test_only_beam_worker_processes_end_so(thresholds, ending, monkeypatch):
    # the driver (one worker, threads) and any other process (a test's) finalise as usual
    import sys
    import types
    registered, _ = ending
    common.job_gc_in_worker(os.getpid())
    assert registered == []
    monkeypatch.setitem(sys.modules, "__main__", types.ModuleType("__main__"))
    common.job_gc_in_worker(os.getpid() + 1)
    assert registered == []
