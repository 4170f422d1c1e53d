"""Provenance and feature coverage of the shipped pseudonym dictionaries (issue 15).

    python -m scripts.dictionary_coverage [LANG ...]

Per category: entries, by source (corpus / faker / vocabulary); entries with a UPOS; entries
whose most frequent form carries morphological features (Number, Case, Gender, Definite,
Degree); entries whose forms carry the analyser's readings (``analysis``, what engine-aware
selection compares); entries with a class (proper-noun subtype, organisation kind, NE type).
"""
from __future__ import annotations

import sys
from collections import Counter

from transforms.dictionary.store import load_default

MORPHOLOGY = ("Number", "Case", "Gender", "Definite", "Degree")


def coverage(lang: str) -> None:
    d = load_default(lang)
    if d is None:
        print(f"{lang}: no shipped dictionary")
        return
    p = d.provenance
    print(f"== {lang}: {p.get('source_name', '')} ({p.get('licence', '')})")
    print(f"   ner={p.get('ner')} morphology={p.get('morphology') or 'from the input'} "
          f"vocabulary={p.get('vocabulary') or '-'}")
    print(f"   {'category':9} {'entries':>7} {'sources':30} {'upos':>6} {'morph':>6} "
          f"{'analysis':>8} {'class':>6}")
    for cat, entries in sorted(d.entries.items()):
        src = Counter(e.source for e in entries)
        upos = sum(1 for e in entries if e.upos)
        morph = sum(1 for e in entries if e.forms and any(k in e.forms[0].features
                                                          for k in MORPHOLOGY))
        analysis = sum(1 for e in entries if any("analysis" in f.features for f in e.forms))
        klass = sum(1 for e in entries if e.classes and e.classes != [cat])
        print(f"   {cat:9} {len(entries):7d} {dict(src)!s:30} {upos:6d} {morph:6d} "
              f"{analysis:8d} {klass:6d}")


if __name__ == "__main__":
    for lang in sys.argv[1:] or ["en", "es", "sv", "da"]:
        coverage(lang)
