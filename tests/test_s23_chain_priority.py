"""The translation chain yields to the job's own work: its processes run CHAIN_NICENESS
below the job's priority, so the worker's short lookups (lt-proc analysers, generators) are
not queued behind a chain that keeps the cores busy.  The translations do not change.

Apertium's eng-spa pair is part of the set-up (.ci/run, README): this fails, not skips,
where it is missing."""
import os

from transforms.engines.apertium import CHAIN_NICENESS, ApertiumEngine


def test_the_chain_runs_below_the_job_and_translates_as_before():
    own = os.getpriority(os.PRIO_PROCESS, 0)
    engine = ApertiumEngine("en", "es")
    try:
        procs = engine.pipeline.head_procs + engine.pipeline.tail_procs
        assert procs
        for p in procs:
            assert os.getpriority(os.PRIO_PROCESS, p.pid) == min(19, own + CHAIN_NICENESS)
        assert engine.translate(["The house is red."]) == ["La casa es roja."]
    finally:
        engine.close()
