"""Apertium, the offline default (rule-based, Debian packages ``apertium apertium-eng-spa``).

A batch is sent as one HTML document, each segment in its own ``<p id>`` block: Apertium
treats block tags as sentence boundaries (no word crosses them) and keeps inline tags.
``-u`` drops the ``*`` Apertium puts on unknown words (names are unknown words).
"""
from __future__ import annotations

import html
import re
import shutil
import subprocess
from typing import List

from transforms.engines.base import Engine, EngineError, register

# ISO 639-1 -> Apertium's ISO 639-3 codes
ISO3 = {"en": "eng", "es": "spa", "ca": "cat", "fr": "fra", "pt": "por", "it": "ita",
        "gl": "glg", "eu": "eus", "de": "deu", "nl": "nld", "sv": "swe", "da": "dan",
        "nb": "nob", "nn": "nno", "ro": "ron", "oc": "oci", "eo": "epo"}
_BLOCK = re.compile(r'<p id="dpl(\d+)">(.*?)</p>', re.S)


def apertium_pair(source: str, target: str) -> str:
    return f"{ISO3.get(source, source)}-{ISO3.get(target, target)}"


@register
class ApertiumEngine(Engine):
    name = "apertium"
    max_batch_segments = 200
    max_batch_chars = 100000

    def __init__(self, source_lang, target_lang, **options):
        super().__init__(source_lang, target_lang, **options)
        self.binary = options.get("apertium_binary") or "apertium"
        self.pair = options.get("apertium_pair") or apertium_pair(source_lang, target_lang)
        if shutil.which(self.binary) is None:
            raise EngineError(f"{self.binary!r} not found: install Apertium "
                              f"(apt-get install apertium apertium-eng-spa)")
        modes = subprocess.run([self.binary, "-l"], capture_output=True, text=True).stdout.split()
        if self.pair not in modes:
            raise EngineError(f"Apertium has no {self.pair} mode (installed: {', '.join(modes) or 'none'})")

    def translate(self, texts: List[str]) -> List[str]:
        if not texts:
            return []
        payload = "\n".join(f'<p id="dpl{i}">{t}</p>' for i, t in enumerate(texts))
        try:
            proc = subprocess.run([self.binary, "-u", "-f", "html", self.pair], input=payload,
                                  capture_output=True, text=True, timeout=600)
        except subprocess.TimeoutExpired:
            raise EngineError("apertium timed out", retryable=True) from None
        if proc.returncode != 0:
            raise EngineError(f"apertium exited {proc.returncode}: {proc.stderr.strip()[:300]}")
        got = {int(m.group(1)): m.group(2) for m in _BLOCK.finditer(proc.stdout)}
        missing = [i for i in range(len(texts)) if i not in got]
        if missing:
            raise EngineError(f"apertium output lost {len(missing)} of {len(texts)} segments")
        # Apertium's HTML mode writes characters as entities sometimes; markup stays escaped
        # text for from_markup, so only normalise non-markup entities (&apos; etc.).
        return [got[i].replace("&apos;", "'").replace("&#39;", "'") for i in range(len(texts))]
