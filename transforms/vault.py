"""The mapping vault: original <-> pseudonym assignments, persisted only encrypted.

Within a run the assignments live in memory (``ProtectedDocument``).  ``--vault PATH`` writes
one file per document, ``PATH/<document>.vault``, sealed with AES-256-GCM:

    b"DOPPELV1" | salt (16) | nonce (12) | ciphertext+tag

The AES key is derived per file with HKDF-SHA256 from ``DOPPEL_VAULT_KEY`` and the random
salt; the header is authenticated (GCM associated data), so a wrong key, a truncated or
altered file all fail with ``VaultError`` — never a silent clear-text fallback, and there is
no unencrypted mode.  Make a key with ``python -c "import secrets; print(secrets.token_urlsafe(32))"``.
"""
from __future__ import annotations

import json
import os
from typing import Any, Dict, Optional

import apache_beam as beam

MAGIC = b"DOPPELV1"
ENV = "DOPPEL_VAULT_KEY"
MIN_KEY_CHARS = 16


class VaultError(Exception):
    pass


def vault_key(env: str = ENV) -> bytes:
    """The key material from the environment; missing or too short is an error."""
    value = os.environ.get(env, "")
    if not value:
        raise VaultError(f"{env} is not set: the vault is written only encrypted; set {env} to a "
                         f"random secret (python -c \"import secrets; "
                         f"print(secrets.token_urlsafe(32))\")")
    if len(value) < MIN_KEY_CHARS:
        raise VaultError(f"{env} is too short ({len(value)} characters; at least "
                         f"{MIN_KEY_CHARS} random characters, 43 from token_urlsafe(32) is best)")
    return value.encode("utf-8")


def _derive(key: bytes, salt: bytes) -> bytes:
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=salt,
                info=b"doppel vault v1").derive(key)


def seal(payload: Dict[str, Any], key: bytes) -> bytes:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    salt, nonce = os.urandom(16), os.urandom(12)
    header = MAGIC + salt + nonce
    data = json.dumps(payload, ensure_ascii=False, sort_keys=True).encode("utf-8")
    return header + AESGCM(_derive(key, salt)).encrypt(nonce, data, header)


def unseal(blob: bytes, key: bytes, name: str = "<vault>") -> Dict[str, Any]:
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    if len(blob) < len(MAGIC) + 28 + 16 or not blob.startswith(MAGIC):
        raise VaultError(f"{name}: not a Doppel vault file")
    header = blob[:len(MAGIC) + 28]
    salt, nonce = header[len(MAGIC):len(MAGIC) + 16], header[len(MAGIC) + 16:]
    try:
        data = AESGCM(_derive(key, salt)).decrypt(nonce, blob[len(header):], header)
    except InvalidTag:
        raise VaultError(f"{name}: wrong vault key, or the file was altered")
    return json.loads(data.decode("utf-8"))


def document_payload(pd) -> Dict[str, Any]:
    """What restoring a ``ProtectedDocument`` needs: every assignment, the clusters."""
    return {"document": pd.document.name,
            "source_lang": pd.document.source_lang, "target_lang": pd.document.target_lang,
            "clusters": [c.to_dict() for c in pd.clusters],
            "segments": [{"id": s.id, "index": s.index,
                          "assignments": [a.to_dict() for a in s.assignments],
                          # PRISM's substitution history, when the run used PRISM
                          **({"words": list(s.words)} if getattr(s, "words", None) else {})}
                         for s in pd.segments if s.assignments or getattr(s, "words", None)]}


def read_vault(path: str, key: Optional[bytes] = None) -> Dict[str, Any]:
    from apache_beam.io.filesystems import FileSystems
    key = vault_key() if key is None else key
    with FileSystems.open(path, compression_type="uncompressed") as fh:
        return unseal(fh.read(), key, path)


NEW_ENV = "DOPPEL_VAULT_NEW_KEY"


def rotate(directory: str, old_key: bytes, new_key: bytes) -> Dict[str, str]:
    """Re-encrypt every ``*.vault`` file of ``directory`` under ``new_key``: file -> what
    was done (``rotated`` or ``already under the new key``).  Each file is unsealed with
    ``old_key``, sealed afresh (new salt and nonce) and replaced atomically; the clear
    assignments exist only in memory.  Safe to run again after an interruption: a file
    already under the new key is left alone.  A file neither key opens stops the rotation
    before anything is rewritten (``VaultError``)."""
    import glob
    from transforms.beam import _write_bytes
    if old_key == new_key:
        raise VaultError("the new vault key is the old one")
    paths = sorted(glob.glob(os.path.join(directory, "*.vault")))
    if not paths:
        raise VaultError(f"{directory}: no .vault files")
    todo, done = [], {}
    for path in paths:
        with open(path, "rb") as fh:
            blob = fh.read()
        try:
            todo.append((path, unseal(blob, old_key, path)))
        except VaultError:
            unseal(blob, new_key, path)       # raises when neither key opens it
            done[path] = "already under the new key"
    for path, payload in todo:
        _write_bytes(path, seal(payload, new_key))
        done[path] = "rotated"
    return done


class WriteVaultFn(beam.DoFn):
    """(name, ProtectedDocument) -> ``<dir>/<name>.vault``.  The key is read from the
    environment on the worker, so it is never part of the pipeline graph."""

    def __init__(self, directory: str):
        self.directory = directory
        self.key = None

    def setup(self):
        self.key = vault_key()

    def process(self, item):
        from apache_beam.io.filesystems import FileSystems
        from transforms.stages import safe_name
        name, pd = item
        from transforms.beam import _write_bytes
        path = FileSystems.join(self.directory, safe_name(name) + ".vault")
        _write_bytes(path, seal(document_payload(pd), self.key))      # atomically
        yield path


def main(argv=None) -> int:
    """``doppel vault show FILE``: print a vault file's assignments (needs DOPPEL_VAULT_KEY).
    ``doppel vault rotate DIR``: re-encrypt every vault file of DIR from DOPPEL_VAULT_KEY
    to DOPPEL_VAULT_NEW_KEY (then make the new key the one in DOPPEL_VAULT_KEY)."""
    import sys
    argv = list(sys.argv[1:] if argv is None else argv)
    if len(argv) == 2 and argv[0] == "rotate":
        try:
            for path, what in rotate(argv[1], vault_key(), vault_key(NEW_ENV)).items():
                print(f"{path}: {what}")
        except (VaultError, OSError) as exc:
            print(f"doppel: {exc}", file=sys.stderr)
            return 1
        return 0
    if len(argv) != 2 or argv[0] != "show":
        print("usage: doppel vault show FILE.vault | doppel vault rotate DIR", file=sys.stderr)
        return 2
    try:
        print(json.dumps(read_vault(argv[1]), ensure_ascii=False, indent=1))
    except (VaultError, OSError) as exc:
        print(f"doppel: {exc}", file=sys.stderr)
        return 1
    return 0
