"""Pre-annotated JSONL (the MultiLeg format): one document per file, one segment per line,
``{"text": ..., "label": [[start, end, "CATEGORY"], ...]}``.  Given labels become the
segment's ``labels``.  The output has the same shape: the translation, the spans where the
originals were restored, and ``status``/``source`` for review."""
from __future__ import annotations

import json
from typing import Dict

from schemas.records import Document, RestoredSegment, Segment
from transforms.formats.base import Format, FormatError


class JsonlFormat(Format):
    name = "jsonl"
    description = "pre-annotated JSONL (.jsonl)"

    def sniff(self, name, data):
        head = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
        return name.lower().endswith((".jsonl", ".json")) and head in (b"{", b"")

    def read(self, name, path, data, source_lang, target_lang):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise FormatError(name, f"not UTF-8: {exc}") from None
        segments = []
        for lineno, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as exc:
                raise FormatError(name, f"line {lineno}: not JSON: {exc.msg}") from None
            if not isinstance(rec, dict) or not isinstance(rec.get("text"), str):
                raise FormatError(name, f"line {lineno}: expected an object with a \"text\" string")
            labels = rec.get("label") or rec.get("labels") or []
            seg_text = rec["text"]
            for lab in labels:
                if (not isinstance(lab, (list, tuple)) or len(lab) < 3
                        or not isinstance(lab[0], int) or not isinstance(lab[1], int)
                        or not 0 <= lab[0] < lab[1] <= len(seg_text)):
                    raise FormatError(name, f"line {lineno}: bad label {lab!r} for a text of "
                                            f"{len(seg_text)} characters")
            segments.append(Segment(document=name, id=str(len(segments) + 1), index=len(segments),
                                    text=seg_text, labels=[[int(a), int(b), str(c)] for a, b, c, *_ in labels],
                                    meta={"line": lineno}))
        return Document(name=name, path=path, format=self.name, skeleton=data, segments=segments,
                        source_lang=source_lang, target_lang=target_lang)

    def write(self, doc: Document, results: Dict[str, RestoredSegment]) -> bytes:
        if not results and (doc.skeleton or not doc.segments):
            return doc.skeleton     # no translation at all: the input, unchanged (b"" too)
        lines = []
        for seg in doc.segments:
            res = results.get(seg.id)
            if res is None:
                rec = {"text": "", "label": [], "status": "failed", "source": seg.text}
            else:
                rec = {"text": res.text, "label": res.spans, "status": res.status}
                if res.notes:
                    rec["notes"] = res.notes
            lines.append(json.dumps(rec, ensure_ascii=False))
        return ("\n".join(lines) + "\n").encode("utf-8")
