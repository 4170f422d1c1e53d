"""Observations -> dictionary entries (pure; ``pipelines/build_dictionary.py`` wraps these in a
``CombinePerKey`` so the job scales to a full news-crawl year).

The accumulator is a plain dict of counters, so it pickles cheaply between workers and two
partial accumulators merge by adding counts — the result does not depend on how a runner
splits the data.
"""
from __future__ import annotations

import hashlib
from collections import Counter
from typing import Dict, Iterable, List, Optional, Sequence

from schemas.dictionary import DictionaryEntry, DictionaryForm
from transforms.dictionary.extract import Observation
from transforms.pseudonyms.fallback import fallback_lists

DEFAULT_TOP_N = 150


def new_accumulator() -> dict:
    return {"count": 0, "forms": Counter(), "upos": Counter(), "classes": Counter(),
            "tokens": Counter(), "lemmas": Counter(), "wikidata": ""}


def add(acc: dict, obs: Observation) -> dict:
    acc["count"] += 1
    acc["forms"][(obs.form, obs.features)] += 1
    if obs.upos:
        acc["upos"][obs.upos] += 1
    if obs.klass:
        acc["classes"][obs.klass] += 1
    acc["tokens"][obs.tokens] += 1
    acc["lemmas"][obs.lemma] += 1
    acc["wikidata"] = acc["wikidata"] or obs.wikidata
    return acc


def merge(accs: Iterable[dict]) -> dict:
    out = new_accumulator()
    for a in accs:
        out["count"] += a["count"]
        for k in ("forms", "upos", "classes", "tokens", "lemmas"):
            out[k].update(a[k])
        out["wikidata"] = out["wikidata"] or a["wikidata"]
    return out


def _top(counter: Counter, default):
    """Most frequent key; ties broken by the key itself so the result is order-independent."""
    if not counter:
        return default
    return sorted(counter.items(), key=lambda kv: (-kv[1], str(kv[0])))[0][0]


def to_entry(category: str, acc: dict) -> DictionaryEntry:
    forms = [DictionaryForm(form=f, features=dict(feats), count=n)
             for (f, feats), n in sorted(acc["forms"].items(),
                                         key=lambda kv: (-kv[1], kv[0][0], kv[0][1]))]
    lemma = _top(acc["lemmas"], forms[0].form if forms else "")
    classes = [c for c, _ in sorted(acc["classes"].items(), key=lambda kv: (-kv[1], kv[0]))]
    return DictionaryEntry(category=category, lemma=lemma, count=acc["count"],
                           tokens=int(_top(acc["tokens"], len(lemma.split()) or 1)),
                           upos=_top(acc["upos"], ""), wikidata=acc["wikidata"],
                           classes=classes, source="corpus", forms=forms)


def top_n(entries: Iterable[DictionaryEntry], n: int = DEFAULT_TOP_N) -> List[DictionaryEntry]:
    """The ``n`` most frequent entries (ties: lemma order) — the paper keeps 150 per category
    to avoid obscure pseudonyms and keep look-up fast."""
    return sorted(entries, key=lambda e: (-e.count, e.lemma))[:n]


def _stable(text: str) -> str:
    return hashlib.sha256(("doppel-dictionary\x1f" + text).encode("utf-8")).hexdigest()


def faker_entries(category: str, have: Sequence[DictionaryEntry], n: int,
                  features_of=None) -> List[DictionaryEntry]:
    """Fill a thin category up to ``n`` entries from Faker's names in
    ``resources/pseudonyms/fallback.json`` (vetted to pass Apertium unchanged).  The pick is a
    fixed hash order, so rebuilding gives the same dictionary.  ``features_of(name, gender)``
    gives the features to record for the form (e.g. ``Gender``/``Number`` for Spanish)."""
    lists = fallback_lists()
    taken = {e.lemma.casefold() for e in have}
    need = n - len(have)
    if need <= 0:
        return []
    pool: List[tuple] = []
    if category == "PER":
        fam = sorted(lists["family"], key=_stable)
        for gender, key in (("Fem", "given_female"), ("Masc", "given_male")):
            given = sorted(lists[key], key=_stable)
            pool += [(f"{g} {f}", gender) for g, f in zip(given, fam[len(pool):])]
        pool.sort(key=lambda p: _stable(p[0]))
    elif category in ("LOC", "GPE"):
        pool = [(c, "") for c in sorted(lists["city"], key=_stable)]
    elif category == "ORG":
        pool = [(o, "") for o in sorted(lists["org"], key=_stable)]
    out = []
    for name, gender in pool:
        if len(out) >= need:
            break
        if name.casefold() in taken:
            continue
        taken.add(name.casefold())
        feats = features_of(name, gender) if features_of else {}
        out.append(DictionaryEntry(category=category, lemma=name, count=0,
                                   tokens=len(name.split()), upos="PROPN", classes=[],
                                   source="faker",
                                   forms=[DictionaryForm(form=name, features=feats, count=0)]))
    return out


def finalize(by_category: Dict[str, List[DictionaryEntry]], n: int = DEFAULT_TOP_N,
             fill: Optional[Iterable[str]] = None, features_of=None
             ) -> Dict[str, List[DictionaryEntry]]:
    """Top ``n`` per category, then Faker fill for the categories in ``fill``."""
    out = {c: top_n(es, n) for c, es in by_category.items()}
    for cat in fill or ():
        have = out.get(cat, [])
        out[cat] = have + faker_entries(cat, have, n, features_of)
    return {c: es for c, es in sorted(out.items()) if es}
