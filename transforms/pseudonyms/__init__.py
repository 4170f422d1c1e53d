"""Pseudonyms: what replaces each entity cluster before machine translation (pure).

Where things live:

* ``chooser``          — ``PseudonymChooser``: the selection steps in order (``_step_same_key``,
  ``_step_corpus``, ``_step_dictionary``, ``_step_faker``, ``_step_date``,
  ``_step_identifier``, ``_step_scramble``), the exclusion rules (never an original, never
  shared), ``corpus_assignments`` (per-corpus scope) and ``choice_order``;
* ``keyed``            — ``keyed_int``: the secret-keyed HMAC every choice is drawn from;
* ``fallback``         — Faker's name pools (``fallback_lists``), the keyed pick from a pool,
  and the check of their words against the engine's dictionary (``check_fallback_words``);
* ``kinds``            — the ``Pseudonym`` interface and ``Plain`` (places, organisations,
  identifiers, scrambles);
* ``person``           — ``PersonPseudonym``, the Faker person choice, given-name gender,
  initials;
* ``date``             — ``DatePseudonym`` and the keyed date shift;
* ``identifiers``      — validated identifier fakes (IBAN, card, VAT, ...) and the
  format-preserving scramble;
* ``dictionary_entry`` — ``DictPseudonym``: a pseudonym dictionary entry in each mention's
  grammatical form (the selection itself is ``transforms.dictionary.select``);
* ``masks``            — the other methods: ``METHODS``, ``mask_for``, ``grammar_code``;
* ``surface``          — a replacement in the mention's case, possessive and titles.

The names used elsewhere are importable from the package itself (``from transforms.pseudonyms
import PseudonymChooser``).  They are resolved on first use (PEP 562) rather than imported
here: ``transforms.dictionary.select`` imports ``fallback``, and ``chooser`` imports
``select``, so a package that imported ``chooser`` up front would put the two back in a
circle whenever ``select`` is imported first.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

# name -> the module of this package that defines it
_EXPORTS = {
    "PseudonymChooser": "chooser", "choice_order": "chooser", "corpus_assignments": "chooser",
    "NAME_CATEGORIES": "chooser",
    "keyed_int": "keyed",
    "fallback_lists": "fallback", "check_fallback_words": "fallback", "_POOLS": "fallback",
    "Pseudonym": "kinds", "Plain": "kinds",
    "PersonPseudonym": "person", "given_gender": "person",
    "DatePseudonym": "date",
    "DictPseudonym": "dictionary_entry",
    "METHODS": "masks", "mask_for": "masks", "grammar_code": "masks",
    "apply_case": "surface",
}

__all__ = ["DatePseudonym", "DictPseudonym", "METHODS", "NAME_CATEGORIES", "PersonPseudonym",
           "Plain", "Pseudonym", "PseudonymChooser", "apply_case", "check_fallback_words",
           "choice_order", "corpus_assignments", "fallback_lists", "given_gender",
           "grammar_code", "keyed_int", "mask_for"]

if TYPE_CHECKING:  # pragma: no cover  (for type checkers and IDEs)
    from transforms.pseudonyms.chooser import (NAME_CATEGORIES, PseudonymChooser,
                                               choice_order, corpus_assignments)
    from transforms.pseudonyms.date import DatePseudonym
    from transforms.pseudonyms.dictionary_entry import DictPseudonym
    from transforms.pseudonyms.fallback import _POOLS  # noqa: F401
    from transforms.pseudonyms.fallback import check_fallback_words, fallback_lists
    from transforms.pseudonyms.keyed import keyed_int
    from transforms.pseudonyms.kinds import Plain, Pseudonym
    from transforms.pseudonyms.masks import METHODS, grammar_code, mask_for
    from transforms.pseudonyms.person import PersonPseudonym, given_gender
    from transforms.pseudonyms.surface import apply_case


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_EXPORTS))
