"""Put the originals back into a translation (pure).  DESIGN.md §4.

For each replacement sent, locate it in the engine's output and swap in the original:
  * dates by their components (``transforms.dates``), written back in the target's pattern;
  * pseudonyms and masks by exact (case-insensitive, word-bounded) match; then, when the
    engine inflected the pseudonym ("Kalniņš" sent, "Kalniņam" back), by its inflected forms,
    and the original gets the same ending change ("Bērziņš" -> "Bērziņam") when both share
    an ending class (``transfer_ending``), else its own surface form and a review note; then
    by their distinctive words (an engine may drop or move a given name); last, when a word
    aligner is configured, by word alignment (placed, and marked for review);
  * a replacement that cannot be placed leaves the segment ``needs-review`` with a note —
    never silently wrong.  A pseudonym still present after restoration is reported too.
"""
from __future__ import annotations

import bisect
import functools
import itertools
import os
import re
import threading
from typing import Callable, List, Optional, Sequence, Set, Tuple

from schemas.records import CODE_CHARS, Assignment, ProtectedSegment, RestoredSegment
from transforms import dates
from transforms.linking import _IS_WORD, _TOKEN, _WORD, ENDINGS, POSSESSIVE, _lower, fold, stems
from transforms.target_names import TRANSLATABLE, target_name


def _bounded_spans(text: str, needle: str, glued: Tuple[bool, bool] = (False, False)):
    """Every (start, end) of ``needle`` in ``text`` on word boundaries, case-insensitively,
    overlapping ones included (a plain search: a run restores thousands of distinct
    replacements, and compiling a pattern for each cost more than the search).  ``glued``:
    no boundary asked for on the left, the right side (the stand-in was sent glued to a
    word there)."""
    low, nl = _lower(text), _lower(needle)
    n, k = len(text), len(nl)
    idx = low.find(nl)
    while idx >= 0:
        end = idx + k
        if (glued[0] or idx == 0 or not _IS_WORD.match(text, idx - 1)) and \
                (glued[1] or end == n or not _IS_WORD.match(text, end)):
            yield idx, end
        idx = low.find(nl, idx + 1)


def _find_exact(text: str, needle: str, taken: List[Tuple[int, int]]) -> Optional[Tuple[int, int]]:
    if not needle:
        return None
    for span in _bounded_spans(text, needle):
        if not _overlaps(span, taken):
            return span
    # Markers or asterisks have no word boundary semantics.
    if not any(c.isalnum() for c in needle):
        idx = -1
        while True:
            idx = text.find(needle, idx + 1)
            if idx < 0:
                return None
            span = (idx, idx + len(needle))
            if not _overlaps(span, taken):
                return span
    return None


def _find_glued(text: str, needle: str, taken, glued: Tuple[bool, bool]
                ) -> Optional[Tuple[int, int]]:
    """``needle`` glued to a word on the side(s) ``glued`` says, as it was sent."""
    for s, e in _bounded_spans(text, needle, glued):
        if (not glued[0] or s > 0 and _IS_WORD.match(text, s - 1)) and \
                (not glued[1] or _IS_WORD.match(text, e)) and not _overlaps((s, e), taken):
            return s, e
    return None


def _glued(sent: str, a: Assignment) -> Tuple[bool, bool]:
    """Was ``a``'s stand-in sent glued to a word on its left, its right?"""
    return (a.start > 0 and _IS_WORD.match(sent, a.start - 1) is not None,
            _IS_WORD.match(sent, a.end) is not None)


def _overlaps(span, taken) -> bool:
    return any(span[0] < b and a < span[1] for a, b in taken)


def _free_tokens(toks, taken, starts=None, ends=None) -> List[bool]:
    """``not _overlaps(t.span(), taken)`` for each of ``toks`` (matches in text order, not
    overlapping): each taken span marks the run of tokens it overlaps, found by bisection
    (``starts``, ``ends``: the tokens' own, where the caller has them; ``toks`` is then
    only counted: ``_Tokens.words`` will do)."""
    free = [True] * len(toks)
    if taken:
        if ends is None:
            ends = [t.end() for t in toks]
            starts = [t.start() for t in toks]
        for a, b in taken:
            j = bisect.bisect_right(ends, a)          # the first token ending after a
            k = bisect.bisect_left(starts, b, j)      # the first from j on starting at b
            if k > j:
                free[j:k] = [False] * (k - j)
    return free


class _Tokens:
    """A translated text's word tokens: their texts, folded texts (made when first asked
    for), starts and ends: restoration looks for every replacement of a segment in the same
    output, and each look at the engine's translation of a pseudonym (``_find_translated``)
    had cut and folded the whole segment again (15,000 looks per 200 MultiLeg documents).

    No match objects are kept: held for a segment's lookups, the hundreds of them each
    output has counted towards the garbage collector's thresholds, and the collections they
    set off (over the whole job's heap) had cost more than the tokenising itself.  A token's
    start is where its text is next found: only non-word characters stand between two."""

    __slots__ = ("text", "words", "starts", "ends", "_folded", "_candidates")

    def __init__(self, text: str):
        self.text = text
        self.words = _TOKEN.findall(text)
        self.starts, self.ends = starts, ends = [], []
        find, pos = text.find, 0
        for word in self.words:
            pos = find(word, pos)
            starts.append(pos)
            pos += len(word)
            ends.append(pos)
        self._folded = None
        self._candidates = None

    @property
    def folded(self) -> List[str]:
        if self._folded is None:
            self._folded = [fold(w) for w in self.words]
        return self._folded

    def verdicts(self, lexicon, maybe, fw: str, folded_fw: str, default_only: bool):
        """(verdicts, test) for the pseudonym word ``fw``: ``test`` the lexicon's test of
        output words (``maybe(fw, default_only)``), ``verdicts`` its answer per token, None
        until asked (``_anchor_candidates`` fills it in) — True for the word itself (folded
        alike) or a word the test lets through, False for one the lexicon never answers for
        ``fw`` (``PairLexicon.maybe``).  None where the lexicon has no test to give.  Kept
        per lexicon (one per document: the pair's) and word."""
        key = (fw, folded_fw, default_only)
        kept = self._candidates
        if kept is None or kept[0] is not lexicon:
            kept = self._candidates = (lexicon, {})
        hit = kept[1].get(key)
        if hit is None:
            test = maybe(fw, default_only)
            if test is None:
                return None             # not kept: the lexicon may have one the next time
            hit = kept[1][key] = ([None] * len(self.words), test)
        return hit


_LAST_TOKENS = threading.local()     # each restoring thread's last text's _Tokens


def _tokens_of(text: str) -> _Tokens:
    last = getattr(_LAST_TOKENS, "tokens", None)
    if last is not None and (last.text is text or last.text == text):
        return last
    last = _LAST_TOKENS.tokens = _Tokens(text)
    return last


_FIND_WORD = re.compile(r"\w[\w'’.-]*")


def _sought_words(replacement: str) -> List[str]:
    """The words of ``replacement`` that ``_find_words`` looks for (three letters or more)."""
    return [w for w in _FIND_WORD.findall(POSSESSIVE.sub("", replacement)) if len(w) >= 3]


def _find_words(text: str, replacement: str, taken) -> Optional[Tuple[int, int]]:
    """Fallback: the longest words of a multi-word replacement, then grow the span over
    neighbouring words that also belong to it."""
    words = _sought_words(replacement)
    for w in sorted(words, key=len, reverse=True):
        span = _find_exact(text, w, taken)
        if span is None:
            continue
        s, e = span
        others = {fold(x) for x in words}
        # grow left/right over adjacent words of the replacement
        while True:
            m = re.search(r"(\w[\w'’.-]*)\s+$", text[:s])
            if m and fold(m.group(1)) in others and not _overlaps((m.start(1), s), taken):
                s = m.start(1)
                continue
            break
        while True:
            m = re.match(r"\s+(\w[\w'’.-]*)", text[e:])
            if m and fold(m.group(1)) in others and not _overlaps((e, e + m.end(1)), taken):
                e = e + m.end(1)
                continue
            break
        return s, e
    return None


# Outcomes that place an original but cannot vouch for its form: the segment is reviewed.
REVIEW_OUTCOMES = {"inflected-untransferred": "its inflection could not be transferred",
                   "aligned": "it was placed by word alignment",
                   "words-partial": "only some words of its stand-in were found (the engine "
                                    "moved the others away: they may remain)"}


def _holds_all_words(found: str, replacement: str) -> bool:
    """Does ``found`` hold every word ``_find_words`` looks for of ``replacement``?"""
    held = {fold(w) for w in _FIND_WORD.findall(found)}
    return all(fold(w) in held for w in _sought_words(replacement))


# Languages that inflect proper names beyond those with an ending table (linking.ENDINGS).
NAMES_INFLECT = {"de", "cs", "sk", "sl", "sr", "bs", "ru", "uk", "be", "bg", "hu", "is", "el",
                 "ga", "sq", "ro", "hy", "ka", "tr", "sv", "da", "nb", "nn", "no"}


SHARED_ENDING = 3


def inflected_form_of(sent: str, found: str, lang: str) -> bool:
    """Is ``found`` the word ``sent`` in another inflected form?  Their stems meet by the
    language's name endings (``linking.ENDINGS``), or they share all but the last two
    letters of ``sent`` (four at least) and differ by a short ending (Estonian builds cases
    on the genitive stem: "Tallinn" -> "Tallinna-s")."""
    a, b = fold(sent), fold(found)
    if a == b:
        return True
    if lang not in ENDINGS and lang not in NAMES_INFLECT:
        return False         # Spanish, English...: only case and accents may differ
    if stems(sent, lang) & stems(found, lang):
        return True
    k = len(os.path.commonprefix([a, b]))
    return k >= max(4, len(a) - 2) and len(b) - k <= 4


def transfer_ending(sent: str, found: str, original: str) -> Optional[str]:
    """The original word in the form the engine gave the pseudonym word: the change from
    ``sent`` to ``found`` (the ending after their common stem) applied to ``original``, when
    the original ends like ``sent`` does (the same ending class: "Kalniņš" -> "Kalniņam" makes
    "Bērziņš" -> "Bērziņam", but not "Ozols").  None when the classes differ."""
    if sent.lower() == found.lower():
        return original
    k = len(os.path.commonprefix([sent.lower(), found.lower()]))
    if k < 3:
        return None
    old_end, new_end = sent[k:].lower(), found[k:]
    # The same ending class: the original ends in the letters the change starts from, and in
    # the SHARED letters before them (three in all: "-ija", "-iņš", "-ska" vs "-ka").
    shared = max(SHARED_ENDING, len(old_end))
    if original[-shared:].lower() != sent[-shared:].lower():
        return None
    stem = original[:len(original) - len(old_end)]
    if len(stem) < 2:
        return None
    return (stem + new_end).upper() if found.isupper() and len(found) > 1 else stem + new_end.lower()


def _find_inflected(text: str, replacement: str, taken, lang: str
                    ) -> Optional[Tuple[int, int, List[Tuple[str, str]]]]:
    """The replacement's words, in order and separated as sent, each in some inflected form
    (or only its accents changed): the span and the (sent word, found word) pairs."""
    bare = POSSESSIVE.sub("", replacement)
    words = list(_TOKEN.finditer(bare))
    if not words or max(len(w.group(0)) for w in words) < 4:
        return None
    gaps = [bare[words[j].end():words[j + 1].start()].strip() for j in range(len(words) - 1)]
    toks = list(_TOKEN.finditer(text))
    n = len(words)
    for i in range(len(toks) - n + 1):
        run = toks[i:i + n]
        if any(text[run[j].end():run[j + 1].start()].strip() != gaps[j] for j in range(n - 1)):
            continue
        pairs = [(w.group(0), t.group(0)) for w, t in zip(words, run)]
        if all(inflected_form_of(a, b, lang) for a, b in pairs):
            span = (run[0].start(), run[-1].end())
            if not _overlaps(span, taken):
                return span[0], span[1], pairs
    return None


def _inflect_original(original: str, pairs: List[Tuple[str, str]]) -> Optional[str]:
    """The original with each word changed as its pseudonym word was (word for word)."""
    words = list(_TOKEN.finditer(original))
    if len(words) != len(pairs):
        return None
    out, pos = [], 0
    for w, (sent, found) in zip(words, pairs):
        new = transfer_ending(sent, found, w.group(0))
        if new is None:
            return None
        out += [original[pos:w.start()], new]
        pos = w.end()
    return "".join(out) + original[pos:]


def locate(text: str, a: Assignment, taken, target_lang: str = "", source_lang: str = ""
           ) -> Optional[Tuple[int, int, str]]:
    """Where assignment ``a``'s replacement is in ``text`` and what to put there."""
    found = locate_how(text, a, taken, target_lang, source_lang)
    return None if found is None else found[:3]


# ``lexicon(fake_word, found_word, original_word)``: the original word in the target form
# the engine gave the pseudonym word, or None (``PairLexicon.target_form``).
# With ``default_only``, ``found_word`` counts only as the engine's default translation of
# the pseudonym word, not as any translation its dictionary offers.
Lexicon = Callable[[str, str, str, bool], Optional[str]]


def find_translation(text: str, name: str, taken, lexicon: Lexicon
                     ) -> Optional[Tuple[int, int]]:
    """Where the engine's translation of ``name`` stands in ``text``: its words found word
    for word through the pair's dictionaries, as restoration finds a pseudonym's (masked
    evaluation locates an original in the unprotected output the same way)."""
    a = Assignment(cluster=0, category="", original=name, replacement=name, segment=0,
                   start=0, end=len(name))
    hit = _find_translated(text, a, taken, lexicon, as_whole=True)
    return hit[:2] if hit is not None else None


_BETWEEN_WORDS = re.compile(rf"(?<={_WORD})[^\w\u00D7\u00F7]+(?={_WORD})")
_BLANKS = re.compile(r"\s+")


@functools.lru_cache(maxsize=4096)
def _between_words(name: str) -> Tuple[str, ...]:
    """What stands between a name's words, spaces as one: (" (", " ") for "Court (First
    Chamber)" (its last bracket and a possessive aside).  (Kept per name, bounded: each
    replacement's and original's are asked at every look for it.)"""
    return tuple(_BLANKS.sub(" ", m) for m in _BETWEEN_WORDS.findall(POSSESSIVE.sub("", name)))


@functools.lru_cache(maxsize=4096)
def _name_words(name: str) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
    """A name's words, its possessive left out, and their folded forms.  (Kept per name,
    bounded: a replacement is looked for up to three times, each time with its original.)"""
    words = tuple(_TOKEN.findall(POSSESSIVE.sub("", name)))
    return words, tuple(fold(w) for w in words)


def _anchor_candidates(view: "_Tokens", lexicon: Lexicon, fw: str, folded_fw: str,
                       free: List[bool]):
    """(token index, default_only) in the order ``_find_translated`` tries its anchor word
    ``fw`` on them — every free token as the engine's default translation, then as any —
    leaving out the tokens the lexicon's own test (``lexicon.maybe``) says cannot be a
    translation of ``fw`` (the lexicon answers None there, whenever asked: nothing found).
    Each token's verdict is kept with the segment's tokens (``_Tokens.verdicts``): a
    segment is searched for the same word again (a name found as sent, then word for word,
    then whole).  A lexicon without the test: every free token."""
    maybe = getattr(lexicon, "maybe", None)
    free_at = list(itertools.compress(range(len(free)), free))
    words, folded = view.words, view.folded
    for default_only in (True, False):
        kept = view.verdicts(lexicon, maybe, fw, folded_fw, default_only) \
            if maybe is not None else None
        if kept is None:
            for ai in free_at:
                yield ai, default_only
            continue
        verdicts, test = kept
        for ai in free_at:
            ok = verdicts[ai]
            if ok is None:
                ok = verdicts[ai] = folded[ai] == folded_fw or test(words[ai])
            if ok:
                yield ai, default_only


def _nearest_first(anchor: int, ahead: int, window: int, n: int):
    """The indices from ``anchor - window`` to ``anchor + window`` (of 0 .. n - 1), nearest
    the anchor first; of two as near, first the one on the side ``ahead`` points to, the
    lower one where it is 0: ``sorted(range(...), key=lambda j: (abs(j - anchor),
    abs(j - anchor - ahead)))`` one at a time, the window never sorted (the first index
    that answers ends the search, most often the first or second)."""
    lo, hi = max(0, anchor - window), min(n, anchor + window + 1)
    yield anchor
    for d in range(1, window + 1):
        below, above = anchor - d, anchor + d
        pair = (above, below) if ahead > 0 else (below, above)
        for j in pair:
            if lo <= j < hi:
                yield j


def _nearest_to_found(anchor: int, found: Set[int], ahead: int, window: int, n: int
                      ) -> List[int]:
    """``_nearest_first``'s indices, nearest any word found already first: the engine
    reorders a name's words around the anchor, and of two occurrences as near the anchor
    the one beside the others is the name's ("obras de Corte de Finanza Federales con la
    Corte de Distrito": "Court" of "Federal Finance Court", anchored on "Federales", is the
    "Corte" before "Finanza", not the one of "Corte de Distrito")."""
    order = {j: r for r, j in enumerate(_nearest_first(anchor, ahead, window, n))}
    return sorted(order, key=lambda j: (min(abs(j - u) for u in found), order[j]))


def _find_translated(text: str, a: Assignment, taken, lexicon: Lexicon,
                     as_whole: bool = False, place: Optional[Callable[[str], Optional[str]]]
                     = None) -> Optional[Tuple[int, int, str]]:
    """A pseudonym the engine translated or inflected ("Danish law" -> "ley danesa"): each
    of its words that differs from the original's is found in the output as the engine's
    translation of it, and becomes the original word's translation in the same form
    ("italiana"), generated by the engine's own dictionaries, locally.  Word for word, so
    a reordered name ("Parlamento Europeo") is found too; the words found must lie close
    together.  ``place``: a place's established target name ("Germany" -> "Alemania"),
    for an original word that goes back where the pseudonym's passed through unchanged."""
    fake, folded_fakes = _name_words(a.replacement)
    orig, folded_origs = _name_words(a.original)
    if not fake:
        return None
    whole = None
    if as_whole or len(fake) != len(orig) or _between_words(a.replacement) != \
            _between_words(a.original):
        # word for word is impossible ("Spain" for "Juzgado de lo Social No 41 de Madrid"),
        # or would lose what stands between the original's words ("Board of Appeal" for
        # "Court (First Chamber)" came back "Corte primero Cuarto"): the pseudonym's
        # translation, found word for word, gives way to the original whole
        whole = POSSESSIVE.sub("", a.original)
        orig, folded_origs = fake, folded_fakes
    # each token's text, folded text and whether it is free, once: the anchor's search
    # asks about every token twice, and each other word about those near it (the text's
    # tokens are kept from the last replacement looked for in it)
    view = _tokens_of(text)
    words, starts, ends = view.words, view.starts, view.ends
    warm = getattr(lexicon, "warm", None)
    if warm is not None:
        warm(words)
    kept = [k for k in range(len(fake))
            if whole is not None or folded_fakes[k] != folded_origs[k]]
    pairs = [(fake[k], orig[k]) for k in kept]
    if not pairs:
        return None
    folded = view.folded
    free = _free_tokens(words, taken, starts, ends)
    folded_fake = {fake[k]: folded_fakes[k] for k in kept}

    def same(fw: str, ow: str, found: str, default_only: bool) -> str:
        """The pseudonym's word found as it was sent, or but for its accents: the engine's
        translation all the same when the pair's dictionaries say so ("Rail" -> "Raíl",
        where "Council" is "Consejo"; Swedish "poolen" is Danish "poolen", where
        "kommittén" is "komiteen"), else the word was left as it was: the original's own,
        a place in its established name ("Wensen" for "Germany": "Alemania", as the engine
        writes it)."""
        return lexicon(fw, found, ow, default_only) or (place and place(ow)) or ow

    def answer(fw: str, ow: str, word: str, folded_word: str, default_only: bool
               ) -> Optional[str]:
        """What goes back for ``ow`` if ``word`` is the pseudonym's word ``fw`` as the engine
        wrote it, or None."""
        if folded_word == (folded_fake.get(fw) or fold(fw)):     # (a shared word: not kept)
            return same(fw, ow, word, default_only)
        return lexicon(fw, word, ow, default_only)

    def found_as(fw: str, ow: str, t, default_only: bool = False) -> Optional[str]:
        return answer(fw, ow, t.group(0), fold(t.group(0)), default_only)

    def found_at(fw: str, ow: str, j: int, default_only: bool = False) -> Optional[str]:
        """``found_as`` for token ``j``, its folded text made once."""
        return answer(fw, ow, words[j], folded[j], default_only)

    # Anchored on the longest word's occurrences; the others are looked for nearest to it
    # (a short word — "of" as "de" — occurs anywhere in a sentence).
    order = sorted(range(len(pairs)), key=lambda k: -len(pairs[k][0]))
    edits: List[Tuple[int, int, str]] = []
    if pairs:
        window = 2 * len(fake) + 1
        fw, ow = pairs[order[0]]
        # The anchor as the engine's default translation first: "Card" may also be
        # "documento" in the dictionary, and the sentence's own "documento" comes earlier.
        # (``found_at`` spelt out: it is asked about every free token, twice)
        folded_fw = folded_fake.get(fw) or fold(fw)
        for ai, default_only in _anchor_candidates(view, lexicon, fw, folded_fw, free):
            if folded[ai] == folded_fw:
                new = same(fw, ow, words[ai], default_only)
            else:
                new = lexicon(fw, words[ai], ow, default_only)
            if new is None:
                continue
            edits = [(starts[ai], ends[ai], new)]
            used = {ai}
            for k in order[1:]:
                kw, kow = pairs[k]
                best = None
                # nearest the anchor; of two as near, the one where the word stands from
                # the anchor in the stand-in ("… servicios de información, incluyendo
                # COMPAGNIE DES pêches de SANTOS-MALO": its "de" is the one after)
                ahead = kept[k] - kept[order[0]]
                near = _nearest_first(ai, ahead, window, len(words)) if len(used) == 1 \
                    else _nearest_to_found(ai, used, ahead, window, len(words))
                for j in near:
                    if j in used or not free[j]:
                        continue
                    got = found_at(kw, kow, j)
                    if got is not None:
                        best = (j, got)
                        break
                if best is None:
                    edits = []
                    break
                used.add(best[0])
                edits.append((starts[best[0]], ends[best[0]], best[1]))
            if edits:
                break
    if not edits:
        return None
    # Apertium's mark of a word it could not generate ("de la #Vaso griega"): the
    # pseudonym's, gone with it, wherever the word stands in the name
    edits = sorted((x - 1 if text[x - 1:x] == "#" else x, y, new) for x, y, new in edits)
    s, e = edits[0][0], edits[-1][1]
    if len(_TOKEN.findall(text[s:e])) > 2 * len(fake) + 1:
        return None                     # scattered words: not this name
    if whole is None:
        # A word the pseudonym shares with the original is not looked for ("SA" of "European
        # Food SA" for "Embutidos Monells SA"); where the engine translated it ("SAGDE": read
        # as "sa", said), it goes back as the original's word, with the name.
        shared = []
        for f, o, folded_f, folded_o in reversed(list(zip(fake, orig, folded_fakes,
                                                          folded_origs))):
            if folded_f != folded_o:
                break
            shared.insert(0, (f, o))
        for fw, ow in shared:
            nxt = _TOKEN.search(text, e)
            if nxt is None or text[e:nxt.start()].strip() or _overlaps(nxt.span(), taken):
                break
            if fold(nxt.group(0)) != fold(fw):
                if found_as(fw, ow, nxt) is None:
                    break
                edits.append((nxt.start(), nxt.end(), ow))
            e = nxt.end()
    for opening, closing in ("()", "[]"):
        # found word by word, a name with a bracket ("Court (Grand Chamber)") ends before
        # its closing one: the bracket is the name's, taken with it; as many as it opened
        # ("… Section (SFIE-PE))": one left behind came back doubled)
        while text[s:e].count(opening) > text[s:e].count(closing) and \
                text[e:e + 1] == closing:
            e += 1
    # The engine's generator may give two spellings of one form, joined by a slash
    # ("Vården" -> "Plejen/Plejeen"): the other is the same word, and goes with the one
    # replaced (a slash between two words, "Kommissionen/Frankrike", shares no stem).
    last, end = text[edits[-1][0]:edits[-1][1]], e
    while text[end:end + 1] == "/":
        nxt = _TOKEN.match(text, end + 1)
        if nxt is None or _overlaps(nxt.span(), taken) or \
                len(os.path.commonprefix([fold(last), fold(nxt.group(0))])) < \
                max(4, len(last) - 2):
            break
        end = nxt.end()
    if whole is not None:
        if len(fake) == 1 and len(edits) == 1 and whole != a.replacement:
            # a one-word stand-in for a name the engine holds whole ("Aunt" for "European
            # Parliament", both "la Tía"/"la Eurocámara"): the original as the engine
            # translates it, in the stand-in's form
            es, ee, _ = edits[0]
            own = lexicon(fake[0], text[es:ee].lstrip("#"), whole)
            if own:
                return s, end, own
        return s, end, whole
    own = set(folded_origs)
    if len(edits) > 1 and all(fold(new) in own for _, _, new in edits) and \
            [fold(new) for _, _, new in edits] != [fold(ow) for _, ow in pairs][:len(edits)] \
            and len(_TOKEN.findall(text[s:e])) == len(edits):
        # the engine reordered the stand-in's words ("Central Asia" -> "Asia Central") and
        # none of the original's was translated: it goes back as it was written, not
        # reordered with them ("Oradea Zahărul" for "Zahărul Oradea"); only where the words
        # stand together (the sentence's own between them stay)
        return s, end, POSSESSIVE.sub("", a.original)
    out, pos = [], s
    for es, ee, new in edits:
        out += [text[pos:es], new]
        pos = ee
    out.append(text[pos:e])
    return s, end, "".join(out)


_WORD_SKELETON = re.compile(r"\w+")


def _places(category: str, source_lang: str, target_lang: str,
            lexicon: Optional[Lexicon] = None) -> Optional[Callable[[str], Optional[str]]]:
    """For an organisation's or a place's words: a capitalised word's established name as
    a place ("Germany" -> "Alemania"); an organisation's word in lower case in the engine's
    words (``_body_in_target_words``: "den tyska tullmyndigheten", its stand-in's last word
    passed as it was, came back "den tyske tullmyndigheten" in the Danish, not
    "toldmyndigheden"); else None.  (A capitalised word of an English name is no common
    noun to translate: "Microsoft Office".)"""
    if category not in ("ORG", "LOC", "GPE") or not source_lang:
        return None
    words = getattr(lexicon, "words", None) if category == "ORG" else None

    def place(word: str) -> Optional[str]:
        if word[:1].isupper():
            return target_name(word, "LOC", source_lang, target_lang)
        return words(word) if words is not None else None
    return place


def locate_how(text: str, a: Assignment, taken, target_lang: str = "", source_lang: str = "",
               lexicon: Optional[Lexicon] = None, glued: Tuple[bool, bool] = (False, False)
               ) -> Optional[Tuple[int, int, str, str]]:
    """``locate`` plus the outcome: how the replacement was found and what went back
    (``date``, ``exact``, ``possessive``, ``target-form`` — the pseudonym's own established
    translation —, ``inflected`` — an inflected form, the original given the same ending —,
    ``inflected-untransferred`` — the same, but the original's ending class differs, so it
    goes back as it was —, ``words`` — fuzzy, by its distinctive words —; with
    ``+target-name`` when the original went back in its established target-language name)."""
    if a.method == "pseudonym" and a.category == "DATE":
        fake = dates.parse(a.replacement)
        orig = dates.parse(a.original)
        if fake is not None and orig is not None:
            span = _date_span(text, fake, taken, dates.is_numeric(a.replacement),
                              a.replacement)
            if span is None and lexicon is not None:
                span = _date_by_month_translation(text, a.replacement, fake, taken, lexicon)
            if span is not None:
                span = _date_lead(text, span, a.replacement)
                found = text[span[0]:span[1]]
                # the month words are the target's: "marts" is Danish here, not Latvian
                # (read as Latvian, "12 decembris 2006" went into a Danish judgment)
                return span[0], span[1], dates.substitute(found, fake, orig, target_lang,
                                                          a.original, lang=target_lang), "date"
    how = "exact"
    # sent glued to a word of the text ("zittingsplaats’s-Hertogenbosch" in a Swedish
    # judgment): the engine passes the unknown whole as it was, the stand-in in it (found
    # glued so first: the same stand-in may stand apart in the same sentence)
    span = _find_glued(text, a.replacement, taken, glued) if any(glued) else None
    if span is None:
        span = _find_exact(text, a.replacement, taken)
    original = a.original
    if span is not None and lexicon is not None and a.method == "pseudonym" and \
            a.category in TRANSLATABLE:
        # found as sent: the engine may have translated it all the same, into words spelt
        # alike ("den stettyn poolen" in the Danish, for "den tvärfackliga kommittén":
        # Swedish "kommittén" went into the Danish, where the engine writes "komiteen")
        outside = list(taken) + [(0, span[0]), (span[1], len(text))]
        hit = _find_translated(text, a, outside, lexicon)
        # (word for word, the original's own words and signs: not where the two are paired
        # amiss, "Pfeifer & Langen GmbH & Co. KG" coming back "Pfeifer. Langen GmbH Co KG")
        if hit is not None and hit[:2] == span and hit[2] != original and \
                _WORD_SKELETON.sub("w", hit[2]) == _WORD_SKELETON.sub("w", original):
            # a name with an established target name goes back in it, not word for word
            # ("Banco Santander" for "United Kingdom": "Reino Unido", not "United Reino")
            established = source_lang and \
                target_name(original, a.category, source_lang, target_lang)
            if established:
                return hit[0], hit[1], established, "engine-form+target-name"
            return hit[0], hit[1], _unless_named(hit[2], a, lexicon), "engine-form"
    if span is None and _possessive(a.replacement):
        span = _find_exact(text, POSSESSIVE.sub("", a.replacement), taken)
        original = POSSESSIVE.sub("", a.original)
        how = "possessive"
    if span is None and a.method == "pseudonym" and a.category in TRANSLATABLE and source_lang:
        # The engine translated the pseudonym itself ("London" -> "Londres"): find it by its
        # known target-language form.
        fake_target = target_name(POSSESSIVE.sub("", a.replacement), a.category, source_lang,
                                  target_lang)
        if fake_target:
            span = _find_exact(text, fake_target, taken)
            original = POSSESSIVE.sub("", a.original)
            how = "target-form"
    if span is None and lexicon is not None and a.method == "pseudonym" and a.category != "DATE":
        # word for word first; else the pseudonym found whole, the original put back whole:
        # "Fédération nationale de la chasse" for a German name of as many words has no
        # word-for-word counterpart ("la" -> "und"), and its "la", read as "laid", came back
        # "lagde", which only the pseudonym's own words find
        hit = _find_translated(text, a, taken, lexicon,
                               place=_places(a.category, source_lang, target_lang,
                                             lexicon)) or \
            _find_translated(text, a, taken, lexicon, as_whole=True)
        if hit is not None:
            if hit[2] == POSSESSIVE.sub("", a.original) and a.category in TRANSLATABLE \
                    and source_lang:
                # put back whole, as it was written: in its established target-language
                # name where it has one ("European Parliament" for a one-word stand-in the
                # engine translated: "Parlamento Europeo", not English in the Spanish)
                established = established_name(hit[2], a.category, source_lang,
                                               target_lang) or \
                    _body_in_target_words(hit[2], a, lexicon)
                if established:
                    return hit[0], hit[1], established, "engine-form+target-name"
            bare = POSSESSIVE.sub("", a.original)
            if hit[2] != bare and len(bare.split()) > 1 and a.category in TRANSLATABLE \
                    and source_lang:
                # word for word, a name with an established target name comes back in that
                # name: "Consejo de la Unión Europea", not the words' "Unión europea" (the
                # whole name's: not a list of places, "X, Y and Z", some of them English)
                established = target_name(bare, a.category, source_lang, target_lang)
                if established:
                    return hit[0], hit[1], established, "engine-form+target-name"
            return hit[0], hit[1], _unless_named(hit[2], a, lexicon), "engine-form"
    if span is None and a.method == "pseudonym" and a.category != "DATE":
        hit = _find_inflected(text, a.replacement, taken, target_lang)
        if hit is not None:
            span = hit[:2]
            bare = POSSESSIVE.sub("", a.original)
            inflected = _inflect_original(bare, hit[2])
            if all(fold(x) == fold(y) for x, y in hit[2]):
                original, how = bare, "variant"          # accents or spacing only
            elif inflected is not None:
                original, how = inflected, "inflected"
            else:
                original, how = bare, "inflected-untransferred"
    if span is None and a.method == "pseudonym" and a.category != "DATE":
        span = _find_words(text, a.replacement, taken)
        if span is not None:
            how = "words" if _holds_all_words(text[span[0]:span[1]], a.replacement) \
                else "words-partial"
            original = POSSESSIVE.sub("", a.original)
            found = text[span[0]:span[1]]
            if _possessive(found):
                original += _possessive(found)
    if span is None:
        return None
    if a.category in TRANSLATABLE and source_lang and a.method != "none":
        suffix = _possessive(original)
        bare = POSSESSIVE.sub("", original)
        established = established_name(bare, a.category, source_lang, target_lang)
        if not established and how in ("exact", "possessive"):     # passed as it was sent
            established = _body_in_target_words(bare, a, lexicon)
        if established:
            original = established + suffix
            how += "+target-name"
    return span[0], span[1], original, how


def _unless_named(found: str, a: Assignment, lexicon: Optional[Lexicon]) -> str:
    """``found``, an original in the engine's words, word for word; or the original as
    written where it is an acronym (``_ACRONYM``) that the source dictionary reads as a
    word ("LAP", the London Action Plan, had come back "regazo", a lap; "TEAs" as "Tés",
    teas) — one it holds as an acronym goes in the engine's translation, "ECB" -> "BCE"
    (``PairLexicon.acronym``) —, or where it is an organisation's that holds a proper noun
    that is no place's (``PairLexicon.names_inside``): a company's or a product's name,
    "Microsoft Office", not "Microsoft Oficina"."""
    bare = POSSESSIVE.sub("", a.original)
    if found == bare:
        return found
    acronym = getattr(lexicon, "acronym", None)
    if _ACRONYM.fullmatch(bare) and acronym is not None and not acronym(bare):
        return bare
    names_inside = getattr(lexicon, "names_inside", None)
    if a.category != "ORG" or names_inside is None or not names_inside(bare):
        return found
    return bare


# An acronym: capitals (a digit, an ampersand) only, two to four of them, a plural's "s".
# (Longer, a word in capitals is as likely: a heading's "OFFICE" is "OFICINA".)
_ACRONYM = re.compile(r"[A-Z][A-Z0-9&]{1,3}s?")


def _body_in_target_words(name: str, a: Assignment, lexicon: Optional[Lexicon]
                          ) -> Optional[str]:
    """An organisation put back whole (its stand-in passed the engine as it was sent, or
    was translated into words that do not pair with the original's): its words the pair's
    dictionaries translate, as the engine would have ("tullkontoret" -> "toldkontoret";
    ``PairLexicon.translate_words``), not the source language's in the translation.  So
    too a place's name of several words ("Förbundsrepubliken Tyskland" -> "Forbundrepublikken
    Tyskland"); not a place's of one: "Linköping" is no "Linekøbstad"."""
    words = getattr(lexicon, "words", None)
    if words is None or a.category not in ("ORG", "LOC") or \
            a.category == "LOC" and len(name.split()) < 2:
        return None
    return words(name)


# Between a place and the places it lies in: "Hamburg, Germany", "Madrid (Spain)".
_PLACE_PARTS = re.compile(r"(,\s+|\s+\(|\)$)")


def established_name(name: str, category: str, source_lang: str, target_lang: str
                     ) -> Optional[str]:
    """``target_name``; for a place written with the places it lies in ("Hamburg, Germany",
    "Medgidia, Romania", "Madrid (Spain)", one LOC to the detector), each part in its own
    established name where it has one ("Hamburgo, Alemania"; "Medgidia, Rumanía"; "Madrid
    (España)")."""
    whole = target_name(name, category, source_lang, target_lang)
    if whole or category not in ("LOC", "GPE"):
        return whole
    parts = _PLACE_PARTS.split(name)
    if len(parts) < 3:
        return None
    out = [p if k % 2 or not p else (target_name(p, category, source_lang, target_lang) or p)
           for k, p in enumerate(parts)]
    return "".join(out) if out != parts else None


def _target_article(text: str, start: int, a: Assignment, target_lang: str) -> int:
    """How many characters before ``start`` belong to the entity: the target's definite
    article ("la "), when the source mention's article was left outside its replacement."""
    if not a.article:
        return 0
    return target_article(text, start, target_lang)


def target_article(text: str, start: int, target_lang: str) -> int:
    """The length of the target's definite article ("la ") just before ``start``, or 0."""
    from transforms.nlp.apertium_morphology import ARTICLES
    m = _word_and_blank_before(text, start)
    if m and m.group(1).casefold() in ARTICLES.get(target_lang, ()) and \
            (m.start() == 0 or not text[m.start() - 1].isalnum()):
        return len(m.group(0))
    return 0


_WORD_AND_BLANK_END = re.compile(r"(\w+)(\s+)$")
_NEAR = 48


def _word_and_blank_before(text: str, start: int):
    """``re.search(r"(\w+)(\s+)$", text[:start])`` (its match's positions are the same in
    ``text``), looked for in the last characters before ``start`` only: the search over the
    whole text before the name tried every position of it (100 MultiLeg documents: 0.056 s
    of restoration's 2 s, 0.018 s in the window).  The whole text is searched where the
    window cannot tell: the word may begin before it, or the window holds blanks only."""
    lo = max(0, start - _NEAR)
    if lo == 0:
        return _WORD_AND_BLANK_END.search(text, 0, start)
    m = _WORD_AND_BLANK_END.search(text, lo, start)
    if m is not None and m.start() > lo:
        return m
    if m is None and text[lo:start].strip():
        return None
    return _WORD_AND_BLANK_END.search(text[:start])


def _date_lead(text: str, span: Tuple[int, int], sent: str) -> Tuple[int, int]:
    """The date's span with the words the sent date began with ("den" of Swedish "den 20
    december 2011"), where the output has them verbatim just before the date's components:
    they are the mention's, and a mask that leaves them out differs from the reference's."""
    lead = re.match(r"([^\W\d_]+(?:\s+[^\W\d_]+)*)\s+(?=\d)", sent)
    if lead is None:
        return span
    m = re.search(r"(?:^|(?<=\W))" + r"\s+".join(map(re.escape, lead.group(1).split()))
                  + r"\s+$", text[:span[0]], re.IGNORECASE)
    return (m.start(), span[1]) if m else span


def _date_span(text: str, fake, taken, numeric: bool, sent: str = ""
               ) -> Optional[Tuple[int, int]]:
    """The tightest free span holding the date's components: strict first (components in any
    known language), then loose (an engine mistranslated the month).  Tightest, not first:
    in "15 agosto a 15 enero" the date 15 January is "15 enero", not the whole phrase, and in
    "8 febrero 2002 y 1 abril 2002" the date 1 April 2002 does not take the first year.
    Before that, one whose components stand in the order of ``sent``'s (the date as it was
    sent): in "maj 2012–august 2012", "augusti 2012" is "august 2012", not "2012–august"."""
    order = _component_order(sent, fake, numeric) if sent else None
    for loose in (False, True):
        best, best_key = None, None
        pos = 0
        for _ in range(200):            # bounded: each step moves past a candidate's start
            span = dates.locate(text, fake, pos, loose=loose, numeric_month=numeric)
            if span is None:
                break
            if not _overlaps(span, taken):
                key = (order is not None and _component_order(text[span[0]:span[1]], fake,
                                                              numeric) != order,
                       span[1] - span[0])
                if best is None or key < best_key:
                    best, best_key = span, key
            pos = span[0] + 1
        if best is not None:
            return best
    if fake.month is not None and fake.year is not None and fake.day is None:
        # Month and year only, month mistranslated ("March 2012" -> "Marcha 2012").
        pat = re.compile(rf"(?<!{_WORD})[^\W\d_]+\.?\s+(?:de\s+|of\s+)?{fake.year}(?!\d)")
        for m in pat.finditer(text):
            if not _overlaps(m.span(), taken):
                return m.span()
    return None


_NUMBER = re.compile(r"\d+")


def _component_order(text: str, fake, numeric: bool) -> Tuple[str, ...]:
    """The kinds of ``fake``'s components (day, month, year) in the order ``text`` has
    them, each at its first occurrence."""
    want = {k: v for k, v in (("day", fake.day), ("month", fake.month), ("year", fake.year))
            if v is not None}
    out: List[str] = []
    for _, _, kind, value in dates.tokens(text, numeric):
        if want.get(kind) == value and kind not in out:
            out.append(kind)
    return tuple(out)


def _date_by_month_translation(text: str, sent: str, fake, taken, lexicon: Lexicon
                               ) -> Optional[Tuple[int, int]]:
    """A date whose month name the engine translated as another word ("March 10" -> "Marcha
    10", the noun "march"; day first, with a year, ``_date_span`` finds it loosely): the
    sent month word's translation by the pair's dictionaries (``lexicon``), with the date's
    day and year in the next words or the words before it.  Only a word the dictionaries
    give as that translation: a "10" after any word ("Artículo 10") is no date."""
    if fake.month is None or fake.day is None:
        return None
    months = [w for w in re.findall(r"[^\W\d_]+", sent) if dates.month_number(w) == fake.month]
    if not months:
        return None
    need = [fake.day] + ([fake.year] if fake.year is not None else [])
    numbers = [(m.start(), m.end(), int(m.group())) for m in _NUMBER.finditer(text)]
    for m in re.finditer(r"[^\W\d_]+", text):
        if _overlaps(m.span(), taken) or not any(
                lexicon(w, m.group(), w, False) is not None for w in months):
            continue
        # the day and year within a few characters of it: "Marcha 10-14", "10 Marcha 2004"
        near = [(a, b, n) for a, b, n in numbers if m.start() - 12 <= a and b <= m.end() + 12]
        found = []
        for value in need:
            hit = next(((a, b) for a, b, n in near if n == value), None)
            if hit is None:
                break
            found.append(hit)
        else:
            span = (min([m.start()] + [a for a, _ in found]),
                    max([m.end()] + [b for _, b in found]))
            if not _overlaps(span, taken):
                return span
    return None


def _possessive(s: str) -> str:
    m = POSSESSIVE.search(s)
    return m.group(0) if m else ""


Aligner = Callable[[str, str], Callable[[Tuple[int, int]], Optional[Tuple[int, int]]]]


# A Spanish "y"/"e" or "o"/"u" and the word after it.  "e" before an "i" sound ("hi", not
# the diphthongs "hia", "hie", "hio", "hiu"), "u" before an "o" sound.
_ES_CONJUNCTION = re.compile(r"(?<!\w)([yYeE]|[oOuU])(\s+)(\w+)")
_ES_I_SOUND = re.compile(r"(?:i|í|hi|hí)(?![aeouáéóú])", re.IGNORECASE)
_ES_O_SOUND = re.compile(r"(?:o|ó|ho|hó)", re.IGNORECASE)


def _spanish_conjunctions(text: str, spans: Sequence[Sequence]) -> str:
    """The engine wrote "y"/"e", "o"/"u" for the word after it, a stand-in's; where that word
    is now an original's, or the conjunction stands inside one put back word for word, the
    form goes with the word now there ("Justicia e protección" -> "Justicia y protección").
    Only there: the rest of the sentence is the engine's."""
    edits = []
    pos = 0
    for start, end, _cat in sorted(spans):
        for m in _ES_CONJUNCTION.finditer(text, max(pos, start - 3), end):
            conj, word = m.group(1), m.group(3)
            if conj.lower() in "ye":
                want = "e" if _ES_I_SOUND.match(word) else "y"
            elif _ES_O_SOUND.match(word):
                want = "u"
            elif conj.lower() == "u":
                want = "o"
            else:
                continue                 # "o" before another sound: as the engine wrote it
            want = want.upper() if conj.isupper() else want
            if want != conj:
                edits.append((m.start(1), m.end(1), want))
        pos = max(pos, end)
    for a, b, want in reversed(edits):
        text = text[:a] + want + text[b:]
    return text


# A Spanish definite article before a name: after "de" or "a" or not, or joined to them.
_ES_PREPOSITION_BEFORE = re.compile(r"(?<!\w)(de|a)\s+$", re.IGNORECASE)
_ES_ARTICLE_BEFORE = re.compile(r"(?<!\w)(el|la|los|las|del|al)\s+$", re.IGNORECASE)
_ES_ARTICLE_AT = re.compile(r"(el|la|los|las)\s+", re.IGNORECASE)
_ES_ARTICLES = {("Masc", "Sing"): "el", ("Fem", "Sing"): "la", ("Masc", "Plur"): "los",
                ("Fem", "Plur"): "las"}
_ES_JOINED = {"del": ("de", "el"), "al": ("a", "el")}
# A feminine noun whose first syllable is a stressed "a" takes "el" ("el Área", "el Aula"):
# before one the article is left as the engine wrote it (``_stressed_a``).
_ES_A_SOUND = re.compile(r"h?[aá]", re.IGNORECASE)
_ES_VOWELS = re.compile(r"[aeiouáéíóúü]+", re.IGNORECASE)
_ES_ACCENT = re.compile(r"[áéíóú]", re.IGNORECASE)


def _stressed_a(word: str) -> bool:
    """Does ``word`` open with a stressed "a" or "ha": written "á", or a word of two
    syllables with no written accent, ending in a vowel, "n" or "s", whose stress falls on
    the first ("Aula", "Agua", "Acta")?  Not "Audiencia", "Agencia", "Asociación"."""
    if not _ES_A_SOUND.match(word):
        return False
    if word.lower().lstrip("h").startswith("á"):
        return True
    return len(_ES_VOWELS.findall(word)) == 2 and not _ES_ACCENT.search(word) and \
        word[-1:].lower() in "aeiouns"


def _gender_number(units) -> Optional[Tuple[Optional[str], Optional[str]]]:
    """The one gender and number (``Reading.features``) the analyser gives the first word as
    a noun or a name not a person's ("Tribunal": Masc, Sing), or None (unknown, not a noun,
    or more than one: "Corte"; a gender or a number it leaves open is None in the pair)."""
    found = set()
    for parts in (units[0].readings if units else ()):
        if parts and parts[0].pos in ("n", "np"):
            f = parts[0].features()
            if f.get("class") not in ("given", "surname"):
                found.add((f.get("Gender"), f.get("Number")))
    return found.pop() if len(found) == 1 else None


def _spanish_articles(text: str, spans: List[List], translated: Sequence[List],
                      source_lang: str = "") -> str:
    """A definite article right before an original put back in Spanish words — "la ",
    "del ", "a la " — is the engine's, for the stand-in; where the original begins with a
    noun the analyser gives one gender and number, the article takes them: "de la Tribunal
    de Justicia" -> "del Tribunal de Justicia", "del Comisión" -> "de la Comisión".  In
    Spanish words: ``translated`` (some of ``spans``: an established name, the engine's
    words), or put back as written with a first word the source language's analyser does
    not know ("Inspección Financiera" in an English judgment); not "Paris" or the "Media"
    of an English name, no Spanish "media".  All the spans move with the text; a span that
    held its article holds the new one ("del": the name alone)."""
    from transforms.nlp.apertium_morphology import analyser
    es = analyser("es") if spans else None
    if es is None:
        return text
    places = []     # (span, start of what is rewritten, its end, preposition, article, head)
    for span in spans:
        inside = _ES_ARTICLE_AT.match(text, span[0], span[1])
        head = re.match(r"[^\W\d_]+", text[inside.end() if inside else span[0]:span[1]])
        if head is None or not head.group()[:1].isupper():
            continue
        if inside:
            art_start, article = inside.start(1), inside.group(1)
        else:
            m = _ES_ARTICLE_BEFORE.search(text, max(0, span[0] - 8), span[0])
            if m is None:
                continue
            art_start, article = m.start(1), m.group(1)
        prep, art = _ES_JOINED.get(article.lower(), (None, article.lower()))
        start = art_start
        if prep is None:
            p = _ES_PREPOSITION_BEFORE.search(text, max(0, art_start - 4), art_start)
            if p is not None:
                start, prep = p.start(1), p.group(1)
        places.append((span, start, art_start + len(article), prep, art, head.group()))
    in_target = {id(t) for t in translated}
    source = analyser(source_lang) if source_lang else None
    known = source.many(sorted({p[-1] for p in places if id(p[0]) not in in_target})) \
        if source is not None else {}
    places = [p for p in places if id(p[0]) in in_target or source is not None and
              not any(u.known for u in known.get(p[-1], ()))]
    if not places:
        return text
    answers = es.many(sorted({p[-1] for p in places}))
    edits = []
    for span, start, end, prep, art, head in places:
        gn = _gender_number(answers.get(head))
        want = _ES_ARTICLES.get(gn)
        if want is None or want == art or gn == ("Fem", "Sing") and _stressed_a(head):
            continue
        if prep is None:
            form = want
        elif want == "el":
            form = {"de": "del", "a": "al"}[prep.lower()]
        else:
            form = f"{prep.lower()} {want}"
        if text[start].isupper():
            form = form[0].upper() + form[1:]
        edits.append((start, end, form, span))
    for start, end, form, own in sorted(edits, key=lambda x: x[0], reverse=True):
        delta = len(form) - (end - start)
        text = text[:start] + form + text[end:]
        for span in spans:
            if span is own and span[0] < end:   # the article was the span's
                span[0] = start + (len(form) + 1 if form.lower() in ("del", "al") else
                                   form.rfind(" ") + 1)
                span[1] += delta
                continue
            if span[0] >= end:
                span[0] += delta
            if span[1] >= end:
                span[1] += delta
    return text


def _with_own_codes(original: str, a: Assignment) -> str:
    """``original`` as it goes back into the translation: with the inline codes that read as
    its characters (``Assignment.marked``) in their places where the mention's own text
    goes back; after it where a form of it does (no code is lost)."""
    if not a.marked:
        return original
    if a.original in original:
        return original.replace(a.original, a.marked, 1)
    return original + "".join(CODE_CHARS.findall(a.marked))


def restore_segment(protected: ProtectedSegment, translated: str,
                    problems: Sequence[str] = (), target_lang: str = "",
                    source_lang: str = "", aligner: Optional[Aligner] = None,
                    lexicon: Optional[Lexicon] = None) -> RestoredSegment:
    """``aligner(source, target)`` (optional; ``SimAligner.mapper``) gives a function from a
    character span of the protected text to the span of the words aligned to it in the
    translation: the last resort for a replacement no other means finds."""
    notes = list(problems)
    aligned = None
    taken: List[Tuple[int, int]] = []
    edits: List[Tuple[int, int, str, str]] = []
    unresolved = 0
    if protected.assignments and protected.assignments[0].method == "none":
        assignments = []
    else:
        # pseudonym dates first, by their components: Apertium may move a word of a name
        # after a year into the date ("28 julio Carlos de 2021 Ada Tali"), and a name put
        # back first over its scattered words took the year, and left the stand-in's date in
        # the translation.  (Not dates masked alike, "****": found as sent, in order.)
        assignments = sorted(protected.assignments, key=lambda a: (
            not (a.category == "DATE" and a.method == "pseudonym"), -len(a.replacement),
            a.start))
    outcomes: dict = {}
    review = False
    for a in assignments:
        found = locate_how(translated, a, taken, target_lang, source_lang, lexicon,
                           _glued(protected.text, a))
        if found is None and aligner is not None and a.method != "tags":
            aligned = aligned or aligner(protected.text, translated)
            span = aligned((a.start, a.end))
            if span is not None and span[0] < span[1] and not _overlaps(span, taken):
                found = span[0], span[1], a.original, "aligned"
        if found is None:
            unresolved += 1
            outcomes["unplaced"] = outcomes.get("unplaced", 0) + 1
            notes.append(f"could not place {a.category} #{a.cluster} (sent as {a.replacement!r})")
            continue
        s, e, original, how = found
        outcomes[how] = outcomes.get(how, 0) + 1
        why = REVIEW_OUTCOMES.get(how.split("+")[0])
        if why:
            review = True
            notes.append(f"{a.category} #{a.cluster} placed, but {why}: check "
                         f"{original!r} in {translated[s:e]!r}'s place")
        taken.append((s, e))
        edits.append((s, e, original, a.category, _target_article(translated, s, a, target_lang),
                      original != a.original, _with_own_codes(original, a)))
    edits.sort()
    pieces, spans, pos, shift = [], [], 0, 0
    target_words = []       # the spans of originals put back in the target's words
    for s, e, original, cat, article, in_target, put in edits:
        pieces.append(translated[pos:s])
        new_start = s + shift
        pieces.append(put)
        # the entity's span holds its article, as the source label did ("the Commission")
        spans.append([new_start - article, new_start + len(original), cat])
        if in_target:
            target_words.append(spans[-1])
        shift += len(put) - (e - s)
        pos = e
    pieces.append(translated[pos:])
    text = "".join(pieces)
    if target_lang == "es" and spans:
        text = _spanish_articles(text, spans, target_words, source_lang)
        text = _spanish_conjunctions(text, spans)
    # Belt and braces: no pseudonym may survive in delivered text unnoticed.
    for a in protected.assignments:
        if a.method == "pseudonym" and len(a.replacement) >= 4 and a.replacement not in a.original:
            if next(_bounded_spans(text, a.replacement), None) is not None:
                notes.append(f"pseudonym {a.replacement!r} still present")
                unresolved += 1
                outcomes["pseudonym-left"] = outcomes.get("pseudonym-left", 0) + 1
    status = "needs-review" if unresolved or problems or review else "translated"
    return RestoredSegment(document=protected.document, id=protected.id, index=protected.index,
                           text=text, status=status, notes=notes, restored=len(edits),
                           unresolved=unresolved, spans=spans, outcomes=outcomes)
