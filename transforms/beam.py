"""Thin Beam wrappers around the pure stages.  Composite transforms are named after what they
do, so ``pipelines/translate.py`` reads like its data flow."""
from __future__ import annotations

import dataclasses

import functools
import json
import logging
import os
import pickle
import posixpath
import secrets
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, as_completed, wait
from queue import Queue
from typing import Callable, Dict, Iterable, List, Optional, Tuple

import apache_beam as beam
from apache_beam.io.filesystems import FileSystems
from apache_beam.metrics import Metrics
from apache_beam.pvalue import TaggedOutput
from apache_beam.transforms.window import GlobalWindows

from schemas.records import Document, DocumentReport, Failure, MTRequest, MTResponse
from transforms import formats, progress, stages
from transforms.cache import open_cache
from transforms.engines import EngineError, batch_size, create
from transforms.formats.limits import read_bounded
from transforms.protect import (ProtectedDocument, ProtectOptions, analyse_document,
                                protect_document, replace_document)

FAILURES = "failures"
MAX_IN_FLIGHT = 8       # elements (documents) a worker has with the engine before it waits
LOG = logging.getLogger("doppel")
# Beam's runners log every element they process at DEBUG ("Processing [(('14 March 2019',
# 'DATE'), ...)]"): the clear entity forms and documents.  Whatever level the root logger
# is given, Beam's own loggers stay at INFO, so a DEBUG run logs no personal data.
if logging.getLogger("apache_beam").level < logging.INFO:     # NOTSET (0) included
    logging.getLogger("apache_beam").setLevel(logging.INFO)


# Finished documents, counted where they finish (``progress.COUNTERS``): Beam counters, which
# every runner sums (Dataflow's UI shows them), and in a local run this process's tally too.
_COUNTERS = {name: Metrics.counter("doppel", name) for name in progress.COUNTERS}


class Outcomes:
    """Which documents a DoFn counts as finished, and where: given to the translate job's
    transforms (not to evaluate's, which runs each document once per method).
    ``tally_dir``: the driver's progress directory in a local run, else None."""

    def __init__(self, tally_dir: Optional[str] = None):
        self.tally_dir = tally_dir

    def count(self, documents_written: int = 0, documents_failed: int = 0, segments: int = 0):
        for name, n in (("documents_written", documents_written),
                        ("documents_failed", documents_failed), ("segments", segments)):
            if n:
                _COUNTERS[name].inc(n)
        if self.tally_dir:
            progress.tally_for(self.tally_dir).add(documents_written, documents_failed, segments)

    def flush(self):
        if self.tally_dir:
            progress.tally_for(self.tally_dir).flush()


class RecordCoder(beam.coders.Coder):
    """A record type's coder: pickled, as Beam's fallback coder pickles it, but its size
    estimated without pickling it.  Beam weighs a sample of every PCollection's elements
    (for its byte-count metrics, nothing else) by encoding them: in an evaluation of 50
    documents, the documents, their protected versions and hypotheses were pickled some
    2,500 times for it, 2 s of the worker's time, against about 600 times to be sent on.
    A subclass names its type (``record_type``) and what its size is taken to be
    (``size``: the characters of its texts, roughly what dominates its pickle)."""

    record_type: type = object

    def encode(self, value) -> bytes:
        return pickle.dumps(value, pickle.HIGHEST_PROTOCOL)

    def decode(self, encoded: bytes):
        return pickle.loads(encoded)

    def estimate_size(self, value) -> int:
        return self.size(value)

    @staticmethod
    def size(value) -> int:
        raise NotImplementedError

    def is_deterministic(self) -> bool:
        return False

    def to_type_hint(self):
        return self.record_type


def document_size(doc: Document) -> int:
    return len(doc.skeleton) + sum(len(s.text) for s in doc.segments)


def protected_size(pd: ProtectedDocument) -> int:
    return document_size(pd.document) + sum(len(s.text) for s in pd.segments)


class DocumentCoder(RecordCoder):
    record_type = Document
    size = staticmethod(document_size)


class ProtectedDocumentCoder(RecordCoder):
    record_type = ProtectedDocument
    size = staticmethod(protected_size)


class DistinctPayloadsCoder(RecordCoder):
    record_type = stages.DistinctPayloads

    @staticmethod
    def size(job: "stages.DistinctPayloads") -> int:
        n = 2 * sum(len(r.text) for r in job.requests)
        if job.carried is not None:          # (document, its protected version per method)
            doc, protected = job.carried
            n += document_size(doc) + sum(protected_size(pd) for pd in protected
                                          if pd is not None)
        return n


for _coder in (DocumentCoder, ProtectedDocumentCoder, DistinctPayloadsCoder):
    beam.coders.registry.register_coder(_coder.record_type, _coder)


def typed(pcoll, hint):
    """``pcoll``, its elements said to be of type ``hint``: a record type registered with a
    ``RecordCoder`` (or a tuple of one) is then encoded and weighed by it.  Where an output
    is tagged, or a DoFn's output type unknown, Beam takes any element type.  (A ``typing``
    hint is turned into Beam's own: the registry finds no coder for ``typing.Tuple``.)"""
    from apache_beam.typehints.native_type_compatibility import convert_to_beam_type
    pcoll.element_type = convert_to_beam_type(hint)
    return pcoll


def _join(base: str, *parts: str) -> str:
    return FileSystems.join(base, *parts)


def _write_bytes(path: str, data: bytes) -> None:
    """Write a whole output file, atomically: a local file is written under a temporary
    name beside it, flushed to disk and renamed over it, so a crash or a full disk never
    leaves a half-written file that looks complete (nor a stray temporary one).  On an
    object store (gs://, s3://...) an object appears whole on close anyway."""
    if "://" in path:
        with FileSystems.create(path) as fh:
            fh.write(data)
        return
    folder = os.path.dirname(path) or "."
    os.makedirs(folder, exist_ok=True)
    tmp = os.path.join(folder, f".{os.path.basename(path)}.{secrets.token_hex(6)}.part")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)   # the umask applies
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def output_error(exc: OSError) -> str:
    """An output file that cannot be written (full disk, read-only or missing directory,
    file too large) said in a line, without a traceback: it is the machine, not a bug."""
    where = f" ({exc.filename})" if getattr(exc, "filename", None) else ""
    return f"cannot write the output: {exc.strerror or exc}{where}"


class _ReadDocumentFn(beam.DoFn):
    def __init__(self, source_lang: str, target_lang: str, outcomes: Optional[Outcomes] = None):
        self.source_lang = source_lang
        self.target_lang = target_lang
        self.outcomes = outcomes

    def process(self, path: str):
        name = posixpath.basename(path.replace("\\", "/"))
        try:
            with FileSystems.open(path, compression_type="uncompressed") as fh:
                data = read_bounded(name, fh)      # a huge file is refused, not read whole
            yield formats.read_document(name, path, data, self.source_lang, self.target_lang)
            return
        except formats.FormatError as exc:
            failure = Failure(document=name, stage="read", reason=exc.problem)
        except Exception as exc:  # one bad document never stops the batch
            failure = Failure(document=name, stage="read", reason=f"{type(exc).__name__}: {exc}")
        if self.outcomes:
            self.outcomes.count(documents_failed=1)
        yield TaggedOutput(FAILURES, failure)

    def finish_bundle(self):
        if self.outcomes:
            self.outcomes.flush()


class ReadDocuments(beam.PTransform):
    """paths -> Documents, with a ``failures`` output for files that cannot be read."""

    def __init__(self, source_lang: str, target_lang: str, outcomes: Optional[Outcomes] = None):
        super().__init__()
        self.source_lang, self.target_lang = source_lang, target_lang
        self.outcomes = outcomes

    def expand(self, paths):
        return paths | beam.ParDo(_ReadDocumentFn(self.source_lang, self.target_lang,
                                                  self.outcomes)) \
            .with_outputs(FAILURES, main="documents")


class _ProtectFn(beam.DoFn):
    def __init__(self, options: ProtectOptions, engine: str, deny, max_batch: int,
                 emit_requests: bool, outcomes: Optional[Outcomes] = None):
        self.options = options
        self.engine = engine
        self.deny = list(deny)
        self.max_batch = max_batch
        self.emit_requests = emit_requests
        self.outcomes = outcomes

    def process(self, doc, corpus_forms=()):
        try:
            options = self.options if self.options.engine else dataclasses.replace(
                self.options, engine=self.engine)
            pd = protect_document(doc, options, list(corpus_forms) + list(self.deny))
            requests = stages.requests_for(pd, self.engine) if self.emit_requests else []
        except Exception as exc:
            LOG.exception("protect failed for %s", doc.name)
            if self.outcomes:
                self.outcomes.count(documents_failed=1)
            yield TaggedOutput(FAILURES, Failure(document=doc.name, stage="protect",
                                                 reason=f"{type(exc).__name__}: {exc}"))
            return
        yield (doc.name, pd)
        for batch in stages.request_batches(requests, self.max_batch):
            yield TaggedOutput("requests", batch)

    def finish_bundle(self):
        if self.outcomes:
            self.outcomes.flush()


class EntityForms(beam.PTransform):
    """Documents -> the distinct (text, category) of their given labels, in ``categories``
    (None: all): what corpus-scope propagation masks in every document of the run."""

    def __init__(self, categories):
        super().__init__()
        self.categories = categories

    def expand(self, docs):
        wanted = self.categories
        return (docs
                | "LabelForms" >> beam.FlatMap(
                    lambda d: {(d.segments[i].text[s:e], c) for i in range(len(d.segments))
                               for s, e, c, *_ in d.segments[i].labels
                               if wanted is None or c in wanted})
                | "Distinct" >> beam.Distinct())


class ProtectDocuments(beam.PTransform):
    """Documents -> (name, ProtectedDocument), MT ``requests`` (in batches of up to
    ``max_batch``, default the engine's own ``engines.batch_size``, per document:
    ``stages.request_batches``) and ``failures``.  With ``corpus_scope`` every entity string
    of the run is propagated into every document.  ``emit_requests=False``: the protected
    documents only (for ``TranslateDocuments``, which makes their requests itself).
    ``corpus_forms``: the run's entity strings (``EntityForms``) made elsewhere — by default
    they are taken from ``docs``, which a runner then holds in full until the last document
    has given its strings."""

    def __init__(self, options: ProtectOptions, engine: str, corpus_scope: bool, deny=(),
                 max_batch: Optional[int] = None, emit_requests: bool = True,
                 outcomes: Optional[Outcomes] = None, corpus_forms=None):
        super().__init__()
        self.corpus_forms = corpus_forms
        self.options, self.engine, self.corpus_scope = options, engine, corpus_scope
        self.deny = list(deny)
        self.max_batch = max_batch or batch_size(engine)
        self.emit_requests = emit_requests
        self.outcomes = outcomes

    def expand(self, docs):
        fn = _ProtectFn(self.options, self.engine, self.deny, self.max_batch, self.emit_requests,
                        self.outcomes)
        if self.corpus_scope:
            forms = self.corpus_forms
            if forms is None:
                forms = docs | "EntityForms" >> EntityForms(self.options.categories)
            return docs | beam.ParDo(fn, beam.pvalue.AsList(forms)).with_outputs(
                "requests", FAILURES, main="protected")
        return docs | beam.ParDo(fn).with_outputs("requests", FAILURES, main="protected")


class _ProtectMethodsFn(beam.DoFn):
    """One analysis per document (detection, propagation, linking: ``analyse_document``),
    then one replacement per method (``replace_document``): the same protected documents
    as one ``_ProtectFn`` per method, without finding the entities once per method."""

    def __init__(self, options: ProtectOptions, methods: List[str], engine: str,
                 max_batch: int, distinct: bool = False, carry: bool = False):
        self.options, self.methods = options, list(methods)
        self.engine, self.max_batch = engine, max_batch
        self.distinct = distinct
        self.carry = carry

    def process(self, doc, corpus_forms=()):
        options = self.options if self.options.engine else dataclasses.replace(
            self.options, engine=self.engine)
        try:
            analysis = analyse_document(doc, options, list(corpus_forms), methods=self.methods)
        except Exception as exc:
            LOG.exception("protect failed for %s", doc.name)
            yield TaggedOutput(FAILURES, Failure(document=doc.name, stage="protect",
                                                 reason=f"{type(exc).__name__}: {exc}"))
            return
        by_method: List[List] = []
        protected: List[Optional[ProtectedDocument]] = []
        for i, method in enumerate(self.methods):
            by_method.append([])
            protected.append(None)
            try:
                pd = replace_document(analysis, dataclasses.replace(options, method=method))
                requests = stages.requests_for(pd, self.engine)
            except Exception as exc:
                LOG.exception("protect (%s) failed for %s", method, doc.name)
                yield TaggedOutput(FAILURES, Failure(document=doc.name, stage="protect",
                                                     reason=f"{method}: {type(exc).__name__}: "
                                                            f"{exc}"))
                continue
            yield TaggedOutput(f"protected{i}", (doc.name, pd))
            protected[-1] = pd
            if self.distinct:
                by_method[-1] = requests
                continue
            for batch in stages.request_batches(requests, self.max_batch):
                yield TaggedOutput(f"requests{i}", batch)
        if self.carry:
            # every document, its payloads or none: each method's restoration is made
            # where the responses arrive
            job = stages.DistinctPayloads.of(by_method)
            job.carried = (doc, protected)
            yield TaggedOutput("distinct", job)
        elif self.distinct and any(by_method):
            yield TaggedOutput("distinct", stages.DistinctPayloads.of(by_method))


class ProtectDocumentsByMethod(beam.PTransform):
    """Documents -> for each of ``methods`` (the methods of ``ProtectOptions``), what
    ``ProtectDocuments`` with that method gives: ``{"protected": {method: PCollection of
    (name, ProtectedDocument)}, "requests": {method: PCollection of MT request batches},
    "failures": PCollection}``, with one analysis per document for all of them.

    ``distinct=True``: instead of ``requests``, ``distinct``: one ``stages.DistinctPayloads``
    per document, every method's requests with each payload once (``TranslateDistinct``).
    ``carry=True`` (with ``distinct``): each document's, even one without requests, carrying
    (the document, its ProtectedDocument per method, None where protection failed)."""

    def __init__(self, options: ProtectOptions, methods: List[str], engine: str,
                 corpus_scope: bool, max_batch: Optional[int] = None, distinct: bool = False,
                 carry: bool = False):
        super().__init__()
        self.options, self.methods, self.engine = options, list(methods), engine
        self.corpus_scope = corpus_scope
        self.max_batch = max_batch or batch_size(engine)
        self.distinct = distinct or carry
        self.carry = carry

    def expand(self, docs):
        fn = _ProtectMethodsFn(self.options, self.methods, self.engine, self.max_batch,
                               self.distinct, self.carry)
        tags = [f"{kind}{i}" for i in range(len(self.methods))
                for kind in ("protected", "requests")] + [FAILURES, "distinct"]
        if self.corpus_scope:
            forms = docs | "EntityForms" >> EntityForms(self.options.categories)
            out = docs | "Protect" >> beam.ParDo(fn, beam.pvalue.AsList(forms)).with_outputs(*tags)
        else:
            out = docs | "Protect" >> beam.ParDo(fn).with_outputs(*tags)
        return {"protected": {m: typed(out[f"protected{i}"], Tuple[str, ProtectedDocument])
                              for i, m in enumerate(self.methods)},
                "requests": {m: out[f"requests{i}"] for i, m in enumerate(self.methods)},
                "distinct": typed(out["distinct"], stages.DistinctPayloads),
                "failures": out[FAILURES]}


class _EnginePool:
    """A worker's engines: ``instances`` of them side by side (the engine's declared
    capability), each called by ``shared_calls`` sending threads, each thread with its own
    ``Translator`` (cache connection, retries, breaker) and one batch at a time.  Apertium
    takes the batches of its threads together, as one stream; a second chain works while the
    first starts or ends one.  And while they translate, the worker goes on with the next
    documents."""

    def __init__(self, engine: str, source_lang: str, target_lang: str, engine_options: dict,
                 cache_dir: Optional[str], policy: Optional[stages.RetryPolicy]):
        self.translators: List[stages.Translator] = []
        self.idle: "Queue[stages.Translator]" = Queue()
        self.error: Optional[str] = None
        try:
            first = create(engine, source_lang, target_lang, **engine_options)
            engines = [first] + [create(engine, source_lang, target_lang, **engine_options)
                                 for _ in range(max(1, first.instances) - 1)]
        except EngineError as exc:
            self.error = str(exc)
            engines = []
        self.engines = engines
        for e in engines:
            for _ in range(max(1, e.shared_calls)):
                translator = stages.Translator(e, open_cache(cache_dir), policy)
                self.translators.append(translator)
                self.idle.put(translator)
        self.sender = ThreadPoolExecutor(max_workers=max(1, len(self.translators)),
                                         thread_name_prefix="doppel-mt")
        # One thread restores and writes the translated documents, one at a time, while the
        # worker's main thread protects the next ones: restoration waits on the target
        # language's analyser and generator (lt-proc) and each file is fsync'ed, and on the
        # main thread those waits held protection back (on a loaded two-core machine they were
        # a seventh of the main thread's time in a 60-document run).
        self.finisher = ThreadPoolExecutor(max_workers=1, thread_name_prefix="doppel-restore")

    def translate(self, batch: List[MTRequest]) -> List[MTResponse]:
        """One batch through whichever engine is free (every request answered once)."""
        if not self.translators:
            return [MTResponse(document=r.document, segment=r.segment, index=r.index,
                               engine=r.engine, text=None,
                               error=f"engine unavailable: {self.error}") for r in batch]
        translator = self.idle.get()
        try:
            return translator.translate(batch)
        finally:
            self.idle.put(translator)

    def close(self):
        self.sender.shutdown(wait=True)
        self.finisher.shutdown(wait=True)
        for engine in self.engines:
            engine.close()
        for translator in self.translators:
            if translator.cache is not None:
                translator.cache.close()


def _then_on(executor: ThreadPoolExecutor, future: Future, fn: Callable) -> Future:
    """A future for ``fn(future's result)``, run on ``executor`` once ``future`` is done (its
    error handed on instead, ``fn`` not run)."""
    out: Future = Future()

    def run(result):
        try:
            out.set_result(fn(result))
        except BaseException as exc:      # handed on to whoever takes the result
            out.set_exception(exc)

    def done(f: Future):
        exc = f.exception()
        if exc is not None:
            out.set_exception(exc)
            return
        try:
            executor.submit(run, f.result())
        except RuntimeError as exc:       # the executor shut down: said, never waited for
            out.set_exception(exc)

    future.add_done_callback(done)
    return out


def _gathered(futures: List[Future]) -> Future:
    """One future for several: done when all are, its result their results concatenated in
    order (or the first error)."""
    out: Future = Future()
    # (a list of its own, emptied once read: each future's callback holds it, and it held
    # the futures, a cycle that kept every document's MT responses until the cyclic
    # collector ran, rarer as a run's caches grow; a 600-document run's peak memory grew)
    futures = list(futures)
    left = [len(futures)]
    lock = threading.Lock()

    def one_done(_):
        with lock:
            left[0] -= 1
            if left[0]:
                return
        try:
            out.set_result([r for f in futures for r in f.result()])
        except BaseException as exc:      # handed on to whoever takes the result
            out.set_exception(exc)
        finally:
            futures.clear()

    if not futures:
        out.set_result([])
    for f in futures:
        f.add_done_callback(one_done)
    return out


class _SendingFn(beam.DoFn):
    """A DoFn that hands work to its worker's engines (``_EnginePool``) and goes on: each
    element's outputs are yielded once its work is done, in whatever order the work ends —
    waiting only while more than ``MAX_IN_FLIGHT`` are unfinished (bounded memory).

    Not in element order: waiting for the oldest element while later ones were done held
    the worker back from protecting the next documents, and the engine's sending threads ran
    dry (each Apertium chain stood idle 14-19 % of a 200-document run)."""

    def __init__(self, engine: str, source_lang: str, target_lang: str, engine_options: dict,
                 cache_dir: Optional[str], policy: Optional[stages.RetryPolicy]):
        self.args = (engine, source_lang, target_lang, engine_options, cache_dir, policy)
        self.pool: Optional[_EnginePool] = None
        self.pending: Dict[Future, Callable] = {}

    def setup(self):
        self.pool = _EnginePool(*self.args)

    def start_bundle(self):
        self.pending = {}

    def _send(self, work: Callable, args: list, then: Callable[[List[MTResponse]], Iterable],
              after: Optional[Callable[[List[MTResponse]], object]] = None):
        """Run ``work(arg)`` for every arg on the sending threads, side by side (a document's
        MT batches go to both Apertium chains at once); ``then(their results, concatenated
        in order)`` gives the outputs.  ``after``: run on the results first, on the
        ``finisher`` thread (``then`` is given what it returns)."""
        future = _gathered([self.pool.sender.submit(work, a) for a in args])
        if after is not None:
            future = _then_on(self.pool.finisher, future, after)
        self.pending[future] = then
        while True:
            for future in [f for f in self.pending if f.done()]:
                yield from self.pending.pop(future)(future.result())
            if len(self.pending) <= MAX_IN_FLIGHT:
                return
            wait(self.pending, return_when=FIRST_COMPLETED)

    def finish_bundle(self):
        # The batch pipeline's elements all live in the global window.
        for future in as_completed(list(self.pending)):
            for out in self.pending.pop(future)(future.result()):
                if isinstance(out, TaggedOutput):
                    yield TaggedOutput(out.tag, GlobalWindows.windowed_value(out.value))
                else:
                    yield GlobalWindows.windowed_value(out)

    def teardown(self):
        if self.pool is not None:
            self.pool.close()


class _TranslateFn(_SendingFn):
    def process(self, batch):
        yield from self._send(self.pool.translate, [list(batch)], iter)


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


class TranslateDistinctFn(_SendingFn):
    def __init__(self, max_batch: int, *args):
        super().__init__(*args)
        self.max_batch = max_batch

    def process(self, job: "stages.DistinctPayloads"):
        yield from self._send(self.pool.translate,
                              stages.request_batches(job.requests, self.max_batch),
                              functools.partial(self._fan_out, job))

    def _fan_out(self, job: "stages.DistinctPayloads", responses: List[MTResponse]):
        for i, mine in enumerate(job.fan_out(responses)):
            yield from self._outputs(job, i, mine)

    def _outputs(self, job: "stages.DistinctPayloads", i: int, mine: List[MTResponse]):
        """Method ``i``'s outputs from its responses ``mine`` (a subclass may do more with
        them, e.g. restore them with what ``job`` carries)."""
        if mine:
            yield TaggedOutput(f"responses{i}", (mine[0].document, mine))


class TranslateDistinct(beam.PTransform):
    """``ProtectDocumentsByMethod(distinct=True)``'s ``distinct`` -> ``{method: (document,
    its MT responses)}``: what ``TranslateSegments`` gives for each method's requests, a
    document's together (one element a document, not one a segment), with each distinct
    payload of a document sent once (``stages.DistinctPayloads``) and every method's
    payloads through one engine pool (one per method started a dozen Apertium processes per
    method and made them share two cores).  The batches are made from the document alone,
    as ``TranslateSegments``' are: a rerun translates the same."""

    def __init__(self, methods: List[str], engine: str, source_lang: str, target_lang: str,
                 engine_options=None, max_batch: Optional[int] = None,
                 cache_dir: Optional[str] = None, policy: Optional[stages.RetryPolicy] = None):
        super().__init__()
        self.methods = list(methods)
        self.max_batch = max_batch or batch_size(engine, engine_options)
        self.args = (engine, source_lang, target_lang, engine_options or {}, cache_dir, policy)

    def expand(self, jobs):
        tags = [f"responses{i}" for i in range(len(self.methods))]
        out = jobs | "Translate" >> beam.ParDo(self.fn()).with_outputs(*tags)
        return {m: out[f"responses{i}"] for i, m in enumerate(self.methods)}

    def fn(self) -> "TranslateDistinctFn":
        """The DoFn (a subclass's may give other outputs: ``TranslateDistinctFn._outputs``)."""
        return TranslateDistinctFn(self.max_batch, *self.args)


def _write_audit(output: str, name: str, responses: List[MTResponse]) -> None:
    """Every payload as sent -> ``audit/requests-<document>.jsonl``, in document order; every
    dead-lettered segment with its reason -> ``dead-letter/<document>.jsonl``."""
    lines = stages.audit_lines(responses)
    if lines:
        _write_bytes(_join(output, "audit", f"requests-{stages.safe_name(name)}.jsonl"),
                     ("\n".join(lines) + "\n").encode("utf-8"))
    dead = stages.dead_letter_lines(responses)
    if dead:
        _write_bytes(_join(output, "dead-letter", f"{stages.safe_name(name)}.jsonl"),
                     ("\n".join(dead) + "\n").encode("utf-8"))


class _TranslateDocumentFn(_SendingFn):
    def __init__(self, engine: str, source_lang: str, target_lang: str, engine_options: dict,
                 max_batch: int, cache_dir: Optional[str], policy: Optional[stages.RetryPolicy],
                 output: str, align_model: Optional[str], outcomes: Optional[Outcomes] = None):
        super().__init__(engine, source_lang, target_lang, engine_options, cache_dir, policy)
        self.engine_name, self.max_batch = engine, max_batch
        self.output, self.align_model = output, align_model
        self.aligner = None
        self.outcomes = outcomes

    def setup(self):
        super().setup()
        if self.align_model:
            from transforms.evaluation.alignment import SimAligner
            self.aligner = SimAligner(self.align_model).mapper

    def process(self, item):
        name, pd = item
        requests = stages.requests_for(pd, self.engine_name)
        batches = stages.request_batches(requests, self.max_batch)
        # Restored and written once translated (on the pool's finisher thread), while the
        # next documents are protected; counted and output here, on the DoFn's own thread.
        yield from self._send(self.pool.translate, batches,
                              functools.partial(self._finish, name, pd),
                              after=functools.partial(self._restore_write, name, pd))

    def _restore_write(self, name, pd, responses: List[MTResponse]):
        """Restore and write the document: (its report, None), or (None, the Failure)."""
        try:
            _write_audit(self.output, name, responses)
            results, report = stages.restore_document(pd, responses, self.aligner)
            _write_bytes(_join(self.output, name), formats.write_document(pd.document, results))
            report.written = True
        except OSError as exc:        # the disk, not the document: a line, no traceback
            LOG.error("%s: %s", name, output_error(exc))
            return None, Failure(document=name, stage="write", reason=output_error(exc))
        except Exception as exc:      # one document that cannot be written stops nothing else
            LOG.exception("restore/write failed for %s", name)
            return None, Failure(document=name, stage="write",
                                 reason=f"{type(exc).__name__}: {exc}")
        return report, None

    def _finish(self, name, pd, done):
        report, failure = done
        if failure is not None:
            if self.outcomes:
                self.outcomes.count(documents_failed=1, segments=len(pd.segments))
            yield TaggedOutput(FAILURES, failure)
            yield masking_reported(DocumentReport(document=name, segments=len(pd.segments)), pd)
            return
        if self.outcomes:
            self.outcomes.count(documents_written=1, segments=report.segments)
        yield masking_reported(report, pd)

    def finish_bundle(self):
        yield from super().finish_bundle()
        if self.outcomes:
            self.outcomes.flush()


class TranslateDocuments(beam.PTransform):
    """(name, ProtectedDocument) -> the translated document in ``output``, its audit log
    (``audit/requests-<document>.jsonl``: every payload as sent) and dead letters, and one
    DocumentReport (``failures`` for a document that cannot be written).

    Per document: its MT requests, in batches of ``max_batch`` (default: the engine's own
    ``engines.batch_size``) made from the document alone (a rule-based engine's output for a
    segment can depend on its batch neighbours: a rerun on any runner or worker count
    translates the same), through the ``Translator`` (the leak guard immediately before
    sending, cache, limits, retries, breaker); then restoration (``align_model``: simalign
    as the last means of placing an original) and writing.  Nothing is shuffled between
    protection and writing: a runner fuses the whole way, and while the engine translates one
    document the worker protects the next and restores the one before."""

    def __init__(self, engine: str, source_lang: str, target_lang: str, engine_options=None,
                 max_batch: Optional[int] = None, cache_dir: Optional[str] = None,
                 policy: Optional[stages.RetryPolicy] = None, output: str = "",
                 align_model: Optional[str] = None, outcomes: Optional[Outcomes] = None):
        super().__init__()
        engine_options = engine_options or {}
        self.fn = _TranslateDocumentFn(engine, source_lang, target_lang, engine_options,
                                       max_batch or batch_size(engine, engine_options),
                                       cache_dir, policy, output, align_model, outcomes)

    def expand(self, protected):
        return protected | "TranslateRestoreWrite" >> beam.ParDo(self.fn).with_outputs(
            FAILURES, main="reports")


def run_rates(summary: dict, elapsed: float) -> dict:
    """``summary.json``'s ``run``: the wall time from the driver's start to the summary, and
    the documents finished (written or failed) and their segments (``segments.total``) per
    second of it: the progress lines' figures at the end."""
    done = summary["documents"]["written"] + summary["documents"]["failed"]
    return {"elapsed_s": round(elapsed, 1),
            "documents_per_s": round(done / elapsed, 2) if elapsed > 0 else 0.0,
            "segments_per_s": round(summary["segments"]["total"] / elapsed, 1) if elapsed > 0
            else 0.0}


def masking_reported(report: DocumentReport, pd) -> DocumentReport:
    """``report`` with what protection did to its document: the detectors that ran and the
    word characters masked (``ProtectedDocument``); and, where its text reads as another
    language than the job's source language (``language_check``), what it reads as, said
    in a warning too: run as English, a German document is masked almost whole."""
    from transforms.language_check import source_language_doubt
    report.detectors = list(pd.detectors)
    report.word_chars, report.masked_word_chars = pd.word_chars, pd.masked_word_chars
    doc = pd.document
    doubt = source_language_doubt((s.text for s in doc.segments), doc.source_lang)
    if doubt:
        report.source_language = doubt
        LOG.warning("%s reads as %s, not %s, the source language it was protected in (%s); "
                    "%.0f %% of its word characters were masked. Run it with --source-lang "
                    "%s if that is its language.", report.document, doubt["reads_as"],
                    doubt["declared"], doubt["why"],
                    100 * pd.masked_word_chars / max(1, pd.word_chars), doubt["reads_as"])
    return report


def documents_detail(reports: Iterable[DocumentReport]) -> List[dict]:
    """``summary.json``'s per-document part, by document name: the detectors that ran on
    each document, its word characters (regex ``\\w``, inline codes left out), those inside
    a masked entity span, and their share (rounded to 4 places; 0 for a document without
    words) — a document far above its neighbours is over-masked; and ``source_language``
    where its text reads as another language than the one it was protected in."""
    return [{"document": r.document, "detectors": list(r.detectors),
             "word_chars": r.word_chars, "masked_word_chars": r.masked_word_chars,
             "masked_share": round(r.masked_word_chars / r.word_chars, 4) if r.word_chars
             else 0.0, **({"source_language": dict(r.source_language)}
                          if r.source_language else {})}
            for r in sorted(reports, key=lambda r: r.document)]


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
        summary = stages.summarise(*acc)
        # the per-document part right after the document counts
        return {"documents": summary.pop("documents"),
                "documents_detail": documents_detail(acc[0]), **summary}


class WriteSummary(beam.PTransform):
    """All reports and failures -> ``summary.json``.  With ``started_at`` (the driver's clock,
    seconds since the epoch, when the run started) it also says how long the run took and
    at what rate (``run``: ``elapsed_s``, ``segments_per_s``, ``documents_per_s``)."""

    def __init__(self, output: str, started_at: Optional[float] = None):
        super().__init__()
        self.output = output
        self.started_at = started_at

    def expand(self, items):
        output, started_at = self.output, self.started_at

        def write(summary):
            if started_at is not None:
                summary["run"] = run_rates(summary, time.time() - started_at)
            try:
                _write_bytes(_join(output, "summary.json"),
                             (json.dumps(summary, indent=2, ensure_ascii=False) + "\n")
                             .encode("utf-8"))
            except OSError as exc:
                # said in a line; the job then finds no summary and exits non-zero
                LOG.error("summary.json: %s", output_error(exc))
            return summary

        return items | "Combine" >> beam.CombineGlobally(_SummaryCombine()) | "Write" >> beam.Map(write)
