"""The main job: protect, machine-translate, restore, write.

    python -m pipelines.translate --input GLOB --output DIR --source-lang en --target-lang es \
        --engine apertium [--method pseudonym|asterisk|category|category-id|category-id-grammar|tags|none]
        [--dictionary auto|none|PATH] [--vault DIR] [Beam options]
        [--method prism-r|prism-star|prism-nested|prism-mix --prism-ratio R
         --entities pseudonym|none...]

Data flow: input files -> ReadDocuments -> ProtectDocuments -> TranslateDocuments (MT,
restoration; the translated files and the audit log of every payload sent), with the counts
and failures to WriteSummary.
"""
from __future__ import annotations

from typing import Optional

from pipelines import imports_frozen

# Run as the job's process (python -m pipelines.translate), the imports below are frozen out
# of garbage collection (``imports_frozen``; 1.1 -> 0.7 s CPU to a refused run), and
# ``running.fewer_collections`` then finds them frozen already.  Imported (a test, the
# console script, which does the same itself), the module leaves the collector alone.
with imports_frozen(__name__ == "__main__"):
    import apache_beam as beam
    from apache_beam.options.pipeline_options import SetupOptions

    from pipelines.common import (UsageError, check_dictionary, check_output_dir,
                                  match_inputs, outcome_exit_code, pipeline_secret,
                                  read_deny_list)
    from pipelines.options import JobOptions, Option, log_level_option, progress_option
    from pipelines.running import fewer_collections, run_documents_job, submits_nothing
    from transforms.beam import (FAILURES, EntityForms, Outcomes, ProtectDocuments,
                                 ReadDocuments, TranslateDocuments, WriteSummary)
    from transforms.engines import ENGINES
    from transforms.stages import RetryPolicy
    from transforms.protect import DEFAULT_CATEGORIES, ProtectOptions
    from transforms.pseudonyms import METHODS
    from transforms.prism.mechanism import METHODS as PRISM_METHODS
    from transforms.vault import VaultError, WriteVaultFn, vault_key


OPTIONS = JobOptions(
    "translate", "Protect the personal data in documents, machine-translate them, put the "
    "originals back and write them, with an audit log of every payload sent.",
    module="pipelines.translate", groups=[
        ("Input and output", [
            Option("--input", "input files: globs, comma-separated (local, gs://...)",
                   metavar="GLOB", required=True),
            Option("--output", "output directory: translations, audit/, summary.json",
                   metavar="DIR", required=True),
            Option("--source-lang", "language of the documents (ISO 639-1)", metavar="LANG",
                   required=True),
            Option("--target-lang", "language to translate into", metavar="LANG",
                   required=True),
        ]),
        ("Machine translation", [
            Option("--engine", "MT engine: apertium (offline), apertium-apy, deepl, google, "
                   "azure, modernmt, libretranslate, openai, record...", default="apertium",
                   metavar="NAME"),
            Option("--engine-option", "engine setting KEY=VALUE (endpoint, model, instances...); "
                   "repeatable; API keys only from the environment", metavar="KEY=VALUE",
                   repeatable=True),
            Option("--apertium-pair", "Apertium pair to use instead of SRC-TGT's own",
                   metavar="PAIR"),
            Option("--max-batch", "segments per MT request, cut from one document (default: "
                   "the engine's own maximum, 200 for Apertium)", metavar="N", type=int),
            Option("--max-attempts", "attempts per MT request before its segments are "
                   "dead-lettered", default=5, metavar="N", type=int),
            Option("--cache-dir", "persistent translation cache (sqlite): nothing is sent twice",
                   metavar="DIR"),
        ]),
        ("Protection", [
            Option("--method", "what replaces an entity; or prism-r / prism-star / "
                   "prism-nested / prism-mix: PRISM on the other words too, the entities as "
                   "--entities says", default="pseudonym", metavar="METHOD",
                   choices=tuple(METHODS) + PRISM_METHODS),
            Option("--entities", "with a PRISM method: what replaces an entity (none: "
                   "PRISM alone, entities sent as they are)", default="pseudonym",
                   metavar="METHOD", choices=METHODS),
            Option("--prism-ratio", "PRISM's r: the share of words substituted (PRISM-R: "
                   "each word's chance; prism-mix: the chance of PRISM-R's uniform draw, "
                   "else the word's fixed substitute; epsilon in summary.json)", default=0.3,
                   metavar="R", type=float),
            Option("--word-dictionary", "PRISM's word translation dictionary: auto (the "
                   "shipped one for the pair) or a .json/.parquet file "
                   "(pipelines.build_word_dictionary)", default="auto", metavar="SPEC"),
            Option("--categories", "entity categories to protect, comma-separated, or all",
                   default=",".join(DEFAULT_CATEGORIES), metavar="LIST"),
            Option("--detectors", "detection beside given labels: auto, or of identifiers,"
                   "heuristic,stanza; none", default="auto", metavar="LIST"),
            Option("--deny-list", "always-mask list, one 'text<TAB>CATEGORY' per line",
                   metavar="FILE"),
            Option("--allow-list", "never-mask list, one text per line", metavar="FILE"),
            Option("--propagation-scope", "mask each entity string wherever it occurs in its "
                   "document, or in the whole run", default="corpus", metavar="SCOPE",
                   choices=("document", "corpus")),
            Option("--pseudonym-scope", "one pseudonym per entity per document, or per run",
                   default="document", metavar="SCOPE", choices=("document", "corpus")),
            Option("--dictionary", "pseudonym dictionary: auto (shipped, per source language), "
                   "none, or a .json/.parquet file", default="auto", metavar="SPEC"),
        ]),
        ("Restoration and records", [
            Option("--align-model", "local simalign model directory: word alignment places "
                   "what nothing else finds", metavar="DIR"),
            Option("--vault", "write each document's original<->pseudonym assignments, "
                   "encrypted (key: DOPPEL_VAULT_KEY)", metavar="DIR"),
        ]),
        ("Run", [log_level_option(), progress_option()]),
    ],
    notes=["Environment: DOPPEL_SECRET (reproducible pseudonyms), DOPPEL_VAULT_KEY, the "
           "engines' API keys (README)."])


def build(p: beam.Pipeline, opts, paths, secret: bytes, outcomes: Optional[Outcomes] = None,
          started_at: Optional[float] = None):
    categories = None if opts.categories.strip().lower() == "all" else tuple(
        c.strip().upper() for c in opts.categories.split(",") if c.strip())
    deny = read_deny_list(opts.deny_list) if opts.deny_list else []
    allow = tuple(t for t, _ in read_deny_list(opts.allow_list, categories=False)) \
        if opts.allow_list else ()
    both = {t.casefold() for t, _ in deny} & {t.casefold() for t in allow}
    if both:
        raise UsageError(f"on both the deny list and the allow list: {', '.join(sorted(both))}")
    words = opts.method if opts.method in PRISM_METHODS else ""
    protect_options = ProtectOptions(method=opts.entities if words else opts.method,
                                     secret=secret, categories=categories,
                                     words=words, prism_ratio=opts.prism_ratio,
                                     word_dictionary=opts.word_dictionary,
                                     scope=opts.pseudonym_scope, allow=allow,
                                     detectors=tuple(d.strip() for d in opts.detectors.split(",")
                                                     if d.strip() and d.strip() != "none"),
                                     dictionary=opts.dictionary)
    engine_options = {"apertium_pair": opts.apertium_pair} if opts.apertium_pair else {}
    for item in opts.engine_option:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--engine-option expects KEY=VALUE, got {item!r}")
        engine_options[key.strip()] = value
    inputs = p | "ListInputs" >> beam.Create(paths)
    corpus_scope = opts.propagation_scope == "corpus"
    forms = None
    if corpus_scope:
        # The run's entity strings from a read of their own: protection needs them all before
        # its first document, and taken from the documents it protects they kept every
        # document in memory until then (the job's peak RSS grew 252 -> 338 MB from 60 to
        # 600 documents).  The reshuffle below keeps the second read out of this one's stage,
        # so that documents are read where they are protected and translated, one at a time.
        forms = ((inputs | "ReadForEntityForms" >> ReadDocuments(opts.source_lang,
                                                                 opts.target_lang)).documents
                 | "EntityForms" >> EntityForms(categories))
        inputs = inputs | "SpreadInputs" >> beam.Reshuffle()
    docs = inputs | "ReadDocuments" >> ReadDocuments(opts.source_lang, opts.target_lang, outcomes)
    protected = docs.documents | "ProtectDocuments" >> ProtectDocuments(
        protect_options, opts.engine, corpus_scope=corpus_scope, deny=deny,
        emit_requests=False, outcomes=outcomes, corpus_forms=forms)
    if opts.vault:
        protected.protected | "WriteVault" >> beam.ParDo(WriteVaultFn(opts.vault))
    written = protected.protected | "TranslateDocuments" >> TranslateDocuments(
        opts.engine, opts.source_lang, opts.target_lang, engine_options, opts.max_batch,
        cache_dir=opts.cache_dir, policy=RetryPolicy(max_attempts=max(1, opts.max_attempts)),
        output=opts.output, align_model=opts.align_model, outcomes=outcomes)
    ((written.reports, written[FAILURES], protected[FAILURES], docs[FAILURES])
     | "AllOutcomes" >> beam.Flatten()
     | "WriteSummary" >> WriteSummary(opts.output, started_at))


def run(argv=None) -> int:
    opts, options = OPTIONS.parse(argv)
    if opts.engine not in ENGINES:
        raise UsageError(f"unknown engine {opts.engine!r} (known: {', '.join(sorted(ENGINES))})")
    # Workers import the DoFns' modules; ship the main session is not needed (no globals).
    options.view_as(SetupOptions).save_main_session = False
    if "stanza" in opts.detectors.split(","):
        # Fail at start, before anything is read or sent, when the models are not there.
        from transforms.nlp.base import ModelMissingError
        from transforms.nlp.stanza_backend import StanzaBackend
        try:
            StanzaBackend([opts.source_lang])
        except ModelMissingError as exc:
            raise UsageError(str(exc))
    if opts.cache_dir and "://" in opts.cache_dir:
        # sqlite opens local files: a gs:// path would become a directory named 'gs:' on
        # each worker.  Shared between workers means a mount they all see (README).
        raise UsageError(f"--cache-dir {opts.cache_dir}: the cache is a sqlite file, so a "
                         f"directory every worker opens as a local path (on a cluster, a "
                         f"shared mount), not a {opts.cache_dir.split('://')[0]}:// URL")
    paths = match_inputs(opts.input)
    if opts.vault:
        try:
            vault_key()      # fail before any work, never write assignments in clear
        except VaultError as exc:
            raise UsageError(str(exc))
    if opts.method in PRISM_METHODS:
        # fail before any work: a bad ratio, no dictionary for the pair, no tagger
        from transforms.prism.apply import dictionary, resolve as resolve_words
        from transforms.prism.dictionary import WordDictionaryError
        from transforms.prism.tokens import tagger_command
        if not 0 < opts.prism_ratio <= 1:
            raise UsageError(f"--prism-ratio must be in (0, 1], got {opts.prism_ratio}")
        try:
            dictionary(resolve_words(opts.word_dictionary, opts.source_lang, opts.target_lang))
        except WordDictionaryError as exc:
            raise UsageError(str(exc))
        if opts.method != "prism-r" and tagger_command(opts.source_lang) is None:
            raise UsageError(f"--method {opts.method} needs parts of speech: no installed "
                             f"Apertium pair tags {opts.source_lang!r}")
    check_dictionary(opts.dictionary, opts.source_lang)
    if opts.align_model:
        from transforms.evaluation.alignment import AlignerError, SimAligner
        try:
            SimAligner(opts.align_model)     # fail before any work, with the fix
        except AlignerError as exc:
            raise UsageError(str(exc))
    check_output_dir(opts.output)     # last: a refused run leaves no output directory
    secret = pipeline_secret()
    with fewer_collections():
        run_documents_job(options, lambda p, outcomes, started_at: build(
            p, opts, paths, secret, outcomes, started_at), len(paths), opts.progress_interval)
    print(f"doppel: {len(paths)} input file(s) -> {opts.output} "
          f"(summary.json, audit/requests-*.jsonl)")
    if submits_nothing(options):
        return 0                  # a Dataflow job built, not run: there is no summary yet
    return outcome_exit_code(opts.output)     # 3 when a document failed or a segment was dead-lettered


if __name__ == "__main__":
    from pipelines.cli import exit_with
    exit_with(run())
