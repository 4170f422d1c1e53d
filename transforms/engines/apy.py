"""``apertium-apy``: Apertium's HTTP server (Debian ``apertium-apy``).

A batch is one ``POST /translate`` (``q``, ``langpair=eng|spa``, ``markUnknown=no``) built
exactly like the CLI engine's request (``apertium.batch_request``), so a server started with
``-r 0`` (a fresh pipe per request) gives byte-identical output to the ``apertium`` engine.
A long-lived APy pipe (its default) keeps tagger state between requests, so its output can
differ slightly from request to request history.

Options: ``apy_url`` (env ``DOPPEL_APY_URL``, default ``http://127.0.0.1:2737``),
``timeout`` (seconds).  Start a server: ``apertium-apy -p 2737 -r 0 /usr/share/apertium/modes``.
"""
from __future__ import annotations

from typing import List

from transforms.engines.apertium import ISO3, batch_request, batch_response
from transforms.engines.base import Engine, EngineError, expect, http_json, option_or_env, register


@register
class ApyEngine(Engine):
    name = "apertium-apy"
    max_batch_segments = 200
    max_batch_chars = 100000
    max_concurrency = 2      # > 2 concurrent users make APy cut requests differently
    deterministic = True

    def __init__(self, source_lang, target_lang, **options):
        super().__init__(source_lang, target_lang, **options)
        self.url = option_or_env(options, "apy_url", "DOPPEL_APY_URL",
                                 "http://127.0.0.1:2737").rstrip("/")
        self.langpair = f"{ISO3.get(source_lang, source_lang)}|{ISO3.get(target_lang, target_lang)}"
        self.timeout = float(options.get("timeout", 60))

    def cache_identity(self) -> dict:
        return {"langpair": self.langpair}

    def translate(self, texts: List[str]) -> List[str]:
        if not texts:
            return []
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
