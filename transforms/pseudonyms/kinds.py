"""The pseudonym interface, and the plain kind (pure).

A ``Pseudonym`` is what a cluster of mentions is replaced by; ``form_for`` gives it in the
form of one mention.  The kinds: ``Plain`` here (places and organisations from Faker's pools,
identifier fakes, scrambles), ``person.PersonPseudonym``, ``date.DatePseudonym`` and
``dictionary_entry.DictPseudonym``.
"""
from __future__ import annotations

from typing import Dict, List, Optional

from transforms.pseudonyms.surface import _possessive, apply_case


class Pseudonym:
    def form_for(self, mention_text: str, features: Optional[Dict[str, str]] = None) -> str:
        """The pseudonym in the form of this mention (its text, and its UD features when the
        NLP layer gave them)."""
        raise NotImplementedError

    def all_forms(self) -> List[str]:
        raise NotImplementedError


class Plain(Pseudonym):
    def __init__(self, text: str, keep_case: bool = False):
        self.text = text
        self.keep_case = keep_case      # identifiers: exactly as generated

    def form_for(self, mention_text: str, features=None) -> str:
        if self.keep_case:
            return self.text
        suffix = _possessive(mention_text)
        return apply_case(mention_text, self.text) + suffix

    def all_forms(self):
        return [self.text]
