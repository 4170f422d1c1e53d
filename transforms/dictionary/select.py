"""The paper's pseudonym selection (§3.2), per cluster of linked mentions (pure).

1. candidates whose forms cover the features every mention needs **and** that share the
   cluster's class (Wikidata class when linked, else the fine NE type, e.g. EDT ``Gep``);
2. relax to features only (and, failing a full cover, the best partial cover);
3. nothing fits: the caller's Faker fallback for the category.

Among candidates prefer the same token count, the same gender for persons and the same
ending (paradigm class: restoring the original's inflection by transferring the pseudonym's
ending change needs it, DESIGN.md §4), then the shortest lemma.  The paper takes the single
shortest; Doppel picks, keyed by the secret, among the near-shortest of the best tier, so the
mapping cannot be recomputed by whoever holds the dictionary.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from schemas.dictionary import DictionaryEntry, DictionaryForm
from schemas.records import Mention
from transforms.dictionary.store import Dictionary

# Features a form must share with the mention it replaces (when the mention has them).
MATCH_KEYS = ("Case", "Number", "Definite", "Poss", "Number[psor]", "Person[psor]",
              "Animacy")
STEPS = ("class+features", "features", "analogy", "features-partial", "fallback")
CATEGORY_ALIASES = {"GPE": "LOC"}
WINDOW = 2          # characters over the shortest lemma still "near-shortest"


def need_of(features: Dict[str, str]) -> Dict[str, str]:
    return {k: features[k] for k in MATCH_KEYS if features.get(k)}


def distinct_needs(mentions: Iterable[Mention]) -> int:
    return len({tuple(sorted(need_of(m.features).items())) for m in mentions} - {()})


def has_morphology(mentions: Iterable[Mention]) -> bool:
    """Mentions from the NLP layer carry UD features (or at least a UPOS)."""
    return any(need_of(m.features) or m.features.get("upos") for m in mentions)


def covers(form: DictionaryForm, need: Dict[str, str], morphology: bool) -> bool:
    if not need:
        return True
    if not form.features and not morphology:
        return True
    return all(form.features.get(k) == v for k, v in need.items())


def best_form(entry: DictionaryEntry, need: Dict[str, str], morphology: bool
              ) -> Optional[DictionaryForm]:
    """The most frequent form of ``entry`` with the needed features (forms are stored most
    frequent first); None when the entry lacks that form."""
    for f in entry.forms:
        if covers(f, need, morphology):
            return f
    return None


@dataclass
class Selection:
    entry: Optional[DictionaryEntry]
    step: str


def _ending(word: str) -> str:
    return word.casefold()[-2:]


def _need_key(need: Dict[str, str]) -> Tuple[Tuple[str, str], ...]:
    return tuple(sorted(need.items()))


def _suffix_change(lemma_word: str, form_word: str) -> Optional[Tuple[str, str]]:
    """lemma -> form as (strip, add) at the end of the word, when the two share all but at
    most 3 final characters of the lemma ("Tallinn" -> "Tallinnas": ("", "as"))."""
    a, b = lemma_word.casefold(), form_word.casefold()
    p = 0
    while p < min(len(a), len(b)) and a[p] == b[p]:
        p += 1
    if p < 2 or len(a) - p > 3:
        return None
    return lemma_word[p:], form_word[p:]


class Analogy:
    """Forms an entry was never seen in, made by analogy (DESIGN.md §4's paradigm class):
    another name with the same ending seen in the needed form shows the ending change
    ("Tšetšeenia" -> "Tšetšeeniast" gives "Itaalia" -> "Itaaliast").  Learnt from the
    dictionary's own forms, most frequent change per (ending, features)."""

    def __init__(self, dictionary: Dictionary):
        counts: Dict[tuple, Dict[Tuple[str, str], int]] = {}
        for entries in dictionary.entries.values():
            for e in entries:
                lw = e.lemma.split()
                for f in e.forms:
                    fw = f.form.split()
                    need = need_of(f.features)
                    if not need or len(fw) != len(lw) or not lw:
                        continue
                    change = _suffix_change(lw[-1], fw[-1])
                    if change is None:
                        continue
                    for n in (3, 2):
                        if len(lw[-1]) > n:
                            key = (lw[-1].casefold()[-n:], _need_key(need))
                            slot = counts.setdefault(key, {})
                            slot[change] = slot.get(change, 0) + max(f.count, 1)
        self.best = {k: sorted(v.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
                     for k, v in counts.items()}

    def form(self, lemma: str, need: Dict[str, str]) -> Optional[str]:
        words = lemma.split()
        if not words or not need:
            return None
        last = words[-1]
        for n in (3, 2):
            change = self.best.get((last.casefold()[-n:], _need_key(need)))
            if change is None:
                continue
            strip, add = change
            if strip and not last.casefold().endswith(strip.casefold()):
                continue
            stem = last[:len(last) - len(strip)] if strip else last
            return " ".join(words[:-1] + [stem + add])
        return None


class Selector:
    def __init__(self, dictionary: Dictionary, gender_of: Callable[[str], str] = lambda w: ""):
        self.dictionary = dictionary
        self.morphology = dictionary.morphology
        self.gender_of = gender_of
        self.analogy = Analogy(dictionary) if self.morphology else None
        self._index: Dict[int, Dict[tuple, DictionaryForm]] = {}

    def _own(self, entry: DictionaryEntry, need: Dict[str, str]) -> bool:
        f = self.form(entry, need)
        return f is not None and f.count >= 0

    def form(self, entry: DictionaryEntry, need: Dict[str, str]) -> Optional[DictionaryForm]:
        """The entry's own form with the needed features, else one made by analogy (marked
        ``count=-1``), else None."""
        index = self._index.get(id(entry))
        if index is None:
            index = self._index[id(entry)] = {}
            for fm in entry.forms:                    # most frequent first
                index.setdefault(_need_key(need_of(fm.features)), fm)
        f = index.get(_need_key(need))
        if f is None:
            f = best_form(entry, need, self.morphology)
        if f is not None or self.analogy is None:
            return f
        made = self.analogy.form(entry.lemma, need)
        return DictionaryForm(form=made, features=dict(need), count=-1) if made else None

    def candidates(self, category: str) -> List[DictionaryEntry]:
        cat = CATEGORY_ALIASES.get(category, category)
        return self.dictionary.entries.get(cat, []) or self.dictionary.entries.get(category, [])

    def select(self, category: str, mentions: Sequence[Mention], canonical: str,
               order: Callable[[str], int], acceptable: Callable[[DictionaryEntry], bool]
               ) -> Selection:
        """``order(lemma)``: the secret-keyed tie-break; ``acceptable(entry)``: the chooser's
        exclusion and containment rules."""
        pool = self.candidates(category)
        if not pool:
            return Selection(None, "fallback")
        needs = [need_of(m.features) for m in mentions] or [{}]
        distinct = []
        for n in needs:
            if n not in distinct:
                distinct.append(n)
        classes = {m.features.get("wikidata_class") or m.features.get("class")
                   for m in mentions} - {None, ""}
        lemma = _original_lemma(mentions, canonical)
        tokens = len(lemma.split()) or 1
        gender = _original_gender(mentions, lemma, self.gender_of) if category == "PER" else ""
        end = _ending(lemma.split()[-1]) if lemma.split() else ""

        def cover(e: DictionaryEntry) -> int:
            return sum(1 for n in distinct if self._own(e, n))

        covered = {id(e): cover(e) for e in pool}
        full = [e for e in pool if covered[id(e)] == len(distinct)]
        tiers: List[Tuple[str, List[DictionaryEntry]]] = []
        if classes:
            tiers.append(("class+features", [e for e in full if classes & set(e.classes)]))
        tiers.append(("features", full))
        if self.analogy is not None:
            # Every form needed exists or can be made by analogy (same class first).
            made = [e for e in pool if covered[id(e)] < len(distinct)
                    and all(self.form(e, n) is not None for n in distinct)]
            tiers.append(("analogy", [e for e in made if classes & set(e.classes)] +
                          [e for e in made if not classes & set(e.classes)]))
        # No entry has every form needed: the one covering most mentions' forms (the others
        # get its base form).
        for level in range(len(distinct) - 1, 0, -1):
            tiers.append(("features-partial",
                          [e for e in pool if covered[id(e)] == level]))
        for step, cands in tiers:
            for e in self._ranked(cands, tokens, gender, end, order):
                if acceptable(e):
                    return Selection(e, step)
        return Selection(None, "fallback")

    def _ranked(self, cands, tokens, gender, end, order) -> List[DictionaryEntry]:
        def prefs(e: DictionaryEntry):
            eg = _entry_gender(e, self.gender_of) if gender else ""
            words = e.lemma.split()
            return (int(e.tokens != tokens), int(bool(gender and eg and eg != gender)),
                    0 if words and _ending(words[-1]) == end else
                    (1 if words and words[-1][-1:].casefold() == end[-1:] else 2))
        ranked = sorted(cands, key=lambda e: (prefs(e), len(e.lemma), order(e.lemma), e.lemma))
        if not ranked:
            return []
        top = prefs(ranked[0])
        shortest = len(ranked[0].lemma)
        window = [e for e in ranked if prefs(e) == top and len(e.lemma) <= shortest + WINDOW]
        window.sort(key=lambda e: (order(e.lemma), e.lemma))
        inside = {id(e) for e in window}
        return window + [e for e in ranked if id(e) not in inside]


def _original_lemma(mentions: Sequence[Mention], canonical: str) -> str:
    lemmas = [m.lemma for m in mentions if m.lemma]
    if lemmas:
        return max(lemmas, key=lambda l: (len(l.split()), lemmas.count(l), l))
    return canonical


def _original_gender(mentions, lemma: str, gender_of) -> str:
    for m in mentions:
        g = m.features.get("Gender")
        if g in ("Fem", "Masc"):
            return g
    words = lemma.split()
    return gender_of(words[0]) if len(words) > 1 else ""


def _entry_gender(e: DictionaryEntry, gender_of) -> str:
    for f in e.forms:
        g = f.features.get("Gender")
        if g in ("Fem", "Masc"):
            return g
    words = e.lemma.split()
    return gender_of(words[0]) if len(words) > 1 else ""
