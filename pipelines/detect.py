"""The review step: detect and link entities, write them as pre-annotated JSONL.

    python -m pipelines.detect --input GLOB --output DIR --lang xx [--deny-list F] [--allow-list F]

For every input document, ``DIR/<name>.jsonl`` holds one line per segment:
``{"segment": id, "text": ..., "label": [[start, end, "CATEGORY", cluster], ...],
"sources": [...]}`` — the pre-annotated format ``pipelines.translate`` reads (extra label
fields are ignored there), so a project manager can inspect or correct the spans before
translating.  Inline codes of DOCX/XLIFF/TMX segments are left out of ``text`` and offsets
count without them.  ``DIR/summary.json`` counts mentions by category and has, per document
(``documents_detail``), the detectors that ran and the share of word characters masked.
"""
from __future__ import annotations

import json
import posixpath
from typing import Dict, List, Tuple

import apache_beam as beam

from pipelines.common import match_inputs, read_deny_list
from pipelines.options import JobOptions, Option, log_level_option
from pipelines.running import pipeline_for
from schemas.records import DocumentReport, Failure
from transforms.beam import (FAILURES, ReadDocuments, WriteSummary, _join, _write_bytes,
                             masking_reported)
from transforms.protect import DEFAULT_CATEGORIES, ProtectOptions, protect_document


OPTIONS = JobOptions(
    "detect", "Detect and link the entities of documents and write them as pre-annotated "
    "JSONL for review (translate reads it back).", module="pipelines.detect", groups=[
        ("Input and output", [
            Option("--input", "input files: globs, comma-separated", metavar="GLOB",
                   required=True),
            Option("--output", "directory: one .jsonl per document, summary.json",
                   metavar="DIR", required=True),
            Option("--lang", "language of the documents (ISO 639-1)", metavar="LANG",
                   required=True),
        ]),
        ("Detection", [
            Option("--detectors", "detection beside given labels: auto, or of identifiers,"
                   "heuristic,stanza; none", default="auto", metavar="LIST"),
            Option("--categories", "entity categories, comma-separated, or all",
                   default=",".join(DEFAULT_CATEGORIES), metavar="LIST"),
            Option("--deny-list", "always-mask list, one 'text<TAB>CATEGORY' per line",
                   metavar="FILE"),
            Option("--allow-list", "never-mask list, one text per line", metavar="FILE"),
        ]),
        ("Run", [log_level_option()]),
    ])


def annotated_lines(doc, options: ProtectOptions, extra=()) -> Tuple[List[str], Dict[str, int]]:
    """Detect + link one document (no pseudonyms chosen) -> JSONL lines and counts."""
    lines, counts, _ = annotate(doc, options, extra)
    return lines, counts


def annotate(doc, options: ProtectOptions, extra=()):
    """``annotated_lines`` and the ProtectedDocument they come from (detectors, masking)."""
    from dataclasses import replace
    pd = protect_document(doc, replace(options, method="none"), extra)
    by_seg: Dict[int, list] = {}
    for m in pd.mentions:
        by_seg.setdefault(m.segment, []).append(m)
    counts: Dict[str, int] = {}
    lines = []
    for seg in doc.segments:
        # mentions come with offsets in the text without inline-code markers
        labels, sources = [], []
        for m in sorted(by_seg.get(seg.index, []), key=lambda m: m.start):
            labels.append([m.start, m.end, m.category, m.cluster])
            sources.append(m.source)
            counts[m.category] = counts.get(m.category, 0) + 1
        lines.append(json.dumps({"segment": seg.id, "text": seg.plain_text(), "label": labels,
                                 "sources": sources}, ensure_ascii=False))
    return lines, counts, pd


class _DetectFn(beam.DoFn):
    def __init__(self, options: ProtectOptions, output: str, deny):
        self.options, self.output, self.deny = options, output, list(deny)

    def process(self, doc):
        try:
            lines, counts, pd = annotate(doc, self.options, self.deny)
            name = doc.name if doc.name.endswith(".jsonl") else doc.name + ".jsonl"
            _write_bytes(_join(self.output, name), ("\n".join(lines) + "\n").encode("utf-8"))
            yield masking_reported(DocumentReport(document=doc.name, segments=len(doc.segments),
                                                  entities=counts, written=True), pd)
        except Exception as exc:
            yield beam.pvalue.TaggedOutput(FAILURES, Failure(
                document=doc.name, stage="detect", reason=f"{type(exc).__name__}: {exc}"))


def run(argv=None) -> int:
    opts, options = OPTIONS.parse(argv)
    paths = match_inputs(opts.input)
    deny = read_deny_list(opts.deny_list) if opts.deny_list else []
    allow = tuple(t for t, _ in read_deny_list(opts.allow_list, categories=False)) \
        if opts.allow_list else ()
    categories = None if opts.categories.strip().lower() == "all" else tuple(
        c.strip().upper() for c in opts.categories.split(",") if c.strip())
    popts = ProtectOptions(method="none", categories=categories, allow=allow,
                           detectors=tuple(d.strip() for d in opts.detectors.split(",")
                                           if d.strip() and d.strip() != "none"))
    with pipeline_for(options) as p:
        docs = p | "ListInputs" >> beam.Create(paths) | "ReadDocuments" >> ReadDocuments(
            opts.lang, "")
        detected = docs.documents | "Detect" >> beam.ParDo(
            _DetectFn(popts, opts.output, deny)).with_outputs(FAILURES, main="reports")
        ((detected.reports, detected[FAILURES], docs[FAILURES])
         | "AllOutcomes" >> beam.Flatten() | "WriteSummary" >> WriteSummary(opts.output))
    print(f"doppel: {len(paths)} input file(s) -> {opts.output} (one .jsonl per document)")
    return 0


if __name__ == "__main__":
    from pipelines.cli import exit_with
    exit_with(run())
