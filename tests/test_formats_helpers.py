"""Shared helpers for the format tests (not a test module itself)."""
from __future__ import annotations

import os
import re

from schemas.records import RestoredSegment
from transforms import markup

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "formats")


def fixture(name: str) -> bytes:
    with open(os.path.join(FIXTURES, name), "rb") as fh:
        return fh.read()


def upper_results(doc, status="translated"):
    """The 'upper' fake engine through the real markup round trip."""
    out = {}
    for s in doc.segments:
        m = markup.to_markup(s.text, s.codes)
        up = re.sub(r"(<[^>]*>)|([^<]+)", lambda mm: mm.group(1) or mm.group(2).upper(), m)
        text, problems = markup.from_markup(up, s.codes)
        assert not problems, (s.id, problems)
        out[s.id] = RestoredSegment(document=doc.name, id=s.id, index=s.index, text=text,
                                    status=status)
    return out


def corpora_dir() -> str:
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return os.environ.get("DOPPEL_CORPORA", os.path.join(here, "..", "shared", "corpora"))
