"""Engines for tests: ``identity`` returns the payload; ``upper`` upper-cases text outside
tags (a visible, deterministic 'translation'); ``slow`` is ``identity`` taking its time."""
from __future__ import annotations

import re
from typing import List

from transforms.engines.base import Engine, EngineError, register


@register
class IdentityEngine(Engine):
    name = "identity"

    def translate(self, texts: List[str]) -> List[str]:
        return list(texts)


@register
class UpperEngine(Engine):
    name = "upper"

    def translate(self, texts: List[str]) -> List[str]:
        return [re.sub(r"(<[^>]*>)|([^<]+)", lambda m: m.group(1) or m.group(2).upper(), t)
                for t in texts]


@register
class SlowEngine(Engine):
    """``identity`` taking ``delay`` seconds per call (option, default 0.2): a run that lasts
    long enough to be killed in the middle (fault tests).  The delay is not part of the
    cache identity: it changes when the answer comes, not what it is."""
    name = "slow"

    def translate(self, texts: List[str]) -> List[str]:
        import time
        time.sleep(float(self.options.get("delay", 0.2)))
        return list(texts)

    def cache_identity(self) -> dict:
        return {k: v for k, v in super().cache_identity().items() if k != "delay"}


class RecordEngine(Engine):
    """Replays recorded translations (evaluation with a fixed engine): a JSONL file of
    ``{"source": <payload>, "translation": <text>}`` lines, option ``record`` or env
    ``DOPPEL_RECORD``.  A payload that was not recorded fails (dead-lettered), never guessed."""
    name = "record"

    def __init__(self, source_lang, target_lang, **options):
        super().__init__(source_lang, target_lang, **options)
        import json
        import os
        path = options.get("record") or os.environ.get("DOPPEL_RECORD")
        if not path:
            raise EngineError("record: give the recording (--engine-option record=FILE.jsonl)")
        self.path = path
        self.table = {}
        try:
            with open(path, encoding="utf-8") as fh:
                for n, line in enumerate(fh, 1):
                    if not line.strip():
                        continue
                    row = json.loads(line)
                    src = row.get("source", row.get("text"))
                    if not isinstance(src, str) or not isinstance(row.get("translation"), str):
                        raise EngineError(f"record: {path}:{n}: expected source and translation")
                    self.table[src] = row["translation"]
        except OSError as exc:
            raise EngineError(f"record: cannot read {path}: {exc.strerror}") from None
        except ValueError as exc:
            raise EngineError(f"record: {path}: not JSONL ({exc})") from None

    def cache_identity(self) -> dict:
        import hashlib
        with open(self.path, "rb") as fh:
            return {"record": hashlib.sha256(fh.read()).hexdigest()}

    def translate(self, texts: List[str]) -> List[str]:
        missing = [t for t in texts if t not in self.table]
        if missing:
            raise EngineError(f"record: {len(missing)} payload(s) not in {self.path}")
        return [self.table[t] for t in texts]
