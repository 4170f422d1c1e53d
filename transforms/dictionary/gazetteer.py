"""Precision-first entity tags for parsed text without NER (pure).

The shipped Spanish dictionary is built from UD Spanish-GSD (CC BY-SA 4.0), which has gold
morphology but no NER, and Stanza's models cannot be fetched here.  For a *dictionary* a
missed entity costs nothing while a wrong one becomes a bad pseudonym, so this tagger only
reports proper-noun runs it can type with confidence:

* PER — two or more proper nouns starting with a known given name (Faker's lists);
* LOC — the whole run is a country, region or province name (Faker's address lists);
* ORG — the run starts with an institution word ("Universidad", "Banco", "Consejo", ...).

Runs are maximal sequences of PROPN words, with ``de``/``del``/``la``/``y``... allowed between
two proper nouns ("Universidad de Buenos Aires").
"""
from __future__ import annotations

import functools
from typing import List, Set

from transforms.nlp.base import AnnotatedText, EntitySpan, entity_head
from transforms.pseudonyms.fallback import fallback_lists

CONNECTORS = {"de", "del", "la", "las", "los", "el", "y", "e", "of", "the", "and", "von", "van"}
ORG_HEADS = {
    "universidad", "banco", "consejo", "ministerio", "partido", "club", "instituto", "museo",
    "comisión", "tribunal", "sociedad", "asociación", "fundación", "compañía", "grupo",
    "federación", "organización", "escuela", "colegio", "hospital", "ayuntamiento",
    "gobierno", "congreso", "senado", "academia", "corte", "agencia", "cámara", "servicio",
    "university", "bank", "council", "ministry", "party", "institute", "museum", "commission",
    "court", "society", "association", "foundation", "company", "group", "federation",
    "organization", "organisation", "school", "college", "agency", "department",
}
PLACE_LOCALES = ("es_ES", "es_MX", "es_AR", "es_CO", "es_CL", "en_US", "en_GB")


@functools.lru_cache(maxsize=1)
def places() -> Set[str]:
    from faker import Faker
    out: Set[str] = set()
    for loc in PLACE_LOCALES:
        for prov in Faker(loc).providers:
            for attr in ("countries", "states", "regions", "provinces", "departments"):
                vals = getattr(prov, attr, None)
                if isinstance(vals, (list, tuple)):
                    out.update(v for v in vals if isinstance(v, str))
                elif isinstance(vals, dict):
                    out.update(v for v in vals.values() if isinstance(v, str))
    return {p.casefold() for p in out if p and len(p) > 2}


@functools.lru_cache(maxsize=1)
def given_names() -> Set[str]:
    lists = fallback_lists()
    return {n.casefold() for n in lists["given_female"] + lists["given_male"]}


def propn_runs(ann: AnnotatedText) -> List[List[int]]:
    runs: List[List[int]] = []
    cur: List[int] = []
    pending: List[int] = []
    for i, t in enumerate(ann.tokens):
        same_sentence = not cur or ann.tokens[cur[-1]].sentence == t.sentence
        if t.upos == "PROPN" and same_sentence:
            cur += pending + [i]
            pending = []
        elif cur and same_sentence and t.text.casefold() in CONNECTORS and len(pending) < 2:
            pending.append(i)
        else:
            if cur:
                runs.append(cur)
            cur, pending = ([i] if t.upos == "PROPN" else []), []
    if cur:
        runs.append(cur)
    return runs


def tag(ann: AnnotatedText) -> AnnotatedText:
    """Add typed entities to ``ann`` (in place; also returned)."""
    ents: List[EntitySpan] = []
    for idxs in propn_runs(ann):
        toks = [ann.tokens[i] for i in idxs]
        start, end = toks[0].token_start, toks[-1].token_end
        surface = ann.text[start:end]
        first = toks[0].text.casefold()
        if first in ORG_HEADS:
            cat = "ORG"
        elif surface.casefold() in places():
            cat = "LOC"
        elif len(toks) >= 2 and first in given_names() and all(t.upos == "PROPN" for t in toks):
            cat = "PER"
        else:
            continue
        ents.append(EntitySpan(start, end, cat, entity_head(ann.tokens, idxs),
                               raw_type=cat, source="gazetteer"))
    ann.entities = ents
    return ann
