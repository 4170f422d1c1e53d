"""The main job: protect, machine-translate, restore, write.

    python -m pipelines.translate --input GLOB --output DIR --source-lang en --target-lang es \
        --engine apertium [--method pseudonym|asterisk|category|category-id|category-id-grammar|tags|none]
        [--dictionary auto|none|PATH] [--vault DIR] [Beam options]

Data flow: input files -> ReadDocuments -> ProtectDocuments -> TranslateDocuments (MT,
restoration; the translated files and the audit log of every payload sent), with the counts
and failures to WriteSummary.
"""
from __future__ import annotations

import logging

import apache_beam as beam
from apache_beam.options.pipeline_options import PipelineOptions, SetupOptions

from pipelines.common import (UsageError, check_output_dir, match_inputs, outcome_exit_code,
                              pipeline_secret, read_deny_list)
from transforms.beam import (FAILURES, ProtectDocuments, ReadDocuments, TranslateDocuments,
                             WriteSummary)
from transforms.engines import ENGINES
from transforms.stages import RetryPolicy
from transforms.protect import DEFAULT_CATEGORIES, ProtectOptions
from transforms.dictionary.store import DictionaryError, resolve
from transforms.pseudonyms import METHODS
from transforms.vault import VaultError, WriteVaultFn, vault_key


class TranslateOptions(PipelineOptions):
    @classmethod
    def _add_argparse_args(cls, parser):
        parser.add_argument("--input", required=True, help="input files (glob, comma-separated)")
        parser.add_argument("--output", required=True, help="output directory")
        parser.add_argument("--source-lang", "--source_lang", dest="source_lang", required=True)
        parser.add_argument("--target-lang", "--target_lang", dest="target_lang", required=True)
        parser.add_argument("--engine", default="apertium", help="MT engine")
        parser.add_argument("--method", default="pseudonym", choices=METHODS)
        parser.add_argument("--categories", default=",".join(DEFAULT_CATEGORIES),
                            help="entity categories to protect, comma-separated, or 'all'")
        parser.add_argument("--propagation-scope", "--propagation_scope", dest="propagation_scope",
                            default="corpus", choices=["document", "corpus"],
                            help="mask every occurrence of an entity string found in the same "
                                 "document only, or in any document of the run (default)")
        parser.add_argument("--pseudonym-scope", "--pseudonym_scope", dest="pseudonym_scope",
                            default="document", choices=["document", "corpus"])
        parser.add_argument("--detectors", default="auto",
                            help="detection beside given labels: auto (default: identifiers "
                                 "always, names on unlabelled documents), identifiers, "
                                 "heuristic, stanza (Stanza NER; models from "
                                 "DOPPEL_STANZA_DIR), none; comma-separated")
        parser.add_argument("--deny-list", "--deny_list", dest="deny_list", default=None,
                            help="customer always-mask list: one 'text<TAB>CATEGORY' per line")
        parser.add_argument("--allow-list", "--allow_list", dest="allow_list", default=None,
                            help="customer never-mask list: one text per line (e.g. court "
                                 "names to translate normally); the deny list must not overlap")
        parser.add_argument("--apertium-pair", "--apertium_pair", dest="apertium_pair", default=None)
        parser.add_argument("--max-batch", "--max_batch", dest="max_batch", type=int, default=None,
                            help="segments per MT request, cut from each document alone "
                                 "(default: the engine's own maximum, e.g. 200 for Apertium)")
        parser.add_argument("--cache-dir", "--cache_dir", dest="cache_dir", default=None,
                            help="persistent translation cache (sqlite): a rerun or a repeated "
                                 "segment is never sent twice")
        parser.add_argument("--engine-option", "--engine_option", dest="engine_option",
                            action="append", default=[],
                            help="KEY=VALUE engine option (endpoint URL, model...); repeatable; "
                                 "API keys come from the environment")
        parser.add_argument("--max-attempts", "--max_attempts", dest="max_attempts", type=int,
                            default=5, help="attempts per MT request before dead-lettering")
        parser.add_argument("--dictionary", default="auto",
                            help="pseudonym dictionary for morphology-matched names: auto (the "
                                 "shipped one for the source language), none, or a .json/.parquet "
                                 "file from pipelines.build_dictionary")
        parser.add_argument("--align-model", "--align_model", dest="align_model", default=None,
                            help="simalign model directory (e.g. bert-base-multilingual-cased): "
                                 "word alignment places an original no other means finds "
                                 "(the segment is then marked for review)")
        parser.add_argument("--vault", default=None,
                            help="directory for the run's original<->pseudonym assignments, one "
                                 "AES-GCM encrypted file per document (key: DOPPEL_VAULT_KEY)")


def build(p: beam.Pipeline, opts: TranslateOptions, paths, secret: bytes):
    categories = None if opts.categories.strip().lower() == "all" else tuple(
        c.strip().upper() for c in opts.categories.split(",") if c.strip())
    deny = read_deny_list(opts.deny_list) if opts.deny_list else []
    allow = tuple(t for t, _ in read_deny_list(opts.allow_list, categories=False)) \
        if opts.allow_list else ()
    both = {t.casefold() for t, _ in deny} & {t.casefold() for t in allow}
    if both:
        raise UsageError(f"on both the deny list and the allow list: {', '.join(sorted(both))}")
    protect_options = ProtectOptions(method=opts.method, secret=secret, categories=categories,
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
    docs = p | "ListInputs" >> beam.Create(paths) | "ReadDocuments" >> ReadDocuments(
        opts.source_lang, opts.target_lang)
    protected = docs.documents | "ProtectDocuments" >> ProtectDocuments(
        protect_options, opts.engine, corpus_scope=opts.propagation_scope == "corpus", deny=deny,
        emit_requests=False)
    if opts.vault:
        protected.protected | "WriteVault" >> beam.ParDo(WriteVaultFn(opts.vault))
    written = protected.protected | "TranslateDocuments" >> TranslateDocuments(
        opts.engine, opts.source_lang, opts.target_lang, engine_options, opts.max_batch,
        cache_dir=opts.cache_dir, policy=RetryPolicy(max_attempts=max(1, opts.max_attempts)),
        output=opts.output, align_model=opts.align_model)
    ((written.reports, written[FAILURES], protected[FAILURES], docs[FAILURES])
     | "AllOutcomes" >> beam.Flatten()
     | "WriteSummary" >> WriteSummary(opts.output))


def run(argv=None) -> int:
    logging.basicConfig(level=logging.WARNING)
    options = PipelineOptions(argv)
    opts = options.view_as(TranslateOptions)
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
    paths = match_inputs(opts.input)
    if opts.vault:
        try:
            vault_key()      # fail before any work, never write assignments in clear
        except VaultError as exc:
            raise UsageError(str(exc))
    if opts.dictionary not in ("auto", "none"):
        try:
            resolve(opts.dictionary, opts.source_lang)
        except DictionaryError as exc:
            raise UsageError(str(exc))
    if opts.align_model:
        from transforms.evaluation.alignment import AlignerError, SimAligner
        try:
            SimAligner(opts.align_model)     # fail before any work, with the fix
        except AlignerError as exc:
            raise UsageError(str(exc))
    check_output_dir(opts.output)     # last: a refused run leaves no output directory
    secret = pipeline_secret()
    with beam.Pipeline(options=options) as p:
        build(p, opts, paths, secret)
    print(f"doppel: {len(paths)} input file(s) -> {opts.output} "
          f"(summary.json, audit/requests-*.jsonl)")
    return outcome_exit_code(opts.output)     # 3 when a document failed or a segment was dead-lettered


if __name__ == "__main__":
    from pipelines.cli import exit_with
    exit_with(run())
