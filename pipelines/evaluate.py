"""Masked translation evaluation: which engine, with which protection method, translates the
context of a confidential document best — and what each method lets through.

    python -m pipelines.evaluate --source GLOB --reference GLOB|self|embedded \
        --source-lang en --target-lang es --engine apertium[,other] \
        --methods original,asterisk,category,category-id,pseudonym --output DIR \
        [--fail-below chrf=60[,pseudonym.bleu=30]] [Beam options]

Data flow, per engine × method, through the translate pipeline's own transforms:
input files -> ReadDocuments -> ProtectDocuments(method) -> TranslateSegments(engine) ->
Restore (``stages.restore_document``) -> Hypotheses; then, per document, hypotheses ×
references -> masked per-segment rows -> one report: ``report.json``, ``report.csv``,
``report.html``, ``segments.parquet``.  ``--fail-below`` turns the exit code into a CI gate.
"""
from __future__ import annotations

import dataclasses
import json
import logging
import os
import pickle
import posixpath
from typing import Dict, List, Optional, Tuple

import apache_beam as beam
from apache_beam.io.filesystems import FileSystems
from apache_beam.options.pipeline_options import SetupOptions
from apache_beam.pvalue import TaggedOutput

from pipelines import forked_workers
from pipelines.common import (UsageError, balanced_shards, check_dictionary, input_sizes,
                              job_gc_in_worker, match_inputs, pipeline_secret)
from pipelines.options import JobOptions, Option, log_level_option
from pipelines.running import fewer_collections, pipeline_for
from schemas.records import Document
from transforms import formats, stages
from transforms.beam import (FAILURES, ProtectDocuments, ProtectDocumentsByMethod,
                             ReadDocuments, RecordCoder, TranslateDistinct, TranslateDistinctFn,
                             TranslateSegments, typed)
from transforms.engines import ENGINES, batch_size
from transforms.evaluation import gate, replay  # noqa: F401  (replay registers its engine)
from transforms.evaluation import metrics as metrics_mod
from transforms.evaluation import report as report_mod
from transforms.evaluation import score
from transforms.evaluation.privacy import FUZZY_THRESHOLD
from transforms.evaluation.references import (document_id, embedded_references,
                                              parallel_references)
from transforms.protect import DEFAULT_CATEGORIES, ProtectOptions
from transforms.pseudonyms import METHODS

LOG = logging.getLogger("doppel")
DEFAULT_METHODS = "original,asterisk,category,category-id,pseudonym"
KNOWN_METHODS = ("original", "asterisk", "category", "category-id", "category-id-grammar",
                 "pseudonym", "tags")
# PRISM families a point names (FAMILY@R); nodecode: PRISM*'s substitution, not decoded
PRISM_FAMILIES = ("prism-r", "prism-star", "prism-nested", "prism-mix", "nodecode")


OPTIONS = JobOptions(
    "evaluate", "Score MT engines x protection methods on masked references (masked MT "
    "evaluation): quality, restoration, leaks; report.json/.csv/.html, segments.parquet.",
    module="pipelines.evaluate", groups=[
        ("Input and output", [
            Option("--source", "source files: globs, comma-separated", metavar="GLOB",
                   required=True),
            Option("--reference", "reference files (MultiLeg, paired by document id), self "
                   "(the engine's own translation) or embedded (TMX target)",
                   default="embedded", metavar="GLOB|self|embedded"),
            Option("--output", "directory for the report", metavar="DIR", required=True),
            Option("--source-lang", "language of the sources (ISO 639-1)", metavar="LANG",
                   required=True),
            Option("--target-lang", "language of the references", metavar="LANG",
                   required=True),
        ]),
        ("What is compared", [
            Option("--engine", "MT engine(s), comma-separated", default="apertium",
                   metavar="LIST", aliases=("--engines",)),
            Option("--methods", "protection methods, comma-separated: "
                   + ",".join(KNOWN_METHODS) + "; and PRISM points on pseudonyms: "
                   + "|".join(PRISM_FAMILIES) + "@R (e.g. prism-r@0.3)",
                   default=DEFAULT_METHODS, metavar="LIST"),
            Option("--sweep", "PRISM points at several ratios, e.g. prism-star:0.1,0.3,0.5 "
                   "(one trade-off curve per family, AUPQC in report.json); repeatable",
                   metavar="FAMILY:R,...", repeatable=True),
            Option("--word-dictionary", "PRISM's word dictionary (auto: the shipped one for "
                   "the pair); also the adversary's, for the inverted privacy measure",
                   default="auto", metavar="SPEC"),
            Option("--dictionary", "pseudonym dictionary (as for translate): auto (shipped, "
                   "per source language), none, or a .json/.parquet file", default="auto",
                   metavar="SPEC"),
            Option("--categories", "entity categories protected and masked, or all",
                   default=",".join(DEFAULT_CATEGORIES), metavar="LIST"),
            Option("--detectors", "detection beside given labels (as for translate)",
                   default="auto", metavar="LIST"),
            Option("--hide-gold", "protect without the gold labels: the leak and detection "
                   "figures then measure the detectors", switch=True),
            Option("--apertium-pair", "Apertium pair to use instead of SRC-TGT's own",
                   metavar="PAIR"),
            Option("--replay-file", "recorded translations for the replay/record engine "
                   "(JSONL source, translation)", metavar="FILE"),
            Option("--max-batch", "segments per MT request (default: the engine's own "
                   "maximum, 200 for Apertium)", metavar="N", type=int),
        ]),
        ("Scoring", [
            Option("--metrics", "metrics scored, comma-separated (delivered chrF always)",
                   default=",".join(metrics_mod.METRICS), metavar="LIST"),
            Option("--score-cache", "keep each segment's statistics across runs: a rerun "
                   "scores only what changed", metavar="DIR"),
            Option("--probes", "translate each entity alone to find it in the original "
                   "run's output (auto: not for recorded engines)", default="auto",
                   metavar="WHEN", choices=("auto", "on", "off")),
            Option("--align-model", "local simalign model directory, to mask what nothing "
                   "else places", metavar="DIR"),
            Option("--comet-model", "COMET checkpoint or model directory (adds comet)",
                   metavar="DIR"),
            Option("--bootstrap-samples", "paired bootstrap resamples against original (0: "
                   "no significance test)",
                   default=1000, metavar="N", type=int),
            Option("--leak-threshold", "fuzzy leak similarity threshold",
                   default=FUZZY_THRESHOLD, metavar="X", type=float),
            Option("--fail-below", "[method.]metric=value[,...]: exit 1 if a row is below "
                   "(above for ter, leaks); repeatable", metavar="CHECKS", repeatable=True),
        ]),
        ("PRISM's QA protocol", [
            Option("--qa", "QA file (JSONL: document, question, options, answer): PPS, QS, "
                   "AUPQC and QS@0.5 of every PRISM family, read by an OpenAI-compatible "
                   "endpoint (report.json 'qa')", metavar="FILE"),
            Option("--qa-endpoint", "the reader's OpenAI-compatible base URL (default: "
                   "OPENAI_BASE_URL; key: OPENAI_API_KEY)", metavar="URL"),
            Option("--qa-model", "the reader's model (default: OPENAI_MODEL, gpt-4o-mini)",
                   metavar="NAME"),
        ]),
        ("Run", [log_level_option()]),
    ],
    notes=["Environment: DOPPEL_SECRET (reproducible pseudonyms), the engines' API keys "
           "(README)."])


def parse_point(method: str):
    """``prism-r@0.3`` -> ("prism-r", 0.3); a usage error for a bad point."""
    family, _, r = method.partition("@")
    if family not in PRISM_FAMILIES:
        raise UsageError(f"unknown PRISM family {family!r} in {method!r} (known: "
                         f"{', '.join(PRISM_FAMILIES)})")
    try:
        ratio = float(r)
    except ValueError:
        raise UsageError(f"{method!r}: the ratio after @ must be a number") from None
    if not 0 < ratio <= 1:
        raise UsageError(f"{method!r}: the ratio must be in (0, 1]")
    return family, ratio


def parse_sweeps(specs: List[str]) -> List[str]:
    """``prism-star:0.1,0.3`` -> ["prism-star@0.1", "prism-star@0.3"]."""
    out = []
    for spec in specs:
        family, sep, ratios = spec.partition(":")
        if not sep or not ratios.strip():
            raise UsageError(f"--sweep expects FAMILY:R,R,..., got {spec!r}")
        for r in ratios.split(","):
            if r.strip():
                point = f"{family.strip()}@{r.strip()}"
                parse_point(point)
                out.append(point)
    return out


def parse_methods(spec: str, sweeps: List[str] = ()) -> List[str]:
    methods = [m.strip() for m in spec.split(",") if m.strip()] + list(sweeps)
    for m in methods:
        if "@" in m:
            parse_point(m)
    methods = [m for m in methods if m]
    unknown = [m for m in methods if m not in KNOWN_METHODS and m not in METHODS
               and "@" not in m]
    if unknown:
        raise UsageError(f"unknown method(s) {', '.join(unknown)} (known: {', '.join(KNOWN_METHODS)})")
    missing = [m for m in methods if score.internal_method(m) not in METHODS]
    if missing:
        raise UsageError(f"method(s) {', '.join(missing)} not implemented in this build yet "
                         f"(transforms.pseudonyms.METHODS has: "
                         f"{', '.join(m if m != 'none' else 'original' for m in METHODS)})")
    return list(dict.fromkeys(methods))


def parse_engines(spec: str) -> List[str]:
    engines = [e.strip() for e in spec.split(",") if e.strip()]
    unknown = [e for e in engines if e not in ENGINES]
    if unknown:
        raise UsageError(f"unknown engine(s) {', '.join(unknown)} (known: {', '.join(sorted(ENGINES))})")
    return list(dict.fromkeys(engines))


RECORDED_ENGINES = ("replay", "record")


def probes_for(setting: str, engine: str) -> bool:
    return setting == "on" or (setting == "auto" and engine not in RECORDED_ENGINES)


def pair_references(sources: List[str], references: List[str], source_lang: str,
                    target_lang: str) -> Dict[str, str]:
    """source base name -> reference path, matched by document id."""
    by_id: Dict[str, str] = {}
    for r in references:
        by_id.setdefault(document_id(posixpath.basename(r), target_lang), r)
    out = {}
    for s in sources:
        name = posixpath.basename(s.replace("\\", "/"))
        ref = by_id.get(document_id(name, source_lang))
        if ref is not None and ref != s:
            out[name] = ref
    return out


# --- DoFns (thin: the logic is in transforms.evaluation.score) --------------------------

class HypothesisCoder(RecordCoder):
    """``RecordCoder`` of a ``score.Hypothesis``: its segments' texts."""
    record_type = score.Hypothesis

    @staticmethod
    def size(h: "score.Hypothesis") -> int:
        return sum(len(s.source) + len(s.text) + len(s.sent or "") + len(s.output or "")
                   for s in h.segments.values())


beam.coders.registry.register_coder(score.Hypothesis, HypothesisCoder)
KEYED_HYPOTHESIS = Tuple[str, score.Hypothesis]
KEYED_DOCUMENT = Tuple[str, Document]


def _without_labels(doc: Document) -> Document:
    import copy
    doc = copy.copy(doc)
    doc.segments = [copy.copy(s) for s in doc.segments]
    for s in doc.segments:
        s.labels = []
    return doc


def _inverter(word_dictionary):
    """PRISM's word inverter for restoring substituted words, or None without a word
    dictionary."""
    if not word_dictionary:
        return None
    from transforms.prism.apply import dictionary
    from transforms.prism.tradeoff import Inverter
    return Inverter(dictionary(word_dictionary))


class _HypothesisFn(beam.DoFn):
    def __init__(self, engine, method, categories, align_model, leak_threshold,
                 word_dictionary=None):
        self.engine, self.method = engine, method
        self.categories, self.align_model = categories, align_model
        self.leak_threshold = leak_threshold
        self.word_dictionary = word_dictionary
        self.aligner = None
        self.inverter = None
        self.driver_pid = os.getpid()

    def setup(self):
        job_gc_in_worker(self.driver_pid)
        self.inverter = _inverter(self.word_dictionary)
        if self.align_model and score.internal_method(self.method) == "none":
            from transforms.evaluation.alignment import SimAligner
            self.aligner = SimAligner(self.align_model)

    def process(self, item):
        name, grouped = item
        pds, golds = list(grouped["protected"]), list(grouped["gold"])
        if not pds or not golds:
            return
        responses = [r for rs in grouped["responses"] for r in rs]
        yield name, score.hypothesis_document(pds[0], responses, self.engine,
                                              self.method, golds[0], self.categories,
                                              self.aligner, self.leak_threshold,
                                              self.inverter)


class _TranslateRestoreFn(TranslateDistinctFn):
    """``TranslateDistinct``'s DoFn, restoring the methods of ``restore`` (index of the
    protection method -> the method names scored with it) where their responses arrive:
    the document and its protected versions travel with the payloads
    (``ProtectDocumentsByMethod(carry=True)``), so no join brings them together again —
    the protected documents were encoded, grouped and decoded once per method for it, and
    each method's join was a stage of its own.  What ``_HypothesisFn`` gives, for methods
    that need nothing else (no probes, no aligner, no gold apart from the document)."""

    def __init__(self, restore: Dict[int, List[str]], categories, leak_threshold,
                 word_dictionary, max_batch: int, *args):
        super().__init__(max_batch, *args)
        self.restore = restore
        self.categories, self.leak_threshold = categories, leak_threshold
        self.word_dictionary = word_dictionary
        self.inverter = None
        self.driver_pid = os.getpid()

    def setup(self):
        job_gc_in_worker(self.driver_pid)
        super().setup()
        self.inverter = _inverter(self.word_dictionary)

    def _outputs(self, job, i, mine):
        if i not in self.restore:
            yield from super()._outputs(job, i, mine)
            return
        doc, protected = job.carried
        if protected[i] is None:          # its protection failed (a failure is reported)
            return
        for method in self.restore[i]:
            yield TaggedOutput(f"hypotheses{i}", (doc.name, score.hypothesis_document(
                protected[i], mine, self.args[0], method, doc, self.categories, None,
                self.leak_threshold, self.inverter)))


class TranslateRestore(TranslateDistinct):
    """``TranslateDistinct`` over ``ProtectDocumentsByMethod(carry=True)``'s jobs, whose
    methods in ``restore`` (protection method index -> method names) come out restored:
    ``{protection method: (name, Hypothesis) for those, (document, responses) for the
    others}`` (``_TranslateRestoreFn``)."""

    def __init__(self, restore: Dict[int, List[str]], categories, leak_threshold,
                 word_dictionary, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.restore = {i: list(names) for i, names in restore.items()}
        self.categories, self.leak_threshold = categories, leak_threshold
        self.word_dictionary = word_dictionary

    def fn(self):
        return _TranslateRestoreFn(self.restore, self.categories, self.leak_threshold,
                                   self.word_dictionary, self.max_batch, *self.args)

    def expand(self, jobs):
        tags = [f"{kind}{i}" for i in range(len(self.methods))
                for kind in ("responses", "hypotheses")]
        out = jobs | "Translate" >> beam.ParDo(self.fn()).with_outputs(*tags)
        return {m: typed(out[f"hypotheses{i}"], KEYED_HYPOTHESIS) if i in self.restore
                else out[f"responses{i}"] for i, m in enumerate(self.methods)}


class _ReadReferenceFn(beam.DoFn):
    def __init__(self, target_lang, source_lang):
        self.target_lang, self.source_lang = target_lang, source_lang
        self.driver_pid = os.getpid()

    def setup(self):
        job_gc_in_worker(self.driver_pid)

    def process(self, item):
        source_name, path = item
        try:
            with FileSystems.open(path, compression_type="uncompressed") as fh:
                data = fh.read()
            yield source_name, formats.read_document(posixpath.basename(path), path, data,
                                                     self.target_lang, self.source_lang)
        except Exception as exc:
            LOG.warning("reference %s unreadable: %s", path, exc)
            yield beam.pvalue.TaggedOutput(FAILURES, {"document": source_name, "stage": "reference",
                                                      "reason": f"{path}: {exc}"})


class _ScoreDocumentFn(beam.DoFn):
    def __init__(self, mode, direction, categories):
        self.mode, self.direction, self.categories = mode, direction, categories
        self.driver_pid = os.getpid()

    def setup(self):
        job_gc_in_worker(self.driver_pid)

    def process(self, item):
        name, grouped = item
        docs, hyps = list(grouped["doc"]), list(grouped["hyps"])
        if not docs:
            return
        doc = docs[0]
        if self.mode == "self":
            refs = None
        elif self.mode == "embedded":
            refs = embedded_references(doc)
        else:
            targets = list(grouped["ref"])
            if not targets:
                yield beam.pvalue.TaggedOutput("unmatched", name)
                return
            refs = parallel_references(doc, targets[0], score.machine_translation(doc, hyps))
        # the document's rows as one element: Beam's per-element work (coders, the
        # reshuffle) was a tenth of a run's time at one element per segment
        rows = list(score.score_document(doc, refs, hyps, self.direction, self.categories))
        if rows:
            yield rows
        for h in hyps:
            yield beam.pvalue.TaggedOutput("summaries", score.summarise_hypothesis(h))
        if refs is not None:
            yield beam.pvalue.TaggedOutput("alignment", {"document": name, "alignment": refs.alignment,
                                                         "dropped": refs.dropped,
                                                         "scored": len(refs.by_index)})


class _StatisticsFn(beam.DoFn):
    """Each row's per-segment sufficient statistics (``score.segment_statistics``; a
    document's rows together), so that the costly part of scoring (TER's shift search) is
    spread over the workers; the report only sums and resamples them.  TER and chrF,
    compiled code that lets go of the GIL, are scored on threads of their own while this one
    scores the next documents' BLEU: a document's rows are given once they are done, in the
    order the documents came (``IN_FLIGHT`` at most waiting).  With a cache directory, pairs
    scored by an earlier run (same metric signature, hypothesis and reference) are read,
    not scored, and what this worker scores is added as a file of its own at the end of
    each bundle."""

    # TER and chrF threads: beside the main thread's BLEU on one core, on both cores once
    # the main thread waits (the last documents of a bundle, whose TER is what is left)
    TER_THREADS = 2
    IN_FLIGHT = 8

    def __init__(self, target_lang, names, cache_dir=None):
        self.target_lang, self.names, self.cache_dir = target_lang, tuple(names), cache_dir
        self.scorer = None
        self.background = None
        self.started = None
        self.driver_pid = os.getpid()

    def setup(self):
        job_gc_in_worker(self.driver_pid)
        from concurrent.futures import ThreadPoolExecutor
        cache = _read_score_cache(self.cache_dir) if self.cache_dir else {}
        self.scorer = metrics_mod.SegmentScorer(self.target_lang, self.names, cache)
        self._known = set(cache)
        self.background = ThreadPoolExecutor(max_workers=self.TER_THREADS,
                                             thread_name_prefix="doppel-ter")

    def start_bundle(self):
        import collections
        self.started = collections.deque()

    def process(self, rows):
        self.started.append(score.start_document_statistics(rows, self.scorer, self.background,
                                                            self.TER_THREADS))
        # in order: the first document's rows before the second's, as when each waited
        while self.started and (self.started[0].done() or len(self.started) > self.IN_FLIGHT):
            yield self.started.popleft().result()

    def teardown(self):
        if self.background is not None:
            self.background.shutdown(wait=True)

    def finish_bundle(self):
        from apache_beam.transforms.window import GlobalWindows
        while self.started:
            # the batch pipeline's elements all live in the global window
            yield GlobalWindows.windowed_value(self.started.popleft().result())
        if not self.cache_dir:
            return
        new = [k for k in self.scorer.cache if k not in self._known]
        if new:
            import uuid
            lines = "".join(json.dumps({"k": list(k), "s": self.scorer.cache[k]},
                                       ensure_ascii=False) + "\n" for k in new)
            _write(FileSystems.join(self.cache_dir, f"stats-{uuid.uuid4().hex}.jsonl"),
                   lines.encode("utf-8"))
            self._known.update(new)


def _read_score_cache(cache_dir: str) -> dict:
    cache = {}
    try:
        found = FileSystems.match([FileSystems.join(cache_dir, "stats-*.jsonl")])[0].metadata_list
    except Exception:
        return cache
    for meta in found:
        with FileSystems.open(meta.path, compression_type="uncompressed") as fh:
            for line in fh.read().decode("utf-8").splitlines():
                if line.strip():
                    d = json.loads(line)
                    cache[tuple(d["k"])] = d["s"]
    return cache


def _write(path: str, data: bytes) -> None:
    with FileSystems.create(path) as fh:
        fh.write(data)


class WriteReport(beam.PTransform):
    """Everything scored (``rows``: a list of rows per document) -> report.json, report.csv,
    report.html, segments.parquet."""

    def __init__(self, output: str, run_info: dict, checks, comet_model: Optional[str],
                 target_lang: str, bootstrap_samples: int, names=metrics_mod.METRICS):
        super().__init__()
        self.output, self.run_info, self.checks = output, run_info, checks
        self.comet_model, self.target_lang = comet_model, target_lang
        self.bootstrap_samples = bootstrap_samples
        self.names = tuple(names)

    def expand(self, pcolls):
        rows, summaries, extras = pcolls
        output, run_info, checks = self.output, self.run_info, self.checks
        comet_model, target_lang, samples = self.comet_model, self.target_lang, self.bootstrap_samples
        names = self.names
        driver_pid = os.getpid()

        def write(_, packed, summaries, extras):
            job_gc_in_worker(driver_pid)        # the report's rows are many objects
            comet = None
            if comet_model:
                from transforms.evaluation.metrics import CometScorer
                comet = CometScorer(comet_model)
            rows = [dict(r) for blob in packed for r in pickle.loads(blob)]
            rep = score.build_report(rows, summaries, "original", target_lang, samples, comet,
                                     names)
            for r in rows:
                r.pop(score.STATS, None)
            info = dict(run_info)
            info["documents"] = len({s["document"] for s in summaries})
            info["references"] = {
                "unmatched": sorted(e["name"] for e in extras if e["kind"] == "unmatched"),
                "failures": sorted((e["failure"] for e in extras if e["kind"] == "failure"),
                                   key=lambda f: f["document"]),
                "sentence_aligned": sorted(e["alignment"]["document"] for e in extras
                                           if e["kind"] == "alignment"
                                           and e["alignment"]["alignment"] == "sentence"),
                "dropped_segments": sum(e["alignment"]["dropped"] for e in extras
                                        if e["kind"] == "alignment")}
            full = {"run": info, "rows": rep["rows"], "significance": rep["significance"]}
            from transforms.prism.tradeoff import curves
            tradeoff = curves(rep["rows"])
            if tradeoff:
                # one curve per PRISM family: (word privacy, masked chrF / 100) per ratio,
                # AUPQC and QS@0.5; the same on the dictionary-inverted privacy
                full["tradeoff"] = {"privacy": "word_privacy", "curves": tradeoff,
                                    "inverted": curves(rep["rows"],
                                                       privacy_key="word_privacy_inverted")}
            if checks:
                passed, messages = gate.evaluate(rep["rows"], checks)
                full["gate"] = {"passed": passed, "checks": messages}
            _write(FileSystems.join(output, "report.json"), report_mod.dumps_json(full).encode("utf-8"))
            _write(FileSystems.join(output, "report.csv"), report_mod.to_csv(rep["rows"]).encode("utf-8"))
            _write(FileSystems.join(output, "segments.parquet"), report_mod.segments_parquet(rows))
            _write(FileSystems.join(output, "report.html"),
                   report_mod.render_html(full, rows).encode("utf-8"))
            return full

        # Each document's rows reach the writer as one pickled blob: a side input is weighed
        # object by object for the runner's state cache (objsize walks every string of every
        # row: 0.6 s of a 50-document run), a bytes object at once.  Pickled where they were
        # scored, as Beam's coder pickled them there.
        packed = rows | "Pack" >> beam.Map(
            lambda document: pickle.dumps(document, pickle.HIGHEST_PROTOCOL)
        ).with_output_types(bytes)
        p = rows.pipeline
        return (p | "Once" >> beam.Create([None])
                | "Write" >> beam.Map(write, beam.pvalue.AsList(packed),
                                      beam.pvalue.AsList(summaries), beam.pvalue.AsList(extras)))


def worker_count(options) -> int:
    """How many workers run the job's stages side by side on this machine, each starting its
    own engines: the DirectRunner's ``--direct_num_workers`` (0: one a core) in its
    ``multi_processing`` or ``multi_threading`` mode; else 1 (``in_memory`` runs one; a
    remote runner's workers are machines of their own, sized by the engine's defaults)."""
    import multiprocessing

    from apache_beam.options.pipeline_options import DirectOptions, StandardOptions
    runner = options.view_as(StandardOptions).runner
    name = (runner if isinstance(runner, str) or runner is None else type(runner).__name__)
    if (name or "DirectRunner").rsplit(".", 1)[-1] not in ("DirectRunner",
                                                           "SwitchingDirectRunner"):
        return 1
    direct = options.view_as(DirectOptions)
    if direct.direct_running_mode not in ("multi_processing", "multi_threading"):
        return 1
    n = direct.direct_num_workers
    return multiprocessing.cpu_count() if n == 0 else max(1, n or 1)


def instances_per_worker(engine: str, engine_options: dict, workers: int) -> dict:
    """``engine_options`` for each of ``workers`` workers: the engine's instances
    (``Engine.instances``, an option that changes how batches are sent, never what comes
    back) split between them, at least one each, so that the run starts as many as one
    worker would.  Apertium runs two chains a worker so that one works while the other starts
    or ends a stream; with a second worker process, that one's chains fill those gaps.  Two
    workers with two chains each ran four chains per engine pool (eight with the probes'
    pool) on two cores; one a worker runs half the engine processes.  Their CPU, side by
    side over 50 documents with two workers, was the same within noise (sv->da 26.6-27.6 s
    against 27.1-27.8 s; en->es 36.1-37.3 s against 36.4-36.9 s).  An instance count the
    user gives is kept."""
    from transforms.engines import ENGINES
    cls = ENGINES.get(engine)
    if workers <= 1 or cls is None or cls.instances <= 1 or engine_options.get("instances"):
        return engine_options
    return dict(engine_options, instances=max(1, cls.instances // workers))


def worker_shards(paths: List[str], workers: int) -> Optional[Dict[str, int]]:
    """Document name -> the worker share (shard) it is protected, translated and scored in,
    for ``workers`` > 1 (the DirectRunner's ``multi_processing``/``multi_threading``), the
    shards' input bytes as even as can be (``common.balanced_shards``); None for one worker.

    The DirectRunner gives each of its N workers one part of a stage's input: the keys of a
    grouping dealt round-robin, or a stage's input chunks dealt so (a chunk: all that one
    worker gave the stage before).  The documents, as ``Create``'s reshuffle dealt them,
    went alternately to each worker whatever their sizes: on the 50 en documents 1.06 MB
    against 0.67 MB, and the worker with the smaller share stood idle for the last 18 % of
    the protection and translation stage (6.5 s of 35.6 s).  Grouped by shard, each worker
    gets exactly one shard."""
    if workers <= 1:
        return None
    return balanced_shards(input_sizes(paths), workers)


def documents_of_shard(item):
    """``(shard, {tag: [(document name, value), ...]})`` -> ``(document name, {tag: [value,
    ...]})`` per document, in name order: what a grouping by document gives, from a grouping
    by shard (``worker_shards``), every tag present for every document."""
    _, grouped = item
    by_name: Dict[str, Dict[str, list]] = {}
    for tag, pairs in grouped.items():
        for name, value in pairs:
            by_name.setdefault(name, {t: [] for t in grouped})[tag].append(value)
    for name in sorted(by_name):
        yield name, by_name[name]


class SpreadDocuments(beam.PTransform):
    """Documents -> the same documents, in ``shards`` (name -> shard, ``worker_shards``):
    one grouping by shard, so that the stage after it runs each shard on a worker of its own
    (in name order within it)."""

    def __init__(self, shards: Dict[str, int]):
        super().__init__()
        self.shards = dict(shards)

    def expand(self, docs):
        shards = self.shards
        keyed = typed(docs | "KeyShard" >> beam.Map(lambda d: (shards.get(d.name, 0), d)),
                      Tuple[int, Document])
        return typed(keyed | "GroupShards" >> beam.GroupByKey()
                     | "OfShard" >> beam.FlatMap(lambda kv: sorted(kv[1], key=lambda d: d.name)),
                     Document)


def build(p: beam.Pipeline, opts, paths: List[str], references: Dict[str, str],
          mode: str, engines: List[str], methods: List[str], secret: bytes, checks, run_info: dict):
    categories = None if opts.categories.strip().lower() == "all" else tuple(
        c.strip().upper() for c in opts.categories.split(",") if c.strip())
    detectors = tuple(d.strip() for d in opts.detectors.split(",") if d.strip() and d.strip() != "none")
    given_options = {k: v for k, v in (("apertium_pair", opts.apertium_pair),
                                       ("replay_file", opts.replay_file),
                                       ("record", opts.replay_file)) if v}
    workers = worker_count(p.options)
    direction = f"{opts.source_lang}-{opts.target_lang}"
    word_dictionary = _word_dictionary(opts)
    run_methods = list(methods)
    if mode == "self" and "original" not in run_methods:
        run_methods.insert(0, "original")     # the reference itself

    docs = p | "ListInputs" >> beam.Create(paths) | "ReadDocuments" >> ReadDocuments(
        opts.source_lang, opts.target_lang)
    typed(docs.documents, Document)
    gold = typed(docs.documents | "KeyGold" >> beam.Map(lambda d: (d.name, d)), KEYED_DOCUMENT)
    to_protect = (docs.documents | "HideGold" >> beam.Map(_without_labels)) if opts.hide_gold \
        else docs.documents
    shards = worker_shards(paths, workers)
    if shards is not None:
        to_protect = to_protect | "SpreadDocuments" >> SpreadDocuments(shards)

    hypotheses = []
    # PRISM points ("prism-r@0.3") protect words too: their own protection each
    internal = list(dict.fromkeys(score.internal_method(m) for m in run_methods
                                  if "@" not in m))
    # Methods restored where their translations arrive (TranslateRestore): those that need
    # nothing but the document and its protected version — not the unprotected run, which
    # takes probes and the aligner, not PRISM points, and not with --hide-gold (the gold
    # document is not the one protected)
    restored_there: Dict[int, List[str]] = {}
    if not opts.hide_gold:
        for method in run_methods:
            if "@" not in method and score.internal_method(method) != "none":
                restored_there.setdefault(internal.index(score.internal_method(method)),
                                          []).append(method)
    for engine in engines:
        engine_options = instances_per_worker(engine, given_options, workers)
        batch = opts.max_batch or batch_size(engine, engine_options)
        shared = None
        if internal:
            # Entities are found once per document; each method only replaces them; and a
            # payload several methods send alike (a segment without entities) is sent once.
            options = ProtectOptions(method=internal[0], secret=secret, categories=categories,
                                     detectors=detectors, dictionary=opts.dictionary)
            shared = to_protect | f"{engine}/ProtectDocuments" >> ProtectDocumentsByMethod(
                options, internal, engine, corpus_scope=True, max_batch=batch, distinct=True,
                carry=bool(restored_there))
            shared_responses = shared["distinct"] | f"{engine}/TranslateDistinct" >> \
                TranslateRestore(restored_there, categories, opts.leak_threshold,
                                 word_dictionary, internal, engine, opts.source_lang,
                                 opts.target_lang, engine_options, max_batch=batch)
            for i, names in sorted(restored_there.items()):
                hypotheses.append(shared_responses[internal[i]])
        for method in run_methods:
            label = f"{engine}/{method}"
            mine = score.internal_method(method)
            point = parse_point(method) if "@" in method else None
            if point is None and any(method in names for names in restored_there.values()):
                continue                  # restored by TranslateRestore
            # (document, its responses) elements: the shared translation gives them so
            # (``TranslateDistinct``); responses one by one (PRISM points, probes) are keyed
            # a list each
            grouped, singles = [], []
            if point is None:
                protected = shared["protected"][mine]
                grouped.append(shared_responses[mine])
            else:
                family, ratio = point
                options = dataclasses.replace(
                    ProtectOptions(method=mine, secret=secret, categories=categories,
                                   detectors=detectors, dictionary=opts.dictionary),
                    words="prism-star" if family == "nodecode" else family,
                    prism_ratio=ratio, word_dictionary=word_dictionary,
                    prism_decode=family != "nodecode")
                own = to_protect | f"{label}/ProtectDocuments" >> ProtectDocuments(
                    options, engine, corpus_scope=True, max_batch=batch)
                protected = own.protected
                singles.append(own.requests | f"{label}/TranslateSegments" >> TranslateSegments(
                    engine, opts.source_lang, opts.target_lang, engine_options))
            if mine == "none" and probes_for(opts.probes, engine):
                # Its own transform (own engine instance): a probe the engine refuses can
                # never take a segment's batch down with it.  One instance a worker: the
                # probes (a document's entities, each alone) are a request or two a
                # document, which a second Apertium chain only started and stopped beside
                # the first (sv->da, 50 documents, one worker: 1 s of CPU of 50)
                singles.append(protected
                               | f"{label}/Probes" >> beam.FlatMap(
                                   lambda kv, e=engine, n=batch: stages.request_batches(
                                       score.probe_requests(kv[1], e), n))
                               | f"{label}/TranslateProbes" >> TranslateSegments(
                                   engine, opts.source_lang, opts.target_lang,
                                   dict(engine_options, instances=1)))
            if singles:
                grouped.append(tuple(singles) | f"{label}/AllResponses" >> beam.Flatten()
                               | f"{label}/KeyResponses" >> beam.Map(lambda r: (r.document, [r])))
            responses = grouped[0] if len(grouped) == 1 else \
                (tuple(grouped) | f"{label}/Responses" >> beam.Flatten())
            hyps = ({"protected": protected, "responses": responses, "gold": gold}
                    | f"{label}/Join" >> beam.CoGroupByKey()
                    | f"{label}/Restore" >> beam.ParDo(_HypothesisFn(
                        engine, method, categories, opts.align_model, opts.leak_threshold,
                        word_dictionary)))
            hypotheses.append(typed(hyps, KEYED_HYPOTHESIS))
    all_hyps = typed(tuple(hypotheses) | "AllHypotheses" >> beam.Flatten(), KEYED_HYPOTHESIS)

    groups = {"doc": gold, "hyps": all_hyps}
    read_failures = []
    if mode not in ("self", "embedded"):
        refs = (p | "ListReferences" >> beam.Create(sorted(references.items()))
                | "ReadReferences" >> beam.ParDo(_ReadReferenceFn(opts.target_lang, opts.source_lang))
                .with_outputs(FAILURES, main="refs"))
        groups["ref"] = typed(refs.refs, KEYED_DOCUMENT)
        read_failures.append(refs[FAILURES] | "RefFailures" >> beam.Map(
            lambda f: {"kind": "failure", "failure": f}))
    if shards is None:
        joined = groups | "JoinReferences" >> beam.CoGroupByKey()
    else:
        # by worker shard, not by document: each worker scores one shard, as even as the
        # protection's (a grouping by document dealt the names round-robin in the order they
        # reached the runner: 11.0 MB of scoring input against 4.5 MB, en->es)
        by_shard = {}
        for tag, pcoll in groups.items():
            hint = KEYED_HYPOTHESIS if tag == "hyps" else KEYED_DOCUMENT
            by_shard[tag] = typed(pcoll | f"Shard/{tag}" >> beam.Map(
                lambda kv: (shards.get(kv[0], 0), kv)), Tuple[int, hint])
        joined = (by_shard | "JoinReferences" >> beam.CoGroupByKey()
                  | "DocumentsOfShard" >> beam.FlatMap(documents_of_shard))
    scored = (joined
              | "ScoreDocuments" >> beam.ParDo(_ScoreDocumentFn(mode, direction, categories))
              .with_outputs("summaries", "unmatched", "alignment", main="rows"))
    extras = ([scored.unmatched | "Unmatched" >> beam.Map(lambda n: {"kind": "unmatched", "name": n}),
               scored.alignment | "Alignment" >> beam.Map(lambda a: {"kind": "alignment", "alignment": a}),
               docs[FAILURES] | "ReadFailures" >> beam.Map(
                   lambda f: {"kind": "failure", "failure": f.to_dict()})] + read_failures)
    extras = tuple(extras) | "AllExtras" >> beam.Flatten()
    names = metrics_mod.parse_metrics(opts.metrics)
    # Each document's rows (engine × method × segment) are scored where the document was:
    # JoinReferences, a grouping by document (by worker shard with several workers), already
    # spread the documents over the workers, and a reshuffle here only encoded and decoded
    # every row once more.
    rows = scored.rows | "SegmentStatistics" >> beam.ParDo(_StatisticsFn(
        opts.target_lang, names, opts.score_cache))
    return (rows, scored.summaries, extras) | "WriteReport" >> WriteReport(
        opts.output, run_info, checks, opts.comet_model, opts.target_lang, opts.bootstrap_samples,
        names)


def _worker_warm(source_lang: str, target_lang: str, names):
    """What each worker process loaded for itself on its first documents, for the process
    the workers are forked from (``forked_workers``) to load once: the compiled metrics and
    leak test (numba's cache: 0.2-0.4 s a worker) and the languages' word frequencies
    (``wordfreq``: 0.3-0.4 s a worker).  In memory only: no engine, no analyser process."""
    def warm():
        from transforms import lexicon
        from transforms.evaluation import privacy
        for lang in dict.fromkeys((source_lang, target_lang)):
            lexicon.common_word("the", lang)
        privacy.leaks_fuzzy("Anna Berg", "a letter to Anne Berg today")
        scorer = metrics_mod.SegmentScorer(target_lang, names)
        for name in scorer.metrics:
            scorer.statistics_many(name, [("a b c d", "a b d c")])
    return warm


def _word_dictionary(opts) -> Optional[str]:
    """The word dictionary's path: the one PRISM points use (an error when one is asked for
    and none is there), else the shipped one if any (the inverted privacy measure)."""
    from transforms.prism.apply import dictionary, resolve
    from transforms.prism.dictionary import WordDictionaryError
    try:
        path = resolve(opts.word_dictionary, opts.source_lang, opts.target_lang)
        dictionary(path)
        return path
    except WordDictionaryError as exc:
        if any("@" in m for m in parse_methods(opts.methods, parse_sweeps(opts.sweep))):
            raise UsageError(str(exc))
        return None


def run(argv=None) -> int:
    opts, options = OPTIONS.parse(argv)
    options.view_as(SetupOptions).save_main_session = False
    methods = parse_methods(opts.methods, parse_sweeps(opts.sweep))
    _word_dictionary(opts)
    check_dictionary(opts.dictionary, opts.source_lang)
    engines = parse_engines(opts.engine)
    try:
        checks = gate.parse(opts.fail_below)
    except gate.GateError as exc:
        raise UsageError(str(exc))
    try:
        metric_names = metrics_mod.parse_metrics(opts.metrics)
    except ValueError as exc:
        raise UsageError(str(exc))
    left_out = sorted({c.metric for c in checks if c.metric in metrics_mod.METRICS
                       and c.metric not in metric_names})
    if left_out:
        raise UsageError(f"--fail-below checks {', '.join(left_out)}, which --metrics leaves out")
    paths = match_inputs(opts.source)
    mode = opts.reference.strip()
    references: Dict[str, str] = {}
    if mode not in ("self", "embedded"):
        ref_paths = match_inputs(mode)
        if sorted(ref_paths) == sorted(paths):
            mode = "embedded"           # the sources carry their references (TMX)
        else:
            references = pair_references(paths, ref_paths, opts.source_lang, opts.target_lang)
            if not references:
                raise UsageError(f"no reference in {opts.reference!r} matches a source document "
                                 f"by id (e.g. 132839_{opts.source_lang}.jsonl ~ "
                                 f"132839_{opts.target_lang}.jsonl)")
            mode = "parallel"
    if opts.align_model:
        from transforms.evaluation.alignment import AlignerError, SimAligner
        try:
            SimAligner(opts.align_model)      # fail early, with the fix, before any MT
        except AlignerError as exc:
            raise UsageError(str(exc))
    os.makedirs(opts.output, exist_ok=True) if "://" not in opts.output else None
    secret = pipeline_secret()
    run_info = {"source": opts.source, "reference": opts.reference, "reference_mode": mode,
                "source_lang": opts.source_lang, "target_lang": opts.target_lang,
                "engines": engines, "methods": methods, "hide_gold": bool(opts.hide_gold),
                "categories": opts.categories, "bootstrap_samples": opts.bootstrap_samples,
                "leak_threshold": opts.leak_threshold, "align_model": opts.align_model,
                "comet_model": opts.comet_model, "mask": "NER"}
    if metric_names != metrics_mod.METRICS:
        run_info["metrics"] = list(metric_names)
    qa = None
    if opts.qa:
        from transforms.prism.qa import ChatReader, QAError, by_document, read_qa
        if not any("@" in m for m in methods):
            raise UsageError("--qa measures PRISM points: give some (--sweep prism-r:0.3,...)")
        try:
            qa = (by_document(read_qa(opts.qa)), ChatReader(opts.qa_endpoint, opts.qa_model))
        except QAError as exc:
            raise UsageError(str(exc))
    # several worker processes: forked from a process that has the job's modules (the
    # driver's, as it is now, and Beam's worker harness), not started afresh each
    zygote = forked_workers.start(options, _worker_warm(opts.source_lang, opts.target_lang,
                                                        metric_names))
    try:
        with fewer_collections(), (beam.Pipeline(
                runner=forked_workers.runner(options, zygote), options=options) if zygote
                else pipeline_for(options)) as p:
            build(p, opts, paths, references, mode, engines, methods, secret, checks, run_info)
    finally:
        if zygote is not None:
            zygote.close()
    with FileSystems.open(FileSystems.join(opts.output, "report.json")) as fh:
        full = json.loads(fh.read().decode("utf-8"))
    if qa is not None:
        full["qa"] = run_qa(opts, qa[0], qa[1], engines[0], methods, secret)
        _write(FileSystems.join(opts.output, "report.json"),
               report_mod.dumps_json(full).encode("utf-8"))
        for fam, c in full["qa"]["curves"].items():
            print(f"qa: {fam}: AUPQC {c['aupqc']:.4f}, QS@0.5 {c['qs_at_0.5']:.3f} "
                  f"(" + ", ".join(f"r={p['ratio']}: PPS {p['pps']:.2f} QS {p['qs']:.2f}"
                                   for p in c["points"]) + ")")
    _print_table(full["rows"])
    print(f"doppel: {len(full['rows'])} row(s) -> {opts.output} (report.json, report.csv, "
          f"report.html, segments.parquet)")
    if "gate" in full:
        for m in full["gate"]["checks"]:
            print(f"gate: {m}")
        if not full["gate"]["passed"]:
            return 1
    return 0


def run_qa(opts, groups, reader, engine: str, methods: List[str], secret: bytes) -> dict:
    """The paper's QA protocol over the PRISM points of ``methods``, translated by
    ``engine`` (batched, through the translate job's ``Translator``)."""
    from schemas.records import MTRequest
    from transforms import markup
    from transforms.engines import create
    from transforms.prism.apply import dictionary, protect_text
    from transforms.prism.qa import protocol
    d = dictionary(_word_dictionary(opts))
    options = {k: v for k, v in (("apertium_pair", opts.apertium_pair),) if v}
    translator = stages.Translator(create(engine, opts.source_lang, opts.target_lang, **options))

    def translate(texts):
        reqs = [MTRequest(document="qa", segment=str(i), index=i, engine=engine,
                          source_lang=opts.source_lang, target_lang=opts.target_lang,
                          text=markup.to_markup(t, [])) for i, t in enumerate(texts)]
        out = translator.translate(reqs)
        return [markup.from_markup(r.text, [])[0] if r.text is not None else "" for r in out]

    points = [parse_point(m) for m in methods if "@" in m]
    try:
        result = protocol(groups, points, lambda doc, fam, r: protect_text(
            doc, fam, r, d, opts.source_lang, secret), translate, reader)
    finally:
        translator.engine.close()
    result.update({"file": opts.qa, "reader": {"endpoint": reader.url, "model": reader.model,
                                               "calls": reader.calls}, "engine": engine})
    return result


def _print_table(rows: List[dict]) -> None:
    print(f"{'engine':<10} {'method':<20} {'dir':<6} {'n':>5} {'BLEU':>7} {'chrF':>7} {'TER':>7} "
          f"{'restored':>9} {'leak':>6}")
    for r in sorted(rows, key=lambda r: (r["direction"], r["engine"], report_mod.method_key(r["method"]))):
        rr = r.get("restoration_rate")
        lk = r.get("leak_exact")
        m = {k: "-" if r.get(k) is None else f"{r[k]:.2f}" for k in ("bleu", "chrf", "ter")}
        print(f"{r['engine']:<10} {r['method']:<20} {r['direction']:<6} {r['n_segments']:>5} "
              f"{m['bleu']:>7} {m['chrf']:>7} {m['ter']:>7} "
              f"{'-' if rr is None else f'{100 * rr:.1f}%':>9} {'-' if lk is None else f'{100 * lk:.1f}%':>6}")


if __name__ == "__main__":
    from pipelines.cli import exit_with
    exit_with(run())
