"""The cheaper paths of choosing pseudonyms give the answers of the plain ones they replace:
each shortcut is compared with the code it replaced (kept here as the oracle) on varied
inputs, random and from the MultiLeg corpus.  Results only, never timings."""
from __future__ import annotations

import glob
import json
import os
import random
import re

import pytest

CORPORA = os.environ.get("DOPPEL_CORPORA", os.path.join(os.path.dirname(__file__), "..", "..",
                                                        "shared", "corpora"))
MULTILEG = os.path.join(CORPORA, "multileg", "train")


def _multileg_entities(lang: str = "en", limit: int = 50):
    out = []
    for path in sorted(glob.glob(os.path.join(MULTILEG, lang, "*.jsonl")))[:limit]:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    rec = json.loads(line)
                    out += [rec["text"][s:e] for s, e, *_ in rec.get("label") or []]
    return out


# -- apertium_lexicon._lexical -------------------------------------------------------------
def test_lexical_forms_as_plain():
    from transforms.engines.apertium_lexicon import _lexical
    from transforms.nlp.apertium_morphology import Reading, Unit, parse_units
    rng = random.Random(3)
    tags = ["n", "np", "ant", "cog", "sg", "pl", "f", "m", "gen", "cmp", "adj", "acr", ""]
    units = []
    for _ in range(2000):
        readings = tuple(
            tuple(Reading(rng.choice(["Court", "'s", "köping", "EU", "", "a b"]),
                          tuple(rng.sample(tags, rng.randint(0, 4))))
                  for _ in range(rng.randint(0, 3)))
            for _ in range(rng.randint(0, 3)))
        units.append(Unit("x", readings))
    units += parse_units("^Court's/Court<n><sg>+'s<gen>/court<vblex><inf>$ ^EU/EU<np><acr>$ "
                         "^Xq/*Xq$")
    for u in units:
        assert _lexical(u) == ["+".join(r.lemma + "".join(f"<{t}>" for t in r.tags)
                                        for r in parts) for parts in u.readings]
