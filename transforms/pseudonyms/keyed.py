"""The secret-keyed integer every pseudonym choice is drawn from (pure).

The choice is keyed by a secret (HMAC-SHA256 over scope, category and the cluster's linking
key), so a rerun with the same secret gives the same pseudonyms and nobody without the secret
can recompute the mapping.  The message is the parts joined by U+001F: changing it (or the
parts a caller passes) changes every pseudonym of every run.
"""
from __future__ import annotations

import hashlib
from typing import Dict, Tuple

_BLOCK = 64                  # SHA-256's block size (RFC 2104's B)
# secret -> SHA-256 states after its inner and outer padded key (a run has one secret)
_PADDED: Dict[bytes, Tuple["hashlib._Hash", "hashlib._Hash"]] = {}


def _padded(secret: bytes):
    hit = _PADDED.get(secret)
    if hit is None:
        key = hashlib.sha256(secret).digest() if len(secret) > _BLOCK else secret
        key = key.ljust(_BLOCK, b"\0")
        hit = (hashlib.sha256(bytes(b ^ 0x36 for b in key)),
               hashlib.sha256(bytes(b ^ 0x5C for b in key)))
        if len(_PADDED) > 16:
            _PADDED.clear()
        _PADDED[secret] = hit
    return hit


def keyed_int(secret: bytes, *parts: str) -> int:
    """The first 8 bytes of HMAC-SHA256(secret, parts joined by U+001F), big-endian.

    HMAC written out (RFC 2104) from the padded key's hash states, copied: hmac.digest
    hashes both padded keys again on every call (2.0 -> 1.2 microseconds a call), and
    protection asks for about 700 keyed integers a document (the keyed orders of dictionary
    and made-up names)."""
    msg = "\x1f".join(parts).encode("utf-8")
    inner, outer = _padded(bytes(secret))
    h = inner.copy()
    h.update(msg)
    o = outer.copy()
    o.update(h.digest())
    return int.from_bytes(o.digest()[:8], "big")
