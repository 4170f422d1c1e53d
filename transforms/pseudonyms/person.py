"""Persons: the person pseudonym, given-name gender and initials (pure).

A person's fake is a given name of the original's gender (Faker's lists; ``given_gender``)
for every given name, and a family name; initials ("J. K.") get scrambled initials.  Each
word of the fake stands for a word of the original, so a surname-only mention gets the fake
surname alone — and a person's surname, alone, is reserved like the whole name: a
surname-only mention of two persons never gets the same pseudonym.
"""
from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, List

from schemas.records import Cluster
from transforms.linking import POSSESSIVE, TITLES, fold
from transforms.pseudonyms.fallback import fallback_lists, pick, pick_word
from transforms.pseudonyms.identifiers import scramble
from transforms.pseudonyms.kinds import Pseudonym
from transforms.pseudonyms.surface import _possessive, apply_case

if TYPE_CHECKING:  # pragma: no cover
    from transforms.pseudonyms.chooser import PseudonymChooser


class PersonPseudonym(Pseudonym):
    """Maps each word of the original name to a word of the fake one, so "Bērziņš" (a part of
    "Andris Bērziņš") becomes the fake family name alone."""

    def __init__(self, original_words: List[str], fake_words: List[str]):
        self.orig = original_words
        self.fake = fake_words
        self.by_word = {}
        if len(original_words) == len(fake_words):
            self.by_word = {fold(o): f for o, f in zip(original_words, fake_words)}
        elif original_words:
            self.by_word = {fold(original_words[-1]): fake_words[-1]}

    def form_for(self, mention_text: str, features=None) -> str:
        suffix = _possessive(mention_text)
        words = POSSESSIVE.sub("", mention_text).split()
        titles = []
        while words and fold(words[0]).rstrip(".") in TITLES:
            titles.append(words.pop(0))
        if [fold(w) for w in words] == [fold(w) for w in self.orig] or not words:
            body = " ".join(self.fake)
        elif all(fold(w) in self.by_word for w in words):
            body = " ".join(self.by_word[fold(w)] for w in words)
        else:
            body = " ".join(self.fake)
        return " ".join(titles + [apply_case(" ".join(words) or body, body)]) + suffix

    def all_forms(self):
        return [" ".join(self.fake)] + list(self.fake)


def fake_person(ch: "PseudonymChooser", cluster: Cluster) -> PersonPseudonym:
    """A Faker person for ``cluster`` (the chooser's Faker step for PER)."""
    words = POSSESSIVE.sub("", cluster.canonical).split()
    while words and fold(words[0]).rstrip(".") in TITLES:
        words = words[1:]
    if words and all(_is_initials(w) for w in words):
        fake = scramble(ch, cluster, text=" ".join(words))
        return PersonPseudonym(words, fake.split())
    lists = fallback_lists()
    female, male = _given_sets()
    first = fold(words[0]) if words else ""
    is_female = first in female or (first not in male and first.endswith("a"))
    given_pool = lists["given_female"] if is_female else lists["given_male"]
    if len(words) <= 1:
        fake = [pick(ch, cluster, lists["family"])]
    else:
        for attempt in range(20):
            given = [pick_word(ch, cluster, given_pool, f"g{i}.{attempt}")
                     for i in range(len(words) - 1)]
            family = pick_word(ch, cluster, lists["family"], f"f.{attempt}")
            # initials stay initials ("P. Bennett" -> "K. Fletcher", not a given name):
            # other letters the engine reads alike, their dots and hyphens kept (keyed by
            # the cluster: initials are shared by countless names, no exclusion list applies)
            given = [ch.fake_initials(cluster, w, f"{i}.{attempt}") if _is_initials(w)
                     else g for i, (w, g) in enumerate(zip(words[:-1], given))]
            full = " ".join(given + [family])
            # initials are shared by countless names: the name words alone must be new
            named = " ".join([g for g in given if not _is_initials(g)] + [family])
            if ch._acceptable(named) and fold(full) not in ch.used and \
                    not any(ch.short_original(x) for g in given if _is_initials(g)
                            for x in re.findall(r"\w+", g)) and \
                    not ch._is_original(fold(full)) and \
                    len(set(given + [family])) == len(given) + 1:
                ch.used.add(fold(full))
                # each word too: a surname-only mention ("Berg") of two persons must not
                # get the same pseudonym
                ch.used.update(fold(w) for w in given + [family] if not _is_initials(w))
                fake = given + [family]
                break
        else:
            raise RuntimeError("no acceptable PER pseudonym left")
    return PersonPseudonym(words, fake)


def _is_initials(word: str) -> bool:
    w = word.replace(".", "")
    return 0 < len(w) <= 3 and w.isupper()


@functools.lru_cache(maxsize=1)
def _given_sets():
    lists = fallback_lists()
    return set(map(fold, lists["given_female"])), set(map(fold, lists["given_male"]))


def given_gender(word: str) -> str:
    """Fem / Masc for a given name in Faker's lists, "" when unknown or both."""
    female, male = _given_sets()
    w = fold(word)
    if (w in female) == (w in male):
        return ""
    return "Fem" if w in female else "Masc"
