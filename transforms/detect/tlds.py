"""Top-level domains, for telling a host written without a scheme ("curia.europa.eu") from a
word that merely contains a dot.

The list is the set of last labels of the Public Suffix List (Mozilla, publicsuffix.org;
kept current by its maintainers and by IANA's root zone) as shipped inside ``pymongo``,
which apache-beam requires, so it is always installed with the pipeline.  When it cannot be
read, a short list of the TLDs seen in EU legal and administrative text is used instead.
"""
from __future__ import annotations

import functools
from typing import FrozenSet

# Used only when the Public Suffix List cannot be read.
_FALLBACK = frozenset(
    "com org net edu gov int mil eu info biz name pro io co me tv ws app dev online site "
    "ac ad ae al am at ba be bg by ca ch cn cy cz de dk ee es fi fo fr ge gi gr hr hu ie im "
    "in is it jp kr kz li lt lu lv mc md me mk mt nl no nz pl pt ro rs ru se si sk sm su tr "
    "ua uk us va xk za".split())


@functools.lru_cache(maxsize=1)
def top_level_domains() -> FrozenSet[str]:
    """Every top-level domain, lower case (IDN TLDs in Unicode, as the list writes them)."""
    try:
        # the package's directory found without importing it: importing pymongo for one data
        # file cost 0.2 s of CPU in every process (each of evaluate's worker processes too)
        import importlib.util
        import os
        spec = importlib.util.find_spec("pymongo")
        with open(os.path.join(spec.submodule_search_locations[0], "public_suffix_list.dat"),
                  encoding="utf-8") as f:
            text = f.read()
    except Exception:
        return _FALLBACK
    out = set()
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("//"):
            continue
        out.add(line.split()[0].lstrip("!*.").rsplit(".", 1)[-1].lower())
    out.discard("")
    return frozenset(out) if len(out) > 200 else _FALLBACK
