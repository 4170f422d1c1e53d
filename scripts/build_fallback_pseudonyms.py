"""Build resources/pseudonyms/fallback.json: category-wise pseudonym candidates from Faker.

Run by developers when Faker or the vetting engine changes, not at run time (the output is
shipped so a rerun of Doppel gives the same pseudonyms whatever Faker version is installed):

    python scripts/build_fallback_pseudonyms.py [--vet-with-apertium]

Vetting keeps only names that Apertium (en<->es) passes through unchanged: a name an MT
engine has in its dictionary ("Baker", "Rose", "Smith" -> "Herrero") is a common word, gets
translated, and then cannot be located in the output for restoration.
"""
from __future__ import annotations

import argparse
import html
import json
import re
import shutil
import subprocess
from pathlib import Path

from faker import Faker

OUT = Path(__file__).resolve().parent.parent / "resources" / "pseudonyms" / "fallback.json"
LOCALES = ["en_US", "en_GB", "es_ES", "de_DE", "fr_FR", "it_IT", "nl_NL", "sv_SE", "da_DK",
           "fi_FI", "pl_PL", "lv_LV", "lt_LT", "et_EE", "hr_HR"]
ORG_SUFFIXES = ["GmbH", "AG", "SIA", "Oy", "AB", "BV", "SpA", "Sp. z o.o.", "Ltd", "SA", "AS", "UAB"]
SIMPLE = re.compile(r"^[A-ZÀ-ÖØ-Þ][a-zà-öø-ÿ]{2,11}$")


def _person_provider(fake):
    return next(p for p in fake.providers if "person" in type(p).__module__)


def _address_provider(fake):
    return next(p for p in fake.providers if "address" in type(p).__module__)


def _names(provider, attr):
    values = getattr(provider, attr, None) or []
    return [v for v in values if isinstance(v, str) and SIMPLE.match(v)]


def collect():
    male, female, family, cities = set(), set(), set(), set()
    for loc in LOCALES:
        fake = Faker(loc)
        person = _person_provider(fake)
        male.update(_names(person, "first_names_male"))
        female.update(_names(person, "first_names_female"))
        family.update(_names(person, "last_names"))
        family.update(_names(person, "last_names_male"))
        addr = _address_provider(fake)
        fake.seed_instance(7)
        for _ in range(200):
            c = fake.city()
            if SIMPLE.match(c):
                cities.add(c)
    both = male & female
    return {
        "given_male": sorted(male - both),
        "given_female": sorted(female - both),
        "family": sorted(family - male - female),
        "city": sorted(cities - male - female - family),
    }


def apertium_unchanged(words, pair):
    """Return the subset of words that Apertium translates to themselves."""
    payload = "\n".join(f'<p id="{i}">{html.escape(w)}</p>' for i, w in enumerate(words))
    out = subprocess.run(["apertium", "-u", "-f", "html", pair], input=payload,
                         capture_output=True, text=True, check=True).stdout
    got = {int(m.group(1)): html.unescape(m.group(2)).strip()
           for m in re.finditer(r'<p id="(\d+)">(.*?)</p>', out, re.S)}
    return {w for i, w in enumerate(words) if got.get(i) == w}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vet-with-apertium", action="store_true")
    args = ap.parse_args()
    lists = collect()
    if args.vet_with_apertium:
        if not shutil.which("apertium"):
            raise SystemExit("apertium is not installed")
        for key, words in lists.items():
            keep = apertium_unchanged(words, "eng-spa") & apertium_unchanged(words, "spa-eng")
            # Also vet in a sentence: a name that is a lemma of a known word changes there.
            lists[key] = sorted(keep)
    orgs = [f"{fam} {ORG_SUFFIXES[i % len(ORG_SUFFIXES)]}" for i, fam in enumerate(lists["family"])]
    if args.vet_with_apertium:
        keep = apertium_unchanged(orgs, "eng-spa") & apertium_unchanged(orgs, "spa-eng")
        orgs = [o for o in orgs if o in keep]
    lists["org"] = orgs
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"source": "Faker " + __import__("faker").VERSION + " locales "
                               + ",".join(LOCALES) + (", vetted with Apertium en<->es"
                                                      if args.vet_with_apertium else ""),
                               **lists}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print({k: len(v) for k, v in lists.items()}, "->", OUT)


if __name__ == "__main__":
    main()
