"""How common a word is in a language (``wordfreq``), for telling ordinary words from names.

One question, asked by the name model (a feature) and by propagation and the leak guard (a
capitalised name's lower-case twin that the language uses as a word is that word: "Customs" /
"customs", "Young" / "young")."""
from __future__ import annotations

import functools
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


def common_word(word: str, lang: str) -> Optional[bool]:
    """Is ``word`` (any case) an ordinary word of ``lang``?  None where that is unknown."""
    fn = zipf_fn(lang)
    return None if fn is None else fn(word.lower()) >= COMMON_ZIPF
