"""Doppel's jobs, one module per pipeline."""
import contextlib
import gc

# Before anything imports apache_beam: Beam's import-time warnings go through this filter.
from pipelines.logs import install_quiet_logging

install_quiet_logging()


@contextlib.contextmanager
def imports_frozen(active: bool = True):
    """The imports made in it (a job's: Beam's modules, some 160,000 objects living as long
    as the process) are made with the collector off and frozen after, and the collector is
    back as it was: the collections the import set off walked them again and again (0.4 s
    of every start).  ``active`` False: a plain block (a module imported by a test leaves
    the importer's collector alone)."""
    collecting = gc.isenabled()
    if active:
        gc.disable()
    try:
        yield
    finally:
        if active:
            gc.freeze()
            if collecting:
                gc.enable()
