"""The full pipeline's throughput with Apertium against raw Apertium on the same text, measured
side by side in one run, plus the privacy/restoration figures of the pipeline's output.

    python -m benchmarks.bench_pipeline_vs_apertium [--input GLOB] [--runs N] [--json FILE]
        [--apy-url URL] [--breakdown] [--copies N[,M]]

Raw Apertium: every source segment of the input, HTML-escaped, one ``<p>`` block each, through
one ``apertium -u -f html eng-spa`` process (what a user would run by hand); for ``--copies N``
the input's file N times, one process after the other — raw Apertium at its best rate (one
process over a large batch is slower per character: the 50 documents ten times over as one
7 MB file took 74-81 s against 59-72 s as ten runs, measured side by side).  Pipeline:
``python -m pipelines.translate --engine apertium`` on the same files (process start, Beam,
detection, protection, MT, restoration, writing: everything).  The two alternate ``--runs``
times; the ratio is raw seconds / pipeline seconds of the medians (1.0 = as fast as raw
Apertium; the goal is >= 0.8).  ``--copies 1,4`` times the input and four copies of it in
the same runs and adds the steady-state ratio (what the extra three copies cost each side),
which separates throughput from the pipeline's fixed start-up (Python, Beam, side inputs).  CPU seconds are reported beside: raw Apertium's stages keep
about two cores busy, so on a two-core machine the pipeline's own work (Beam, detection,
protection, restoration) competes with them, and ``cpu_ratio`` bounds ``throughput_ratio``.

Figures of the last pipeline run (MultiLeg JSONL with gold spans):
  * gold PER/ORG/LOC/DATE strings (identifying ones: linking.propagatable) found in the
    request log (must be 0);
  * mentions restored / total (summary.json);
  * assigned pseudonyms left anywhere in the output (recomputed in-process with the same
    secret and corpus forms: the choice is keyed, so it is the run's own; must be 0).
With ``--apy-url`` the same run goes through ``apertium-apy`` too and the outputs are compared
byte for byte with the CLI engine's.
"""
from __future__ import annotations

import argparse
import glob
import html
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, HERE)
from transforms.linking import _WORD as WORD  # noqa: E402

CORPORA = os.environ.get("DOPPEL_CORPORA", os.path.join(HERE, "..", "shared", "corpora"))
# CPU seconds (user + system, the process and everything it waited for) per run and kind.
CPU = {"raw": [], "apertium": [], "identity": [], "apertium-apy": []}


def segments(paths):
    out = []
    for p in paths:
        with open(p, encoding="utf-8") as fh:
            out += [json.loads(line)["text"] for line in fh if line.strip()]
    return out


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_raw(texts, tmp, copies=1):
    """Seconds for raw Apertium over ``texts``, ``copies`` times in a row."""
    src = os.path.join(tmp, "raw.html")
    with open(src, "w", encoding="utf-8") as fh:
        fh.write("\n".join(f'<p id="s{i}">{html.escape(t, quote=False)}</p>'
                           for i, t in enumerate(texts)))
    t0, c0 = time.perf_counter(), _children_cpu()
    for _ in range(copies):
        with open(src, "rb") as fin, open(os.path.join(tmp, "raw.out.html"), "wb") as fout:
            subprocess.run(["apertium", "-u", "-f", "html", "eng-spa"], stdin=fin, stdout=fout,
                           check=True)
    CPU["raw"].append(_children_cpu() - c0)
    return time.perf_counter() - t0


def run_pipeline(pattern, out, *extra, engine="apertium"):
    env = {**os.environ, "DOPPEL_SECRET": os.environ.get("DOPPEL_SECRET", "bench")}
    t0, c0 = time.perf_counter(), _children_cpu()
    proc = subprocess.run([sys.executable, "-m", "pipelines.translate", "--input", pattern,
                           "--output", out, "--source-lang", "en", "--target-lang", "es",
                           "--engine", engine, *extra], cwd=HERE, env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(proc.stderr[-3000:])
    CPU[engine].append(_children_cpu() - c0)
    return time.perf_counter() - t0


def translate_stage(out):
    """The MT stage alone, in-process, on the payloads the pipeline sent (its audit log), in
    the pipeline's batches (per document, in order, the engine's own batch size each): engine
    start, deformatting, Apertium, reformatting, the leak-guard-free Translator path."""
    from schemas.records import MTRequest
    from transforms.engines import batch_size, create
    max_batch = batch_size("apertium")
    from transforms.stages import Translator
    batches = []
    for f in sorted(glob.glob(os.path.join(out, "audit", "requests-*.jsonl"))):
        with open(f, encoding="utf-8") as fh:
            recs = [json.loads(line) for line in fh]
        reqs = [MTRequest(document=r["document"], segment=r["segment"], index=r["index"],
                          engine="apertium", source_lang="en", target_lang="es", text=r["text"])
                for r in recs]
        chunks = {}
        for r in reqs:
            chunks.setdefault(r.index // max_batch, []).append(r)
        batches += list(chunks.values())
    t0 = time.perf_counter()
    engine = create("apertium", "en", "es")
    tr = Translator(engine)
    for b in batches:
        tr.translate(b)
    engine.close()
    return time.perf_counter() - t0


def figures(paths, out):
    from transforms import formats
    from transforms.linking import propagatable
    from transforms.protect import ProtectOptions, protect_document

    gold = set()
    for p in paths:
        with open(p, encoding="utf-8") as fh:
            for line in fh:
                r = json.loads(line)
                gold |= {r["text"][s:e] for s, e, c in r["label"]
                         if c in ("PER", "ORG", "LOC", "DATE")}
    gold = {g for g in gold if propagatable(g)}
    sent = []
    for f in glob.glob(os.path.join(out, "audit", "requests-*.jsonl")):
        with open(f, encoding="utf-8") as fh:
            sent += [json.loads(line)["text"] for line in fh]
    blob = "\n".join(sent)
    pats = [re.compile(rf"(?<!{WORD}){re.escape(g)}(?!{WORD})", 0 if len(g) < 4 else re.I)
            for g in gold]
    leaked = sorted(g for g, p in zip(gold, pats) if p.search(blob))
    with open(os.path.join(out, "summary.json"), encoding="utf-8") as fh:
        summary = json.load(fh)

    # The run's own pseudonyms: same secret, same corpus forms, same keyed choice.
    docs = [formats.read_document(os.path.basename(p), p, open(p, "rb").read(), "en", "es")
            for p in paths]
    forms = sorted({(d.segments[i].text[s:e], c) for d in docs for i in range(len(d.segments))
                    for s, e, c in d.segments[i].labels})
    secret = os.environ.get("DOPPEL_SECRET", "bench").encode("utf-8")
    left = []
    for d in docs:
        pd = protect_document(d, ProtectOptions(secret=secret), forms)
        with open(os.path.join(out, d.name), encoding="utf-8") as fh:
            output = fh.read()
        originals = " ".join(pd.originals).casefold()
        for ps in pd.segments:
            for a in ps.assignments:
                rep = a.replacement
                if a.method != "pseudonym" or len(rep) < 4 or rep.casefold() in originals:
                    continue
                if re.search(rf"(?<!{WORD}){re.escape(rep)}(?!{WORD})", output, re.I):
                    left.append((d.name, rep))
    m = summary["mentions"]
    return {"gold_strings": len(gold), "gold_strings_in_request_log": len(leaked),
            "leaked_examples": leaked[:10], "requests": len(sent),
            "mentions_total": m["total"], "mentions_restored": m["restored"],
            "restored_share": round(m["restored"] / max(1, m["total"]), 5),
            "pseudonyms_left_in_output": len(set(left)), "left_examples": sorted(set(left))[:10],
            "segments": summary["segments"], "restoration_outcomes": m.get("outcomes", {})}


def _copies(paths, n, tmp):
    """The input under ``n`` sets of other names (``c<k>_<name>``): ``n`` times the text."""
    if n == 1:
        return paths
    import shutil
    d = os.path.join(tmp, f"in{n}")
    os.makedirs(d)
    for k in range(n):
        for p in paths:
            shutil.copy(p, os.path.join(d, f"c{k}_{os.path.basename(p)}"))
    return sorted(glob.glob(os.path.join(d, "*" + os.path.splitext(paths[0])[1])))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--input", default=os.path.join(CORPORA, "multileg", "train", "en", "*.jsonl"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--json", default=None)
    ap.add_argument("--apy-url", default=None)
    ap.add_argument("--breakdown", action="store_true",
                    help="also time the pipeline with the identity engine (no MT)")
    ap.add_argument("--copies", default="1,4",
                    help="comma-separated input sizes, in copies of the input under other names "
                         "(a nightly batch is thousands of files).  With two sizes, e.g. 1,4, "
                         "both are timed in every run, and the steady-state ratio is reported "
                         "too: the extra text's raw seconds / its pipeline seconds, which "
                         "leaves out both sides' fixed start-up")
    args = ap.parse_args(argv)
    paths = sorted(glob.glob(args.input))
    if not paths:
        raise SystemExit(f"no input matches {args.input}")
    sizes = sorted({int(c) for c in args.copies.split(",")})
    # The project's modules byte-compiled once, as an installed package is (pip compiles on
    # install; an editable install on first import).  Where PYTHONDONTWRITEBYTECODE is set,
    # as on this project's build machine, every run would otherwise compile them again
    # (about 0.1 s of start-up that no installed pipeline pays).
    import compileall
    for pkg in ("pipelines", "schemas", "transforms"):
        compileall.compile_dir(os.path.join(HERE, pkg), quiet=1)
    times = {n: {"raw": [], "pipe": [], "ident": []} for n in sizes}
    cpu = {n: {"raw": [], "apertium": []} for n in sizes}
    result = {"runs": args.runs, "sizes": {}}
    with tempfile.TemporaryDirectory() as tmp:
        inputs = {n: _copies(paths, n, tmp) for n in sizes}
        texts = {n: segments(inputs[n]) for n in sizes}
        base = segments(paths)          # the copies hold this text n times over
        for i in range(args.runs):
            for n in sizes:
                glob_n = args.input if n == 1 else os.path.join(
                    os.path.dirname(inputs[n][0]), "*" + os.path.splitext(paths[0])[1])
                out = os.path.join(tmp, f"out{n}")
                if os.path.isdir(out):
                    import shutil
                    shutil.rmtree(out)
                times[n]["raw"].append(run_raw(base, tmp, copies=n))
                cpu[n]["raw"].append(CPU["raw"][-1])
                times[n]["pipe"].append(run_pipeline(glob_n, out))
                cpu[n]["apertium"].append(CPU["apertium"][-1])
                if args.breakdown:
                    times[n]["ident"].append(run_pipeline(glob_n, os.path.join(tmp, f"id{n}.{i}"),
                                                           engine="identity"))
                print(f"run {i + 1}, {len(inputs[n])} documents: raw apertium "
                      f"{times[n]['raw'][-1]:.2f} s, pipeline {times[n]['pipe'][-1]:.2f} s"
                      + (f", pipeline with the identity engine {times[n]['ident'][-1]:.2f} s"
                         if args.breakdown else ""), file=sys.stderr)
        for n in sizes:
            raw, pipe = statistics.median(times[n]["raw"]), statistics.median(times[n]["pipe"])
            chars = sum(len(t) for t in texts[n])
            r = {"documents": len(inputs[n]), "segments": len(texts[n]), "characters": chars,
                 "raw_apertium_s": round(raw, 3), "pipeline_s": round(pipe, 3),
                 "raw_runs_s": [round(t, 2) for t in times[n]["raw"]],
                 "pipeline_runs_s": [round(t, 2) for t in times[n]["pipe"]],
                 "raw_chars_per_s": round(chars / raw), "pipeline_chars_per_s": round(chars / pipe),
                 "throughput_ratio": round(raw / pipe, 3),
                 # On a machine whose cores are all busy (raw Apertium's stages already keep
                 # about two busy), throughput is bounded by CPU time: raw CPU / pipeline CPU.
                 "raw_apertium_cpu_s": round(statistics.median(cpu[n]["raw"]), 3),
                 "pipeline_cpu_s": round(statistics.median(cpu[n]["apertium"]), 3)}
            r["cpu_ratio"] = round(r["raw_apertium_cpu_s"] / r["pipeline_cpu_s"], 3)
            if args.breakdown:
                # Everything but MT (read, detect, protect, restore, write, Beam).
                r["pipeline_identity_engine_s"] = round(statistics.median(times[n]["ident"]), 3)
            result["sizes"][str(n)] = r
        if len(sizes) > 1:
            lo, hi = result["sizes"][str(sizes[0])], result["sizes"][str(sizes[-1])]
            d_raw = hi["raw_apertium_s"] - lo["raw_apertium_s"]
            d_pipe = hi["pipeline_s"] - lo["pipeline_s"]
            per = d_pipe / (sizes[-1] - sizes[0])
            result["steady_state"] = {
                "extra_documents": hi["documents"] - lo["documents"],
                "raw_apertium_s": round(d_raw, 3), "pipeline_s": round(d_pipe, 3),
                "throughput_ratio": round(d_raw / d_pipe, 3),
                # What the pipeline spends whatever the input size (imports, Beam's graph,
                # the side inputs before the first document): its time at the smaller size
                # less that size's share of the steady-state time.
                "pipeline_fixed_s": round(lo["pipeline_s"] - per * sizes[0], 3),
                "raw_fixed_s": round(lo["raw_apertium_s"] - d_raw / (sizes[-1] - sizes[0])
                                     * sizes[0], 3)}
        first = result["sizes"][str(sizes[0])]
        result.update({k: first[k] for k in ("documents", "throughput_ratio", "cpu_ratio")})
        out = os.path.join(tmp, f"out{sizes[0]}")
        if args.breakdown:
            result["translate_stage_s"] = round(translate_stage(out), 3)
            result["translate_stage_ratio"] = round(first["raw_apertium_s"]
                                                    / result["translate_stage_s"], 3)
        result.update(figures(inputs[sizes[0]], out))
        if args.apy_url:
            out_apy = os.path.join(tmp, "apy")
            glob_0 = args.input if sizes[0] == 1 else os.path.join(
                os.path.dirname(inputs[sizes[0]][0]), "*" + os.path.splitext(paths[0])[1])
            run_pipeline(glob_0, out_apy, "--engine", "apertium-apy", "--engine-option",
                         f"apy_url={args.apy_url}")
            same = [os.path.basename(p) for p in inputs[sizes[0]]
                    if open(os.path.join(out, os.path.basename(p)), "rb").read()
                    == open(os.path.join(out_apy, os.path.basename(p)), "rb").read()]
            result["apy_identical_documents"] = f"{len(same)}/{len(inputs[sizes[0]])}"
    print(json.dumps(result, indent=2, ensure_ascii=False))
    print("throughput ratio (raw Apertium s / pipeline s, medians): "
          + ", ".join(f"{v['documents']} documents {v['throughput_ratio']}"
                      for v in result["sizes"].values())
          + (f", steady state {result['steady_state']['throughput_ratio']}"
             if "steady_state" in result else ""), file=sys.stderr)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(result, fh, indent=2, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
