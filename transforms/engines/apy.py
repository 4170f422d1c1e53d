"""``apertium-apy``: Apertium's HTTP server (Debian ``apertium-apy``).

A batch is one ``POST /translate`` (``q``, ``langpair=eng|spa``, ``markUnknown=no``) built
exactly like the CLI engine's request (``apertium.batch_request``), so a server started with
``-r 0`` (a fresh pipe per request) gives byte-identical output to the ``apertium`` engine.
A long-lived APy pipe (its default) keeps tagger state between requests, so its output can
differ slightly from request to request history.

Options: ``apy_url`` (env ``DOPPEL_APY_URL``, default ``http://127.0.0.1:2737``),
``timeout`` (seconds).  Start a server: ``apertium-apy -p 2737 -r 0 /usr/share/apertium/modes``.

APy translates only the first ten pieces (about 4 KB each) of a request and leaves the rest
out of its answer: batches are cut to fit (``fits``; the CLI engine cuts them the same way),
and a lone segment too long for one request is refused, never sent to be cut short.
"""
from __future__ import annotations

from typing import List

from transforms.engines.apertium import (ISO3, MAX_PARTS, batch_request, batch_response,
                                        request_fits)
from transforms.engines.base import Engine, EngineError, expect, http_json, option_or_env, register


@register
class ApyEngine(Engine):
    name = "apertium-apy"
    max_batch_segments = 200
    max_batch_chars = 100000
    # One request at a time: APy puts requests that arrive together into the same pipe
    # (up to ``-u`` users per pipe, default 5), so the second is tagged after the first and
    # translates differently from alone — even with ``-r 0``.  A server started with
    # ``-i N -u 0`` gives each concurrent request a pipe of its own; then raise it with
    # ``--engine-option max_concurrency=N`` (at most 2: more users shorten APy's pieces).
    max_concurrency = 1
    deterministic = True

    def __init__(self, source_lang, target_lang, **options):
        super().__init__(source_lang, target_lang, **options)
        self.url = option_or_env(options, "apy_url", "DOPPEL_APY_URL",
                                 "http://127.0.0.1:2737").rstrip("/")
        self.langpair = f"{ISO3.get(source_lang, source_lang)}|{ISO3.get(target_lang, target_lang)}"
        self.timeout = float(options.get("timeout", 60))

    def cache_identity(self) -> dict:
        return {"langpair": self.langpair}

    def fits(self, texts: List[str]) -> bool:
        return request_fits(texts)

    def translate(self, texts: List[str]) -> List[str]:
        if not texts:
            return []
        if not request_fits(texts):
            # Only a single segment of ~20 KB or more gets here (batches are cut by
            # ``fits``): APy would translate its first pieces and drop the rest.
            raise EngineError(f"too long for APy: it translates only the first {MAX_PARTS} "
                              f"pieces (about 4 KB each) of a request and drops the rest")
        data = http_json("POST", f"{self.url}/translate",
                         {"q": batch_request(texts), "langpair": self.langpair,
                          "markUnknown": "no"}, timeout=self.timeout, form=True)
        expect(isinstance(data, dict), "a JSON object")
        if data.get("responseStatus") != 200:
            status = data.get("responseStatus")
            raise EngineError(f"APy error {status}: {data.get('explanation') or data.get('message')}",
                              retryable=isinstance(status, int) and status >= 500)
        text = (data.get("responseData") or {}).get("translatedText")
        expect(isinstance(text, str), "responseData.translatedText")
        try:
            return batch_response(text, len(texts))
        except EngineError as exc:
            exc.retryable = True
            raise
