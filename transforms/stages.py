"""Per-document and per-batch stage functions (pure): what the Beam DoFns call.  Keeping them
here lets tests and the single-process runner exercise exactly the code Beam runs."""
from __future__ import annotations

import dataclasses
import functools
import json
import posixpath
import random
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from schemas.records import (CODE_CHARS, DocumentReport, Failure, MTRequest, MTResponse,
                             RestoredSegment, code_index)
from transforms import linking, markup
from transforms.cache import cache_key
from transforms.engines import Engine, EngineError
from transforms.linking import _TOKEN, POSSESSIVE
from transforms.protect import LeakGuard, ProtectedDocument
from transforms.restore import _PLACE_PARTS, restore_segment
from transforms.target_names import LOOKED_UP, prefetch_names


def guard_terms(pd: ProtectedDocument) -> List[str]:
    """What the leak guard checks each payload against: every original entity string of the
    document, without possessive, and the mentions' lemmas.  Empty when the user chose to send
    the originals (``--method none``)."""
    methods = {a.method for ps in pd.segments for a in ps.assignments}
    if methods == {"none"}:
        return []
    terms = set(pd.originals)
    for m in pd.mentions:
        if m.source == linking.PRECAUTION:
            continue         # an ordinary word masked by precaution (linking.PRECAUTION)
        terms.add(m.text)
        if m.lemma:
            terms.add(m.lemma)
    return sorted(t for t in terms if t and t.strip())


def requests_for(pd: ProtectedDocument, engine_name: str) -> List[MTRequest]:
    """MT requests for a protected document, one per segment.  Each carries the document's
    guard terms: the ``Translator`` checks the payload against them immediately before
    sending, and a hit is dead-lettered as "would leak", never sent."""
    doc = pd.document
    requests = []
    terms = guard_terms(pd)
    ordinary = sorted(set(pd.ordinary) & set(terms)) if terms else []
    for ps in pd.segments:
        requests.append(MTRequest(document=doc.name, segment=ps.id, index=ps.index,
                                  engine=engine_name, source_lang=doc.source_lang,
                                  target_lang=doc.target_lang,
                                  text=markup.to_markup(ps.text, ps.codes), guard=terms,
                                  guard_ordinary=ordinary))
    return requests


def request_batches(requests: Iterable[MTRequest], max_batch: int) -> List[List[MTRequest]]:
    """One document's requests as MT batches: in segment order, segment ``i`` in chunk
    ``i // max_batch``.  Fixed by the document alone — never by a runner's bundling —
    because a rule-based engine's output for a segment can depend on its batch neighbours
    (Apertium's tagger): a rerun on any runner or worker count translates the same."""
    size = max(1, max_batch)
    chunks: Dict[Tuple[str, int], List[MTRequest]] = {}
    for r in sorted(requests, key=lambda r: (r.document, r.index)):
        chunks.setdefault((r.document, r.index // size), []).append(r)
    return list(chunks.values())


def _would_leak(r: MTRequest, guard: Optional[LeakGuard] = None) -> Optional[MTResponse]:
    """The dead letter for a request whose payload holds one of its guard terms, or None.
    ``guard``: its terms' ``LeakGuard``, where the caller has it."""
    if not r.guard:
        return None
    guard = guard or _leak_guard(tuple(r.guard), tuple(r.guard_ordinary))
    hit = guard.find(r.text)
    if hit:
        return _response(r, error=f"would leak: payload contains an original entity "
                                  f"({len(hit)} characters); not sent", sent=False)
    return None


@dataclass
class DistinctPayloads:
    """One document's MT requests of several methods (evaluation), each distinct payload
    once: ``requests`` to translate (the first request of each payload, renumbered 0..n-1
    in the order met: the first method's in its own order, then what each later method adds);
    ``refused`` the requests whose own leak guard holds them back (never sent for them);
    ``fan_out`` gives each method its responses.

    A segment without entities is the same payload in every method: sent once, it comes
    back the same for all, so methods differ only where they differ (sent apart, Apertium's
    tagger, which carries state across a batch, could translate it differently in each
    method's batch) — and the engine translates about a fifth fewer characters."""
    requests: List[MTRequest]
    refused: Dict[Tuple[int, int], MTResponse]
    by_method: List[List[MTRequest]]
    # what travels on with the document's payloads to whoever takes their responses
    # (evaluation: the document and its protected versions, restored as soon as the
    # translations are back, with no join to bring them together again)
    carried: Any = None

    @classmethod
    def of(cls, by_method: Sequence[Sequence[MTRequest]]) -> "DistinctPayloads":
        first: Dict[str, MTRequest] = {}
        refused: Dict[Tuple[int, int], MTResponse] = {}
        guards: Dict[int, LeakGuard] = {}      # a document's requests share one list of terms
        for m, requests in enumerate(by_method):
            for r in sorted(requests, key=lambda r: r.index):
                guard = None
                if r.guard:
                    guard = guards.get(id(r.guard))
                    if guard is None:
                        guard = guards[id(r.guard)] = _leak_guard(tuple(r.guard),
                                                                  tuple(r.guard_ordinary))
                dead = _would_leak(r, guard)
                if dead is not None:
                    refused[(m, r.index)] = dead
                elif r.text not in first:
                    first[r.text] = r
        # Checked here against its own guard, in the worker that sends it next: the
        # ``Translator`` need not check again.
        distinct = [dataclasses.replace(r, index=k, guard=[], guard_ordinary=[])
                    for k, r in enumerate(first.values())]
        # what ``fan_out`` reads of each request (its guard terms, hundreds a request, need
        # not travel on to the engine's worker)
        return cls(requests=distinct, refused=refused,
                   by_method=[[dataclasses.replace(r, guard=[], guard_ordinary=[]) for r in rs]
                              for rs in by_method])

    def fan_out(self, responses: Sequence[MTResponse]) -> List[List[MTResponse]]:
        """Each method's responses, one per request: its payload's (as if it had sent it:
        ``request_text`` is its own payload, which the engine was sent), or its refusal."""
        if len(responses) != len(self.requests):
            raise RuntimeError("a distinct payload was lost or duplicated")
        by_text = {self.requests[resp.index].text: resp for resp in responses}
        out = []
        for m, requests in enumerate(self.by_method):
            mine = []
            for r in requests:
                dead = self.refused.get((m, r.index))
                if dead is not None:
                    mine.append(dead)
                    continue
                got = by_text[r.text]
                mine.append(MTResponse(document=r.document, segment=r.segment, index=r.index,
                                       engine=r.engine, text=got.text, error=got.error,
                                       request_text=r.text if got.request_text is not None
                                       else None, cached=got.cached))
            out.append(mine)
        return out


@functools.lru_cache(maxsize=8)
def _leak_guard(terms: Tuple[str, ...], ordinary: Tuple[str, ...] = ()) -> LeakGuard:
    """A document's requests carry the same guard terms, split over several batches: the
    guard is built once per document and worker, not once per batch."""
    return LeakGuard(terms, ordinary)


def _response(r: MTRequest, text=None, error=None, sent=True, cached=False) -> MTResponse:
    return MTResponse(document=r.document, segment=r.segment, index=r.index, engine=r.engine,
                      text=text, error=error, request_text=r.text if sent else None,
                      cached=cached)


@dataclass
class RetryPolicy:
    """Retries with exponential backoff and full jitter on retryable failures (timeouts, 429,
    5xx, truncated bodies), honouring Retry-After up to ``max_retry_after``; a circuit breaker
    opens after ``breaker_threshold`` consecutive failed calls and fails calls fast (their
    segments are dead-lettered) until ``breaker_cooldown`` has passed, then lets one call
    through to probe."""
    max_attempts: int = 5
    base_delay: float = 0.5
    max_delay: float = 30.0
    max_retry_after: float = 120.0
    breaker_threshold: int = 8
    breaker_cooldown: float = 30.0
    seed: Optional[int] = None


class CircuitBreaker:
    def __init__(self, threshold: int, cooldown: float, clock=time.monotonic):
        self.threshold, self.cooldown, self.clock = threshold, cooldown, clock
        self.failures = 0
        self.opened_at: Optional[float] = None
        self.lock = threading.Lock()

    def allow(self) -> bool:
        with self.lock:
            if self.opened_at is None:
                return True
            if self.clock() - self.opened_at >= self.cooldown:
                self.opened_at = None       # half-open: let a probe through
                self.failures = self.threshold - 1
                return True
            return False

    def record(self, ok: bool) -> None:
        with self.lock:
            if ok:
                self.failures = 0
                self.opened_at = None
            else:
                self.failures += 1
                if self.failures >= self.threshold and self.opened_at is None:
                    self.opened_at = self.clock()


class Translator:
    """Sends requests to an engine: leak guard, cache, batching by count and characters,
    bounded concurrency, rate limit, retries, circuit breaker, dead letters.

    Every request comes back as exactly one response: translated (``text``) or dead-lettered
    (``error`` says why).  ``request_text`` is set only for payloads actually sent."""

    def __init__(self, engine: Engine, cache=None, policy: Optional[RetryPolicy] = None,
                 sleep=time.sleep):
        self.engine = engine
        self.cache = cache
        self.policy = policy or RetryPolicy()
        self.sleep = sleep
        self.random = random.Random(self.policy.seed)
        self.breaker = CircuitBreaker(self.policy.breaker_threshold, self.policy.breaker_cooldown)
        self.identity = engine.cache_identity()
        self._rate_lock = threading.Lock()
        self._next_call = 0.0
        self.calls = 0

    # -- one call, with retries ---------------------------------------------------
    def _throttle(self):
        rps = self.engine.requests_per_second
        if not rps:
            return
        with self._rate_lock:
            now = time.monotonic()
            wait = self._next_call - now
            self._next_call = max(now, self._next_call) + 1.0 / rps
        if wait > 0:
            self.sleep(wait)

    def _call(self, texts: List[str]) -> List[str]:
        p = self.policy
        last: Optional[EngineError] = None
        for attempt in range(p.max_attempts):
            if not self.breaker.allow():
                raise EngineError("circuit breaker open after repeated failures"
                                  + (f" (last: {last})" if last else ""))
            self._throttle()
            self.calls += 1
            try:
                out = self.engine.translate(list(texts))
                if not isinstance(out, list) or len(out) != len(texts) or \
                        not all(isinstance(o, str) for o in out):
                    raise EngineError(f"engine returned {len(out) if isinstance(out, list) else '?'} "
                                      f"translations for {len(texts)} segments", retryable=True)
            except EngineError as exc:
                self.breaker.record(False)
                last = exc
                if not exc.retryable or attempt == p.max_attempts - 1:
                    raise
                if exc.retry_after is not None:
                    delay = min(exc.retry_after, p.max_retry_after)
                else:
                    delay = self.random.uniform(0, min(p.max_delay, p.base_delay * 2 ** attempt))
                self.sleep(delay)
                continue
            self.breaker.record(True)
            return out
        raise last or EngineError("no attempt made")

    def _translate_batch(self, batch: List[MTRequest]) -> List[MTResponse]:
        """Translate a batch; if it still fails, isolate the bad segments by halving so one
        bad segment does not take its neighbours down."""
        try:
            outs = self._call([r.text for r in batch])
            return [_response(r, o) for r, o in zip(batch, outs)]
        except EngineError as exc:
            if len(batch) == 1 or "circuit breaker open" in str(exc):
                return [_response(r, error=str(exc)) for r in batch]
        mid = len(batch) // 2
        return self._translate_batch(batch[:mid]) + self._translate_batch(batch[mid:])

    # -- batching -------------------------------------------------------------------
    def batches(self, requests: Sequence[MTRequest]) -> List[List[MTRequest]]:
        out, cur, chars = [], [], 0
        cap_n = max(1, self.engine.max_batch_segments)
        cap_c = max(1, self.engine.max_batch_chars)
        for r in requests:
            if cur and (len(cur) >= cap_n or chars + len(r.text) > cap_c):
                out += self._fitted(cur)
                cur, chars = [], 0
            cur.append(r)
            chars += len(r.text)
        if cur:
            out += self._fitted(cur)
        return out

    def _fitted(self, batch: List[MTRequest]) -> List[List[MTRequest]]:
        """``batch`` cut where the engine's own ``fits`` says: the longest head that fits
        (a binary search: ``fits`` only turns false as texts are added), then the rest."""
        out = []
        while batch:
            k = len(batch)
            if k > 1 and not self.engine.fits([r.text for r in batch]):
                lo, hi = 1, k - 1
                while lo < hi:
                    mid = (lo + hi + 1) // 2
                    if self.engine.fits([r.text for r in batch[:mid]]):
                        lo = mid
                    else:
                        hi = mid - 1
                k = lo
            out.append(batch[:k])
            batch = batch[k:]
        return out

    def translate(self, requests: Sequence[MTRequest]) -> List[MTResponse]:
        requests = sorted(requests, key=lambda r: r.index)
        results: Dict[int, MTResponse] = {}
        todo: List[MTRequest] = []
        for r in requests:
            dead = _would_leak(r)
            if dead is not None:
                results[r.index] = dead
                continue
            if len(r.text) > self.engine.max_segment_chars:
                results[r.index] = _response(r, error=f"segment of {len(r.text)} characters is "
                                             f"longer than {self.engine.name}'s limit of "
                                             f"{self.engine.max_segment_chars}; not sent",
                                             sent=False)
                continue
            todo.append(r)
        keys = {}
        if self.cache is not None and todo:
            keys = {r.index: cache_key(self.engine.name, self.identity, r.source_lang,
                                       r.target_lang, r.text) for r in todo}
            found = self.cache.get_many(list(keys.values()))
            rest = []
            for r in todo:
                if keys[r.index] in found:
                    results[r.index] = _response(r, found[keys[r.index]], sent=False, cached=True)
                else:
                    rest.append(r)
            todo = rest
        repeats: Dict[int, MTRequest] = {}
        if self.cache is not None:
            # With a cache, a payload repeated in the batch is sent once too.
            first: Dict[str, MTRequest] = {}
            unique = []
            for r in todo:
                if r.text in first:
                    repeats[r.index] = first[r.text]
                else:
                    first[r.text] = r
                    unique.append(r)
            todo = unique
        batches = self.batches(todo)
        workers = max(1, min(self.engine.max_concurrency, len(batches)))
        if workers == 1:
            done = [self._translate_batch(b) for b in batches]
        else:
            with ThreadPoolExecutor(max_workers=workers) as pool:
                done = list(pool.map(self._translate_batch, batches))
        fresh = [resp for group in done for resp in group]
        for resp in fresh:
            results[resp.index] = resp
        if self.cache is not None:
            self.cache.put_many(self.engine.name, [(keys[x.index], x.text) for x in fresh
                                                   if x.text is not None])
        by_index = {r.index: r for r in requests}
        for idx, src in repeats.items():
            got = results[src.index]
            results[idx] = _response(by_index[idx], got.text, got.error, sent=False,
                                     cached=got.text is not None)
        if len(results) != len(requests) or len(fresh) != len(todo):
            raise RuntimeError("a segment was lost or duplicated")   # never: every path answers once
        return [results[r.index] for r in requests]


def translate_batch(engine: Engine, batch: Sequence[MTRequest], cache=None,
                    policy: Optional[RetryPolicy] = None) -> List[MTResponse]:
    """Translate a batch (see ``Translator``): one response per request, in order."""
    return Translator(engine, cache, policy).translate(batch)


def restore_document(pd: ProtectedDocument, responses: Iterable[MTResponse], aligner=None
                     ) -> Tuple[Dict[str, RestoredSegment], DocumentReport]:
    """Put the originals back into every translated segment (``restore.restore_segment``;
    ``aligner``: an optional word aligner's ``mapper``, the last means of placing one)."""
    by_id = {r.segment: r for r in responses}
    results: Dict[str, RestoredSegment] = {}
    report = DocumentReport(document=pd.document.name, segments=len(pd.segments),
                            clusters=len(pd.clusters), selection=dict(pd.selection),
                            selection_by_category={c: dict(v) for c, v in
                                                   pd.selection_by_category.items()})
    for m in pd.mentions:
        report.entities[m.category] = report.entities.get(m.category, 0) + 1
    if getattr(pd, "prism", None):
        report.prism = dict(pd.prism, decoded=0)
    lexicon = restoration_lexicon(pd)
    # Each segment's output as restoration reads it, made first: the lexicon is then asked
    # about the whole document's words in one round trip each (``prefetch``), not segment
    # by segment and pseudonym by pseudonym as restoration reaches them.
    texts: Dict[str, Tuple[str, list, int]] = {}
    for ps in pd.segments:
        resp = by_id.get(ps.id)
        if resp is None or resp.text is None:
            continue
        text, problems = markup.from_markup(resp.text, ps.codes, held=[
            code_index(c) for a in ps.assignments if a.marked
            for c in CODE_CHARS.findall(a.marked)])
        decoded = 0
        if ps.words:
            # PRISM's substitutions decoded first: the entities are then found as ever
            from transforms.prism.apply import decode_segment
            text, decoded = decode_segment(text, ps)
        texts[ps.id] = (text, problems, decoded)
    prefetch = getattr(lexicon, "prefetch", None)
    if prefetch is not None:
        prefetch([(ps.assignments, texts[ps.id][0]) for ps in pd.segments if ps.id in texts])
    for ps in pd.segments:
        resp = by_id.get(ps.id)
        if resp is None or resp.text is None:
            report.dead_lettered += 1
            reason = resp.error if resp is not None else "no response from the engine"
            kind = _reason_kind(reason)
            report.dead_letter_reasons[kind] = report.dead_letter_reasons.get(kind, 0) + 1
            results[ps.id] = RestoredSegment(document=ps.document, id=ps.id, index=ps.index,
                                             text="", status="failed", notes=[reason],
                                             unresolved=len(ps.assignments))
            report.unresolved += len(ps.assignments)
            continue
        if resp.request_text is not None:
            report.sent += 1
        if resp.cached:
            report.cached += 1
        text, problems, decoded = texts[ps.id]
        if ps.words:
            report.prism["decoded"] = report.prism.get("decoded", 0) + decoded
        res = restore_segment(ps, text, problems, pd.document.target_lang,
                              pd.document.source_lang, aligner, lexicon)
        results[ps.id] = res
        report.restored += res.restored
        report.unresolved += res.unresolved
        for k, v in res.outcomes.items():
            report.outcomes[k] = report.outcomes.get(k, 0) + v
        if res.status == "needs-review":
            report.needs_review += 1
    return results, report


def restoration_lexicon(pd: ProtectedDocument):
    """The Apertium pair's ``target_form`` when the document went to Apertium: pseudonyms
    the engine translated are found and their originals generated in the same form."""
    from transforms.engines.apertium_lexicon import engine_is_apertium, pair_lexicon
    if not engine_is_apertium(getattr(pd, "engine", "")):
        return None
    lexicon = pair_lexicon(pd.document.source_lang, pd.document.target_lang)
    if lexicon is None or lexicon.target is None:
        return None

    # Answers kept for the document: restoration asks about a pseudonym's words with every
    # word of the output around it, twice (its default translation, then any), segment
    # after segment (200 MultiLeg en documents: 200,000 of 338,000 asks were repeats).
    known: Dict[tuple, Optional[str]] = {}

    def target_form(fake: str, found: str, original: str, default_only: bool = False):
        key = (fake, found, original, default_only)
        if key in known:
            return known[key]
        try:
            form = lexicon.target_form(fake, found, original, default_only)
        except OSError:
            return None           # not kept: the analyser may answer the next time
        known[key] = form
        return form

    warmed: List[Optional[List[str]]] = [None]

    def warm(words):
        # each replacement looked for word by word warms its segment's words: once a
        # segment (the analyser's answers stay cached)
        if words == warmed[0]:
            return
        try:
            lexicon.warm(words)
        except OSError:
            return
        warmed[0] = list(words)

    def prefetch(segments):
        # the document's pseudonyms' and originals' words analysed and looked up in the
        # bilingual dictionary, and the outputs' words analysed, in one round trip each
        # (200 MultiLeg en documents: 12,000 round trips to lt-proc on the restoring thread,
        # 7,400 of them a pseudonym's words asked one pseudonym at a time, 2,500 an output's)
        fakes: List[str] = []
        originals: List[str] = []
        outputs: List[str] = []
        names: List[str] = []        # what target_name may ask the analyser about
        for assignments, text in segments:
            mine = [a for a in assignments if a.method == "pseudonym"]
            if not mine:
                continue
            for a in mine:
                fakes += _TOKEN.findall(POSSESSIVE.sub("", a.replacement))
                originals += _TOKEN.findall(POSSESSIVE.sub("", a.original))
                if a.category in LOOKED_UP:
                    # the stand-in's and the original's established names, a place's parts
                    # ("Hamburg, Germany"); an organisation's or a place's words as places
                    bare = POSSESSIVE.sub("", a.original)
                    names += [POSSESSIVE.sub("", a.replacement), bare,
                              *_PLACE_PARTS.split(bare)[::2]]
                if a.category in ("ORG", "LOC", "GPE"):
                    names += [w for w in _TOKEN.findall(POSSESSIVE.sub("", a.original)
                                                        + " " + a.replacement)
                              if w[:1].isupper()]
            outputs += _TOKEN.findall(text)
        if not fakes:
            return
        try:
            lexicon.prefetch(fakes, originals, outputs)
        except OSError:
            pass                 # nothing kept: each is asked again when reached
        prefetch_names(names, pd.document.source_lang, pd.document.target_lang)

    def words(name: str) -> Optional[str]:      # an organisation in the engine's words
        try:
            return lexicon.translate_words(name)
        except OSError:
            return None

    def names_inside(name: str) -> bool:        # a company's or a product's name
        try:
            return lexicon.names_inside(name)
        except OSError:
            return False

    def acronym(word: str) -> bool:             # translated as the target's acronym
        try:
            return lexicon.acronym(word)
        except OSError:
            return True     # (unknown: as before, in the engine's words)

    def maybe(fake: str, default_only: bool = False):
        # a test of output words: False where target_form(fake, word, ...) is None for
        # sure (``PairLexicon.maybe``); None where it cannot tell (every word asked)
        try:
            return lexicon.maybe(fake, default_only)
        except OSError:
            return None

    target_form.warm = warm
    target_form.maybe = maybe
    target_form.words = words
    target_form.names_inside = names_inside
    target_form.acronym = acronym
    target_form.prefetch = prefetch
    return target_form


def _reason_kind(reason: str) -> str:
    r = (reason or "").lower()
    for key, kind in (("would leak", "would-leak"), ("circuit breaker", "circuit-open"),
                      ("longer than", "too-long"), ("timed out", "timeout"),
                      ("http 429", "rate-limited"), ("http 5", "server-error"),
                      ("truncated", "bad-response"), ("does not fit", "bad-response"),
                      ("http 4", "rejected")):
        if key in r:
            return kind
    return "engine-error"


def dead_letter_lines(responses: Iterable[MTResponse]) -> List[str]:
    """One JSON line per dead-lettered segment, with the reason (never the payload: a
    held-back payload may hold an original)."""
    return [json.dumps({"document": r.document, "segment": r.segment, "index": r.index,
                        "engine": r.engine, "reason": r.error, "sent": r.request_text is not None},
                       ensure_ascii=False)
            for r in sorted(responses, key=lambda r: r.index) if r.text is None]


def audit_lines(responses: Iterable[MTResponse]) -> List[str]:
    """One JSON line per payload actually sent, in document order."""
    lines = []
    for r in sorted(responses, key=lambda r: r.index):
        if r.request_text is None:
            continue
        lines.append(json.dumps({"document": r.document, "segment": r.segment, "index": r.index,
                                 "engine": r.engine, "text": r.request_text},
                                ensure_ascii=False))
    return lines


def safe_name(name: str) -> str:
    return re.sub(r"[^\w.-]+", "_", name)


def output_path(output_dir: str, name: str) -> str:
    return posixpath.join(output_dir, name) if "://" in output_dir else \
        __import__("os").path.join(output_dir, name)


def summarise(reports: Iterable[DocumentReport], failures: Iterable[Failure]) -> dict:
    reports = list(reports)
    failures = sorted(failures, key=lambda f: (f.document, f.stage))
    entities: Dict[str, int] = {}
    for r in reports:
        for k, v in r.entities.items():
            entities[k] = entities.get(k, 0) + v
    return {
        "documents": {"total": len(reports) + len({f.document for f in failures} - {r.document for r in reports}),
                      "written": sum(1 for r in reports if r.written),
                      "failed": len({f.document for f in failures})},
        "segments": {"total": sum(r.segments for r in reports),
                     # total = translated + dead_lettered, always
                     "translated": sum(r.segments - r.dead_lettered for r in reports),
                     "dead_lettered": sum(r.dead_lettered for r in reports),
                     "sent": sum(r.sent for r in reports),
                     "cached": sum(r.cached for r in reports),
                     "needs_review": sum(r.needs_review for r in reports),
                     "dead_letter_reasons": _sum_dicts(r.dead_letter_reasons for r in reports)},
        "entities": dict(sorted(entities.items())),
        "mentions": {"total": sum(entities.values()),
                     "restored": sum(r.restored for r in reports),
                     "unresolved": sum(r.unresolved for r in reports),
                     "outcomes": _sum_dicts(r.outcomes for r in reports)},
        "clusters": sum(r.clusters for r in reports),
        # which step of the pseudonym selection chose each cluster's pseudonym
        "selection_steps": _sum_dicts(r.selection for r in reports),
        **selection_summary(reports),
        "failures": [f.to_dict() for f in failures],
        **prism_summary(reports),
    }


def selection_summary(reports: Sequence[DocumentReport]) -> dict:
    """``selection_by_category`` (the step that chose each cluster's pseudonym, per category)
    and ``dictionary_share`` (``dictionary_counts`` as shares, per category and ``names``)."""
    by_cat = sum_by_category(r.selection_by_category for r in reports)
    counts = dictionary_counts(by_cat)
    share: Dict[str, Any] = {cat: round(mine / fresh, 4) for cat, (mine, fresh) in counts.items()}
    total = sum(fresh for _, fresh in counts.values())
    if total:
        share["names"] = round(sum(mine for mine, _ in counts.values()) / total, 4)
        share["clusters"] = total
    return {"selection_by_category": {c: dict(sorted(v.items())) for c, v in sorted(by_cat.items())},
            "dictionary_share": share}


def sum_by_category(dicts: Iterable[Dict[str, Dict[str, int]]]) -> Dict[str, Dict[str, int]]:
    """Category -> step -> clusters, summed over documents (or runs)."""
    out: Dict[str, Dict[str, int]] = {}
    for d in dicts:
        for cat, steps in d.items():
            mine = out.setdefault(cat, {})
            for k, v in steps.items():
                mine[k] = mine.get(k, 0) + v
    return out


def dictionary_counts(by_cat: Dict[str, Dict[str, int]]) -> Dict[str, Tuple[int, int]]:
    """Per name category: (clusters a dictionary step chose, clusters given a fresh pseudonym
    — not one reused from a linked cluster: ``same-key``, ``corpus``) — the paper's
    morphology-matched selection, and how often it ran."""
    from transforms.dictionary.select import DICTIONARY_STEPS
    out: Dict[str, Tuple[int, int]] = {}
    for cat in ("PER", "ORG", "LOC", "GPE", "NATIONALITY"):
        steps = by_cat.get(cat, {})
        fresh = sum(v for k, v in steps.items() if k not in ("same-key", "corpus"))
        if fresh:
            out[cat] = (sum(v for k, v in steps.items() if k in DICTIONARY_STEPS), fresh)
    return out


def prism_summary(reports: Sequence[DocumentReport]) -> dict:
    """``summary.json``'s ``prism``: method, ratio, the |V| used (the smallest of any
    document), ε for it (PRISM-R, the nesting and the mixture; null for PRISM*, which has
    none), and the words that could be substituted, substituted and decoded."""
    with_prism = [r.prism for r in reports if r.prism]
    if not with_prism:
        return {}
    from transforms.prism.apply import epsilon_of
    method, ratio = with_prism[0]["method"], with_prism[0]["ratio"]
    vocabulary = min(p["vocabulary"] for p in with_prism)
    return {"prism": {"method": method, "ratio": ratio, "vocabulary": vocabulary,
                      "epsilon": epsilon_of(method, ratio, vocabulary),
                      "guarantee": "word-level epsilon-DP: one dictionary word changed"
                      if epsilon_of(method, ratio, vocabulary) is not None else "none",
                      "words": sum(p["words"] for p in with_prism),
                      "substituted": sum(p["substituted"] for p in with_prism),
                      "decoded": sum(p.get("decoded", 0) for p in with_prism)}}


def _sum_dicts(dicts) -> Dict[str, int]:
    out: Dict[str, int] = {}
    for d in dicts:
        for k, v in d.items():
            out[k] = out.get(k, 0) + v
    return dict(sorted(out.items()))
