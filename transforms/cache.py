"""A persistent, content-addressed translation cache (sqlite), so that a rerun or a repeated
segment is never sent — or paid for — twice.

Key: SHA-256 over (engine name, the engine's ``cache_identity()`` — model, endpoint, mode —,
source and target language, payload).  Value: the translation.  Only pseudonymised payloads
and their translations are stored: a payload the leak guard holds back is never sent and so
never cached.  One file (``<cache_dir>/translations.sqlite``) is shared safely by every worker
process: WAL journal, a busy timeout, and ``INSERT OR IGNORE`` (first writer wins; every
writer has the same right answer for a deterministic engine).
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from typing import Dict, Iterable, Mapping, Optional, Sequence

FILE_NAME = "translations.sqlite"


def cache_key(engine: str, identity: Mapping, source_lang: str, target_lang: str,
              text: str) -> str:
    head = json.dumps([engine, dict(sorted(identity.items())), source_lang, target_lang],
                      ensure_ascii=False, sort_keys=True, default=str)
    h = hashlib.sha256()
    h.update(head.encode("utf-8"))
    h.update(b"\0")
    h.update(text.encode("utf-8"))
    return h.hexdigest()


class TranslationCache:
    def __init__(self, directory: str, timeout: float = 60.0):
        os.makedirs(directory, exist_ok=True)
        self.path = os.path.join(directory, FILE_NAME)
        self.db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None,
                                  check_same_thread=False)
        self.db.execute("PRAGMA busy_timeout = %d" % int(timeout * 1000))
        try:
            self.db.execute("PRAGMA journal_mode = WAL")
        except sqlite3.OperationalError:   # e.g. a filesystem without shared memory
            pass
        self.db.execute("CREATE TABLE IF NOT EXISTS translations (key TEXT PRIMARY KEY, "
                        "engine TEXT NOT NULL, translation TEXT NOT NULL, created REAL NOT NULL)")
        self.hits = 0
        self.misses = 0

    def get_many(self, keys: Sequence[str]) -> Dict[str, str]:
        out: Dict[str, str] = {}
        uniq = list(dict.fromkeys(keys))
        for i in range(0, len(uniq), 500):
            chunk = uniq[i:i + 500]
            rows = self.db.execute(
                "SELECT key, translation FROM translations WHERE key IN (%s)"
                % ",".join("?" * len(chunk)), chunk).fetchall()
            out.update(rows)
        self.hits += sum(1 for k in keys if k in out)
        self.misses += sum(1 for k in keys if k not in out)
        return out

    def put_many(self, engine: str, items: Iterable[tuple]) -> None:
        now = time.time()
        rows = [(k, engine, t, now) for k, t in items]
        if not rows:
            return
        for attempt in range(5):
            try:
                self.db.execute("BEGIN IMMEDIATE")
                self.db.executemany("INSERT OR IGNORE INTO translations VALUES (?, ?, ?, ?)", rows)
                self.db.execute("COMMIT")
                return
            except sqlite3.OperationalError:
                try:
                    self.db.execute("ROLLBACK")
                except sqlite3.OperationalError:
                    pass
                if attempt == 4:
                    raise
                time.sleep(0.2 * (attempt + 1))

    def __len__(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM translations").fetchone()[0]

    def close(self) -> None:
        self.db.close()


def open_cache(directory: Optional[str]) -> Optional[TranslationCache]:
    return TranslationCache(directory) if directory else None
