"""Detection spans, the recogniser registry and conversion to Mentions (pure)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Dict, Iterable, List, Optional, Sequence

from schemas.records import Mention


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    category: str          # IBAN, CARD, VAT, IDNUM, PHONE, EMAIL, URL, IP, DATE, PER, ...
    subtype: str = ""      # e.g. "IBAN", "PERSONAL_CODE:LV", "NUMBER"
    text: str = ""
    source: str = "identifier"


@dataclass
class Context:
    """What a recogniser may know about the text: language and (if known) country."""
    lang: str = ""
    country: str = ""      # ISO 3166 alpha-2, upper case


class Recognizer:
    """One small class per identifier type; ``find`` returns validated spans."""
    name = "base"
    category = ""
    priority = 50          # higher wins when two validated spans of equal length overlap

    def find(self, text: str, ctx: Context) -> List[Span]:  # pragma: no cover
        raise NotImplementedError


REGISTRY: Dict[str, Recognizer] = {}


def register(cls):
    """Class decorator: instantiate and add to the registry under ``cls.name``."""
    REGISTRY[cls.name] = cls()
    return cls


LANG_COUNTRY = {"en": "GB", "es": "ES", "lv": "LV", "lt": "LT", "pl": "PL", "et": "EE",
                "fi": "FI", "sv": "SE", "da": "DK", "de": "DE", "fr": "FR", "it": "IT",
                "nl": "NL", "hr": "HR", "pt": "PT", "nb": "NO", "no": "NO", "cs": "CZ",
                "sk": "SK", "hu": "HU", "ro": "RO", "bg": "BG", "el": "GR", "sl": "SI",
                "ga": "IE", "mt": "MT"}


def resolve_overlaps(spans: Iterable[Span], weight) -> List[Span]:
    """Keep non-overlapping spans: longer first, then higher weight (a dict category ->
    priority, or a function span -> priority)."""
    key = weight if callable(weight) else (lambda s: weight.get(s.category, 0))
    ordered = sorted(spans, key=lambda s: (-(s.end - s.start), -key(s), s.start))
    kept: List[Span] = []
    for s in ordered:
        if all(s.end <= k.start or s.start >= k.end for k in kept):
            kept.append(s)
    return sorted(kept, key=lambda s: s.start)


def to_mentions(segment: int, text: str, spans: Sequence[Span]) -> List[Mention]:
    return [Mention(segment=segment, start=s.start, end=s.end, text=text[s.start:s.end],
                    category=s.category, source=s.source,
                    features={"subtype": s.subtype} if s.subtype else {}) for s in spans]
