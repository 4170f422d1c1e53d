"""PRISM on protected documents: after entity protection, before MT; decoding after MT
(pure, plus the local tagger).

The words substituted are the segment's words outside every entity replacement (a
pseudonym, a mask, a tag) — inline codes are no words, so they and the formats around
them are untouched.  The substitution history goes into ``ProtectedSegment.words``: it
stays in the job (and in the vault, encrypted, with ``--vault``), is never part of a
payload, never logged.

Randomness: PRISM-R's draws (and the mixture's, the same ones) come from an HMAC of the
run's secret (``DOPPEL_SECRET``), the document and the segment: unpredictable without the
secret, and the same on a rerun — the same document sent twice is substituted the same
way, so repeated sending cannot be averaged out.

The vocabulary PRISM-R draws from is the dictionary's V less any word the leak guard would
hold back in this document (an entity's original or lemma): the |V| of the ε reported is
the smallest vocabulary any document used.  The mixture's fixed substitutes s(w) are
taken in that same V, never a word of an entity string of the run
(``mechanism.mix_substitutes``), once per document.
"""
from __future__ import annotations

import functools
import hashlib
import hmac
import os
import random
from typing import Dict, List, Optional, Sequence

from schemas.records import CODE_CHARS
from transforms.detect.identifiers import citation_phrases
from transforms.prism import mechanism
from transforms.prism.dictionary import WordDictionary, WordDictionaryError, load
from transforms.prism.mechanism import Substitution
from transforms.prism.tokens import WORD, tag

SHIPPED = os.path.join(os.path.dirname(__file__), "..", "..", "resources", "word_dictionaries")


def resolve(spec: str, source: str, target: str) -> str:
    """``auto``: the shipped dictionary of the pair; else the path given."""
    if spec in ("", "auto"):
        for ext in ("parquet", "json"):
            path = os.path.normpath(os.path.join(SHIPPED, f"{source}-{target}.{ext}"))
            if os.path.isfile(path):
                return path
        raise WordDictionaryError(
            f"no word dictionary is shipped for {source}->{target}: build one with "
            f"python -m pipelines.build_word_dictionary and give it with --word-dictionary")
    return spec


@functools.lru_cache(maxsize=4)
def dictionary(path: str) -> WordDictionary:
    """One loaded dictionary per path and worker."""
    return load(path)


def _rng(secret: bytes, document: str, segment: str) -> random.Random:
    seed = hmac.new(secret or b"doppel-prism", f"prism\0{document}\0{segment}".encode("utf-8"),
                    hashlib.sha256).digest()
    return random.Random(int.from_bytes(seed[:16], "big"))


def _plain(text: str) -> str:
    """For the tagger: inline-code markers as spaces (same offsets)."""
    return CODE_CHARS.sub(" ", text)


def protect_words(pd, method: str, ratio: float, d: WordDictionary, secret: bytes,
                  guard: Sequence[str] = (), decode: bool = True) -> Dict[str, object]:
    """Apply ``method`` to every segment of the protected document ``pd`` (in place: text,
    entity offsets, the history in ``words``); the document's PRISM figures."""
    if method not in mechanism.METHODS:
        raise ValueError(f"unknown PRISM method {method!r}")
    lang = pd.document.source_lang
    folded = {g.casefold() for g in guard}
    vocab = [w for w in d.vocabulary() if w.casefold() not in folded]
    if not vocab:
        raise WordDictionaryError("the word dictionary's vocabulary is empty")
    tagged = tag([_plain(ps.text) for ps in pd.segments], lang) \
        if method in ("prism-star", "prism-nested") else [None] * len(pd.segments)
    # the mixture's s(w) fires with probability 1 − r: no s(w) is a word of an entity
    # string of the run, or "the costs" would be sent as "the court" wherever "the Court"
    # is an entity (PRISM-R's uniform draws do that only at r/|V| a word)
    fixed = mechanism.mix_substitutes(
        d, vocab, {x.casefold() for g in guard for x in WORD.findall(g)}) \
        if method == "prism-mix" else None
    words = substituted = 0
    for ps, toks in zip(pd.segments, tagged):
        # the entities, and public citations: their act name changed ("Regulation No
        # 987/2009" as "Criminal No 987/2009") leaves a bare number the leak guard holds
        # the segment back for wherever it is an identifier of the document
        protected = [(a.start, a.end) for a in ps.assignments] + citation_phrases(ps.text)
        rng = _rng(secret, pd.document.name, ps.id)
        if method == "prism-r":
            from transforms.prism.tokens import words as split
            enc = mechanism.prism_r(ps.text, split(ps.text), d, ratio, rng, protected, vocab)
        elif method == "prism-mix":
            from transforms.prism.tokens import words as split
            enc = mechanism.prism_mix(ps.text, split(ps.text), d, ratio, rng, protected, vocab,
                                      fixed)
        elif method == "prism-star":
            enc = mechanism.prism_star(ps.text, toks, d, ratio, protected, rng, folded)
        else:
            enc = mechanism.nested(ps.text, toks, lambda t: tag([_plain(t)], lang)[0], d,
                                   ratio, ratio, rng, protected, vocab, folded)
        for a in ps.assignments:
            a.start, a.end = enc.moved(a.start), enc.moved(a.start) + (a.end - a.start)
        ps.text = enc.text
        # NoDecode (the paper's baseline): substituted, but nothing kept to decode with
        ps.words = [s.to_dict() for s in enc.substitutions] if decode else []
        words += enc.words
        substituted += len(enc.substitutions)
    return {"method": method, "ratio": ratio, "vocabulary": len(vocab), "words": words,
            "substituted": substituted}


def decode_segment(text: str, ps) -> tuple:
    """A translated segment with its PRISM substitutions decoded: (text, decoded)."""
    subs = [Substitution.from_dict(s) for s in (ps.words or [])]
    if not subs:
        return text, 0
    return mechanism.decode(text, subs, sent_length=len(ps.text))


def epsilon_of(method: str, ratio: float, vocabulary: int) -> Optional[float]:
    """ε of the run: PRISM-R's (and the nesting's and the mixture's, which keep it); None
    for PRISM*."""
    if method in ("prism-r", "prism-nested", "prism-mix") and vocabulary:
        return round(mechanism.epsilon(ratio, vocabulary), 6)
    return None


def protect_text(text: str, family: str, ratio: float, d: WordDictionary, lang: str,
                 secret: bytes = b"", name: str = "") -> tuple:
    """PRISM on a plain text (the QA protocol's documents): (what is sent, a function
    from its translation to the decoded output).  ``nodecode``: PRISM*'s substitution and
    no decoding (the paper's baseline)."""
    from transforms.prism.tokens import words as split
    rng = _rng(secret, name or "qa", hashlib.sha256(text.encode("utf-8")).hexdigest())
    lang_tag = lambda t: tag([t], lang)[0]
    if family == "prism-r":
        enc = mechanism.prism_r(text, split(text), d, ratio, rng)
    elif family == "prism-mix":
        enc = mechanism.prism_mix(text, split(text), d, ratio, rng)
    elif family in ("prism-star", "nodecode"):
        enc = mechanism.prism_star(text, lang_tag(text), d, ratio, rng=rng)
    elif family == "prism-nested":
        enc = mechanism.nested(text, lang_tag(text), lang_tag, d, ratio, ratio, rng)
    else:
        raise ValueError(f"unknown PRISM family {family!r}")
    if family == "nodecode":
        return enc.text, lambda out: out
    subs, sent = enc.substitutions, enc.text
    return sent, lambda out: mechanism.decode(out, subs, sent_length=len(sent))[0]
