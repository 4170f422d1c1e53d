"""Doppel's jobs, one module per pipeline."""
# Before anything imports apache_beam: Beam's import-time warnings go through this filter.
from pipelines.logs import install_quiet_logging

install_quiet_logging()
