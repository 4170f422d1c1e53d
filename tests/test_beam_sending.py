"""The translate job's chaining of a document's restoration after its MT batches
(``transforms.beam._then_on``): run on the finisher thread, with the batches' results, and
never when they failed."""
import gc
import threading
import weakref
from concurrent.futures import Future, ThreadPoolExecutor

import pytest

from transforms.beam import _gathered, _then_on


def test_then_on_runs_on_the_executor_with_the_gathered_results():
    finisher = ThreadPoolExecutor(max_workers=1, thread_name_prefix="finisher-test")
    try:
        a, b = Future(), Future()
        seen = {}

        def restore(responses):
            seen["thread"] = threading.current_thread().name
            return ["restored"] + responses

        out = _then_on(finisher, _gathered([a, b]), restore)
        b.set_result([3])
        assert not out.done()
        a.set_result([1, 2])
        assert out.result(timeout=5) == ["restored", 1, 2, 3]
        assert seen["thread"].startswith("finisher-test")
    finally:
        finisher.shutdown(wait=True)


def test_then_on_hands_a_batch_error_on_without_running_fn():
    finisher = ThreadPoolExecutor(max_workers=1)
    try:
        called = []
        src = Future()
        out = _then_on(finisher, src, lambda r: called.append(r))
        src.set_exception(ValueError("engine down"))
        with pytest.raises(ValueError, match="engine down"):
            out.result(timeout=5)
        assert called == []
    finally:
        finisher.shutdown(wait=True)


def test_then_on_an_error_of_fn_is_the_result():
    finisher = ThreadPoolExecutor(max_workers=1)
    try:
        src = Future()
        out = _then_on(finisher, src, lambda r: 1 / 0)
        src.set_result([])
        with pytest.raises(ZeroDivisionError):
            out.result(timeout=5)
    finally:
        finisher.shutdown(wait=True)


def test_then_on_a_shut_down_executor_fails_instead_of_hanging():
    finisher = ThreadPoolExecutor(max_workers=1)
    finisher.shutdown(wait=True)
    src = Future()
    out = _then_on(finisher, src, lambda r: r)
    src.set_result([1])
    with pytest.raises(RuntimeError):
        out.result(timeout=5)


class _Result(list):
    """A batch's results that a weak reference can watch."""


def test_gathered_results_are_freed_without_the_cyclic_collector():
    # The job runs with the oldest generation's collection all but off
    # (running.GC_THRESHOLDS): what only the cyclic collector frees stays for the whole
    # run.  A gathered future's parts (a document's MT responses) must go once it is taken.
    collecting = gc.isenabled()
    gc.disable()
    try:
        a, b = Future(), Future()
        first, second = _Result([1]), _Result([2])
        watched = [weakref.ref(first), weakref.ref(second)]
        out = _gathered([a, b])
        a.set_result(first)
        b.set_result(second)
        assert out.result(timeout=5) == [1, 2]
        del a, b, first, second, out
        assert [w() for w in watched] == [None, None]
    finally:
        if collecting:
            gc.enable()
