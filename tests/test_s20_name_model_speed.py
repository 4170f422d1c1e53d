"""The name model's items, made faster, are the features it was trained with: the words'
attributes kept per word (``_word_attributes``), tokenizations kept per text, and the
python-crfsuite items written as lists give exactly what the plain code gave (the oracles
below are that code as it was)."""
import glob
import json
import os
import shutil

import pytest

from transforms.detect import model
from transforms.detect.model import (_INITIAL, _SENT_END, _lexicons, _zipf_bucket,
                                     capitals_line, institution_head, shape, tokenize)

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "unlabelled")
TEXTS = [
    "The applicant, Mr Jānis Bērziņš, lodged an appeal with the Augstākā tiesa on 3 May 2019.",
    "TABLE OF CONTENTS",
    "In the Court of Justice of the European Union (CJEU), P. Bennett and O. van Assche spoke.",
    "Figure 1: the Director of Nursing of each facility — see the Annex. Crucially, nothing.",
    "",
    "Tribunal Supremo (Spain) and the Oberlandesgericht Düsseldorf (Germany) ruled.",
]


def _texts():
    out = list(TEXTS)
    for path in sorted(glob.glob(os.path.join(FIXTURES, "*.jsonl"))):
        with open(path, encoding="utf-8") as fh:
            out += [json.loads(line)["text"] for line in fh if line.strip()]
    return out


def _token_features_as_it_was(toks, lang, lower_words, cap_inside, rule_tags, classes=None):
    lex = _lexicons()
    caps_line = capitals_line(toks)
    base = []
    for k, (s, e, w) in enumerate(toks):
        low = w.lower()
        bare = low.rstrip(".")
        f = {
            "w": low, "shape": shape(w), "suf3": low[-3:], "suf2": low[-2:], "suf4": low[-4:],
            "pre3": low[:3], "len": min(len(w), 8),
            "title": w[:1].isupper(), "upper": w.isupper() and len(w) > 1,
            "initial": bool(_INITIAL.fullmatch(w)),
            "start": k == 0 or toks[k - 1][2] in _SENT_END,
            "zipf": _zipf_bucket(bare, lang),
            "doc_lower": low in lower_words, "doc_cap_inside": low in cap_inside,
            "caps_line": caps_line, "rule": rule_tags[k], "lang": lang,
        }
        for name in ("given", "family", "place", "title", "particle", "org", "loc", "common"):
            if bare in lex[name]:
                f["lex_" + name] = True
        if institution_head(bare, lang):
            f["org_head"] = True
        if classes is not None:
            for c in classes.get(w, ("na",) if not w[:1].isupper() else ("unknown",)):
                f["apt_" + c] = True
        f["rule_lang"] = f"{rule_tags[k]}|{lang}"
        f["cap_zipf"] = f"{f['title']}|{f['start']}|{f['zipf']}|{f['doc_lower']}"
        base.append(f)
    feats = []
    for k, f in enumerate(base):
        out = dict(f)
        for d in (-2, -1, 1, 2):
            j = k + d
            if 0 <= j < len(base):
                g = base[j]
                out[f"{d}:w"] = g["w"]
                out[f"{d}:shape"] = g["shape"]
                if g.get("org_head"):
                    out[f"{d}:org_head"] = True
                if abs(d) == 1:
                    out[f"{d}:rule"] = g["rule"]
                    out[f"{d}:title"] = g["title"]
                    for name in ("lex_given", "lex_family", "lex_title", "lex_org",
                                 "lex_particle", "apt_common", "apt_np_loc", "apt_np_ant",
                                 "apt_np_cog", "apt_np_org"):
                        if g.get(name):
                            out[f"{d}:{name}"] = True
            else:
                out[f"{d}:edge"] = True
        feats.append(out)
    return feats


def _as_crf_as_it_was(feats):
    out = []
    for f in feats:
        item = {}
        for key, v in f.items():
            if v is True:
                item[key] = 1.0
            elif v is False or v is None:
                continue
            else:
                item[f"{key}={v}"] = 1.0
        out.append(item)
    return out


@pytest.mark.parametrize("lang", ["en", "sv", "lv"])
@pytest.mark.parametrize("with_classes", [False, True])
def test_items_are_those_of_the_plain_code_attribute_order_included(lang, with_classes):
    if with_classes and shutil.which("lt-proc") is None:
        pytest.skip("Apertium is part of the set-up")
    texts = _texts()
    lower, cap_inside, classes = model.document_context(texts, lang)
    classes = classes if with_classes else None
    from transforms.detect.heuristic import HeuristicDetector
    rules = HeuristicDetector().rules(texts, lang)
    for _ in range(2):                  # the second time from the kept words
        for text, spans in zip(texts, rules):
            toks = tokenize(text)
            tags = model._rule_tags(toks, spans)
            old = _as_crf_as_it_was(_token_features_as_it_was(toks, lang, lower, cap_inside,
                                                               tags, classes))
            assert all(set(i.values()) <= {1.0} for i in old)   # a list's weights, 1.0
            got = model._crf_items(toks, lang, lower, cap_inside, tags, classes)
            assert got == [list(i) for i in old], text          # same names, same order
            assert all(len(set(i)) == len(i) for i in got)


def test_a_kept_tokenization_is_handed_out_anew():
    text = "Pfeifer & Langen stressed it."
    first = tokenize(text)
    first.pop()
    first[0] = (0, 0, "")
    assert tokenize(text) == [(0, 7, "Pfeifer"), (8, 9, "&"), (10, 16, "Langen"),
                              (17, 25, "stressed"), (26, 28, "it"), (28, 29, ".")]
