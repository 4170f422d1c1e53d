"""The evaluation's stages (pure): what the Beam DoFns of ``pipelines/evaluate.py`` call.

1. ``probe_requests``: for the ``original`` run, one extra MT request per distinct entity
   string of a document (the engine's translation of the entity alone helps find it in the
   unprotected output; those strings were sent anyway by that run).
2. ``hypothesis_document``: restore a protected document's translations with the translate
   pipeline's own ``stages.restore_document`` and turn each segment into a hypothesis with
   its mask spans, plus the document's privacy and restoration counts.
3. ``score_document``: pair hypotheses with references, mask both, give per-segment rows.
4. ``build_report``: corpus scores with signatures, paired bootstrap against ``original``,
   privacy and restoration rates: one row per engine × method × direction.
"""
from __future__ import annotations

import functools
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from schemas.records import CODE_CHARS, Document, MTRequest, MTResponse
from transforms import markup, stages
from transforms.evaluation import masking, metrics, privacy
from transforms.evaluation.masking import Entity
from transforms.evaluation.references import ReferenceDoc, Reference
from transforms.protect import ProtectedDocument

PROBE_BASE = 1_000_000      # probe requests' index: their own MT batches, after the segments
PROBE_PREFIX = "probe:"

# User-facing method names -> ProtectOptions.method
METHOD_ALIASES = {"original": "none"}


def internal_method(name: str) -> str:
    """The entity method of a user-facing method name; a PRISM point (``prism-r@0.3``)
    protects entities with pseudonyms and its words with PRISM."""
    if "@" in name:
        return "pseudonym"
    return METHOD_ALIASES.get(name, name)


# --- 1. probes -----------------------------------------------------------------------------

def probe_requests(pd: ProtectedDocument, engine: str) -> List[MTRequest]:
    doc = pd.document
    forms = sorted({m.text.strip() for m in pd.mentions if m.text.strip()})
    return [MTRequest(document=doc.name, segment=f"{PROBE_PREFIX}{k}", index=PROBE_BASE + k,
                      engine=engine, source_lang=doc.source_lang, target_lang=doc.target_lang,
                      text=markup.to_markup(form, []))
            for k, form in enumerate(forms)]


def split_probes(pd: ProtectedDocument, responses: Iterable[MTResponse]
                 ) -> Tuple[List[MTResponse], Dict[str, str]]:
    forms = sorted({m.text.strip() for m in pd.mentions if m.text.strip()})
    segs, probes = [], {}
    for r in responses:
        if r.segment.startswith(PROBE_PREFIX):
            k = int(r.segment[len(PROBE_PREFIX):])
            if r.text is not None and k < len(forms):
                probes[forms[k]] = markup.from_markup(r.text, [])[0]
        else:
            segs.append(r)
    return segs, probes


# --- 2. hypotheses -------------------------------------------------------------------------

@dataclass
class HypSegment:
    index: int
    id: str
    source: str                      # plain source text
    sent: Optional[str]              # payload as sent (None: not sent)
    output: Optional[str]            # engine output as received
    text: str                        # delivered text (originals restored), plain
    spans: List[Tuple[int, int]]     # entity spans in ``text`` to mask
    status: str
    restored: int = 0
    unresolved: int = 0
    located: Dict[str, int] = field(default_factory=dict)
    missed: int = 0
    entities: List[Tuple[str, str]] = field(default_factory=list)   # (original, category)
    source_spans: List[Tuple[int, int]] = field(default_factory=list)


@dataclass
class Hypothesis:
    engine: str
    method: str                      # user-facing name (original, asterisk, ...)
    document: str
    segments: Dict[int, HypSegment]
    privacy: privacy.PrivacyCounts
    probes: Dict[str, str] = field(default_factory=dict)
    restored: int = 0
    unresolved: int = 0
    needs_review: int = 0
    dead_lettered: int = 0
    sent: int = 0
    # the original's content words and those readable in what was sent (transforms.prism.tradeoff)
    words: Dict[str, int] = field(default_factory=dict)


def hypothesis_document(pd: ProtectedDocument, responses: Iterable[MTResponse], engine: str,
                        method: str, gold: Document, categories=None, aligner=None,
                        fuzzy_threshold: float = privacy.FUZZY_THRESHOLD,
                        inverter=None) -> Hypothesis:
    seg_responses, probes = split_probes(pd, responses)
    by_id = {r.segment: r for r in seg_responses}
    results, report = stages.restore_document(pd, seg_responses)
    gold_by_index = {s.index: s for s in gold.segments}
    out: Dict[int, HypSegment] = {}
    # the unprotected output's entities are found as restoration finds a pseudonym's
    lexicon = stages.restoration_lexicon(pd) if internal_method(method) == "none" else None
    mentions_of: Dict[int, list] = {}
    for m in pd.mentions:          # once, not a pass over every mention for each segment
        mentions_of.setdefault(m.segment, []).append(m)
    for ps in pd.segments:
        res = results[ps.id]
        resp = by_id.get(ps.id)
        src_seg = gold_by_index.get(ps.index)
        src_mentions = mentions_of.get(ps.index, [])
        # (the mentions' offsets are in the source's plain text, where they were found)
        source = src_seg.plain_text() if src_seg is not None else ""
        source_spans = [(m.start, m.end) for m in src_mentions]
        text, spans = masking.strip_codes(res.text, res.spans, ps.codes)
        hs = HypSegment(index=ps.index, id=ps.id, source=source,
                        sent=resp.request_text if resp is not None else None,
                        output=resp.text if resp is not None else None,
                        text=text, spans=spans, status=res.status, restored=res.restored,
                        unresolved=res.unresolved,
                        entities=[(m.text, m.category) for m in src_mentions],
                        source_spans=source_spans)
        if internal_method(method) == "none" and res.status != "failed":
            ents = [Entity(m.text, m.category, probes.get(m.text.strip()), sp)
                    for m, sp in zip(src_mentions, source_spans)]
            align = aligner.mapper(source, text) if aligner is not None and ents else None
            loc = masking.locate_entities(text, ents, align, lexicon=lexicon,
                                          source_lang=gold.source_lang,
                                          target_lang=gold.target_lang)
            hs.spans, hs.located, hs.missed = loc.spans, loc.how, len(loc.missed)
        elif res.status != "failed":
            hs.located = {"restored": len(spans)} if spans else {}
            hs.missed = res.unresolved
        out[ps.index] = hs
    predicted: Dict[int, List[Tuple[int, int]]] = {}
    for m in pd.mentions:
        predicted.setdefault(m.segment, []).append((m.start, m.end))
    sent_of = {i: h.sent for i, h in out.items()}
    segs = [(s.text, s.labels, sent_of.get(s.index)) for s in gold.segments]
    counts = privacy.document_counts(segs, {i: predicted.get(s.index, []) for i, s in enumerate(gold.segments)},
                                     categories, fuzzy_threshold)
    from transforms.prism.tradeoff import WordPrivacy
    words = WordPrivacy()
    for s in gold.segments:
        words.add(WordPrivacy(*_segment_words(CODE_CHARS.sub("", s.text),
                                              sent_of.get(s.index), gold.source_lang,
                                              inverter)))
    return Hypothesis(engine=engine, method=method, document=gold.name, segments=out,
                      privacy=counts, probes=probes, restored=report.restored,
                      unresolved=report.unresolved, needs_review=report.needs_review,
                      dead_lettered=report.dead_lettered, sent=report.sent,
                      words=dict(vars(words)))


@functools.lru_cache(maxsize=8192)
def _segment_words(original: str, sent: Optional[str], lang: str, inverter) -> Tuple[int, int, int]:
    """``tradeoff.segment_privacy``'s counts, kept: every method of a document asks for each
    of its segments, and most segments are sent alike by all of them (those without
    entities).  ``inverter`` is the worker's own (hashed by identity)."""
    from transforms.prism.tradeoff import segment_privacy
    w = segment_privacy(original, sent, lang, inverter)
    return w.content, w.exact, w.inverted


# --- 3. pairing with references ------------------------------------------------------------

def machine_translation(doc: Document, hyps: Sequence[Hypothesis]) -> Optional[List[str]]:
    """The first engine's ``original`` output per source segment (guides sentence
    alignment with the reference), or None without an ``original`` run."""
    base = next((h for h in sorted(hyps, key=lambda h: h.engine)
                 if internal_method(h.method) == "none"), None)
    if base is None:
        return None
    return [base.segments[s.index].text if s.index in base.segments else "" for s in doc.segments]


def reference_spans(ref: Reference, entities: Sequence[Tuple[str, str]], categories=None,
                    probes: Optional[Dict[str, str]] = None) -> Tuple[List[Tuple[int, int]], int]:
    """Mask spans of a human reference: gold spans of the protected categories, plus the
    source entities found in it (original string, date components; with no gold, also the
    engine's translation of the entity).  Returns (spans, source entities not found)."""
    spans: List[Tuple[int, int]] = []
    if ref.gold:
        spans += [(int(s), int(e)) for s, e, c, *_ in ref.gold
                  if categories is None or str(c).upper() in categories]
    ents = [Entity(t, c, (probes or {}).get(t.strip()) if not ref.gold else None)
            for t, c in entities]
    # entities already inside a gold span are found there
    means = ("exact", "date") if ref.gold else masking.ALL_MEANS
    loc = masking.locate_entities(ref.text, ents, means=means) if ents else masking.Located()
    spans += loc.spans
    missed = 0 if ref.gold else len(loc.missed)
    return masking.union(spans), missed


def score_document(doc: Document, refs: Optional[ReferenceDoc], hyps: Sequence[Hypothesis],
                   direction: str, categories=None) -> List[dict]:
    """Per-segment rows (masked hypothesis and reference) for every hypothesis of a document.
    ``refs`` None means ``--reference self``: each engine's ``original`` run is the reference."""
    rows: List[dict] = []
    originals = {h.engine: h for h in hyps if internal_method(h.method) == "none"}
    ref_cache: Dict[int, Tuple[str, str, int]] = {}
    masked: Dict[tuple, str] = {}

    def mask(text: str, spans) -> str:
        # every method of a segment masks the same source and reference, and most the same
        # hypothesis (a segment without entities): each (text, spans) once
        key = (text, tuple(map(tuple, spans)))
        out = masked.get(key)
        if out is None:
            out = masked[key] = masking.mask(text, spans)
        return out

    for h in sorted(hyps, key=lambda h: (h.engine, h.method)):
        base_of = originals.get(h.engine)
        for idx in sorted(h.segments):
            hs = h.segments[idx]
            hyp_spans = hs.spans
            same = base_of.segments.get(idx) if base_of is not None and base_of is not h \
                else None
            if same is not None and same.status != "failed" and same.text == hs.text:
                # The delivered text is the unprotected run's, word for word: it is masked
                # as that run's is.  The two ways of finding masks (where restoration put
                # the originals back; locating them in the unprotected output) disagree on
                # the same text ("Ley española": "española" is found by one only), and
                # identical outputs would score differently; masked scores compare context.
                hyp_spans = same.spans
            if refs is None:
                if base_of is None or idx not in base_of.segments or \
                        base_of.segments[idx].status == "failed":
                    continue
                b = base_of.segments[idx]
                ref_text, ref_spans, ref_missed = b.text, b.spans, b.missed
                alignment = "self"
            else:
                ref = refs.by_index.get(idx)
                if ref is None:
                    continue
                if idx not in ref_cache:
                    probes = next((o.probes for o in originals.values()), {})
                    sp, missed = reference_spans(ref, hs.entities, categories, probes)
                    ref_cache[idx] = (ref.text, sp, missed)
                ref_text, ref_spans, ref_missed = ref_cache[idx]
                alignment = refs.alignment
            rows.append({
                "engine": h.engine, "method": h.method, "direction": direction,
                "document": h.document, "segment": hs.id, "index": idx, "alignment": alignment,
                "source": hs.source, "source_masked": mask(hs.source, hs.source_spans),
                "sent": hs.sent, "output": hs.output,
                "hypothesis": hs.text, "hypothesis_masked": mask(hs.text, hyp_spans),
                "reference": ref_text, "reference_masked": mask(ref_text, ref_spans),
                "status": hs.status, "entities": len(hs.entities), "restored": hs.restored,
                "unresolved": hs.unresolved, "hyp_masks": len(hyp_spans), "hyp_unplaced": hs.missed,
                "ref_masks": len(ref_spans), "ref_unplaced": ref_missed,
            })
    return rows


# --- 4. the report -------------------------------------------------------------------------

STATS = "_stats"     # a row's per-segment statistics, when the pipeline's workers computed them
DELIVERED = "delivered_chrf"


def segment_statistics(row: dict, scorer: metrics.SegmentScorer) -> dict:
    """The row with its statistics under ``STATS``: each chosen metric on the masked pair,
    chrF on the delivered (unmasked) pair."""
    return document_statistics([row], scorer)[0]


def document_statistics(rows: Sequence[dict], scorer: metrics.SegmentScorer,
                        background: Optional[Executor] = None) -> List[dict]:
    """``segment_statistics`` of each row (a document's).  With ``background`` (a thread),
    TER is scored there while this thread scores the other metrics: TER's shift search is
    compiled code that lets go of the GIL (``SegmentScorer.statistics_many``), so the two
    run on two cores."""
    return start_document_statistics(rows, scorer, background).result()


class StartedStatistics:
    """A document's statistics with some metrics still being scored in the background:
    ``done()`` when they are, ``result()`` the rows with their statistics (waiting for
    them).  ``later``: metric name -> [(the pair indices of each distinct pair, a future of
    those pairs' statistics)] over the rows' masked pairs — for chrF, followed by their
    delivered (unmasked) pairs, ``DELIVERED``."""

    def __init__(self, rows, names, stats, delivered,
                 later: Dict[str, List[Tuple[List[List[int]], Future]]]):
        self.rows, self.names = rows, names
        self.stats, self.delivered, self.later = stats, delivered, later

    def done(self) -> bool:
        return all(f.done() for parts in self.later.values() for _, f in parts)

    def result(self) -> List[dict]:
        stats, delivered, n = dict(self.stats), self.delivered, len(self.rows)
        for name, parts in self.later.items():
            got: List[Optional[list]] = [None] * (2 * n if name == "chrf" else n)
            for at, future in parts:
                for pairs_at, st in zip(at, future.result()):
                    for i in pairs_at:
                        got[i] = st
            if name == "chrf":
                got, delivered = got[:n], got[n:]
            stats[name] = got
        out = []
        for i, row in enumerate(self.rows):
            row = dict(row)
            row[STATS] = {name: stats[name][i] for name in self.names}
            row[STATS][DELIVERED] = delivered[i]
            out.append(row)
        return out


def start_document_statistics(rows: Sequence[dict], scorer: metrics.SegmentScorer,
                              background: Optional[Executor] = None,
                              ter_parts: int = 1) -> StartedStatistics:
    """``document_statistics``, returning as soon as the metrics scored here (BLEU) are:
    TER and chrF go on in ``background`` (TER in ``ter_parts`` interleaved parts, each a task
    of its own, for an executor with as many threads), so that the caller can score the
    next document meanwhile.  Both are compiled code that lets go of the GIL
    (``SegmentScorer.statistics_many``): on this thread, chrF (masked and delivered) was
    half of the statistics stage's time while the TER threads waited for work.  The
    statistics are each pair's own: how the pairs are split, and where they are scored,
    changes none of them."""
    masked = [(r["hypothesis_masked"], r["reference_masked"]) for r in rows]
    unmasked = [(r["hypothesis"], r["reference"]) for r in rows]
    stats: Dict[str, List[list]] = {}
    later: Dict[str, List[Tuple[List[List[int]], Future]]] = {}

    def submit(name: str, pairs, parts: int):
        # split by distinct pair: the methods of a document often give the same pair (a
        # segment without entities), which one part scores once and the others not at all
        where: Dict[Tuple[str, str], List[int]] = {}
        for i, pair in enumerate(pairs):
            where.setdefault(pair, []).append(i)
        distinct = list(where)
        parts = max(1, min(parts, len(distinct)))
        later[name] = [([where[pair] for pair in distinct[k::parts]],
                        background.submit(scorer.statistics_many, name, distinct[k::parts]))
                       for k in range(parts)]

    if background is not None:
        if "ter" in scorer.names:
            submit("ter", masked, ter_parts)
        # chrF's masked and delivered pairs in one task: a pair both are (a segment without
        # entities) scored once
        submit("chrf", masked + unmasked, 1)
    for name in scorer.names:
        if name not in later:
            stats[name] = scorer.statistics_many(name, masked)
    delivered = None if "chrf" in later else scorer.statistics_many("chrf", unmasked)
    return StartedStatistics(rows, scorer.names, stats, delivered, later)


def build_report(rows: Sequence[dict], hyps_summary: Sequence[dict], baseline: str = "original",
                 target_lang: str = "", bootstrap_samples: int = 1000, comet=None,
                 names: Sequence[str] = metrics.METRICS) -> dict:
    """``rows``: every per-segment row; ``hyps_summary``: per document × engine × method counts
    (``summarise_hypothesis``).  Sentence scores are added to ``rows`` in place.  Rows that
    carry their statistics (``segment_statistics``) are not scored again: the corpus scores,
    sentence scores and bootstrap are sums and resamples of them."""
    names = tuple(names)
    groups: Dict[Tuple[str, str], Dict[str, List[dict]]] = {}
    for r in rows:
        groups.setdefault((r["engine"], r["direction"]), {}).setdefault(r["method"], []).append(r)
    totals: Dict[Tuple[str, str], dict] = {}
    for s in hyps_summary:
        key = (s["engine"], s["method"])
        from transforms.prism.tradeoff import WordPrivacy
        t = totals.setdefault(key, {"privacy": privacy.PrivacyCounts(), "restored": 0,
                                    "unresolved": 0, "needs_review": 0, "dead_lettered": 0,
                                    "sent": 0, "segments": 0, "documents": 0,
                                    "words": WordPrivacy()})
        t["privacy"].add(privacy.PrivacyCounts(**s["privacy"]))
        t["words"].add(WordPrivacy(**s.get("words", {})))
        for k in ("restored", "unresolved", "needs_review", "dead_lettered", "sent", "segments"):
            t[k] += s[k]
        t["documents"] += 1
    out_rows, significance = [], {}
    for (engine, direction), by_method in sorted(groups.items()):
        # score every method on the same segments: those every method has
        keys = None
        for rs in by_method.values():
            ks = {(r["document"], r["index"]) for r in rs}
            keys = ks if keys is None else keys & ks
        ordered = {m: sorted((r for r in rs if (r["document"], r["index"]) in keys),
                             key=lambda r: (r["document"], r["index"]))
                   for m, rs in by_method.items()}
        any_rows = next(iter(ordered.values()))
        refs = [r["reference_masked"] for r in any_rows]
        scores, cached, memo = {}, {}, {}
        for method, rs in ordered.items():
            hyps = [r["hypothesis_masked"] for r in rs]
            given = all(STATS in r for r in rs)
            stats = {n: [r[STATS][n] for r in rs] for n in names} if given else None
            cached[method] = metrics.SystemScores(hyps, refs, target_lang, memo, names, stats)
            scores[method] = cached[method].corpus()
            sent = cached[method].sentences()
            for i, r in enumerate(rs):
                for name in names:
                    r[name] = sent[name][i]
            chrf = metrics._metric("chrf")
            if given:
                delivered = chrf._aggregate_and_compute([r[STATS][DELIVERED] for r in rs])
            else:
                delivered = chrf.corpus_score([r["hypothesis"] for r in rs],
                                              [[r["reference"] for r in rs]])
            scores[method]["delivered_chrf"] = round(delivered.score, 4)
            if comet is not None:
                sys_score, seg_scores = comet.score([r["source_masked"] for r in rs], hyps, refs)
                scores[method]["comet"] = round(sys_score, 4)
                for r, sc in zip(rs, seg_scores):
                    r["comet"] = round(sc, 4)
        base = baseline if baseline in ordered else sorted(ordered)[0]
        others = [(m, [r["hypothesis_masked"] for r in ordered[m]]) for m in sorted(ordered) if m != base]
        sig = metrics.paired_bootstrap((base, [r["hypothesis_masked"] for r in ordered[base]]),
                                       others, refs, target_lang, bootstrap_samples,
                                       cached) if others and bootstrap_samples > 0 else {}
        significance[f"{engine}|{direction}"] = {"baseline": base,
                                                 "signatures": sig.get("_signatures", {})}
        for method, rs in ordered.items():
            t = totals.get((engine, method))
            row = {"engine": engine, "method": method, "direction": direction,
                   "n_segments": len(rs), "reference": rs[0]["alignment"] if rs else ""}
            for name in names:
                row[name] = scores[method][name]["score"]
                row[f"{name}_signature"] = scores[method][name]["signature"]
                s = sig.get(method, {}).get(name)
                if s is not None:
                    row[f"{name}_p_value"] = s["p_value"]
                    row[f"{name}_ci"] = s["ci"]
            if "comet" in scores[method]:
                row["comet"] = scores[method]["comet"]
                row["comet_model"] = comet.name
            row["delivered_chrf"] = scores[method]["delivered_chrf"]
            row["hyp_masks"] = sum(r["hyp_masks"] for r in rs)
            row["hyp_unplaced"] = sum(r["hyp_unplaced"] for r in rs)
            row["ref_masks"] = sum(r["ref_masks"] for r in rs)
            row["failed_segments"] = sum(1 for r in rs if r["status"] == "failed")
            if t is not None:
                mentions = t["restored"] + t["unresolved"]
                row["restoration_rate"] = (round(t["restored"] / mentions, 4)
                                           if mentions and internal_method(method) != "none" else None)
                row["restored"] = t["restored"]
                row["unresolved"] = t["unresolved"] if internal_method(method) != "none" else 0
                row["needs_review_segments"] = t["needs_review"]
                row["dead_lettered_segments"] = t["dead_lettered"]
                row.update(t["privacy"].rates())
                row.update(t["words"].rates())
            out_rows.append(row)
    return {"rows": out_rows, "significance": significance}


def summarise_hypothesis(h: Hypothesis) -> dict:
    return {"engine": h.engine, "method": h.method, "document": h.document,
            "privacy": dict(vars(h.privacy)), "restored": h.restored,
            "unresolved": h.unresolved, "needs_review": h.needs_review,
            "dead_lettered": h.dead_lettered, "sent": h.sent, "segments": len(h.segments),
            "words": dict(h.words)}
