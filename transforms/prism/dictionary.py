"""PRISM's word translation dictionary, learnt by probing a black-box engine (pure).

For a word w of the vocabulary, take sentences S of an unlabelled public corpus and their
copies S_w with one word replaced by w; translate both.  With R the words of S's
translation and R_w those of S_w's,

    p(w, v) = Pr[v in R_w] / Pr[v in R]

estimated over w's probes (add-one smoothing on the denominator: a word the plain
sentences never produced gets Pr = 1/(k+1), not 0).  L(w) ranks the target words v by
p(w, v); only v with p above a threshold are kept, at most ``keep`` of them (the best one
always).  The POS-keyed variant keys the same statistics by (w, s), s the part of speech
of w in S_w as the tagger saw it, and gives each key its confidence c(w, s) = max_v
p(w, s, v) (PRISM* substitutes the most confident words first).

Everything here is pure: ``plan_probes`` says what to translate, the job translates it
(``pipelines.build_word_dictionary``), ``estimate`` turns the translations into the
dictionary.
"""
from __future__ import annotations

import json
import random
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

from transforms.prism.tokens import CONTENT_POS, WORD, Token, with_case

from schemas.word_dictionary import FORMAT, PROVENANCE_KEY


class WordDictionaryError(ValueError):
    pass


@dataclass
class Entry:
    word: str
    pos: Optional[str]                      # None: the entry of all the word's probes
    probes: int
    translations: List[Tuple[str, float]]   # L(w) (or L(w, s)): (v, p(w, v)), best first

    @property
    def confidence(self) -> float:
        return self.translations[0][1] if self.translations else 0.0

    @property
    def top(self) -> Optional[str]:
        return self.translations[0][0] if self.translations else None

    def to_dict(self) -> dict:
        return {"word": self.word, "pos": self.pos, "probes": self.probes,
                "confidence": round(self.confidence, 4),
                "translations": [{"target": v, "p": round(p, 4)} for v, p in self.translations]}


@dataclass
class WordDictionary:
    words: Dict[str, Entry]                          # w -> L(w)
    keyed: Dict[Tuple[str, str], Entry]              # (w, s) -> L(w, s)
    provenance: Dict[str, object] = field(default_factory=dict)

    # --- look-ups --------------------------------------------------------------------
    def vocabulary(self) -> List[str]:
        """V: the words PRISM-R draws substitutes from (every word with a known L(w))."""
        return sorted(w for w, e in self.words.items() if e.translations)

    def entry(self, word: str, pos: Optional[str] = None) -> Optional[Entry]:
        w = word.lower()
        if pos is not None:
            e = self.keyed.get((w, pos))
            if e is not None and e.translations:
                return e
            return None
        e = self.words.get(w)
        return e if e is not None and e.translations else None

    def by_pos(self) -> Dict[str, List[Entry]]:
        """The POS-keyed entries of each part of speech, most confident first."""
        out: Dict[str, List[Entry]] = defaultdict(list)
        for (w, s), e in self.keyed.items():
            if e.translations:
                out[s].append(e)
        for s in out:
            out[s].sort(key=lambda e: (-e.confidence, e.word))
        return dict(out)

    # --- files -----------------------------------------------------------------------
    def rows(self) -> List[dict]:
        rows = [e.to_dict() for _, e in sorted(self.words.items())]
        rows += [e.to_dict() for _, e in sorted(self.keyed.items())]
        return rows

    def to_parquet(self) -> bytes:
        from schemas.word_dictionary import to_parquet
        return to_parquet(self.rows(), dict(self.provenance))

    def to_json(self) -> str:
        head = json.dumps({"format": FORMAT, "provenance": self.provenance},
                          ensure_ascii=False, sort_keys=True)[:-1]
        rows = ",\n".join(json.dumps(r, ensure_ascii=False) for r in self.rows())
        return head + ',\n"entries": [\n' + rows + "\n]}\n"

    @classmethod
    def from_rows(cls, rows: Iterable[Mapping], provenance: Mapping, where: str = ""
                  ) -> "WordDictionary":
        words: Dict[str, Entry] = {}
        keyed: Dict[Tuple[str, str], Entry] = {}
        for i, r in enumerate(rows):
            try:
                e = Entry(str(r["word"]), r.get("pos") or None, int(r["probes"]),
                          [(str(t["target"]), float(t["p"])) for t in r["translations"]])
            except (KeyError, TypeError, ValueError) as exc:
                raise WordDictionaryError(f"{where}: entry {i}: {type(exc).__name__}: "
                                          f"{exc} (expected word, pos, probes, "
                                          f"translations[target, p])") from None
            if e.pos is None:
                words[e.word] = e
            else:
                keyed[(e.word, e.pos)] = e
        return cls(words, keyed, dict(provenance))


def load(path: str) -> WordDictionary:
    """A word dictionary from its JSON or Parquet file; a clear error naming the file."""
    try:
        if path.endswith(".parquet"):
            import pyarrow.parquet as pq
            table = pq.read_table(path)
            meta = (table.schema.metadata or {}).get(PROVENANCE_KEY, b"{}")
            return WordDictionary.from_rows(table.to_pylist(), json.loads(meta), path)
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        raise WordDictionaryError(f"{path}: no such word dictionary") from None
    except (OSError, ValueError) as exc:
        raise WordDictionaryError(f"{path}: not a readable word dictionary: "
                                  f"{type(exc).__name__}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise WordDictionaryError(f"{path}: not a word dictionary (format {FORMAT!r} "
                                  f"expected)")
    return WordDictionary.from_rows(data.get("entries", []), data.get("provenance", {}), path)


# --- probing ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Probe:
    word: str
    sentence: int        # index of S in the pool
    base: str            # S
    text: str            # S_w
    slot_pos: str        # the POS of the word w replaced


def select_vocabulary(tagged: Sequence[Sequence[Token]], size: int,
                      stop: Iterable[str] = (), min_count: int = 2
                      ) -> List[Tuple[str, Tuple[str, ...]]]:
    """The ``size`` most frequent content words (lower case, letters only, 3+ characters,
    not stop words) of the tagged corpus, each with the parts of speech it takes there
    (a POS seen in at least 10 % of its occurrences, content POS only)."""
    stop = {s.lower() for s in stop}
    count: Counter = Counter()
    pos_of: Dict[str, Counter] = defaultdict(Counter)
    for sent in tagged:
        for t in sent:
            w = t.key
            if t.pos not in CONTENT_POS or len(w) < 3 or not w.isalpha() or w in stop \
                    or t.text.isupper() and len(t.text) > 1:
                continue
            count[w] += 1
            pos_of[w][t.pos] += 1
    out = []
    for w, n in sorted(count.items(), key=lambda kv: (-kv[1], kv[0])):
        if n < min_count:
            break
        poses = tuple(sorted(p for p, c in pos_of[w].items() if c >= max(1, 0.1 * n)))
        out.append((w, poses))
        if len(out) >= size:
            break
    return out


def plan_probes(tagged: Sequence[Sequence[Token]], texts: Sequence[str],
                vocabulary: Sequence[Tuple[str, Sequence[str]]], probes: int,
                seed: int = 0) -> List[Probe]:
    """``probes`` probes per word: a random sentence with a content word of one of the
    word's parts of speech (taken in turn), that word replaced by w in its case."""
    rng = random.Random(seed)
    slots: Dict[str, List[Tuple[int, Token]]] = defaultdict(list)
    for i, sent in enumerate(tagged):
        for t in sent:
            if t.pos in CONTENT_POS:
                slots[t.pos].append((i, t))
    anywhere = [s for p in CONTENT_POS for s in slots.get(p, [])]
    if not anywhere:
        raise WordDictionaryError("the probing corpus has no content word to replace")
    out: List[Probe] = []
    for word, poses in vocabulary:
        poses = [p for p in poses if slots.get(p)] or [None]
        for k in range(probes):
            pos = poses[k % len(poses)]
            i, t = rng.choice(slots[pos] if pos else anywhere)
            base = texts[i]
            if t.key == word:
                continue
            out.append(Probe(word, i, base, base[:t.start] + with_case(word, t.text)
                             + base[t.end:], t.pos))
    return out


def target_words(translation: str) -> set:
    return {m.group().lower() for m in WORD.finditer(translation)
            if not m.group().startswith("*")}


def estimate(probes: Sequence[Probe], translations: Mapping[str, str],
             probe_pos: Optional[Mapping[int, str]] = None, keep: int = 5,
             threshold: float = 2.0, min_keyed: int = 2,
             provenance: Optional[Mapping] = None) -> WordDictionary:
    """The dictionary from the probes and the engine's ``translations`` (text -> its
    translation, for every S and S_w).  ``probe_pos``: probe index -> the POS of w in S_w
    (the tagger's); without it a probe is keyed by the POS of the word it replaced."""
    per_word: Dict[str, List[int]] = defaultdict(list)
    for i, p in enumerate(probes):
        if p.text in translations and p.base in translations:
            per_word[p.word].append(i)
    words_cache: Dict[str, set] = {}

    def seen(text: str) -> set:
        if text not in words_cache:
            words_cache[text] = target_words(translations[text])
        return words_cache[text]

    def ranked(word: str, pos: Optional[str], idx: List[int]) -> Entry:
        k = len(idx)
        in_rw: Counter = Counter()
        in_r: Counter = Counter()
        for i in idx:
            in_rw.update(seen(probes[i].text))
            in_r.update(seen(probes[i].base))
        scored = sorted(((v, (c / k) / ((in_r[v] + 1) / (k + 1))) for v, c in in_rw.items()),
                        key=lambda vp: (-vp[1], vp[0]))
        best = [(v, p) for v, p in scored if p > threshold][:keep] or scored[:1]
        return Entry(word, pos, k, best)

    words: Dict[str, Entry] = {}
    keyed: Dict[Tuple[str, str], Entry] = {}
    for word, idx in sorted(per_word.items()):
        words[word] = ranked(word, None, idx)
        by_pos: Dict[str, List[int]] = defaultdict(list)
        for i in idx:
            s = (probe_pos or {}).get(i) or probes[i].slot_pos
            if s in CONTENT_POS:
                by_pos[s].append(i)
        for s, sub in sorted(by_pos.items()):
            if len(sub) >= min_keyed:
                keyed[(word, s)] = ranked(word, s, sub)
    prov = dict(provenance or {})
    prov.update({"vocabulary": len(words), "keyed_entries": len(keyed),
                 "probes": sum(e.probes for e in words.values()),
                 "threshold": threshold, "keep": keep})
    return WordDictionary(words, keyed, prov)
