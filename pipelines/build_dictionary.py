"""Build a pseudonym dictionary for one language (DESIGN.md §2.1, the Tilde paper's §3.1).

    python -m pipelines.build_dictionary --input GLOB --output DIR --lang et \
        [--format auto|conllu|jsonl|text] [--ner given|stanza|gazetteer] [--top-n 150] \
        [--fill-faker PER,ORG,LOC] [--default-features Number=Sing] \
        [--source-name ... --licence ... --attribution ...] [Beam options]

Data flow: input files -> entity Observations (CoNLL-U with ``ner=``/``NE=`` in MISC,
pre-annotated JSONL, or raw text — one document per line, e.g. WMT news-crawl — annotated by
Stanza) -> keyed by (category, lemma) or Wikidata id -> CombinePerKey (counts and forms merge
associatively, so it scales out) -> top N per category (``Top.PerKey``, also a combiner) ->
``DIR/<lang>.json`` (Figure 2 shape) and ``DIR/<lang>.parquet`` (``schemas/dictionary.py``).
"""
from __future__ import annotations

import json
import logging
import posixpath
from typing import Dict, Iterator, List

import apache_beam as beam
from apache_beam.io.filesystems import FileSystems
from apache_beam.options.pipeline_options import SetupOptions

from pipelines.common import UsageError, match_inputs
from pipelines.options import JobOptions, Option, log_level_option
from pipelines.running import pipeline_for
from transforms.dictionary import build, extract
from transforms.dictionary.extract import conllu_chunks
from transforms.dictionary.store import Dictionary

LOG = logging.getLogger("doppel")


OPTIONS = JobOptions(
    "build-dictionary", "Build a pseudonym dictionary for one language from an annotated or "
    "raw corpus: DIR/<lang>.json and .parquet.", module="pipelines.build_dictionary", groups=[
        ("Input and output", [
            Option("--input", "input files: globs, comma-separated (local, gs://..., .gz)",
                   metavar="GLOB", required=True),
            Option("--output", "output directory", metavar="DIR", required=True),
            Option("--lang", "language of the corpus (ISO 639-1)", metavar="LANG",
                   required=True),
            Option("--format", "input format; auto: by extension, anything else raw text "
                   "(one document per line)", default="auto", metavar="FORMAT",
                   choices=("auto", "conllu", "jsonl", "text")),
        ]),
        ("Entities", [
            Option("--ner", "where entities come from: given labels, Stanza NER on raw text, "
                   "or typed proper-noun runs", default="given", metavar="SOURCE",
                   choices=("given", "stanza", "gazetteer")),
            Option("--stanza-dir", "Stanza model directory (default: DOPPEL_STANZA_DIR)",
                   metavar="DIR"),
            Option("--categories", "categories kept, comma-separated",
                   default=",".join(extract.CATEGORIES), metavar="LIST"),
            Option("--default-features", "features a form lacks are taken to have, e.g. "
                   "Number=Sing", default="", metavar="FEATS"),
            Option("--morphology", "features for forms that arrive without them (JSONL "
                   "labels): the language's installed Apertium analyser, as a run describes "
                   "its mentions; auto: where one is installed", default="auto",
                   metavar="SOURCE", choices=("auto", "apertium", "none")),
        ]),
        ("Entries", [
            Option("--top-n", "entries kept per category", default=build.DEFAULT_TOP_N,
                   metavar="N", type=int),
            Option("--fill-faker", "categories filled up to --top-n with Faker names, e.g. "
                   "PER,ORG,LOC", default="", metavar="LIST"),
            Option("--vocabulary", "also keep the language's N most frequent nouns and "
                   "adjectives (wordfreq), described by the analyser, as category WORD: "
                   "stand-ins the engine reads like a name of ordinary words", default=0,
                   metavar="N", type=int),
            Option("--vet-engine", "keep only entries this MT engine passes unchanged, e.g. "
                   "apertium", metavar="NAME"),
            Option("--vet-target", "target language for --vet-engine", metavar="LANG"),
        ]),
        ("Provenance", [
            Option("--source-name", "name of the input corpus, recorded in the file",
                   default="", metavar="TEXT"),
            Option("--licence", "licence of the input data", default="", metavar="TEXT"),
            Option("--attribution", "attribution the licence asks for", default="", metavar="TEXT"),
        ]),
        ("Run", [log_level_option()]),
    ])


def _kind(path: str, fmt: str) -> str:
    if fmt != "auto":
        return fmt
    base = path.lower()
    for suffix in (".gz", ".bz2", ".xz"):
        if base.endswith(suffix):
            base = base[: -len(suffix)]
    if base.endswith(".conllu"):
        return "conllu"
    if base.endswith(".jsonl"):
        return "jsonl"
    return "text"


def _read(path: str) -> str:
    with FileSystems.open(path) as fh:     # compression by extension
        return fh.read().decode("utf-8")


class _ConlluObservations(beam.DoFn):
    def __init__(self, lang: str, ner: str, categories):
        self.lang, self.ner, self.categories = lang, ner, tuple(categories)

    def process(self, chunk: str):
        from transforms.nlp.conllu import read_annotated
        ann = read_annotated(text=chunk, lang=self.lang, tagset="conll")
        if self.ner == "gazetteer":
            from transforms.dictionary import gazetteer
            gazetteer.tag(ann)
        yield from extract.observations_from_annotated(ann, self.categories)


class _AnnotateText(beam.DoFn):
    """Raw text lines -> Stanza (parse + NER, or parse + gazetteer) -> observations."""

    def __init__(self, lang: str, ner: str, model_dir, categories):
        self.lang, self.ner, self.model_dir = lang, ner, model_dir
        self.categories = tuple(categories)
        self.backend = None

    def setup(self):
        from transforms.nlp.stanza_backend import StanzaBackend
        self.backend = StanzaBackend([self.lang], model_dir=self.model_dir,
                                     ner=self.ner == "stanza")

    def process(self, lines: List[str]):
        texts = [l.strip() for l in lines if l.strip()]
        for ann in self.backend.annotate(texts, self.lang):
            if self.ner == "gazetteer":
                from transforms.dictionary import gazetteer
                gazetteer.tag(ann)
            yield from extract.observations_from_annotated(ann, self.categories)


class EntryCombineFn(beam.CombineFn):
    """Observations of one entity -> counts of forms, UPOS, classes (associative)."""

    def create_accumulator(self):
        return build.new_accumulator()

    def add_input(self, acc, obs):
        return build.add(acc, obs)

    def merge_accumulators(self, accs):
        return build.merge(accs)

    def extract_output(self, acc):
        return acc


def _rank(entry):
    # Top.PerKey keeps the largest: more mentions first, then the alphabetically first lemma,
    # so the cut at N is the same on every runner.
    return (entry.count, tuple(-ord(c) for c in entry.lemma))


def parse_features(text: str) -> Dict[str, str]:
    out = {}
    for part in text.split("|") if text else []:
        if "=" not in part:
            raise UsageError(f"--default-features: expected Key=Value, got {part!r}")
        k, v = part.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def _translate_each(engine, texts: List[str], chunk: int = 32) -> Dict[str, str]:
    """Translations by text; a text the engine fails on is simply not vetted (dropped)."""
    from transforms.engines import EngineError
    got: Dict[str, str] = {}
    for i in range(0, len(texts), chunk):
        part = texts[i:i + chunk]
        try:
            got.update(zip(part, engine.translate(part)))
        except EngineError:
            for t in part:
                try:
                    got[t] = engine.translate([t])[0]
                except EngineError:
                    LOG.warning("vetting: the engine failed on %r; entry dropped", t)
    return got


def vet(by_cat: Dict[str, list], opts):
    """Drop entries whose lemma or any form the engine changes (it would translate the
    pseudonym, and restoration could not find it).  Runs on the top entries only."""
    from transforms.engines import create
    engine = create(opts.vet_engine, opts.lang, opts.vet_target or opts.lang)
    try:
        out, dropped = {}, 0
        for cat, entries in by_cat.items():
            ranked = build.top_n(entries, len(entries))
            texts = sorted({t for e in ranked for t in [e.lemma] + [f.form for f in e.forms]})
            got = _translate_each(engine, texts)
            keep = [e for e in ranked
                    if all(got.get(t, "").strip() == t for t in [e.lemma] + [f.form for f in e.forms])]
            dropped += len(ranked) - len(keep)
            out[cat] = keep
        return out, dropped
    finally:
        engine.close()


def _morphology_provenance(opts) -> dict:
    if not getattr(opts, "morphology", None) or not _morphology(opts):
        return {}
    from transforms.nlp.apertium_morphology import analyser_command
    cmd = analyser_command(opts.lang)
    return {"analyser": "apertium lt-proc " + " ".join(cmd),
            "package": posixpath.basename(posixpath.dirname(cmd[-1]))}


def make_dictionary(entries, opts, sources: List[str]) -> Dictionary:
    by_cat: Dict[str, list] = {}
    for e in entries:
        by_cat.setdefault(e.category, []).append(e)
    defaults = parse_features(opts.default_features)
    fill = [c.strip().upper() for c in opts.fill_faker.split(",") if c.strip()]

    def faker_features(name: str, gender: str) -> Dict[str, str]:
        return {"Gender": gender} if gender and defaults else {}

    vetted_out = 0
    if opts.vet_engine:
        by_cat, vetted_out = vet(by_cat, opts)
    final = build.finalize(by_cat, opts.top_n, fill, faker_features)
    if fill and _morphology(opts):
        extract.describe_entries([e for es in final.values() for e in es
                                  if e.source == "faker"], opts.lang)
    vocabulary = {}
    if getattr(opts, "vocabulary", 0):
        if not _morphology(opts):
            raise UsageError("--vocabulary needs the language's Apertium analyser "
                             "(--morphology apertium)")
        import wordfreq
        words = extract.vocabulary_entries(opts.lang, opts.vocabulary)
        final[extract.VOCABULARY_CATEGORY] = words
        vocabulary = {"source": f"wordfreq {wordfreq.__version__ if hasattr(wordfreq, '__version__') else ''}".strip() + f" top_n_list({opts.lang!r}, {opts.vocabulary})",
                      "kept": len(words),
                      "licence": "wordfreq word lists: CC BY-SA 4.0 (Robyn Speer et al.); "
                                 "only which words are frequent is used, each described by "
                                 "the Apertium analyser (GPL data, not copied)"}
    for es in final.values():
        for e in es:
            for f in e.forms:
                for k, v in defaults.items():
                    f.features.setdefault(k, v)
    from transforms.pseudonyms.fallback import fallback_lists  # noqa: F401
    import faker
    provenance = {
        "built_by": "pipelines.build_dictionary",
        "sources": sources,
        "source_name": opts.source_name,
        "licence": opts.licence,
        "attribution": opts.attribution,
        "ner": opts.ner,
        "morphology": _morphology_provenance(opts),
        "top_n": opts.top_n,
        "default_features": defaults,
        "vetted": ({"engine": opts.vet_engine, "target": opts.vet_target,
                    "dropped": vetted_out} if opts.vet_engine else {}),
        "faker_fill": {"categories": fill, "faker": faker.VERSION,
                       "list": "resources/pseudonyms/fallback.json (vetted with Apertium)",
                       "licence": "Faker is MIT-licensed"} if fill else {},
        "entries": {c: {src: n for src, n in (
                            ("corpus", sum(1 for e in es if e.source == "corpus")),
                            ("faker", sum(1 for e in es if e.source == "faker")),
                            ("vocabulary", sum(1 for e in es if e.source == "vocabulary")))
                            if n or src != "vocabulary"}
                    for c, es in final.items()},
        "vocabulary": vocabulary,
    }
    return Dictionary(lang=opts.lang, entries=final, provenance=provenance)


def _morphology(opts) -> bool:
    """Whether JSONL forms get features from the installed Apertium analyser."""
    if opts.morphology == "none":
        return False
    from transforms.nlp.apertium_morphology import analyser_command
    if analyser_command(opts.lang) is None:
        if opts.morphology == "apertium":
            raise UsageError(f"--morphology apertium: no Apertium analyser for {opts.lang!r} "
                             "is installed (apt-get install apertium-<pair>)")
        return False
    return True


def build_graph(p: beam.Pipeline, opts, paths: List[str]):
    cats = [c.strip().upper() for c in opts.categories.split(",") if c.strip()]
    kinds = {path: _kind(path, opts.format) for path in paths}
    text_paths = [pth for pth, k in kinds.items() if k == "text"]
    file_paths = [pth for pth, k in kinds.items() if k != "text"]
    if text_paths and opts.ner == "given":
        raise UsageError("raw text has no entities: use --ner stanza (or gazetteer) for "
                         + ", ".join(text_paths[:3]))
    parts = []
    if file_paths:
        conllu = [pth for pth in file_paths if kinds[pth] == "conllu"]
        jsonl = [pth for pth in file_paths if kinds[pth] == "jsonl"]
        if conllu:
            parts.append(p | "ConlluFiles" >> beam.Create(conllu)
                         | "ReadConllu" >> beam.FlatMap(lambda pth: conllu_chunks(_read(pth)))
                         | "Reshuffle" >> beam.Reshuffle()
                         | "ConlluEntities" >> beam.ParDo(_ConlluObservations(opts.lang, opts.ner,
                                                                               cats)))
        if jsonl:
            lang, morph = opts.lang, _morphology(opts)
            parts.append(p | "JsonlFiles" >> beam.Create(jsonl)
                         | "JsonlEntities" >> beam.FlatMap(
                             lambda pth: extract.with_morphology(
                                 list(extract.observations_from_jsonl(_read(pth), cats, pth)),
                                 lang) if morph else
                             extract.observations_from_jsonl(_read(pth), cats, pth)))
    for i, pth in enumerate(text_paths):
        parts.append(p | f"ReadText{i}" >> beam.io.ReadFromText(pth)
                     | f"Batch{i}" >> beam.BatchElements(min_batch_size=16, max_batch_size=256)
                     | f"Annotate{i}" >> beam.ParDo(_AnnotateText(opts.lang, opts.ner,
                                                                  opts.stanza_dir, cats)))
    observations = parts | "AllObservations" >> beam.Flatten() if len(parts) > 1 else parts[0]
    sources = sorted(posixpath.basename(pth.replace("\\", "/")) for pth in paths)
    output = opts.output

    def write(entries):
        d = make_dictionary(entries, opts, sources)
        for name, data in ((f"{opts.lang}.json", d.to_json().encode("utf-8")),
                           (f"{opts.lang}.parquet", d.to_parquet())):
            with FileSystems.create(FileSystems.join(output, name)) as fh:
                fh.write(data)
        return d.provenance["entries"]

    return (observations
            | "ByEntity" >> beam.Map(lambda o: (o.key(), o))
            | "CountForms" >> beam.CombinePerKey(EntryCombineFn())
            | "ToEntry" >> beam.MapTuple(lambda key, acc: (key[0], build.to_entry(key[0], acc)))
            # a pseudonym must look like a name: "intra-Community", "spanska regionen
            # Valencia" and "die Bundesrepublik Deutschland" are no pseudonyms
            | "NameLike" >> beam.Filter(lambda kv: kv[1].lemma[:1].isupper()
                                        or kv[1].lemma[:1].isdigit())
            | "TopPerCategory" >> beam.combiners.Top.PerKey(opts.top_n, key=_rank)
            | "Entries" >> beam.FlatMap(lambda kv: kv[1])
            | "Collect" >> beam.combiners.ToList()
            | "Write" >> beam.Map(write))


def run(argv=None) -> int:
    opts, options = OPTIONS.parse(argv)
    options.view_as(SetupOptions).save_main_session = False
    if opts.top_n < 1:
        raise UsageError("--top-n must be at least 1")
    parse_features(opts.default_features)
    paths = match_inputs(opts.input)
    with pipeline_for(options) as p:
        build_graph(p, opts, paths)
    print(f"doppel: dictionary for {opts.lang} from {len(paths)} file(s) -> "
          f"{opts.output}/{opts.lang}.json, {opts.lang}.parquet")
    return 0


if __name__ == "__main__":
    from pipelines.cli import exit_with
    exit_with(run())
