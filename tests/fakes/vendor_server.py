"""Local stand-ins for vendor MT APIs (loopback only), implementing each vendor's documented
contract: paths, auth headers, request/response JSON, batch limits and error bodies — and, on
request, failures: a share of calls time out, answer 429 with Retry-After, 500, or send a
truncated body.  Every call is recorded (``server.calls``) so tests can count what was sent.

The "translation" is a visible, deterministic word swap outside tags (the -> el, and -> y,
of -> de), so names and codes pass through like a real engine passes unknown names.
"""
from __future__ import annotations

import json
import random
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

KEYS = {"deepl": "deepl-test-key:fx", "google": "google-test-token", "azure": "azure-test-key",
        "modernmt": "mmt-test-key", "libretranslate": "libre-test-key", "openai": "sk-test"}
WORDS = {"the": "el", "and": "y", "of": "de", "is": "es", "The": "El"}


def fake_translate(text: str) -> str:
    return re.sub(r"(<[^>]*>)|([^<]+)", lambda m: m.group(1) or re.sub(
        r"\b(the|and|of|is|The)\b", lambda w: WORDS[w.group(1)], m.group(2)), text)


class Chaos:
    def __init__(self, rate: float = 0.0, seed: int = 0, modes=("timeout", "429", "500", "truncated"),
                 hang: float = 1.5):
        self.rate, self.modes, self.hang = rate, modes, hang
        self.random = random.Random(seed)
        self.lock = threading.Lock()
        self.injected = {}

    def pick(self):
        with self.lock:
            if self.random.random() < self.rate:
                mode = self.random.choice(self.modes)
                self.injected[mode] = self.injected.get(mode, 0) + 1
                return mode
        return None


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def _send(self, status, obj, headers=None, truncate=False):
        body = json.dumps(obj, ensure_ascii=False).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if truncate:
            self.wfile.write(body[: max(1, len(body) // 2)])
            self.wfile.flush()
            self.close_connection = True
            return
        self.wfile.write(body)

    def do_POST(self):
        srv = self.server
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        url = urlparse(self.path)
        query = parse_qs(url.query)
        vendor = srv.route(url.path, query, self.headers)
        call = {"vendor": vendor, "path": url.path, "query": query,
                "headers": dict(self.headers), "raw": raw.decode("utf-8", "replace")}
        with srv.lock:
            srv.calls.append(call)
        if vendor is None:
            return self._send(404, {"error": "not found"})
        if not srv.authorised(vendor, self.headers, raw):
            return self._send(*srv.auth_error(vendor))
        fault = srv.chaos.pick()
        if fault == "timeout":
            time.sleep(srv.chaos.hang)
            return self._send(*srv.server_error(vendor, 503))
        if fault == "429":
            return self._send(*srv.rate_error(vendor), headers={"Retry-After": "0"})
        if fault == "500":
            return self._send(*srv.server_error(vendor, 500))
        try:
            status, obj = getattr(srv, "handle_" + vendor)(call, raw)
        except (ValueError, KeyError, TypeError) as exc:
            status, obj = srv.bad_request(vendor, f"malformed request: {exc}")
        if status == 200:
            with srv.lock:
                srv.translated.extend(call.get("texts", []))
        self._send(status, obj, truncate=(fault == "truncated" and status == 200))


class VendorServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass   # clients that gave up (timeouts) close their end: expected here

    def __init__(self, chaos: Chaos = None):
        super().__init__(("127.0.0.1", 0), _Handler)
        self.chaos = chaos or Chaos()
        self.calls, self.translated = [], []
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server_address[1]}"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.shutdown()
        self.server_close()

    # -- routing and auth -----------------------------------------------------------
    def route(self, path, query, headers):
        if path == "/v2/translate":
            return "deepl"
        if re.fullmatch(r"/v3/projects/[^/]+/locations/[^/:]+:translateText", path):
            return "google"
        if path == "/translate" and "api-version" in query:
            return "azure"
        if path == "/translate":
            return "modernmt" if "MMT-ApiKey" in headers else "libretranslate"
        if path in ("/chat/completions", "/v1/chat/completions"):
            return "openai"
        return None

    def authorised(self, vendor, headers, raw):
        key = KEYS[vendor]
        if vendor == "deepl":
            return headers.get("Authorization") == f"DeepL-Auth-Key {key}"
        if vendor in ("google", "openai"):
            return headers.get("Authorization") == f"Bearer {key}"
        if vendor == "azure":
            return headers.get("Ocp-Apim-Subscription-Key") == key
        if vendor == "modernmt":
            return headers.get("MMT-ApiKey") == key
        if vendor == "libretranslate":
            try:
                return json.loads(raw).get("api_key") == key
            except ValueError:
                return False
        return False

    # -- vendor error bodies -------------------------------------------------------
    def auth_error(self, vendor):
        return {"deepl": (403, {"message": "Wrong endpoint or authentication key"}),
                "google": (401, {"error": {"code": 401, "message": "Request had invalid authentication credentials.", "status": "UNAUTHENTICATED"}}),
                "azure": (401, {"error": {"code": 401000, "message": "The request is not authorized because credentials are missing or invalid."}}),
                "modernmt": (401, {"status": 401, "error": {"type": "AuthenticationException", "message": "Invalid API key"}}),
                "libretranslate": (403, {"error": "Invalid API key"}),
                "openai": (401, {"error": {"message": "Incorrect API key provided", "type": "invalid_request_error", "code": "invalid_api_key"}})}[vendor]

    def rate_error(self, vendor):
        return {"deepl": (429, {"message": "Too many requests"}),
                "google": (429, {"error": {"code": 429, "message": "Quota exceeded", "status": "RESOURCE_EXHAUSTED"}}),
                "azure": (429, {"error": {"code": 429001, "message": "The server rejected the request because the client has exceeded request limits."}}),
                "modernmt": (429, {"status": 429, "error": {"type": "TooManyRequestsException", "message": "Too many requests"}}),
                "libretranslate": (429, {"error": "Too many request limits violations"}),
                "openai": (429, {"error": {"message": "Rate limit reached", "type": "requests", "code": "rate_limit_exceeded"}})}[vendor]

    def server_error(self, vendor, code):
        if vendor == "modernmt":
            return code, {"status": code, "error": {"type": "InternalErrorException", "message": "internal error"}}
        if vendor in ("google", "azure", "openai"):
            return code, {"error": {"code": code, "message": "internal error"}}
        if vendor == "libretranslate":
            return code, {"error": "internal error"}
        return code, {"message": "Internal server error"}

    def bad_request(self, vendor, message):
        if vendor == "modernmt":
            return 400, {"status": 400, "error": {"type": "ParameterParsingException", "message": message}}
        if vendor in ("google", "azure", "openai"):
            return 400, {"error": {"code": 400, "message": message}}
        if vendor == "libretranslate":
            return 400, {"error": message}
        return 400, {"message": message}

    # -- the contracts -----------------------------------------------------------------
    def handle_deepl(self, call, raw):
        body = json.loads(raw)
        texts = body["text"]
        if not isinstance(texts, list) or not texts or len(texts) > 50:
            return self.bad_request("deepl", "text must hold 1..50 strings")
        if len(raw) > 128 * 1024:
            return 413, {"message": "Request Entity Too Large"}
        if body.get("tag_handling") not in (None, "xml", "html") or not body.get("target_lang"):
            return self.bad_request("deepl", "Value for 'target_lang' not supported.")
        call["texts"] = texts
        return 200, {"translations": [{"detected_source_language": body.get("source_lang", "EN"),
                                       "text": fake_translate(t)} for t in texts]}

    def handle_google(self, call, raw):
        body = json.loads(raw)
        texts = body["contents"]
        if len(texts) > 1024 or sum(len(t) for t in texts) > 30000:
            return 400, {"error": {"code": 400, "message": "Too many text segments or codepoints", "status": "INVALID_ARGUMENT"}}
        if not body.get("targetLanguageCode"):
            return 400, {"error": {"code": 400, "message": "Target language is required", "status": "INVALID_ARGUMENT"}}
        call["texts"] = texts
        return 200, {"translations": [{"translatedText": fake_translate(t) if body.get("mimeType") == "text/html" else t}
                                      for t in texts]}

    def handle_azure(self, call, raw):
        body = json.loads(raw)
        q = call["query"]
        if q.get("api-version") != ["3.0"] or "to" not in q:
            return 400, {"error": {"code": 400000, "message": "One of the request inputs is not valid."}}
        if len(body) > 1000 or sum(len(x["Text"]) for x in body) > 50000:
            return 400, {"error": {"code": 400077, "message": "The maximum request size has been exceeded."}}
        texts = [x["Text"] for x in body]
        call["texts"] = texts
        return 200, [{"translations": [{"text": fake_translate(t), "to": q["to"][0]}]} for t in texts]

    def handle_modernmt(self, call, raw):
        body = json.loads(raw)
        texts = body["q"] if isinstance(body["q"], list) else [body["q"]]
        if len(texts) > 128 or not body.get("source") or not body.get("target"):
            return self.bad_request("modernmt", "Invalid q, source or target")
        call["texts"] = texts
        data = [{"translation": fake_translate(t), "characters": len(t), "billedCharacters": len(t)}
                for t in texts]
        return 200, {"status": 200, "data": data if isinstance(body["q"], list) else data[0]}

    def answer_questions(self, call, body, content):
        """A deterministic lexical reader behind the chat contract (the PRISM QA prompt):
        each question's answer is the option sharing most words with the message (ties:
        the first) — a reader that fails when the message's words are hidden."""
        head, _, rest = content.partition("\n\n")
        n = int(re.search(r"solve the following (\d+) questions", head).group(1))
        blocks = rest.split("\n\n")
        message = "\n\n".join(blocks[:len(blocks) - n - 1])
        seen = set(re.findall(r"\w+", message.lower()))
        answers = []
        for k, block in enumerate(blocks[len(blocks) - n - 1:len(blocks) - 1], 1):
            opts = re.findall(r"^([A-Z])\) (.*)$", block, re.M)
            score = [(len(set(re.findall(r"\w+", o.lower())) & seen), -i, letter)
                     for i, (letter, o) in enumerate(opts)]
            answers.append(f"{k}. {max(score)[2] if score else 'A'}")
        call["questions"] = n
        return 200, {"id": "chatcmpl-qa", "object": "chat.completion", "model": body["model"],
                     "choices": [{"index": 0, "finish_reason": "stop",
                                  "message": {"role": "assistant", "content": "\n".join(answers)}}],
                     "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}

    def handle_libretranslate(self, call, raw):
        body = json.loads(raw)
        q = body["q"]
        texts = q if isinstance(q, list) else [q]
        if not body.get("target"):
            return self.bad_request("libretranslate", "Invalid request: missing target parameter")
        call["texts"] = texts
        out = [fake_translate(t) for t in texts]
        return 200, {"translatedText": out if isinstance(q, list) else out[0]}

    def handle_openai(self, call, raw):
        body = json.loads(raw)
        msgs = body["messages"]
        content = msgs[-1]["content"]
        if content.startswith("Read the following message, solve the following"):
            return self.answer_questions(call, body, content)
        m = re.match(r"Directly translate (\w+) to (\w+): (.*)\Z", content, re.S)
        if not body.get("model") or not m:
            return 400, {"error": {"message": "bad prompt or model", "type": "invalid_request_error"}}
        call["texts"] = [m.group(3)]
        return 200, {"id": "chatcmpl-test", "object": "chat.completion", "model": body["model"],
                     "choices": [{"index": 0, "finish_reason": "stop",
                                  "message": {"role": "assistant", "content": fake_translate(m.group(3))}}],
                     "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}
