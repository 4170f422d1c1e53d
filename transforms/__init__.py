"""Doppel's stages.  Modules here are pure Python over the records in ``schemas``; only
``transforms.beam`` knows about Apache Beam."""
