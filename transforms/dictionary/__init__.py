"""Pseudonym dictionaries (DESIGN.md §2.1): build one from annotated text, load the shipped
ones, and choose a same-form pseudonym from it.

* ``extract`` — entity observations from annotated text (NLP backend, CoNLL-U, JSONL);
* ``build``   — pure combining of observations into entries, top N per category, Faker fill;
* ``store``   — the ``Dictionary`` (JSON in the paper's Figure 2 shape, and Parquet);
* ``select``  — the paper's three-step selection (class + features -> features -> Faker).
"""
from transforms.dictionary.store import Dictionary, load_default  # noqa: F401
