"""Doppel's jobs, one module per pipeline."""
