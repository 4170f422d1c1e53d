"""Does a document read as the language the job translates it from? (pure)

A DOCX, a TMX or a JSONL file declares no source language the job could check, as an XLIFF
file does.  Run as English, a German document is masked almost whole (its capitalised nouns
read as names), and its translation is of little use; nothing of it leaks, but the project
manager should hear of it.  Two signs, each cheap where the document is in its language:

* its letters are mostly of another script than the language's (Japanese, Chinese, Arabic
  text run as English);
* few of its most frequent words are words of the language (``wordfreq``), and many more are
  of another language the frequency lists know ("Damen und Herren" run as English).

Only a verdict, for ``summary.json`` and a warning: the document is still protected and
translated as asked (fail closed: what the detector does not know is masked)."""
from __future__ import annotations

import collections
import re
import unicodedata
from typing import Dict, Iterable, Optional

from transforms.lexicon import FREQUENT_FLOOR, frequent_zipf_fn, zipf_fn

# A document's most frequent words looked up, at most; fewer distinct words than
# ``MIN_WORDS`` say nothing (a title, a table of numbers).
SAMPLE = 300
MIN_WORDS = 12
# A word the frequency list has at least once in a hundred million words is a word of the
# language.  (Not lower: English's list, from the web, holds "die", "und", "ihre".)
KNOWN_ZIPF = 2.0
# Below this share of known words the document may be in another language; another
# language must then explain ``MARGIN`` more of its words.  (Of its own language's words, at
# this Zipf: MultiLeg train, 50 documents a language, 0.64 at least in Latvian and 0.55 in a
# Danish document of 63 words, GUM's 60 English ones 0.82; a Swedish judgment filed among
# the Danish reads 0.31 Danish, 0.94 Swedish; a German letter run as English 0.47, 1.0.)
DOUBT = 0.6
MARGIN = 0.3
# The languages asked about when a document reads badly in its own: those the pipeline
# serves and Europe's large ones (each list is loaded once, on first use).
CANDIDATES = ("en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "nb", "fi", "lv", "lt",
              "pl", "cs", "ru")
# Languages written in other scripts than the Latin one; every other is Latin-script.
_SCRIPT_OF = {"ru": "CYRILLIC", "uk": "CYRILLIC", "bg": "CYRILLIC", "mk": "CYRILLIC",
              "sr": "CYRILLIC", "el": "GREEK", "he": "HEBREW", "ar": "ARABIC", "fa": "ARABIC",
              "ur": "ARABIC", "ja": "CJK", "zh": "CJK", "ko": "HANGUL", "hi": "DEVANAGARI",
              "bn": "BENGALI", "ta": "TAMIL"}
# A script that names its language (Chinese characters: Japanese where kana stand beside)
_LANGUAGE_OF = {"HANGUL": "ko", "GREEK": "el", "HEBREW": "he", "ARABIC": "ar", "CJK": "zh",
                "DEVANAGARI": "hi", "BENGALI": "bn", "TAMIL": "ta"}
_WORD = re.compile(r"[^\W\d_]{2,}")
_LETTER = re.compile(r"[^\W\d_]")
_LATIN = re.compile(r"[A-Za-zÀ-ÖØ-öø-ɏ]")
# A letter of another script than the Latin one (every ``_LATIN`` character is a letter): on
# a document in a Latin-script language there are none or few, found much faster than its
# every letter is.
_NON_LATIN_LETTER = re.compile(r"[^\W\d_A-Za-zÀ-ÖØ-öø-ɏ]")
# The document's first characters are read, enough to judge and cheap on a long one.
READ = 20_000


def _script(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return name.split(" ", 1)[0] if name else ""


def source_language_doubt(texts: Iterable[str], lang: str) -> Optional[Dict[str, object]]:
    """None where the document reads as ``lang`` (or cannot be judged); else what it reads
    as: ``{"declared": lang, "reads_as": code or script, "why": ...}``, with the shares
    of its words each language knows where the words decided."""
    text = "\n".join(texts)[:READ]
    own = _SCRIPT_OF.get(lang, "LATIN")
    if not _LETTER.search(text):
        return None
    # the script is looked at where fewer than half the letters are Latin: then there is a
    # non-Latin letter at least, and the letters are counted
    non_latin = own != "LATIN" or _NON_LATIN_LETTER.search(text) is not None
    total = len(_LETTER.findall(text)) if non_latin else 0
    if own != "LATIN" or non_latin and 2 * len(_LATIN.findall(text)) < total:
        letters = collections.Counter(_script(ch) for ch in text if ch.isalpha())
        kana = letters["HIRAGANA"] + letters["KATAKANA"]
        script, count = letters.most_common(1)[0]
        if script in ("CJK", "HIRAGANA", "KATAKANA"):
            script, count = "CJK", letters["CJK"] + kana     # Japanese: kanji and kana
        if script != own and count * 2 > total:
            found = "ja" if script == "CJK" and kana else \
                _LANGUAGE_OF.get(script, script.lower())
            return {"declared": lang, "reads_as": found,
                    "why": f"{round(100 * count / total)} % of its letters are in the "
                           f"{script.title() if script != 'CJK' else 'CJK'} script"}
    if zipf_fn(lang) is None:
        return None             # no word list for the language (Estonian): not judged
    words = collections.Counter(w.lower() for w in _WORD.findall(text))
    if len(words) < MIN_WORDS:
        return None
    sample = [w for w, _ in words.most_common(SAMPLE)]

    def share(code: str, enough: Optional[float] = None) -> Optional[float]:
        """The share of ``sample`` that ``code``'s list knows; where ``enough`` is given,
        counted only until it reaches that."""
        # (another language's words are only asked whether they reach KNOWN_ZIPF)
        fn = zipf_fn(code) if code == lang or KNOWN_ZIPF < FREQUENT_FLOOR \
            else frequent_zipf_fn(code)
        if fn is None:
            return None
        known = 0
        for w in sample:
            if fn(w) >= KNOWN_ZIPF:
                known += 1
                if enough is not None and known / len(sample) >= enough:
                    break
        return known / len(sample)

    # a document in its language is past the doubt well before its last words: it is not
    # read further (the verdict is the same)
    mine = share(lang, enough=DOUBT)
    if mine >= DOUBT:
        return None
    shares = {c: share(c) for c in CANDIDATES if c != lang and _SCRIPT_OF.get(c, "LATIN") == own}
    best = max((c for c in shares if shares[c] is not None), key=lambda c: shares[c],
               default=None)
    if best is None or shares[best] < mine + MARGIN:
        return None
    return {"declared": lang, "reads_as": best,
            "why": f"of its {len(sample)} most frequent words {round(100 * mine)} % are "
                   f"{lang}, {round(100 * shares[best])} % {best}",
            "shares": {lang: round(mine, 2), best: round(shares[best], 2)}}
