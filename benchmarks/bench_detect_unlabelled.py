"""Detection on unlabelled documents, scored the way ``shared/tools/check_unlabelled.py`` does.

    python -m benchmarks.bench_detect_unlabelled [--sets gum multileg edt] [--langs en lv ...]
        [--corpora DIR] [--detectors auto] [--examples N] [--check-with-tool]

What runs is what ``doppel detect`` runs on a document whose labels were stripped
(``pipelines.detect.annotated_lines``: detectors, propagation, linking), one document at a
time, default options.

Data: UD GUM dev+test (15 English genres; gold = named PER/ORG/LOC made by
``tools/gum2jsonl.py``), MultiLeg train per language (gold PER/ORG/LOC spans; the other gold
categories only matter for over-masking), and, with ``--sets edt``, UD Estonian-EDT dev+test:
news, fiction and science prose in a language with no Apertium pair here, its named-entity
layer (``NE=`` in MISC) as gold: Per -> PER, Org -> ORG, Loc and Gep (geopolitical) -> LOC,
products, events and the rest only for over-masking.  EDT's sources are whole newspaper
issues and books; they are cut into documents of ``EDT_SENTENCES`` sentences.  (GUM and EDT
are for measuring only: DESIGN.md section 6.)

Counts, as the shared tool defines them:
  * **recall** of a gold PER/ORG/LOC mention: found only when detected spans (any category)
    cover every word character of it, a leading "the" and honorifics excepted; mentions made
    only of generic words ("Court", "Company") are not counted;
  * **precision**: share of detected PER/ORG/LOC spans that touch any gold name;
  * **over-masked**: word characters covered by a detected span (any category) outside every
    gold span (any category), as a share of all word characters.

``--check-with-tool`` also runs the shared script on the same files and prints its last line,
so the two definitions can be seen to agree.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pipelines.detect import annotated_lines  # noqa: E402
from transforms.formats import read_document  # noqa: E402
from transforms.protect import DEFAULT_CATEGORIES, ProtectOptions  # noqa: E402

CATS = ("PER", "ORG", "LOC")
GOALS = {"PER": 0.97, "ORG": 0.95, "LOC": 0.95, "precision": 0.85, "over": 0.015}
# The shared tool's exceptions (honorifics and bare titles; generic defined terms).
SKIP = {'mr', 'ms', 'mrs', 'dr', 'herr', 'frau', 'prof', 'sir', 'madam', 'miss', 'the', 'st',
        'professor', 'president', 'secretary', 'governor', 'senator', 'minister', 'ambassador',
        'king', 'queen', 'prince', 'princess', 'general', 'captain', 'judge', 'justice', 'lord',
        'lady', 'emperor', 'mayor', 'solicitor', 'advocate', 'representative', 'special'}
GENERIC = {'company', 'university', 'court', 'customer', 'user', 'state', 'city', 'village',
           'house', 'committee', 'society', 'movement', 'inc', 'district', 'republic', 'agency',
           'party', 'parties', 'client', 'provider', 'god', 'defense', 'lodge'}
WORD = re.compile(r"\w+")


def corpora_dir(arg=None) -> Path:
    return Path(arg or os.environ.get("DOPPEL_CORPORA", ROOT.parent / "shared" / "corpora"))


@dataclass
class Score:
    gold: collections.Counter = field(default_factory=collections.Counter)
    hit: collections.Counter = field(default_factory=collections.Counter)
    pred: int = 0
    pred_ok: int = 0
    word_chars: int = 0
    over_chars: int = 0
    missed: list = field(default_factory=list)
    false: collections.Counter = field(default_factory=collections.Counter)

    def add(self, other: "Score"):
        self.gold.update(other.gold); self.hit.update(other.hit)
        self.pred += other.pred; self.pred_ok += other.pred_ok
        self.word_chars += other.word_chars; self.over_chars += other.over_chars
        self.missed += other.missed; self.false.update(other.false)

    def recall(self, cat=None):
        g = self.gold[cat] if cat else sum(self.gold.values())
        h = self.hit[cat] if cat else sum(self.hit.values())
        return h / g if g else float("nan")

    def precision(self):
        return self.pred_ok / self.pred if self.pred else float("nan")

    def over(self):
        return self.over_chars / self.word_chars if self.word_chars else float("nan")


def score_segment(text: str, gold: list, detected: list, sc: Score):
    cov = set()
    for lab in detected:
        cov.update(range(lab[0], lab[1]))
    gcov = set()
    for s, e, *_ in gold:
        gcov.update(range(s, e))
    for lab in detected:
        if lab[2] in CATS:
            sc.pred += 1
            if gcov & set(range(lab[0], lab[1])):
                sc.pred_ok += 1
            else:
                sc.false[text[lab[0]:lab[1]]] += 1
    for s, e, cat, *_ in gold:
        if cat not in CATS:
            continue
        words = [m.group().lower() for m in WORD.finditer(text[s:e])]
        if all(w in SKIP or w in GENERIC for w in words):
            continue
        need = set()
        for m in WORD.finditer(text[s:e]):
            if m.group().lower() not in SKIP:
                need.update(range(s + m.start(), s + m.end()))
        if not need:
            continue
        sc.gold[cat] += 1
        if need <= cov:
            sc.hit[cat] += 1
        else:
            sc.missed.append((cat, text[s:e], text))
    for m in WORD.finditer(text):
        sc.word_chars += m.end() - m.start()
        sc.over_chars += sum(1 for i in range(m.start(), m.end()) if i in cov and i not in gcov)


def detect_file(path: Path, lang: str, options: ProtectOptions, out_dir: Path = None):
    """(gold rows, detected label lists) of one document, its labels stripped first."""
    rows = [json.loads(l) for l in path.read_text(encoding="utf-8").splitlines() if l.strip()]
    stripped = "\n".join(json.dumps({"text": r["text"], "label": []}, ensure_ascii=False)
                         for r in rows).encode("utf-8")
    doc = read_document(path.name, str(path), stripped, lang, "")
    lines, _ = annotated_lines(doc, options)
    if out_dir is not None:
        (out_dir / path.name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return rows, [json.loads(l)["label"] for l in lines]


def gum_documents(corpora: Path, work: Path) -> dict:
    """Genre -> GUM documents as gold JSONL (made by the shared tool)."""
    tool = corpora.parent / "tools" / "gum2jsonl.py"
    gold = work / "gum-gold"
    gold.mkdir(parents=True, exist_ok=True)
    for part in ("dev", "test"):
        src = corpora / "ud" / "en" / f"en_gum-ud-{part}.conllu"
        subprocess.run([sys.executable, str(tool), str(src), str(gold)], check=True)
    by_genre = collections.defaultdict(list)
    for f in sorted(gold.glob("*.jsonl")):
        by_genre[f.stem.split("_")[1]].append(f)
    return by_genre


EDT_SENTENCES = 40
_EDT_CATS = {"Per": "PER", "Org": "ORG", "Loc": "LOC", "Gep": "LOC"}
_EDT_GENRES = {"aja": "news", "ilu": "fiction", "tea": "science", "arborest": "mixed"}


def edt_segment(block: str):
    """One EDT sentence (CoNLL-U block) -> {"text", "label"}: the sentence's text and its
    named entities as [start, end, category], each from its first to its last token."""
    text = re.search(r"^# text = (.*)$", block, re.M).group(1)
    spans, at, current = [], 0, None
    for line in block.splitlines():
        cols = line.split("\t")
        if len(cols) != 10 or not cols[0].isdigit():
            continue                        # comments, multiword ranges, empty nodes
        start = text.find(cols[1], at)
        if start < 0:
            continue                        # (a form the text writes otherwise)
        end = at = start + len(cols[1])
        ne = re.search(r"(?:^|\|)NE=([BI])-(\w+)", cols[9])
        if ne and ne.group(1) == "I" and current is not None and current[2] == ne.group(2):
            current[1] = end
            continue
        current = [start, end, ne.group(2)] if ne else None
        if current is not None:
            spans.append(current)
    return {"text": text, "label": [[s, e, _EDT_CATS.get(t, t.upper())] for s, e, t in spans]}


def edt_documents(corpora: Path, work: Path) -> dict:
    """Genre -> EDT dev+test as gold JSONL documents of ``EDT_SENTENCES`` sentences."""
    from transforms.dictionary.agreement import conllu_documents
    gold = work / "edt-gold"
    gold.mkdir(parents=True, exist_ok=True)
    by_genre = collections.defaultdict(list)
    for part in ("dev", "test"):
        src = (corpora / "ud" / "et" / f"et_edt-ud-{part}.conllu").read_text(encoding="utf-8")
        for name, conllu in conllu_documents(src, EDT_SENTENCES):
            rows = [edt_segment(b) for b in re.split(r"\n\s*\n", conllu) if "# text" in b]
            path = gold / (re.sub(r"\W+", "_", name) + ".jsonl")
            path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows),
                            encoding="utf-8")
            by_genre[_EDT_GENRES.get(name.split("_")[0].split("-")[0], "other")].append(path)
    return by_genre


def run_group(files, lang, options, out_dir, examples_of: Score, fold_models=None, folds=2):
    sc = Score()
    for f in files:
        if fold_models:
            # The document is scored by the model trained without it and its translations.
            from scripts.train_name_tagger import fold_model, fold_of
            os.environ["DOPPEL_NAME_MODEL"] = str(fold_model(fold_models,
                                                             fold_of(f.stem.split("_")[0], folds)))
        rows, detected = detect_file(f, lang, options, out_dir)
        for r, d in zip(rows, detected):
            score_segment(r["text"], r["label"], d, sc)
    examples_of.add(sc)
    return sc


def fmt_row(name, sc: Score, cats=CATS):
    cells = []
    for c in cats:
        if sc.gold[c]:
            cells.append(f"{sc.recall(c):.3f} ({sc.gold[c]:4d})")
        else:
            cells.append(f"{'-':>12}")
    return (f"{name:14} " + " ".join(f"{x:>12}" for x in cells)
            + f" {sc.precision():9.3f} {sc.pred:5d} {100 * sc.over():7.2f}%")


def header():
    return (f"{'':14} " + " ".join(f"{c + ' recall':>12}" for c in CATS)
            + f" {'precision':>9} {'pred':>5} {'over':>8}\n"
            + f"{'goal':14} " + " ".join(f"{GOALS[c]:>12.2f}" for c in CATS)
            + f" {GOALS['precision']:9.2f} {'':5} {100 * GOALS['over']:7.2f}%")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sets", nargs="+", default=["gum", "multileg"])
    ap.add_argument("--langs", nargs="+",
                    default=["en", "lv", "lt", "et", "fi", "pl", "sv", "da"])
    ap.add_argument("--corpora")
    ap.add_argument("--detectors", default="auto")
    ap.add_argument("--limit", type=int, default=None, help="documents per language/genre")
    ap.add_argument("--examples", type=int, default=0, help="print N missed and false spans")
    ap.add_argument("--check-with-tool", action="store_true")
    ap.add_argument("--fold-models", help="MultiLeg: score each document with the cross-"
                    "validation model that never saw it (scripts/train_name_tagger.py "
                    "--folds K --fold-models DIR); without it the shipped model, trained on "
                    "all of MultiLeg train, scores its own training data")
    ap.add_argument("--folds", type=int, default=2)
    ap.add_argument("--keep", help="write the detected JSONL here (default: a temp dir)")
    a = ap.parse_args(argv)
    corpora = corpora_dir(a.corpora)
    if not corpora.is_dir():
        sys.exit(f"no corpora at {corpora} (set DOPPEL_CORPORA or --corpora)")
    options = ProtectOptions(method="none", categories=DEFAULT_CATEGORIES,
                             detectors=tuple(d for d in a.detectors.split(",") if d))
    if a.keep:
        Path(a.keep).mkdir(parents=True, exist_ok=True)
        _measure(a, corpora, options, Path(a.keep))
        print(f"(detected JSONL under {a.keep})")
        return
    with tempfile.TemporaryDirectory(prefix="doppel-unlabelled-") as work:
        _measure(a, corpora, options, Path(work))


def _measure(a, corpora: Path, options: ProtectOptions, work: Path):
    """Detect and score the sets ``a`` names, the detected JSONL written under ``work``."""
    tool = corpora.parent / "tools" / "check_unlabelled.py"
    for name, title, documents, lang in (
            ("gum", "UD GUM dev+test, by genre (English)", gum_documents, "en"),
            ("edt", f"UD Estonian-EDT dev+test, by genre ({EDT_SENTENCES}-sentence documents)",
             edt_documents, "et")):
        if name not in a.sets:
            continue
        print(title)
        print(header())
        total = Score()
        out = work / f"{name}-detected"
        out.mkdir(exist_ok=True)
        for genre, files in sorted(documents(corpora, work).items()):
            print(fmt_row(genre, run_group(files[:a.limit], lang, options, out, total)))
        print(fmt_row(f"{name.upper()} all", total))
        _examples(total, a.examples)
        if a.check_with_tool and tool.is_file():
            r = subprocess.run([sys.executable, str(tool), str(work / f"{name}-gold"), str(out)],
                               capture_output=True, text=True)
            print("  shared tool:", r.stdout.strip().splitlines()[-1])
        print()
    if "multileg" in a.sets:
        print("MultiLeg train, by language")
        print(header())
        total = Score()
        for lang in a.langs:
            files = sorted((corpora / "multileg" / "train" / lang).glob("*.jsonl"))[:a.limit]
            out = work / f"multileg-{lang}"
            out.mkdir(exist_ok=True)
            sc = run_group(files, lang, options, out, total, a.fold_models, a.folds)
            print(fmt_row(lang, sc))
            if a.examples:
                _examples(sc, a.examples)
            if a.check_with_tool and tool.is_file():
                r = subprocess.run([sys.executable, str(tool),
                                    str(corpora / "multileg" / "train" / lang), str(out)],
                                   capture_output=True, text=True)
                print("  shared tool:", r.stdout.strip().splitlines()[-1])
        print(fmt_row("MultiLeg all", total))
        os.environ.pop("DOPPEL_NAME_MODEL", None)


def _examples(sc: Score, n: int):
    if not n:
        return
    print("  missed:", [f"{c}:{t}" for c, t, _ in sc.missed[:n]])
    print("  false (most frequent):", sc.false.most_common(n))


if __name__ == "__main__":
    main()
