"""Engines for tests: ``identity`` returns the payload; ``upper`` upper-cases text outside
tags (a visible, deterministic 'translation')."""
from __future__ import annotations

import re
from typing import List

from transforms.engines.base import Engine, register


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
