"""Per-document and per-batch stage functions (pure): what the Beam DoFns call.  Keeping them
here lets tests and the single-process runner exercise exactly the code Beam runs."""
from __future__ import annotations

import json
import posixpath
import re
from typing import Dict, Iterable, List, Sequence, Tuple

from schemas.records import (DocumentReport, Failure, MTRequest, MTResponse, RestoredSegment)
from transforms import formats, markup
from transforms.engines import Engine, EngineError
from transforms.protect import ProtectedDocument
from transforms.restore import restore_segment


def requests_for(pd: ProtectedDocument, engine_name: str) -> Tuple[List[MTRequest], List[MTResponse]]:
    """MT requests for a protected document, and dead-letter responses for segments the leak
    guard holds back (those are never sent)."""
    doc = pd.document
    requests, held = [], []
    for ps in pd.segments:
        if ps.id in pd.leaks:
            held.append(MTResponse(document=doc.name, segment=ps.id, index=ps.index,
                                   engine=engine_name, text=None, error=pd.leaks[ps.id]))
            continue
        requests.append(MTRequest(document=doc.name, segment=ps.id, index=ps.index,
                                  engine=engine_name, source_lang=doc.source_lang,
                                  target_lang=doc.target_lang,
                                  text=markup.to_markup(ps.text, ps.codes)))
    return requests, held


def translate_batch(engine: Engine, batch: Sequence[MTRequest]) -> List[MTResponse]:
    """Translate a batch; on failure retry segment by segment so one bad segment does not take
    its neighbours down, and dead-letter what still fails with the reason."""
    try:
        outs = engine.translate([r.text for r in batch])
        return [MTResponse(document=r.document, segment=r.segment, index=r.index,
                           engine=r.engine, text=o, request_text=r.text)
                for r, o in zip(batch, outs)]
    except EngineError as exc:
        if len(batch) == 1:
            r = batch[0]
            return [MTResponse(document=r.document, segment=r.segment, index=r.index,
                               engine=r.engine, text=None, error=str(exc), request_text=r.text)]
    out = []
    for r in batch:
        out.extend(translate_batch(engine, [r]))
    return out


def restore_document(pd: ProtectedDocument, responses: Iterable[MTResponse]
                     ) -> Tuple[Dict[str, RestoredSegment], DocumentReport]:
    by_id = {r.segment: r for r in responses}
    results: Dict[str, RestoredSegment] = {}
    report = DocumentReport(document=pd.document.name, segments=len(pd.segments),
                            clusters=len(pd.clusters))
    for m in pd.mentions:
        report.entities[m.category] = report.entities.get(m.category, 0) + 1
    for ps in pd.segments:
        resp = by_id.get(ps.id)
        if resp is None or resp.text is None:
            report.dead_lettered += 1
            reason = resp.error if resp is not None else "no response from the engine"
            results[ps.id] = RestoredSegment(document=ps.document, id=ps.id, index=ps.index,
                                             text="", status="failed", notes=[reason],
                                             unresolved=len(ps.assignments))
            report.unresolved += len(ps.assignments)
            continue
        if resp.request_text is not None:
            report.sent += 1
        text, problems = markup.from_markup(resp.text, ps.codes)
        res = restore_segment(ps, text, problems, pd.document.target_lang)
        results[ps.id] = res
        report.restored += res.restored
        report.unresolved += res.unresolved
        if res.status == "needs-review":
            report.needs_review += 1
    return results, report


def audit_lines(responses: Iterable[MTResponse]) -> List[str]:
    """One JSON line per payload actually sent, in document order."""
    lines = []
    for r in sorted(responses, key=lambda r: r.index):
        if r.request_text is None:
            continue
        lines.append(json.dumps({"document": r.document, "segment": r.segment, "index": r.index,
                                 "engine": r.engine, "text": r.request_text},
                                ensure_ascii=False))
    return lines


def safe_name(name: str) -> str:
    return re.sub(r"[^\w.-]+", "_", name)


def output_path(output_dir: str, name: str) -> str:
    return posixpath.join(output_dir, name) if "://" in output_dir else \
        __import__("os").path.join(output_dir, name)


def summarise(reports: Iterable[DocumentReport], failures: Iterable[Failure]) -> dict:
    reports = list(reports)
    failures = sorted(failures, key=lambda f: (f.document, f.stage))
    entities: Dict[str, int] = {}
    for r in reports:
        for k, v in r.entities.items():
            entities[k] = entities.get(k, 0) + v
    return {
        "documents": {"total": len(reports) + len({f.document for f in failures} - {r.document for r in reports}),
                      "written": sum(1 for r in reports if r.written),
                      "failed": len({f.document for f in failures})},
        "segments": {"total": sum(r.segments for r in reports),
                     "sent": sum(r.sent for r in reports),
                     "dead_lettered": sum(r.dead_lettered for r in reports),
                     "needs_review": sum(r.needs_review for r in reports)},
        "entities": dict(sorted(entities.items())),
        "mentions": {"total": sum(entities.values()),
                     "restored": sum(r.restored for r in reports),
                     "unresolved": sum(r.unresolved for r in reports)},
        "clusters": sum(r.clusters for r in reports),
        "failures": [f.to_dict() for f in failures],
    }
