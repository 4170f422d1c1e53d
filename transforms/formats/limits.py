"""Named, configurable limits on what a client file may make Doppel do (bounded time and
memory on a hostile or broken file).  Each is read from the environment when used, so a
worker process sees what the run was started with; a file over a limit is refused with a
message naming the limit and how to raise it, and the rest of the batch goes on.

=============================  =======  ===============================================
environment variable           default  what it bounds
=============================  =======  ===============================================
``DOPPEL_MAX_INPUT_MB``        64       an XML/text input file (XLIFF, TMX, JSONL,
                                        CoNLL-U): parsed whole in memory (lxml takes
                                        several times the file's size), so refused above
``DOPPEL_MAX_DOCX_MB``         512      a DOCX package as stored (images are not parsed)
``DOPPEL_DOCX_MAX_PARTS``      5000     zip entries in a DOCX package
``DOPPEL_DOCX_MAX_PART_MB``    256      one zip entry, uncompressed
``DOPPEL_DOCX_MAX_UNZIPPED_MB`` 1024    all zip entries together, uncompressed
``DOPPEL_DOCX_MAX_RATIO``      200      uncompressed/compressed of an entry over 1 MiB
=============================  =======  ===============================================
"""
from __future__ import annotations

import os

from transforms.formats.base import FormatError

MIB = 1024 * 1024
DEFAULTS = {
    "DOPPEL_MAX_INPUT_MB": 64,
    "DOPPEL_MAX_DOCX_MB": 512,
    "DOPPEL_DOCX_MAX_PARTS": 5000,
    "DOPPEL_DOCX_MAX_PART_MB": 256,
    "DOPPEL_DOCX_MAX_UNZIPPED_MB": 1024,
    "DOPPEL_DOCX_MAX_RATIO": 200,
}
ZIP_MAGIC = b"PK\x03\x04"


def limit(env: str) -> int:
    """The limit ``env`` (a positive integer from the environment, else its default)."""
    raw = os.environ.get(env, "").strip()
    if not raw:
        return DEFAULTS[env]
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{env}={raw!r} is not a whole number") from None
    if value <= 0:
        raise ValueError(f"{env}={raw!r} must be positive")
    return value


def read_bounded(name: str, fh) -> bytes:
    """A file's bytes, read from the open binary ``fh`` no further than its limit (a zip
    package: ``DOPPEL_MAX_DOCX_MB``, anything else: ``DOPPEL_MAX_INPUT_MB``): a 100 MB XLIFF
    is refused after reading just over the limit, never parsed."""
    head = fh.read(4)
    env = "DOPPEL_MAX_DOCX_MB" if head == ZIP_MAGIC else "DOPPEL_MAX_INPUT_MB"
    cap = limit(env) * MIB
    rest = fh.read(cap + 1 - len(head)) if len(head) == 4 else b""
    data = head + rest
    if len(data) > cap:
        raise FormatError(name, f"larger than the input limit of {limit(env)} MiB ({env}; "
                                f"raise it to process this file)")
    return data
