"""The paper's pseudonym selection (§3.2), per cluster of linked mentions (pure).

1. candidates whose forms cover the features every mention needs **and** that share the
   cluster's class (Wikidata class when linked, else the fine NE type, e.g. EDT ``Gep``);
2. relax to features only; then entries whose missing forms analogy makes (``Analogy``,
   learnt from the whole dictionary: same class first, best-attested rule first);
3. nothing fits — the document has used the dictionary up: a Faker name of the category whose
   every needed form analogy makes (``faker+analogy``); failing that, the entry covering most
   forms (``features-partial``: the rest get its base form), then the caller's plain Faker
   fallback.

A form that no entry of the category has and no rule can make (EDT's one dative) is the base
form whatever is chosen, so it does not count against a candidate.  Among candidates prefer
the same token count, the same gender for persons and the same ending (paradigm class:
restoring the original's inflection by transferring the pseudonym's ending change needs it,
DESIGN.md §4), then the shortest lemma.  The paper takes the single shortest; Doppel picks,
keyed by the secret, among the near-shortest of the best tier, so the mapping cannot be
recomputed by whoever holds the dictionary.
"""
from __future__ import annotations

import functools
import heapq
import itertools
import math
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

from schemas.dictionary import DictionaryEntry, DictionaryForm
from schemas.records import Mention
from transforms.dictionary.store import Dictionary
from transforms.pseudonyms.fallback import fallback_lists

LEVEL_SEP = "\x1f"          # transforms.engines.apertium_lexicon.LEVEL_SEP
VOCABULARY = "WORD"         # the dictionary's vocabulary (transforms.dictionary.extract)

# Features a form must share with the mention it replaces (when the mention has them).
MATCH_KEYS = ("Case", "Number", "Definite", "Poss", "Number[psor]", "Person[psor]",
              "Animacy")
STEPS = ("engine+features", "class+features", "features", "analogy", "faker+analogy", "features-partial",
         "fallback")
# The steps that choose from the dictionary (its entries, or a name composed of its
# vocabulary: the chooser's ``engine+composed``); ``faker+analogy`` makes one up.
DICTIONARY_STEPS = ("engine+features", "engine+composed", "class+features", "features",
                    "analogy", "features-partial")
# A nationality's pseudonym is one of the places' adjectives ("European", "Austrian": a
# news corpus labels them places, as MultiLeg does).
CATEGORY_ALIASES = {"GPE": "LOC", "NATIONALITY": "LOC"}
WINDOW = 2          # characters over the shortest lemma still "near-shortest"
TRUSTED = 3.0       # analogy evidence (ending-class length) from which made forms are ranked
                    # alike: 86-100 % right on EDT test's forms unseen in the dictionary
SYNTHETIC_LOOK = 60  # made-up names ranked together per cluster
PREFETCH = 8         # made-up names whose words the engine is asked about at once
COVERING = 20_000   # ``Selector._lookup``'s covering forms kept (the dictionary's entries
                    # times the forms documents need: under 1,000 for 200 MultiLeg en documents)
PLANS = 1024        # rankings kept for clusters alike (``Selector._plan``): a corpus of 50
                    # MultiLeg en documents makes 864, of about 13 KB each


def need_of(features: Dict[str, str]) -> Dict[str, str]:
    return {k: features[k] for k in MATCH_KEYS if features.get(k)}


def distinct_needs(mentions: Iterable[Mention]) -> int:
    return len({tuple(sorted(need_of(m.features).items())) for m in mentions} - {()})


def has_morphology(mentions: Iterable[Mention]) -> bool:
    """Mentions from the NLP layer carry UD features (or at least a UPOS)."""
    return any(need_of(m.features) or m.features.get("upos") for m in mentions)


def covers(form: DictionaryForm, need: Dict[str, str], morphology: bool) -> bool:
    if form.features.get("Case") == "Gen" and not need.get("Case"):
        return False              # a genitive never stands for a mention in another case
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
    made: List[str] = field(default_factory=list)   # forms analogy made for the mentions


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


ENDINGS = (4, 3, 2, 1, "V", 0)   # ending classes, longest first; "V": vowel or consonant
                                # final; 0: any word of the shape
REGULAR = 0.75              # share of entries a composition rule must explain
OWN = 5.0                   # evidence score of a form built on the entry's own form


def _shape(word: str) -> str:
    """"A" for an acronym ("NATO", "USA": inflected with a hyphen or bare), "a" otherwise."""
    letters = [c for c in word if c.isalpha()]
    return "A" if len(letters) > 1 and all(c.isupper() for c in letters) else "a"


_VOWELS = set("aeiouõäöüyáéíóúàèìòùâêîôûëïåæø")


def _class_key(word: str, n, nk: tuple) -> Optional[tuple]:
    """The ending-class key of ``word`` for ending ``n`` (None when the word is too short)."""
    low = word.casefold()
    if n == "V":
        end = "V" if low[-1:] in _VOWELS else "C"
    elif n:
        if len(word) <= n:
            return None
        end = low[-n:]
    else:
        end = ""
    return (n, end, _shape(word), nk)


def _strength(n) -> float:
    """Evidence of an ending class: its length; the vowel/consonant class counts half a
    letter (below one letter, above any word)."""
    return 0.5 if n == "V" else float(n)


@dataclass(frozen=True)
class Made:
    """A form made by analogy: the whole name and how strong the evidence was (the length of
    the ending class the rule was learnt for, 0 = any word; ``OWN`` when built on a form the
    entry itself was seen in)."""
    form: str
    features: Dict[str, str]
    score: float


class Analogy:
    """Forms an entry was never seen in, made by analogy (DESIGN.md §4's paradigm class),
    learnt from the dictionary's own forms — every entry of every category votes once per
    form it was seen in (type frequency: how productive a change is, not how famous a name):

    * **direct**: lemma -> form as a change of the word's end, per (ending class, features),
      with fallbacks to shorter endings down to any word of the same shape
      ("Tšetšeenia" -> "Tšetšeeniast" gives "Itaalia" -> "Itaaliast");
    * **composition**: a form that is another form plus a fixed ending for (nearly) every
      entry seen in both — Estonian's local cases on the genitive stem ("Tamme" -> "Tammele",
      "Tammega"), the plural nominative ("Tamme" -> "Tammed") — applied to the entry's own
      form when it has one, else to a direct analogy.

    The best-attested candidate wins; only the last word inflects (Estonian and Finnish
    names: "Kaja Kallas" -> "Kaja Kallase"); the other words are those of the entry's forms."""

    def __init__(self, dictionary: Optional[Dictionary] = None,
                 entries: Optional[Iterable[DictionaryEntry]] = None):
        if entries is None:
            # names only: the vocabulary's words (one form each) teach no inflection
            entries = [e for c, es in dictionary.entries.items() if c != VOCABULARY
                       for e in es]
        direct: Dict[tuple, Dict[Tuple[str, str], int]] = {}
        pairs: Dict[tuple, Dict[Optional[str], int]] = {}
        needs: Dict[tuple, int] = {}
        for e in entries:
            lw = e.lemma.split()
            if not lw:
                continue
            last = lw[-1]
            own = _own_last_words(e)
            for nk, word in own.items():
                needs[nk] = needs.get(nk, 0) + 1
                change = _suffix_change(last, word)
                if change is None:
                    continue
                for n in ENDINGS:
                    key = _class_key(last, n, nk)
                    if key is None:
                        continue
                    slot = direct.setdefault(key, {})
                    slot[change] = slot.get(change, 0) + 1
            for b, bw in own.items():
                for x, xw in own.items():
                    if b == x:
                        continue
                    tail = xw[len(bw):] if xw.casefold().startswith(bw.casefold()) else None
                    slot = pairs.setdefault((b, x), {})
                    slot[tail] = slot.get(tail, 0) + 1
        # changes per key, most frequent first (ties: the change itself)
        self.direct = {k: sorted(v.items(), key=lambda kv: (-kv[1], kv[0]))
                       for k, v in direct.items()}
        self.needs = needs
        # need -> [(base need, ending)], best supported first
        compose: Dict[tuple, List[Tuple[int, tuple, str]]] = {}
        for (b, x), tails in pairs.items():
            total = sum(tails.values())
            tail, n = sorted(tails.items(), key=lambda kv: (-kv[1], str(kv[0])))[0]
            if tail is not None and n >= REGULAR * total:
                compose.setdefault(x, []).append((n, b, tail))
        self.compose = {x: [(b, t) for n, b, t in sorted(v, key=lambda r: (-r[0], r[1]))]
                        for x, v in compose.items()}
        self._cache: Dict[tuple, Optional[Tuple[str, tuple]]] = {}
        # A rare form no entry was seen in together with a base ("New Yorgini" is the only
        # terminative): its ending over the base made by analogy ("Yorgi" + "ni"), so the
        # rule serves every name, not only those ending like the one seen.
        rare: Dict[tuple, Dict[str, int]] = {}
        self.rare: Dict[tuple, List[Tuple[tuple, str]]] = {}
        bases = sorted(self.needs, key=lambda k: (-self.needs[k], k))[:3]
        for e in entries:
            lw = e.lemma.split()
            if not lw:
                continue
            own = _own_last_words(e)
            for x, xw in own.items():
                if x in self.compose:
                    continue
                for b in bases:
                    bw = own.get(b) if b in own else (self._direct(lw[-1], b) or (None,))[0]
                    if b != x and bw and xw.casefold().startswith(bw.casefold()):
                        slot = rare.setdefault((b, x), {})
                        slot[xw[len(bw):]] = slot.get(xw[len(bw):], 0) + 1
        for (b, x), tails in sorted(rare.items(), key=lambda kv: (-sum(kv[1].values()), kv[0])):
            tail = sorted(tails.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
            self.rare.setdefault(x, []).append((b, tail))
        self._makeable = {k[3] for k in self.direct} | set(self.compose) | set(self.rare)

    def _direct(self, word: str, nk: tuple) -> Optional[Tuple[str, tuple]]:
        """``word`` in the form ``nk`` by the longest ending class with an applicable change:
        (new word, evidence) or None; evidence = (ending length, entries showing the change)."""
        key = (word, nk)
        if key in self._cache:
            return self._cache[key]
        out = None
        low = word.casefold()
        for n in ENDINGS:
            ck = _class_key(word, n, nk)
            if ck is None:
                continue
            for (strip, add), votes in self.direct.get(ck, ()):
                if strip and not low.endswith(strip.casefold()):
                    continue
                out = (word[:len(word) - len(strip)] + add, (_strength(n), votes))
                break
            if out is not None:
                break
        self._cache[key] = out
        return out

    def _needs_for(self, need: Dict[str, str]) -> List[tuple]:
        """The learnt feature sets that give ``need``: itself, else the most frequent ones that
        include it (a mention with Case but no Number takes the usual Number)."""
        nk = _need_key(need)
        if nk in self.needs:
            return [nk]
        wider = [k for k in self.needs if set(nk) <= set(k)]
        return sorted(wider, key=lambda k: (-self.needs[k], k))

    def knows(self, need: Dict[str, str]) -> bool:
        """Whether some rule makes forms with these features (for words it applies to)."""
        return any(nk in self._makeable for nk in self._needs_for(need))

    def make(self, lemma: str, need: Dict[str, str],
             forms: Sequence[DictionaryForm] = ()) -> Optional[Made]:
        """``lemma`` in the form ``need`` (``forms``: the entry's own forms), or None when the
        dictionary never showed that form for any name."""
        words = lemma.split()
        if not words or not need:
            return None
        last = words[-1]
        own: Dict[tuple, str] = {}
        prefix = words[:-1]
        for f in forms:
            fw = f.form.split()
            if f.count >= 0 and len(fw) == len(words) and need_of(f.features):
                if not own:
                    prefix = fw[:-1]
                own.setdefault(_need_key(need_of(f.features)), fw[-1])
        for nk in self._needs_for(need):
            options = []                      # (evidence, word)
            d = self._direct(last, nk)
            if d is not None:
                options.append((d[1], d[0]))
            for b, tail in self.compose.get(nk, ()):
                if b in own:
                    options.append(((OWN, 0), own[b] + tail))
                else:
                    bd = self._direct(last, b)
                    if bd is not None:
                        options.append((bd[1], bd[0] + tail))
            if not options:
                # no change applies: the rare-form rule
                for b, tail in self.rare.get(nk, ()):
                    base = own.get(b) or (self._direct(last, b) or (None,))[0]
                    if base:
                        options.append(((0, 0), base + tail))
                        break
            if options:
                evidence, word = max(options, key=lambda o: o[0])
                return Made(" ".join(prefix + [word]), dict(nk), evidence[0])
        return None

    def form(self, lemma: str, need: Dict[str, str]) -> Optional[str]:
        made = self.make(lemma, need)
        return made.form if made else None


def _own_last_words(e: DictionaryEntry) -> Dict[tuple, str]:
    """need -> last word of the entry's most frequent form with those features (forms with as
    many words as the lemma only: the last word is the inflected one)."""
    n = len(e.lemma.split())
    own: Dict[tuple, str] = {}
    for f in e.forms:
        fw = f.form.split()
        need = need_of(f.features)
        if need and f.count >= 0 and len(fw) == n:
            own.setdefault(_need_key(need), fw[-1])
    return own


# a word of the Faker pools a made-up name may be (letters, one hyphen at most)
_NAME_WORD = re.compile(r"[^\W\d_]+(-[^\W\d_]+)?")
_NOT_YET = object()      # a made-up name's form not asked for yet (None: none can be made)
_NO_KINDS: frozenset = frozenset()      # an entry without classes (``_entry_facts``)


class Selector:
    def __init__(self, dictionary: Dictionary, gender_of: Callable[[str], str] = lambda w: ""):
        self.dictionary = dictionary
        self.morphology = dictionary.morphology
        self.gender_of = gender_of
        self.analogy = Analogy(dictionary) if self.morphology else None
        # caches for the dictionary's own entries only (made-up entries come and go; an id
        # could be reused)
        self._known = {id(e) for es in dictionary.entries.values() for e in es}
        self._index: Dict[int, Dict[tuple, DictionaryForm]] = {}
        # (id of an entry, forms needed) -> ``best_form`` where the entry has no form of
        # exactly those features (``_lookup``)
        self._covering: Dict[tuple, Optional[DictionaryForm]] = {}
        self._facts: Dict[int, tuple] = {}       # ``_entry_facts``, per dictionary entry
        self._genders: Dict[int, str] = {}       # ``_entry_gender``, per dictionary entry
        self._made: Dict[tuple, Optional[Made]] = {}
        self._names_made: Dict[tuple, Optional[Made]] = {}     # made-up names' forms
        self._ranks: Dict[tuple, tuple] = {}     # ``_pool_ranks``, per pool and forms
        self._given: Dict[str, List[str]] = {}
        self._words_by_lemma: Dict[int, Dict[str, DictionaryEntry]] = {}
        # the vocabulary's lemmas, as ``engine_shaped.vocabulary`` takes them: made once here,
        # not for every cluster (thousands of words)
        self.vocabulary_words = tuple(e.lemma for e in dictionary.entries.get(VOCABULARY, ()))
        # rankings shared by clusters alike (``_plan``), the most recently used kept
        self._plans: "OrderedDict[tuple, _Plan]" = OrderedDict()
        self._plans_lock = threading.Lock()    # a worker's threads share the Selector
        # (engine's views, the original's view) -> candidate form -> ``_Looks.view_level``
        self._view_levels: Dict[tuple, Dict[str, int]] = {}
        # ``_vocabulary_alike``'s answers: (id of the words, views, view, forms) -> (the
        # words, the entries)
        self._alike: Dict[tuple, tuple] = {}
        # ``_admissible``'s: (id of the entries, ``_Looks.admits``) -> (entries, admitted)
        self._admitted: Dict[tuple, tuple] = {}

    def _own(self, entry: DictionaryEntry, need: Dict[str, str],
             nk: Optional[tuple] = None) -> bool:
        return self._lookup(entry, need, nk) is not None

    def _lookup(self, entry: DictionaryEntry, need: Dict[str, str],
                nk: Optional[tuple] = None) -> Optional[DictionaryForm]:
        """The entry's own form with the needed features (the most frequent), or None.
        ``nk``: ``_need_key(need)``, where the caller has made it."""
        if id(entry) in self._known:
            index = self._index.get(id(entry))
            if index is None:
                index = self._index[id(entry)] = {}
                for fm in entry.forms:                    # most frequent first
                    index.setdefault(_need_key(need_of(fm.features)), fm)
            if nk is None:
                nk = _need_key(need)
            f = index.get(nk)
            if f is not None:
                return f
            # no form of exactly those features: the first that covers them, kept too
            # (every plan asks each entry of the category about each form needed, and
            # walked the entry's forms again for each)
            key = (id(entry), nk)
            f = self._covering.get(key, _NOT_YET)
            if f is _NOT_YET:
                f = best_form(entry, need, self.morphology)
                if len(self._covering) >= COVERING:
                    self._covering.clear()
                self._covering[key] = f
            return f
        return best_form(entry, need, self.morphology)

    def made(self, entry: DictionaryEntry, need: Dict[str, str]) -> Optional[Made]:
        """The entry in the form ``need`` by analogy (whether or not it has that form)."""
        if self.analogy is None or not need:
            return None
        key = (id(entry), _need_key(need))
        known = id(entry) in self._known
        if known and key in self._made:
            return self._made[key]
        m = self.analogy.make(entry.lemma, need, entry.forms)
        if known:
            self._made[key] = m
        return m

    def form(self, entry: DictionaryEntry, need: Dict[str, str]) -> Optional[DictionaryForm]:
        """The entry's own form with the needed features, else one made by analogy (marked
        ``count=-1``), else None."""
        f = self._lookup(entry, need)
        if f is not None:
            return f
        m = self.made(entry, need)
        return DictionaryForm(form=m.form, features=m.features, count=-1) if m else None

    def candidates(self, category: str) -> List[DictionaryEntry]:
        cat = CATEGORY_ALIASES.get(category, category)
        return self.dictionary.entries.get(cat, []) or self.dictionary.entries.get(category, [])

    def select(self, category: str, mentions: Sequence[Mention], canonical: str,
               order: Callable[[str], int],
               acceptable: Callable[[DictionaryEntry, Sequence[str]], bool],
               views: Optional[Callable[[Sequence[str]], Dict[str, str]]] = None,
               refused: Optional[Callable[[DictionaryEntry], bool]] = None,
               engine_missed: Optional[Callable[[], bool]] = None,
               refused_shape: Optional[Callable[[int], bool]] = None) -> Selection:
        """``order(lemma)``: the secret-keyed tie-break; ``acceptable(entry, made)``: the
        chooser's exclusion and containment rules (``made``: the forms analogy adds);
        ``views(texts)``: the engine's own view of each text (``PairLexicon.views``), for the
        engine-aware choice — without it, the source analyser's ``analysis`` feature.
        ``refused(entry)``: entries ``acceptable`` turns down for every cluster of the run
        (the run's avoid list), one object for the whole run: they are left out of the
        shared plans once, instead of being ranked and turned down cluster after cluster (on
        the dictionary's own corpus, where the avoid list holds nearly every entry, they
        were 56 % of all that ``acceptable`` was asked).
        ``engine_missed()``: asked once no entry the engine reads like the original is
        acceptable (no ``engine+features``), before the other tiers; True ends the selection
        there (``Selection(None, "engine-missed")``): the caller has a pseudonym of its own
        for that case and the other tiers' choice would go unused.
        ``refused_shape(n)``: True when ``acceptable`` turns down every entry whose lemma
        has ``n`` words, whatever its forms: made-up names of that many words are not made
        (``_synthesize``)."""
        looks = _Looks(mentions, canonical, views, category, self._view_levels)
        needs = [need_of(m.features) for m in mentions] or [{}]
        distinct: List[Dict[str, str]] = []
        for n in needs:
            if n not in distinct:
                distinct.append(n)
        classes = {m.features.get("wikidata_class") or m.features.get("class")
                   for m in mentions} - {None, ""}
        lemma = _original_lemma(mentions, canonical)
        tokens = len(lemma.split()) or 1
        gender = _original_gender(mentions, lemma, self.gender_of) if category == "PER" else ""
        end = _ending(lemma.split()[-1]) if lemma.split() else ""

        plan = self._plan(category, looks, distinct, classes, tokens, gender, end, views,
                          refused)
        asked = engine_missed is None
        for step, ranking, made in plan.tiers:
            if not asked and step != "engine+features":
                asked = True
                if engine_missed():
                    return Selection(None, "engine-missed")
            for e in ranking.ranked(order):
                forms = [m.form for m in made[id(e)]] if id(e) in made else ()
                if acceptable(e, forms):
                    return Selection(e, step, list(forms))
        if not asked and engine_missed():
            return Selection(None, "engine-missed")
        if self.analogy is not None and not looks._strict():
            e = self._synthesize(category, plan.required, tokens, gender, end, order,
                                 lambda x, made: acceptable(x, made) and looks.passes(x),
                                 prefetch=looks.prefetch_forms, refused_shape=refused_shape)
            if e is not None:
                return Selection(e, "faker+analogy", [f.form for f in e.forms if f.count < 0])
        # No entry has every form needed: the one covering most mentions' forms (the others
        # get its base form).
        for ranking in plan.partial:
            for e in ranking.ranked(order):
                if acceptable(e, ()):
                    return Selection(e, "features-partial")
        return Selection(None, "fallback")

    def _plan(self, category, looks, distinct, classes, tokens, gender, end, views,
              refused=None) -> "_Plan":
        """The cluster's tiers of candidates, ranked but for the keyed order: shared by every
        cluster alike in all that decides them — the category, the engine, the look's
        signature, the forms needed, the classes, the original's token count, gender and
        ending.  The keyed order and ``acceptable`` stay the cluster's own.  A plan whose
        look had no answer from the engine is made afresh (that look ranked without it)."""
        key = (category, views, looks.signature(), tuple(_need_key(n) for n in distinct),
               frozenset(classes), tokens, gender, end, refused)
        with self._plans_lock:
            plan = self._plans.get(key)
            if plan is not None and not plan.looks.failed:
                self._plans.move_to_end(key)
                return plan
        plan = self._new_plan(category, looks, distinct, classes, tokens, gender, end, views,
                              refused)
        with self._plans_lock:
            self._plans[key] = plan
            if len(self._plans) > PLANS:
                self._plans.popitem(last=False)
        return plan

    def _new_plan(self, category, looks, distinct, classes, tokens, gender, end, views,
                  refused=None) -> "_Plan":
        admissible = self._admissible(category, looks)
        # Taken out after ``admissible``, which keeps the entries the engine reads regularly
        # when there are any: else, with those all refused, it would let irregular ones in.
        pool = admissible if refused is None else [e for e in admissible if not refused(e)]
        # each form's key made once, not once per entry of the pool
        keyed = [(n, _need_key(n)) for n in distinct]
        covered = {id(e): sum(1 for n, nk in keyed if self._own(e, n, nk)) for e in pool}
        full = [e for e in pool if covered[id(e)] == len(distinct)]
        # (step, candidates, extra ranking key, forms made by analogy per entry id)
        tiers: List[tuple] = []
        engine = [e for e in full if looks.same_view(e)]
        alike = self._vocabulary_alike(category, looks, distinct, views)
        # the words' views in one round trip, not one each when the ranking reads them
        looks.prefill(alike)
        engine += [e for e in alike if refused is None or not refused(e)]
        if engine:
            # the engine will treat the pseudonym as it treats the original: same readings,
            # same target tags (DESIGN.md §7) — the sentence around it comes out the same
            tiers.append(("engine+features", engine,
                          lambda e: (int(classes.isdisjoint(e.classes)),), {}))
        if classes:
            tiers.append(("class+features",
                          [e for e in full if not classes.isdisjoint(e.classes)], None, {}))
        tiers.append(("features", full, None, {}))
        required = None
        if self.analogy is not None:
            # Every form needed is the entry's own or can be made by analogy: same class
            # first, then the best-attested analogy (its weakest made form).  A form no entry
            # of the category has and no rule can make (EDT's one dative) is the base form
            # whatever is chosen: it does not count against a candidate.
            needed = [(n, nk) for n, nk in keyed if self.analogy.knows(n) or
                      any(self._own(e, n, nk) for e in admissible)]
            required = [n for n, _ in needed]
            made: Dict[int, List[Made]] = {}
            for e in pool:
                if covered[id(e)] < len(distinct):
                    ms = [self.made(e, n) for n, nk in needed if not self._own(e, n, nk)]
                    if all(ms):
                        made[id(e)] = ms
            unmade = {id(e) for e in pool if made.get(id(e)) == []}
            if unmade:
                # the entry's own forms cover every form that can be had at all
                tiers.append(("features-partial", [e for e in pool if id(e) in unmade],
                              lambda e: (int(classes.isdisjoint(e.classes)),), {}))
            tiers.append(("analogy", [e for e in pool if made.get(id(e))],
                          lambda e: (int(classes.isdisjoint(e.classes)),
                                     -min(min(m.score for m in made[id(e)]), TRUSTED)),
                          made))
        return _Plan(
            tiers=[(step, self._ranking(cands, tokens, gender, end, looks, extra), forms)
                   for step, cands, extra, forms in tiers],
            required=required,
            partial=[self._ranking([e for e in pool if covered[id(e)] == level],
                                   tokens, gender, end, looks)
                     for level in range(len(distinct) - 1, 0, -1)],
            looks=looks)

    def _admissible(self, category: str, looks: "_Looks") -> List[DictionaryEntry]:
        """``looks.admissible`` of the category's entries, kept for the looks that read
        them alike (``_Looks.admits``): plans that differ only in the forms needed, the
        classes or the original's ending walked the whole category again.  A look that had
        no answer from the engine is not kept."""
        pool = self.candidates(category)
        key = (id(pool),) + looks.admits()
        hit = self._admitted.get(key)
        if hit is not None and hit[0] is pool:
            return hit[1]
        out = looks.admissible(pool)
        if not (looks.failed or looks.unanswered):
            if len(self._admitted) > PLANS:
                self._admitted.clear()
            self._admitted[key] = (pool, out)
        return out

    def _vocabulary_alike(self, category, looks, distinct, views) -> List[DictionaryEntry]:
        """The dictionary's vocabulary (category WORD) the engine sees like a name of a place
        or body it reads as one unit ("the Court" -> "the Union", "Italian" -> "Finnish"): same
        readings, else same main reading and target tags — and every form needed."""
        words = self.dictionary.entries.get(VOCABULARY, [])
        # One unit for the engine: a word, or a name its dictionary holds whole ("European
        # Parliament" -> "Eurocámara"), which a name of two words would not stand in for
        # ("Greek Welfare" is coordinated and reordered as two).
        if not words or views is None or category == "PER" or looks._view is None or \
                " " in looks._view.split(LEVEL_SEP)[0]:
            return []
        # the same for every plan of the same view and forms (the category aside, but for a
        # nationality's, narrowed below): kept
        key = (id(words), views, looks._view, tuple(_need_key(n) for n in distinct),
               category == "NATIONALITY")
        hit = self._alike.get(key)
        if hit is not None and hit[0] is words:
            return hit[1]
        from transforms.pseudonyms.engine_shaped import vocabulary
        vocab = vocabulary(self.vocabulary_words, self.dictionary.lang, views)
        if vocab is None:
            return []
        exact, main = (looks._view.split(LEVEL_SEP) + ["", ""])[:2]
        alike = vocab.by_exact.get(exact, []) + vocab.by_main.get(main, [])
        by_lemma = self._words_by_lemma.get(id(words))
        if by_lemma is None:
            by_lemma = self._words_by_lemma[id(words)] = {e.lemma: e for e in words}
        if category == "NATIONALITY":
            # a nationality for a nationality: where the analyser reads it as any adjective
            # (Swedish "svenska"), the words alike were "friska" (healthy) and "olika"
            from transforms.detect.demonyms import demonym
            lang = self.dictionary.lang
            demonyms = [w for w in alike if demonym(w, lang)]
            alike = demonyms or alike
        out, seen = [], set()
        for w in alike:
            e = by_lemma.get(w)
            if e is not None and id(e) not in seen and \
                    all(self._own(e, n) for n in distinct):
                seen.add(id(e))
                out.append(e)
        if len(self._alike) > PLANS:
            self._alike.clear()
        self._alike[key] = (words, out)
        return out

    # -- made-up names ---------------------------------------------------------------
    def _synthesize(self, category, distinct, tokens, gender, end, order, acceptable,
                    prefetch=None, refused_shape=None) -> Optional[DictionaryEntry]:
        """Step 3 with morphology: a Faker name of the category (a person: a given name of the
        original's gender from the dictionary's persons + a Faker family name) whose every
        needed form analogy can make.  The first ``SYNTHETIC_LOOK`` such names in the
        secret-keyed order are ranked — the best attested (TRUSTED), then the original's
        ending, then the shortest — and the first acceptable one in that ranking is taken
        (none: the next ``SYNTHETIC_LOOK``).  Ranking before asking ``acceptable`` asks it
        about one or two names, not about sixty (a made-up name for every cluster whose
        dictionary entries the run forbids)."""
        cat = CATEGORY_ALIASES.get(category, category)
        lists = fallback_lists()
        if cat == "PER":
            pool = lists["family"]
        elif cat == "LOC":
            pool = lists["city"]
        elif cat == "ORG":
            pool = _org_names(tuple(lists["org"]))
        else:
            return None
        needs = [n for n in distinct if n]
        # each need's key made once, not once per name of the pool walked
        need_keys = [(need, _need_key(need)) for need in needs]
        ranks = self._pool_ranks(pool, need_keys)
        given: List[str] = []
        if cat == "PER" and tokens > 1:
            given = self._given_names(gender)
            if not given:
                return None
        if refused_shape is not None:
            # Every name made here has as many words: a word of the pool (one: ``_NAME_WORD``)
            # after ``tokens - 1`` given names (distinct, of one word each, when there are
            # that many besides the pool's word).  When ``acceptable`` turns every such
            # lemma down, the walk would make and refuse them all.
            # (``refused_shape`` first: it is False at once for nearly every cluster)
            if refused_shape(tokens if given else 1) and (not given or (
                    len(given) >= tokens and all(len(g.split()) == 1 for g in given))):
                return None
        n = len(pool)
        start = order("\x1fsynthetic")
        step = _coprime_step(n, order("\x1fsynthetic-step"))
        i = 0
        while i < n:
            # the look's names by their rank before the length: (evidence, ending)
            tiers: Dict[Tuple[float, int], List[str]] = {}
            count = 0
            while i < n and count < SYNTHETIC_LOOK:
                k = (start + i * step) % n
                i += 1
                rank = ranks[k]
                if rank is _NOT_YET:
                    rank = self._pool_rank(pool, k, need_keys, ranks)
                if rank is None:
                    continue
                last = rank[1]
                ending = 0 if last == end else (1 if last[-1:] == end[-1:] else 2)
                tiers.setdefault((rank[0], ending), []).append(pool[k])
                count += 1
            ranked = itertools.chain.from_iterable(
                self._ranked_tier(tiers[t], t, given, tokens, need_keys, order)
                for t in sorted(tiers))
            # the first name alone, then ``PREFETCH`` at a time: the first is nearly always
            # taken, and the next seven's names (an HMAC each for a person's given names,
            # another for their keyed order) were drawn for nothing; their words' views,
            # all that was asked ahead for them, are nearly always known by then
            batch = 1
            while True:
                names = list(itertools.islice(ranked, batch))
                batch = PREFETCH
                if not names:
                    break
                if prefetch is not None:
                    # the engine's view of their words in one round trip, not one each: the
                    # forms each entry will have (``_made_entry``)
                    prefetch([f for lemma, mades in names
                              for f in [lemma] + [m.form for m in mades]])
                for lemma, mades in names:
                    # made as it is asked about: the first is nearly always taken
                    entry = _made_entry(lemma, mades, cat)
                    if acceptable(entry, ()):
                        return entry
        return None

    def _pool_rank(self, pool: List[str], k: int, need_keys, ranks: list
                   ) -> Optional[Tuple[float, str]]:
        """``pool[k]`` as a made-up name with the forms ``need_keys``: None when it cannot be
        one (too short, not letters, a form analogy cannot make), else (the negated
        evidence of its weakest made form, capped at TRUSTED; its last two letters, folded).
        Only the last word of a name inflects, so a person's given names change neither.
        Kept in ``ranks`` (``_pool_ranks``)."""
        rank = ranks[k]
        if rank is _NOT_YET:
            word = pool[k]
            mades = [self._made_name(word, need, key) for need, key in need_keys] \
                if len(word) >= 3 and _NAME_WORD.fullmatch(word) else [None]
            rank = None
            if all(mades):
                evidence = min((m.score for m in mades), default=OWN)
                rank = (-min(evidence, TRUSTED), word.casefold()[-2:])
            ranks[k] = rank
        return rank

    def _pool_ranks(self, pool: List[str], need_keys) -> list:
        """``_pool_rank``'s answers for a pool and forms, filled as they are asked: cluster
        after cluster walks the same pools (200 MultiLeg en documents: 131,000 names looked
        at in 2,100 walks, of 5,441 family names)."""
        key = (id(pool), tuple(k for _, k in need_keys))
        hit = self._ranks.get(key)
        if hit is None or hit[0] is not pool:
            hit = self._ranks[key] = (pool, [_NOT_YET] * len(pool))
        return hit[1]

    def _ranked_tier(self, words: List[str], rank: Tuple[float, int], given: List[str],
                     tokens: int, need_keys, order) -> Iterator[Tuple[str, List[Made]]]:
        """A look's names of one rank, as (lemma, made forms) in the order of (length,
        keyed order, lemma) (``_keyed_within``).  A person's given names (an HMAC each) are
        drawn only for the ranks reached: most walks take a name of the first.  The forms
        are made as the names are taken, not for every name of the rank: the first one or
        two are (the ranking needs the lengths only)."""
        if given:
            looked = _by_length(words, self._lemma_of(given, tokens, order),
                                _given_length(given, tokens), order)
        else:
            looked = _keyed_within([(rank + (len(word),), word, word) for word in words],
                                   order)
        return ((lemma, [self._made_lemma(lemma, word, need, key) for need, key in need_keys])
                for lemma, word in looked)

    @staticmethod
    def _lemma_of(given: List[str], tokens: int, order) -> Callable[[str], str]:
        """A made-up person's name for the pool's ``word``: ``tokens - 1`` given names drawn
        by the keyed order (an HMAC), then the word."""
        def lemma_of(word: str) -> str:
            k = order("\x1fgiven\x1f" + word)
            firsts: List[str] = []
            for j in range(len(given)):
                g = given[(k + j) % len(given)]
                if g not in firsts and g != word:
                    firsts.append(g)
                if len(firsts) == tokens - 1:
                    break
            return " ".join(firsts + [word])
        return lemma_of

    def _made_lemma(self, lemma: str, word: str, need: Dict[str, str],
                    need_key: Tuple[Tuple[str, str], ...]) -> Optional[Made]:
        """``_made_name(lemma, ...)`` for a made-up name ending in the pool's ``word`` (one
        word, after a person's given names): only the last word inflects, and ``Analogy.make``
        reads nothing else of a name without forms of its own, so the form is the given
        names before the word's own (kept: ``_pool_rank`` made it).  Making it afresh for
        every person's name taken was a tenth of the made-up names' time, and filled the
        store of the pool's words with names seen once."""
        made = self._made_name(word, need, need_key)
        if lemma == word or made is None:
            return made
        return Made(" ".join(lemma.split()[:-1] + [made.form]), dict(made.features),
                    made.score)

    def _made_name(self, lemma: str, need: Dict[str, str],
                   need_key: Optional[Tuple[Tuple[str, str], ...]] = None) -> Optional[Made]:
        """A made-up name in the form ``need`` by analogy (``Analogy.make``), kept: the
        Faker pools are walked for cluster after cluster (50 MultiLeg en documents: 28,335
        asks for 10,608 names and forms)."""
        key = (lemma, _need_key(need) if need_key is None else need_key)
        made = self._names_made.get(key, _NOT_YET)
        if made is not _NOT_YET:
            return made
        made = self.analogy.make(lemma, need)
        # about 500 bytes each, and mostly one document's: a few documents' worth kept
        # (20,000 had been a third of the job's RSS growth from 60 to 600 documents)
        if len(self._names_made) > 4_000:
            self._names_made.clear()
        self._names_made[key] = made
        return made

    def _given_names(self, gender: str) -> List[str]:
        """Given names for made-up persons: the first words of the dictionary's persons (names
        of the language), of ``gender`` when known; Faker's when the dictionary has none."""
        hit = self._given.get(gender)
        if hit is None:
            names = sorted({e.lemma.split()[0] for e in self.candidates("PER")
                            if len(e.lemma.split()) > 1 and e.lemma.split()[0].isalpha()
                            and len(e.lemma.split()[0]) >= 3 and e.lemma[:1].isupper()})
            if gender:
                names = [w for w in names if self.gender_of(w) == gender]
            if len(names) < 5:
                lists = fallback_lists()
                keys = {"Fem": ["given_female"], "Masc": ["given_male"]}.get(
                    gender, ["given_female", "given_male"])
                names = sorted(set(names) | {w for k in keys for w in lists[k]})
            hit = self._given[gender] = names
        return hit

    def _ranking(self, cands, tokens, gender, end, looks, extra=None) -> "Ranking":
        def prefs(e: DictionaryEntry):
            form, words, shape, kinds, last2, last1 = self._entry_facts(e)
            eg = self._entry_gender(e) if gender else ""
            return (extra(e) if extra else ()) + \
                looks.prefs_of(e, form, words, shape, kinds) + (
                int(e.tokens != tokens), int(bool(gender and eg and eg != gender)),
                0 if last2 is not None and last2 == end else
                (1 if last1 is not None and last1 == end[-1:] else 2))
        return Ranking(cands, prefs)

    def _entry_facts(self, e: DictionaryEntry) -> tuple:
        """What a ranking reads of the entry alone: its first form (``_Looks._form``), that
        form's number of words, the entry's shape, its classes' kinds, its lemma's last
        word's ending (two letters and one, folded; None without words).  Kept for the
        dictionary's own entries: plan after plan ranks the same entries."""
        hit = self._facts.get(id(e))
        if hit is None:
            form = e.forms[0] if e.forms else DictionaryForm(form=e.lemma, features={},
                                                             count=0)
            words = e.lemma.split()
            hit = (form, len(form.form.split()), _entry_shape(e),
                   frozenset(c.split(":")[0] for c in e.classes) if e.classes else _NO_KINDS,
                   _ending(words[-1]) if words else None,
                   words[-1][-1:].casefold() if words else None)
            if id(e) in self._known:
                self._facts[id(e)] = hit
        return hit

    def _entry_gender(self, e: DictionaryEntry) -> str:
        """``_entry_gender(e, gender_of)``, kept for the dictionary's own entries."""
        hit = self._genders.get(id(e))
        if hit is None:
            hit = _entry_gender(e, self.gender_of)
            if id(e) in self._known:
                self._genders[id(e)] = hit
        return hit


_GIVEN_LENGTH: Dict[tuple, tuple] = {}


def _given_length(given: Sequence[str], tokens: int) -> int:
    """The fewest characters the given names (and their spaces) add to a made-up person's
    name: ``tokens - 1`` distinct ones, or as many as there are besides the pool's word,
    each at least as long as the shortest.  Kept per list (``Selector._given_names``'s, one
    per gender) and count."""
    key = (id(given), tokens)
    hit = _GIVEN_LENGTH.get(key)
    if hit is None or hit[0] is not given:
        m = max(0, min(tokens - 1, len(set(given)) - 1))
        if len(_GIVEN_LENGTH) > 256:
            _GIVEN_LENGTH.clear()
        hit = _GIVEN_LENGTH[key] = (given, m * (min(len(g) for g in given) + 1) if m else 0)
    return hit[1]


def _by_length(words: Sequence[str], lemma_of: Callable[[str], str], least: int,
               order: Callable[[str], int]) -> Iterator[Tuple[str, str]]:
    """(lemma, word) for ``words`` in the order of ``_keyed_within`` over (length of the
    lemma, keyed order, lemma), the walk's order among equal lengths — with each lemma made
    (``lemma_of``: an HMAC for a person's given names) only once it may be among the next
    shortest: a word's lemma is at least ``least`` characters longer than the word.  A
    group of equal lengths is complete once no word left unmade could be that short; most
    walks take a name of the first group, and the rest were drawn for nothing (a quarter
    of the made-up names' time)."""
    waiting = sorted(range(len(words)), key=lambda i: len(words[i]))   # stable: walk order
    made: List[Tuple[int, int, str]] = []          # heap of (length, walk position, lemma)
    p = 0
    while p < len(waiting) or made:
        while p < len(waiting) and (
                not made or len(words[waiting[p]]) + least <= made[0][0]):
            i = waiting[p]
            p += 1
            lemma = lemma_of(words[i])
            heapq.heappush(made, (len(lemma), i, lemma))
        shortest = made[0][0]
        group = []
        while made and made[0][0] == shortest:
            _, i, lemma = heapq.heappop(made)
            group.append((lemma, words[i]))
        if len(group) > 1:
            group.sort(key=lambda c: (order(c[0]), c[0]))
        yield from group


def _keyed_within(look, order: Callable[[str], int]):
    """``(preferences, lemma, made forms)`` in the order of (preferences, ``order(lemma)``,
    lemma), as (lemma, made forms); the keyed order (an HMAC a name) computed within the
    groups of equal preferences only, and only for the groups reached: a made-up name's
    preferences hold its length, so most groups are of one, and most clusters take one of
    the first names (the keyed order of every name of every look was 62,000 of the 100,000
    HMACs protecting 50 MultiLeg en documents asked for)."""
    look = sorted(look, key=lambda c: c[0])
    i = 0
    while i < len(look):
        j = i + 1
        while j < len(look) and look[j][0] == look[i][0]:
            j += 1
        group = look[i:j]
        if len(group) > 1:
            group.sort(key=lambda c: (order(c[1]), c[1]))
        for _, lemma, mades in group:
            yield lemma, mades
        i = j


@dataclass
class _Plan:
    """``Selector._plan``: the tiers as (step, ranking, forms made by analogy per entry id),
    the forms a made-up name must have (None without analogy), the rankings of the entries
    covering fewer forms (most first), and the look they were ranked for."""
    tiers: List[Tuple[str, "Ranking", Dict[int, List[Made]]]]
    required: Optional[List[Dict[str, str]]]
    partial: List["Ranking"]
    looks: "_Looks"


class Ranking:
    """The candidates ranked by (preferences, length, keyed order, lemma), except that the
    best ones — the top preferences, within ``WINDOW`` characters of the shortest — come
    first in keyed order alone (so the shortest does not always win).

    Sorted by preferences and length once, on first use (a plan's later tiers are seldom
    reached), for every cluster that shares the plan; ``ranked(order)`` is one cluster's
    sequence.  The keyed order (an HMAC per lemma) is computed only for the groups of equal
    preferences and length that the caller reaches: it stops at the first acceptable
    candidate, and a pool holds thousands.  The sequence is exactly that of sorting
    everything at once."""

    def __init__(self, cands: Sequence[DictionaryEntry],
                 prefs: Callable[[DictionaryEntry], tuple]):
        self._cands, self._prefs = cands, prefs
        self._groups: Optional[Tuple[List[DictionaryEntry], List[int], int]] = None

    def _grouped(self) -> Tuple[List[DictionaryEntry], List[int], int]:
        """The candidates sorted by (preferences, length); where each group of equal ones
        starts (and the end); how many groups are the window.  (One list and its bounds: a
        list per group held a plan's memory several times over.)"""
        cands, prefs = self._cands, self._prefs
        if self._groups is None and cands is not None:
            # the index keeps equal keys in the candidates' order, as a stable sort does
            keyed = sorted(((prefs(e), len(e.lemma)), i) for i, e in enumerate(cands))
            flat = [cands[i] for _, i in keyed]
            bounds = [k for k in range(len(keyed)) if k == 0 or keyed[k][0] != keyed[k - 1][0]]
            inside = 0
            if keyed:
                top, shortest = keyed[0][0]
                while inside < len(bounds) and keyed[bounds[inside]][0][0] == top and \
                        keyed[bounds[inside]][0][1] <= shortest + WINDOW:
                    inside += 1
            self._groups = (flat, bounds + [len(flat)], inside)
            # the sorted list holds every candidate; ``prefs`` holds the look a plan keeps
            self._cands = self._prefs = None
        return self._groups

    def ranked(self, order: Callable[[str], int]) -> Iterator[DictionaryEntry]:
        flat, bounds, inside = self._grouped()
        window = flat[:bounds[inside]]
        window.sort(key=lambda e: (order(e.lemma), e.lemma))
        yield from window
        for k in range(inside, len(bounds) - 1):
            yield from sorted(flat[bounds[k]:bounds[k + 1]],
                              key=lambda e: (order(e.lemma), e.lemma))


class _Looks:
    """What a pseudonym must look like to stand in for a cluster's mentions: its shape
    (initials stay initials, an acronym gets an acronym, ALL CAPS stays ALL CAPS — hard
    rules), then, as preferences, the engine's view, the part of speech (a demonym
    adjective gets an adjective), an organisation's kind and legal form."""

    def __init__(self, mentions: Sequence[Mention], canonical: str, views=None,
                 category: str = "", levels: Optional[Dict[tuple, Dict[str, int]]] = None):
        """``levels``: ``view_level``'s answers shared by the looks of the same original view
        (``Selector._view_levels``): they depend on nothing else."""
        from transforms.nlp.apertium_morphology import bare_name, shape_of
        main = next((m for m in mentions if m.text == canonical), mentions[0] if mentions
                    else None)
        feats = main.features if main is not None else {}
        self.text = bare_name(main.text if main is not None else canonical)
        self._words = len(self.text.split())    # asked for every candidate ranked
        self.shape = feats.get("shape") or shape_of(self.text)
        self.upos = feats.get("upos", "")
        self.klass = feats.get("class", "")
        self.analysis = feats.get("analysis", "")
        self.features = feats
        self._is_strict: Optional[bool] = None       # ``_strict``'s answer
        self.views = views
        self.category = category
        self._view = None
        # the engine gave no view of a candidate: this look ranked without it, and its
        # ranking is for no other cluster (``Selector._plan``)
        self.failed = False
        # ``passes`` had no answer from the engine for a name (and let it pass)
        self.unanswered = False
        if views is not None:
            try:
                self._view = views([self.text])[self.text]
            except OSError:
                self.views = None
        self._levels: Dict[str, int] = {}     # view_level by candidate form
        self._own_levels: Optional[List[str]] = None     # ``_view``'s levels (``_compared``)
        if levels is not None and self._view is not None:
            self._levels = levels.setdefault((self.views, self._view), {})

    def signature(self) -> tuple:
        """All that ``admissible``, ``view_level`` and ``prefs`` read of the original: its
        text only by its number of words, the source analysis only without the engine's
        view (``Selector._plan``)."""
        return (self.category, self._view, self._words, self.shape, self.upos,
                self.klass, self.analysis if self._view is None else "", self._strict())

    def admits(self) -> tuple:
        """All that ``admissible`` reads of the original: the engine and its view of it,
        the category, its number of words (``view_level``), and the shape where only the
        same shape will do."""
        strict = self._strict()
        return (self.views, self._view, self.category, self._words, strict,
                self.shape if strict else "")

    def _strict(self) -> bool:
        """An acronym the analyser knows to be one: only an acronym will do.  (Initials
        rank first and are rendered as initials in any case: ``DictPseudonym``; without an
        analyser the form — "USA-s" in Estonian — matters more than the shape.)"""
        # made once: the plan's key, the admissible entries and the made-up names' step
        # each ask it of the same text and features
        if self._is_strict is None:
            from transforms.nlp.apertium_morphology import is_acronym
            self._is_strict = "known" in self.features and is_acronym(self.text, self.features)
        return self._is_strict

    def admissible(self, pool: Sequence[DictionaryEntry]) -> List[DictionaryEntry]:
        """Initials and acronyms: the same shape only.  With the engine: no entry it changes
        beyond what restoration follows (a compound it translates part by part, a name it
        renames), while others are left."""
        out = list(pool) if not self._strict() else \
            [e for e in pool if _entry_shape(e) == self.shape]
        if self._view is not None and out:
            if not self.prefill(out):
                self.failed = True
                return out
            regular = [e for e in out if self.view_level(e) < 4]
            out = regular or out
            if self.category == "PER":
                # a person's name the engine would translate ("Van" -> "Furgoneta") only
                # where the original's own is read alike
                names = [e for e in out if self.view_level(e) == 0 or self.passes(e)]
                out = names or out
        return out

    def prefill(self, entries: Sequence[DictionaryEntry]) -> bool:
        """``view_level``'s answers for ``entries`` whose forms it has not seen, from one
        request to the engine (each text is analysed on its own: the views are the ones
        asked one by one).  False when the engine gave no answer: nothing is kept, and
        ``view_level`` asks again."""
        if self._view is None:
            return True
        forms = [f for f in dict.fromkeys(self._form(e).form for e in entries)
                 if f not in self._levels]
        if not forms:
            return True
        try:
            seen = self.views(forms)
        except OSError:
            return False
        for f, view in seen.items():
            self._levels[f] = self._compared(view.split(LEVEL_SEP))
        return True

    def _form(self, e: DictionaryEntry) -> DictionaryForm:
        return e.forms[0] if e.forms else DictionaryForm(form=e.lemma, features={}, count=0)

    def passes(self, e: DictionaryEntry) -> bool:
        """A made-up name the engine passes through: each of its words unknown to it, or a
        proper noun it neither renames nor splits (always, without the engine)."""
        if self.views is None:
            return True
        words = [w for f in e.forms for w in f.form.split()]
        try:
            seen = self.views(words)
        except OSError:
            self.unanswered = True
            return True
        for w in words:
            view = seen.get(w, "*").split(LEVEL_SEP)[0]
            if view != "*" and (not view.startswith("<np>") or any(c in view for c in "+~#")):
                return False
        return True

    def prefetch(self, entries: Sequence[DictionaryEntry]) -> None:
        """The engine's view of every word ``passes`` will look at for ``entries``, in one
        round trip (each text is analysed on its own: the views are the same)."""
        self.prefetch_forms([f.form for e in entries for f in e.forms])

    def prefetch_forms(self, forms: Sequence[str]) -> None:
        """``prefetch`` for entries of these forms, in order (the entries not made yet)."""
        if self.views is None:
            return
        try:
            self.views([w for f in forms for w in f.split()])
        except OSError:
            pass          # ``passes`` asks again and decides as it does without a view

    def view_level(self, e: DictionaryEntry) -> int:
        """How alike the engine sees the candidate and the original: 0 the same readings and
        target tags, 1 the same main reading and its target tags (so the same article and
        agreement), 2 the same known-or-not and part of speech, 3 otherwise, 4 a candidate
        the engine changes beyond what restoration follows.  Without the engine, the source
        analyser's readings (0 or 3)."""
        return self._level(self._form(e))

    def _level(self, f: DictionaryForm, words: Optional[int] = None) -> int:
        """``view_level`` of the entry whose first form is ``f`` (``words``: its number of
        words, where the caller has counted them)."""
        # a form cut to fit ("European Parliament" -> "Parliament") is another word; but
        # one the engine renames stays last whatever its length: "Federal Republic of
        # Germany" for "Microsoft Windows" came back "República Federal Alemana", which
        # restoration found only in part ("República Microsoft Windows Alemana")
        if self._view is not None:
            if f.form in self._levels:
                level = self._levels[f.form]
            else:
                try:
                    view = self.views([f.form]).get(f.form, "")
                except OSError:
                    self.failed = True
                    return 3
                self._levels[f.form] = level = self._compared(view.split(LEVEL_SEP))
            if level >= 3:
                return level    # 4 whatever the length; 3 is as far as a length puts it
            if words is None:
                words = len(f.form.split())
            return level if words == self._words else 3
        other = 3 if (len(f.form.split()) if words is None else words) != self._words else 0
        return other or (0 if self.analysis and f.features.get("analysis") == self.analysis
                         else 3)

    def _compared(self, theirs: List[str]) -> int:
        if any(c in theirs[0] for c in "+~#"):
            return 4     # a compound, a renamed name, a several-word translation: the
                         # engine changes it in ways restoration cannot follow: last
        if self._own_levels is None:
            # the original's levels split once, not for each candidate compared
            self._own_levels = self._view.split(LEVEL_SEP)
        for level, (a, b) in enumerate(zip(self._own_levels, theirs)):
            if a == b:
                return level
        return 3

    def same_view(self, e: DictionaryEntry) -> bool:
        return self.view_level(e) <= 1

    def prefs(self, e: DictionaryEntry) -> tuple:
        f = self._form(e)
        return self.prefs_of(e, f, len(f.form.split()), _entry_shape(e),
                             {c.split(":")[0] for c in e.classes})

    def prefs_of(self, e: DictionaryEntry, f: DictionaryForm, words: int, shape: str,
                 kinds) -> tuple:
        """``prefs`` of ``e`` given its first form, that form's number of words, the entry's
        shape and its classes' kinds (``Selector._entry_facts``)."""
        kind = self.klass
        same_kind = 0 if not kind or kind in e.classes else (
            1 if kind.split(":")[0] in kinds else 2)
        same_pos = int(bool(self.upos and e.upos and e.upos != self.upos))
        return (self._level(f, words), same_kind, int(words != self._words), same_pos,
                int(shape != self.shape))


def _entry_shape(e: DictionaryEntry) -> str:
    f = e.forms[0] if e.forms else None
    return (f.features.get("shape") if f is not None else "") or _lemma_shape(e.lemma)


@functools.lru_cache(maxsize=1 << 16)
def _lemma_shape(lemma: str) -> str:
    """``shape_of(lemma)``, kept: every plan ranks its entries by their shape, and plan after
    plan ranks the same entries (20,000 shapes made anew per 200 MultiLeg en documents)."""
    from transforms.nlp.apertium_morphology import shape_of
    return shape_of(lemma)


def _made_entry(lemma: str, mades: Sequence[Made], cat: str) -> DictionaryEntry:
    """A made-up name as a dictionary entry: its lemma and the forms analogy made."""
    return DictionaryEntry(category=cat, lemma=lemma, count=0, tokens=len(lemma.split()),
                           upos="PROPN", classes=[], source="analogy",
                           forms=[DictionaryForm(form=lemma, features={}, count=0)] +
                                 [DictionaryForm(form=m.form, features=m.features, count=-1)
                                  for m in mades])


@functools.lru_cache(maxsize=4)
def _org_names(orgs: Tuple[str, ...]) -> List[str]:
    """Faker's company names without the legal form ("Aalto GmbH" -> "Aalto"): a one-word
    name inflects like any other; a foreign legal form would not."""
    out, seen = [], set()
    for o in orgs:
        w = o.split()[0] if o.split() else ""
        if w and w not in seen:
            seen.add(w)
            out.append(w)
    return out


def _coprime_step(n: int, key: int) -> int:
    step = 1 + key % 97
    while n > 1 and math.gcd(step, n) != 1:
        step += 1
    return step


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
