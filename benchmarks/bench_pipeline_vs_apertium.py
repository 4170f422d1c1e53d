"""The full pipeline's throughput with Apertium against raw Apertium on the same text, measured
side by side in one run, plus the privacy/restoration figures of the pipeline's output.

    python -m benchmarks.bench_pipeline_vs_apertium [--input GLOB] [--runs N] [--json FILE]
        [--apy-url URL] [--breakdown] [--copies N]

Raw Apertium: every source segment of the input, HTML-escaped, one ``<p>`` block each, through
one ``apertium -u -f html eng-spa`` process (what a user would run by hand).  Pipeline:
``python -m pipelines.translate --engine apertium`` on the same files (process start, Beam,
detection, protection, MT, restoration, writing: everything).  The two alternate ``--runs``
times; the ratio is raw seconds / pipeline seconds of the medians (1.0 = as fast as raw
Apertium; the goal is >= 0.8).  CPU seconds are reported beside: raw Apertium's stages keep
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


def run_raw(texts, tmp):
    src = os.path.join(tmp, "raw.html")
    with open(src, "w", encoding="utf-8") as fh:
        fh.write("\n".join(f'<p id="s{i}">{html.escape(t, quote=False)}</p>'
                           for i, t in enumerate(texts)))
    t0, c0 = time.perf_counter(), _children_cpu()
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


def translate_stage(out, max_batch=64):
    """The MT stage alone, in-process, on the payloads the pipeline sent (its audit log), in
    the pipeline's batches (per document, in order, ``max_batch`` each): engine start,
    deformatting, Apertium, reformatting, the leak-guard-free Translator path."""
    from schemas.records import MTRequest
    from transforms.engines import create
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


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--input", default=os.path.join(CORPORA, "multileg", "train", "en", "*.jsonl"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--json", default=None)
    ap.add_argument("--apy-url", default=None)
    ap.add_argument("--breakdown", action="store_true",
                    help="also time the pipeline with the identity engine (no MT)")
    ap.add_argument("--copies", type=int, default=1,
                    help="run on N copies of the input under other names (a nightly batch "
                         "is thousands of files: start-up costs amortised; raw Apertium gets "
                         "the same N copies)")
    args = ap.parse_args(argv)
    paths = sorted(glob.glob(args.input))
    if not paths:
        raise SystemExit(f"no input matches {args.input}")
    raw_t, pipe_t, ident_t = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        if args.copies > 1:
            import shutil
            os.makedirs(os.path.join(tmp, "in"))
            for k in range(args.copies):
                for p in paths:
                    shutil.copy(p, os.path.join(tmp, "in", f"c{k}_{os.path.basename(p)}"))
            args.input = os.path.join(tmp, "in", "*" + os.path.splitext(paths[0])[1])
            paths = sorted(glob.glob(args.input))
        texts = segments(paths)
        chars = sum(len(t) for t in texts)
        out = os.path.join(tmp, "out")
        for i in range(args.runs):
            raw_t.append(run_raw(texts, tmp))
            if os.path.isdir(out):
                import shutil
                shutil.rmtree(out)
            pipe_t.append(run_pipeline(args.input, out))
            if args.breakdown:
                ident_t.append(run_pipeline(args.input, os.path.join(tmp, f"id{i}"),
                                            engine="identity"))
            print(f"run {i + 1}: raw apertium {raw_t[-1]:.2f} s, pipeline {pipe_t[-1]:.2f} s"
                  + (f", pipeline with the identity engine {ident_t[-1]:.2f} s" if ident_t else ""),
                  file=sys.stderr)
        raw, pipe = statistics.median(raw_t), statistics.median(pipe_t)
        result = {"documents": len(paths), "copies": args.copies, "segments": len(texts),
                  "characters": chars,
                  "runs": args.runs, "raw_apertium_s": round(raw, 3), "pipeline_s": round(pipe, 3),
                  "raw_chars_per_s": round(chars / raw), "pipeline_chars_per_s": round(chars / pipe),
                  "throughput_ratio": round(raw / pipe, 3)}
        # On a machine whose cores are all busy (raw Apertium's stages already keep about two
        # busy), throughput is bounded by CPU time: raw CPU / pipeline CPU is that bound.
        result["raw_apertium_cpu_s"] = round(statistics.median(CPU["raw"]), 3)
        result["pipeline_cpu_s"] = round(statistics.median(CPU["apertium"]), 3)
        result["cpu_ratio"] = round(result["raw_apertium_cpu_s"] / result["pipeline_cpu_s"], 3)
        if ident_t:
            result["pipeline_identity_engine_cpu_s"] = round(statistics.median(CPU["identity"]), 3)
            # Everything but MT (read, detect, protect, restore, write, Beam): the share of
            # the pipeline's time that is not Apertium's.
            result["pipeline_identity_engine_s"] = round(statistics.median(ident_t), 3)
        if args.breakdown:
            result["translate_stage_s"] = round(translate_stage(out), 3)
            result["translate_stage_ratio"] = round(raw / result["translate_stage_s"], 3)
        result.update(figures(paths, out))
        if args.apy_url:
            out_apy = os.path.join(tmp, "apy")
            run_pipeline(args.input, out_apy, "--engine", "apertium-apy", "--engine-option",
                         f"apy_url={args.apy_url}")
            same = [os.path.basename(p) for p in paths
                    if open(os.path.join(out, os.path.basename(p)), "rb").read()
                    == open(os.path.join(out_apy, os.path.basename(p)), "rb").read()]
            result["apy_identical_documents"] = f"{len(same)}/{len(paths)}"
    print(json.dumps(result, indent=2, ensure_ascii=False))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(result, fh, indent=2, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
