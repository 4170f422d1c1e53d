"""Round-trip check for the format boundary: read each file and write it back.

    python -m pipelines.roundtrip [--output DIR] [--no-write-check] [--sentences] FILE...

For every file it prints one line:

* ``<file>: identical`` — writing with no results (no translation) gives the input bytes back
  unchanged, and the write check passed;
* ``<file>: changed: <what>`` — the bytes differ, or the write check failed;
* ``<file>: error: <reason>`` — the file cannot be read (unsupported, malformed, unsafe...).

Write check (on by default): every segment is written back "translated" by upper-casing its
text (markers untouched), and the output is read again; what the writer put in each target
(DOCX: the paragraphs themselves) must be that text with the same inline codes in the same
order.  (Results equal to the source would not exercise a DOCX writer: an unchanged
paragraph is never rewritten.)

``--output DIR`` saves each no-translation output there under the same base name.
``--sentences`` reads with sentence segmentation (the writer joins the pieces back).

Exit status: 0 all identical; 1 at least one file changed; 2 no file changed but at least one
error.  Never a traceback: unexpected exceptions are reported as ``error: internal: ...``.
"""
from __future__ import annotations

import argparse
import os
from typing import List, Optional

from schemas.records import RestoredSegment, code_index
from transforms.formats import BY_NAME, FormatError, read_document, write_document

CHECK_TARGET_LANG = "x-doppel-check"


def _first_difference(a: bytes, b: bytes) -> str:
    n = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
    return f"bytes differ from offset {n} (input {len(a)} bytes, output {len(b)} bytes)"


def check_file(path: str, output: Optional[str] = None, write_check: bool = True,
               sentences: bool = False) -> str:
    """Returns ``identical``, ``changed: ...`` or ``error: ...`` for one file."""
    name = os.path.basename(path)
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        return f"error: cannot read file: {exc.strerror or exc}"
    try:
        doc = read_document(name, path, data, segment_sentences=sentences)
        out = write_document(doc, {})
        if output:
            os.makedirs(output, exist_ok=True)
            with open(os.path.join(output, name), "wb") as fh:
                fh.write(out)
        if out != data:
            return "changed: " + _first_difference(data, out)
        if write_check and doc.segments:
            problem = _write_check(doc)
            if problem:
                return "changed: write check: " + problem
        return "identical"
    except FormatError as exc:
        return f"error: {exc.problem}"
    except RecursionError:
        return "error: document nested too deeply"
    except MemoryError:
        return "error: out of memory"
    except Exception as exc:  # never a traceback for the user
        return f"error: internal: {type(exc).__name__}: {exc}"


def _write_check(doc) -> str:
    if not doc.target_lang:
        doc.target_lang = CHECK_TARGET_LANG
    results = {s.id: RestoredSegment(document=doc.name, id=s.id, index=s.index,
                                     text=s.text.upper())
               for s in doc.segments}
    out = write_document(doc, results)
    from transforms.formats.sentences import join_results, unsplit
    results = join_results(doc, results)
    doc = unsplit(doc)
    back = BY_NAME[doc.format].read_back(doc, out)
    for seg in doc.segments:
        got = back.get(seg.id)
        if got is None:
            return f"segment {seg.id}: not found after writing"
        if _plain(got[0]) != _plain(seg.text).upper():
            return f"segment {seg.id}: text {seg.plain_text()[:40]!r} came back different"
        if _code_order(got[0], got[1]) != _code_order(seg.text.upper(), [c.kind for c in seg.codes]):
            return f"segment {seg.id}: inline codes came back different"
    return ""


def _plain(text: str) -> str:
    return "".join(c for c in text if code_index(c) is None)


def _code_order(text: str, kinds: List[str]) -> List[tuple]:
    """Each code's kind and the plain-text offset it sits at."""
    out, pos = [], 0
    for c in text:
        idx = code_index(c)
        if idx is None:
            pos += 1
        else:
            out.append((kinds[idx] if idx < len(kinds) else "?", pos))
    return out


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="doppel roundtrip",
                                     description="Read and write files back with no translation; "
                                                 "report whether they come back unchanged.")
    parser.add_argument("files", nargs="+", metavar="FILE")
    parser.add_argument("--output", metavar="DIR", help="save the written files here")
    parser.add_argument("--no-write-check", action="store_true",
                        help="only compare bytes; skip writing every segment back as a target")
    parser.add_argument("--sentences", action="store_true",
                        help="read with sentence segmentation")
    args = parser.parse_args(argv)
    changed = errors = 0
    for path in args.files:
        verdict = check_file(path, args.output, write_check=not args.no_write_check,
                             sentences=args.sentences)
        print(f"{path}: {verdict}", flush=True)
        changed += verdict.startswith("changed")
        errors += verdict.startswith("error")
    if changed:
        return 1
    return 2 if errors else 0


if __name__ == "__main__":
    from pipelines.cli import exit_with
    exit_with(main())
