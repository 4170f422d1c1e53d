"""Words of a text and their part of speech in context (pure, plus one local process).

PRISM substitutes words: a word is a run of letters (with an inner apostrophe or hyphen:
"can't", "cross-border").  Digits, punctuation, inline-code markers and markup are never
words, so they are never substituted and come back as they were sent.

Part of speech comes from the source language's installed Apertium analyser and the pair's
own tagger (``lt-proc`` on ``*.automorf.bin`` piped into ``apertium-tagger -g`` with the
pair's ``.prob``): the same analysis the engine makes of the sentence, in context, so that
"order" in "will order the payment" is a VERB and in "an order for books" a NOUN.
Nothing is sent anywhere.
"""
from __future__ import annotations

import functools
import glob
import os
import re
import subprocess
from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

WORD = re.compile(r"[^\W\d_]+(?:['’\-][^\W\d_]+)*")

# UPOS whose words PRISM may substitute: the content words.  Function words carry little of
# what a text says and are what the engine needs to keep the sentence grammatical.
CONTENT_POS = ("NOUN", "VERB", "ADJ", "ADV")


@dataclass(frozen=True)
class Token:
    start: int
    end: int
    text: str
    pos: str = "X"

    @property
    def key(self) -> str:
        return self.text.lower()


def words(text: str) -> List[Token]:
    return [Token(m.start(), m.end(), m.group()) for m in WORD.finditer(text)]


def with_case(word: str, model: str) -> str:
    """``word`` written in ``model``'s case: Upper-first, ALL CAPS or as it is."""
    if model.isupper() and len(model) > 1:
        return word.upper()
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


# --- tagging ---------------------------------------------------------------------------

_ESCAPE = re.compile(r"([\^$/<>\[\]{}\\@*#])")
_UNIT = re.compile(r"\^(.*?)\$")


class TaggerMissing(RuntimeError):
    pass


def tagger_command(lang: str, dirs: Sequence[str] = ("/usr/share/apertium",
                                                     "/usr/local/share/apertium")
                   ) -> Optional[Tuple[str, str]]:
    """(analyser .automorf.bin, tagger .prob) of an installed pair with source ``lang``."""
    from transforms.nlp.apertium_morphology import ISO3
    code = ISO3.get(lang, lang)
    for d in dirs:
        for auto in sorted(glob.glob(os.path.join(d, "apertium-*", f"{code}-*.automorf.bin"))):
            prob = auto[:-len(".automorf.bin")] + ".prob"
            if os.path.isfile(prob):
                return auto, prob
    return None


def _upos(tags: List[str]) -> str:
    from transforms.nlp.apertium_morphology import _UPOS
    return _UPOS.get(tags[0], "X") if tags else "X"


def parse_tagged(line: str) -> List[Tuple[str, str]]:
    """One line of ``apertium-tagger -g -p`` output -> (surface, UPOS) per unit; an unknown
    word (``*``) is X."""
    out = []
    for body in _UNIT.findall(line):
        surface, _, reading = body.partition("/")
        surface = surface.replace("\\", "")
        if reading.startswith("*"):
            out.append((surface, "X"))
            continue
        first = reading.split("+")[0]
        out.append((surface, _upos(re.findall(r"<([^>]*)>", first))))
    return out


def align_pos(text: str, units: Sequence[Tuple[str, str]]) -> List[Token]:
    """The words of ``text`` with the POS of the tagged unit they fall in (a multiword unit
    gives its POS to each of its words); a word the units do not account for is X."""
    toks = words(text)
    out: List[Token] = []
    unit_words: List[Tuple[str, str]] = [(w.group().lower(), pos) for surface, pos in units
                                         for w in WORD.finditer(surface)]
    j = 0
    for t in toks:
        pos = "X"
        for k in range(j, min(j + 4, len(unit_words))):
            if unit_words[k][0] == t.key:
                pos, j = unit_words[k][1], k + 1
                break
        out.append(Token(t.start, t.end, t.text, pos))
    return out


@functools.lru_cache(maxsize=8)
def _command(lang: str) -> Tuple[str, str]:
    found = tagger_command(lang)
    if found is None:
        raise TaggerMissing(f"no installed Apertium pair analyses and tags {lang!r} "
                            f"(PRISM* needs parts of speech: apt-get install apertium-"
                            f"{lang}-...)")
    return found


def tag(texts: Sequence[str], lang: str, chunk: int = 2000) -> List[List[Token]]:
    """Each text's words with their part of speech in context (one tagger run per chunk)."""
    auto, prob = _command(lang)
    out: List[List[Token]] = []
    for i in range(0, len(texts), chunk):
        part = [t.replace("\n", " ").replace("\r", " ").replace("\0", " ")
                for t in texts[i:i + chunk]]
        # one text per line; a "." after each keeps the tagger's context inside its sentence
        data = "".join(_ESCAPE.sub(r"\\\1", t) + " .\n" for t in part).encode("utf-8")
        an = subprocess.run(["lt-proc", auto], input=data, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, check=True).stdout
        tagged = subprocess.run(["apertium-tagger", "-g", "-p", prob], input=an,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                check=True).stdout.decode("utf-8", "replace")
        lines = tagged.split("\n")
        if len(lines) < len(part):
            raise RuntimeError(f"tagger returned {len(lines)} lines for {len(part)} texts")
        for text, line in zip(part, lines):
            out.append(align_pos(text, parse_tagged(line)))
    return out
