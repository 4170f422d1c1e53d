"""Pseudonym dictionary records (DESIGN.md §2.1, the Tilde paper's §3.1 and Figure 2).

One dictionary per language.  An entry is one entity — grouped by (category, lemma), or by
Wikidata id when the mentions were linked — with every surface form observed for it and the
UD features of the form's head word.  The JSON file has the paper's Figure 2 shape
(category -> lemma -> forms with features); the Parquet file has one row per entry with the
Arrow schema below.  Both are written by ``pipelines/build_dictionary.py`` and read by
``transforms.dictionary``.

    {"lang": "et", "format": "doppel-dictionary/1", "provenance": {...},
     "entries": {"PER": {"Kaja Kallas": {"count": 12, "tokens": 2, "upos": "PROPN",
                                        "classes": ["Per"], "wikidata": "", "source": "corpus",
                                        "forms": [{"form": "Kaja Kallase", "count": 5,
                                                   "features": {"Case": "Gen", ...}}]}}}}
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List

from schemas.records import _Record

FORMAT = "doppel-dictionary/1"


@dataclass
class DictionaryForm(_Record):
    form: str                  # surface form as observed ("Tallinnas")
    features: Dict[str, str] = field(default_factory=dict)   # head word's UD features
    count: int = 0


@dataclass
class DictionaryEntry(_Record):
    category: str              # Doppel category (PER, ORG, LOC, ...)
    lemma: str                 # entity lemma: its words' lemmas joined ("Kaja Kallas")
    count: int = 0             # mentions seen
    tokens: int = 1            # token count of the lemma
    upos: str = ""             # the head word's most frequent UPOS
    wikidata: str = ""         # Wikidata id when the mentions were linked
    classes: List[str] = field(default_factory=list)   # Wikidata class(es) or fine NE type
    source: str = "corpus"     # corpus | faker
    forms: List[DictionaryForm] = field(default_factory=list)


def arrow_schema():
    """Arrow schema of the Parquet output: one row per entry, forms nested."""
    import pyarrow as pa
    form = pa.struct([("form", pa.string()),
                      ("features", pa.map_(pa.string(), pa.string())),
                      ("count", pa.int64())])
    return pa.schema([("lang", pa.string()), ("category", pa.string()), ("lemma", pa.string()),
                      ("count", pa.int64()), ("tokens", pa.int32()), ("upos", pa.string()),
                      ("wikidata", pa.string()), ("classes", pa.list_(pa.string())),
                      ("source", pa.string()), ("forms", pa.list_(form))])


def entry_to_row(lang: str, e: DictionaryEntry) -> Dict[str, Any]:
    return {"lang": lang, "category": e.category, "lemma": e.lemma, "count": e.count,
            "tokens": e.tokens, "upos": e.upos, "wikidata": e.wikidata,
            "classes": list(e.classes), "source": e.source,
            "forms": [{"form": f.form, "features": sorted(f.features.items()), "count": f.count}
                      for f in e.forms]}


def entry_from_row(row: Dict[str, Any]) -> DictionaryEntry:
    return DictionaryEntry(
        category=row["category"], lemma=row["lemma"], count=int(row["count"]),
        tokens=int(row["tokens"]), upos=row["upos"] or "", wikidata=row["wikidata"] or "",
        classes=list(row["classes"] or []), source=row["source"] or "corpus",
        forms=[DictionaryForm(form=f["form"], features=dict(f["features"] or []),
                              count=int(f["count"])) for f in row["forms"] or []])


def entry_to_json(e: DictionaryEntry) -> Dict[str, Any]:
    """The Figure 2 value of ``entries[category][lemma]``."""
    return {"count": e.count, "tokens": e.tokens, "upos": e.upos, "wikidata": e.wikidata,
            "classes": list(e.classes), "source": e.source,
            "forms": [{"form": f.form, "count": f.count, "features": dict(sorted(f.features.items()))}
                      for f in e.forms]}


def entry_from_json(category: str, lemma: str, data: Dict[str, Any]) -> DictionaryEntry:
    return DictionaryEntry(
        category=category, lemma=lemma, count=int(data.get("count", 0)),
        tokens=int(data.get("tokens", len(lemma.split()) or 1)), upos=data.get("upos", ""),
        wikidata=data.get("wikidata", ""), classes=list(data.get("classes", [])),
        source=data.get("source", "corpus"),
        forms=[DictionaryForm(form=f["form"], features=dict(f.get("features", {})),
                              count=int(f.get("count", 0))) for f in data.get("forms", [])])
