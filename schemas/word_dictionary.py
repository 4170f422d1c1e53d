"""PRISM word translation dictionary records (DESIGN.md §2.2; ``transforms.prism``).

Written by ``pipelines/build_word_dictionary.py``, read by ``transforms.prism.dictionary``.
One row per entry: a word's L(w) over all its probes (``pos`` null), and the POS-keyed
L(w, s) over the probes where the tagger read w as s (``pos`` a UD UPOS: NOUN, VERB, ADJ,
ADV).  ``confidence`` is max_v p(w, v) (c(w, s) for a keyed entry); ``translations`` is
L(w), best first, each with p(w, v) = Pr[v in R_w] / Pr[v in R].

JSON (``<src>-<tgt>.json``)::

    {"format": "doppel.word-dictionary/1",
     "provenance": {"engine": "apertium", "engine_identity": {...}, "source_lang": "en",
                    "target_lang": "es", "corpus": [...], "sentences": 1800,
                    "vocabulary": 2000, "keyed_entries": 2600, "probes": 20000,
                    "probes_per_word": 10, "threshold": 2.0, "keep": 5, "seed": 0,
                    "tagger": "...", "licence": "...", "attribution": "..."},
     "entries": [{"word": "order", "pos": null, "probes": 10, "confidence": 11.0,
                  "translations": [{"target": "orden", "p": 11.0}, ...]},
                 {"word": "order", "pos": "VERB", ...}]}

Parquet (``<src>-<tgt>.parquet``): the same rows with ``arrow_schema()``; the provenance as
JSON in the schema metadata key ``doppel.provenance``.
"""
from __future__ import annotations

import json
from typing import Any, Dict, List

FORMAT = "doppel.word-dictionary/1"
PROVENANCE_KEY = b"doppel.provenance"


def arrow_schema(provenance: Dict[str, Any] = None):
    import pyarrow as pa
    translation = pa.struct([("target", pa.string()), ("p", pa.float64())])
    schema = pa.schema([("word", pa.string()), ("pos", pa.string()),
                        ("probes", pa.int32()), ("confidence", pa.float64()),
                        ("translations", pa.list_(translation))])
    if provenance is not None:
        schema = schema.with_metadata({PROVENANCE_KEY: json.dumps(provenance,
                                                                  ensure_ascii=False)})
    return schema


def to_parquet(rows: List[Dict[str, Any]], provenance: Dict[str, Any]) -> bytes:
    import io
    import pyarrow as pa
    import pyarrow.parquet as pq
    table = pa.Table.from_pylist(rows, schema=arrow_schema(provenance))
    buf = io.BytesIO()
    pq.write_table(table, buf, compression="zstd")
    return buf.getvalue()
