"""Masking methods other than pseudonyms (pure): ``METHODS`` (every ``--method`` value) and
the mask a mention gets (``mask_for``: ``****``, ``PER``, ``PER_1``, ``PER_1_NFS``)."""
from __future__ import annotations

from typing import Dict, Optional

from transforms.pseudonyms.person import given_gender
from transforms.pseudonyms.surface import _name_words, _possessive

METHODS = ("pseudonym", "asterisk", "category", "category-id", "category-id-grammar", "tags",
           "none")


def grammar_code(features: Optional[Dict[str, str]], text: str = "", category: str = "") -> str:
    """Feature code of the paper's ``PER_1_NFS`` labels: Case, Gender, Number initials
    (Nom/Fem/Sing -> ``NFS``).  Without UD features: what the surface shows — an English
    possessive is genitive, a person's gender from the given-name lists."""
    f = dict(features or {})
    if not f.get("Case") and _possessive(text):
        f["Case"] = "Gen"
    if not f.get("Gender") and category == "PER":
        words = _name_words(text)
        if len(words) > 1:
            f["Gender"] = given_gender(words[0])
    return "".join(f[k][0].upper() for k in ("Case", "Gender", "Number") if f.get(k))


def mask_for(method: str, category: str, number: int,
             features: Optional[Dict[str, str]] = None, text: str = "") -> str:
    if method == "asterisk":
        return "****"
    if method == "category":
        return category
    if method == "category-id":
        return f"{category}_{number}"
    if method == "category-id-grammar":
        code = grammar_code(features, text, category)
        return f"{category}_{number}_{code}" if code else f"{category}_{number}"
    raise ValueError(f"unknown masking method {method!r}")
