"""Faker's names: the fallback pools every name choice can draw from (pure).

Candidates come from ``resources/pseudonyms/fallback.json`` (Faker names vetted to pass MT
unchanged; built by ``scripts/build_fallback_pseudonyms.py``).  The pseudonym chooser picks
from them when a name has no dictionary entry; the dictionary selection
(``transforms.dictionary.select``) makes names from them when a document has used the
dictionary up; the dictionary build fills thin categories from them.  This module imports
neither: it is the bottom of those three.
"""
from __future__ import annotations

import functools
import json
import re
import threading
from typing import TYPE_CHECKING, Dict, List, Tuple

from schemas.records import Cluster
from transforms.linking import fold
from transforms.pseudonyms.keyed import keyed_int
from transforms.target_names import check_common_words

if TYPE_CHECKING:  # pragma: no cover
    from transforms.pseudonyms.chooser import PseudonymChooser

try:  # Python 3.9+: importlib.resources.files
    from importlib.resources import files as _res_files
except ImportError:  # pragma: no cover
    _res_files = None


@functools.lru_cache(maxsize=1)
def fallback_lists() -> Dict[str, List[str]]:
    path = _res_files("resources").joinpath("pseudonyms/fallback.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if isinstance(v, list)}


# The words of a candidate pseudonym that ``translatable`` is asked about.
_CANDIDATE_WORD = re.compile(r"[^\W\d_]{3,}")
_POOLS = ("given_female", "given_male", "family", "city", "org")


def check_fallback_words(source: str, target: str, wait: bool = True) -> None:
    """Look up every word of the fallback pseudonyms in the source dictionary at once, once
    per worker and language pair (``target_names.check_common_words``).  ``wait=False``
    starts it in the background: a worker's first document has its entities found while
    the analyser works (0.17 s, on the other core)."""
    with _CHECKS_LOCK:
        check = _CHECKS.get((source, target))
        if check is None:
            check = _CHECKS[(source, target)] = threading.Thread(
                target=_check_fallback_words, args=(source, target), daemon=True,
                name="doppel-fallback-words")
            check.start()
    if wait:
        check.join()


def _check_fallback_words(source: str, target: str) -> None:
    lists = fallback_lists()
    check_common_words({w for k in _POOLS for c in lists[k] for w in _CANDIDATE_WORD.findall(c)},
                       source, target)


_CHECKS: Dict[Tuple[str, str], threading.Thread] = {}
_CHECKS_LOCK = threading.Lock()


# -- picking from a pool -------------------------------------------------------------
def pick(ch: "PseudonymChooser", cluster: Cluster, pool: List[str], salt: str = "") -> str:
    """A whole pseudonym from ``pool``: a secret-keyed walk (start and stride keyed by the
    cluster) to the first candidate the chooser accepts and no engine would translate;
    taken (``ch.used``)."""
    start = keyed_int(ch.secret, ch.scope, cluster.category, cluster.key, salt)
    n = len(pool)
    step = 1 + keyed_int(ch.secret, "step", cluster.key, salt) % 97
    for i in range(n):
        cand = pool[(start + i * step) % n]
        if ch._acceptable(cand) and not ch._translatable(cand):
            ch.used.add(fold(cand))
            return cand
    raise RuntimeError(f"no acceptable {cluster.category} pseudonym left")


def pick_word(ch: "PseudonymChooser", cluster: Cluster, pool: List[str], salt: str) -> str:
    """One word of a pseudonym (a person's given or family name) from ``pool``: keyed start,
    stride 1; not taken here (the caller takes the whole name)."""
    start = keyed_int(ch.secret, ch.scope, cluster.category, cluster.key, salt)
    for i in range(len(pool)):
        cand = pool[(start + i) % len(pool)]
        if ch._acceptable(cand) and not ch._translatable(cand):
            return cand
    raise RuntimeError("pool exhausted")
