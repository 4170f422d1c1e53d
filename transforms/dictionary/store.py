"""The pseudonym dictionary of one language: JSON (Figure 2 shape) and Parquet I/O."""
from __future__ import annotations

import functools
import io
import json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from schemas.dictionary import (FORMAT, DictionaryEntry, arrow_schema, entry_from_json,
                                entry_from_row, entry_to_json, entry_to_row)


class DictionaryError(ValueError):
    pass


@dataclass
class Dictionary:
    lang: str
    entries: Dict[str, List[DictionaryEntry]] = field(default_factory=dict)
    provenance: Dict[str, Any] = field(default_factory=dict)

    @property
    def morphology(self) -> bool:
        """Whether forms carry morphological features.  A dictionary built from data without
        morphology (pre-annotated JSONL, Faker names) cannot tell forms apart; its forms then
        count as fitting any need (right for languages whose names do not inflect)."""
        return any(f.features for es in self.entries.values() for e in es for f in e.forms
                   if e.source == "corpus")

    def categories(self) -> List[str]:
        return sorted(self.entries)

    def size(self) -> int:
        return sum(len(v) for v in self.entries.values())

    # -- JSON -----------------------------------------------------------------
    def to_json(self) -> str:
        data = {"format": FORMAT, "lang": self.lang, "provenance": self.provenance,
                "entries": {cat: {e.lemma: entry_to_json(e) for e in es}
                            for cat, es in sorted(self.entries.items())}}
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str, name: str = "<dictionary>") -> "Dictionary":
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise DictionaryError(f"{name}: not JSON ({exc})")
        if not isinstance(data, dict) or data.get("format") != FORMAT or \
                not isinstance(data.get("entries"), dict):
            raise DictionaryError(f"{name}: not a Doppel dictionary (expected format {FORMAT!r} "
                                  f"and an 'entries' object)")
        entries = {cat: [entry_from_json(cat, lemma, v) for lemma, v in by_lemma.items()]
                   for cat, by_lemma in data["entries"].items()}
        return cls(lang=data.get("lang", ""), entries=entries,
                   provenance=data.get("provenance", {}))

    # -- Parquet --------------------------------------------------------------
    def to_parquet(self) -> bytes:
        import pyarrow as pa
        import pyarrow.parquet as pq
        rows = [entry_to_row(self.lang, e) for cat in sorted(self.entries)
                for e in self.entries[cat]]
        table = pa.Table.from_pylist(rows, schema=arrow_schema())
        table = table.replace_schema_metadata(
            {"doppel.format": FORMAT, "doppel.provenance": json.dumps(self.provenance)})
        buf = io.BytesIO()
        pq.write_table(table, buf)
        return buf.getvalue()

    @classmethod
    def from_parquet(cls, data: bytes, name: str = "<dictionary>") -> "Dictionary":
        import pyarrow.parquet as pq
        try:
            table = pq.read_table(io.BytesIO(data))
        except Exception as exc:
            raise DictionaryError(f"{name}: not a Parquet file ({exc})")
        meta = table.schema.metadata or {}
        rows = table.to_pylist()
        entries: Dict[str, List[DictionaryEntry]] = {}
        lang = ""
        for row in rows:
            lang = row.get("lang") or lang
            entries.setdefault(row["category"], []).append(entry_from_row(row))
        prov = json.loads(meta.get(b"doppel.provenance", b"{}"))
        return cls(lang=lang, entries=entries, provenance=prov)

    @classmethod
    def load(cls, path: str) -> "Dictionary":
        from apache_beam.io.filesystems import FileSystems
        try:
            with FileSystems.open(path, compression_type="uncompressed") as fh:
                data = fh.read()
        except Exception as exc:
            raise DictionaryError(f"cannot read dictionary {path}: {exc}")
        if path.endswith(".parquet"):
            return cls.from_parquet(data, path)
        return cls.from_json(data.decode("utf-8"), path)


def default_path(lang: str):
    from importlib.resources import files
    return files("resources").joinpath(f"dictionaries/{lang}.json")


@functools.lru_cache(maxsize=16)
def load_default(lang: str) -> Optional[Dictionary]:
    """The shipped dictionary for ``lang`` (``resources/dictionaries/<lang>.json``), or None."""
    path = default_path(lang)
    if not lang or not path.is_file():
        return None
    return Dictionary.from_json(path.read_text(encoding="utf-8"), str(path))


@functools.lru_cache(maxsize=16)
def _load_path(path: str) -> Dictionary:
    return Dictionary.load(path)


def resolve(setting: str, lang: str) -> Optional[Dictionary]:
    """``auto``: the shipped dictionary for ``lang`` (None if there is none); ``none``: None;
    anything else: a dictionary file (an unreadable one is an error, never silently none)."""
    if not setting or setting == "none":
        return None
    if setting == "auto":
        return load_default(lang)
    return _load_path(setting)
