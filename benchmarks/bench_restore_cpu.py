"""The restoration thread's CPU and the job's child-process starts, for the current tree.

    python -m benchmarks.bench_restore_cpu [--input GLOB] [--documents N] [--runs K]
        [--profile FILE] [-- extra translate options]

Runs ``pipelines.translate --engine apertium`` (en -> es) in this process on a fixed corpus
(MultiLeg en train, 50 documents, by default; taken in turn under other names until there
are ``--documents``, like ``bench_scaling``) and prints:

  * the restoration thread's CPU seconds: ``time.thread_time`` around every
    ``stages.restore_document`` call (the work of the ``doppel-restore`` thread, without the
    writing of the files); its waits on the lexicon's processes (lt-proc) are not in it;
  * child-process starts per 100 documents, by program (``subprocess.Popen``): Apertium's
    HTML formatters, the taggers restarted per request, ``lrx-proc``, the chains;
  * the leak guard's CPU seconds on the sending threads (``FormMatcher`` in
    ``transforms.stages``' guard), when it can be found;
  * the sending threads' CPU seconds in ``stages.Translator.translate`` (the guard, the
    batching, the engine's request building, deformatting and reformatting on whichever
    sending thread runs a combined call; not the chain's relay threads, nor the waits);
  * the whole job's CPU seconds (this process and its waited-for children).

No timing is asserted anywhere: a figure to compare two trees side by side (run it in each,
alternating).  ``--profile FILE`` writes a cProfile of the restoration thread.

``--record FILE`` keeps what restoration was given (each document's protected form and its
engine responses, pickled); ``--replay FILE [--runs K]`` then restores those documents again
in this process, one thread, K times in fresh lexicons (no Beam, no engine, no other thread
competing): the restoration CPU of two trees compared on the very same inputs.
"""
from __future__ import annotations

import argparse
import collections
import glob
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPORA = os.environ.get("DOPPEL_CORPORA", os.path.join(HERE, "..", "shared", "corpora"))


def corpus(paths, n, directory):
    os.makedirs(directory, exist_ok=True)
    for i in range(n):
        src = paths[i % len(paths)]
        shutil.copy(src, os.path.join(directory, f"c{i // len(paths)}_{os.path.basename(src)}"))


class Meter:
    """Counters filled by the patched functions (several threads: a lock)."""

    def __init__(self, profile: bool):
        self.lock = threading.Lock()
        self.restore_cpu = 0.0
        self.restore_calls = 0
        self.guard_cpu = 0.0
        self.sending_cpu = 0.0
        self.starts = collections.Counter()
        self.profiler = None
        if profile:
            import cProfile
            self.profiler = cProfile.Profile()


def replay(path: str, runs: int, profile: str = None) -> int:
    """Restore the recorded documents ``runs`` times (fresh lexicons each time)."""
    import pickle
    from transforms import stages
    from transforms.engines import apertium_lexicon
    from transforms.nlp import apertium_morphology
    from transforms import target_names
    with open(path, "rb") as fh:
        recorded = pickle.load(fh)
    times = []
    prof = None
    for k in range(runs):
        apertium_lexicon._LEXICONS.clear()          # fresh lexicon and analysers each run
        apertium_morphology.analyser.cache_clear()
        getattr(apertium_morphology, "_ANALYSABLE", {}).clear()
        for fn in vars(target_names).values():
            if hasattr(fn, "cache_clear"):
                fn.cache_clear()
        if profile and k == runs - 1:
            import cProfile
            prof = cProfile.Profile()
            prof.enable()
        t0 = time.thread_time()
        for pd, responses in recorded:
            stages.restore_document(pd, responses)
        times.append(time.thread_time() - t0)
        if prof is not None:
            prof.disable()
            prof.dump_stats(profile)
    later = times[1:] or times
    print(f"replayed {len(recorded)} documents' restoration {runs} times, CPU s per run: "
          + " ".join(f"{t:.2f}" for t in times) + f"  median {statistics.median(times):.2f}"
          f"  min after the first {min(later):.2f}")
    return 0


def install(meter: Meter, record=None):
    """Patch ``stages.restore_document``, ``subprocess.Popen``, ``stages.Translator.translate``
    and the leak guard's check."""
    from transforms import stages

    real_restore = stages.restore_document

    def restore_document(*args, **kwargs):
        t0 = time.thread_time()
        if record is not None:
            args_kept = (args[0], list(args[1]))
            args = (args_kept[0], args_kept[1], *args[2:])
            with meter.lock:
                record.append(args_kept)
        if meter.profiler is not None:
            meter.profiler.enable()
        try:
            return real_restore(*args, **kwargs)
        finally:
            if meter.profiler is not None:
                meter.profiler.disable()
            dt = time.thread_time() - t0
            with meter.lock:
                meter.restore_cpu += dt
                meter.restore_calls += 1
    stages.restore_document = restore_document

    real_init = subprocess.Popen.__init__

    def popen_init(self, args, *a, **kw):
        prog = args if isinstance(args, str) else args[0]
        with meter.lock:
            meter.starts[os.path.basename(str(prog)).split()[0]] += 1
        return real_init(self, args, *a, **kw)
    subprocess.Popen.__init__ = popen_init

    real_translate = stages.Translator.translate

    def translate(self, *args, **kwargs):
        t0 = time.thread_time()
        try:
            return real_translate(self, *args, **kwargs)
        finally:
            dt = time.thread_time() - t0
            with meter.lock:
                meter.sending_cpu += dt
    stages.Translator.translate = translate

    real_would_leak = getattr(stages, "_would_leak", None)
    if real_would_leak is not None:
        def would_leak(*args, **kwargs):
            t0 = time.thread_time()
            try:
                return real_would_leak(*args, **kwargs)
            finally:
                dt = time.thread_time() - t0
                with meter.lock:
                    meter.guard_cpu += dt
        stages._would_leak = would_leak


def _cpu_self_and_children() -> float:
    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--input", default=os.path.join(CORPORA, "multileg", "train", "en",
                                                    "*.jsonl"))
    ap.add_argument("--documents", type=int, default=100)
    ap.add_argument("--profile", default=None, help="write a cProfile of restoration here")
    ap.add_argument("--record", default=None, help="pickle restoration's inputs here")
    ap.add_argument("--replay", default=None, help="restore recorded inputs again")
    ap.add_argument("--runs", type=int, default=3, help="replays (with --replay)")
    ap.add_argument("extra", nargs="*", help="more translate options (after --)")
    args = ap.parse_args(argv)
    if args.replay:
        return replay(args.replay, args.runs, args.profile)
    paths = sorted(glob.glob(args.input))[:50]
    if not paths:
        print(f"no input matches {args.input}", file=sys.stderr)
        return 2
    meter = Meter(bool(args.profile))
    recorded = [] if args.record else None
    install(meter, recorded)
    from pipelines import translate
    tmp = tempfile.mkdtemp(prefix="bench-restore-cpu-")
    try:
        corpus(paths, args.documents, os.path.join(tmp, "in"))
        os.environ.setdefault("DOPPEL_SECRET", "bench")
        argv_job = ["--input", os.path.join(tmp, "in", "*.jsonl"), "--output",
                    os.path.join(tmp, "out"), "--source-lang", "en", "--target-lang", "es",
                    "--engine", "apertium", "--progress-interval", "0", *args.extra]
        cpu0, t0 = _cpu_self_and_children(), time.perf_counter()
        try:
            translate.run(argv_job)
        except SystemExit:
            pass
        wall, cpu = time.perf_counter() - t0, _cpu_self_and_children() - cpu0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    per100 = 100.0 / args.documents
    print(f"documents: {args.documents}  (restore_document calls: {meter.restore_calls})")
    print(f"restoration thread CPU: {meter.restore_cpu:.2f} s "
          f"({meter.restore_cpu * per100:.2f} s per 100 documents)")
    print(f"leak guard CPU (sending threads): {meter.guard_cpu:.2f} s")
    print(f"Translator.translate CPU (sending threads): {meter.sending_cpu:.2f} s")
    print(f"job CPU (process + children): {cpu:.1f} s, wall {wall:.1f} s; peak RSS of this "
          f"process {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
    total = sum(meter.starts.values())
    print(f"child-process starts per 100 documents: {total * per100:.0f}")
    for prog, n in meter.starts.most_common():
        print(f"  {prog:32s} {n * per100:8.1f}")
    if recorded is not None:
        import pickle
        with open(args.record, "wb") as fh:
            pickle.dump(recorded, fh)
        print(f"restoration inputs of {len(recorded)} documents: {args.record}")
    if meter.profiler is not None:
        meter.profiler.dump_stats(args.profile)
        print(f"profile of restoration: {args.profile}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
