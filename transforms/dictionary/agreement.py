"""Does a pseudonym take the grammatical form of what it replaces?  (pure; the measure behind
``benchmarks/bench_dictionary_et.py`` and its test)

For gold-annotated CoNLL-U (UD Estonian-EDT: ``NE=`` tags and gold morphology), each document's
entity mentions are linked by (category, lemma) — the paper's document-level linking — each
cluster gets a dictionary pseudonym through ``PseudonymChooser`` and every mention the form its
features need.  Counted: for every replaced mention whose needed Case/Number exists in the
dictionary for its category, whether the form used has the original's Case and Number.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Tuple

from schemas.records import Cluster, Mention
from transforms.dictionary.extract import mentions_from_annotated
from transforms.dictionary.store import Dictionary
from transforms.linking import fold
from transforms.pseudonyms import DictPseudonym, PseudonymChooser, choice_order

KEYS = ("Case", "Number")


def conllu_documents(text: str, max_sentences: int = 0) -> List[Tuple[str, str]]:
    """CoNLL-U -> [(document id, CoNLL-U text)], documents by ``# newdoc`` or, as in EDT where
    most documents lack it, by the ``sent_id`` prefix (``aja_ee199920_2065`` ->
    ``aja_ee199920``).  EDT's sources are whole newspaper issues and books (hundreds of
    people each); ``max_sentences`` cuts them into document-sized pieces."""
    docs: Dict[str, List[str]] = {}
    order: List[str] = []
    current = ""
    for block in re.split(r"\n\s*\n", text.replace("\r\n", "\n")):
        if not block.strip():
            continue
        m = re.search(r"^# newdoc id = (.+)$", block, re.M)
        s = re.search(r"^# sent_id = (.+)$", block, re.M)
        if m:
            current = m.group(1).strip()
        elif s:
            current = s.group(1).strip().rsplit("_", 1)[0]
        if current not in docs:
            docs[current] = []
            order.append(current)
        docs[current].append(block.strip("\n"))
    out = []
    for d in order:
        blocks = docs[d]
        step = max_sentences or len(blocks)
        for i in range(0, len(blocks), step):
            name = d if step >= len(blocks) else f"{d}#{i // step + 1}"
            out.append((name, "\n\n".join(blocks[i:i + step]) + "\n\n"))
    return out


@dataclass
class AnalogyCheck:
    """Forms made by analogy checked against real ones: every distinct (lemma, form,
    Case+Number) of the gold mentions whose entity the dictionary lacks in that form, made
    from the lemma (and the entry's own forms when it has the entity) and compared with what
    the text has — the inflected (last) word, case-insensitively."""
    forms: int = 0
    right: int = 0
    unmade: int = 0                                   # no rule for these features
    by_evidence: Dict[float, List[int]] = field(default_factory=dict)   # -> [right, forms]
    wrong: List[Tuple[str, str, str]] = field(default_factory=list)     # (lemma, text, made)

    @property
    def share(self) -> float:
        return self.right / self.forms if self.forms else 0.0


def analogy_check(documents: Iterable[Tuple[str, str]], dictionary: Dictionary, lang: str,
                  categories=("PER", "ORG", "LOC")) -> AnalogyCheck:
    from transforms.dictionary.select import Analogy, need_of
    from transforms.nlp.conllu import read_annotated
    analogy = Analogy(dictionary)
    by_lemma = {(c, fold(e.lemma)): e for c, es in dictionary.entries.items() for e in es}
    seen = set()
    out = AnalogyCheck()
    for name, text in documents:
        ann = read_annotated(text=text, lang=lang, tagset="edt")
        for m in mentions_from_annotated(0, ann, categories):
            need = {k: m.features[k] for k in KEYS if m.features.get(k)}
            key = (m.category, m.lemma, m.text, tuple(sorted(need.items())))
            if len(need) < len(KEYS) or key in seen:
                continue
            seen.add(key)
            entry = by_lemma.get((m.category, fold(m.lemma)))
            forms = entry.forms if entry is not None else ()
            if any(need_of(f.features).items() >= need.items() for f in forms):
                continue                      # the dictionary has this very form
            made = analogy.make(m.lemma, need, forms)
            if made is None:
                out.unmade += 1
                continue
            ok = made.form.split()[-1].casefold() == m.text.split()[-1].casefold()
            out.forms += 1
            out.right += ok
            slot = out.by_evidence.setdefault(made.score, [0, 0])
            slot[0] += ok
            slot[1] += 1
            if not ok:
                out.wrong.append((m.lemma, m.text, made.form))
    return out


@dataclass
class Agreement:
    mentions: int = 0              # mentions replaced
    with_form: int = 0             # ... whose needed Case/Number exists in the dictionary
    agree: int = 0                 # ... and whose pseudonym has the original's Case and Number
    by_analogy: int = 0            # agreeing forms made by analogy (not seen in the corpus)
    steps: Counter = field(default_factory=Counter)   # selection step -> clusters
    clusters: int = 0
    disagreements: List[Tuple[str, str, dict, dict]] = field(default_factory=list)

    @property
    def share(self) -> float:
        return self.agree / self.with_form if self.with_form else 0.0


def measure(documents: Iterable[Tuple[str, str]], dictionary: Dictionary, secret: bytes,
            lang: str, categories=("PER", "ORG", "LOC")) -> Agreement:
    from transforms.nlp.conllu import read_annotated
    result = Agreement()
    available: Dict[str, set] = {}
    for cat, entries in dictionary.entries.items():
        available[cat] = {tuple((k, f.features.get(k)) for k in KEYS)
                          for e in entries for f in e.forms}
    for name, text in documents:
        ann = read_annotated(text=text, lang=lang, tagset="edt")
        mentions = mentions_from_annotated(0, ann, categories)
        if not mentions:
            continue
        clusters: Dict[Tuple[str, str], List[Mention]] = {}
        for m in mentions:
            clusters.setdefault((m.category, fold(m.lemma)), []).append(m)
        originals = {m.text for m in mentions} | {m.lemma for m in mentions}
        chooser = PseudonymChooser(secret, name, originals, dictionary=dictionary, lang=lang)
        objs, of_cluster = [], {}
        for i, ((cat, key), ms) in enumerate(sorted(clusters.items())):
            canonical = max((m.lemma for m in ms), key=len)
            objs.append(Cluster(id=i, category=cat, key=key, canonical=canonical,
                                forms=sorted({m.text for m in ms})))
            of_cluster[i] = ms
        for cluster in choice_order(objs, of_cluster):
            cat, ms = cluster.category, of_cluster[cluster.id]
            pseudo = chooser.choose(cluster, ms)
            result.clusters += 1
            for m in ms:
                result.mentions += 1
                want = tuple((k, m.features.get(k)) for k in KEYS)
                if not all(v for _, v in want) or want not in available.get(cat, set()):
                    continue
                result.with_form += 1
                if not isinstance(pseudo, DictPseudonym):   # Faker fallback: base form only
                    rep = pseudo.form_for(m.text, m.features)
                    result.disagreements.append((m.text, rep, dict(want), {}))
                    continue
                rep, feats = pseudo.choose_form(m.text, m.features)
                got = tuple((k, (feats or {}).get(k)) for k in KEYS)
                if feats is not None and got == want:
                    result.agree += 1
                    if pseudo.last_by_analogy:
                        result.by_analogy += 1
                else:
                    result.disagreements.append((m.text, rep, dict(want), dict(got)))
        result.steps.update(chooser.stats)
    return result
