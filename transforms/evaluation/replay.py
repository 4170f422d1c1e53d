"""``replay``: an engine that gives back recorded translations (for evaluation fixtures and
for scoring a vendor's output captured elsewhere, offline and reproducibly).

The recording is JSONL, one ``{"source": <payload as sent>, "translation": <text>}`` per
line (``"target"`` is accepted for the translation too; the same file works with the
``record`` engine); optional ``"source_lang"``/``"target_lang"`` restrict a record to a direction.  Engine
option ``replay_file`` (``--replay-file`` on the command line) names it.  A payload with no
recording fails (the segment is dead-lettered with that reason), never silently passes.
"""
from __future__ import annotations

import json
from typing import Dict, List

from transforms.engines.base import ENGINES, Engine, EngineError, register


def load_recording(path: str, source_lang: str = "", target_lang: str = "") -> Dict[str, str]:
    table: Dict[str, str] = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                    src = rec["source"]
                    tgt = rec["translation"] if "translation" in rec else rec["target"]
                except (ValueError, KeyError, TypeError):
                    raise EngineError(f"{path}:{lineno}: expected {{\"source\": ..., \"translation\": ...}}")
                if source_lang and rec.get("source_lang", source_lang) != source_lang:
                    continue
                if target_lang and rec.get("target_lang", target_lang) != target_lang:
                    continue
                table[src] = tgt
    except OSError as exc:
        raise EngineError(f"cannot read recording {path}: {exc.strerror}") from None
    return table


class ReplayEngine(Engine):
    name = "replay"

    def __init__(self, source_lang, target_lang, **options):
        super().__init__(source_lang, target_lang, **options)
        path = options.get("replay_file")
        if not path:
            raise EngineError("the replay engine needs a recording (--replay-file FILE)")
        self.table = load_recording(path, source_lang, target_lang)

    def translate(self, texts: List[str]) -> List[str]:
        missing = [t for t in texts if t not in self.table]
        if missing:
            raise EngineError(f"no recorded translation for {len(missing)} payload(s), e.g. "
                              f"{missing[0][:80]!r}")
        return [self.table[t] for t in texts]


if "replay" not in ENGINES:
    register(ReplayEngine)
