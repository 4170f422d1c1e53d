"""Pseudonyms shaped by the engine's own vocabulary (Apertium; DESIGN.md §7, issue 15).

When no dictionary entry looks to the engine like the original ("the Court": a noun the
engine translates, feminine in Spanish), the pseudonym is built word by word from the
language's frequent vocabulary (``wordfreq``): each word the engine knows is replaced by a
word it sees exactly alike — the same readings and the same target tags, else the same main
reading and target tags — written in the original word's case ("the Court" -> "the Tendency",
"Spanish law" -> "Finnish law"); each word it does not know, by a name it does not know
either; closed-class words ("of", "and", "for") stay, they identify no one.  The engine then
tags, reorders and agrees the sentence as it would the original, and restoration finds the
pseudonym's translation word by word through the pair's dictionaries
(``restore._find_translated``).
"""
from __future__ import annotations

import re
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Set

from transforms.pseudonyms.offensive import offensive
from transforms.dictionary.extract import legal_form


VOCABULARY = 20000          # the most frequent words of the language looked at
_WORD = re.compile(r"^[^\W\d_]{3,}$")
# Main parts of speech a name word may be replaced in; anything else (prepositions,
# conjunctions, articles) stays as it is.
_CONTENT = {"n", "np", "adj"}
LEVEL_SEP = "\x1f"


def _stored(views):
    """``views``, or where it is a ``PairLexicon``'s, its ``stored_views``: for the lists
    every worker process asks alike (vocabulary, acronyms, unknown names), kept in a file."""
    stored = getattr(getattr(views, "__self__", None), "stored_views", None)
    return stored if callable(stored) else views


def _levels(view: str) -> List[str]:
    """A view's exact, main-reading and coarse levels (``PairLexicon.views``)."""
    return (view + LEVEL_SEP * 2).split(LEVEL_SEP)[:3]


def read_as_one(views, text: str) -> bool:
    """Does the engine read some of ``text``'s words as one unit ("European Parliament": one
    noun, translated "Eurocámara")?  Its view (``PairLexicon.views``) then has fewer units
    than the text has words, and restoration, which finds a stand-in's translation word by
    word, cannot find it: "la Eurocámara (IANA)" stayed in the Spanish WGIG report."""
    return len(_levels(views([text])[text])[2].split()) < len(_WORDS.findall(text))


_WORDS = re.compile(r"\w+(?:['’\-‑]\w+)*")     # "&" is no word, "Court's" is one


class _ByView:
    """Words indexed by the engine's view of them: by their exact readings and by their main
    reading, leaving out those whose view ``keep`` refuses."""

    def __init__(self, words: Sequence[str], seen: Dict[str, str],
                 keep: Callable[[str, str], bool]):
        self.by_exact: Dict[str, List[str]] = {}
        self.by_main: Dict[str, List[str]] = {}
        for w in words:
            exact, main, _ = _levels(seen.get(w, ""))
            if keep(w, exact):
                self.by_exact.setdefault(exact, []).append(w)
                self.by_main.setdefault(main, []).append(w)

    def alike(self, view: str) -> List[str]:
        """The words read exactly as ``view``, then those of the same main reading."""
        exact, main, _ = _levels(view)
        first = self.by_exact.get(exact, [])
        taken = set(first)
        return first + [w for w in self.by_main.get(main, []) if w not in taken]


class EngineVocabulary(_ByView):
    """The language's frequent words indexed by the engine's view of them."""

    def __init__(self, words: Sequence[str], views: Callable[[Sequence[str]], Dict[str, str]]):
        """``words``: the dictionary's vocabulary (category WORD), capitalised; never an
        offensive word (``offensive.OFFENSIVE_WORDS``)."""
        caps = sorted({w[:1].upper() + w[1:] for w in words
                       if _WORD.match(w) and not offensive(w)})
        super().__init__(caps, _stored(views)(caps), lambda w, exact: not _irregular(exact))
        self._main_alike: Dict[tuple, List[str]] = {}
        # id of a list of words -> (the list, casefolded word -> its positions)
        self._positions: Dict[int, tuple] = {}
        # the last frozenset of banned words asked about (a document's), and id of a list ->
        # (the list, the positions of its words in the set, sorted)
        self._banned_at: tuple = (None, {})

    def unknown(self, names: Sequence[str], views) -> List[str]:
        """The names among ``names`` the engine does not know (passed through as they are)."""
        if isinstance(names, tuple) and names is getattr(self, "_unknown_of", None):
            return self._unknown         # the same tuple as last time: the same names
        key = tuple(names)
        if getattr(self, "_unknown_key", None) != key:
            seen = _stored(views)([n for n in names if _WORD.match(n)])
            # (the list it replaces is no longer asked about: its positions go with it)
            self._positions.pop(id(getattr(self, "_unknown", None)), None)
            self._unknown = [n for n in names if seen.get(n, "").split(LEVEL_SEP)[0] == "*"]
            self._unknown_key = key
        self._unknown_of = names
        return self._unknown

    def main_alike(self, exact: str, main: str) -> List[str]:
        """The words of the same main reading as ``main`` and not of the readings ``exact``
        (kept: asked for each word of each name)."""
        key = (exact, main)
        hit = self._main_alike.get(key)
        if hit is None:
            taken = set(self.by_exact.get(exact, []))
            hit = self._main_alike[key] = [c for c in self.by_main.get(main, [])
                                           if c not in taken]
        return hit

    def without(self, words: List[str], banned: Set[str],
                also: Iterable[str] = ()) -> "_Without":
        """``words`` (one of this vocabulary's lists) without those in ``banned`` or in
        ``also`` (casefolded).  ``banned`` a frozenset (a document's forbidden words, the
        same for every name composed in it): where it stands in the list is kept, and only
        ``also`` (the name's own few words) is looked up afresh."""
        index = self._positions.get(id(words))
        if index is None or index[0] is not words:
            positions: Dict[str, List[int]] = {}
            for i, w in enumerate(words):
                positions.setdefault(w.casefold(), []).append(i)
            index = self._positions[id(words)] = (words, positions)
        positions = index[1]
        if not isinstance(banned, frozenset):
            every = set(banned) | set(also)
            return _Without(words, sorted(i for b in positions.keys() & every
                                          for i in positions[b]))
        # the banned words the list holds, by set intersection (at C speed: a document bans
        # hundreds of words), once per list and document: intersecting them again for every
        # tier of every word of every name composed was a sixth of ``engine_shaped``
        # (the last document's only: another's set replaces them)
        last = self._banned_at
        if last[0] is not banned:
            last = self._banned_at = (banned, {})
        hit = last[1].get(id(words))
        if hit is None or hit[0] is not words:
            hit = last[1][id(words)] = (words, sorted(
                i for b in positions.keys() & banned for i in positions[b]))
        more = [i for b in set(also) - banned for i in positions.get(b, ())]
        # positions of distinct words are distinct: the merged list is the one the
        # intersection with ``banned | also`` gives
        return _Without(words, sorted(hit[1] + more) if more else hit[1])


class _Without:
    """A list of words without some of them, as a sequence (length, item by position): where
    the left-out words stand is looked up (a name's few), the list (thousands of words) is
    not filtered whole."""

    def __init__(self, words: List[str], left_out: List[int]):
        self.words, self.left_out = words, left_out      # left_out: sorted positions

    def __len__(self) -> int:
        return len(self.words) - len(self.left_out)

    def __getitem__(self, k: int) -> str:
        i = k
        for p in self.left_out:
            if p > i:
                break
            i += 1
        return self.words[i]


_VOCABULARIES: Dict[tuple, Optional[EngineVocabulary]] = {}
# (id of a tuple of words, language, views) -> (the tuple, its vocabulary)
_LAST_VOCABULARY: Dict[tuple, tuple] = {}


def vocabulary(words: Sequence[str], lang: str, views) -> Optional[EngineVocabulary]:
    """The vocabulary indexed by ``views`` (one per word list and engine, per worker): the
    dictionary's WORD entries, else the language's ``VOCABULARY`` most frequent words."""
    # A tuple (the dictionary's WORD lemmas, the Selector's own) is known by identity: hashing
    # its thousands of words again for every cluster was 3 % of protection.
    given = words
    last = _LAST_VOCABULARY.get((id(given), lang, views))
    if last is not None and last[0] is given:
        return last[1]
    key = (lang, hash(tuple(words)), views)
    if key not in _VOCABULARIES:
        if not words:
            try:
                from wordfreq import top_n_list
                words = top_n_list(lang, VOCABULARY)
            except (LookupError, ImportError):
                words = []
        try:
            _VOCABULARIES[key] = EngineVocabulary(words, views) if words else None
        except OSError:
            _VOCABULARIES[key] = None
    if isinstance(given, tuple):
        if len(_LAST_VOCABULARY) > 64:
            _LAST_VOCABULARY.clear()
        _LAST_VOCABULARY[(id(given), lang, views)] = (given, _VOCABULARIES[key])
    return _VOCABULARIES[key]


_TOKENS = re.compile(r"\w+(?:[-'’]\w+)*|[^\w\s]+|\s+")
# Parts of speech that stay: they carry no identity ("of", "and", "the", "for").
_CLOSED = {"pr", "cnjcoo", "cnjsub", "det", "predet", "prn", "rel", "gen", "num", "adv",
           "preadv"}


def engine_shaped(text: str, vocab: Optional[EngineVocabulary], views,
                  order: Callable[[str], int], acceptable: Callable[[str], bool],
                  unknown_names: Sequence[str], forbidden_words: Iterable[str] = (),
                  restorable: Optional[Callable[[Sequence[tuple]], bool]] = None
                  ) -> Optional[str]:
    """``text`` (a name without its article) rebuilt word by word as above, or None when a
    word the engine knows has no look-alike, or no acceptable combination is found.  Only
    closed-class words and punctuation stay; every other word is replaced.
    ``restorable(pairs)`` (``PairLexicon.restorable``; pairs of a look-alike word and the
    original's): a combination is taken only where restoration will find each look-alike's
    translation and give the original word's."""
    if not text[:1].isalnum():
        return None               # "’s-Hertogenbosch": the engine reads "’s" as a clitic
    tokens = _TOKENS.findall(text)
    words = [t for t in tokens if t[:1].isalnum() or t[:1] == "_"]
    if vocab is None or not words:
        return None
    seen = views(words)
    # the document's forbidden words (kept by identity: ``EngineVocabulary.without``) and
    # this name's own
    banned, own = _casefolded(forbidden_words), {w.casefold() for w in words}
    options: List[Sequence[str]] = []
    # (position in ``options``, original word) of the words stood in for by look-alikes
    looked_alike: List[tuple] = []
    changed = False
    for i, w in enumerate(tokens):
        if not (w[:1].isalnum() or w[:1] == "_"):
            options.append((w,))           # spaces, punctuation
            continue
        exact, main, coarse = _levels(seen.get(w, ""))
        if exact and exact != "*" and " " not in exact and coarse in _CLOSED:
            options.append((w,))           # "of", "and", "for": stays
            continue
        if legal_form(w):
            options.append((w,))           # "LLP", "GmbH": countless companies share it
            continue
        changed = True
        if _irregular(exact):
            # unknown, a compound, a name the engine renames, several words in translation:
            # no look-alike restoration could find again; a name the engine passes through
            tiers = [vocab.unknown(unknown_names, views)]
        else:
            # the same readings first, then the same main reading
            # (a reading no word has: the one empty tuple, not a new list to index each time)
            tiers = [vocab.by_exact.get(exact, ()), vocab.main_alike(exact, main)]
        # never a word of an original ("Justice" of "Court of Justice" is no stand-in)
        tiers = [vocab.without(tier, banned, own) for tier in tiers]
        if not any(tiers):
            # a proper noun with no look-alike among the words: a name the engine passes
            # through, as it would pass the original through
            if not exact.startswith("<np>"):
                return None
            tiers = [vocab.without(vocab.unknown(unknown_names, views), banned, own)]
            if not tiers[0]:
                return None
        elif not _irregular(exact):
            # a look-alike, found again through the dictionaries (a name passed through
            # comes back as it went)
            looked_alike.append((len(options), w))
        start = order(f"\x1fengine\x1f{i}")
        options.append(_Rotated(w, tiers, start))     # keyed rotation, tier by tier
    if not changed:
        return None
    for attempt in range(40):
        picks = [opts[attempt % len(opts)] for opts in options]
        cand = "".join(picks)
        if cand.casefold() != text.casefold() and acceptable(cand) and (
                restorable is None or restorable([(picks[k], w) for k, w in looked_alike])):
            return cand
    return None


# (id of a frozenset of words) -> (the frozenset, its words casefolded)
_CASEFOLDED: Dict[int, tuple] = {}


def _casefolded(words: Iterable[str]) -> Set[str]:
    """``words`` casefolded; a frozenset's (a document's forbidden words, asked about for
    every name composed in it) made once and known again by identity."""
    if not isinstance(words, frozenset):
        return {w.casefold() for w in words}
    hit = _CASEFOLDED.get(id(words))
    if hit is None or hit[0] is not words:
        if len(_CASEFOLDED) > 64:
            _CASEFOLDED.clear()
        hit = _CASEFOLDED[id(words)] = (words, frozenset(w.casefold() for w in words))
    return hit[1]


class _Rotated:
    """The stand-ins for the word ``model``: each tier (of ``tiers``) from the keyed ``start``
    on, at most 40 of each, 40 in all, in ``model``'s case — made as they are asked (the
    first is nearly always taken: making all 40 of every word was a tenth of protection)."""

    def __init__(self, model: str, tiers: Sequence[Sequence[str]], start: int):
        self.model, self.start = model, start
        self.tiers = [(t, min(len(t), 40)) for t in tiers if t]
        self.n = min(sum(k for _, k in self.tiers), 40)

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, k: int) -> str:
        if not 0 <= k < self.n:
            raise IndexError(k)
        for tier, taken in self.tiers:
            if k < taken:
                return _case_like(self.model, tier[(self.start + k) % len(tier)])
            k -= taken
        raise IndexError(k)


class EngineAcronyms(_ByView):
    """The two- and three-letter acronyms the engine knows ("EU", "UN", "BBC"), by the
    engine's view of them: an acronym it translates ("EU law" -> "Ley de UE", reordered and
    with a preposition) is stood in for by one it translates alike ("Ley de ONU"); an
    unknown one ("LG law" -> "LG Ley") would change the sentence."""

    def __init__(self, views: Callable[[Sequence[str]], Dict[str, str]]):
        letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        cands = [a + b for a in letters for b in letters] + \
            [a + b + c for a in letters for b in letters for c in letters]
        seen = _stored(views)(cands)

        def acronym(exact: str) -> bool:
            return "<acr>" in exact and not _irregular(exact)
        # not a word as well ("WHO" is also "who", which restoration would find as "que"):
        # asked of the few hundred the engine reads as acronyms only, not of all 18,252
        # (the engine's view of each text is its own, whatever else is asked with it)
        words = _stored(views)([c.lower() for c in cands
                                if acronym(_levels(seen.get(c, ""))[0])])
        super().__init__(cands, seen, lambda c, exact: (
            acronym(exact) and _levels(words.get(c.lower(), "*"))[0] == "*"))


_ACRONYMS: Dict[object, Optional[EngineAcronyms]] = {}


def acronyms(views) -> Optional[EngineAcronyms]:
    """The engine's acronyms (one index per engine, per worker)."""
    if views not in _ACRONYMS:
        try:
            _ACRONYMS[views] = EngineAcronyms(views)
        except OSError:
            _ACRONYMS[views] = None
    return _ACRONYMS[views]


def _irregular(view: str) -> bool:
    """Unknown, several units, a compound or joined unit ("+"), a renamed proper noun ("~")
    or a multi-word translation ("#")."""
    return not view or view == "*" or any(c in view for c in " +~#")


def _case_like(model: str, word: str) -> str:
    letters = [c for c in model if c.isalpha()]
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return word.upper()
    if model[:1].islower():
        return word.lower()
    return word[:1].upper() + word[1:]
