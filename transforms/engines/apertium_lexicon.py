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
import hashlib
import itertools
import json
import os
import re
import subprocess
import threading
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from transforms.nlp.apertium_morphology import (APERTIUM_DIRS, ISO3, Analyser, Reading, Unit,
                                                analysable, analyser_command)

_UNIT = re.compile(r"\^(.*?)\$")
_TAGS = re.compile(r"<([^>]*)>")
# Target tags a word takes from its context (agreement), not from its lemma.
_AGREEMENT = {"m", "f", "nt", "ut", "mf", "GD", "sg", "pl", "sp", "ND", "un", "def", "ind",
              "fn", "gen", "nom"}
_INHERENT_POS = {"n"}             # nouns keep their own gender
_GENDERS = {"m", "f", "nt", "ut", "mf"}
MAX_OPTIONS = 4                  # a compound part's translations tried (the engine picks one)


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
        # with the reverse mode's own flags (Danish: -w -e, compounds analysed)
        target_cmd = analyser_command(target, dirs=(os.path.dirname(base),))
        if target_cmd is None or target_cmd[-1] != target_morf:
            target_cmd = ["-a", target_morf]
        self.target = Analyser(target, target_cmd) if os.path.isfile(target_morf) else None
        self.pair = (source, target)
        self._autolex = os.path.join(base, f"{pair}.autolex.bin")
        self._selected: Dict[Tuple[str, ...], List[str]] = {}
        self._bilingual = _LtProc(["-b", os.path.join(base, f"{pair}.autobil.bin")])
        # what a text's view is made of: the source analyser and the bilingual dictionary
        self._view_files = (pair, source_cmd[-1], os.path.join(base, f"{pair}.autobil.bin"))
        self._generator = _LtProc(["-g", os.path.join(base, f"{pair}.autogen.bin")])
        self._lock = threading.Lock()
        self._bil: Dict[str, List[str]] = {}
        self._targets: Dict[Tuple[str, bool], Dict[str, List[Tuple[str, str]]]] = {}
        self._gen: Dict[str, Optional[str]] = {}
        self._restorable: Dict[Tuple[str, str], bool] = {}
        self._views: Dict[str, str] = {}
        self._lexical_views: Dict[str, str] = {}
        self._bodies: Dict[str, Optional[str]] = {}
        # an output word's readings' lemmas (``maybe``), with the units they were read from
        self._lemma_keys: Dict[str, tuple] = {}
        self._engine = None

    # -- the engine's view ----------------------------------------------------------
    def views(self, texts: Sequence[str]) -> Dict[str, str]:
        # A text's view never changes in a run, and the chooser asks for the same
        # dictionary forms for every cluster of every document: kept once computed.
        todo = [t for t in dict.fromkeys(texts) if t not in self._views]
        if todo:
            units = self.source.many(todo)
            # each unit's lexical forms made once, for the bilingual dictionary and the view
            # (made twice, they were a third of the views of texts not seen before)
            forms = {t: [(u, _lexical(u)) for u in units.get(t, [])] for t in todo}
            lexical = sorted({r for us in forms.values() for _, lex in us for r in lex})
            self._translate_many(lexical)
            for t in todo:
                levels = [self._unit_views(u, lex) for u, lex in forms[t]]
                self._views[t] = LEVEL_SEP.join(" ".join(v[i] for v in levels)
                                                for i in range(3))
        return {t: self._views[t] for t in texts}

    def stored_views(self, texts: Sequence[str]) -> Dict[str, str]:
        """``views(texts)`` for a list of texts every worker process asks alike (the
        vocabulary, the acronyms and the unknown names of ``engine_shaped``): read from a
        file of the user's cache (``views_cache_dir``) when one was written for the same
        texts, dictionaries and code, else made and written there.  The answers are the
        same (each text is analysed and looked up on its own: ``_LtProc.many``); what is
        read is kept as ``views`` keeps what it makes.  Each worker process made them again:
        0.6-0.8 s of CPU (Python and lt-proc) a process, en->es and sv->da."""
        texts = list(texts)
        path = self._views_file(texts) if texts else None
        if path is not None:
            try:
                with open(path, encoding="utf-8") as fh:
                    stored = json.load(fh)
                if isinstance(stored, list) and len(stored) == len(texts):
                    found = dict(zip(texts, stored))
                    for t, v in found.items():
                        self._views.setdefault(t, v)
                    return found
            except (OSError, ValueError):
                pass
        found = self.views(texts)
        if path is not None:
            try:
                os.makedirs(os.path.dirname(path), exist_ok=True)
                tmp = f"{path}.{os.getpid()}.{threading.get_ident()}.tmp"
                with open(tmp, "w", encoding="utf-8") as fh:
                    json.dump([found[t] for t in texts], fh, ensure_ascii=False)
                os.replace(tmp, path)        # whole or not at all, whoever writes it
            except OSError:
                pass
        return found

    def _views_file(self, texts: Sequence[str]) -> Optional[str]:
        """The cache file of ``texts``' views: named by the texts, the pair's dictionary
        files (path, size, time) and the code that reads them (this module and the
        analyser's parser), so that any of them changed is another file; None without a
        cache directory."""
        root = views_cache_dir()
        if root is None:
            return None
        h = hashlib.sha256()
        for f in (*self._view_files[1:], __file__, _morphology_file()):
            try:
                st = os.stat(f)
                with open(f, "rb") as fh:
                    code = fh.read() if f.endswith(".py") else b""
            except OSError:
                return None
            h.update(f"{f}\0{st.st_size}\0{st.st_mtime_ns}\0".encode("utf-8") + code)
        h.update("\0".join(texts).encode("utf-8"))
        return os.path.join(root, f"{self._view_files[0]}-{h.hexdigest()[:32]}.json")

    def _unit_views(self, u: Unit, lexical: Optional[List[str]] = None
                    ) -> Tuple[str, str, str]:
        """``_unit_view``, ``_main_view`` and ``_coarse_view`` of ``u`` at once: its readings'
        lexical forms made once, and each form's view kept (the chooser's and the
        vocabulary's tens of thousands of texts share a few thousand forms; made three
        times per unit, they were three quarters of the first document's views)."""
        if not u.known:
            return "*", "*", "*"
        if lexical is None:
            lexical = _lexical(u)
        main = _main_of(lexical)
        tags = _tags(main)
        return ("/".join(sorted({self._lexical_view(lex) for lex in lexical})),
                self._lexical_view(main), tags[0] if tags else "*")

    def _lexical_view(self, lex: str) -> str:
        """A reading's tags and its default translation's (``_unit_view``'s element), kept
        once its translation has been asked."""
        hit = self._lexical_views.get(lex)
        if hit is None:
            first = (self._bil.get(lex) or [""])[0]
            hit = _tag_string(lex) + ">" + _tag_string(first) + _several(first) + \
                _renamed(lex, first) + _joined(lex)
            if lex in self._bil:
                self._lexical_views[lex] = hit
        return hit

    def view(self, text: str) -> str:
        return self.views([text])[text]

    def _main_view(self, u: Unit) -> str:
        """The reading a name's word is taken in (a proper noun, else a noun, else an
        adjective) and its default translation's tags: what the sentence agrees with."""
        if not u.known:
            return "*"
        lex = _main_reading(u)
        first = (self._bil.get(lex) or [""])[0]
        return _tag_string(lex) + ">" + _tag_string(first) + _several(first) + \
            _renamed(lex, first) + _joined(lex)

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
            out.add(_tag_string(lex) + ">" + _tag_string(first) + _several(first) +
                    _renamed(lex, first) + _joined(lex))
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

    def compound_translations(self, lexical: str, default_only: bool = False) -> List[str]:
        """A compound's translations as the engine makes them, part by part
        ("djur<cmp>+skydd<cmp>+organisation<pl><def>" -> "dyrbeskyttelseorganisation<n>..."):
        the parts' lemmas joined, the last part's tags; every combination of the parts'
        options (the engine's lexical selection may take any), or the defaults alone."""
        parts = _compound_parts(lexical)
        if not parts:
            return []
        options = []
        for part in parts:
            mine = self.translations(part)
            if not mine:
                return []
            options.append(mine[:1] if default_only else mine[:MAX_OPTIONS])
        out: List[str] = []
        for combo in itertools.product(*options):
            joined = "".join(_lemma(o) for o in combo) + _tag_string(combo[-1])
            if joined not in out:
                out.append(joined)
        return out

    def _compound_readings(self, found: str, lexicals: Sequence[str]) -> List[tuple]:
        """A compound the target analyser does not know ("Dyrbeskyttelsesorganisationerne"),
        read as the engine wrote it: the leading parts of a source compound in ``lexicals``
        as the generator writes them, then a word the analyser knows that translates the
        last part.  One reading per way, as (joined lemma, the last word's tags)."""
        low = found.casefold()
        out: List[tuple] = []
        for lexical in dict.fromkeys(lexicals):
            parts = _compound_parts(lexical)
            if not parts:
                continue
            lead = [self.translations(p)[:MAX_OPTIONS] for p in parts[:-1]]
            last = {_lemma(o).casefold() for o in self.translations(parts[-1])}
            for combo in itertools.product(*lead):
                forms = [self.generate(o) for o in combo]
                if None in forms:
                    continue
                prefix = "".join(forms).casefold()
                if not low.startswith(prefix) or len(low) == len(prefix):
                    continue
                for u in self.target.units(found[len(prefix):]):
                    for rparts in u.readings:
                        r = rparts[-1]
                        if len(rparts) == 1 and r.lemma.casefold() in last:
                            joined = "".join(_lemma(o) for o in combo) + r.lemma
                            out.append((type(r)(joined, r.tags),))
        return out

    def _compound_form(self, lexical: str, found) -> Optional[str]:
        """A source compound in the target form of ``found``: its leading parts' default
        translations as the generator writes them before another word, the last part
        inflected like ``found`` ("Tingsrätten" -> "Tingsretten")."""
        parts = _compound_parts(lexical)
        if not parts:
            return None
        pieces = []
        for part in parts[:-1]:
            option = next(iter(self.translations(part)), None)
            form = self.generate(option) if option else None
            if form is None:
                return None
            pieces.append(form)
        last = self._inflected(parts[-1], found)
        if last is None:
            return None
        return "".join(pieces) + last.lower()

    def generate(self, lexical: str) -> Optional[str]:
        if lexical not in self._gen:
            with self._lock:
                out = self._generator("^" + lexical + "$")
            self._gen[lexical] = _generated(out)
        return self._gen[lexical]

    def _generate_many(self, lexicals: Sequence[str]) -> None:
        """``generate`` of each, asked at once (each on its own, as ``_LtProc.many`` does)."""
        todo = [x for x in dict.fromkeys(lexicals) if x not in self._gen]
        if todo:
            with self._lock:
                answers = self._generator.many(["^" + x + "$" for x in todo])
            for x, out in zip(todo, answers):
                self._gen[x] = _generated(out)

    def _inflected(self, orig_lex: str, found) -> Optional[str]:
        """The original's default translation with the found reading's tags (a noun keeps
        its own gender); a compound's part by part."""
        if "+" in orig_lex and not self.translations(orig_lex):
            return self._compound_form(orig_lex, found)
        for option in self.translations(orig_lex):
            # the default first; the next where the generator cannot make it
            own = _tags(option)
            tags = list(found.tags)
            if own[:1] and own[0] in _INHERENT_POS:
                gender = next((o for o in own if o in _GENDERS), None)
                tags = [gender if t in _GENDERS and gender else t for t in tags]
            form = self.generate(_lemma(option) + "".join(f"<{t}>" for t in tags))
            if form is not None:
                return form
        return None

    def _fake_targets(self, fake: str, default_only: bool
                      ) -> Dict[str, List[Tuple[str, str]]]:
        """The pseudonym's translations (its default one only, or all), by folded target
        lemma: (its reading, the translation).  Kept per pseudonym: restoration asks with
        every word of the output around it (82,429 times on 50 MultiLeg en documents, for
        2,103 pseudonyms)."""
        key = (fake, default_only)
        hit = self._targets.get(key)
        if hit is None:
            hit = {}
            for u in self.source.units(fake):
                for lex in _lexical(u):
                    options = self.translations(lex) or \
                        self.compound_translations(lex, default_only)
                    for opt in options[:1] if default_only else options:
                        hit.setdefault(_lemma(opt).casefold(), []).append((lex, opt))
            # pseudonyms are mostly one document's: a few documents' worth (20,000 grew the
            # job's RSS by 4 MB from 60 to 600 documents, to no use)
            if len(self._targets) > 2_000:
                self._targets.clear()
            self._targets[key] = hit
        return hit

    def warm(self, words: Sequence[str]) -> None:
        """Analyse an output's words in one request (restoration then reads every word's
        lemma, irregular forms included, without asking the analyser word by word)."""
        if self.target is not None:
            # only the words it has not read: ``many`` of all of them asks the same (the
            # ones it has are answered from its cache) and builds an answer for each
            todo = self.target.unread(words)
            if todo:
                self.target.many(todo)

    def prefetch(self, fakes: Sequence[str], originals: Sequence[str] = (),
                 outputs: Sequence[str] = ()) -> None:
        """What ``target_form`` will ask about a document, asked at once: its pseudonyms'
        and originals' words analysed (``fakes``, ``originals``), their readings looked up
        in the bilingual dictionary, and the output's words analysed (``outputs``, as
        ``warm``) — one round trip to each process instead of one per word as restoration
        reaches it.  Every text is analysed and looked up on its own (``_LtProc.many``), so
        what is kept is what each question alone would have kept."""
        asked = [t for t in dict.fromkeys([*fakes, *originals]) if analysable(t)]
        if asked:
            units = self.source.many(asked)
            self._translate_many(list(dict.fromkeys(
                lex for t in asked for u in units[t] for lex in _lexical(u))))
        if outputs:
            self.warm(list(dict.fromkeys(outputs)))

    def maybe(self, fake: str, default_only: bool = False) -> Callable[[str], bool]:
        """A test of output words for ``target_form(fake, found, original, default_only)``:
        False where that answer is None whatever the original, as ``target_form`` itself
        decides before it looks further — ``found`` not analysable, or the analyser has read
        it and none of its readings' lemmas is one of the pseudonym's translations (nor,
        where it is not one known word, does it begin like one); True where ``target_form``
        must be asked, and always for a word the analyser has not read (``target_form``
        answers by first letters then, by readings once it has read it: left to it).  A
        False holds whenever asked again: a word's readings are the same each time it is
        read (``_LtProc.many``), and ``target_form`` finds no lemma among them, read or
        re-read (so restoration may keep it for the segment: ``restore._Tokens``).
        Restoration tries a pseudonym's word against every free word of its segment, twice:
        155,000 calls per 100 MultiLeg documents, nearly all None."""
        if self.target is None or not analysable(fake):
            return _never
        targets = self._fake_targets(fake, default_only)
        leads = {lemma[:1] for lemma in targets}
        if "" in leads:
            return _always_analysable       # every word "starts with" an empty lemma's
        cached = self.target.cached
        lemma_keys = self._lemma_keys

        def test(found: str) -> bool:
            seen = cached(found)
            if seen is None:
                # not analysable: False; else not analysed (yet): ``target_form`` answers by
                # the first letters now, and otherwise once it has been analysed; its answer
                # (which restoration keeps for the document) is its own to give.  (What the
                # analyser has read was analysable: ``Analyser.many`` reads nothing else.)
                return analysable(found)
            hit = lemma_keys.get(found)
            if hit is None or hit[0] is not seen:
                if len(lemma_keys) > 50_000:      # (output words: they repeat, names less)
                    lemma_keys.clear()
                hit = lemma_keys[found] = (seen, frozenset(
                    "".join(p.lemma for p in parts).casefold()
                    for u in seen for parts in u.readings), len(seen) == 1 and seen[0].known)
            if hit[2]:
                return not hit[1].isdisjoint(targets)
            return found.casefold()[:1] in leads or not hit[1].isdisjoint(targets)
        return test

    def _analysed_as(self, found: str, fake_targets) -> bool:
        units = self.target.cached(found) if self.target is not None else None
        return bool(units) and any(
            "".join(p.lemma for p in parts).casefold() in fake_targets
            for u in units for parts in u.readings)

    def translate_words(self, name: str) -> Optional[str]:
        """``name`` with each of its words the source dictionary knows in the translation
        the engine picks (``_default_form``), as the generator writes it ("tullkontoret" ->
        "toldkontoret", "skattemyndigheten" -> "skatmyndigheden"); a word it does not know,
        or knows as a proper noun, as written — a place in its established target name
        ("Ungerns regering" -> "Ungarns regering").  None where nothing changes, where a known
        word has no translation, or where the name has several words and the pair reorders
        them (``SAME_ORDER``): an original that goes back whole where its stand-in passed
        the engine untranslated comes back in the target language, as the engine alone
        writes it, not in the source's ("Europeiska domstolen" in a Danish text)."""
        words = list(_NAME_WORD.finditer(name))
        if not words:
            return None
        if len(words) > 1 and self.pair not in SAME_ORDER:
            return self.translate_body(name)
        out, pos, changed = [], 0, False
        after_definite_adjective = False
        for k, m in enumerate(words):
            word = m.group(0)
            units = self.source.units(word)
            known = len(units) == 1 and units[0].known
            lexical = _main_of(_lexical(units[0])) if known else ""   # "tyska": the
            tags = _tags(lexical.split("+")[-1]) if known else []    # adjective, not the
            #                                                          language's name
            if tags[:2] in (["np", "top"], ["np", "loc"]):
                # a place inside the name, in its established name ("Ungerns regering" ->
                # "Ungarns regering"), as the engine writes it
                place = self._place(word)
                if place is not None and place != word:
                    out += [name[pos:m.start()], place]
                    pos, changed = m.end(), True
                after_definite_adjective = False
                continue
            if k and word[:1].isupper() and not word.isupper():
                continue        # a proper name inside the name: "Förvaltningsrätten i
                #                 Linköping" (these languages capitalise a body's first word)
            if not known or tags[:1] == ["np"]:
                after_definite_adjective = False
                continue
            if after_definite_adjective and tags[:1] == ["n"] and "def" in tags and \
                    self.pair[1] == "da":
                # Danish marks a noun definite once: by the adjective before it ("Europeiska
                # domstolen" -> "Europæiske domstol"), as the engine's transfer does
                lexical = "<ind>".join(lexical.rsplit("<def>", 1))
            after_definite_adjective = tags[:1] == ["adj"] and "def" in tags
            form = self._default_form(lexical)
            if form is None:
                return None
            form = _case_like(word, form)
            if form != word:
                out += [name[pos:m.start()], form]
                pos, changed = m.end(), True
        if not changed:
            return None
        out.append(name[pos:])
        return "".join(out)

    def translate_body(self, name: str) -> Optional[str]:
        """A public body's name of several words, in a pair that reorders them, as the pair
        translates it alone ("Directorate-General for Taxation" -> "Dirección general para
        Impuestos", "GENERAL COURT (Sixth Chamber, …)" -> "CORTE GENERAL (…)"), where an
        original put back whole had stayed English in the Spanish.  Only where the name's
        head, before its first "of", "for", bracket…, is a body's head noun (``institution_
        head``: a court, an office, a committee — not "British Airways", "Royal Mail", a
        company's name, which stays as written) and every word is one the source dictionary
        knows as a common word or a place; or where the source dictionary holds the name,
        or part of it, as one entry (``_with_dictionary_units``).  Local: the pair's own
        pipeline, one per worker, started at the first such name."""
        if name in self._bodies:
            return self._bodies[name]
        self._bodies[name] = out = self._body(name)
        return out

    def _body(self, name: str) -> Optional[str]:
        from transforms.detect.institutions import institution_head
        from transforms.linking import unnamed_words
        words = [m.group(0) for m in _NAME_WORD.finditer(name)]
        head = re.split(r"\s(?:of|for|on|between|in|at)\s|[(,\[]", name, maxsplit=1)[0]
        if not any(institution_head(part, self.pair[0])
                   for w in _NAME_WORD.findall(head) for part in re.split(r"[-‑]", w)):
            return self._with_dictionary_units(name)
        for w in words:
            units = self.source.units(w)
            if len(units) != 1 or not units[0].known:
                if not unnamed_words(re.split(r"[-‑]", w), self.pair[0]):
                    return None     # no word of the language: a name's, as written
                continue            # a word the dictionary lacks ("Directorate")
            readings = _lexical(units[0])
            tags = _tags(_main_of(readings).split("+")[-1])
            if tags[:1] == ["np"] and tags[:2] not in (["np", "top"], ["np", "loc"]) or \
                    any(_PERSON_READING.search(r) for r in readings):
                return None     # a person's or a company's name inside: as written
        return self._translated_alone(name)

    def names_inside(self, name: str) -> bool:
        """Does ``name`` hold a word the source dictionary knows only as a proper noun that
        is no place's ("Microsoft" of "Microsoft Office", "Young" of "Ernst & Young")?
        Such a name is a company's or a product's, whose other words are not translated
        either: the engine's own "Oficina" for its "Office" is no part of it."""
        for w in _NAME_WORD.findall(name):
            units = self.source.units(w)
            if len(units) != 1 or not units[0].known:
                continue
            tags = [_tags(lex.split("+")[-1])[:2] for lex in _lexical(units[0])]
            if tags and all(t[:1] == ["np"] for t in tags) and not any(
                    t in (["np", "top"], ["np", "loc"]) for t in tags):
                return True
        return False

    def acronym(self, word: str) -> bool:
        """Does the source dictionary hold ``word`` as an acronym ("ECB", "UN"), whose
        translation is the target language's acronym ("BCE", "ONU"), not as a word ("LAP":
        a lap)?"""
        return any("<acr>" in lex for u in self.source.units(word) for lex in _lexical(u))

    def _with_dictionary_units(self, name: str) -> Optional[str]:
        """A name the source dictionary holds, whole or in part, as one entry of several
        words ("Official Journal of the European Union", "Open Source", "World Wide Web
        Consortium"), every other word one it knows and no person's name among them: as
        the pair translates it alone ("Diario Oficial de la Unión Europea", "Código
        abierto"), not word by word ("Revista Oficial", "Fuente Abierta")."""
        units = self.source.units(name)
        if not any(u.known and " " in u.surface for u in units):
            return None
        for u in units:
            if not u.known and _NAME_WORD.search(u.surface):
                return None     # a word it does not know: a name's, as written
            if any(_PERSON_READING.search(r) for r in _lexical(u)):
                return None     # a person's name inside
        return self._translated_alone(name)

    def _translated_alone(self, name: str) -> Optional[str]:
        """``name`` as the pair's own pipeline translates it alone, in the original's case."""
        if self._engine is None:
            from transforms.engines.apertium import ApertiumEngine
            try:
                self._engine = ApertiumEngine(*self.pair)
            except Exception:   # noqa: BLE001 - no pipeline: every name as it was written,
                self._engine = False    # and no new start for each
        if not self._engine:
            return None
        try:
            out = self._engine.translate([name])[0].strip()
        except Exception:      # noqa: BLE001 - the name as it was written
            return None
        if not out or out == name or any(c in out for c in "#@*"):
            return None
        # Alone, the name opens a sentence: the engine capitalises it ("an Association" ->
        # "Una Asociación"), and matches case word by word ("GENERAL COURT" -> "CORTE
        # general"); the original's own case goes back on it.
        first = out.split(" ", 1)[0]
        if name[:1].islower() or first.lower() in _ARTICLES and \
                name.split(" ", 1)[0].lower() not in _ARTICLES:
            out = out[:1].lower() + out[1:]     # (an article the engine put before it too)
        lead, out_lead = re.split(r"[(\[,]", name)[0], re.split(r"[(\[,]", out)[0]
        if any(c.isalpha() for c in lead) and lead.upper() == lead:
            out = out_lead.upper() + out[len(out_lead):]
        return out

    def _place(self, word: str) -> Optional[str]:
        """A place's established target-language name (``target_names.target_name``)."""
        from transforms.target_names import target_name
        return target_name(word, "LOC", *self.pair)

    def _default_form(self, lexical: str) -> Optional[str]:
        """A source word's translation as the engine chooses it (``lexical_selection``)
        and the generator writes it; a compound's leading parts as they go before another
        word, its last part inflected as it was ("tull<cmp>+kontor<def>" -> "told" +
        "kontoret")."""
        parts = _compound_parts(lexical) or [lexical]
        pieces = []
        for part, option in zip(parts, self.lexical_selection(parts)):
            form = self.generate(option) if option else None
            if form is None:
                return None
            pieces.append(form if not pieces else form.lower())
        return "".join(pieces)

    def lexical_selection(self, lexicals: Sequence[str]) -> List[str]:
        """Each source word's translation as the engine's lexical selection (``lrx-proc``
        on the pair's rules) picks it among the bilingual dictionary's ("skydd" ->
        "beskyttelse", not "skjul", the dictionary's first); the first where the pair has
        no rules.  Local, as the dictionaries are."""
        key = tuple(lexicals)
        if key in self._selected:
            return self._selected[key]
        options = [self.translations(lex) for lex in lexicals]
        chosen = [opts[0] if opts else "" for opts in options]
        if os.path.isfile(self._autolex) and any(len(opts) > 1 for opts in options):
            stream = " ".join(f"^{lex}/{'/'.join(opts)}$" if opts else f"^{lex}/*{lex}$"
                              for lex, opts in zip(lexicals, options))
            try:
                out = subprocess.run(["lrx-proc", "-m", self._autolex], input=stream + "\n",
                                     capture_output=True, text=True, timeout=10).stdout
                units = re.findall(r"\^([^$]*)\$", out)
                if len(units) == len(lexicals):
                    chosen = [u.split("/")[1] if "/" in u and not u.split("/")[1].startswith("*")
                              else c for u, c in zip(units, chosen)]
            except (OSError, subprocess.SubprocessError):
                pass             # the dictionary's first: what the engine takes without rules
        self._selected[key] = chosen
        return chosen

    def _engine_case(self, found: str, form: str, original: str) -> str:
        """``form`` in the case the engine gives ``original``.  A word the source
        dictionary has only capitalised ("German", "Romanian", "European": no "german"),
        the engine translates in the target lemma's own case ("orden legal alemán"),
        whatever capital the pseudonym's word carried ("Urban legal order" -> "orden legal
        Urbano": "urban" capitalised by the text).  Otherwise like the word found: a
        capital the engine kept from the text is the original's too ("Consejo")."""
        if original[:1].isupper() and not original.isupper() and found[:1].isupper() \
                and not found.isupper() and form[:1].islower() \
                and not any(u.known for u in self.source.units(original.lower())):
            return form
        return _case_like(found, form)

    def target_form(self, fake: str, found: str, original: str,
                    default_only: bool = False) -> Optional[str]:
        """``original`` (a source word) in the target form the engine gave ``fake`` (found in
        the output as ``found``), or None when ``found`` is no translation of ``fake`` or
        the original has no translation of the same kind."""
        if self.target is None or not (analysable(fake) and analysable(found)
                                       and analysable(original)):
            return None
        fake_targets = self._fake_targets(fake, default_only)
        seen = self.target.cached(found)
        if seen is not None and len(seen) == 1 and seen[0].known:
            # analysed already (``warm``): a word the analyser knows is a translation of
            # the pseudonym only if one of its readings has one of its lemmas — the test
            # below, made without looking further
            if not self._analysed_as(found, fake_targets):
                return None
        elif not any(found.casefold().startswith(lemma[:1]) for lemma in fake_targets) and \
                not self._analysed_as(found, fake_targets):
            # cheap: most output words are not its translation (one letter, not two: an
            # irregular form keeps little more of its lemma, "sige" -> "sagde"; none at
            # all, "gammel" -> "ældste", where the output was analysed beforehand: ``warm``)
            return None
        found_units = self.target.units(found)
        if len(found_units) != 1:
            return None
        readings = list(found_units[0].readings) if found_units[0].known else \
            self._compound_readings(found, [lex for pairs in fake_targets.values()
                                            for lex, _ in pairs])
        if not readings and found.casefold() in fake_targets:
            # a translation of the pseudonym that the bilingual dictionary has and the
            # target's own lacks ("Preserve" -> "#Coto"): the word is that translation, in
            # the form the bilingual dictionary gives it
            readings = [(Reading(found.casefold(), tuple(_tags(opt))),)
                        for _, opt in fake_targets[found.casefold()]]
        if not readings:
            return None
        # an adjective's reading first, as the engine reads "Norsk rätt" ("Tysk" had come
        # back as the noun "Tysker", a German, in "Tysker ret"); the others in their order
        readings.sort(key=lambda parts: parts[-1].pos != "adj")
        original_units = self.source.units(original)
        if len(original_units) != 1:
            # a name of several units has no one word's translation: "Aqua Rapid Plumbing
            # Services" for its stand-in "TEAs", found as "Tés", came back "Servicios"
            # alone (a name the engine reads as one unit, "European Parliament", has one)
            return None
        originals = [lex for u in original_units for lex in _lexical(u)]
        matched = alike = False
        for parts in readings:
            # a compound ("masse+indvandring") is the word its parts spell, inflected as
            # its last part
            r = parts[-1] if len(parts) == 1 else type(parts[-1])(
                "".join(p.lemma for p in parts), parts[-1].tags)
            for fake_lex, opt in fake_targets.get(r.lemma.casefold(), ()):
                if _tags(opt)[:1] != [r.pos]:
                    continue             # found as another part of speech than this reading
                matched = True
                pos = _tags(fake_lex)[:1]
                for orig_lex in (x for x in originals if _tags(x)[:1] == pos):
                    alike = True
                    form = self._inflected(orig_lex, r)
                    if form is not None:
                        return self._engine_case(found, form, original)
        if matched and not alike:
            # the engine read the pseudonym in a part of speech the original has not ("Appeal"
            # as the verb "Apelar"): the original's own default translation.  (Not where the
            # original has it but no such form: "Santander" stands for "Windows", a name to
            # the engine too, which is no "Ventanas".)
            for orig_lex in originals:
                for option in self.translations(orig_lex):
                    form = self.generate(option)
                    if form is not None:
                        return self._engine_case(found, form, original)
                form = self._compound_form(orig_lex, readings[0][-1])
                if form is not None:
                    return self._engine_case(found, form, original)
        return None

    def restorable(self, pairs: Sequence[Tuple[str, str]]) -> bool:
        """Will restoration find each stand-in word's translation in the output and put the
        original word back in its form (``target_form``), whichever of its readings the
        engine takes?  ``pairs``: (stand-in word, original word), a composed stand-in's.
        Asked before it is sent: "Steep" for "Wide" came back "Empinado", a word the
        Spanish analyser lacks; "Tennis" for "Consortium" "Tenis", a noun of no number that
        "consorcio" has no form of; "Strip" for "Board" the noun "Tira", which the analyser
        reads only as the verb "tirar" (its verb reading, "desnudar", would have come back).
        Each stayed in the translation."""
        known = self._restorable
        todo = [p for p in dict.fromkeys(pairs) if p not in known]
        if todo:
            # what the answers need, asked of each process at once (one word at a time, the
            # round trips were a tenth of protection)
            self.prefetch([f for f, _ in todo], [o for _, o in todo])
            options = {f: [opt for ps in self._fake_targets(f, True).values() for _, opt in ps]
                       for f, _ in todo}
            self._generate_many([opt for opts in options.values() for opt in opts])
            found = {(f, opt): self._found_as(f, opt) for f, opts in options.items()
                     for opt in opts}
            self.warm(list(dict.fromkeys(found.values())))
            # (a few documents' worth: the pairs are mostly one name's)
            if len(known) > 20_000:
                known.clear()
            for fake, original in todo:
                known[(fake, original)] = bool(options[fake]) and all(
                    self.target_form(fake, found[(fake, opt)], original, True) is not None
                    for opt in options[fake])
        return all(known[p] for p in pairs)

    def _found_as(self, fake: str, option: str) -> str:
        """How the engine writes ``option`` (a translation of ``fake``) for ``fake``."""
        found = self.generate(option) or _lemma(option)
        return found[:1].upper() + found[1:] if fake[:1].isupper() else found


def _generated(out: str) -> Optional[str]:
    """The generator's answer as a word, or None where it could not make one."""
    out = out.strip()
    return None if (not out or any(c in out for c in "#@*^$/<>")) else out.lstrip("~")


def _never(found: str) -> bool:
    return False


def _always_analysable(found: str) -> bool:
    return analysable(found)


LEVEL_SEP = "\x1f"      # between the exact, main-reading and coarse views of ``views``

# Pairs whose engine keeps a noun phrase's words in their order ("Europeiska domstolen för
# de mänskliga rättigheterna" -> "Europæiske domstol for menneskelige retter"): a name of
# several words may be translated word for word.  (Not English-Spanish: "European Court"
# is "Tribunal Europeo".)
SAME_ORDER = {("sv", "da"), ("da", "sv"), ("sv", "nb"), ("nb", "sv"), ("da", "nb"),
              ("nb", "da"), ("nb", "nn"), ("nn", "nb")}
_NAME_WORD = re.compile(r"[^\W\d_]+(?:[-‑][^\W\d_]+)*")


def _main_reading(u: Unit) -> str:
    """A place or organisation name first, then an adjective ("German law": the engine reads
    an adjective before a noun), a noun, a person's name."""
    return _main_of(_lexical(u))


def _main_rank(lex: str) -> int:
    tags = _tags(lex)
    if tags[:1] == ["np"]:
        return 3 if tags[1:2] in (["ant"], ["cog"]) else 0
    return {"adj": 1, "n": 2}.get(tags[0] if tags else "", 4)


def _main_of(lexical: List[str]) -> str:
    """``_main_reading`` of a unit's lexical forms."""
    return min(lexical, key=_main_rank) if lexical else ""


def _joined(lexical: str) -> str:
    """"+" for a compound or joined unit ("Lin+köping", "Court+'s"): the engine translates
    its parts one by one."""
    return "+" if "+" in lexical else ""


def _renamed(source: str, target: str) -> str:
    """"~" when the engine renames a proper noun ("Jackson" -> "Jakkesøn", "Göteborg" ->
    "Gøteborg") or changes a word's part of speech ("Sherry" -> the place "Jerez"): no
    stand-in for a word it keeps, and restoration could not follow it."""
    if not target:
        return ""
    if _tags(source)[:1] == ["np"] and _lemma(target).casefold() != _lemma(source).casefold():
        return "~"
    if _tags(source)[:1] != _tags(target)[:1]:
        return "~"
    return ""


def _several(lexical: str) -> str:
    """"#" when the translation is several words ("Newcomer" -> "recién llegado"): word
    for word, restoration could not find it again."""
    lemma = _lemma(lexical)
    return "#" if "#" in lemma or " " in lemma else ""


def _lexical(u: Unit) -> List[str]:
    """A unit's readings as lexical forms ("Court<n><sg>"), joined parts kept together."""
    return [_lexical_form(parts[0]) if len(parts) == 1 else
            "+".join(_lexical_form(r) for r in parts) for parts in u.readings]


def _lexical_form(r) -> str:
    """One reading's lexical form: its lemma and its tags ("Court<n><sg>")."""
    return r.lemma + "<" + "><".join(r.tags) + ">" if r.tags else r.lemma


def _compound_parts(lexical: str) -> List[str]:
    """A compound's parts ("djur<n><cmp>+skydd<n><cmp>+organisation<n>..."), or [] for a
    single word or a joined unit that is no compound ("Court<n>+'s<gen>")."""
    parts = lexical.split("+")
    if len(parts) < 2 or any("cmp" not in _tags(p) for p in parts[:-1]):
        return []
    return parts


def _tags(lexical: str) -> List[str]:
    return _TAGS.findall(lexical.split("+")[0])


def _lemma(lexical: str) -> str:
    return lexical.split("<", 1)[0]


def _tag_string(lexical: str) -> str:
    return "".join(f"<{t}>" for t in _TAGS.findall(lexical))


# A reading of a person's given name or surname.
_PERSON_READING = re.compile(r"<np><(?:ant|cog)>")
# Articles of the languages served, that the engine may write before a name alone.
_ARTICLES = {"the", "a", "an", "el", "la", "los", "las", "un", "una", "le", "les", "l'", "il",
             "lo", "gli", "o", "os", "as", "der", "die", "das", "den", "det", "de", "en", "ett",
             "et"}


def _case_like(model: str, text: str) -> str:
    """``text`` in ``model``'s case: all capitals, capitalised, or in lower case.  A form
    generated in capitals (from an acronym's lemma) beside a word in lower case is in lower
    case whole: "regazo" for "LAP", not "rEGAZO"; beside a capitalised one it stays as it
    is ("ICC")."""
    if model.isupper() and len(model) > 1:
        return text.upper()
    if model[:1].islower() and text.isupper() and len(text) > 1:
        return text.lower()
    if model[:1].isupper():
        return text[:1].upper() + text[1:]
    if model[:1].islower():
        return text[:1].lower() + text[1:]
    return text


def views_cache_dir() -> Optional[str]:
    """Where ``PairLexicon.stored_views`` keeps its files: ``DOPPEL_CACHE_DIR`` (``off``:
    nowhere), else the user's cache (``XDG_CACHE_HOME``, ``~/.cache``) ``/doppel``; under
    it, ``engine-views``."""
    root = os.environ.get("DOPPEL_CACHE_DIR")
    if root is not None and root.strip().lower() in ("", "off", "none"):
        return None
    if not root:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"),
                                                                ".cache")
        root = os.path.join(base, "doppel")
    return os.path.join(root, "engine-views")


def _morphology_file() -> str:
    from transforms.nlp import apertium_morphology
    return apertium_morphology.__file__


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
    """The local Apertium engine and Apertium's own server (APy): the same dictionaries."""
    return engine == "apertium" or engine.startswith("apertium-") or engine == "apy"
