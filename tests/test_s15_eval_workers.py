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
