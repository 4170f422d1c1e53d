"""Every UD treebank in DOPPEL_CORPORA/ud/<lang>/ read as a stanza.Document and through the
adapter reproduces its words, lemmas, feats and heads, checked against an independent plain
parse of the CoNLL-U columns (no Stanza involved), and its surface tokens sit at their offsets.

Run ``python tests/test_nlp_conllu_corpus.py`` for the per-language count table."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from transforms.nlp.conllu import read_annotated  # noqa: E402

CORPORA = Path(os.environ.get("DOPPEL_CORPORA", ROOT.parent / "shared" / "corpora"))
UD = CORPORA / "ud"
LANGS = ["en", "lv", "lt", "pl", "et", "es", "hr"]


def _unescape_spaces(value: str) -> str:
    out, i = [], 0
    table = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "p": "|", "\\": "\\"}
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value):
            out.append(table.get(value[i + 1], value[i + 1])); i += 2
        else:
            out.append(value[i]); i += 1
    return "".join(out)


def _space_after(misc: str) -> str:
    for part in misc.split("|"):
        if part == "SpaceAfter=No":
            return ""
        if part.startswith("SpacesAfter="):
            return _unescape_spaces(part[len("SpacesAfter="):])
    return None


def plain_parse(path: Path):
    """Independent reading of CoNLL-U: words (int ids) and surface units with spacing."""
    words, surface = [], []        # words: (sent, id, form, lemma, upos, feats, head, deprel)
    sent = -1
    in_sentence = False
    covered_until = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            in_sentence = False
            continue
        if line.startswith("#"):
            continue
        if not in_sentence:
            sent += 1; in_sentence = True; covered_until = 0
        cols = line.split("\t")
        wid = cols[0]
        if "." in wid:
            continue
        if "-" in wid:
            a, b = (int(x) for x in wid.split("-"))
            surface.append([cols[1], _space_after(cols[9]), b])
            covered_until = b
            continue
        i = int(wid)
        lemma = cols[2] if (cols[2] != "_" or cols[1] == "_") else ""
        feats = {} if cols[5] == "_" else dict(p.split("=", 1) for p in cols[5].split("|"))
        words.append((sent, i, cols[1], lemma, cols[3] if cols[3] != "_" else "", feats,
                      int(cols[6]) if cols[6] != "_" else -1, cols[7] if cols[7] != "_" else ""))
        if i > covered_until:
            surface.append([cols[1], _space_after(cols[9]), i])
        elif i == covered_until and surface[-1][1] is None:
            surface[-1][1] = _space_after(cols[9])   # SpaceAfter on the MWT's last word
    text = ""
    spans = []
    for k, (form, after, _) in enumerate(surface):
        spans.append((len(text), len(text) + len(form)))
        text += form
        if k < len(surface) - 1:
            text += " " if after is None else after
    return words, surface, spans, text


def check_file(path: Path):
    """Return counts; raise AssertionError with the first difference."""
    ann = read_annotated(str(path))
    words, surface, spans, text = plain_parse(path)
    got = [(t.sentence, t.id, t.text, t.lemma, t.upos, t.feats, t.head, t.deprel)
           for t in ann.tokens]
    assert len(got) == len(words), (path, len(got), len(words))
    for g, w in zip(got, words):
        assert g == w, (path, g, w)
    assert ann.text == text, path
    # every word's surface token is at its offsets, and MWT words lie inside their token
    tok_spans = sorted({(t.token_start, t.token_end) for t in ann.tokens})
    assert tok_spans == spans, path
    for t in ann.tokens:
        assert t.token_start <= t.start_char <= t.end_char <= t.token_end
        if not t.mwt:
            assert ann.text[t.start_char:t.end_char] == t.text, (path, t)
    mwt_tokens = len({(t.token_start, t.token_end) for t in ann.tokens if t.mwt})
    return dict(sentences=words[-1][0] + 1 if words else 0, words=len(words),
                tokens=len(spans), mwt_tokens=mwt_tokens,
                lemmas=sum(1 for w in words if w[3]), feats=sum(1 for w in words if w[5]),
                entities=len(ann.entities))


def _files(lang):
    d = UD / lang
    return sorted(d.glob("*.conllu")) if d.is_dir() else []


@pytest.mark.parametrize("lang", LANGS)
def test_treebank_roundtrip(lang):
    files = _files(lang)
    if not files:
        pytest.skip(f"no CoNLL-U corpus for {lang} under {UD} (set DOPPEL_CORPORA)")
    for f in files:
        counts = check_file(f)
        assert counts["words"] > 0


def test_estonian_gold_ner_read_from_misc():
    files = _files("et")
    if not files:
        pytest.skip(f"no Estonian EDT under {UD} (set DOPPEL_CORPORA)")
    ann = read_annotated(str(files[0]), lang="et")
    cats = {e.type for e in ann.entities}
    assert {"PER", "ORG", "LOC"} <= cats
    # entity starts counted independently: a B- tag, or an I- tag that does not continue an
    # entity of its type in the same sentence (the treebank has a few; they are kept, not lost)
    starts, prev = 0, None
    for line in files[0].read_text(encoding="utf-8").splitlines():
        if not line.strip():
            prev = None
            continue
        cols = line.split("\t")
        if line.startswith("#") or "." in cols[0] or "-" in cols[0]:
            continue
        tag = next((p[3:] for p in cols[9].split("|") if p.startswith("NE=")), None)
        if tag and (tag[0] == "B" or prev is None or prev[2:] != tag[2:]):
            starts += 1
        prev = tag
    assert len(ann.entities) == starts
    per = [e for e in ann.entities if e.type == "PER"]
    # the head of a multi-word person name is one of its words, inside the span
    for e in per:
        h = ann.tokens[e.head]
        assert e.start_char <= h.start_char and h.end_char <= e.end_char


if __name__ == "__main__":
    print("lang  file                        sent   words  tokens  mwt   lemmas  feats  ents")
    for lang in LANGS:
        for f in _files(lang):
            c = check_file(f)
            print(f"{lang:4}  {f.name:26} {c['sentences']:6} {c['words']:7} {c['tokens']:7} "
                  f"{c['mwt_tokens']:5} {c['lemmas']:7} {c['feats']:6} {c['entities']:5}")
