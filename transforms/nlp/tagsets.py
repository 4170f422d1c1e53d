"""NER tag sets -> Doppel categories, in one place.

Doppel's categories are those ``transforms.protect`` knows (PER, ORG, LOC, DATE, MISC, ...).
Each tag set maps its raw labels to a category or to ``None`` (not a protected entity: a
number, a percentage, ...).  Unknown labels map to ``MISC`` (protected: a leak is worse than
an over-mask).  Override per call with ``mapping=`` or globally with ``register_tagset``.
"""
from __future__ import annotations

from typing import Dict, Mapping, Optional

TAGSETS: Dict[str, Dict[str, Optional[str]]] = {
    # OntoNotes 5 (Stanza en, some others): 18 types
    "ontonotes": {
        "PERSON": "PER", "NORP": "NATIONALITY", "FAC": "LOC", "ORG": "ORG", "GPE": "LOC",
        "LOC": "LOC", "PRODUCT": "MISC", "EVENT": "MISC", "WORK_OF_ART": "MISC",
        "LAW": "MISC", "LANGUAGE": None, "DATE": "DATE", "TIME": None, "PERCENT": None,
        "MONEY": "AMOUNT", "QUANTITY": None, "ORDINAL": None, "CARDINAL": None,
    },
    # CoNLL-2002/2003 (Stanza de, es, nl, fi ... and WikiNER-style models)
    "conll": {"PER": "PER", "ORG": "ORG", "LOC": "LOC", "MISC": "MISC"},
    # Estonian EDT treebank MISC NE= tags
    "edt": {"Per": "PER", "Org": "ORG", "Loc": "LOC", "Gep": "LOC", "Prod": "MISC",
            "Eve": "MISC", "Unk": "MISC", "Muu": "MISC"},
    # MultiLeg / MAPA style labels
    "multileg": {"PER": "PER", "PERSON": "PER", "ORG": "ORG", "ORGANISATION": "ORG",
                 "ORGANIZATION": "ORG", "LOC": "LOC", "LOCATION": "LOC", "GPE": "LOC",
                 "DATE": "DATE", "TIME": "DATE", "ADDRESS": "ADDRESS",
                 "PROFESSION": "PROFESSION", "NATIONALITY": "NATIONALITY",
                 "AMOUNT": "AMOUNT", "MISC": "MISC"},
    # GUM Entity= types (coreference-style, English treebank)
    "gum": {"person": "PER", "organization": "ORG", "place": "LOC", "time": "DATE",
            "event": None, "abstract": None, "object": None, "substance": None,
            "animal": None, "plant": None},
}

# Which tag set a Stanza NER model emits, by language (default: conll).  Stanza's English,
# Chinese and a few others use OntoNotes-18; most European models use the 4 CoNLL types.
STANZA_NER_TAGSET: Dict[str, str] = {"en": "ontonotes", "zh": "ontonotes", "ar": "ontonotes",
                                     "hy": "ontonotes"}

DEFAULT_UNKNOWN = "MISC"


def register_tagset(name: str, mapping: Mapping[str, Optional[str]]) -> None:
    TAGSETS[name] = dict(mapping)


def map_tag(raw: str, tagset: str = "conll",
            mapping: Optional[Mapping[str, Optional[str]]] = None) -> Optional[str]:
    """Raw NER label -> Doppel category (None: not protected)."""
    table = mapping if mapping is not None else TAGSETS.get(tagset, {})
    if raw in table:
        return table[raw]
    # case-insensitive fallback, then any known tag set
    for key, value in table.items():
        if key.upper() == raw.upper():
            return value
    for name, other in TAGSETS.items():
        for key, value in other.items():
            if key.upper() == raw.upper():
                return value
    return DEFAULT_UNKNOWN
