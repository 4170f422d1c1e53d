"""The PRISM paper's QA protocol (Sato, TMLR 2024, §5): privacy and quality measured by a
question-answering reader (pure, the reader behind a callable).

A QA file is JSONL, one question a line: ``{"document": TEXT, "question": TEXT, "options":
[TEXT, ...] (2-26, lettered A, B, ...), "answer": "A"}`` (or the option's index).  The
questions of one document are asked together, with the paper's prompt:

    Read the following message, solve the following N questions.

    <message>

    1. <question>
    A) <option> ...

    Output only N characters representing the answers, e.g.,
    1. A
    2. B

* PPS (privacy-preserving score) = 1 − the reader's accuracy on what was **sent** (an
  adversary reading the protected payload);
* QS (quality score) = the reader's accuracy on the **final output** (translated, decoded);
* per method family, the (PPS, QS) points over the ratios give AUPQC (``tradeoff.aupqc``,
  starting at r = 0: the unprotected document) and QS@p (the envelope's quality at
  PPS = p).

The reader is any OpenAI-compatible chat endpoint (``ChatReader``: POST
``/chat/completions``, ``Authorization: Bearer``, temperature 0); tests use a loopback fake
of that contract.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from transforms.prism.tradeoff import aupqc, quality_at

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class QAError(ValueError):
    pass


@dataclass(frozen=True)
class Question:
    document: str
    question: str
    options: Tuple[str, ...]
    answer: str                      # a letter


def read_qa(path: str) -> List[Question]:
    """The questions of a QA file; a clear error naming the file and line (never the
    document's text)."""
    out: List[Question] = []
    try:
        fh = open(path, encoding="utf-8")
    except OSError as exc:
        raise QAError(f"{path}: cannot read the QA file ({type(exc).__name__})") from None
    with fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            where = f"{path}:{lineno}"
            try:
                rec = json.loads(line)
            except ValueError:
                raise QAError(f"{where}: not a JSON object") from None
            if not isinstance(rec, dict):
                raise QAError(f"{where}: not a JSON object")
            missing = [k for k in ("document", "question", "options", "answer") if k not in rec]
            if missing:
                raise QAError(f"{where}: missing {', '.join(missing)}")
            opts = rec["options"]
            if not isinstance(opts, list) or not 2 <= len(opts) <= 26 or \
                    not all(isinstance(o, str) for o in opts):
                raise QAError(f"{where}: options must be a list of 2 to 26 strings")
            ans = rec["answer"]
            if isinstance(ans, int) and not isinstance(ans, bool) and 0 <= ans < len(opts):
                ans = LETTERS[ans]
            if not isinstance(ans, str) or ans.upper() not in LETTERS[:len(opts)]:
                raise QAError(f"{where}: answer must be one of the option letters "
                              f"{LETTERS[:len(opts)]} or an index")
            if not isinstance(rec["document"], str) or not isinstance(rec["question"], str):
                raise QAError(f"{where}: document and question must be strings")
            out.append(Question(rec["document"], rec["question"], tuple(opts), ans.upper()))
    if not out:
        raise QAError(f"{path}: no questions")
    return out


def by_document(questions: Sequence[Question]) -> Dict[str, List[Question]]:
    out: Dict[str, List[Question]] = {}
    for q in questions:
        out.setdefault(q.document, []).append(q)
    return out


def prompt(message: str, questions: Sequence[Question]) -> str:
    n = len(questions)
    blocks = []
    for k, q in enumerate(questions, 1):
        blocks.append(f"{k}. {q.question}\n" + "\n".join(
            f"{LETTERS[i]}) {o}" for i, o in enumerate(q.options)))
    example = "\n".join(f"{k}. {LETTERS[(k - 1) % 2]}" for k in range(1, min(n, 4) + 1))
    return (f"Read the following message, solve the following {n} questions.\n\n"
            f"{message}\n\n" + "\n\n".join(blocks)
            + f"\n\nOutput only {n} characters representing the answers, e.g.,\n{example}")


def parse_answers(reply: str, n: int) -> List[Optional[str]]:
    """The reader's letters, one a line (the line's last letter, as the paper reads them);
    missing answers are None (counted wrong)."""
    lines = [l.strip() for l in reply.strip().splitlines() if l.strip()]
    out: List[Optional[str]] = []
    for l in lines[:n]:
        m = re.search(r"([A-Z])\W*$", l)
        out.append(m.group(1) if m else None)
    return out + [None] * (n - len(out))


def accuracy(messages: Mapping[str, str], groups: Mapping[str, List[Question]],
             ask: Callable[[str], str]) -> float:
    """The reader's accuracy over every question, each document read as ``messages`` has
    it."""
    right = total = 0
    for doc, qs in groups.items():
        answers = parse_answers(ask(prompt(messages[doc], qs)), len(qs))
        right += sum(a == q.answer for a, q in zip(answers, qs))
        total += len(qs)
    return right / total if total else 0.0


def protocol(groups: Mapping[str, List[Question]], points: Sequence[Tuple[str, float]],
             protect: Callable[[str, str, float], Tuple[str, Callable[[str], str]]],
             translate: Callable[[List[str]], List[str]], ask: Callable[[str], str]) -> dict:
    """PPS and QS for every (family, ratio) point, AUPQC and QS@0.5 per family.
    ``protect(document, family, r)`` -> (what is sent, decode(translation) -> output)."""
    docs = sorted(groups)
    plain_out = dict(zip(docs, translate(docs)))
    start = (round(1 - accuracy({d: d for d in docs}, groups, ask), 4),
             round(accuracy(plain_out, groups, ask), 4))
    fams: Dict[str, List[dict]] = {}
    for family, r in points:
        sent, decoders = {}, {}
        for d in docs:
            sent[d], decoders[d] = protect(d, family, r)
        outs = translate([sent[d] for d in docs])
        final = {d: decoders[d](o) for d, o in zip(docs, outs)}
        fams.setdefault(family, []).append({
            "ratio": r, "pps": round(1 - accuracy(sent, groups, ask), 4),
            "qs": round(accuracy(final, groups, ask), 4)})
    curves = {}
    for family, pts in sorted(fams.items()):
        xy = [(p["pps"], p["qs"]) for p in pts]
        curves[family] = {"points": sorted(pts, key=lambda p: p["ratio"]),
                          "aupqc": aupqc(xy, start), "qs_at_0.5": quality_at(xy, start, 0.5)}
    return {"questions": sum(len(q) for q in groups.values()), "documents": len(docs),
            "unprotected": {"pps": start[0], "qs": start[1]}, "curves": curves}


class ChatReader:
    """The QA reader: an OpenAI-compatible chat endpoint (``url`` or OPENAI_BASE_URL,
    the key from OPENAI_API_KEY, ``model`` or OPENAI_MODEL), temperature 0."""

    def __init__(self, url: Optional[str] = None, model: Optional[str] = None,
                 timeout: float = 60.0):
        import os
        from transforms.engines.base import EngineError
        self.url = (url or os.environ.get("OPENAI_BASE_URL") or "").rstrip("/")
        if not self.url:
            raise QAError("the QA protocol needs an OpenAI-compatible endpoint: "
                          "--qa-endpoint URL or OPENAI_BASE_URL")
        self.key = os.environ.get("OPENAI_API_KEY", "")
        if not self.key:
            raise QAError("the QA protocol's endpoint needs OPENAI_API_KEY")
        self.model = model or os.environ.get("OPENAI_MODEL") or "gpt-4o-mini"
        self.timeout = timeout
        self.calls = 0
        self._error = EngineError

    def __call__(self, text: str) -> str:
        from transforms.engines.base import expect, http_json
        self.calls += 1
        data = http_json("POST", self.url + "/chat/completions",
                         {"model": self.model, "temperature": 0,
                          "messages": [{"role": "user", "content": text}]},
                         {"Authorization": f"Bearer {self.key}"}, self.timeout)
        choices = data.get("choices") if isinstance(data, dict) else None
        expect(isinstance(choices, list) and bool(choices), "choices[0]")
        content = (choices[0].get("message") or {}).get("content")
        expect(isinstance(content, str), "choices[0].message.content")
        return content
