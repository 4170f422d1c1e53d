"""Shipped data: fallback pseudonym lists, sample documents for run_local.sh."""
