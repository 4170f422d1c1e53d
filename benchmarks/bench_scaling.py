"""How the translate job scales with the corpus, measured side by side in one run: wall time
and peak memory at 1x and 10x the documents, and throughput against raw Apertium on the
same text at each size.

    python -m benchmarks.bench_scaling [--input GLOB] [--sizes 60,200,600] [--runs N]
        [--unlabelled] [--json FILE] [-- extra translate options, e.g. --direct_num_workers 2]

Corpus of N documents: the input files (MultiLeg en train, 50 documents, by default) taken
in turn under other names (``c<k>_<name>``) until there are N, so 600 documents are the 50
twelve times over: the same text mix at every size.  ``--unlabelled``: their labels left out,
as a client's documents come (the name detectors then run: MultiLeg's gold labels otherwise
stand for them, and the job does no name detection at all).

Measured per size, raw Apertium and the pipeline alternating, ``--runs`` times (median):
  * raw Apertium: every source segment, HTML-escaped, one ``<p>`` each, through
    ``apertium -u -f html eng-spa`` — one process per 50 documents, one after the other
    (its best rate: one process over a large file is slower per character, see
    ``bench_pipeline_vs_apertium``);
  * the pipeline: ``python -m pipelines.translate --engine apertium`` on the N files, as a
    user starts it (process start, Beam, detection, protection, MT, restoration, writing);
  * peak memory, in a run of its own after the timed one: the pipeline's process tree (the job
    and its Apertium processes), sampled
    from /proc every 50 ms as the sum of each process's PSS (a page shared by several
    processes counted once, in shares: a child forked from the job and not yet exec'd
    would otherwise count the job's 270 MB again, and the tree's peak RSS measured how
    many such forks a sample caught), and the job's own process alone (peak RSS; its
    ``ru_maxrss`` would be the largest child's, so it is sampled too).  Not in the timed run:
    the sampling slows the job it watches (200 documents, three runs each, medians: 21.8 s
    unwatched, 25.9 s watched), and raw Apertium is never watched.

CPU seconds (user + system) of each side are measured too, from the children's resource
usage (``RUSAGE_CHILDREN``: every process the side started and waited for, the pipeline's
Apertium chains, taggers and formatters included): they do not depend on what else the
machine runs, while the wall seconds do (the machine is shared), and their ratio (raw CPU
seconds / pipeline CPU seconds, ``cpu_ratio``) is the throughput ratio the pipeline would
reach keeping the cores as busy as raw Apertium does.

Printed: throughput ratio (raw seconds / pipeline seconds) per size; time and memory ratios
of the largest size to the smallest (10x with the default sizes); each side's fixed time
(what it spends whatever the size, from the two extreme sizes) and the steady-state ratio
(the extra documents' raw seconds / their pipeline seconds).
"""
from __future__ import annotations

import argparse
import glob
import html
import json
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
RAW_CHUNK_DOCUMENTS = 50
PAGE = os.sysconf("SC_PAGE_SIZE")


def corpus(paths, n, directory, unlabelled=False):
    """``n`` documents: the inputs in turn, under other names (``unlabelled``: each segment's
    text alone, ``"label": []``)."""
    os.makedirs(directory)
    out = []
    for i in range(n):
        src = paths[i % len(paths)]
        dst = os.path.join(directory, f"c{i // len(paths)}_{os.path.basename(src)}")
        if unlabelled:
            with open(dst, "w", encoding="utf-8") as fh:
                fh.writelines(json.dumps({"text": t, "label": []}, ensure_ascii=False) + "\n"
                              for t in segments(src))
        else:
            shutil.copy(src, dst)
        out.append(dst)
    return out


def segments(path):
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line)["text"] for line in fh if line.strip()]


def _children_cpu() -> float:
    """CPU seconds (user + system) of this process's waited-for children so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_raw(paths, tmp):
    """(seconds, CPU seconds) for raw Apertium over the documents' segments, 50 documents
    a process."""
    cpu0 = _children_cpu()
    t0 = time.perf_counter()
    for start in range(0, len(paths), RAW_CHUNK_DOCUMENTS):
        texts = [t for p in paths[start:start + RAW_CHUNK_DOCUMENTS] for t in segments(p)]
        src = os.path.join(tmp, "raw.html")
        with open(src, "w", encoding="utf-8") as fh:
            fh.write("\n".join(f'<p id="s{i}">{html.escape(t, quote=False)}</p>'
                               for i, t in enumerate(texts)))
        with open(src, "rb") as fin, open(os.path.join(tmp, "raw.out.html"), "wb") as fout:
            subprocess.run(["apertium", "-u", "-f", "html", "eng-spa"], stdin=fin, stdout=fout,
                           check=True)
    return time.perf_counter() - t0, _children_cpu() - cpu0


def _pss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup") as fh:
            for line in fh:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _tree_memory(root: int):
    """(PSS of ``root`` and all its descendants, RSS of ``root``) in bytes, from /proc."""
    parents = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                stat = fh.read()
        except OSError:
            continue
        parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    tree, frontier = {root}, [root]
    while frontier:
        parent = frontier.pop()
        for pid, ppid in parents.items():
            if ppid == parent and pid not in tree:
                tree.add(pid)
                frontier.append(pid)
    try:
        with open(f"/proc/{root}/statm") as fh:
            own = int(fh.read().split()[1]) * PAGE
    except OSError:
        own = 0
    return sum(_pss(p) for p in tree), own


def run_pipeline(pattern, out, extra, watch_memory=False):
    """(seconds, peak PSS of the process tree, peak RSS of the job's process, CPU seconds
    of the job and every process it waited for); the two peaks are 0 unless
    ``watch_memory``, which slows the job (see above)."""
    env = {**os.environ, "DOPPEL_SECRET": os.environ.get("DOPPEL_SECRET", "bench")}
    cmd = [sys.executable, "-m", "pipelines.translate", "--input", pattern, "--output", out,
           "--source-lang", "en", "--target-lang", "es", "--engine", "apertium",
           "--progress-interval", "0", *extra]
    peaks = [0, 0]
    cpu0 = _children_cpu()
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=HERE, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)

    def sample():
        while proc.poll() is None:
            tree, own = _tree_memory(proc.pid)
            peaks[0], peaks[1] = max(peaks[0], tree), max(peaks[1], own)
            time.sleep(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    if watch_memory:
        sampler.start()
    _, stderr = proc.communicate()
    elapsed = time.perf_counter() - t0
    cpu = _children_cpu() - cpu0
    if watch_memory:
        sampler.join()
    if proc.returncode != 0:
        raise SystemExit(stderr[-3000:])
    with open(os.path.join(out, "summary.json"), encoding="utf-8") as fh:
        documents = json.load(fh)["documents"]
    if documents["written"] != documents["total"]:
        raise SystemExit(f"pipeline wrote {documents} of {pattern}")
    return elapsed, peaks[0], peaks[1], cpu


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[:argv.index("--")] if "--" in argv else argv
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--input", default=os.path.join(CORPORA, "multileg", "train", "en", "*.jsonl"))
    ap.add_argument("--sizes", default="60,200,600", help="documents per corpus, comma-separated")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--json", default=None)
    ap.add_argument("--unlabelled", action="store_true",
                    help="leave the inputs' labels out (a client's documents)")
    args = ap.parse_args(argv)
    paths = sorted(glob.glob(args.input))
    if not paths:
        raise SystemExit(f"no input matches {args.input}")
    sizes = sorted({int(s) for s in args.sizes.split(",")})
    import compileall      # as an installed package is: compiled once, not on every start
    for pkg in ("pipelines", "schemas", "transforms"):
        compileall.compile_dir(os.path.join(HERE, pkg), quiet=1)
    result = {"runs": args.runs, "input": args.input, "unlabelled": args.unlabelled,
              "extra_options": extra, "sizes": {}}
    with tempfile.TemporaryDirectory() as tmp:
        inputs = {n: corpus(paths, n, os.path.join(tmp, f"in{n}"), args.unlabelled)
                  for n in sizes}
        measured = {n: {"raw": [], "pipe": [], "tree_pss": [], "job_rss": [], "raw_cpu": [],
                        "pipe_cpu": []} for n in sizes}
        for i in range(args.runs):
            for n in sizes:
                out = os.path.join(tmp, f"out{n}")
                shutil.rmtree(out, ignore_errors=True)
                m = measured[n]
                raw_s, raw_cpu = run_raw(inputs[n], tmp)
                m["raw"].append(raw_s)
                m["raw_cpu"].append(raw_cpu)
                pattern = os.path.join(tmp, f"in{n}", "*.jsonl")
                seconds, _, _, cpu = run_pipeline(pattern, out, extra)
                shutil.rmtree(out, ignore_errors=True)
                _, tree, own, _ = run_pipeline(pattern, out, extra, watch_memory=True)
                m["pipe"].append(seconds)
                m["pipe_cpu"].append(cpu)
                m["tree_pss"].append(tree)
                m["job_rss"].append(own)
                print(f"run {i + 1}, {n} documents: raw Apertium {m['raw'][-1]:.1f} s, "
                      f"pipeline {seconds:.1f} s; CPU raw {raw_cpu:.1f} s, pipeline {cpu:.1f} s; "
                      f"peak memory {tree / 2**20:.0f} MiB PSS "
                      f"(job process {own / 2**20:.0f} MiB RSS)", file=sys.stderr, flush=True)
        for n in sizes:
            m = measured[n]
            raw, pipe = statistics.median(m["raw"]), statistics.median(m["pipe"])
            raw_cpu, pipe_cpu = statistics.median(m["raw_cpu"]), statistics.median(m["pipe_cpu"])
            segs = sum(len(segments(p)) for p in inputs[n])
            result["sizes"][str(n)] = {
                "documents": n, "segments": segs,
                "raw_apertium_s": round(raw, 2), "pipeline_s": round(pipe, 2),
                "throughput_ratio": round(raw / pipe, 3),
                "pipeline_segments_per_s": round(segs / pipe, 1),
                "raw_apertium_cpu_s": round(raw_cpu, 2), "pipeline_cpu_s": round(pipe_cpu, 2),
                "cpu_ratio": round(raw_cpu / pipe_cpu, 3),
                "peak_pss_tree_mib": round(statistics.median(m["tree_pss"]) / 2**20, 1),
                "peak_rss_job_mib": round(statistics.median(m["job_rss"]) / 2**20, 1)}
        lo, hi = result["sizes"][str(sizes[0])], result["sizes"][str(sizes[-1])]
        if len(sizes) < 2:       # one size: its ratio, and nothing to scale against
            print(json.dumps(result, indent=2))
            print(f"throughput ratio (raw Apertium s / pipeline s): {sizes[0]} documents "
                  f"{lo['throughput_ratio']}; CPU ratio (raw Apertium CPU s / pipeline CPU s) "
                  f"{lo['cpu_ratio']}", file=sys.stderr)
            write_json(args.json, result)
            return 0
        result["scaling"] = {
            "documents": f"{sizes[0]} -> {sizes[-1]} ({sizes[-1] / sizes[0]:g}x)",
            "time_ratio": round(hi["pipeline_s"] / lo["pipeline_s"], 3),
            "peak_pss_tree_ratio": round(hi["peak_pss_tree_mib"] / lo["peak_pss_tree_mib"], 3),
            "peak_rss_job_ratio": round(hi["peak_rss_job_mib"] / lo["peak_rss_job_mib"], 3)}
        # What each side spends whatever the size (for the pipeline: the interpreter, Beam,
        # the graph, the entity-strings stage before the first document, the engine's start):
        # its time at the smallest size less that size's share of the time the extra
        # documents took.  It is what holds the ratio down at the smallest size.
        extra_docs = sizes[-1] - sizes[0]
        for side, key in (("pipeline", "pipeline_s"), ("raw_apertium", "raw_apertium_s")):
            per_document = (hi[key] - lo[key]) / extra_docs
            result["scaling"][f"{side}_fixed_s"] = round(lo[key] - per_document * sizes[0], 2)
        result["scaling"]["steady_state_throughput_ratio"] = round(
            (hi["raw_apertium_s"] - lo["raw_apertium_s"]) / (hi["pipeline_s"] - lo["pipeline_s"]), 3)
    print(json.dumps(result, indent=2))
    s = result["scaling"]
    print("throughput ratio (raw Apertium s / pipeline s): "
          + ", ".join(f"{v['documents']} documents {v['throughput_ratio']}"
                      for v in result["sizes"].values())
          + "; CPU ratio (raw Apertium CPU s / pipeline CPU s): "
          + ", ".join(f"{v['documents']} documents {v['cpu_ratio']}"
                      for v in result["sizes"].values())
          + f"; {s['documents']}: time x{s['time_ratio']}, peak memory (PSS, process tree) "
          f"x{s['peak_pss_tree_ratio']}, peak RSS of the job's process x{s['peak_rss_job_ratio']}",
          file=sys.stderr)
    write_json(args.json, result)
    return 0


def write_json(path, result) -> None:
    """``result`` to ``path`` (``--json``), if one was given."""
    if path:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(result, fh, indent=2)


if __name__ == "__main__":
    sys.exit(main())
