from __future__ import annotations

from typing import Callable, Dict, List, Type


class EngineError(Exception):
    """A batch could not be translated; ``retryable`` says whether trying again may help."""

    def __init__(self, message: str, retryable: bool = False):
        super().__init__(message)
        self.retryable = retryable


class Engine:
    """Translate batches of segments.  Payloads carry inline codes as ``<g id>``/``<x id/>``
    tags (``transforms.markup``); an engine must give them back."""

    name = ""
    supports_tags = True        # keeps XML-ish inline tags
    max_batch_segments = 64
    max_batch_chars = 20000

    def __init__(self, source_lang: str, target_lang: str, **options):
        self.source_lang = source_lang
        self.target_lang = target_lang
        self.options = options

    def translate(self, texts: List[str]) -> List[str]:
        raise NotImplementedError

    def close(self) -> None:
        pass


ENGINES: Dict[str, Type[Engine]] = {}


def register(cls: Type[Engine]) -> Type[Engine]:
    ENGINES[cls.name] = cls
    return cls


def create(name: str, source_lang: str, target_lang: str, **options) -> Engine:
    try:
        cls = ENGINES[name]
    except KeyError:
        raise EngineError(f"unknown engine {name!r} (known: {', '.join(sorted(ENGINES))})") from None
    return cls(source_lang, target_lang, **options)
