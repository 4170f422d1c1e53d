"""An Apertium pair's own view of a word, and its dictionaries run locally (DESIGN.md §4, §7).

Two uses, both local — nothing here is sent anywhere:

* **Engine-aware choice.**  ``view(text)`` is what the engine sees of a name: per lexical
  unit, its readings' tags (the tagger's ambiguity class) and the target tags its default
  translation gets (the Spanish gender of "Court" -> "Corte").  A pseudonym with the same
  view is tagged, transferred and agreed with exactly as the original would be, so the
  sentence around it comes out the same.
* **Restoration of translated pseudonyms.**  When the engine translated or inflected a
  pseudonym ("Danish law" -> "ley danesa"), ``target_form`` finds the found word's reading in
  the target analyser, and generates the original's default translation with the same tags
  through the pair's bilingual dictionary and generator ("Italian" -> "italiana").

The default translation is the bilingual dictionary's first option, as the engine takes it
without a lexical-selection rule.
"""
from __future__ import annotations

import functools
import os
import re
import threading
from typing import Dict, List, Optional, Sequence, Tuple

from transforms.nlp.apertium_morphology import (APERTIUM_DIRS, ISO3, Analyser, Unit,
                                                analysable, analyser_command, parse_units)

_UNIT = re.compile(r"\^(.*?)\$")
_TAGS = re.compile(r"<([^>]*)>")
# Target tags a word takes from its context (agreement), not from its lemma.
_AGREEMENT = {"m", "f", "nt", "ut", "mf", "GD", "sg", "pl", "sp", "ND", "un", "def", "ind",
              "fn", "gen", "nom"}
_INHERENT_POS = {"n"}             # nouns keep their own gender


def _pair_dir(pair: str) -> Optional[str]:
    a, b = pair.split("-")
    for d in APERTIUM_DIRS:
        for name in (pair, f"{b}-{a}"):
            base = os.path.join(d, f"apertium-{name}")
            if os.path.isfile(os.path.join(base, f"{pair}.autobil.bin")):
                return base
    return None


class PairLexicon:
    """One installed pair's analyser, bilingual dictionary, generator and target analyser."""

    def __init__(self, source: str, target: str):
        pair = f"{ISO3.get(source, source)}-{ISO3.get(target, target)}"
        reverse = "-".join(reversed(pair.split("-")))
        base = _pair_dir(pair)
        if base is None:
            raise OSError(f"no Apertium {pair} dictionaries installed")
        from transforms.target_names import _LtProc
        source_cmd = analyser_command(source, dirs=(os.path.dirname(base),)) or \
            ["-a", os.path.join(base, f"{pair}.automorf.bin")]
        self.source = Analyser(source, source_cmd)
        target_morf = os.path.join(base, f"{reverse}.automorf.bin")
        self.target = Analyser(target, ["-a", target_morf]) if os.path.isfile(target_morf) \
            else None
        self._bilingual = _LtProc(["-b", os.path.join(base, f"{pair}.autobil.bin")])
        self._generator = _LtProc(["-g", os.path.join(base, f"{pair}.autogen.bin")])
        self._lock = threading.Lock()
        self._bil: Dict[str, List[str]] = {}
        self._gen: Dict[str, Optional[str]] = {}

    # -- the engine's view ----------------------------------------------------------
    def views(self, texts: Sequence[str]) -> Dict[str, str]:
        units = self.source.many(texts)
        lexical = sorted({r for us in units.values() for u in us for r in _lexical(u)})
        self._translate_many(lexical)
        return {t: LEVEL_SEP.join((" ".join(self._unit_view(u) for u in us),
                                   " ".join(self._main_view(u) for u in us),
                                   " ".join(self._coarse_view(u) for u in us)))
                for t in texts for us in [units.get(t, [])]}

    def view(self, text: str) -> str:
        return self.views([text])[text]

    def _main_view(self, u: Unit) -> str:
        """The reading a name's word is taken in (a proper noun, else a noun, else an
        adjective) and its default translation's tags: what the sentence agrees with."""
        if not u.known:
            return "*"
        lex = _main_reading(u)
        first = (self._bil.get(lex) or [""])[0]
        return _tag_string(lex) + ">" + _tag_string(first) + _several(first)

    @staticmethod
    def _coarse_view(u: Unit) -> str:
        """Known or not, and the main reading's part of speech."""
        return _tags(_main_reading(u))[0] if u.known and _tags(_main_reading(u)) else "*"

    def _unit_view(self, u: Unit) -> str:
        if not u.known:
            return "*"
        out = set()
        for lex in _lexical(u):
            first = (self._bil.get(lex) or [""])[0]
            out.add(_tag_string(lex) + ">" + _tag_string(first) + _several(first))
        return "/".join(sorted(out))

    # -- dictionaries ------------------------------------------------------------------
    def _translate_many(self, lexical: Sequence[str]) -> None:
        todo = [x for x in lexical if x not in self._bil]
        if not todo:
            return
        with self._lock:
            answers = self._bilingual.many(["^" + x + "$" for x in todo])
        for x, ans in zip(todo, answers):
            units = _UNIT.findall(ans)
            opts = units[0].split("/")[1:] if len(units) == 1 else []
            self._bil[x] = [o for o in opts if o and not o.startswith("@")]

    def translations(self, lexical: str) -> List[str]:
        self._translate_many([lexical])
        return self._bil.get(lexical, [])

    def generate(self, lexical: str) -> Optional[str]:
        if lexical not in self._gen:
            with self._lock:
                out = self._generator("^" + lexical + "$").strip()
            self._gen[lexical] = None if (not out or any(c in out for c in "#@*^$/<>")) \
                else out.lstrip("~")
        return self._gen[lexical]

    def target_form(self, fake: str, found: str, original: str) -> Optional[str]:
        """``original`` (a source word) in the target form the engine gave ``fake`` (found in
        the output as ``found``), or None when ``found`` is no translation of ``fake`` or
        the original has no translation of the same kind."""
        if self.target is None or not (analysable(fake) and analysable(found)
                                       and analysable(original)):
            return None
        fake_targets = {}
        for u in self.source.units(fake):
            for lex in _lexical(u):
                for opt in self.translations(lex):
                    fake_targets.setdefault(_lemma(opt).casefold(), (lex, opt))
        low = found.casefold()
        if not any(lemma[:3] == low[:3] for lemma in fake_targets):
            return None                  # cheap: most output words are not its translation
        found_units = self.target.units(found)
        if len(found_units) != 1 or not found_units[0].known:
            return None
        for parts in found_units[0].readings:
            r = parts[0]
            hit = fake_targets.get(r.lemma.casefold())
            if hit is None:
                continue
            fake_lex, _ = hit
            pos = _tags(fake_lex)[:1]
            orig_lex = next((lex for u in self.source.units(original) for lex in _lexical(u)
                             if _tags(lex)[:1] == pos), None)
            if orig_lex is None:
                return None
            options = self.translations(orig_lex)
            if not options:
                return None
            own = _tags(options[0])
            found_tags = list(r.tags)
            if own[:1] and own[0] in _INHERENT_POS:
                # a noun keeps its own gender; its number is the one found
                found_tags = [t if t not in ("m", "f", "nt", "ut", "mf") else
                              next((o for o in own if o in ("m", "f", "nt", "ut", "mf")), t)
                              for t in found_tags]
            lexical = _lemma(options[0]) + "".join(f"<{t}>" for t in found_tags)
            form = self.generate(lexical)
            if form is None:
                return None
            return _case_like(found, form)
        return None


LEVEL_SEP = "\x1f"      # between the exact, main-reading and coarse views of ``views``
_MAIN_ORDER = ("np", "n", "adj")


def _main_reading(u: Unit) -> str:
    lexical = _lexical(u)
    for pos in _MAIN_ORDER:
        for lex in lexical:
            if _tags(lex)[:1] == [pos]:
                return lex
    return lexical[0] if lexical else ""


def _several(lexical: str) -> str:
    """"#" when the translation is several words ("Newcomer" -> "recién llegado"): word
    for word, restoration could not find it again."""
    lemma = _lemma(lexical)
    return "#" if "#" in lemma or " " in lemma else ""


def _lexical(u: Unit) -> List[str]:
    """A unit's readings as lexical forms ("Court<n><sg>"), joined parts kept together."""
    return ["+".join(r.lemma + "".join(f"<{t}>" for t in r.tags) for r in parts)
            for parts in u.readings]


def _tags(lexical: str) -> List[str]:
    return _TAGS.findall(lexical.split("+")[0])


def _lemma(lexical: str) -> str:
    return lexical.split("<", 1)[0]


def _tag_string(lexical: str) -> str:
    return "".join(f"<{t}>" for t in _TAGS.findall(lexical))


def _case_like(model: str, text: str) -> str:
    if model.isupper() and len(model) > 1:
        return text.upper()
    if model[:1].isupper():
        return text[:1].upper() + text[1:]
    if model[:1].islower():
        return text[:1].lower() + text[1:]
    return text


_LEXICONS: Dict[Tuple[str, str], Optional[PairLexicon]] = {}
_LEXICONS_LOCK = threading.Lock()


def pair_lexicon(source: str, target: str) -> Optional[PairLexicon]:
    """The installed pair's lexicon (one per worker process), or None."""
    key = (source, target)
    with _LEXICONS_LOCK:
        if key not in _LEXICONS:
            try:
                _LEXICONS[key] = PairLexicon(source, target)
            except OSError:
                _LEXICONS[key] = None
        return _LEXICONS[key]


@functools.lru_cache(maxsize=None)
def engine_is_apertium(engine: str) -> bool:
    return engine in ("apertium", "apy")
