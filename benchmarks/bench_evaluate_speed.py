"""What the evaluation costs against what the engine costs, measured side by side in one run
(issue 19: the goal is an evaluation at most 2x the engine's own time, every default metric).

    python -m benchmarks.bench_evaluate_speed [--runs N] [--docs N] [--only self|human]
        [--variant NAME='BEAM OPTIONS' ...] [--tree NAME=DIR ...] [--breakdown] [--json FILE]

Two cases, on MultiLeg train (``DOPPEL_CORPORA``):
  * ``self``:  en->es, ``--reference self``, every default method;
  * ``human``: sv->da against the human da references (paired by document id), every
    default method.
Each run times ``python -m pipelines.evaluate`` as a user starts it (process start, Beam,
protection, MT, restoration, masking, scoring, bootstrap, report), then the raw engine on
exactly what was scored: every segment's payload as sent (``segments.parquet`` column
``sent``, each engine × method), through one ``ApertiumEngine`` in batches of its own maximum
(200), one method after the other.  The ratio is evaluate seconds / raw engine seconds of the
medians.  ``evaluate`` itself sends a payload several methods share within a document once
(``stages.DistinctPayloads``): the count of those is printed beside, but the denominator is
every payload scored, as a user translating each method's text would pay for it.  ``--variant`` adds Beam options (e.g. ``2w='--direct_num_workers 2
--direct_running_mode multi_processing'``); variants alternate within each run, so they are
compared under the same load.  ``--tree NAME=DIR`` runs variant NAME with another checkout's
code (e.g. the commit before a change, exported with ``git archive``), for a before/after
ratio in one run.  Beside each wall time, the CPU seconds of the run's process tree (evaluate,
its worker processes and Apertium chains; for the raw engine, this process and its chain): on
a machine others share, wall times follow their load, CPU seconds far less, so the CPU ratio
(evaluate CPU / raw engine CPU) tells what a change saved when the wall ratio cannot.  The
first variant's report is checked to be the same in every variant (scores and signatures).
The machine's load average is printed with each run (the machine may be shared).
``--breakdown`` also samples each evaluate run's process tree (``TreeSampler``): the CPU of
the driver, of Beam's worker processes (``multi_processing``) and of the engine's processes
— where a second worker's CPU goes — and the cores of the machine nobody used while it ran
(``/proc/stat``: near 0, the run could not have had more, whatever its structure).  The
cores a run keeps busy are its CPU / wall, printed beside the raw engine's: the CPU ratio
over the wall ratio is that over the raw engine's, not a count of cores (the raw engine's
Apertium chain is itself a pipeline of processes, which can keep more than one core busy).
"""
from __future__ import annotations

import argparse
import contextlib
import glob
import json
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, HERE)

CORPORA = os.environ.get("DOPPEL_CORPORA", os.path.join(HERE, "..", "shared", "corpora"))
CASES = {"self": ("en", "es", "self"), "human": ("sv", "da", "human")}
SCORE_FIELDS = ("n_segments", "bleu", "chrf", "ter", "bleu_signature", "chrf_signature",
                "ter_signature", "bleu_p_value", "chrf_p_value", "ter_p_value", "bleu_ci",
                "chrf_ci", "ter_ci", "delivered_chrf")


def case_files(case: str, docs: int, tmp: str):
    src, tgt, ref = CASES[case]
    root = os.path.join(CORPORA, "multileg", "train")
    sources = sorted(glob.glob(os.path.join(root, src, f"*_{src}.jsonl")))
    if ref == "human":
        sources = [s for s in sources if os.path.exists(
            os.path.join(root, tgt, os.path.basename(s).replace(f"_{src}.", f"_{tgt}.")))]
    sources = sources[:docs] if docs else sources
    # a directory of links, so the glob covers exactly the chosen documents
    d = os.path.join(tmp, f"{case}-src")
    os.makedirs(d, exist_ok=True)
    for s in sources:
        os.symlink(s, os.path.join(d, os.path.basename(s)))
    reference = "self" if ref == "self" else os.path.join(root, tgt, f"*_{tgt}.jsonl")
    return os.path.join(d, "*.jsonl"), reference, src, tgt, len(sources)


def run_evaluate(glob_, reference, src, tgt, out, beam_args, tree=None, breakdown=None):
    """(wall, CPU) seconds of one evaluate run; ``breakdown``: a dict given the run's CPU by
    process kind (``TreeSampler``)."""
    cmd = [sys.executable, "-m", "pipelines.evaluate", "--source", glob_, "--reference", reference,
           "--source-lang", src, "--target-lang", tgt, "--engine", "apertium", "--output", out]
    cmd += shlex.split(beam_args)
    # a fixed secret: the same pseudonyms, hence the same outputs, in every run and variant
    env = dict(os.environ, DOPPEL_SECRET=os.environ.get("DOPPEL_SECRET", "bench-evaluate-speed"))
    if tree:
        env["PYTHONPATH"] = tree
    t0, c0, m0 = time.perf_counter(), _children_cpu(), _machine_idle()
    proc = subprocess.Popen(cmd, cwd=tree or HERE, stdout=subprocess.DEVNULL, env=env)
    sampler = TreeSampler(proc.pid).start() if breakdown is not None else None
    try:
        code = proc.wait()
    finally:
        if sampler is not None:
            breakdown.update(sampler.stop())
    if code:
        raise subprocess.CalledProcessError(code, cmd)
    wall = time.perf_counter() - t0
    if breakdown is not None and m0 is not None:
        # the cores nobody used while it ran (this run, the machine's other users): near 0,
        # the run could not have used more cores than it did, whatever its structure
        breakdown["idle_cores"] = round((_machine_idle() - m0) / wall, 2)
    return wall, _children_cpu() - c0


def _machine_idle():
    """Seconds every core of the machine has been idle (``/proc/stat``; None elsewhere)."""
    try:
        with open("/proc/stat", encoding="ascii") as fh:
            fields = fh.readline().split()[1:]
        return (int(fields[3]) + int(fields[4])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


class TreeSampler:
    """The CPU seconds of a process tree by kind, read from ``/proc`` every ``interval``
    seconds while it runs (Linux): ``driver`` (the process started), ``workers`` (Python
    processes below it: Beam's worker processes with ``--direct_running_mode
    multi_processing``, the zygote they are forked from (``pipelines/forked_workers.py``)
    and the clients Beam starts for them) and ``engine`` (every other process: Apertium's chains and
    analysers).  A process's last ``interval`` before it ends is not seen: the sum falls
    short of the run's CPU seconds by about that much per process (printed beside)."""

    def __init__(self, root: int, interval: float = 0.2):
        self.root, self.interval = root, interval
        self.kinds = {root: "driver"}
        self.last = {}
        self._stop = None
        self._thread = None

    def start(self) -> "TreeSampler":
        import threading
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> dict:
        self._stop.set()
        self._thread.join()
        out = {"driver": 0.0, "workers": 0.0, "engine": 0.0}
        for pid, cpu in self.last.items():
            out[self.kinds[pid]] += cpu
        return {k: round(v, 1) for k, v in out.items()}

    def _run(self):
        tick = os.sysconf("SC_CLK_TCK")
        while not self._stop.wait(self.interval):
            seen = {}
            for entry in os.listdir("/proc"):
                if not entry.isdigit():
                    continue
                try:
                    with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as fh:
                        stat = fh.read()
                except OSError:
                    continue
                name, rest = stat.split("(", 1)[1].rsplit(")", 1)
                fields = rest.split()
                seen[int(entry)] = (int(fields[1]), name,
                                    (int(fields[11]) + int(fields[12])) / tick)
            grew = True
            while grew:                      # descendants of the root, parents first
                grew = False
                for pid, (ppid, name, _) in seen.items():
                    if pid not in self.kinds and ppid in self.kinds:
                        # a worker's shell (``sh -c python -m ...sdk_worker_main``) and the
                        # Python it starts are the workers'; what Python forks to start an
                        # engine process is named "python" until it has exec'ed: settled
                        # by the name it has when next seen
                        self.kinds[pid] = "workers" if name.startswith(("python", "sh")) \
                            else "engine"
                        grew = True
            for pid in self.kinds:
                if pid in seen:
                    ppid, name, cpu = seen[pid]
                    if pid != self.root:
                        self.kinds[pid] = "workers" if name.startswith(("python", "sh")) \
                            else "engine"
                    self.last[pid] = cpu


def _children_cpu() -> float:
    """User + system seconds of the finished child processes (and theirs: evaluate's worker
    processes and Apertium chains, each reaped by its parent)."""
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def _own_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime


def scored_payloads(out):
    """Every scored payload by (engine, method), and how many are distinct within their
    document (what ``evaluate`` sends: ``stages.DistinctPayloads``)."""
    import pyarrow.parquet as pq
    t = pq.read_table(os.path.join(out, "segments.parquet"),
                      columns=["engine", "method", "document", "sent"]).to_pylist()
    by = {}
    for r in t:
        if r["sent"] is not None:
            by.setdefault((r["engine"], r["method"]), []).append(r["sent"])
    distinct = len({(r["engine"], r["document"], r["sent"]) for r in t if r["sent"] is not None})
    return by, distinct


def run_raw(payloads, src, tgt):
    """Seconds for one Apertium engine over every scored payload, 200 a request."""
    from transforms.engines.apertium import ApertiumEngine
    t0, c0 = time.perf_counter(), _children_cpu() + _own_cpu()
    eng = ApertiumEngine(src, tgt)
    try:
        for texts in payloads.values():
            for i in range(0, len(texts), ApertiumEngine.max_batch_segments):
                eng.translate(texts[i:i + ApertiumEngine.max_batch_segments])
    finally:
        eng.close()
    return time.perf_counter() - t0, _children_cpu() + _own_cpu() - c0


def engine_outputs(out):
    """(engine, method, document, index) -> the engine's output, as scored."""
    import pyarrow.parquet as pq
    t = pq.read_table(os.path.join(out, "segments.parquet"),
                      columns=["engine", "method", "document", "index", "output"]).to_pylist()
    return {(r["engine"], r["method"], r["document"], r["index"]): r["output"] for r in t}


def differing_outputs(first, now):
    """The (document, index) of the segments whose engine output differs between two runs:
    a report that differs with the same inputs is the engine's doing when these are the
    segments whose scores moved (a rule-based engine should translate the same payload the
    same)."""
    return sorted({k[2:] for k in set(first) | set(now) if first.get(k) != now.get(k)})


def report_scores(out):
    with open(os.path.join(out, "report.json"), encoding="utf-8") as fh:
        rows = json.load(fh)["rows"]
    return sorted(({k: r.get(k) for k in ("engine", "method", "direction") + SCORE_FIELDS}
                   for r in rows), key=lambda r: (r["engine"], r["method"]))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--docs", type=int, default=0, help="first N documents (0: all 50)")
    ap.add_argument("--only", choices=sorted(CASES), action="append")
    ap.add_argument("--variant", action="append", default=[],
                    help="NAME='beam options' (default: one variant, no extra options)")
    ap.add_argument("--tree", action="append", default=[],
                    help="NAME=DIR: variant NAME runs the code of checkout DIR")
    ap.add_argument("--json")
    ap.add_argument("--breakdown", action="store_true",
                    help="also each evaluate run's CPU by process kind (driver, worker "
                    "processes, engine processes), sampled from /proc (Linux)")
    ap.add_argument("--keep", metavar="DIR", help="write the runs' outputs under DIR (kept) "
                    "instead of a temporary directory")
    args = ap.parse_args(argv)
    variants = [v.split("=", 1) if "=" in v else (v, "") for v in args.variant] or [("default", "")]
    trees = dict(t.split("=", 1) for t in args.tree)
    unknown = set(trees) - {name for name, _ in variants}
    if unknown:
        ap.error(f"--tree for no --variant: {', '.join(sorted(unknown))}")
    results = {}
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    with (contextlib.nullcontext(os.path.abspath(args.keep)) if args.keep
          else tempfile.TemporaryDirectory()) as tmp:
        for case in args.only or ["self", "human"]:
            glob_, reference, src, tgt, n_docs = case_files(case, args.docs, tmp)
            times = {name: [] for name, _ in variants}
            cpus = {name: [] for name, _ in variants}
            splits = {name: [] for name, _ in variants}
            raw, raw_cpu, payloads, distinct, first, loads = [], [], None, 0, {}, []
            for run in range(args.runs):
                for name, beam_args in variants:
                    out = os.path.join(tmp, f"{case}-{name}-{run}")
                    split = {} if args.breakdown else None
                    wall, cpu = run_evaluate(glob_, reference, src, tgt, out, beam_args,
                                             trees.get(name), split)
                    times[name].append(wall)
                    cpus[name].append(cpu)
                    if split is not None:
                        splits[name].append(split)
                    loads.append(os.getloadavg()[0])
                    scores = report_scores(out)
                    first.setdefault("scores", scores)
                    first.setdefault("outputs", engine_outputs(out))
                    if scores != first["scores"]:
                        moved = differing_outputs(first["outputs"], engine_outputs(out))
                        print(f"!! {case} {name} run {run}: report differs from the first run; "
                              f"the engine's output differs for {len(moved)} segment(s)"
                              + (f": {', '.join(f'{d}#{i}' for d, i in moved[:6])}"
                                 if moved else ""))
                    if payloads is None:
                        payloads, distinct = scored_payloads(out)
                    print(f"{case} run {run} {name}: evaluate {times[name][-1]:.1f}s, CPU "
                          f"{cpus[name][-1]:.1f}s"
                          + (f" (sampled: driver {split['driver']:.1f}, worker processes "
                             f"{split['workers']:.1f}, engine processes {split['engine']:.1f}; "
                             f"machine's idle cores {split.get('idle_cores', '?')})"
                             if split else "")
                          + f" (load {loads[-1]:.1f})", flush=True)
                wall, cpu = run_raw(payloads, src, tgt)
                raw.append(wall)
                raw_cpu.append(cpu)
                print(f"{case} run {run}: raw engine {raw[-1]:.1f}s, CPU {cpu:.1f}s", flush=True)
            n_seg = sum(len(v) for v in payloads.values())
            raw_m = statistics.median(raw)
            raw_cpu_m = statistics.median(raw_cpu)
            res = {"documents": n_docs, "scored_payloads": n_seg,
                   "distinct_in_document": distinct, "raw_engine_s": raw,
                   "raw_engine_cpu_s": raw_cpu, "evaluate_s": times, "evaluate_cpu_s": cpus,
                   "ratio": {}, "cpu_ratio": {}, "trees": trees,
                   "evaluate_cpu_by_kind": splits if args.breakdown else None,
                   "load_1min": {"min": min(loads), "median": statistics.median(loads),
                                 "max": max(loads)}}
            res["cores"] = {"raw_engine": round(raw_cpu_m / raw_m, 2)}
            for name, _ in variants:
                ev = statistics.median(times[name])
                ev_cpu = statistics.median(cpus[name])
                res["ratio"][name] = round(ev / raw_m, 2)
                res["cpu_ratio"][name] = round(ev_cpu / raw_cpu_m, 2)
                res["cores"][name] = round(ev_cpu / ev, 2)
                print(f"{case:<6} {src}->{tgt} {n_docs} docs, {n_seg} payloads ({distinct} distinct "
                      f"within their document): {name}: evaluate "
                      f"{ev:.1f}s / raw engine {raw_m:.1f}s = ratio {ev / raw_m:.2f}; CPU "
                      f"{ev_cpu:.1f}s / {raw_cpu_m:.1f}s = {ev_cpu / raw_cpu_m:.2f}; cores "
                      f"busy (CPU / wall) {ev_cpu / ev:.2f} against the raw engine's "
                      f"{raw_cpu_m / raw_m:.2f} (load {min(loads):.1f}-{max(loads):.1f})")
            results[case] = res
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(results, fh, indent=1)
    return results


if __name__ == "__main__":
    main()
