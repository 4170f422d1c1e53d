"""NLP layer: backend interface, Stanza backend, CoNLL-U adapter, tag sets."""
