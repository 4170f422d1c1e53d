"""The cheaper paths of choosing pseudonyms give the answers of the plain ones they replace:
each shortcut is compared with the code it replaced (kept here as the oracle) on varied
inputs, random and from the MultiLeg corpus.  Results only, never timings."""
from __future__ import annotations

import glob
import json
import os
import random

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


# -- the forms a pseudonym takes, kept per mention ------------------------------------------
_MENTIONS = ["the Commission", "Commission's", "COMMISSION", "commission", "Mr. Smith",
             "Dr Smith's", "Smith", "J. Smith", "P. J. Smith", "the EU", "EU", "Kaja Kallas",
             "Kallase", "KAJA KALLAS", "Tallinnas", "Court of Justice", "court’s", "X"]


def _plain_choose_form(p, mention_text, features=None):
    """``DictPseudonym.choose_form`` as first written (made afresh for every mention)."""
    from transforms.dictionary.select import need_of
    from transforms.linking import POSSESSIVE, TITLES, fold
    from transforms.pseudonyms.dictionary_entry import _INITIAL
    from transforms.pseudonyms.surface import _possessive, apply_case, lower_like
    form = p.selector.form(p.entry, need_of(features or {}))
    last_by_analogy = form is not None and form.count < 0
    base = form.form if form is not None else p.entry.lemma
    words = POSSESSIVE.sub("", mention_text).split()
    titles = []
    while words and fold(words[0]).rstrip(".") in TITLES:
        titles.append(words.pop(0))
    fake = base.split()
    if words and len(words) < len(p.canonical_words) and len(fake) > len(words):
        k = len(words)
        first = [fold(w) for w in words] == p.canonical_words[:k]
        fake = fake[:k] if first else fake[-k:]
    if len(fake) == len(words):
        fake = [p.initial(w, f) if _INITIAL.match(w) else f for f, w in zip(fake, words)]
    body = lower_like(" ".join(words), apply_case(" ".join(words) or base, " ".join(fake)))
    suffix = _possessive(mention_text)
    if suffix and _possessive(body):
        suffix = ""
    return (" ".join(titles + [body]) + suffix,
            (form.features if form is not None else None)), last_by_analogy


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_dictionary_forms_kept_as_made_afresh(lang):
    from transforms.dictionary.store import load_default
    from transforms.pseudonyms.dictionary_entry import DictPseudonym, _selector
    d = load_default(lang)
    if d is None:
        pytest.skip(f"no {lang} dictionary")
    sel = _selector(d)
    rng = random.Random(lang)
    feats = [None, {}, {"Case": "Nom"}, {"Case": "Gen"}, {"Number": "Plur"},
             {"Case": "Nom", "Number": "Sing"}, {"Case": "Ela", "Number": "Sing"},
             {"Definite": "Def", "Number": "Sing"}, {"upos": "PROPN"}]
    entries = [e for c in ("PER", "ORG", "LOC") for e in d.entries.get(c, [])]
    for e in rng.sample(entries, min(60, len(entries))):
        canonical = rng.choice(_MENTIONS)
        kept = DictPseudonym(e, canonical, sel)
        asked = [(rng.choice(_MENTIONS + [e.lemma]), rng.choice(feats)) for _ in range(30)]
        for text, f in asked + asked[::-1]:
            want, by_analogy = _plain_choose_form(kept, text, f)
            assert kept.choose_form(text, f) == want
            assert kept.last_by_analogy == by_analogy
            assert kept.form_for(text, f) == want[0]


def test_plain_forms_kept_as_made_afresh():
    from transforms.pseudonyms.kinds import Plain
    from transforms.pseudonyms.surface import _possessive, apply_case
    rng = random.Random(8)
    for text in ["Nordbank", "Anna Berg", "ACME GmbH", "the Tendency", "KQ", "Linköping"]:
        for keep in (False, True):
            p = Plain(text, keep_case=keep)
            for m in [rng.choice(_MENTIONS) for _ in range(60)]:
                want = text if keep else apply_case(m, p.text) + _possessive(m)
                assert p.form_for(m, {}) == want
            p.text = text.upper()      # a changed text is not answered from the old one
            for m in _MENTIONS:
                want = p.text if keep else apply_case(m, p.text) + _possessive(m)
                assert p.form_for(m) == want


# -- _Looks.view_level and prefs -------------------------------------------------------------
def _fake_views(seed):
    """A deterministic engine view per text: three levels from a few readings, some of them
    of a compound or a renamed name (level 4)."""
    def views(texts):
        out = {}
        for t in texts:
            rng = random.Random(f"{seed}\x1f{t}")
            out[t] = "\x1f".join(rng.choice(["<np>", "<n><f>", "<np>+<n>", "<adj>", "*",
                                              "<np>~", "<n><m>"]) for _ in range(3))
        return out
    return views


def _plain_view_level(looks, e):
    """``_Looks.view_level`` as first written."""
    f = looks._form(e)
    other = 3 if len(f.form.split()) != looks._words else 0
    if looks._view is not None:
        level = looks._levels.get(f.form)
        if level is None:
            theirs = looks.views([f.form])[f.form].split("\x1f")
            if any(c in theirs[0] for c in "+~#"):
                level = 4
            else:
                level = next((i for i, (a, b) in enumerate(zip(looks._view.split("\x1f"),
                                                                theirs)) if a == b), 3)
        return level if level == 4 else max(level, other)
    return other or (0 if looks.analysis and f.features.get("analysis") == looks.analysis
                     else 3)


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_view_levels_and_preferences_as_plain(lang):
    from schemas.records import Mention
    from transforms.dictionary.select import _entry_shape, _Looks
    from transforms.dictionary.store import load_default
    d = load_default(lang)
    rng = random.Random(lang)
    entries = [e for c in ("PER", "ORG", "LOC") for e in d.entries.get(c, [])]
    entries += rng.sample(d.entries.get("WORD", []), 200)
    for k, text in enumerate(_MENTIONS):
        for views in (_fake_views(k), None):
            feats = rng.choice([{}, {"upos": "PROPN", "class": "organisation",
                                     "analysis": "np"}, {"upos": "NOUN", "shape": "A"}])
            looks = _Looks([Mention(segment=0, start=0, end=len(text), text=text,
                                    category="ORG", features=feats)], text, views, "ORG")
            for e in entries:
                want = _plain_view_level(looks, e)
                assert looks.view_level(e) == want
                kind = looks.klass
                same_kind = 0 if not kind or kind in e.classes else (
                    1 if kind.split(":")[0] in {c.split(":")[0] for c in e.classes} else 2)
                same_pos = int(bool(looks.upos and e.upos and e.upos != looks.upos))
                tokens = int(len(looks._form(e).form.split()) != looks._words)
                assert looks.prefs(e) == (want, same_kind, tokens, same_pos,
                                          int(_entry_shape(e) != looks.shape))


# -- Selector._lookup -------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "sv", "da"])
def test_entry_forms_looked_up_as_plain(lang):
    from transforms.dictionary.select import MATCH_KEYS, Selector, best_form, need_of
    from transforms.dictionary.store import load_default
    d = load_default(lang)
    sel = Selector(d)
    rng = random.Random(lang)
    values = {"Case": ["Nom", "Gen", "Acc"], "Number": ["Sing", "Plur"],
              "Definite": ["Def", "Ind"], "Poss": ["Yes"], "Animacy": ["Anim"]}
    needs = [{}] + [{k: rng.choice(values.get(k, ["x"])) for k in rng.sample(MATCH_KEYS, n)}
                    for n in (1, 1, 2, 2, 3) for _ in range(6)]
    needs = [need_of(n) for n in needs]
    entries = [e for es in d.entries.values() for e in es]
    for e in rng.sample(entries, 600):
        for need in rng.sample(needs, 12) * 2:
            exact = next((f for f in e.forms if need_of(f.features) == need), None)
            want = exact if exact is not None else best_form(e, need, d.morphology)
            assert sel._lookup(e, need) is want
            assert sel._own(e, need) == (want is not None)


# -- Selector._ranking's preferences --------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "sv"])
def test_ranking_preferences_as_plain(lang):
    from schemas.records import Mention
    from transforms.dictionary.select import _ending, _entry_gender, _Looks
    from transforms.dictionary.store import load_default
    from transforms.pseudonyms.dictionary_entry import _selector
    d = load_default(lang)
    sel = _selector(d)
    rng = random.Random(lang)
    entries = [e for c in ("PER", "ORG", "LOC") for e in d.entries.get(c, [])]
    entries += rng.sample(d.entries.get("WORD", []), 100)
    for k, text in enumerate(_MENTIONS):
        looks = _Looks([Mention(segment=0, start=0, end=len(text), text=text, category="PER",
                                features=rng.choice([{}, {"class": "given:x", "upos": "X"}]))],
                       text, rng.choice([_fake_views(k), None]), "PER")
        for tokens, gender, end in ((1, "", "es"), (2, "Fem", "a"), (3, "Masc", ""),
                                    (2, "", "on")):
            extra = rng.choice([None, lambda e: (len(e.classes),)])
            prefs = sel._ranking(entries, tokens, gender, end, looks, extra)._prefs
            for e in entries:
                eg = _entry_gender(e, sel.gender_of) if gender else ""
                words = e.lemma.split()
                want = (extra(e) if extra else ()) + looks.prefs(e) + (
                    int(e.tokens != tokens), int(bool(gender and eg and eg != gender)),
                    0 if words and _ending(words[-1]) == end else
                    (1 if words and words[-1][-1:].casefold() == end[-1:] else 2))
                assert prefs(e) == want
