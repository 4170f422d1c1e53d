"""Choosing replacements for entity clusters (pure).

The choice is keyed by a secret (HMAC-SHA256 over scope, category and the cluster's linking
key), so a rerun with the same secret gives the same pseudonyms and nobody without the secret
can recompute the mapping.  Candidates come from ``resources/pseudonyms/fallback.json`` (Faker
names vetted to pass MT unchanged); dates are shifted; identifiers and anything else get a
format-preserving scramble (letters -> letters of the same case, digits -> digits).
A pseudonym never equals, contains or is contained in an original of the same document, and
two clusters never share one.
"""
from __future__ import annotations

import functools
import hashlib
import hmac
import json
import re
from typing import Dict, Iterable, List, Optional, Set

from schemas.records import Cluster
from transforms import dates
from transforms.linking import POSSESSIVE, TITLES, fold, propagatable

try:  # Python 3.9+: importlib.resources.files
    from importlib.resources import files as _res_files
except ImportError:  # pragma: no cover
    _res_files = None

METHODS = ("pseudonym", "asterisk", "category", "category-id", "none")


@functools.lru_cache(maxsize=1)
def fallback_lists() -> Dict[str, List[str]]:
    path = _res_files("resources").joinpath("pseudonyms/fallback.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if isinstance(v, list)}


@functools.lru_cache(maxsize=1)
def _given_sets():
    lists = fallback_lists()
    return set(map(fold, lists["given_female"])), set(map(fold, lists["given_male"]))


def keyed_int(secret: bytes, *parts: str) -> int:
    msg = "\x1f".join(parts).encode("utf-8")
    return int.from_bytes(hmac.new(secret, msg, hashlib.sha256).digest()[:8], "big")


class PseudonymChooser:
    """One per document (or per corpus, with a shared ``scope``)."""

    def __init__(self, secret: bytes, scope: str, originals: Iterable[str],
                 avoid: Iterable[str] = ()):
        """``originals``: this document's entity strings; ``avoid``: further strings no
        pseudonym may be or contain (other documents' entities, the customer's lists)."""
        self.secret = secret
        self.scope = scope
        self.originals = {fold(o).strip() for o in list(originals) + list(avoid) if o.strip()}
        self._orig_words = {w for o in self.originals for w in re.findall(r"\w+", o)}
        # Containment is checked for strings that identify someone (not bare "3" or "2002").
        self._orig_padded = {" ".join(re.findall(r"\w+", o)) for o in self.originals
                             if propagatable(o)}
        self.used: Set[str] = set()

    # -- public ------------------------------------------------------------------
    def choose(self, cluster: Cluster) -> "Pseudonym":
        cat = cluster.category
        if cat == "PER":
            return self._person(cluster)
        if cat == "DATE":
            value = dates.parse(cluster.canonical)
            if value is not None:
                return DatePseudonym(value, self._date(cluster, value))
        if cat in ("LOC", "GPE"):
            return Plain(self._pick(cluster, fallback_lists()["city"]))
        if cat == "ORG":
            return Plain(self._pick(cluster, fallback_lists()["org"]))
        return Plain(self._scramble(cluster))

    # -- kinds -------------------------------------------------------------------
    def _acceptable(self, cand: str, share_words: bool = False) -> bool:
        """Not used yet; shares no word with any original (dates may: a year or a month name
        identifies no one); neither contains the other."""
        f = fold(cand)
        if f in self.used or f in self.originals:
            return False
        words = re.findall(r"\w+", f)
        if not share_words and set(words) & self._orig_words:
            return False
        if len(f) < 3:   # initials: "X" is a word in countless originals ("Company X")
            return True
        padded = " " + " ".join(words) + " "
        return not any(o and (f" {o} " in padded or padded in f" {o} ")
                       for o in self._orig_padded)

    def _pick(self, cluster: Cluster, pool: List[str], salt: str = "") -> str:
        start = keyed_int(self.secret, self.scope, cluster.category, cluster.key, salt)
        n = len(pool)
        step = 1 + keyed_int(self.secret, "step", cluster.key, salt) % 97
        for i in range(n):
            cand = pool[(start + i * step) % n]
            if self._acceptable(cand):
                self.used.add(fold(cand))
                return cand
        raise RuntimeError(f"no acceptable {cluster.category} pseudonym left")

    def _person(self, cluster: Cluster) -> "PersonPseudonym":
        words = POSSESSIVE.sub("", cluster.canonical).split()
        while words and fold(words[0]).rstrip(".") in TITLES:
            words = words[1:]
        if words and all(_is_initials(w) for w in words):
            fake = self._scramble(cluster, text=" ".join(words))
            return PersonPseudonym(words, fake.split())
        lists = fallback_lists()
        female, male = _given_sets()
        first = fold(words[0]) if words else ""
        is_female = first in female or (first not in male and first.endswith("a"))
        given_pool = lists["given_female"] if is_female else lists["given_male"]
        if len(words) <= 1:
            fake = [self._pick(cluster, lists["family"])]
        else:
            for attempt in range(20):
                given = [self._pick_word(cluster, given_pool, f"g{i}.{attempt}")
                         for i in range(len(words) - 1)]
                family = self._pick_word(cluster, lists["family"], f"f.{attempt}")
                full = " ".join(given + [family])
                if self._acceptable(full):
                    self.used.add(fold(full))
                    fake = given + [family]
                    break
            else:
                raise RuntimeError("no acceptable PER pseudonym left")
        return PersonPseudonym(words, fake)

    def _pick_word(self, cluster, pool, salt) -> str:
        start = keyed_int(self.secret, self.scope, cluster.category, cluster.key, salt)
        for i in range(len(pool)):
            cand = pool[(start + i) % len(pool)]
            if self._acceptable(cand):
                return cand
        raise RuntimeError("pool exhausted")

    def _date(self, cluster, value: dates.DateValue) -> dates.DateValue:
        days = 40 + keyed_int(self.secret, self.scope, "DATE", cluster.key) % 900
        for k in range(50):
            new = dates.shift(value, days + 37 * k)
            text = dates.render_like(cluster.canonical, new)
            if self._acceptable(text, share_words=True):
                self.used.add(fold(text))
                return new
        return dates.shift(value, days)

    def _scramble(self, cluster: Cluster, text: Optional[str] = None) -> str:
        text = cluster.canonical if text is None else text
        for attempt in range(50):
            out = []
            for i, ch in enumerate(text):
                r = keyed_int(self.secret, self.scope, cluster.key, str(attempt), str(i))
                if ch.isdigit():
                    out.append(str(r % 10))
                elif ch.isalpha() and ch.isascii():
                    base = "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if ch.isupper() else "abcdefghijklmnopqrstuvwxyz"
                    out.append(base[r % 26])
                elif ch.isalpha():
                    base = "ÁÉÍÓÚÑ" if ch.isupper() else "áéíóúñ"
                    out.append(base[r % len(base)])
                else:
                    out.append(ch)
            cand = "".join(out)
            # A bare short number identifies no one (linking.propagatable): any other value will do.
            if cand != text and (not propagatable(cand) or self._acceptable(cand, share_words=True)):
                self.used.add(fold(cand))
                return cand
        raise RuntimeError("could not scramble")


def _is_initials(word: str) -> bool:
    w = word.replace(".", "")
    return 0 < len(w) <= 3 and w.isupper()


class Pseudonym:
    def form_for(self, mention_text: str) -> str:
        raise NotImplementedError

    def all_forms(self) -> List[str]:
        raise NotImplementedError


class Plain(Pseudonym):
    def __init__(self, text: str):
        self.text = text

    def form_for(self, mention_text: str) -> str:
        suffix = _possessive(mention_text)
        return apply_case(mention_text, self.text) + suffix

    def all_forms(self):
        return [self.text]


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

    def form_for(self, mention_text: str) -> str:
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


class DatePseudonym(Pseudonym):
    def __init__(self, original: dates.DateValue, fake: dates.DateValue):
        self.original = original
        self.fake = fake

    def form_for(self, mention_text: str) -> str:
        value = dates.parse(mention_text) or self.original
        return dates.substitute(mention_text, value, self.fake)

    def all_forms(self):
        return []


def _possessive(text: str) -> str:
    m = POSSESSIVE.search(text.strip())
    if not m:
        return ""
    bare = text.strip()[: m.start()]
    return m.group(0) if bare and bare[-1].isalnum() else ""


def apply_case(model: str, text: str) -> str:
    letters = [c for c in model if c.isalpha()]
    if len(letters) > 1 and all(c.isupper() for c in letters) and not all(
            w.isupper() and len(w) <= 3 for w in model.split()):
        return text.upper()
    return text


def mask_for(method: str, category: str, number: int) -> str:
    if method == "asterisk":
        return "****"
    if method == "category":
        return category
    if method == "category-id":
        return f"{category}_{number}"
    raise ValueError(f"unknown masking method {method!r}")
