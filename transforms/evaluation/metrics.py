"""Scores through sacrebleu (BLEU, chrF, TER with their signatures), paired bootstrap
significance between methods (``sacrebleu.significance``), sentence-level scores, and COMET
when a model path is given (pure; COMET is imported only when asked for)."""
from __future__ import annotations

import os
import threading
from typing import Dict, List, Optional, Sequence, Tuple

from sacrebleu.metrics import BLEU

from transforms.evaluation.fast_chrf import CHRF
from transforms.evaluation.fast_ter import TER

METRICS = ("bleu", "chrf", "ter")
HIGHER_IS_BETTER = {"bleu": True, "chrf": True, "ter": False, "comet": True}
# what one segment costs to score, for --help: TER's shift search dominates
METRIC_COST = {"bleu": "cheap", "chrf": "cheap",
               "ter": "the costly one: a shift search of up to 1,000 edit distances a segment, "
                      "compiled (about 1-3 ms a segment on poor MT against a human reference; "
                      "sacrebleu's own took 0.3-0.7 s)"}


def parse_metrics(spec: str) -> Tuple[str, ...]:
    """``bleu,chrf,ter`` (any order, any subset) -> the chosen metrics in METRICS order."""
    names = {m.strip().lower() for m in spec.split(",") if m.strip()}
    unknown = sorted(names - set(METRICS))
    if unknown or not names:
        raise ValueError(f"unknown metric(s) {', '.join(unknown) or '(none given)'} "
                         f"(known: {', '.join(METRICS)})")
    return tuple(m for m in METRICS if m in names)


def _metric(name: str, target_lang: str = ""):
    if name == "bleu":
        # sacrebleu picks its tokenizer from the target language (zh/ja/ko need their own)
        m = BLEU(trg_lang=target_lang) if target_lang else BLEU()
    elif name == "chrf":
        # sacrebleu's chrF, its n-grams counted compiled (fast_chrf): the same statistics
        # and signature
        m = CHRF()
    elif name == "ter":
        # sacrebleu's TER, its edit rate compiled (fast_ter): the same statistics and signature
        m = TER()
    else:
        raise ValueError(f"unknown metric {name!r}")
    # one reference per segment; set here, not only by extraction, so that a metric whose
    # statistics all come from elsewhere (a memo, the pipeline's workers) has a signature
    m.num_refs = 1
    return m


def corpus_scores(hyps: Sequence[str], refs: Sequence[str], target_lang: str = ""
                  ) -> Dict[str, Dict[str, object]]:
    """{metric: {"score": float, "signature": str}} over the whole set (one reference)."""
    return SystemScores(hyps, refs, target_lang).corpus()


def sentence_scores(hyps: Sequence[str], refs: Sequence[str], target_lang: str = ""
                    ) -> Dict[str, List[float]]:
    return SystemScores(hyps, refs, target_lang).sentences()


class SegmentScorer:
    """Per-segment sufficient statistics, one (hypothesis, reference) pair at a time — what
    the pipeline's workers compute in parallel; summing them gives sacrebleu's corpus score.
    ``cache`` maps (metric signature, hypothesis, reference) to statistics: a pair seen
    before (another method's identical output, a previous run's) is not scored again."""

    def __init__(self, target_lang: str = "", names: Sequence[str] = METRICS,
                 cache: Optional[Dict[tuple, list]] = None):
        self.names = tuple(names)
        # chrF always: the delivered (unmasked) text's chrF is part of every report
        self.metrics = {name: _metric(name, target_lang) for name in set(self.names) | {"chrf"}}
        self.signatures = {name: str(m.get_signature()) for name, m in self.metrics.items()}
        self.cache = {} if cache is None else cache
        self.computed = 0
        # TER is scored on a thread of its own (score.document_statistics): the count of
        # what was computed is shared
        self._counting = threading.Lock()
        self._refs: Dict[tuple, dict] = {}

    def _reference(self, name: str, ref: str) -> dict:
        """sacrebleu's ``_cache_references`` for one reference, kept: every method of a
        segment is scored against the same reference (n-grams extracted once)."""
        key = (name, ref)
        info = self._refs.get(key)
        if info is None:
            if len(self._refs) > 20000:
                self._refs.clear()
            m = self.metrics[name]
            info = self._refs[key] = m._extract_reference_info([m._preprocess_segment(ref)])
        return info

    def statistics(self, name: str, hyp: str, ref: str) -> list:
        return self.statistics_many(name, [(hyp, ref)])[0]

    def statistics_many(self, name: str, pairs: Sequence[Tuple[str, str]]) -> List[list]:
        """``statistics`` of each (hypothesis, reference) pair.  TER's edit rates are
        computed together, in one compiled call that lets go of the GIL (``fast_ter``): a
        thread scoring TER this way leaves the interpreter to the others."""
        m = self.metrics[name]
        # chrF's counts compiled (fast_chrf) need no reference n-grams of sacrebleu's
        counted = isinstance(m, CHRF) and m.compiled
        out: List[Optional[list]] = []
        todo: Dict[tuple, List[int]] = {}
        for hyp, ref in pairs:
            key = (self.signatures[name], hyp, ref)
            st = self.cache.get(key)
            if st is None and hyp == ref and not counted:
                st = self._store(key, _identical(m, name, self._reference(name, ref)))
            if st is None:
                todo.setdefault(key, []).append(len(out))
            out.append(st)
        if todo:
            # sacrebleu's ``_extract_corpus_statistics`` for these pairs
            keys = list(todo)
            hyps = [m._preprocess_segment(hyp) for _, hyp, _ in keys]
            if counted:
                got = m.segments_statistics(hyps, [m._preprocess_segment(ref)
                                                   for _, _, ref in keys])
            elif isinstance(m, TER):
                got = m.segments_statistics(hyps, [self._reference(name, ref)
                                                   for _, _, ref in keys])
            else:
                got = [m._compute_segment_statistics(h, self._reference(name, ref))
                       for h, (_, _, ref) in zip(hyps, keys)]
            for key, st in zip(keys, got):
                st = self._store(key, st)
                for i in todo[key]:
                    out[i] = st
        return out

    def _store(self, key: tuple, st: list) -> list:
        st = [x.item() if hasattr(x, "item") else x for x in st]
        self.cache[key] = st
        with self._counting:
            self.computed += 1
        return st


def _identical(metric, name: str, ref_info: dict) -> list:
    """The statistics sacrebleu gives a hypothesis identical to its one reference, read off
    the reference's own n-grams (``_reference``): every n-gram matches, no edit is needed.
    Exactly what ``_compute_segment_statistics`` returns for it (a test compares them on
    real segments), without extracting the same n-grams a second time — a self-reference
    run scores the unprotected output against itself, and every method's segments without
    entities come out the same."""
    if name == "chrf":
        out = []
        for counter in ref_info["ref_ngrams"][0]:
            s = sum(counter.values())
            out += [s, s, s]
        return out
    if name == "bleu":
        length = ref_info["ref_lens"][0]
        totals = [0] * metric.max_ngram_order
        for ngram, count in ref_info["ref_ngrams"].items():
            totals[len(ngram) - 1] += count
        return [length, length] + totals + totals
    if name == "ter":
        return [0, float(len(ref_info["ref_words"][0]))]
    raise ValueError(f"unknown metric {name!r}")


class SystemScores:
    """One system's sacrebleu sufficient statistics per segment, extracted once (TER's are
    the expensive ones) and reused for the corpus score, the sentence scores and the paired
    bootstrap (which resamples them and never rescores a segment)."""

    def __init__(self, hyps: Sequence[str], refs: Sequence[str], target_lang: str = "",
                 memo: Optional[Dict[tuple, list]] = None, names: Sequence[str] = METRICS,
                 stats: Optional[Dict[str, List[list]]] = None):
        """``memo`` (shared between the systems of one comparison) keeps the statistics of
        each (metric, hypothesis, reference) pair: methods give the same output wherever a
        segment has no entity, and those segments are scored once.  ``stats``: the
        statistics already computed (by the pipeline's workers), one list per metric."""
        self.target_lang = target_lang
        self.names = tuple(names)
        self.metrics = {name: _metric(name, target_lang) for name in self.names}
        self.stats = {}
        if stats is not None:
            self.stats = {name: list(stats[name]) for name in self.names}
            self.n = len(next(iter(self.stats.values()))) if self.stats else 0
            return
        memo = {} if memo is None else memo
        for name, m in self.metrics.items():
            todo = sorted({(h, r) for h, r in zip(hyps, refs) if (name, h, r) not in memo})
            if todo:
                got = m._extract_corpus_statistics([h for h, _ in todo], [[r for _, r in todo]])
                for pair, st in zip(todo, got):
                    memo[(name,) + pair] = st
            self.stats[name] = [memo[(name, h, r)] for h, r in zip(hyps, refs)]
        self.n = len(hyps)

    def corpus(self) -> Dict[str, Dict[str, object]]:
        out = {}
        for name, m in self.metrics.items():
            score = m._aggregate_and_compute(self.stats[name])
            out[name] = {"score": round(float(score.score), 4), "signature": str(m.get_signature())}
        return out

    def sentences(self) -> Dict[str, List[float]]:
        # sacrebleu's sentence BLEU uses effective order; the statistics are the same
        sentence_metric = {"bleu": BLEU(trg_lang=self.target_lang, effective_order=True)
                           if self.target_lang else BLEU(effective_order=True),
                           "chrf": self.metrics.get("chrf"), "ter": self.metrics.get("ter")}
        return {name: [round(float(sentence_metric[name]._compute_score_from_stats(st).score), 4)
                       for st in self.stats[name]] for name in self.names}


def paired_bootstrap(baseline: Tuple[str, Sequence[str]], systems: Sequence[Tuple[str, Sequence[str]]],
                     refs: Sequence[str], target_lang: str = "", n_samples: int = 1000,
                     cached: Optional[Dict[str, "SystemScores"]] = None
                     ) -> Dict[str, Dict[str, Dict[str, float]]]:
    """Paired bootstrap resampling of each system against ``baseline`` on the same segments:
    sacrebleu's ``significance._paired_bs_test`` (Moses' bootstrap-hypothesis-difference-
    significance; same seed, same resamples for every system, sacrebleu's p-value and CI
    helpers), run on statistics extracted once (``cached``: name -> SystemScores).
    Returns {system: {metric: {"p_value", "mean", "ci"}}} (the baseline: mean/ci only) and
    the test's signatures under ``"_signatures"``."""
    import numpy as np
    from sacrebleu.significance import _compute_p_value, estimate_ci

    if not refs:
        return {}
    cached = dict(cached or {})
    for name, hyps in [baseline] + list(systems):
        if name not in cached:
            cached[name] = SystemScores(hyps, refs, target_lang)
    names = cached[baseline[0]].names
    seed_env = os.environ.get("SACREBLEU_SEED", "12345")
    seed = None if seed_env.lower() == "none" else int(seed_env)
    n = len(refs)
    idxs = np.random.default_rng(seed).choice(n, size=(n_samples, n), replace=True)
    base = cached[baseline[0]]
    out: Dict[str, Dict[str, Dict[str, float]]] = {}
    sigs = {}

    # how often each segment is drawn in each resample: one matrix product per system and
    # metric gives every resample's summed statistics
    drawn = np.bincount((idxs + n * np.arange(n_samples)[:, None]).ravel(),
                        minlength=n_samples * n).reshape(n_samples, n).astype(np.float64)

    def resampled(metric, stats):
        arr = np.asarray(stats, dtype="float32")
        return np.array([metric._compute_score_from_stats(s).score
                         for s in resampled_sums(arr, idxs, drawn)])

    for mname in names:
        metric = base.metrics[mname]
        bl_stats = base.stats[mname]
        bl_score = metric._aggregate_and_compute(bl_stats).score
        scores_bl = resampled(metric, bl_stats)
        mean, ci = estimate_ci(scores_bl)
        out.setdefault(baseline[0], {})[mname] = {"p_value": None, "mean": round(float(mean), 4),
                                                  "ci": round(float(ci), 4)}
        for name, _ in systems:
            sys_stats = cached[name].stats[mname]
            sys_score = metric._aggregate_and_compute(sys_stats).score
            scores_sys = resampled(metric, sys_stats)
            diff = abs(bl_score - sys_score)
            sample_diffs = np.abs(scores_sys - scores_bl)
            p = _compute_p_value(sample_diffs - sample_diffs.mean(), diff)
            smean, sci = estimate_ci(scores_sys)
            out.setdefault(name, {})[mname] = {"p_value": round(float(p), 4),
                                               "mean": round(float(smean), 4),
                                               "ci": round(float(sci), 4)}
        sig = metric.get_signature()
        sig.update("seed", str(seed).lower())
        sig.update("bs", n_samples)
        sigs[mname] = str(sig)
    out["_signatures"] = sigs
    return out


def resampled_sums(arr, idxs, drawn) -> list:
    """``arr[row].sum(0)`` (float32) for each resample ``row`` of ``idxs``, as sacrebleu sums
    them, from ``drawn`` (how often each segment is in each resample) in one matrix product.
    The statistics are counts: whole and not negative.  In float64 the product is exact;
    where every resample's total stays below 2**24, so does each float32 partial sum of
    sacrebleu's, in whatever order, and both give the same float32 numbers.  Otherwise (or
    for statistics that are not counts) sacrebleu's own loop."""
    import numpy as np
    if arr.ndim == 2 and arr.size and bool(np.all(arr >= 0)) \
            and bool(np.all(arr == np.floor(arr))):
        sums = drawn @ arr.astype(np.float64)
        if float(sums.max()) < 2 ** 24:
            return list(sums.astype(np.float32))
    return [arr[row].sum(0) for row in idxs]


class CometScorer:
    """COMET (Unbabel) from a local checkpoint: ``path`` is a ``.ckpt`` file or a model
    directory holding ``checkpoints/model.ckpt``.  Needs ``pip install unbabel-comet``; the
    model must be downloaded beforehand (``comet`` fetches it from the Hugging Face hub when
    online) — nothing is downloaded here."""

    def __init__(self, path: str, batch_size: int = 16):
        ckpt = path
        if os.path.isdir(path):
            ckpt = os.path.join(path, "checkpoints", "model.ckpt")
        if not os.path.isfile(ckpt):
            raise RuntimeError(f"COMET model not found at {ckpt!r}: download it when online "
                               f"(e.g. `comet-score` or huggingface-cli download "
                               f"Unbabel/wmt22-comet-da) and pass its directory")
        try:
            from comet import load_from_checkpoint
        except ImportError as exc:
            raise RuntimeError(f"COMET needs the unbabel-comet package ({exc}); "
                               f"pip install unbabel-comet") from None
        self.model = load_from_checkpoint(ckpt)
        self.batch_size = batch_size
        self.name = os.path.basename(os.path.normpath(path))

    def score(self, sources: Sequence[str], hyps: Sequence[str], refs: Sequence[str]
              ) -> Tuple[float, List[float]]:
        data = [{"src": s, "mt": h, "ref": r} for s, h, r in zip(sources, hyps, refs)]
        out = self.model.predict(data, batch_size=self.batch_size, gpus=0, progress_bar=False)
        return float(out.system_score), [float(x) for x in out.scores]
