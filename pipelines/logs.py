"""Quiet by default: what reaches stderr is what a user can act on.

Beam logs, on import and while it runs, warnings a user of Doppel cannot act on ("apitools
not found, and bigquery client libraries are not available...", the portable runner's notes
on its own start-up...).  One stderr handler on the root logger shows Doppel's messages from
``--log-level`` on and other libraries' from error on, or from ``--log-level`` when that is
info or debug.  No import of Beam here: this must run before Beam is first imported.
"""
from __future__ import annotations

import logging
import sys
from typing import Optional

# Loggers whose messages are the user's to act on at the default level.
OWN_LOGGERS = ("doppel", "pipelines", "transforms", "schemas", "__main__")
_handler: Optional[logging.Handler] = None


class _QuietLibraries(logging.Filter):
    """Passes Doppel's records from its level on, and other libraries' (Beam's
    "apitools not found", gRPC's, ...) only from ``third_party_level``: at the default
    level a user sees what they can act on."""

    def __init__(self):
        super().__init__()
        self.own_level = logging.WARNING
        self.third_party_level = logging.ERROR

    def filter(self, record: logging.LogRecord) -> bool:
        own = record.name.split(".")[0] in OWN_LOGGERS
        return record.levelno >= (self.own_level if own else self.third_party_level)


def install_quiet_logging() -> None:
    """One stderr handler on the root logger, filtering as ``_QuietLibraries`` says.  Run
    before ``apache_beam`` is imported (``pipelines/__init__``): Beam logs its "apitools not
    found" warning on import, through the root logger, which would otherwise set up a
    handler of its own that shows everything."""
    global _handler
    if _handler is not None:
        return
    _handler = logging.StreamHandler(sys.stderr)
    _handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    _handler.addFilter(_QuietLibraries())
    root = logging.getLogger()
    root.addHandler(_handler)
    root.setLevel(logging.WARNING)


def configure_logging(level: str) -> None:
    """``--log-level``: Doppel's messages from ``level`` on; other libraries' from
    ``level`` too when it is info or debug, else from error only."""
    install_quiet_logging()
    number = getattr(logging, level.upper())
    quiet = next(f for f in _handler.filters if isinstance(f, _QuietLibraries))
    quiet.own_level = number
    quiet.third_party_level = number if number < logging.WARNING else logging.ERROR
    logging.getLogger().setLevel(min(number, logging.WARNING))
