"""The engine interface, its declared capabilities, and the registry."""
from __future__ import annotations

import json
import os
import socket
import urllib.error
import urllib.parse
import urllib.request
from email.utils import parsedate_to_datetime
from typing import Dict, List, Mapping, Optional, Type


class EngineError(Exception):
    """A batch could not be translated.  ``retryable``: trying again may help (timeouts,
    429, 5xx, truncated bodies); ``retry_after``: seconds the server asked us to wait."""

    def __init__(self, message: str, retryable: bool = False,
                 retry_after: Optional[float] = None, status: Optional[int] = None):
        super().__init__(message)
        self.retryable = retryable
        self.retry_after = retry_after
        self.status = status


# Options that change how requests are sent, never what comes back.
_NOT_IDENTITY = {"instances", "shared_calls", "max_concurrency", "requests_per_second",
                 "timeout"}


class Engine:
    """Translate batches of segments for one language pair.  Payloads carry inline codes as
    ``<g id>``/``<x id/>`` tags (``transforms.markup``); an engine must give them back.

    Capabilities (class attributes, overridable by options): ``supports_tags``,
    ``max_batch_segments`` and ``max_batch_chars`` (per request), ``max_segment_chars``
    (longer payloads are dead-lettered, never cut), ``max_concurrency`` (requests in flight),
    ``requests_per_second`` (0: unlimited), ``deterministic`` (same input, same output: the
    cache may keep it), ``instances`` (engines a worker runs side by side, each with one
    batch at a time: for a local engine whose own stages idle between batches),
    ``shared_calls`` (sending threads that call one engine at once: more than 1 only for an
    engine whose ``translate`` is thread-safe and gains from calls arriving together)."""

    name = ""
    supports_tags = True
    max_batch_segments = 64
    max_batch_chars = 20000
    max_segment_chars = 100000
    max_concurrency = 1
    requests_per_second = 0.0
    deterministic = True
    instances = 1
    shared_calls = 1

    def __init__(self, source_lang: str, target_lang: str, **options):
        self.source_lang = source_lang
        self.target_lang = target_lang
        self.options = options
        for cap in ("max_batch_segments", "max_batch_chars", "max_concurrency", "instances",
                    "shared_calls"):
            if options.get(cap):
                setattr(self, cap, int(options[cap]))
        if options.get("requests_per_second"):
            self.requests_per_second = float(options["requests_per_second"])

    def translate(self, texts: List[str]) -> List[str]:
        raise NotImplementedError

    def fits(self, texts: List[str]) -> bool:
        """Can ``texts`` go as one request, beyond the count and character limits (a limit
        of the server's own, e.g. APy's ten pieces)?  Must grow false, never back, as
        texts are added; a single text always goes alone."""
        return True

    def cache_identity(self) -> dict:
        """What, beside the name and language pair, decides this engine's output (model,
        endpoint, options): part of every cache key.  Never secrets."""
        return {k: v for k, v in sorted(self.options.items())
                if isinstance(v, (str, int, float, bool)) and "key" not in k.lower()
                and "token" not in k.lower() and "secret" not in k.lower()
                and k not in _NOT_IDENTITY}

    def close(self) -> None:
        pass


ENGINES: Dict[str, Type[Engine]] = {}


def register(cls: Type[Engine]) -> Type[Engine]:
    ENGINES[cls.name] = cls
    return cls


def batch_size(name: str, options: Optional[Mapping] = None) -> int:
    """Segments per MT request when the user names none: the engine's own
    ``max_batch_segments`` (or the option overriding it).  Fewer, fuller requests cost less
    than many small ones: for Apertium each request starts a tagger and each stream a
    deformatter and a reformatter (about 4 ms of CPU each)."""
    if options and options.get("max_batch_segments"):
        return int(options["max_batch_segments"])
    cls = ENGINES.get(name)
    return cls.max_batch_segments if cls is not None else Engine.max_batch_segments


def create(name: str, source_lang: str, target_lang: str, **options) -> Engine:
    try:
        cls = ENGINES[name]
    except KeyError:
        raise EngineError(f"unknown engine {name!r} (known: {', '.join(sorted(ENGINES))})") from None
    return cls(source_lang, target_lang, **options)


# -- HTTP (stdlib) ----------------------------------------------------------------------

def option_or_env(options: Mapping, key: str, env: str, default: Optional[str] = None) -> Optional[str]:
    value = options.get(key)
    if value:
        return str(value)
    return os.environ.get(env, default)


def _retry_after(headers) -> Optional[float]:
    value = headers.get("Retry-After") if headers is not None else None
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        import time
        return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError):
        return None


def http_json(method: str, url: str, body=None, headers: Optional[Mapping[str, str]] = None,
              timeout: float = 30.0, form: bool = False):
    """One HTTP exchange; JSON in and out.  Maps failures onto ``EngineError``: timeouts,
    connection errors, 408/429/5xx and unreadable (truncated) bodies are retryable; other
    4xx are not (a bad key or request will not get better)."""
    hdrs = dict(headers or {})
    data = None
    if body is not None:
        if form:
            data = urllib.parse.urlencode(body).encode("utf-8")
            hdrs.setdefault("Content-Type", "application/x-www-form-urlencoded")
        else:
            data = json.dumps(body, ensure_ascii=False).encode("utf-8")
            hdrs.setdefault("Content-Type", "application/json; charset=utf-8")
    req = urllib.request.Request(url, data=data, headers=hdrs, method=method)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            raw = resp.read()
    except urllib.error.HTTPError as exc:
        try:
            detail = exc.read().decode("utf-8", "replace")[:300]
        except Exception:
            detail = ""
        retryable = exc.code in (408, 429) or exc.code >= 500
        raise EngineError(f"HTTP {exc.code} from {url}: {detail}", retryable=retryable,
                          retry_after=_retry_after(exc.headers), status=exc.code) from None
    except (socket.timeout, TimeoutError):
        raise EngineError(f"timed out after {timeout}s: {url}", retryable=True) from None
    except urllib.error.URLError as exc:
        raise EngineError(f"cannot reach {url}: {exc.reason}", retryable=True) from None
    except (ConnectionError, OSError) as exc:   # reset mid-body, IncompleteRead...
        raise EngineError(f"connection failed: {url}: {exc}", retryable=True) from None
    except Exception as exc:  # http.client.IncompleteRead is not an OSError
        raise EngineError(f"bad response from {url}: {type(exc).__name__}", retryable=True) from None
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise EngineError(f"unreadable (truncated?) response body from {url} "
                          f"({len(raw)} bytes)", retryable=True) from None


def expect(cond: bool, what: str) -> None:
    """A response that parses but does not fit the contract (wrong count...): retryable —
    a proxy or a server restart may have mangled it."""
    if not cond:
        raise EngineError(f"response does not fit the contract: {what}", retryable=True)
