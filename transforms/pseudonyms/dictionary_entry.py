"""Dictionary names: a pseudonym dictionary entry in each mention's grammatical form (pure).

With a pseudonym dictionary (``transforms.dictionary``) and mentions that carry morphology
(lemma and UD features from the NLP layer), names are chosen by the paper's three-step
selection (``transforms.dictionary.select``; the chooser's dictionary step) and every
mention gets the pseudonym in its own grammatical form (forms the dictionary never showed are
made by analogy; when a document uses the dictionary up, Faker names are inflected the same
way).
"""
from __future__ import annotations

import re

from typing import Dict, Optional, Tuple

from transforms.dictionary.select import Selector, need_of
from transforms.linking import POSSESSIVE, TITLES, fold
from transforms.pseudonyms.kinds import FORMS_KEPT, Pseudonym
from transforms.pseudonyms.person import given_gender
from transforms.pseudonyms.surface import _name_words, _possessive, apply_case, lower_like


class DictPseudonym(Pseudonym):
    """A dictionary entry: each mention gets the entry's form with the mention's features
    (Case, Number, ...), cut to the mention's part of the name ("Kallase" for a surname-only
    mention of "Kaja Kallas"), in the mention's capitalisation."""

    def __init__(self, entry, canonical: str, selector, initial=None):
        self.entry = entry
        # ``initial(model, word)``: ``word`` as the initial sent for the mention's ``model``
        # ("P." with "Kim" -> "K."; the chooser's, which knows how the engine reads letters)
        self.initial = initial or _initial_of
        self.canonical_words = [fold(w) for w in _name_words(canonical)]
        self.selector = selector
        self.last_by_analogy = False     # the last form was made by analogy (for reports)
        # (mention text, needed features) -> (``choose_form``'s answer, ``last_by_analogy``):
        # a document repeats its names, two mentions in three ask again
        self._forms: Dict[tuple, tuple] = {}

    def choose_form(self, mention_text: str, features: Optional[Dict[str, str]] = None
                    ) -> Tuple[str, Optional[Dict[str, str]]]:
        """(replacement, features of the dictionary form used — None when the entry has no
        form with the needed features and its lemma stands in)."""
        need = need_of(features or {})
        key = (mention_text, tuple(need.items()))
        hit = self._forms.get(key)
        if hit is None:
            hit = self._choose_form(mention_text, need)
            if len(self._forms) < FORMS_KEPT:
                self._forms[key] = hit
        self.last_by_analogy = hit[1]
        return hit[0]

    def _choose_form(self, mention_text: str, need: Dict[str, str]
                     ) -> Tuple[Tuple[str, Optional[Dict[str, str]]], bool]:
        """``choose_form``'s answer for the needed features, and whether the form was made
        by analogy."""
        form = self.selector.form(self.entry, need)
        by_analogy = form is not None and form.count < 0
        base = form.form if form is not None else self.entry.lemma
        words = POSSESSIVE.sub("", mention_text).split()
        titles = []
        while words and fold(words[0]).rstrip(".") in TITLES:
            titles.append(words.pop(0))
        fake = base.split()
        if words and len(words) < len(self.canonical_words) and len(fake) > len(words):
            k = len(words)
            first = [fold(w) for w in words] == self.canonical_words[:k]
            fake = fake[:k] if first else fake[-k:]
        if len(fake) == len(words):
            # initials stay initials: "P. Bennett" takes "K. Fletcher" of "Kim Fletcher"
            # (an entry's own initial too: "A. Webb" must not send "A. Würth"'s "A.")
            fake = [self.initial(w, f) if _INITIAL.match(w) else f
                    for f, w in zip(fake, words)]
        body = lower_like(" ".join(words), apply_case(" ".join(words) or base, " ".join(fake)))
        suffix = _possessive(mention_text)
        if suffix and _possessive(body):
            suffix = ""
        return (" ".join(titles + [body]) + suffix,
                form.features if form is not None else None), by_analogy

    def form_for(self, mention_text: str, features=None) -> str:
        return self.choose_form(mention_text, features)[0]

    def all_forms(self):
        return [self.entry.lemma] + [f.form for f in self.entry.forms]


_INITIAL = re.compile(r"^[^\W\d_]{1,2}\.(?:[-\u2010\u2011\u2012\u2013]?[^\W\d_]{1,2}\.)*$")


def _initial_of(model: str, word: str) -> str:
    """``word`` as an initial for ``model`` ("P." with "Kim" -> "K.")."""
    return word[:1].upper() + "."


_SELECTORS: Dict[int, tuple] = {}


def _selector(dictionary) -> Selector:
    """One Selector (and its analogy index) per dictionary object, shared by the choosers of
    every document a worker protects."""
    hit = _SELECTORS.get(id(dictionary))
    if hit is None or hit[0] is not dictionary:
        hit = _SELECTORS[id(dictionary)] = (dictionary, Selector(dictionary, gender_of=given_gender))
    return hit[1]
