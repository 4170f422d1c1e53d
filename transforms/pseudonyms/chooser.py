"""Choosing replacements for entity clusters (pure): ``PseudonymChooser``.

The choice is keyed by a secret (``keyed.keyed_int``), so a rerun with the same secret gives
the same pseudonyms and nobody without the secret can recompute the mapping.  A pseudonym
never equals, contains or is contained in an original of the same document, and two clusters
never share one (the exclusion rules: ``_Forbidden``, ``PseudonymChooser._acceptable``).

A cluster's pseudonym comes from the first step that gives one, in this order (each named
``_step_*`` below; ``PseudonymChooser.stats`` counts which step fired):

1. ``same-key`` — a cluster of the same key, or of the same lemma, already has one;
2. ``corpus`` — the per-corpus assignment (``corpus_assignments``), unless it clashes here;
3. the dictionary — with a pseudonym dictionary and mentions that carry morphology, the
   paper's three-step selection (``transforms.dictionary.select``; counted by its own step
   names, ``fallback`` when it finds nothing); the entry kind is in ``dictionary_entry``;
   with an Apertium engine, where no entry is read like the original, an acronym it knows
   (``engine+acronym``) or a name composed of its vocabulary (``engine+composed``);
4. ``faker`` — persons, places and organisations from Faker's pools (``fallback``,
   ``person``); mentions without features keep this behaviour;
5. ``date`` — a keyed shift (``date``);
6. ``identifier`` — a validated fake of the same identifier type (``identifiers``);
7. ``scramble`` — the format-preserving scramble (``identifiers``).
"""
from __future__ import annotations

import functools
from collections import Counter
import re
import threading
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Set, Tuple

from schemas.records import Cluster, Mention
from transforms import dates
from transforms.dictionary.select import distinct_needs, has_morphology
from transforms.linking import fold, link_key, propagatable
from transforms.pseudonyms.date import DatePseudonym, shifted_date
from transforms.pseudonyms.dictionary_entry import DictPseudonym, _selector
from transforms.pseudonyms.engine_shaped import read_as_one
from transforms.pseudonyms.fallback import (_CANDIDATE_WORD, check_fallback_words,
                                            fallback_lists, pick)
from transforms.pseudonyms.identifiers import fake_identifier, scramble
from transforms.pseudonyms.keyed import keyed_int
from transforms.pseudonyms.kinds import Plain, Pseudonym
from transforms.pseudonyms.person import fake_person
from transforms.target_names import common_word

NAME_CATEGORIES = ("PER", "ORG", "LOC", "GPE", "NATIONALITY", "MISC")
# Categories the Faker step has pools for.

_WORDS = re.compile(r"\w+")


class _Forbidden:
    """Strings no pseudonym may equal, share a word with, or contain or be contained in:
    folded, their words, and (for strings that identify someone: not a bare "3" or "2002")
    word -> the word-padded strings holding it (" court of justice ") — containment either
    way needs a shared word, so only those few are checked."""

    def __init__(self, strings: Tuple[str, ...]):
        self.folded = {fold(o).strip() for o in strings if o.strip()}
        self.words = frozenset(w for o in self.folded for w in _WORDS.findall(o))
        self.padded_by_word: Dict[str, List[str]] = {}
        for o in {" ".join(_WORDS.findall(o)) for o in self.folded if propagatable(o)}:
            for w in set(o.split()):
                self.padded_by_word.setdefault(w, []).append(f" {o} ")
        self._allows: Dict[str, bool] = {}

    def allows(self, f: str) -> bool:
        """``f`` (folded) is none of the strings, has no word that is a short one
        (``PseudonymChooser.short_original``), and neither contains nor is contained in
        one.  Kept per string: the run's list is asked about the same candidates for every
        cluster of every document."""
        hit = self._allows.get(f)
        if hit is None:
            words = _WORDS.findall(f)
            # initials are not looked for inside: "X" is a word in countless originals
            # ("Company X")
            hit = f not in self.folded and not any(self.short(w) for w in words) and \
                (len(f) < 3 or not self._contains(words))
            if len(self._allows) > 12_000:      # a few documents' candidates
                self._allows.clear()
            self._allows[f] = hit
        return hit

    def short(self, word: str) -> bool:
        w = fold(word).strip(".")
        return 0 < len(w) <= 3 and w.isalpha() and w in self.folded

    def _contains(self, words: List[str]) -> bool:
        """One of the strings contains the words, or they contain one (word-bounded)."""
        padded = " " + " ".join(words) + " "
        return any(o in padded or padded in o
                   for w in set(words) for o in self.padded_by_word.get(w, ()))


@functools.lru_cache(maxsize=4)
def _forbidden(strings: Tuple[str, ...]) -> _Forbidden:
    """A run's avoid list is the same for every document: indexed once per worker."""
    return _Forbidden(strings)


@functools.lru_cache(maxsize=8)
def _refused_by(run: _Forbidden, person: bool) -> Optional[Callable]:
    """``refused(entry)``: the run's avoid list refuses one of the strings the dictionary
    step's ``acceptable`` would send for ``entry`` whatever the cluster (its lemma and forms;
    a person's surname alone) — so ``acceptable`` turns it down for every cluster of the run.
    One function per run and kind (``Selector`` keeps its rankings by it); None when the run
    avoids nothing."""
    if not run.folded:
        return None
    memo: Dict[int, Tuple[object, bool]] = {}

    def refused(entry) -> bool:
        hit = memo.get(id(entry))
        if hit is None or hit[0] is not entry:
            sent = {entry.lemma} | {f.form for f in entry.forms}
            if person:
                sent |= {x.split()[-1] for x in sent if len(x.split()) > 1}
            hit = memo[id(entry)] = (entry, any(not run.allows(fold(x)) for x in sent))
        return hit[1]
    return refused


# A pseudonym this close to the original (difflib ratio, folded) shows it: "Composition"
# for "Commission".  The evaluation counts a window of the payload 0.8 alike as a leak.
TOO_ALIKE = 0.7


class LooksLike:
    """``looks_like(candidate)``: does the candidate show one of ``originals``?  Compared as
    sent: with the original's article, which stays in the sentence ("the Sort" shows "the
    Court" more than "Sort" shows "Court")."""

    def __init__(self, originals: Iterable[str]):
        self._given = [o for o in originals if o.strip()]
        # (the original's article, the original folded): made on the first question (a
        # cluster whose choice never asks makes none)
        self._originals: Optional[List[Tuple[str, str]]] = None

    def __call__(self, candidate: str) -> bool:
        from transforms.nlp.apertium_morphology import bare_name
        if self._originals is None:
            from transforms.nlp.apertium_morphology import article_of
            self._originals = [(article_of(o), fold(o)) for o in self._given]
        bare = bare_name(candidate)
        for article, original in self._originals:
            # one matcher per original, its side indexed once (``set_seq1`` keeps it): a
            # cluster compares hundreds of candidates with the same few originals, and the
            # documents of a run name the same ones again
            m = _matcher(original)
            m.set_seq1(fold(article + bare))
            # the quick ratios bound ratio() from above: most candidates are settled by them
            if m.real_quick_ratio() >= TOO_ALIKE and m.quick_ratio() >= TOO_ALIKE and \
                    m.ratio() >= TOO_ALIKE:
                return True
        return False


_MATCHERS = threading.local()
MATCHERS = 1024     # matchers kept per thread (a few KB each)


def _matcher(b: str):
    """A ``difflib.SequenceMatcher`` whose second sequence (the one it indexes: ``b2j``,
    made by ``set_seq2``) is ``b``, kept per thread: its answers depend only on the two
    sequences, and a thread asks one question at a time (``LooksLike.__call__`` sets the
    first and reads the ratios before it returns).  Indexing every cluster's originals
    afresh was a twentieth of choosing pseudonyms."""
    kept = getattr(_MATCHERS, "by_b", None)
    if kept is None:
        kept = _MATCHERS.by_b = {}
    m = kept.get(b)
    if m is None:
        import difflib
        if len(kept) >= MATCHERS:
            kept.clear()
        m = kept[b] = difflib.SequenceMatcher(None, "", b)
    return m


@functools.lru_cache(maxsize=1)
def _unknown_pool() -> Tuple[str, ...]:
    """The names a word the engine does not know may become (``engine_shaped``): one
    tuple for the run, which the vocabulary knows again by identity (joined afresh for
    every cluster, the 6,600 names were compared name by name each time)."""
    lists = fallback_lists()
    return tuple(lists["family"] + lists["city"])


def _acronym(text: str, mentions: Sequence[Mention] = ()) -> bool:
    """"EU", "EUIPO", "the TEAC" (``apertium_morphology.is_acronym``)."""
    from transforms.nlp.apertium_morphology import is_acronym
    feats = next((m.features for m in mentions if m.text == text), {})
    return is_acronym(text, feats)


# Letters an initial is written with (no Q, X, Y: rare as initials); with the engine's view,
# the letters it reads alike (``initial_classes``).
_INITIALS = list("ABCDEFGHIJKLMNOPRSTUVWZ")
_INITIAL_CLASSES: Dict[object, Dict[str, List[str]]] = {}


def initial_classes(views) -> Dict[str, List[str]]:
    """Each letter -> the letters the engine reads alike as an initial ("C." and "D.":
    Roman numerals), per engine; {} when the engine cannot be asked."""
    if views not in _INITIAL_CLASSES:
        try:
            seen = views([c + "." for c in _INITIALS])
        except OSError:
            return {}
        by_view: Dict[str, List[str]] = {}
        for c in _INITIALS:
            by_view.setdefault(seen.get(c + ".", ""), []).append(c)
        _INITIAL_CLASSES[views] = {c: by_view[seen.get(c + ".", "")] for c in _INITIALS}
    return _INITIAL_CLASSES[views]


def _folded_words(text: str) -> List[str]:
    return [fold(w) for w in re.findall(r"\w+", text)]


def _stems(text: str) -> Set[str]:
    """The first five letters of each word of four letters or more (a crude stem: one for
    "Measurement" and "Measurements", for "Prospects" and "Prosperity" too)."""
    return {w[:5] for w in _folded_words(text) if len(w) >= 4}


class PseudonymChooser:
    """One per document (or per corpus, with a shared ``scope``)."""

    def __init__(self, secret: bytes, scope: str, originals: Iterable[str],
                 avoid: Iterable[str] = (), dictionary=None, lang: str = "",
                 corpus: Optional[Dict[Tuple[str, str], "Pseudonym"]] = None,
                 translatable: Optional[Callable[[str], bool]] = None,
                 views: Optional[Callable[[Sequence[str]], Dict[str, str]]] = None,
                 text_words: Iterable[str] = ()):
        """``originals``: this document's entity strings; ``avoid``: further strings no
        pseudonym may be or contain (other documents' entities, the customer's lists);
        ``dictionary``: a ``transforms.dictionary.Dictionary`` for morphology-matched names;
        ``text_words``: the words the document writes in lower case
        (``linking.lower_words_of``)."""
        self.secret = secret
        self.lang = lang
        # ``translatable(word)``: would the engine translate it as an ordinary word ("Lane" ->
        # "camino")?  Fallback names made of such words are skipped: they could not be found
        # in the translation again.
        self.translatable = translatable
        # ``views(texts)``: the engine's own view of each text (Apertium), for choosing a
        # pseudonym the engine treats as it treats the original.
        self.views = views
        # Per-corpus scope: the run's assignment for every (category, key) of the corpus,
        # made once in one fixed order (``corpus_assignments``), so the same entity gets the
        # same pseudonym in every document and two entities never share one.
        self.corpus = corpus or {}
        self.stats: Counter = Counter()     # selection step -> clusters
        # category -> the step that chose each cluster's pseudonym -> clusters
        self.decided: Dict[str, Counter] = {}
        self._decided_by = "other"          # the step that fired for the cluster being chosen
        self._by_key: Dict[str, tuple] = {}  # cluster key -> (category, pseudonym)
        self.selector = None
        if dictionary is not None:
            self.selector = _selector(dictionary)
        self.scope = scope
        # What no pseudonym may be, share a word with, or contain: this document's entity
        # strings, and the run-wide avoid list (the same for every document: indexed once).
        self._forbidden = (_Forbidden(tuple(originals)), _forbidden(tuple(avoid)))
        # The document's own words in lower case (of four letters or more), which no stand-in
        # of the engine's vocabulary may hold (``_apart_from_text``): "Reason" for
        # "Commission", in a sentence saying "by reason of", came back "razón" as it did, and
        # "comisión" went back in the wrong place.
        self._text_words = frozenset(fold(w) for w in text_words if len(w) >= 4)
        self.used: Set[str] = set()
        # The stems of the words of the stand-ins composed of the engine's vocabulary so far
        # (``_apart_from_composed``).
        self._composed_stems: Set[str] = set()
        # ``_is_acronym``'s answer for the cluster being chosen (None between clusters)
        self._acronym_memo: Optional[Dict[str, bool]] = None

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
        self._decided_by = "other"
        chosen = self._step_same_key(cat, keys)
        if chosen is not None:
            self._count_decided(cat)
            return chosen
        chosen = self._step_corpus(cluster, mentions)
        if chosen is None:
            self._acronym_memo = {}
            try:
                chosen = self._choose(cluster, mentions)
            except RuntimeError:
                # every pool used up (a document with hundreds of names): a keyed scramble
                # of the original's letters, never the document's failure
                chosen = self._step_scramble(cluster)
            finally:
                self._acronym_memo = None
        self._count_decided(cat)
        for key in keys:
            self._by_key.setdefault(key, (cat, chosen))
        return chosen

    def _fired(self, step: str) -> None:
        """``step`` gave the cluster its pseudonym: counted in ``stats`` and, once the choice
        is made, in ``decided`` under the cluster's category."""
        self.stats[step] += 1
        self._decided_by = step

    def _count_decided(self, category: str) -> None:
        """``decided[category][step]``: the step that gave this cluster its pseudonym (one
        per cluster; ``fallback``, a dictionary miss before another step, is not one)."""
        self.decided.setdefault(category, Counter())[self._decided_by] += 1

    def _choose(self, cluster: Cluster, mentions: Sequence[Mention]) -> "Pseudonym":
        """Steps 3 to 7: a fresh pseudonym."""
        cat = cluster.category
        if self.selector is not None and cat in NAME_CATEGORIES and has_morphology(mentions):
            chosen = self._step_dictionary(cluster, mentions)
            if chosen is not None:
                return chosen
            self.stats["fallback"] += 1      # step 3: Faker's names for the category
        chosen = self._step_faker(cluster, mentions)
        if chosen is not None:
            self._fired("faker")             # no morphology known, or no entry fits
        if chosen is None:
            chosen = self._step_date(cluster)
        if chosen is None:
            chosen = self._step_identifier(cluster, mentions)
        if chosen is None:
            chosen = self._step_scramble(cluster)
        return chosen

    # -- the steps, in order -----------------------------------------------------
    def _step_same_key(self, cat: str, keys: Sequence[str]) -> Optional["Pseudonym"]:
        for key in keys:
            same = self._by_key.get(key)
            if same is not None and cat != "DATE" and same[0] != "DATE":
                self._fired("same-key")
                return same[1]
        return None

    def _step_corpus(self, cluster: Cluster, mentions: Sequence[Mention]
                     ) -> Optional["Pseudonym"]:
        hit = self.corpus.get((cluster.category, cluster.key))
        if hit is None or isinstance(hit, DatePseudonym):
            # dates: a shift keyed by the corpus scope is the same everywhere already
            return None
        forms = [f for f in hit.all_forms() if f]
        if any(self._is_original(fold(f)) or fold(f) in self.used for f in forms):
            return None          # a document-specific original or a clash: choose afresh
        self._fired("corpus")
        self.used.update(fold(f) for f in forms)
        return hit

    def _step_dictionary(self, cluster: Cluster, mentions: Sequence[Mention]
                         ) -> Optional[DictPseudonym]:
        def order(lemma: str) -> int:
            return keyed_int(self.secret, self.scope, cluster.category, cluster.key, lemma)

        person = cluster.category == "PER"

        from transforms.pseudonyms.dictionary_entry import _INITIAL
        canonical_words = cluster.canonical.split()
        initials = {i for i, w in enumerate(canonical_words) if _INITIAL.match(w)}

        initials_made: Dict[Tuple[str, str], str] = {}

        def initial(model: str, word: str) -> str:
            """The initial a dictionary name's ``word`` is sent as for the mention's
            ``model`` (the same for every mention of the cluster).  Kept by the only letter
            of ``word`` it reads: every candidate asks it again (an HMAC a letter)."""
            key = (model, word[:1].upper())
            hit = initials_made.get(key)
            if hit is None:
                hit = initials_made[key] = self.fake_initials(cluster, model, "dict:" + model,
                                                              prefer=word)
            return hit

        def strings(entry, made) -> Set[str]:
            out = {entry.lemma} | {f.form for f in entry.forms} | set(made)
            if person:
                # a person's surname in each form, alone: a surname-only mention of two
                # persons must not get the same pseudonym
                out |= {x.split()[-1] for x in out if len(x.split()) > 1}
            if initials:
                # as it will be sent: with the original's initials ("K. Fletcher")
                out |= {" ".join(initial(canonical_words[i], w) if i in initials else w
                                 for i, w in enumerate(x.split()))
                        for x in list(out) if len(x.split()) == len(canonical_words)}
            return out

        from transforms.dictionary.extract import legal_form
        # a legal form ("GmbH") is no word of the original's own: a company keeps it
        own_words = {w for t in [m.text for m in mentions] + [cluster.canonical]
                     for w in re.findall(r"\w+", t) if len(w) >= 4 and not legal_form(w)}
        own_words = {fold(w) for w in own_words}
        looks_like = LooksLike({m.text for m in mentions} | {cluster.canonical})

        # A name written in capitals ("HARTLEY" in a judgment's heading) is no set of
        # initials: an entry of initials ("RZ") shares its shape ("A") but not its kind.
        caps_name = [len(w) for w in canonical_words if w.isupper() and w.isalpha()]
        caps_name = bool(caps_name) and min(caps_name) >= 4

        def acceptable(entry, made=()) -> bool:
            if caps_name and any(w.isupper() and len(w.rstrip(".")) <= 3
                                 for w in entry.lemma.split()):
                return False
            sent = strings(entry, made)
            # Word-sharing is allowed here (unlike Faker picks): a dictionary has few entries
            # per rare form, and the leak guard needs only that no pseudonym equals, contains
            # or is contained in an original — which _acceptable checks, word-bounded.  (It
            # goes first: it is the cheapest, and turns down every entry already used.)
            if not all(self._acceptable(x, share_words=True) for x in sent):
                return False
            # No word of the original's own: "Västbanken i Linköping" would send "Linköping"
            # of "Förvaltningsrätten i Linköping".
            # nor a word holding one ("Johnson" shows "John")
            if any(o in w for x in sent for w in _folded_words(x) for o in own_words):
                return False
            if not all(self._apart_from_text(x) for x in sent):
                return False
            if self.views is not None and any(read_as_one(self.views, x)
                                              for x in sent if " " in x):
                return False
            return not looks_like(entry.lemma)

        shaped: List[Optional[Plain]] = []

        def engine_missed() -> bool:
            # No entry the engine reads like the original: an acronym it knows, or a name
            # composed of its vocabulary, goes before the dictionary's other tiers.  Asked
            # before those tiers are walked, not after: they (and the made-up names) were
            # a fifth of protection, and unused for the 2,320 of 5,712 clusters of 200
            # MultiLeg en documents that took one of these.
            shaped.append(self._step_engine_acronym(cluster, mentions) or
                          self._step_engine_shaped(cluster, mentions, looks_like))
            return shaped[0] is not None

        initials_refused: List[bool] = []

        def refused_shape(words: int) -> bool:
            """``acceptable`` turns down every entry whose lemma has ``words`` words, whatever
            its forms: such a lemma (or a person's surname alone, of one word) is sent with
            the original's initials, and every way one of those initials can be drawn holds
            a short original ("B.I. Rodriguez" -> "S.A. Mclean" where a mention is "A":
            ``_Forbidden.short``).  Only the first letter of a fake initial follows the
            candidate's name (``fake_initials``' ``prefer``), so ``_INITIALS`` and none
            give every way.  ``Selector._synthesize`` then makes no name of that many words:
            it had walked all 5,441 family names for such a cluster, in vain (three clusters
            of 200 MultiLeg en documents, a tenth of protection's CPU)."""
            n = len(canonical_words)
            if not initials or not (words == n or (person and words > 1 and n == 1)):
                return False
            if not initials_refused:
                initials_refused.append(any(
                    all(any(self.short_original(w)
                            for w in _WORDS.findall(fold(initial(canonical_words[i], p))))
                        for p in _INITIALS + [""])
                    for i in sorted(initials)))
            return initials_refused[0]

        sel = self.selector.select(cluster.category, mentions, cluster.canonical, order,
                                   acceptable, self.views,
                                   refused=_refused_by(self._forbidden[1], person),
                                   engine_missed=engine_missed if self.views is not None
                                   else None, refused_shape=refused_shape)
        if shaped and shaped[0] is not None:
            return shaped[0]
        if sel.entry is None:
            return None
        self._fired(sel.step)
        self.used.update(fold(x) for x in strings(sel.entry, sel.made))
        return DictPseudonym(sel.entry, cluster.canonical, self.selector, initial=initial)

    def fake_initials(self, cluster: Cluster, word: str, salt: str, prefer: str = "") -> str:
        """Other letters in ``word``'s dots and hyphens ("J.-F." -> "K.-M."), keyed by the
        cluster and ``salt``; ``prefer``'s first letter where it may stand (a dictionary
        name's own: "P. Bennett" -> "K. Fletcher" of "Kim Fletcher").  With the engine's
        view, a letter it reads as the original's is read ("A." is the article "a" to the
        English analyser, "C." "D." "I." Roman numerals, most letters unknown): a letter of
        another reading changes the sentence ("A. Larsen" -> "Un. Larsen")."""
        classes = initial_classes(self.views) if self.views is not None else None
        out = []
        for i, c in enumerate(word):
            if not c.isalpha():
                out.append(c)
                continue
            pool = classes.get(c.upper(), _INITIALS) if classes else _INITIALS
            pool = [x for x in pool if x != c.upper()] or \
                [x for x in _INITIALS if x != c.upper()]
            want = prefer[:1].upper() if not out and prefer else ""
            if want in pool:
                letter = want
            else:
                k = keyed_int(self.secret, self.scope, cluster.key, "initial", salt, str(i))
                letter = pool[k % len(pool)]
            out.append(letter if c.isupper() else letter.lower())
        return "".join(out)

    def _step_engine_acronym(self, cluster: Cluster, mentions: Sequence[Mention]
                             ) -> Optional[Plain]:
        """An acronym the engine knows ("EU": "Ley de UE") gets one it reads alike ("UN":
        "Ley de ONU"), keyed by the secret; restoration finds its translation through the
        pair's dictionaries.  An acronym it does not know keeps the scramble (unknown)."""
        from transforms.nlp.apertium_morphology import bare_name
        from transforms.pseudonyms.engine_shaped import acronyms
        if not self._is_acronym(cluster, mentions):
            return None
        text = bare_name(cluster.canonical, lang=self.lang)
        try:
            view = self.views([text])[text]
            known = acronyms(self.views)
        except OSError:
            return None
        alike = known.alike(view) if known is not None and "<acr>" in view else []
        if not alike:
            return None
        start = keyed_int(self.secret, self.scope, cluster.category, cluster.key, "\x1facr")
        shows = LooksLike({cluster.canonical})
        for k in range(len(alike)):
            cand = alike[(start + k) % len(alike)]
            if self._acceptable(cand) and not shows(cand):
                self._fired("engine+acronym")
                self.used.add(fold(cand))
                return Plain(cand)
        return None

    def _step_engine_shaped(self, cluster: Cluster, mentions: Sequence[Mention],
                            looks_like: Optional["LooksLike"] = None) -> Optional[Plain]:
        """No dictionary entry looks to the engine like the original: the name rebuilt word
        by word from the language's vocabulary the engine sees alike (``engine_shaped``).
        ``looks_like``: the cluster's ``LooksLike`` where the caller has made it already."""
        from transforms.nlp.apertium_morphology import bare_name
        from transforms.pseudonyms.engine_shaped import engine_shaped, vocabulary
        if not any(m.features.get("known") in ("yes", "part") for m in mentions):
            return None             # the engine knows none of it: the dictionary's choice
        if self._is_acronym(cluster, mentions) or any(
                "I" in m.features.get("shape", "").split() for m in mentions):
            return None             # initials and acronyms keep their shape (dictionary,
                                    # else Faker's initials, else a scramble)
        text = bare_name(max((m.text for m in mentions), key=len, default=cluster.canonical))
        if cluster.category == "PER":
            return None             # a person keeps a person's name (dictionary, Faker)

        def order(salt: str) -> int:
            return keyed_int(self.secret, self.scope, cluster.category, cluster.key, salt)

        names = _unknown_pool()
        try:
            if looks_like is None:
                looks_like = LooksLike({m.text for m in mentions} | {cluster.canonical})
            vocab = vocabulary(self.selector.vocabulary_words, self.lang, self.views)
            lexicon = getattr(self.views, "__self__", None)
            fake = engine_shaped(text, vocab, self.views, order,
                                 lambda c: self._acceptable(c, share_words=True)
                                 and self._apart_from_text(c) and self._apart_from_composed(c)
                                 and not looks_like(c)
                                 # (as a dictionary's names: no words the engine reads as
                                 # one unit, "Key Pad" -> "teclado numérico", "Bus Passes"
                                 # -> "abonos de autobús", which restoration cannot find)
                                 and not (" " in c and read_as_one(self.views, c)), names,
                                 self._forbidden[0].words,
                                 getattr(lexicon, "restorable", None))
        except OSError:
            return None
        if fake is None:
            return None
        self._fired("engine+composed")
        self.used.add(fold(fake))
        self._composed_stems |= _stems(fake)
        return Plain(fake)

    def _step_faker(self, cluster: Cluster, mentions: Sequence[Mention] = ()
                    ) -> Optional["Pseudonym"]:
        cat = cluster.category
        if cat in ("LOC", "GPE", "ORG") and self._is_acronym(cluster, mentions):
            return None          # an acronym gets an acronym: the scramble ("EU" -> "KQ")
        if cat == "PER":
            return fake_person(self, cluster)
        if cat in ("LOC", "GPE", "NATIONALITY"):
            return Plain(pick(self, cluster, fallback_lists()["city"]))
        if cat == "ORG":
            return Plain(pick(self, cluster, fallback_lists()["org"]))
        return None

    def _step_date(self, cluster: Cluster) -> Optional[DatePseudonym]:
        if cluster.category != "DATE":
            return None
        value = dates.parse(cluster.canonical)
        if value is None:
            return None
        self._fired("date")
        return DatePseudonym(value, shifted_date(self, cluster, value), self.lang)

    def _step_identifier(self, cluster: Cluster, mentions: Sequence[Mention]
                         ) -> Optional[Plain]:
        subtype = next((m.features.get("subtype") for m in mentions
                        if m.features.get("subtype")), "")
        if not subtype:
            return None
        fake = fake_identifier(self, cluster, subtype)
        if fake is None:
            return None
        self._fired("identifier")
        return Plain(fake, keep_case=True)

    def _step_scramble(self, cluster: Cluster) -> Plain:
        self._fired("scramble")
        # A name's article stays in the sentence (``protect.article_outside``): the name is
        # scrambled without it ("the ITU" -> "the RVM", not "the dpj RVM").
        from transforms.nlp.apertium_morphology import bare_name
        text = bare_name(cluster.canonical, lang=self.lang) \
            if cluster.category in NAME_CATEGORIES else None
        return Plain(scramble(self, cluster, text=text))

    def _is_acronym(self, cluster: Cluster, mentions: Sequence[Mention]) -> bool:
        """``_acronym(cluster.canonical, mentions)``, asked once per cluster chosen: the
        engine's acronym, the composed name and Faker's step each asked it again."""
        memo = self._acronym_memo
        if memo is None:
            return _acronym(cluster.canonical, mentions)
        hit = memo.get(cluster.canonical)
        if hit is None:
            hit = memo[cluster.canonical] = _acronym(cluster.canonical, mentions)
        return hit

    # -- the exclusion rules -----------------------------------------------------
    def _acceptable(self, cand: str, share_words: bool = False) -> bool:
        """Not used yet; shares no word with any original (dates may: a year or a month name
        identifies no one); neither contains the other."""
        f = fold(cand)
        if f in self.used:
            return False
        mine, run = self._forbidden
        if not share_words:
            words = _WORDS.findall(f)
            if not (mine.words.isdisjoint(words) and run.words.isdisjoint(words)):
                return False
        # not an original, no short original for a word (the leak guard matches those
        # exactly wherever they stand, an initial "A." too), no containment either way
        return mine.allows(f) and run.allows(f)

    def _apart_from_text(self, cand: str) -> bool:
        """No word of ``cand`` is one the document writes itself in lower case: a stand-in of
        the engine's vocabulary (a dictionary's, or composed of it) is translated as those
        are, and restoration could not tell it from them."""
        return self._text_words.isdisjoint(_folded_words(cand))

    def _apart_from_composed(self, cand: str) -> bool:
        """No word of ``cand`` shares its stem with a word of another stand-in composed of
        the engine's vocabulary in this document: the engine translates both as ordinary
        words, and restoration could not tell them apart ("Stronger Measurements" and
        "Powell Dollar Measurement" in one footnote: one stayed unplaced)."""
        return self._composed_stems.isdisjoint(_stems(cand))

    def short_original(self, word: str) -> bool:
        """A short word ("A", "RZ") that is itself an original of the document or the run."""
        mine, run = self._forbidden
        return mine.short(word) or run.short(word)

    def _translatable(self, cand: str) -> bool:
        """Would the engine change a word of this Faker name — translate it as an ordinary
        word, rename it ("Söderberg" -> "Sydbjerg"), or translate it part by part?  Then
        it could not be found in the translation again."""
        return self.changes_words(_CANDIDATE_WORD.findall(cand))

    def changes_words(self, words: Sequence[str]) -> bool:
        """Would the engine change one of ``words`` (see ``_translatable``)?"""
        if self.views is not None and words:
            try:
                seen = self.views(words)
            except OSError:
                seen = {}
            for w in words:
                view = seen.get(w, "*").split("\x1f")[0]
                if view != "*" and (not view.startswith("<np>") or
                                    any(c in view for c in "+~#")):
                    return True
        return self.translatable is not None and any(self.translatable(w) for w in words)

    def _is_original(self, folded: str) -> bool:
        mine, run = self._forbidden
        return folded in mine.folded or folded in run.folded


_CORPUS: Dict[tuple, tuple] = {}


def _corpus_cached(secret: bytes, forms: Tuple[Tuple[str, str], ...],
                   languages: Tuple[str, str] = ("", ""), dictionary=None, views=None):
    """``_corpus_choose`` once per worker for the same run (four runs kept)."""
    key = (secret, hash(forms), languages, id(dictionary), views)
    hit = _CORPUS.get(key)
    if hit is None or hit[0] is not dictionary or hit[1] != forms:
        if len(_CORPUS) >= 4:
            _CORPUS.clear()
        hit = _CORPUS[key] = (dictionary, forms,
                              _corpus_choose(secret, forms, languages, dictionary, views))
    return hit[2]


def _corpus_choose(secret: bytes, forms: Tuple[Tuple[str, str], ...],
                   languages: Tuple[str, str], dictionary, views):
    keys = sorted({(c, link_key(f, languages[0]) or fold(f), f) for f, c in forms
                   if propagatable(f)})
    canon: Dict[Tuple[str, str], str] = {}
    for c, k, f in keys:          # the longest form of a key is its canonical
        if len(f) > len(canon.get((c, k), "")):
            canon[(c, k)] = f
    source, target = languages
    check_fallback_words(source, target)
    chooser = PseudonymChooser(secret, "corpus", [f for f, _ in forms], dictionary=dictionary,
                               lang=source, views=views,
                               translatable=lambda w: common_word(w, source, target))
    described = {}
    if dictionary is not None:
        # the canonical forms described as the documents' mentions are (the same function):
        # the corpus's choice is the paper's selection too, made once for every document
        from transforms.protect import describe_mentions
        ms = describe_mentions([Mention(segment=0, start=0, end=len(f), text=f, category=c)
                                for (c, _), f in sorted(canon.items())], source)
        described = {(m.category, m.text): m for m in ms}
    out: Dict[Tuple[str, str], Pseudonym] = {}
    clusters = [Cluster(id=i, category=c, key=k, canonical=f)
                for i, ((c, k), f) in enumerate(sorted(canon.items()))]
    mentions_of = {cl.id: [described[(cl.category, cl.canonical)]]
                   for cl in clusters if (cl.category, cl.canonical) in described}
    prefetch_views(views, clusters, mentions_of)
    for cl in choice_order(clusters, mentions_of):
        try:
            out[(cl.category, cl.key)] = chooser.choose(cl, mentions_of.get(cl.id, ()))
        except RuntimeError:
            continue
    return out


def prefetch_views(views, clusters: Iterable[Cluster],
                   mentions_of: Dict[int, Sequence[Mention]]) -> None:
    """The engine's view of every cluster's name (as ``_Looks`` and ``engine_shaped`` take
    it: without its article) and of its words, in one round trip rather than one or two per
    cluster.  Each text is analysed on its own, so the views are the ones asked one by one;
    on an error each cluster asks again and does without, as before."""
    if views is None:
        return
    from transforms.nlp.apertium_morphology import bare_name
    from transforms.pseudonyms.engine_shaped import _TOKENS
    # each text once: a document's mentions repeat the same few names
    texts = {cl.canonical for cl in clusters} | {m.text for ms in mentions_of.values()
                                                for m in ms}
    names = {bare_name(t) for t in texts}
    words = {t for n in names for t in _TOKENS.findall(n) if t[:1].isalnum() or t[:1] == "_"}
    try:
        views(sorted(names | words))
    except OSError:
        pass


def corpus_assignments(secret: bytes, forms: Iterable[Tuple[str, str]], source_lang: str = "",
                       target_lang: str = "", dictionary=None, views=None
                       ) -> Dict[Tuple[str, str], "Pseudonym"]:
    """One assignment for every (category, linking key) of the corpus's entity strings, made
    in sorted order by one chooser: identical in every worker and document (cached per
    process), collision-free across the corpus.  With the languages, fallback names the
    engine would translate as ordinary words are skipped, as in per-document scope; with a
    dictionary (and the engine's ``views``), names are chosen by the same steps as in
    per-document scope, on the canonical forms."""
    return _corpus_cached(secret, tuple(sorted(set(forms))), (source_lang, target_lang),
                          dictionary, views)


def choice_order(clusters: Iterable[Cluster], mentions_of: Dict[int, Sequence[Mention]]
                 ) -> List[Cluster]:
    """The order clusters choose in: independent of input order (by key), and the clusters
    needing the most distinct forms first — few dictionary entries have them all, and the
    exclusion list must not hand those entries to an easy cluster first.  Clusters without
    features keep the plain key order."""
    return sorted(clusters, key=lambda c: (-distinct_needs(mentions_of.get(c.id, ())), c.key))
