"""Build PRISM's word translation dictionary by probing an MT engine (DESIGN.md §2.2).

    python -m pipelines.build_word_dictionary --input GLOB --output DIR \
        --source-lang en --target-lang es --engine apertium \
        [--vocabulary-size 2000] [--probes 10] [--cache-dir DIR] [Beam options]

Data flow: corpus files (MultiLeg JSONL ``text`` lines, or plain text one sentence a line)
-> sentences of a probing length -> their words and parts of speech in context (the
source language's Apertium analyser and tagger) -> the vocabulary (the most frequent
content words) and the probes (S, and S_w with one word of w's part of speech replaced by
w) -> every distinct text translated once, batched, through the translation cache -> the
POS of w in each S_w -> p(w, v), L(w), the POS-keyed L(w, s) and c(w, s) ->
``DIR/<src>-<tgt>.json`` and ``.parquet`` (``schemas/word_dictionary.py``), with the
provenance (engine, pair, corpus, counts).

What is sent to the engine is the public probing corpus and copies of its sentences with one
word changed: never a document.
"""
from __future__ import annotations

import json
import posixpath
import random
from typing import Dict, Iterable, List, Tuple

import apache_beam as beam
from apache_beam.io.filesystems import FileSystems
from apache_beam.options.pipeline_options import SetupOptions

from pipelines.common import UsageError, match_inputs
from pipelines.options import JobOptions, Option, log_level_option
from pipelines.running import pipeline_for
from transforms.prism import dictionary as wd
from transforms.prism.tokens import WORD, TaggerMissing, Token, tag, tagger_command

OPTIONS = JobOptions(
    "build-word-dictionary", "Build PRISM's word translation dictionary by probing an MT "
    "engine with a public corpus: DIR/<src>-<tgt>.json and .parquet.",
    module="pipelines.build_word_dictionary", groups=[
        ("Input and output", [
            Option("--input", "probing corpus: globs, comma-separated; .jsonl (a 'text' per "
                   "line) or plain text (a sentence per line)", metavar="GLOB", required=True),
            Option("--output", "output directory", metavar="DIR", required=True),
            Option("--source-lang", "language of the corpus (ISO 639-1)", metavar="LANG",
                   required=True),
            Option("--target-lang", "language the engine translates into", metavar="LANG",
                   required=True),
        ]),
        ("Machine translation", [
            Option("--engine", "MT engine probed (apertium, deepl, openai, ...)",
                   default="apertium", metavar="NAME"),
            Option("--engine-option", "engine setting KEY=VALUE; repeatable", metavar="KEY=VALUE",
                   repeatable=True),
            Option("--cache-dir", "persistent translation cache (sqlite): a rerun sends "
                   "nothing twice", metavar="DIR"),
            Option("--max-batch", "texts per MT request", default=200, metavar="N", type=int),
        ]),
        ("Probing", [
            Option("--vocabulary-size", "|V|: the most frequent content words of the corpus "
                   "probed", default=2000, metavar="N", type=int),
            Option("--probes", "probes (sentence pairs S, S_w) per word", default=10,
                   metavar="N", type=int),
            Option("--min-words", "shortest probing sentence, in words", default=6,
                   metavar="N", type=int),
            Option("--max-words", "longest probing sentence, in words", default=30,
                   metavar="N", type=int),
            Option("--max-sentences", "corpus sentences read (a seeded sample): the "
                   "vocabulary is counted on them, probes use those of a probing length",
                   default=20000, metavar="N", type=int),
            Option("--threshold", "keep v in L(w) when p(w, v) exceeds this", default=2.0,
                   metavar="P", type=float),
            Option("--keep", "longest L(w)", default=5, metavar="N", type=int),
            Option("--seed", "seed of the sentence sample and of the probes", default=0,
                   metavar="N", type=int),
        ]),
        ("Provenance", [
            Option("--source-name", "name of the probing corpus", default="", metavar="TEXT"),
            Option("--licence", "licence of the probing corpus", default="", metavar="TEXT"),
            Option("--attribution", "attribution the licence asks for", default="",
                   metavar="TEXT"),
        ]),
        ("Run", [log_level_option()]),
    ])


def read_sentences(path: str) -> Iterable[str]:
    """A corpus file's sentences: the ``text`` of each JSON line, or each plain line."""
    with FileSystems.open(path) as fh:
        raw = fh.read().decode("utf-8")
    base = path.lower()
    jsonl = (base[:-3] if base.endswith(".gz") else base).endswith(".jsonl")
    for lineno, line in enumerate(raw.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        if jsonl:
            try:
                text = json.loads(line)["text"]
            except (ValueError, KeyError, TypeError):
                raise ValueError(f"{path}:{lineno}: not a JSON line with a 'text'") from None
            if not isinstance(text, str):
                raise ValueError(f"{path}:{lineno}: 'text' is not a string")
            yield text.strip()
        else:
            yield line


class _TagFn(beam.DoFn):
    """Batches of texts -> (text, its words with POS in context)."""

    def __init__(self, lang: str):
        self.lang = lang

    def process(self, texts: List[str]):
        for text, toks in zip(texts, tag(texts, self.lang)):
            yield text, [(t.start, t.end, t.text, t.pos) for t in toks]


class _TranslateFn(beam.DoFn):
    """Batches of texts -> (text, translation), through the translation cache.  A text the
    engine fails on is left out (its probes do not count)."""

    def __init__(self, engine, source, target, engine_options, cache_dir):
        self.args = (engine, source, target, dict(engine_options), cache_dir)

    def setup(self):
        from transforms.cache import open_cache
        from transforms.engines import create
        from transforms.stages import Translator
        engine, source, target, options, cache_dir = self.args
        self.engine = create(engine, source, target, **options)
        self.translator = Translator(self.engine, open_cache(cache_dir))

    def process(self, texts: List[str]):
        from schemas.records import MTRequest
        from transforms import markup
        engine, source, target, _, _ = self.args
        reqs = [MTRequest(document="word-probes", segment=str(i), index=i, engine=engine,
                          source_lang=source, target_lang=target,
                          text=markup.to_markup(t, [])) for i, t in enumerate(texts)]
        for t, resp in zip(texts, self.translator.translate(reqs)):
            if resp.text is not None:
                yield t, markup.from_markup(resp.text, [])[0]
        beam.metrics.Metrics.counter("doppel", "probe_texts").inc(len(texts))

    def teardown(self):
        self.engine.close()
        if self.translator.cache is not None:
            self.translator.cache.close()


def sample(tagged: List[Tuple[str, list]], n: int, seed: int) -> List[Tuple[str, list]]:
    tagged = sorted(tagged)
    random.Random(seed).shuffle(tagged)
    return tagged[:n]


def plan(tagged: List[Tuple[str, list]], opts) -> List[wd.Probe]:
    """The vocabulary from every sentence; the probes in sentences of a probing length."""
    toks = [[Token(*x) for x in tt] for _, tt in tagged]
    vocab = wd.select_vocabulary(toks, opts.vocabulary_size)
    pool = [(t, tk) for (t, _), tk in zip(tagged, toks)
            if opts.min_words <= len(tk) <= opts.max_words]
    return wd.plan_probes([tk for _, tk in pool], [t for t, _ in pool], vocab, opts.probes,
                          opts.seed)


def probe_pos(probe: wd.Probe, tokens: List[tuple]) -> str:
    """The POS the tagger gave w where it was put in S_w (the first occurrence of w that
    is not also in S at the same place)."""
    for start, end, text, pos in tokens:
        if text.lower() == probe.word and probe.base[start:end].lower() != probe.word:
            return pos
    return probe.slot_pos


def build_graph(p: beam.Pipeline, opts, paths: List[str], engine_options: dict):
    tagger = tagger_command(opts.source_lang)
    sentences = (p | "CorpusFiles" >> beam.Create(paths)
                 | "Sentences" >> beam.FlatMap(read_sentences)
                 | "Words" >> beam.Filter(lambda t: WORD.search(t) is not None)
                 | "Distinct" >> beam.Distinct())
    tagged = (sentences
              | "BatchSentences" >> beam.BatchElements(min_batch_size=200, max_batch_size=2000)
              | "Tag" >> beam.ParDo(_TagFn(opts.source_lang))
              | "AllTagged" >> beam.combiners.ToList()
              | "Sample" >> beam.Map(sample, opts.max_sentences, opts.seed))
    probes = tagged | "PlanProbes" >> beam.FlatMap(plan, opts)
    translations = (probes
                    | "ProbeTexts" >> beam.FlatMap(lambda pr: (pr.base, pr.text))
                    | "DistinctTexts" >> beam.Distinct()
                    | "BatchTexts" >> beam.BatchElements(min_batch_size=opts.max_batch,
                                                         max_batch_size=opts.max_batch)
                    | "Translate" >> beam.ParDo(_TranslateFn(
                        opts.engine, opts.source_lang, opts.target_lang, engine_options,
                        opts.cache_dir)))
    positions = (probes
                 | "ProbeSentences" >> beam.Map(lambda pr: pr.text)
                 | "DistinctProbes" >> beam.Distinct()
                 | "BatchProbes" >> beam.BatchElements(min_batch_size=200, max_batch_size=2000)
                 | "TagProbes" >> beam.ParDo(_TagFn(opts.source_lang)))
    output = opts.output
    sources = sorted(posixpath.basename(pth.replace("\\", "/")) for pth in paths)

    def write(probe_list, sampled, translated, tagged_probes):
        from transforms.engines import create
        probe_list = sorted(probe_list, key=lambda pr: (pr.word, pr.sentence, pr.text))
        pos_of = {i: probe_pos(pr, tagged_probes.get(pr.text, []))
                  for i, pr in enumerate(probe_list)}
        engine = create(opts.engine, opts.source_lang, opts.target_lang, **engine_options)
        try:
            identity = engine.cache_identity()
        finally:
            engine.close()
        provenance = {
            "built_by": "pipelines.build_word_dictionary",
            "engine": opts.engine, "engine_identity": identity,
            "source_lang": opts.source_lang, "target_lang": opts.target_lang,
            "corpus": sources, "source_name": opts.source_name, "licence": opts.licence,
            "attribution": opts.attribution, "sentences": len(sampled),
            "texts_translated": len(translated), "probes_per_word": opts.probes,
            "vocabulary_size_asked": opts.vocabulary_size, "seed": opts.seed,
            "tagger": "apertium lt-proc %s | apertium-tagger -g %s" % tuple(
                posixpath.basename(x) for x in tagger),
        }
        d = wd.estimate(probe_list, translated, pos_of, keep=opts.keep,
                        threshold=opts.threshold, provenance=provenance)
        name = f"{opts.source_lang}-{opts.target_lang}"
        for ext, data in (("json", d.to_json().encode("utf-8")), ("parquet", d.to_parquet())):
            with FileSystems.create(FileSystems.join(output, f"{name}.{ext}")) as fh:
                fh.write(data)
        return d.provenance

    return (probes | "AllProbes" >> beam.combiners.ToList()
            | "Estimate" >> beam.Map(write, beam.pvalue.AsSingleton(tagged),
                                     beam.pvalue.AsDict(translations),
                                     beam.pvalue.AsDict(positions)))


def run(argv=None) -> int:
    opts, options = OPTIONS.parse(argv)
    options.view_as(SetupOptions).save_main_session = False
    from transforms.engines import ENGINES
    if opts.engine not in ENGINES:
        raise UsageError(f"unknown engine {opts.engine!r} (known: {', '.join(sorted(ENGINES))})")
    for name in ("vocabulary_size", "probes", "max_batch", "max_sentences", "keep"):
        if getattr(opts, name) < 1:
            raise UsageError(f"--{name.replace('_', '-')} must be at least 1")
    if tagger_command(opts.source_lang) is None:
        raise UsageError(str(TaggerMissing(f"no installed Apertium pair analyses and tags "
                                           f"{opts.source_lang!r}: the dictionary's POS keys "
                                           f"need one")))
    engine_options: Dict[str, str] = {}
    for item in opts.engine_option:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--engine-option expects KEY=VALUE, got {item!r}")
        engine_options[key.strip()] = value
    paths = match_inputs(opts.input)
    with pipeline_for(options) as p:
        build_graph(p, opts, paths, engine_options)
    print(f"doppel: word dictionary {opts.source_lang}->{opts.target_lang} from "
          f"{len(paths)} file(s) -> {opts.output}/{opts.source_lang}-{opts.target_lang}"
          f".json, .parquet")
    return 0


if __name__ == "__main__":
    from pipelines.cli import exit_with
    exit_with(run())
