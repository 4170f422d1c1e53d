"""The secret-keyed integer every pseudonym choice is drawn from (pure).

The choice is keyed by a secret (HMAC-SHA256 over scope, category and the cluster's linking
key), so a rerun with the same secret gives the same pseudonyms and nobody without the secret
can recompute the mapping.  The message is the parts joined by U+001F: changing it (or the
parts a caller passes) changes every pseudonym of every run.
"""
from __future__ import annotations

import hmac


def keyed_int(secret: bytes, *parts: str) -> int:
    msg = "\x1f".join(parts).encode("utf-8")
    # hmac.digest: the one-shot C path (an HMAC object per call cost a fortieth of protection)
    return int.from_bytes(hmac.digest(secret, msg, "sha256")[:8], "big")
