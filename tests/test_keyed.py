"""keyed_int is HMAC-SHA256 of the joined parts: every pseudonym of every run depends on it."""
import hmac

from transforms.pseudonyms.keyed import keyed_int


def _reference(secret: bytes, *parts: str) -> int:
    msg = "\x1f".join(parts).encode("utf-8")
    return int.from_bytes(hmac.digest(secret, msg, "sha256")[:8], "big")


def test_keyed_int_is_the_hmac_of_the_parts_for_secrets_of_every_length():
    parts = [(), ("document",), ("document", "PER", "anna smith", "Garcia"),
             ("corpus", "LOC", "tallinn", "\x1fengine\x1f0"), ("ü" * 300, "")]
    # below, at and above SHA-256's 64-byte block: a longer key is hashed first
    for secret in (b"", b"x", b"s" * 63, b"k" * 64, b"k" * 65, bytes(range(256)) * 3):
        for p in parts:
            assert keyed_int(secret, *p) == _reference(secret, *p), (secret[:8], p)
    # the states kept per secret are not shared between secrets
    assert keyed_int(b"a", "x") != keyed_int(b"b", "x")
    assert keyed_int(bytearray(b"x"), "y") == _reference(b"x", "y")
