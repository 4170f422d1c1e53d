"""PRISM: user-side word-level protection with a differential-privacy guarantee (Sato, TMLR
2024; DESIGN.md §2.2).  Pure and Beam-free:

* ``tokens``     — words of a text, their part of speech in context (Apertium's tagger);
* ``dictionary`` — the word translation dictionary learnt by probing an engine: probe
  planning, p(w, v), L(w), the POS-keyed (w, s) entries with c(w, s); JSON / Parquet I/O;
* ``mechanism``  — PRISM-R, PRISM*, their nesting, the mixture, decoding, and ε (Theorem
  3.2);
* ``apply``      — the mechanisms on protected segments (entity spans, inline codes left
  alone) and their decoding after MT.
"""
from transforms.prism.mechanism import (METHODS, Encoded, Substitution, decode, epsilon,  # noqa: F401
                                        mix_substitutes, nested, prism_mix, prism_r,
                                        prism_star)
from transforms.prism.dictionary import (Entry, WordDictionary, WordDictionaryError,  # noqa: F401
                                         estimate, load, plan_probes, select_vocabulary)
