"""Train the name model (``transforms/detect/model.py``) on MultiLeg train, all languages.

    python scripts/train_name_tagger.py [--corpora DIR] [--out resources/models/names.crfsuite]
        [--folds 2] [--langs en lv ...] [--c1 0.05] [--c2 0.01] [--iterations 100]

With ``--folds K`` it first reports K-fold cross-validation, split by *document id*:
MultiLeg documents with the same id are translations of one another, so a document and its
translations always fall in the same fold (otherwise the names of a test document would be
learnt from its translation).  Scores are the detector's alone (no propagation), counted as
``shared/tools/check_unlabelled.py`` counts them.  Then it trains on everything and writes the
model and ``names.json`` (its provenance: data, licence, options, cross-validated figures).

MultiLeg is CC BY 4.0 (Tilde): the model may be shipped with attribution.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from transforms.detect import model  # noqa: E402

LANGS = ["en", "lv", "lt", "et", "fi", "pl", "sv", "da"]


def load(corpora: Path, langs):
    """[(doc id, lang, rows, items)] for every MultiLeg train document."""
    docs = []
    for lang in langs:
        for f in sorted((corpora / "multileg" / "train" / lang).glob("*.jsonl")):
            rows = [json.loads(l) for l in f.read_text(encoding="utf-8").splitlines()
                    if l.strip()]
            items = model.document_items([r["text"] for r in rows], lang)
            docs.append((f.stem.split("_")[0], lang, rows, items))
    return docs


def fold_of(doc_id: str, k: int) -> int:
    return int(hashlib.sha1(doc_id.encode()).hexdigest(), 16) % k


def fold_model(directory, f: int) -> Path:
    """The model trained without fold ``f`` (what the benchmark uses for that fold's
    documents)."""
    return Path(directory) / f"names.fold{f}.crfsuite"


def train(docs, path: Path, c1: float, c2: float, iterations: int):
    import pycrfsuite
    trainer = pycrfsuite.Trainer(verbose=False)
    for _, _, rows, items in docs:
        for r, (toks, xs, _) in zip(rows, items):
            if xs:
                trainer.append(xs, model.bio_labels(toks, r["label"]))
    trainer.set_params({"c1": c1, "c2": c2, "max_iterations": iterations,
                        "feature.possible_transitions": True})
    trainer.train(str(path))


def write_ordinary_words(docs, path: Path) -> Path:
    """Beside the model at ``path`` (``model.words_path``): for each language of ``docs``
    that no frequency list covers (``transforms.lexicon.zipf_fn``: Estonian), the words its
    documents write in lower case outside their names — what the rules ask, where there is
    no analyser either, before taking a capitalised word for a name (``model.ordinary_words``).
    Written with every model, the cross-validation ones too: a fold's list is made of the
    documents its model saw."""
    from transforms.lexicon import zipf_fn
    words = {}
    for _, lang, rows, _ in docs:
        if zipf_fn(lang) is not None:
            continue
        seen = words.setdefault(lang, set())
        for r in rows:
            names = [(s, e) for s, e, *_ in r["label"]]
            for m in re.finditer(r"[^\W\d_]+", r["text"]):
                if m.group().islower() and not any(s <= m.start() < e for s, e in names):
                    seen.add(m.group())
    out = model.words_path(path)
    out.write_text(json.dumps({lang: sorted(ws) for lang, ws in sorted(words.items())},
                              ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    return out


def evaluate(docs, path: Path, threshold: float = 1.0):
    from benchmarks.bench_detect_unlabelled import Score, score_segment
    import pycrfsuite
    tagger = pycrfsuite.Tagger()
    tagger.open(str(path))
    by_lang = {}
    for _, lang, rows, items in docs:
        sc = by_lang.setdefault(lang, Score())
        for r, (toks, xs, _) in zip(rows, items):
            tags = model.recall_biased_tags(tagger, xs, threshold) if xs else []
            spans = model.spans_from_tags(r["text"], toks, tags, lang)
            score_segment(r["text"], r["label"], [[s.start, s.end, s.category] for s in spans], sc)
    return by_lang


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpora", default=os.environ.get(
        "DOPPEL_CORPORA", str(ROOT.parent / "shared" / "corpora")))
    ap.add_argument("--out", default=str(model.MODEL_PATH))
    ap.add_argument("--langs", nargs="+", default=LANGS)
    ap.add_argument("--folds", type=int, default=0)
    ap.add_argument("--c1", type=float, default=0.05)
    ap.add_argument("--c2", type=float, default=0.01)
    # 100: what every shipped model was trained with (the documented rebuild must give it)
    ap.add_argument("--iterations", type=int, default=100)
    ap.add_argument("--threshold", type=float, default=0.05,
                    help="name probability from which a token is masked (the shipped default)")
    ap.add_argument("--thresholds", type=float, nargs="+", default=None,
                    help="thresholds to report in cross-validation (default: --threshold)")
    ap.add_argument("--fold-models", help="keep the cross-validation models in this directory "
                    "(benchmarks/bench_detect_unlabelled.py --fold-models scores MultiLeg with "
                    "them, each document by the model that never saw it)")
    ap.add_argument("--no-final", action="store_true", help="cross-validate only")
    ap.add_argument("--words-only", action="store_true",
                    help="write only the ordinary-word lists (write_ordinary_words) beside "
                         "the models already there (--out; the --fold-models ones with "
                         "--folds), without training")
    a = ap.parse_args(argv)
    a.thresholds = a.thresholds or [a.threshold]
    t0 = time.time()
    docs = load(Path(a.corpora), a.langs)
    print(f"{len(docs)} documents, features in {time.time() - t0:.0f} s", flush=True)
    if a.words_only:
        for f in range(a.folds if a.folds > 1 and a.fold_models else 0):
            print("wrote", write_ordinary_words(
                [d for d in docs if fold_of(d[0], a.folds) != f],
                fold_model(a.fold_models, f)))
        if not a.no_final:
            print("wrote", write_ordinary_words(docs, Path(a.out)))
        return
    cv = {}
    if a.folds > 1:
        from benchmarks.bench_detect_unlabelled import Score, fmt_row, header
        total_by_lang = {t: {} for t in a.thresholds}
        for f in range(a.folds):
            tmp = fold_model(a.fold_models or Path(a.out).parent, f)
            train([d for d in docs if fold_of(d[0], a.folds) != f], tmp, a.c1, a.c2,
                  a.iterations)
            write_ordinary_words([d for d in docs if fold_of(d[0], a.folds) != f], tmp)
            for t in a.thresholds:
                for lang, sc in evaluate([d for d in docs if fold_of(d[0], a.folds) == f],
                                         tmp, t).items():
                    total_by_lang[t].setdefault(lang, Score()).add(sc)
            print(f"fold {f} done at {time.time() - t0:.0f} s", flush=True)
            if not a.fold_models:
                tmp.unlink()
                model.words_path(tmp).unlink()
        for t in a.thresholds:
            print(f"{a.folds}-fold cross-validation by document id (detector alone), "
                  f"name probability threshold {t}")
            print(header())
            every = Score()
            for lang in a.langs:
                sc = total_by_lang[t][lang]
                every.add(sc)
                print(fmt_row(lang, sc))
                if t == a.threshold:
                    cv[lang] = {c: round(sc.recall(c), 3) for c in model.CATS}
                    cv[lang].update(precision=round(sc.precision(), 3),
                                    over=round(sc.over(), 4))
            print(fmt_row("all", every))
    if a.no_final:
        return
    out = Path(a.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    train(docs, out, a.c1, a.c2, a.iterations)
    write_ordinary_words(docs, out)
    meta = {
        "model": out.name, "kind": "linear-chain CRF (python-crfsuite), BIO over PER/ORG/LOC",
        "data": f"MultiLeg train ({', '.join(a.langs)}), {len(docs)} documents",
        "source": "Tilde MultiLeg dataset (STARLIGHT project)", "licence": "CC-BY-4.0",
        "attribution": "MultiLeg NER dataset, Tilde, CC BY 4.0",
        "options": {"c1": a.c1, "c2": a.c2, "iterations": a.iterations},
        "cross_validation": cv,
        "ordinary_words": model.words_path(out).name,
        "rebuild": (f"python scripts/train_name_tagger.py --folds {a.folds} --c1 {a.c1} "
                    f"--c2 {a.c2} --iterations {a.iterations} --langs {' '.join(a.langs)}"),
    }
    out.with_suffix(".json").write_text(json.dumps(meta, indent=2, ensure_ascii=False) + "\n",
                                        encoding="utf-8")
    print(f"wrote {out} ({out.stat().st_size // 1024} KiB) in {time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
