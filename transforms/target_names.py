"""Established target-language names of places and institutions (pure look-up, offline).

Restoration puts an original back in the target language when the name has an established
translation: "Poland" -> "Polonia", "the European Commission" -> "la Comisión Europea".  Two
sources, both local — the original is only looked up on this machine, never sent anywhere:

1. ``resources/names/<src>-<tgt>.json``: a small hand-written table of EU institutions, courts
   and international bodies (multi-word names a morphological dictionary does not hold);
2. Apertium's own dictionaries, when installed: the name is analysed with the source
   analyser (``lt-proc``), accepted only when **every** reading is a proper noun (so a company
   called "Baltic Timber SIA" or a person's name is never translated), looked up in the
   bilingual dictionary and generated in the target language.

Persons are never translated.  Unknown names come back as the original string.
"""
from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import threading
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from transforms.linking import fold

TRANSLATABLE = ("LOC", "GPE", "NATIONALITY", "ORG")
# The categories whose name ``target_name`` also asks the pair's dictionary about: an
# organisation only as a place ("the United Kingdom" as a party: "Reino Unido").
LOOKED_UP = ("LOC", "GPE", "NATIONALITY", "ORG")
APERTIUM_DIRS = ("/usr/share/apertium", "/usr/local/share/apertium")
# Apertium's names of the languages Doppel serves ("swe-dan" is the Swedish-Danish pair).
ISO3 = {"en": "eng", "es": "spa", "sv": "swe", "da": "dan", "ca": "cat", "fr": "fra",
        "pt": "por", "it": "ita", "nb": "nob", "nn": "nno", "de": "deu"}


@functools.lru_cache(maxsize=None)
def _table(source: str, target: str) -> Dict[str, str]:
    try:
        from importlib.resources import files
        path = files("resources").joinpath(f"names/{source}-{target}.json")
        data = json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, ModuleNotFoundError, OSError, ValueError):
        data = {}
        try:
            from importlib.resources import files
            rev = json.loads(files("resources").joinpath(f"names/{target}-{source}.json")
                             .read_text(encoding="utf-8"))
            data = {"names": {v: k for k, v in rev.get("names", {}).items()}}
        except (FileNotFoundError, ModuleNotFoundError, OSError, ValueError):
            pass
    return {fold(k): v for k, v in data.get("names", {}).items()}


# Bytes written without a writer thread: well under a pipe's capacity (64 KiB on Linux; 4 KiB
# is the least POSIX allows for an atomic write, and pipes hold at least that), so the write
# returns before the answers are read even if lt-proc has not read a byte yet.
SMALL_WRITE = 4096


class _LtProc:
    """A long-lived ``lt-proc -z`` process: one request at a time, NUL-flushed."""

    def __init__(self, args):
        self.proc = subprocess.Popen(["lt-proc", "-z", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.lock = threading.Lock()

    def __call__(self, text: str, timeout: float = 10.0) -> str:
        """``text`` followed by an empty superblank (lt-proc waits for what follows the last
        unit otherwise) and a NUL; the answer without them."""
        with self.lock:
            self._alive()
            self.proc.stdin.write(text.encode("utf-8") + b"[]\0")
            self.proc.stdin.flush()
            return self._answers(1, timeout)[0]

    def many(self, texts: Sequence[str], timeout: float = 60.0) -> List[str]:
        """``self(text)`` for each text, in one round trip: written by a thread while the
        answers are read (each NUL-flushed unit is analysed on its own, as alone)."""
        if not texts:
            return []
        data = b"".join(t.encode("utf-8") + b"[]\0" for t in texts)
        with self.lock:
            self._alive()
            if len(data) <= SMALL_WRITE:
                # all of it fits in the empty pipe: written at once, no thread (starting
                # one per call cost the worker's main thread 4.5 s of 200 documents)
                self.proc.stdin.write(data)
                self.proc.stdin.flush()
                return self._answers(len(texts), timeout)
            failed: List[BaseException] = []

            def write():
                try:
                    self.proc.stdin.write(data)
                    self.proc.stdin.flush()
                except OSError as exc:
                    failed.append(exc)

            writer = threading.Thread(target=write, daemon=True)
            writer.start()
            answers = self._answers(len(texts), timeout)
            writer.join()
            if failed:
                raise OSError(f"lt-proc: {failed[0]}")
            return answers

    def _alive(self) -> None:
        if self.proc.poll() is not None:
            raise OSError("lt-proc ended")

    def _answers(self, n: int, timeout: float) -> List[str]:
        """The next ``n`` NUL-terminated answers, without their empty superblanks."""
        import select
        out, answered = bytearray(), 0
        while answered < n:
            ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
            if not ready:
                self.proc.kill()
                raise OSError("lt-proc did not answer")
            chunk = self.proc.stdout.read1(65536)
            if not chunk:
                raise OSError("lt-proc ended")
            out += chunk
            answered += chunk.count(b"\0")
        return [a.decode("utf-8", "replace").replace("[]", "")
                for a in bytes(out).split(b"\0")[:n]]


def _proper(reading: str) -> bool:
    """An analyser reading ("Lane<np><ant><f><sg>") of a proper noun."""
    return reading.partition("<")[2].startswith("np>")


_UNIT = re.compile(r"\^(.*?)\$")
_SPECIAL = re.compile(r"[\^$/<>\[\]{}\\@*#\0]")


def _common_units(units: List[str]) -> bool:
    """Some reading of some unit is not a proper noun (unknown words, "*", do not count)."""
    return any(not _proper(r) for u in units for r in u.split("/")[1:] if not r.startswith("*"))


_ANALYSED_MAX = 5_000       # texts whose analysis ApertiumNames keeps (about a document's names)


class ApertiumNames:
    def __init__(self, source: str, target: str):
        pair = f"{ISO3.get(source, source)}-{ISO3.get(target, target)}"
        base = next((os.path.join(d, f"apertium-{p}") for d in APERTIUM_DIRS
                     for p in (pair, "-".join(reversed(pair.split("-"))))
                     if os.path.isfile(os.path.join(d, f"apertium-{p}", f"{pair}.autobil.bin"))),
                    None)
        if base is None:
            raise OSError(f"no Apertium {pair} dictionaries")
        self.analyse = _LtProc(["-a", os.path.join(base, f"{pair}.automorf.bin")])
        self.bilingual = _LtProc(["-b", os.path.join(base, f"{pair}.autobil.bin")])
        self.generate = _LtProc(["-g", os.path.join(base, f"{pair}.autogen.bin")])
        # the analyser's answers, kept: ``lookup`` asks about a name as a noun and then as an
        # adjective, ``target_name`` about a name in each category, ``prefetch`` ahead
        self._analysed: Dict[str, List[str]] = {}

    @staticmethod
    def _analysable(text: str) -> bool:
        """Text the analyser can be given: none of the stream format's special characters."""
        return bool(text) and _SPECIAL.search(text) is None

    def _units(self, text: str) -> List[str]:
        """The source analyser's lexical units for ``text`` ("surface/reading/..."); none
        for text holding the stream format's own special characters."""
        if not self._analysable(text):
            return []
        hit = self._analysed.get(text)
        if hit is None:
            hit = _UNIT.findall(self.analyse(text))
            self._keep({text: hit})
        return hit

    def prefetch(self, texts: Iterable[str]) -> None:
        """The analyser asked about ``texts`` in one round trip (each analysed on its own, as
        alone), its answers kept for ``_units``."""
        todo = [t for t in dict.fromkeys(texts)
                if self._analysable(t) and t not in self._analysed]
        if todo:
            self._keep({t: _UNIT.findall(a) for t, a in zip(todo, self.analyse.many(todo))})

    def _keep(self, answers: Dict[str, List[str]]) -> None:
        if len(self._analysed) + len(answers) > _ANALYSED_MAX:
            self._analysed.clear()
        self._analysed.update(answers)

    def common(self, word: str) -> bool:
        """Does the source dictionary know ``word`` as anything but a proper noun?"""
        return _common_units(self._units(word))

    def common_many(self, words: Sequence[str]) -> Dict[str, bool]:
        """``common`` for many words, with one round trip to the analyser."""
        asked = [w for w in words if self._analysable(w)]
        out = {w: False for w in words}
        for w, answer in zip(asked, self.analyse.many(asked)):
            out[w] = _common_units(_UNIT.findall(answer))
        return out

    def lookup(self, name: str, adjective: bool = False, place: bool = False
               ) -> Optional[str]:
        """The pair's own translation of a proper noun, or with ``adjective`` of an
        adjective (a nationality: "österrikiska" -> "østrigske", in the form the source's
        reading has), generated in the target language; with ``place`` only of a name the
        dictionary has as a place's and nothing else."""
        units = self._units(name)
        if len(units) != 1:
            return None                       # more than one word the dictionary knows apart
        surface, *readings = units[0].split("/")
        if place and not (readings and all(
                _proper(r) and ("<loc>" in r or "<top>" in r) for r in readings)):
            return None
        if adjective:
            readings = [r for r in readings if r.partition("<")[2].startswith("adj>")]
        elif name.isupper() and len(name) > 1 and \
                any("<loc>" in r or "<top>" in r for r in readings):
            # a place in capitals that is also another word's spelling ("US", "us"): the
            # caller took it for a place
            readings = [r for r in readings if "<loc>" in r or "<top>" in r]
        elif not all(map(_proper, readings)):
            return None                       # unknown, or also a common word
        if surface != name or not readings:
            return None
        reading = next((r for r in readings if "<loc>" in r or "<top>" in r), readings[0])
        bil = re.findall(r"\^(.*?)\$", self.bilingual("^" + reading + "$"))
        if len(bil) != 1 or "/" not in bil[0]:
            return None
        target = bil[0].split("/")[1]
        if not target or target.startswith("@"):
            return None
        out = self.generate("^" + target + "$").strip()
        if not out or any(c in out for c in "#@*^$"):
            return None
        return out


_APERTIUM: Dict[tuple, Optional[ApertiumNames]] = {}
_LOCK = threading.Lock()


def _apertium(source: str, target: str) -> Optional[ApertiumNames]:
    key = (source, target)
    with _LOCK:
        if key not in _APERTIUM:
            try:
                _APERTIUM[key] = ApertiumNames(source, target)
            except OSError:
                _APERTIUM[key] = None
        return _APERTIUM[key]


_ARTICLE = re.compile(r"^(?:the)\s+", re.I)


def prefetch_names(names: Iterable[str], source: str, target: str) -> None:
    """What ``target_name`` will ask the pair's analyser about ``names`` (the name without its
    article), asked at once: one round trip, not one or two per name as they are reached."""
    if not source or not target or source == target:
        return
    apertium = _apertium(source, target)
    if apertium is None:
        return
    cores = []
    for name in names:
        bare = name.strip()
        article = _ARTICLE.match(bare)
        cores.append(bare[article.end():] if article else bare)
    try:
        apertium.prefetch(cores)
    except OSError:
        pass                 # asked one by one when reached


@functools.lru_cache(maxsize=20000)
def target_name(name: str, category: str, source: str, target: str) -> Optional[str]:
    """The established ``target``-language name of ``name``, or None.  Keeps ALL-CAPS."""
    if category not in TRANSLATABLE or not source or not target or source == target:
        return None
    bare = name.strip()
    article = _ARTICLE.match(bare)
    core = bare[article.end():] if article else bare
    table = _table(source, target)
    found = table.get(fold(bare))
    if found is not None:
        article = None            # the table's entry already says "la Comisión Europea"
    else:
        found = table.get(fold(core))
    if found is None and category in LOOKED_UP:
        names = _apertium(source, target)
        if names is not None:
            try:
                if category == "ORG":
                    # a state as a party or an actor ("require the United Kingdom to"):
                    # an organisation to the detector, a place to the dictionary
                    found = names.lookup(core, place=True)
                else:
                    # a place's adjective is a place too in MultiLeg ("österrikiska" LOC)
                    found = names.lookup(core) or names.lookup(core, adjective=True)
            except OSError:
                found = None
    if found is None or found == core:
        return None
    letters = [c for c in core if c.isalpha()]
    if len(letters) > 1 and all(c.isupper() for c in letters) and len(core.split()) > 1:
        found = found.upper()
    return found


# (source, target) -> word -> common_word's answer (a worker's pseudonym candidates: bounded)
_COMMON: Dict[Tuple[str, str], Dict[str, bool]] = {}
_COMMON_MAX = 200_000


def common_word(word: str, source: str, target: str) -> bool:
    """Would an engine translate ``word`` as an ordinary word?  True when the installed
    Apertium pair's source dictionary knows it as anything but a proper noun ("Lane": a
    noun, "camino" in Spanish; "Rose", "Young").  A pseudonym made of such words can come
    back translated and then cannot be found.  False when no dictionary is installed."""
    known = _COMMON.setdefault((source, target), {})
    answer = known.get(word)
    if answer is None:
        names = _names_for(source, target)
        try:
            answer = names is not None and names.common(word)
        except OSError:
            answer = False
        _remember(known, {word: answer})
    return answer


def check_common_words(words: Iterable[str], source: str, target: str) -> None:
    """``common_word`` for many words at once (one round trip to the analyser), answered
    from memory afterwards: a worker's fallback pseudonyms looked up one by one, as the
    chooser met them, cost 1,600 round trips (1.3 s of the worker's time) per 50 documents."""
    known = _COMMON.setdefault((source, target), {})
    names = _names_for(source, target)
    todo = sorted({w for w in words if w not in known})
    if names is None or not todo:
        return
    try:
        _remember(known, names.common_many(todo))
    except OSError:
        pass              # asked one by one when needed


def _names_for(source: str, target: str) -> Optional[ApertiumNames]:
    return _apertium(source, target) if source and target and source != target else None


def _remember(known: Dict[str, bool], answers: Dict[str, bool]) -> None:
    if len(known) + len(answers) > _COMMON_MAX:
        known.clear()
    known.update(answers)
