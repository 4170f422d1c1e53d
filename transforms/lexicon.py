"""How common a word is in a language (``wordfreq``), for telling ordinary words from names.

One question, asked by the name model (a feature) and by propagation and the leak guard (a
capitalised name's lower-case twin that the language uses as a word is that word: "Customs" /
"customs", "Young" / "young")."""
from __future__ import annotations

import functools
import math
from typing import Callable, Optional

# From this Zipf frequency (once per million words) a word is an ordinary word of the language.
COMMON_ZIPF = 3.0


@functools.lru_cache(maxsize=None)
def zipf_fn(lang: str) -> Optional[Callable[[str], float]]:
    """``word -> Zipf frequency`` for ``lang``, or None where wordfreq has no list (et)."""
    try:
        import wordfreq
    except ImportError:
        return None
    if lang not in wordfreq.available_languages():
        return None
    return functools.lru_cache(maxsize=200_000)(lambda w: wordfreq.zipf_frequency(w, lang))


# From this Zipf frequency ``frequent_zipf_fn`` knows a word's (below it: 0.0).
FREQUENT_FLOOR = 2.0


@functools.lru_cache(maxsize=None)
def frequent_zipf_fn(lang: str) -> Optional[Callable[[str], float]]:
    """``word -> Zipf frequency`` for ``lang`` where it is ``FREQUENT_FLOOR`` or more, else
    0.0: what a language the document is checked against needs (is this word ordinary in
    French, in German?), every caller comparing it with a threshold at or above the floor.
    wordfreq builds a dict of every word it has to answer one (``zipf_fn``): the six
    languages the name model asks about held 219 MiB; the words from the floor up hold about
    a third.  The same values as ``zipf_fn`` from the floor up (wordfreq's own sum over a
    word's tokens, its weighing of digits and its rounding), for the languages written with
    spaces between words (wordfreq's Chinese tokenizer weighs its guesses too: none here)."""
    try:
        import wordfreq
    except ImportError:
        return None
    files = wordfreq.available_languages()
    if lang not in files:
        return None
    floor = FREQUENT_FLOOR
    # read from its file, not through wordfreq.get_frequency_list, which keeps the whole list
    # for the process (the six lists were 180 MiB of a job's heap)
    bands = wordfreq.read_cBpack(files[lang])[:round((9 - floor) * 100) + 1]
    band_of = {w: i for i, band in enumerate(bands) for w in band}
    minimum = wordfreq.zipf_to_freq(0.0)
    band_freq = [wordfreq.cB_to_freq(-i) for i in range(len(bands))]

    def zipf(word: str) -> float:
        # as wordfreq's _word_frequency: 1/f summed over the tokens (a digit sequence's
        # token as its digits smashed, weighed by their own frequency), a token missing gives
        # the minimum.  A token below the floor is missing here: the sum's frequency is under
        # every token's, so under the floor either way.
        tokens = wordfreq.lossy_tokenize(word, lang)
        if not tokens:
            return 0.0
        one_over = 0.0
        for token in tokens:
            smashed = wordfreq.smash_numbers(token)
            i = band_of.get(smashed)
            if i is None:
                return 0.0
            freq = band_freq[i]
            if smashed != token:
                freq *= wordfreq.digit_freq(token)
            one_over += 1.0 / freq
        freq = max(1.0 / one_over, minimum)
        freq = round(freq, math.floor(-math.log(freq, 10)) + 3)
        return round(wordfreq.freq_to_zipf(freq), 2)

    return functools.lru_cache(maxsize=200_000)(zipf)


def common_word(word: str, lang: str) -> Optional[bool]:
    """Is ``word`` (any case) an ordinary word of ``lang``?  None where that is unknown."""
    fn = zipf_fn(lang)
    return None if fn is None else fn(word.lower()) >= COMMON_ZIPF
