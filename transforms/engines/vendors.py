"""Vendor MT APIs over HTTP (stdlib only), each speaking the vendor's documented contract:
endpoint, auth header, request/response JSON, batch limits and tag handling.  Failures map to
``EngineError`` in ``base.http_json`` (timeouts, 429, 5xx and truncated bodies retryable,
with Retry-After; other 4xx not), and ``stages.Translator`` retries, batches, throttles and
dead-letters.  Configuration: engine options (``--engine-option url=...``) or environment
variables; API keys only from the environment (never options: they would reach logs).

| engine         | endpoint (option ``url``)                                  | key env var            |
|----------------|------------------------------------------------------------|------------------------|
| ``deepl``      | https://api.deepl.com (free keys ending ':fx': api-free)    | DEEPL_AUTH_KEY         |
| ``google``     | https://translation.googleapis.com, option ``project``      | GOOGLE_ACCESS_TOKEN    |
| ``azure``      | https://api.cognitive.microsofttranslator.com, ``region``   | AZURE_TRANSLATOR_KEY   |
| ``modernmt``   | https://api.modernmt.com                                    | MODERNMT_API_KEY       |
| ``libretranslate`` | http://127.0.0.1:5000                                   | LIBRETRANSLATE_API_KEY |
| ``openai``     | https://api.openai.com/v1, option ``model``                 | OPENAI_API_KEY         |
"""
from __future__ import annotations

from typing import List

from transforms.engines.base import (Engine, EngineError, expect, http_json, option_or_env,
                                     register)

LANG_NAMES = {"en": "English", "es": "Spanish", "de": "German", "fr": "French", "it": "Italian",
              "pt": "Portuguese", "nl": "Dutch", "pl": "Polish", "lv": "Latvian",
              "lt": "Lithuanian", "et": "Estonian", "fi": "Finnish", "sv": "Swedish",
              "da": "Danish", "ca": "Catalan"}


class HttpEngine(Engine):
    default_url = ""
    url_env = ""
    key_env = ""
    key_required = True
    max_concurrency = 4
    deterministic = False

    def __init__(self, source_lang, target_lang, **options):
        super().__init__(source_lang, target_lang, **options)
        self.url = (option_or_env(options, "url", self.url_env, self.default_url) or "").rstrip("/")
        self.key = option_or_env({}, "", self.key_env) if self.key_env else None
        if self.key_required and not self.key:
            raise EngineError(f"{self.name}: set {self.key_env} to the API key")
        self.timeout = float(options.get("timeout", 30))

    def cache_identity(self) -> dict:
        ident = super().cache_identity()
        ident["url"] = self.url
        return ident

    def post(self, path: str, body, headers=None, form=False):
        return http_json("POST", self.url + path, body, headers, self.timeout, form=form)


@register
class DeepLEngine(HttpEngine):
    """POST /v2/translate, ``Authorization: DeepL-Auth-Key``; ``text`` array (≤ 50 per
    request, request ≤ 128 KiB), ``tag_handling=xml`` keeps our ``<g>``/``<x/>`` codes;
    ``{"translations": [{"detected_source_language", "text"}]}`` in order.  456 = quota
    exceeded (not retryable)."""
    name = "deepl"
    url_env = "DEEPL_API_URL"
    key_env = "DEEPL_AUTH_KEY"
    max_batch_segments = 50
    max_batch_chars = 30000     # leaves room under 128 KiB for JSON and UTF-8

    def __init__(self, source_lang, target_lang, **options):
        super().__init__(source_lang, target_lang, **options)
        if not self.url:
            self.url = ("https://api-free.deepl.com" if (self.key or "").endswith(":fx")
                        else "https://api.deepl.com")

    def translate(self, texts: List[str]) -> List[str]:
        data = self.post("/v2/translate",
                         {"text": texts, "source_lang": self.source_lang.upper(),
                          "target_lang": self.target_lang.upper(), "tag_handling": "xml",
                          "split_sentences": "nonewlines", "preserve_formatting": True},
                         {"Authorization": f"DeepL-Auth-Key {self.key}"})
        items = data.get("translations") if isinstance(data, dict) else None
        expect(isinstance(items, list) and len(items) == len(texts), "one translation per text")
        return [i.get("text") for i in items]


@register
class GoogleV3Engine(HttpEngine):
    """Cloud Translation v3: POST /v3/projects/{project}/locations/{location}:translateText,
    ``Authorization: Bearer <token>``; ``contents`` (≤ 1024 strings, ≤ 30,000 code points
    per request recommended), ``mimeType=text/html`` keeps tags;
    ``{"translations": [{"translatedText"}]}``."""
    name = "google"
    default_url = "https://translation.googleapis.com"
    url_env = "GOOGLE_TRANSLATE_URL"
    key_env = "GOOGLE_ACCESS_TOKEN"
    max_batch_segments = 1024
    max_batch_chars = 30000

    def __init__(self, source_lang, target_lang, **options):
        super().__init__(source_lang, target_lang, **options)
        self.project = option_or_env(options, "project", "GOOGLE_CLOUD_PROJECT")
        self.location = options.get("location", "global")
        if not self.project:
            raise EngineError("google: set the project (--engine-option project=... or "
                              "GOOGLE_CLOUD_PROJECT)")

    def translate(self, texts: List[str]) -> List[str]:
        data = self.post(f"/v3/projects/{self.project}/locations/{self.location}:translateText",
                         {"contents": texts, "mimeType": "text/html",
                          "sourceLanguageCode": self.source_lang,
                          "targetLanguageCode": self.target_lang},
                         {"Authorization": f"Bearer {self.key}"})
        items = data.get("translations") if isinstance(data, dict) else None
        expect(isinstance(items, list) and len(items) == len(texts), "one translation per content")
        return [i.get("translatedText") for i in items]


@register
class AzureEngine(HttpEngine):
    """Translator v3: POST /translate?api-version=3.0&from=..&to=..&textType=html,
    ``Ocp-Apim-Subscription-Key`` (+ ``Ocp-Apim-Subscription-Region``); body
    ``[{"Text"}]`` (≤ 1000 elements, ≤ 50,000 characters); answer
    ``[{"translations": [{"text", "to"}]}]``."""
    name = "azure"
    default_url = "https://api.cognitive.microsofttranslator.com"
    url_env = "AZURE_TRANSLATOR_URL"
    key_env = "AZURE_TRANSLATOR_KEY"
    max_batch_segments = 1000
    max_batch_chars = 50000

    def translate(self, texts: List[str]) -> List[str]:
        headers = {"Ocp-Apim-Subscription-Key": self.key}
        region = option_or_env(self.options, "region", "AZURE_TRANSLATOR_REGION")
        if region:
            headers["Ocp-Apim-Subscription-Region"] = region
        data = self.post(f"/translate?api-version=3.0&from={self.source_lang}"
                         f"&to={self.target_lang}&textType=html",
                         [{"Text": t} for t in texts], headers)
        expect(isinstance(data, list) and len(data) == len(texts), "one result per text")
        out = []
        for item in data:
            tr = item.get("translations") if isinstance(item, dict) else None
            expect(isinstance(tr, list) and tr, "translations[0]")
            out.append(tr[0].get("text"))
        return out


@register
class ModernMTEngine(HttpEngine):
    """POST /translate with ``MMT-ApiKey`` (and ``X-HTTP-Method-Override: GET``, as ModernMT
    documents); ``q`` array, XML tags kept natively; ``{"status": 200, "data":
    [{"translation"}]}``; errors ``{"status", "error": {"type", "message"}}``."""
    name = "modernmt"
    default_url = "https://api.modernmt.com"
    url_env = "MODERNMT_URL"
    key_env = "MODERNMT_API_KEY"
    max_batch_segments = 128
    max_batch_chars = 10240

    def translate(self, texts: List[str]) -> List[str]:
        data = self.post("/translate", {"source": self.source_lang, "target": self.target_lang,
                                        "q": texts},
                         {"MMT-ApiKey": self.key, "X-HTTP-Method-Override": "GET"})
        expect(isinstance(data, dict), "a JSON object")
        if data.get("status") != 200:
            err = data.get("error") or {}
            status = data.get("status")
            raise EngineError(f"ModernMT {status} {err.get('type')}: {err.get('message')}",
                              retryable=isinstance(status, int) and (status >= 500 or status == 429))
        items = data.get("data")
        expect(isinstance(items, list) and len(items) == len(texts), "one translation per q")
        return [i.get("translation") for i in items]


@register
class LibreTranslateEngine(HttpEngine):
    """POST /translate ``{"q": [...], "source", "target", "format": "html", "api_key"}`` ->
    ``{"translatedText": [...]}``; errors ``{"error": "..."}`` with 400/403/429/500."""
    name = "libretranslate"
    default_url = "http://127.0.0.1:5000"
    url_env = "LIBRETRANSLATE_URL"
    key_env = "LIBRETRANSLATE_API_KEY"
    key_required = False
    max_batch_segments = 50
    max_batch_chars = 20000

    def translate(self, texts: List[str]) -> List[str]:
        body = {"q": texts, "source": self.source_lang, "target": self.target_lang,
                "format": "html"}
        if self.key:
            body["api_key"] = self.key
        data = self.post("/translate", body)
        items = data.get("translatedText") if isinstance(data, dict) else None
        expect(isinstance(items, list) and len(items) == len(texts), "one translatedText per q")
        return items


PRISM_PROMPT = "Directly translate {source} to {target}: {text}"


@register
class OpenAIChatEngine(HttpEngine):
    """An OpenAI-compatible chat endpoint: POST /chat/completions, ``Authorization: Bearer``;
    one segment per request with PRISM's prompt ("Directly translate English to Spanish:
    <text>"), temperature 0; the answer is ``choices[0].message.content``.  A reply cut off by
    the length limit (``finish_reason: length``) is an error, not a translation."""
    name = "openai"
    default_url = "https://api.openai.com/v1"
    url_env = "OPENAI_BASE_URL"
    key_env = "OPENAI_API_KEY"
    max_batch_segments = 1
    max_batch_chars = 8000
    max_segment_chars = 8000

    def __init__(self, source_lang, target_lang, **options):
        super().__init__(source_lang, target_lang, **options)
        self.model = option_or_env(options, "model", "OPENAI_MODEL", "gpt-4o-mini")

    def translate(self, texts: List[str]) -> List[str]:
        out = []
        for text in texts:
            prompt = PRISM_PROMPT.format(source=LANG_NAMES.get(self.source_lang, self.source_lang),
                                         target=LANG_NAMES.get(self.target_lang, self.target_lang),
                                         text=text)
            data = self.post("/chat/completions",
                             {"model": self.model, "temperature": 0,
                              "messages": [{"role": "user", "content": prompt}]},
                             {"Authorization": f"Bearer {self.key}"})
            choices = data.get("choices") if isinstance(data, dict) else None
            expect(isinstance(choices, list) and choices, "choices[0]")
            if choices[0].get("finish_reason") == "length":
                raise EngineError("openai: reply cut off at the length limit", retryable=False)
            content = (choices[0].get("message") or {}).get("content")
            expect(isinstance(content, str), "choices[0].message.content")
            out.append(content.strip())
        return out
