"""The pseudonym interface, and the plain kind (pure).

A ``Pseudonym`` is what a cluster of mentions is replaced by; ``form_for`` gives it in the
form of one mention.  The kinds: ``Plain`` here (places and organisations from Faker's pools,
identifier fakes, scrambles), ``person.PersonPseudonym``, ``date.DatePseudonym`` and
``dictionary_entry.DictPseudonym``.
"""
from __future__ import annotations

from typing import Dict, List, Optional

from transforms.pseudonyms.surface import _possessive, apply_case

FORMS_KEPT = 256        # forms kept per pseudonym (a corpus-wide one serves every document)


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
        # mention text -> its form: a document repeats its names (two mentions in three
        # ask again); kept with the text it was made of
        self._forms: Dict[str, str] = {}
        self._forms_of = text

    def form_for(self, mention_text: str, features=None) -> str:
        if self.keep_case:
            return self.text
        if self._forms_of is not self.text:
            self._forms, self._forms_of = {}, self.text
        hit = self._forms.get(mention_text)
        if hit is None:
            hit = apply_case(mention_text, self.text) + _possessive(mention_text)
            if len(self._forms) < FORMS_KEPT:
                self._forms[mention_text] = hit
        return hit

    def all_forms(self):
        return [self.text]
