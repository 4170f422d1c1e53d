"""Hostile and broken input files, made on the spot (nothing of the kind is committed):
each with what Doppel must do with it.  Used by ``tests/test_hostile_files.py`` and by
``scripts/hostile_files.py`` (which measures time and peak memory per file).  Not a test
module.

Every file carries ``MARKER`` in its text: a refused file's content must never reach an
output, the summary or a log (only its name and the problem)."""
from __future__ import annotations

import io
import os
import random
import struct
import zipfile
import zlib
from typing import Callable, Dict, List, NamedTuple

from tests.adversarial.docx_build import docx, para, run

MARKER = "QZX-LOCAL-CONTENT-7731"
SECRET_FILE_LINE = "root:x:0:0"       # /etc/passwd's first line, which XXE would pull in


class Hostile(NamedTuple):
    name: str
    make: Callable[[], bytes]
    outcome: str          # "refused" (a failure naming the problem) or "processed"
    reason: str           # for refused: a piece of the reason; for processed: what it shows


def _xliff(body: str, head: str = '<?xml version="1.0" encoding="UTF-8"?>\n') -> str:
    return (head + '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
            '<file source-language="en" target-language="es" datatype="plaintext" original="x">'
            f"<body>{body}</body></file></xliff>\n")


def _unit(i: int, text: str) -> str:
    return f'<trans-unit id="{i}"><source>{text}</source></trans-unit>'


def external_dtd() -> bytes:
    # an external DTD, an external general entity and an external parameter entity: none is
    # fetched or read (safe_xml_parser); the references stay references
    return _xliff(_unit(1, f"Report {MARKER}: &xxe; ends here."),
                  '<?xml version="1.0" encoding="UTF-8"?>\n'
                  '<!DOCTYPE xliff SYSTEM "http://127.0.0.1:9/xliff.dtd" [\n'
                  '<!ENTITY xxe SYSTEM "file:///etc/passwd">\n'
                  '<!ENTITY % remote SYSTEM "file:///etc/passwd"> %remote;\n]>\n').encode()


def billion_laughs() -> bytes:
    ents = '<!ENTITY lol0 "lol">' + "".join(
        f'<!ENTITY lol{i} "{("&lol%d;" % (i - 1)) * 10}">' for i in range(1, 10))
    return _xliff(_unit(1, f"{MARKER} &lol9;"),
                  f'<?xml version="1.0"?>\n<!DOCTYPE xliff [{ents}]>\n').encode()


def _zip(entries: List[tuple]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries:
            z.writestr(name, data)
    return buf.getvalue()


def _base_docx() -> bytes:
    return docx(para(run(f"The file {MARKER} is here.")))


def bomb_ratio() -> bytes:
    """A DOCX whose one extra part inflates 1000:1 (64 MiB of zeros)."""
    z = zipfile.ZipFile(io.BytesIO(_base_docx()))
    entries = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    return _zip(entries + [("word/media/image1.png", b"\0" * (64 << 20))])


def _raw_zip(entries: List[tuple], aliases: int = 0) -> bytes:
    """A zip written by hand: ``entries`` (name, data) deflated; the last entry also listed
    ``aliases`` more times in the central directory, every alias pointing at its one stored
    stream (the overlapping-file zip bomb: it expands ``aliases`` times over without
    repeating the compressed data)."""
    body, central, count = b"", b"", 0
    for k, (name, data) in enumerate(entries):
        comp = zlib.compressobj(6, zlib.DEFLATED, -15)
        raw = comp.compress(data) + comp.flush()
        crc, bname, offset = zlib.crc32(data), name.encode(), len(body)
        body += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, crc, len(raw),
                            len(data), len(bname), 0) + bname + raw
        names = [bname] + ([bname + b"%d" % i for i in range(aliases)]
                           if k == len(entries) - 1 else [])
        for n in names:
            central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0, crc,
                                   len(raw), len(data), len(n), 0, 0, 0, 0, 0, offset) + n
            count += 1
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(central), len(body), 0)
    return body + central + end


def bomb_size() -> bytes:
    """An absolute-size bomb: every entry within the ratio and per-entry limits (about 47:1,
    200 MiB each), seven of them over one stored stream: 1.4 GiB, over the 1 GiB limit."""
    z = zipfile.ZipFile(io.BytesIO(_base_docx()))
    entries = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    rnd = random.Random(1).randbytes((1 << 20) // 120 + 1)
    chunk = b"".join(bytes([b]) + b"\0" * 119 for b in rnd)[: 1 << 20]
    block = chunk * 200                                 # 200 MiB, about 47:1 deflated
    return _raw_zip(entries + [("word/media/blob.bin", block)], aliases=6)


def many_parts() -> bytes:
    z = zipfile.ZipFile(io.BytesIO(_base_docx()))
    entries = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    return _zip(entries + [(f"customXml/item{i}.xml", "<a/>") for i in range(10000)])


def invalid_utf8_xliff() -> bytes:
    return _xliff(_unit(1, f"Caf\u00e9 {MARKER}")).encode("utf-8").replace(
        "Caf\u00e9".encode(), b"Caf\xe9\xff")


def invalid_utf8_jsonl() -> bytes:
    return b'{"text": "Caf\xe9 \xff ' + MARKER.encode() + b'", "label": []}\n'


def utf16_bom_xliff() -> bytes:
    return b"\xff\xfe" + _xliff(_unit(1, "The weather is good today."),
                               '<?xml version="1.0" encoding="UTF-16"?>\n').encode("utf-16-le")


def utf16_nobom_xliff() -> bytes:
    return _xliff(_unit(1, "The weather is good today."),
                  '<?xml version="1.0" encoding="UTF-16BE"?>\n').encode("utf-16-be")


def utf16_nobom_undeclared_xliff() -> bytes:
    # UTF-16BE, no BOM, no declaration: autodetected from the first bytes
    return _xliff(_unit(1, "The weather is good today."), "").encode("utf-16-be")


def huge_xliff() -> bytes:
    """100 MB of XLIFF (a million units)."""
    unit = _unit(0, f"The committee met again on Tuesday to discuss {MARKER} budget.")
    n = (100 * 1000 * 1000) // len(unit)
    head, tail = _xliff("{}").split("{}")
    return (head + unit * n + tail).encode()


def no_units_xliff() -> bytes:
    return _xliff("").encode()


HOSTILE: List[Hostile] = [
    Hostile("external-dtd.xlf", external_dtd, "processed",
            "external DTD and entities never fetched; references kept as references"),
    Hostile("billion-laughs.xlf", billion_laughs, "refused", "not well-formed XML"),
    Hostile("bomb-ratio.docx", bomb_ratio, "refused", "compression ratio"),
    Hostile("bomb-size.docx", bomb_size, "refused", "zip expands to"),
    Hostile("10000-parts.docx", many_parts, "refused", "entries (limit"),
    Hostile("invalid-utf8.xlf", invalid_utf8_xliff, "refused", "not well-formed XML"),
    Hostile("invalid-utf8.jsonl", invalid_utf8_jsonl, "refused", "not UTF-8"),
    Hostile("utf16-bom.xlf", utf16_bom_xliff, "processed", "UTF-16LE with BOM"),
    Hostile("utf16-nobom.xlf", utf16_nobom_xliff, "processed", "UTF-16BE without BOM"),
    Hostile("utf16-nobom-nodecl.xlf", utf16_nobom_undeclared_xliff, "processed",
            "UTF-16BE, no BOM, no declaration"),
    Hostile("zero-bytes.xlf", lambda: b"", "refused", "empty file"),
    Hostile("zero-bytes.docx", lambda: b"", "refused", "empty file"),
    Hostile("zero-bytes.jsonl", lambda: b"", "processed", "no segments"),
    Hostile("no-units.xlf", no_units_xliff, "processed", "no segments"),
    Hostile("huge-100MB.xlf", huge_xliff, "refused", "DOPPEL_MAX_INPUT_MB"),
    Hostile("it's a \"quoted\" name — Bērziņš 東京 файл.jsonl",
            lambda: b'{"text": "The weather is good today.", "label": []}\n', "processed",
            "spaces, quotes and non-Latin letters in the file name"),
]


def make_all(directory: str, only=None) -> Dict[str, Hostile]:
    os.makedirs(directory, exist_ok=True)
    out = {}
    for h in HOSTILE:
        if only and h.name not in only:
            continue
        with open(os.path.join(directory, h.name), "wb") as fh:
            fh.write(h.make())
        out[h.name] = h
    return out
