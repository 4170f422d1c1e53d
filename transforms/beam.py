"""Thin Beam wrappers around the pure stages.  Composite transforms are named after what they
do, so ``pipelines/translate.py`` reads like its data flow."""
from __future__ import annotations

import json
import logging
import posixpath
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from queue import Queue
from typing import Deque, List, Optional

import apache_beam as beam
from apache_beam.io.filesystems import FileSystems
from apache_beam.pvalue import TaggedOutput
from apache_beam.transforms.window import GlobalWindows

from schemas.records import DocumentReport, Failure, MTResponse
from transforms import formats, stages
from transforms.cache import open_cache
from transforms.engines import EngineError, create
from transforms.protect import ProtectOptions, protect_document

FAILURES = "failures"
MAX_IN_FLIGHT = 8       # MT batches a worker queues before it waits for the engine
HELD = "held"
LOG = logging.getLogger("doppel")


def _join(base: str, *parts: str) -> str:
    return FileSystems.join(base, *parts)


def _write_bytes(path: str, data: bytes) -> None:
    with FileSystems.create(path) as fh:
        fh.write(data)


class _ReadDocumentFn(beam.DoFn):
    def __init__(self, source_lang: str, target_lang: str):
        self.source_lang = source_lang
        self.target_lang = target_lang

    def process(self, path: str):
        name = posixpath.basename(path.replace("\\", "/"))
        try:
            with FileSystems.open(path, compression_type="uncompressed") as fh:
                data = fh.read()
            yield formats.read_document(name, path, data, self.source_lang, self.target_lang)
        except formats.FormatError as exc:
            yield TaggedOutput(FAILURES, Failure(document=name, stage="read", reason=exc.problem))
        except Exception as exc:  # one bad document never stops the batch
            yield TaggedOutput(FAILURES, Failure(document=name, stage="read",
                                                 reason=f"{type(exc).__name__}: {exc}"))


class ReadDocuments(beam.PTransform):
    """paths -> Documents, with a ``failures`` output for files that cannot be read."""

    def __init__(self, source_lang: str, target_lang: str):
        super().__init__()
        self.source_lang, self.target_lang = source_lang, target_lang

    def expand(self, paths):
        return paths | beam.ParDo(_ReadDocumentFn(self.source_lang, self.target_lang)) \
            .with_outputs(FAILURES, main="documents")


class _ProtectFn(beam.DoFn):
    def __init__(self, options: ProtectOptions, engine: str, deny=(), max_batch: int = 64):
        self.options = options
        self.engine = engine
        self.deny = list(deny)
        self.max_batch = max_batch

    def process(self, doc, corpus_forms=()):
        try:
            pd = protect_document(doc, self.options, list(corpus_forms) + list(self.deny))
            requests, held = stages.requests_for(pd, self.engine)
        except Exception as exc:
            LOG.exception("protect failed for %s", doc.name)
            yield TaggedOutput(FAILURES, Failure(document=doc.name, stage="protect",
                                                 reason=f"{type(exc).__name__}: {exc}"))
            return
        yield (doc.name, pd)
        for batch in stages.request_batches(requests, self.max_batch):
            yield TaggedOutput("requests", batch)
        for h in held:
            yield TaggedOutput(HELD, h)


class ProtectDocuments(beam.PTransform):
    """Documents -> (name, ProtectedDocument), MT ``requests`` (in batches of up to
    ``max_batch``, per document: ``stages.request_batches``), ``held`` (leak guard) and
    ``failures``.  With ``corpus_scope`` every entity string of the run is propagated into
    every document."""

    def __init__(self, options: ProtectOptions, engine: str, corpus_scope: bool, deny=(),
                 max_batch: int = 64):
        super().__init__()
        self.options, self.engine, self.corpus_scope = options, engine, corpus_scope
        self.deny = list(deny)
        self.max_batch = max_batch

    def expand(self, docs):
        fn = _ProtectFn(self.options, self.engine, self.deny, self.max_batch)
        if self.corpus_scope:
            wanted = self.options.categories
            forms = (docs
                     | "EntityForms" >> beam.FlatMap(
                         lambda d: {(d.segments[i].text[s:e], c) for i in range(len(d.segments))
                                    for s, e, c, *_ in d.segments[i].labels
                                    if wanted is None or c in wanted})
                     | "Distinct" >> beam.Distinct())
            return docs | beam.ParDo(fn, beam.pvalue.AsList(forms)).with_outputs(
                "requests", HELD, FAILURES, main="protected")
        return docs | beam.ParDo(fn).with_outputs("requests", HELD, FAILURES, main="protected")


class _TranslateFn(beam.DoFn):
    def __init__(self, engine: str, source_lang: str, target_lang: str, engine_options: dict,
                 cache_dir: Optional[str] = None, policy: Optional[stages.RetryPolicy] = None):
        self.engine_name = engine
        self.source_lang, self.target_lang = source_lang, target_lang
        self.engine_options = engine_options
        self.cache_dir = cache_dir
        self.policy = policy
        self.translators: List[stages.Translator] = []
        self.idle: "Queue[stages.Translator]" = Queue()
        self.setup_error: Optional[str] = None
        self.sender: Optional[ThreadPoolExecutor] = None
        self.pending: Deque[Future] = deque()

    def setup(self):
        # ``instances`` engines side by side (the engine's declared capability): each sees one
        # batch at a time, as before.  Apertium's chain of a dozen processes idles while a
        # batch fills and drains it; a second chain keeps the cores busy meanwhile.  And while
        # they translate, the worker goes on protecting the next documents of the fused stage.
        try:
            first = create(self.engine_name, self.source_lang, self.target_lang,
                           **self.engine_options)
            engines = [first] + [create(self.engine_name, self.source_lang, self.target_lang,
                                        **self.engine_options)
                                 for _ in range(max(1, first.instances) - 1)]
        except EngineError as exc:
            self.setup_error = str(exc)
            engines = []
        for engine in engines:
            translator = stages.Translator(engine, open_cache(self.cache_dir), self.policy)
            self.translators.append(translator)
            self.idle.put(translator)
        self.sender = ThreadPoolExecutor(max_workers=max(1, len(engines)),
                                         thread_name_prefix="doppel-mt")

    def _translate(self, batch):
        translator = self.idle.get()
        try:
            return translator.translate(batch)
        finally:
            self.idle.put(translator)

    def start_bundle(self):
        self.pending = deque()

    def process(self, batch):
        if not self.translators:
            for r in batch:
                yield MTResponse(document=r.document, segment=r.segment, index=r.index,
                                 engine=r.engine, text=None,
                                 error=f"engine unavailable: {self.setup_error}")
            return
        self.pending.append(self.sender.submit(self._translate, list(batch)))
        # Hand on what is done; wait only when too much is in flight (bounded memory).
        while self.pending and (self.pending[0].done() or len(self.pending) > MAX_IN_FLIGHT):
            yield from self.pending.popleft().result()

    def finish_bundle(self):
        # The batch pipeline's elements all live in the global window.
        while self.pending:
            for response in self.pending.popleft().result():
                yield GlobalWindows.windowed_value(response)

    def teardown(self):
        if self.sender is not None:
            self.sender.shutdown(wait=True)
        for translator in self.translators:
            translator.engine.close()
            if translator.cache is not None:
                translator.cache.close()


class TranslateSegments(beam.PTransform):
    """Batches of MT requests -> MT responses (translated or dead-lettered with a reason).

    The batches come formed per document (``stages.request_batches``, made where the
    document's requests are made), not by the runner's bundling: a rule-based engine's output
    for a segment can depend on what else is in the batch (Apertium's tagger), and a rerun on
    another runner or worker count must give the same translation.  No shuffle stands between
    protection and translation, so a runner fuses the two and the engine translates one
    document while the next is being protected.  Within a batch the ``Translator`` applies
    the leak guard, the cache, the engine's own limits, retries and the circuit breaker."""

    def __init__(self, engine: str, source_lang: str, target_lang: str, engine_options=None,
                 cache_dir: Optional[str] = None, policy: Optional[stages.RetryPolicy] = None):
        super().__init__()
        self.args = (engine, source_lang, target_lang, engine_options or {}, cache_dir, policy)

    def expand(self, batches):
        return batches | "Translate" >> beam.ParDo(_TranslateFn(*self.args))


class _WriteAuditFn(beam.DoFn):
    def __init__(self, output: str):
        self.output = output

    def process(self, item):
        name, responses = item
        responses = list(responses)
        lines = stages.audit_lines(responses)
        if lines:
            _write_bytes(_join(self.output, "audit", f"requests-{stages.safe_name(name)}.jsonl"),
                         ("\n".join(lines) + "\n").encode("utf-8"))
        dead = stages.dead_letter_lines(responses)
        if dead:
            _write_bytes(_join(self.output, "dead-letter", f"{stages.safe_name(name)}.jsonl"),
                         ("\n".join(dead) + "\n").encode("utf-8"))
        yield name


class WriteAuditLog(beam.PTransform):
    """Every payload as sent -> ``audit/requests-<document>.jsonl``, in document order; every
    dead-lettered segment with its reason -> ``dead-letter/<document>.jsonl``."""

    def __init__(self, output: str):
        super().__init__()
        self.output = output

    def expand(self, responses):
        return (responses
                | "ByDocument" >> beam.Map(lambda r: (r.document, r))
                | "Group" >> beam.GroupByKey()
                | "Write" >> beam.ParDo(_WriteAuditFn(self.output)))


class _RestoreAndWriteFn(beam.DoFn):
    def __init__(self, output: str, align_model: Optional[str] = None):
        self.output = output
        self.align_model = align_model
        self.aligner = None

    def setup(self):
        if self.align_model:
            from transforms.evaluation.alignment import SimAligner
            self.aligner = SimAligner(self.align_model).mapper

    def process(self, item):
        name, grouped = item
        pds = list(grouped["protected"])
        if not pds:
            return
        pd = pds[0]
        try:
            results, report = stages.restore_document(pd, grouped["responses"], self.aligner)
            data = formats.write_document(pd.document, results)
            _write_bytes(_join(self.output, name), data)
            report.written = True
            yield report
        except Exception as exc:
            LOG.exception("restore/write failed for %s", name)
            yield TaggedOutput(FAILURES, Failure(document=name, stage="write",
                                                 reason=f"{type(exc).__name__}: {exc}"))
            yield DocumentReport(document=name, segments=len(pd.segments))


class RestoreAndWrite(beam.PTransform):
    """(name, ProtectedDocument) and MT responses -> translated files in ``output``, one
    DocumentReport each (``failures`` for a document that cannot be written).  With an
    ``align_model`` (simalign), word alignment is the last means of placing an original."""

    def __init__(self, output: str, align_model: Optional[str] = None):
        super().__init__()
        self.output = output
        self.align_model = align_model

    def expand(self, pcolls):
        protected, responses = pcolls
        keyed = responses | "KeyResponses" >> beam.Map(lambda r: (r.document, r))
        return ({"protected": protected, "responses": keyed}
                | "Join" >> beam.CoGroupByKey()
                | "Restore" >> beam.ParDo(_RestoreAndWriteFn(self.output, self.align_model)).with_outputs(
                    FAILURES, main="reports"))


class _SummaryCombine(beam.CombineFn):
    def create_accumulator(self):
        return ([], [])

    def add_input(self, acc, item):
        (reports, failures) = acc
        (failures if isinstance(item, Failure) else reports).append(item)
        return acc

    def merge_accumulators(self, accs):
        reports, failures = [], []
        for r, f in accs:
            reports.extend(r)
            failures.extend(f)
        return reports, failures

    def extract_output(self, acc):
        return stages.summarise(*acc)


class WriteSummary(beam.PTransform):
    def __init__(self, output: str):
        super().__init__()
        self.output = output

    def expand(self, items):
        output = self.output

        def write(summary):
            _write_bytes(_join(output, "summary.json"),
                         (json.dumps(summary, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
            return summary

        return items | "Combine" >> beam.CombineGlobally(_SummaryCombine()) | "Write" >> beam.Map(write)
