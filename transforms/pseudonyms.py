"""Choosing replacements for entity clusters (pure).

The choice is keyed by a secret (HMAC-SHA256 over scope, category and the cluster's linking
key), so a rerun with the same secret gives the same pseudonyms and nobody without the secret
can recompute the mapping.  Candidates come from ``resources/pseudonyms/fallback.json`` (Faker
names vetted to pass MT unchanged); dates are shifted; identifiers and anything else get a
format-preserving scramble (letters -> letters of the same case, digits -> digits).
A pseudonym never equals, contains or is contained in an original of the same document, and
two clusters never share one.

With a pseudonym dictionary (``transforms.dictionary``) and mentions that carry morphology
(lemma and UD features from the NLP layer), names are chosen by the paper's three-step
selection instead and every mention gets the pseudonym in its own grammatical form (forms the
dictionary never showed are made by analogy; when a document uses the dictionary up, Faker
names are inflected the same way); a person's surname, alone, is reserved like the whole name.
Mentions without features keep the behaviour above. Identifiers whose type detection validated
(IBAN, card, VAT, personal code, phone, IP) get a fake of the same type that passes the same
validation, so MT leaves it alone and detection would accept it. ``PseudonymChooser.stats``
counts which selection step fired.
"""
from __future__ import annotations

import functools
from collections import Counter
import hmac
import json
import re
import threading
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Set, Tuple

from schemas.records import Cluster, Mention
from transforms import dates
from transforms.linking import POSSESSIVE, TITLES, fold, propagatable

try:  # Python 3.9+: importlib.resources.files
    from importlib.resources import files as _res_files
except ImportError:  # pragma: no cover
    _res_files = None

METHODS = ("pseudonym", "asterisk", "category", "category-id", "category-id-grammar", "tags",
           "none")


@functools.lru_cache(maxsize=1)
def fallback_lists() -> Dict[str, List[str]]:
    path = _res_files("resources").joinpath("pseudonyms/fallback.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if isinstance(v, list)}


# The words of a candidate pseudonym that ``translatable`` is asked about.
_CANDIDATE_WORD = re.compile(r"[^\W\d_]{3,}")
_POOLS = ("given_female", "given_male", "family", "city", "org")


def check_fallback_words(source: str, target: str, wait: bool = True) -> None:
    """Look up every word of the fallback pseudonyms in the source dictionary at once, once
    per worker and language pair (``target_names.check_common_words``).  ``wait=False``
    starts it in the background: a worker's first document has its entities found while
    the analyser works (0.17 s, on the other core)."""
    with _CHECKS_LOCK:
        check = _CHECKS.get((source, target))
        if check is None:
            check = _CHECKS[(source, target)] = threading.Thread(
                target=_check_fallback_words, args=(source, target), daemon=True,
                name="doppel-fallback-words")
            check.start()
    if wait:
        check.join()


def _check_fallback_words(source: str, target: str) -> None:
    from transforms.target_names import check_common_words
    lists = fallback_lists()
    check_common_words({w for k in _POOLS for c in lists[k] for w in _CANDIDATE_WORD.findall(c)},
                       source, target)


_CHECKS: Dict[Tuple[str, str], threading.Thread] = {}
_CHECKS_LOCK = threading.Lock()


@functools.lru_cache(maxsize=1)
def _given_sets():
    lists = fallback_lists()
    return set(map(fold, lists["given_female"])), set(map(fold, lists["given_male"]))


def keyed_int(secret: bytes, *parts: str) -> int:
    msg = "\x1f".join(parts).encode("utf-8")
    # hmac.digest: the one-shot C path (an HMAC object per call cost a fortieth of protection)
    return int.from_bytes(hmac.digest(secret, msg, "sha256")[:8], "big")


_WORDS = re.compile(r"\w+")


class _Forbidden:
    """Strings no pseudonym may equal, share a word with, or contain or be contained in:
    folded, their words, and (for strings that identify someone: not a bare "3" or "2002")
    word -> the word-padded strings holding it — containment either way needs a shared
    word, so only those few are checked."""

    def __init__(self, strings: Tuple[str, ...]):
        self.folded = {fold(o).strip() for o in strings if o.strip()}
        self.words = {w for o in self.folded for w in _WORDS.findall(o)}
        self.padded_by_word: Dict[str, List[str]] = {}
        for o in {" ".join(_WORDS.findall(o)) for o in self.folded if propagatable(o)}:
            for w in set(o.split()):
                self.padded_by_word.setdefault(w, []).append(o)


@functools.lru_cache(maxsize=4)
def _forbidden(strings: Tuple[str, ...]) -> _Forbidden:
    """A run's avoid list is the same for every document: indexed once per worker."""
    return _Forbidden(strings)


class PseudonymChooser:
    """One per document (or per corpus, with a shared ``scope``)."""

    def __init__(self, secret: bytes, scope: str, originals: Iterable[str],
                 avoid: Iterable[str] = (), dictionary=None, lang: str = "",
                 corpus: Optional[Dict[Tuple[str, str], "Pseudonym"]] = None,
                 translatable: Optional[Callable[[str], bool]] = None):
        """``originals``: this document's entity strings; ``avoid``: further strings no
        pseudonym may be or contain (other documents' entities, the customer's lists);
        ``dictionary``: a ``transforms.dictionary.Dictionary`` for morphology-matched names."""
        self.secret = secret
        self.lang = lang
        # ``translatable(word)``: would the engine translate it as an ordinary word ("Lane" ->
        # "camino")?  Fallback names made of such words are skipped: they could not be found
        # in the translation again.
        self.translatable = translatable
        # Per-corpus scope: the run's assignment for every (category, key) of the corpus,
        # made once in one fixed order (``corpus_assignments``), so the same entity gets the
        # same pseudonym in every document and two entities never share one.
        self.corpus = corpus or {}
        self.stats: Counter = Counter()     # selection step -> clusters
        self._by_key: Dict[str, tuple] = {}  # cluster key -> (category, pseudonym)
        self.selector = None
        if dictionary is not None:
            self.selector = _selector(dictionary)
        self.scope = scope
        # What no pseudonym may be, share a word with, or contain: this document's entity
        # strings, and the run-wide avoid list (the same for every document: indexed once).
        self._forbidden = (_Forbidden(tuple(originals)), _forbidden(tuple(avoid)))
        self.used: Set[str] = set()

    # -- public ------------------------------------------------------------------
    def choose(self, cluster: Cluster, mentions: Sequence[Mention] = ()) -> "Pseudonym":
        """``mentions``: the cluster's mentions; their features decide the forms needed."""
        cat = cluster.category
        # The same string annotated with two categories in one document ("Spain" as ORG and
        # LOC) is one original: it gets one pseudonym.
        # Likewise clusters whose mentions share a lemma: surface linking keeps "Tallinnas"
        # and "Tallinna" apart, but they are one entity in two cases and need one pseudonym
        # (in each mention's case).
        keys = [cluster.key] + sorted({"\x1flemma\x1f" + fold(m.lemma) for m in mentions
                                       if m.lemma and cat in NAME_CATEGORIES})
        for key in keys:
            same = self._by_key.get(key)
            if same is not None and cat != "DATE" and same[0] != "DATE":
                self.stats["same-key"] += 1
                return same[1]
        chosen = self._from_corpus(cluster, mentions)
        if chosen is None:
            chosen = self._choose(cluster, mentions)
        for key in keys:
            self._by_key.setdefault(key, (cat, chosen))
        return chosen

    def _from_corpus(self, cluster: Cluster, mentions: Sequence[Mention]):
        from transforms.dictionary.select import has_morphology
        hit = self.corpus.get((cluster.category, cluster.key))
        if hit is None or isinstance(hit, DatePseudonym) or (
                self.selector is not None and has_morphology(mentions)):
            # dates: a shift keyed by the corpus scope is the same everywhere already
            return None
        forms = [f for f in hit.all_forms() if f]
        if any(self._is_original(fold(f)) or fold(f) in self.used for f in forms):
            return None          # a document-specific original or a clash: choose afresh
        self.stats["corpus"] += 1
        self.used.update(fold(f) for f in forms)
        return hit

    def _choose(self, cluster: Cluster, mentions: Sequence[Mention]) -> "Pseudonym":
        cat = cluster.category
        tried = False
        if self.selector is not None and cat in NAME_CATEGORIES:
            from transforms.dictionary.select import has_morphology
            if has_morphology(mentions):
                tried = True
                chosen = self._from_dictionary(cluster, mentions)
                if chosen is not None:
                    return chosen
                self.stats["fallback"] += 1      # step 3: Faker's names for the category
        if cat in ("PER", "LOC", "GPE", "ORG") and not tried:
            self.stats["faker"] += 1             # no morphology known: today's choice
        if cat == "PER":
            return self._person(cluster)
        if cat == "DATE":
            value = dates.parse(cluster.canonical)
            if value is not None:
                self.stats["date"] += 1
                return DatePseudonym(value, self._date(cluster, value))
        if cat in ("LOC", "GPE"):
            return Plain(self._pick(cluster, fallback_lists()["city"]))
        if cat == "ORG":
            return Plain(self._pick(cluster, fallback_lists()["org"]))
        subtype = next((m.features.get("subtype") for m in mentions
                        if m.features.get("subtype")), "")
        if subtype:
            fake = self._identifier(cluster, subtype)
            if fake is not None:
                self.stats["identifier"] += 1
                return Plain(fake, keep_case=True)
        self.stats["scramble"] += 1
        return Plain(self._scramble(cluster))

    # -- dictionary ----------------------------------------------------------------
    def _from_dictionary(self, cluster: Cluster, mentions: Sequence[Mention]):
        def order(lemma: str) -> int:
            return keyed_int(self.secret, self.scope, cluster.category, cluster.key, lemma)

        person = cluster.category == "PER"

        def strings(entry, made) -> Set[str]:
            out = {entry.lemma} | {f.form for f in entry.forms} | set(made)
            if person:
                # a person's surname in each form, alone: a surname-only mention of two
                # persons must not get the same pseudonym
                out |= {x.split()[-1] for x in out if len(x.split()) > 1}
            return out

        def acceptable(entry, made=()) -> bool:
            # Word-sharing is allowed here (unlike Faker picks): a dictionary has few entries
            # per rare form, and the leak guard needs only that no pseudonym equals, contains
            # or is contained in an original — which _acceptable still checks, word-bounded.
            return all(self._acceptable(x, share_words=True) for x in strings(entry, made))

        sel = self.selector.select(cluster.category, mentions, cluster.canonical, order,
                                   acceptable)
        if sel.entry is None:
            return None
        self.stats[sel.step] += 1
        self.used.update(fold(x) for x in strings(sel.entry, sel.made))
        return DictPseudonym(sel.entry, cluster.canonical, self.selector)

    # -- identifiers ---------------------------------------------------------------
    def _identifier(self, cluster: Cluster, subtype: str) -> Optional[str]:
        """A fake of the same identifier type that passes the same validation (the detector's
        own recogniser re-detects it with the same subtype), or None."""
        check = _identifier_check(subtype)
        if check is None:
            return None
        text = cluster.canonical
        kind = subtype.split(":")[0]
        keep = _kept_positions(text, kind)
        for attempt in range(300):
            chars = list(self._scramble_once(text, f"id{attempt}", keep))
            if kind == "IBAN":
                chars = _fix_iban(chars)
            elif kind == "CARD":
                chars = _fix_luhn(chars)
            for cand in _last_char_variants(chars, kind):
                if cand != text and check(cand) and self._acceptable(cand, share_words=True):
                    self.used.add(fold(cand))
                    return cand
        return None

    # -- kinds -------------------------------------------------------------------
    def _acceptable(self, cand: str, share_words: bool = False) -> bool:
        """Not used yet; shares no word with any original (dates may: a year or a month name
        identifies no one); neither contains the other."""
        f = fold(cand)
        if f in self.used or self._is_original(f):
            return False
        words = _WORDS.findall(f)
        mine, run = self._forbidden
        if not share_words and not (mine.words.isdisjoint(words)
                                    and run.words.isdisjoint(words)):
            return False
        if len(f) < 3:   # initials: "X" is a word in countless originals ("Company X")
            return True
        padded = " " + " ".join(words) + " "
        return not any(o and (f" {o} " in padded or padded in f" {o} ")
                       for fb in self._forbidden
                       for w in set(words) for o in fb.padded_by_word.get(w, ()))

    def _translatable(self, cand: str) -> bool:
        return self.translatable is not None and any(
            self.translatable(w) for w in _CANDIDATE_WORD.findall(cand))

    def _is_original(self, folded: str) -> bool:
        mine, run = self._forbidden
        return folded in mine.folded or folded in run.folded

    def _pick(self, cluster: Cluster, pool: List[str], salt: str = "") -> str:
        start = keyed_int(self.secret, self.scope, cluster.category, cluster.key, salt)
        n = len(pool)
        step = 1 + keyed_int(self.secret, "step", cluster.key, salt) % 97
        for i in range(n):
            cand = pool[(start + i * step) % n]
            if self._acceptable(cand) and not self._translatable(cand):
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
                if self._acceptable(full) and len(set(given + [family])) == len(given) + 1:
                    self.used.add(fold(full))
                    # each word too: a surname-only mention ("Berg") of two persons must not
                    # get the same pseudonym
                    self.used.update(fold(w) for w in given + [family])
                    fake = given + [family]
                    break
            else:
                raise RuntimeError("no acceptable PER pseudonym left")
        return PersonPseudonym(words, fake)

    def _pick_word(self, cluster, pool, salt) -> str:
        start = keyed_int(self.secret, self.scope, cluster.category, cluster.key, salt)
        for i in range(len(pool)):
            cand = pool[(start + i) % len(pool)]
            if self._acceptable(cand) and not self._translatable(cand):
                return cand
        raise RuntimeError("pool exhausted")

    def _date(self, cluster, value: dates.DateValue) -> dates.DateValue:
        days = 40 + keyed_int(self.secret, self.scope, "DATE", cluster.key) % 900
        y, m, d = value.fields()
        if y is not None and m is None and d is None:
            # A bare year has only 7 shifts in dates.shift: walk years instead, so that two
            # years of one document never get the same pseudonym.
            for k in range(99):
                new = dates.DateValue(y + 1 + (days + k) % 99, None, None)
                text = POSSESSIVE.sub("", dates.render_like(cluster.canonical, new))
                if self._acceptable(text, share_words=True):
                    self.used.add(fold(text))
                    return new
        for k in range(50):
            new = dates.shift(value, days + 37 * k)
            text = POSSESSIVE.sub("", dates.render_like(cluster.canonical, new))
            if self._acceptable(text, share_words=True):
                self.used.add(fold(text))
                return new
        return dates.shift(value, days)

    def _scramble_once(self, text: str, salt: str, keep: Set[int] = frozenset()) -> str:
        out = []
        for i, ch in enumerate(text):
            if i in keep:
                out.append(ch)
                continue
            r = keyed_int(self.secret, self.scope, text, salt, str(i))
            if ch.isdigit():
                out.append(str(r % 10))
            elif ch.isalpha() and ch.isascii():
                out.append(("ABCDEFGHIJKLMNOPQRSTUVWXYZ" if ch.isupper()
                            else "abcdefghijklmnopqrstuvwxyz")[r % 26])
            else:
                out.append(ch)
        return "".join(out)

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
            # ...but two entities never share one.
            if cand != text and fold(cand) not in self.used and (
                    not propagatable(cand) or self._acceptable(cand, share_words=True)):
                self.used.add(fold(cand))
                return cand
        raise RuntimeError("could not scramble")


@functools.lru_cache(maxsize=4)
def _corpus_cached(secret: bytes, forms: Tuple[Tuple[str, str], ...],
                   languages: Tuple[str, str] = ("", "")):
    from transforms.linking import link_key, propagatable
    from transforms.target_names import common_word
    keys = sorted({(c, link_key(f) or fold(f), f) for f, c in forms if propagatable(f)})
    canon: Dict[Tuple[str, str], str] = {}
    for c, k, f in keys:          # the longest form of a key is its canonical
        if len(f) > len(canon.get((c, k), "")):
            canon[(c, k)] = f
    source, target = languages
    check_fallback_words(source, target)
    chooser = PseudonymChooser(secret, "corpus", [f for f, _ in forms],
                               translatable=lambda w: common_word(w, source, target))
    out: Dict[Tuple[str, str], Pseudonym] = {}
    for i, ((c, k), f) in enumerate(sorted(canon.items())):
        try:
            out[(c, k)] = chooser.choose(Cluster(id=i, category=c, key=k, canonical=f))
        except RuntimeError:
            continue
    return out


def corpus_assignments(secret: bytes, forms: Iterable[Tuple[str, str]], source_lang: str = "",
                       target_lang: str = "") -> Dict[Tuple[str, str], "Pseudonym"]:
    """One assignment for every (category, linking key) of the corpus's entity strings, made
    in sorted order by one chooser: identical in every worker and document (cached per
    process), collision-free across the corpus.  With the languages, fallback names the
    engine would translate as ordinary words are skipped, as in per-document scope."""
    return _corpus_cached(secret, tuple(sorted(set(forms))), (source_lang, target_lang))


_SELECTORS: Dict[int, tuple] = {}


def _selector(dictionary):
    """One Selector (and its analogy index) per dictionary object, shared by the choosers of
    every document a worker protects."""
    hit = _SELECTORS.get(id(dictionary))
    if hit is None or hit[0] is not dictionary:
        from transforms.dictionary.select import Selector
        hit = _SELECTORS[id(dictionary)] = (dictionary, Selector(dictionary, gender_of=given_gender))
    return hit[1]


def choice_order(clusters: Iterable[Cluster], mentions_of: Dict[int, Sequence[Mention]]
                 ) -> List[Cluster]:
    """The order clusters choose in: independent of input order (by key), and the clusters
    needing the most distinct forms first — few dictionary entries have them all, and the
    exclusion list must not hand those entries to an easy cluster first.  Clusters without
    features keep the plain key order."""
    from transforms.dictionary.select import distinct_needs
    return sorted(clusters, key=lambda c: (-distinct_needs(mentions_of.get(c.id, ())), c.key))


def _is_initials(word: str) -> bool:
    w = word.replace(".", "")
    return 0 < len(w) <= 3 and w.isupper()


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


class DatePseudonym(Pseudonym):
    def __init__(self, original: dates.DateValue, fake: dates.DateValue):
        self.original = original
        self.fake = fake

    def form_for(self, mention_text: str, features=None) -> str:
        value = dates.parse(mention_text) or self.original
        return dates.substitute(mention_text, value, self.fake)

    def all_forms(self):
        return []


class DictPseudonym(Pseudonym):
    """A dictionary entry: each mention gets the entry's form with the mention's features
    (Case, Number, ...), cut to the mention's part of the name ("Kallase" for a surname-only
    mention of "Kaja Kallas"), in the mention's capitalisation."""

    def __init__(self, entry, canonical: str, selector):
        self.entry = entry
        self.canonical_words = [fold(w) for w in _name_words(canonical)]
        self.selector = selector
        self.last_by_analogy = False     # the last form was made by analogy (for reports)

    def choose_form(self, mention_text: str, features: Optional[Dict[str, str]] = None
                    ) -> Tuple[str, Optional[Dict[str, str]]]:
        """(replacement, features of the dictionary form used — None when the entry has no
        form with the needed features and its lemma stands in)."""
        from transforms.dictionary.select import need_of
        form = self.selector.form(self.entry, need_of(features or {}))
        self.last_by_analogy = form is not None and form.count < 0
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
        body = apply_case(" ".join(words) or base, " ".join(fake))
        suffix = _possessive(mention_text)
        if suffix and _possessive(body):
            suffix = ""
        return " ".join(titles + [body]) + suffix, (form.features if form is not None else None)

    def form_for(self, mention_text: str, features=None) -> str:
        return self.choose_form(mention_text, features)[0]

    def all_forms(self):
        return [self.entry.lemma] + [f.form for f in self.entry.forms]


NAME_CATEGORIES = ("PER", "ORG", "LOC", "GPE", "MISC")


def _name_words(text: str) -> List[str]:
    words = POSSESSIVE.sub("", text).split()
    while words and fold(words[0]).rstrip(".") in TITLES:
        words = words[1:]
    return words


def given_gender(word: str) -> str:
    """Fem / Masc for a given name in Faker's lists, "" when unknown or both."""
    female, male = _given_sets()
    w = fold(word)
    if (w in female) == (w in male):
        return ""
    return "Fem" if w in female else "Masc"


# -- identifiers --------------------------------------------------------------------
_RECOGNISER = {"IBAN": "IBAN", "CARD": "CARD", "VAT": "VAT", "PERSONAL_CODE": "PERSONAL_CODE",
               "PHONE": "PHONE", "IPv4": "IP", "IPv6": "IP"}


def _identifier_check(subtype: str):
    """A predicate: the subtype's own recogniser finds the whole candidate with the same
    subtype (so a fake passes exactly the checks the original passed)."""
    kind, _, country = subtype.partition(":")
    name = _RECOGNISER.get(kind)
    if name is None:
        return None
    from transforms.detect import identifiers  # noqa: F401  (fills the registry)
    from transforms.detect.base import REGISTRY, Context
    rec = REGISTRY.get(name)
    if rec is None:
        return None
    ctx = Context(country=country if kind in ("PERSONAL_CODE", "PHONE") and country != "?" else "")

    def check(cand: str) -> bool:
        try:
            spans = rec.find(cand, ctx)
        except Exception:
            return False
        return any(s.start == 0 and s.end == len(cand) and s.subtype == subtype for s in spans)
    return check


def _kept_positions(text: str, kind: str) -> Set[int]:
    """Characters a fake keeps: what says which scheme it is, not whose number it is."""
    alnum = [i for i, c in enumerate(text) if c.isalnum()]
    if kind in ("IBAN", "VAT"):
        return set(alnum[:2])                # country code
    if kind == "CARD":
        return set(alnum[:4])                # issuer prefix (the card network)
    if kind == "PHONE":
        plus = text.lstrip().startswith("+")
        return set(alnum[:(5 if plus else 3)])   # country code and area / mobile prefix
    return set()


def _fix_iban(chars: List[str]) -> List[str]:
    from stdnum import iban
    pos = [i for i, c in enumerate(chars) if c.isalnum()]
    compact = "".join(chars[i] for i in pos).upper()
    try:
        digits = iban.calc_check_digits(compact)
    except Exception:
        return chars
    chars = list(chars)
    chars[pos[2]], chars[pos[3]] = digits[0], digits[1]
    return chars


def _fix_luhn(chars: List[str]) -> List[str]:
    from stdnum import luhn
    pos = [i for i, c in enumerate(chars) if c.isdigit()]
    body = "".join(chars[i] for i in pos[:-1])
    chars = list(chars)
    chars[pos[-1]] = luhn.calc_check_digit(body)
    return chars


def _last_char_variants(chars: List[str], kind: str) -> List[str]:
    """The candidate, then (for schemes whose check character is last) the candidate with
    every possible last character: a scrambled body then needs only a valid date part."""
    base = "".join(chars)
    if kind not in ("PERSONAL_CODE", "VAT"):
        return [base]
    pos = [i for i, c in enumerate(chars) if c.isalnum()]
    if not pos:
        return [base]
    last = pos[-1]
    alphabet = "0123456789" if chars[last].isdigit() else "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return [base] + ["".join(chars[:last] + [a] + chars[last + 1:]) for a in alphabet
                     if a != chars[last]]


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
