import io
import zipfile

import docx
import pytest
from lxml import etree

from schemas.records import RestoredSegment, code_index
from transforms.formats import FormatError, detect, read_document, write_document
from transforms.formats import docx as docxfmt
from tests.test_formats_helpers import fixture, upper_results

NAME = "John Smith"


@pytest.fixture(scope="module")
def data():
    return fixture("name_everywhere.docx")


@pytest.fixture()
def doc(data):
    return read_document("name_everywhere.docx", "", data)


def _all_xml_text(package: bytes) -> str:
    z = zipfile.ZipFile(io.BytesIO(package))
    return "\n".join(z.read(n).decode("utf-8") for n in z.namelist() if n.endswith(".xml"))


def test_detected_by_content_not_extension(data):
    assert detect("weird.bin", data).name == "docx"


def test_name_in_every_place_is_segment_text(doc):
    by_part = {}
    for s in doc.segments:
        by_part.setdefault(s.meta["part"], []).append(s.plain_text())
    header = [p for p in by_part if "header" in p]
    assert any(NAME in t for p in header for t in by_part[p]), "header"
    assert any(NAME in t for t in by_part["word/footnotes.xml"]), "footnote"
    assert any(NAME in t for t in by_part["word/comments.xml"]), "comment"
    body = by_part["word/document.xml"]
    assert any(t.startswith("Contact: " + NAME) for t in body), "text box"
    assert any(t.startswith("Witness: " + NAME) for t in body), "tracked deletion"
    assert any(t.startswith("The applicant, " + NAME) for t in body), "body"
    everything = "\n".join(s.plain_text() for s in doc.segments)
    assert everything.count(NAME) == 6


def test_runs_become_paired_codes_and_deletion_is_inside_a_pair(doc):
    seg = next(s for s in doc.segments if s.plain_text().startswith("Witness"))
    kinds = [c.kind for c in seg.codes]
    assert kinds.count("open") == kinds.count("close") >= 4
    # the deleted name sits between the w:del open code and its close
    import json
    opens = [i for i, c in enumerate(seg.codes) if c.kind == "open"
             and json.loads(c.data).get("t") == "del"]
    assert len(opens) == 1
    pair = seg.codes[opens[0]].pair
    close = next(i for i, c in enumerate(seg.codes) if c.kind == "close" and c.pair == pair)
    start, end = seg.text.index(chr(0xE000 + opens[0])), seg.text.index(chr(0xE000 + close))
    inside = "".join(c for c in seg.text[start:end] if code_index(c) is None)
    assert inside == NAME


def test_no_results_gives_input_bytes(doc, data):
    assert write_document(doc, {}) == data


def test_identity_results_give_input_bytes(doc, data):
    same = {s.id: RestoredSegment(document=doc.name, id=s.id, index=s.index, text=s.text)
            for s in doc.segments}
    assert write_document(doc, same) == data


def test_upper_translation_reaches_every_place_and_leaves_no_original(doc):
    out = write_document(doc, upper_results(doc))
    xml = _all_xml_text(out)
    for piece in ("Jo", "hn Sm", "ith"):
        assert f">{piece}<" not in xml
    # a word split over runs ("Jo"+"hn", "Sm"+"ith") goes to the engine whole and comes back
    # in its longest piece's run (markup.join_split_words; the first on a tie)
    assert xml.count(">JOHN<") == 6 and xml.count(">SMITH<") == 6
    # deleted text stays deleted text
    root = etree.fromstring(zipfile.ZipFile(io.BytesIO(out)).read("word/document.xml"))
    W = docxfmt.W_NAMESPACES[0]
    deltexts = [t.text for t in root.iter(f"{{{W}}}delText")]
    assert deltexts == ["JOHN", " ", "SMITH"]
    assert all(t.getparent().getparent().tag == f"{{{W}}}del"
               for t in root.iter(f"{{{W}}}delText"))
    # python-docx reopens it; formatting followed the words
    d = docx.Document(io.BytesIO(out))
    runs = d.paragraphs[0].runs
    assert [(r.text, bool(r.bold), bool(r.italic), bool(r.underline)) for r in runs[1:4]] == [
        ("JOHN", True, False, False), (" ", False, True, False), ("SMITH", False, False, True)]
    # and our reader reads what we wrote, same structure
    again = read_document("x.docx", "", out)
    assert [s.plain_text() for s in again.segments] == [s.plain_text().upper() for s in doc.segments]
    assert [[c.kind for c in s.codes] for s in again.segments] == \
           [[c.kind for c in s.codes] for s in doc.segments]


def test_changed_part_only_other_entries_copied(doc, data):
    seg = next(s for s in doc.segments if s.meta["part"] == "word/comments.xml")
    res = {seg.id: RestoredSegment(document=doc.name, id=seg.id, index=seg.index,
                                   text=seg.text.replace("Ask", "Pregunte a"))}
    out = write_document(doc, res)
    zin, zout = zipfile.ZipFile(io.BytesIO(data)), zipfile.ZipFile(io.BytesIO(out))
    assert zin.namelist() == zout.namelist()
    for a, b in zip(zin.infolist(), zout.infolist()):
        assert a.compress_type == b.compress_type
        if a.filename != "word/comments.xml":
            assert zin.read(a) == zout.read(b), a.filename
    assert b"Pregunte a" in zout.read("word/comments.xml")


def test_failed_result_leaves_paragraph(doc, data):
    res = {s.id: RestoredSegment(document=doc.name, id=s.id, index=s.index, text="X",
                                 status="failed") for s in doc.segments}
    assert write_document(doc, res) == data


def test_scrub_properties(doc):
    plain = write_document(doc, upper_results(doc))
    core = zipfile.ZipFile(io.BytesIO(plain)).read("docProps/core.xml")
    assert b"Jane Author" in core and b"Max Editor" in core
    scrubbed = write_document(doc, upper_results(doc), scrub_properties=True)
    z = zipfile.ZipFile(io.BytesIO(scrubbed))
    core = z.read("docProps/core.xml")
    for secret in (b"Jane Author", b"Max Editor", b"Case of John Smith"):
        assert secret not in core
    assert b"Reviewer" not in z.read("word/document.xml")
    assert b"Reviewer" not in z.read("word/comments.xml")
    d = docx.Document(io.BytesIO(scrubbed))
    assert d.core_properties.author == "" and d.core_properties.title == ""


def test_scrub_alone_without_translation(doc):
    out = write_document(doc, {}, scrub_properties=True)
    assert b"Jane Author" not in zipfile.ZipFile(io.BytesIO(out)).read("docProps/core.xml")


def _strict(data: bytes) -> bytes:
    """The fixture with ISO Strict namespaces (what python-docx cannot open)."""
    zin = zipfile.ZipFile(io.BytesIO(data))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            raw = zin.read(info)
            if info.filename.endswith((".xml", ".rels")):
                raw = raw.replace(b"http://schemas.openxmlformats.org/wordprocessingml/2006/main",
                                  b"http://purl.oclc.org/ooxml/wordprocessingml/main")
                raw = raw.replace(b"http://schemas.openxmlformats.org/officeDocument/2006/relationships",
                                  b"http://purl.oclc.org/ooxml/officeDocument/relationships")
            zout.writestr(info, raw)
    return buf.getvalue()


def test_strict_namespaces(data):
    strict = _strict(data)
    with pytest.raises(Exception):
        docx.Document(io.BytesIO(strict))
    doc = read_document("strict.docx", "", strict)
    assert "\n".join(s.plain_text() for s in doc.segments).count(NAME) == 6
    assert write_document(doc, {}) == strict
    out = write_document(doc, upper_results(doc))
    again = read_document("strict.docx", "", out)
    assert "\n".join(s.plain_text() for s in again.segments).count(NAME.upper()) == 6


def _zip(entries, compression=zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression) as z:
        for name, payload in entries:
            z.writestr(name, payload)
    return buf.getvalue()


def test_zip_bomb_ratio_rejected():
    bomb = _zip([("[Content_Types].xml", "<Types/>"), ("word/document.xml", b"\0" * (8 << 20))])
    with pytest.raises(FormatError, match="compression ratio"):
        read_document("bomb.docx", "", bomb)


def test_too_many_entries_rejected(monkeypatch):
    monkeypatch.setenv("DOPPEL_DOCX_MAX_PARTS", "10")
    many = _zip([("word/document.xml", "<x/>")] + [(f"f{i}", "x") for i in range(20)])
    with pytest.raises(FormatError, match="entries .*DOPPEL_DOCX_MAX_PARTS"):
        read_document("many.docx", "", many)


def test_entry_size_limit(monkeypatch):
    monkeypatch.setenv("DOPPEL_DOCX_MAX_PART_MB", "1")
    big = _zip([("word/document.xml", "<x>" + "a" * (2 << 20) + "</x>")], zipfile.ZIP_STORED)
    with pytest.raises(FormatError, match="uncompressed .*DOPPEL_DOCX_MAX_PART_MB"):
        read_document("big.docx", "", big)


def test_not_a_zip_and_encrypted():
    with pytest.raises(FormatError, match="OLE2"):
        read_document("enc.docx", "", docxfmt.OLE2_MAGIC + b"\0" * 600)
    with pytest.raises(FormatError):
        read_document("broken.docx", "", b"PK\x03\x04garbage")


def test_entity_in_part_not_expanded():
    evil = ('<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY e SYSTEM "file:///etc/passwd">]>'
            '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
            '<w:body><w:p><w:r><w:t>a &e; b</w:t></w:r></w:p></w:body></w:document>')
    pkg = _zip([("word/document.xml", evil)])
    doc = read_document("evil.docx", "", pkg)
    assert "root:" not in "".join(s.text for s in doc.segments)


def _raw_entries(package: bytes):
    """name -> the entry's bytes as stored (local header + compressed data)."""
    z = zipfile.ZipFile(io.BytesIO(package))
    infos = sorted(z.infolist(), key=lambda i: i.header_offset)
    ends = [i.header_offset for i in infos[1:]] + [package.find(b"PK\x01\x02")]
    return {i.filename: package[i.header_offset:e] for i, e in zip(infos, ends)}


def test_unchanged_entries_copied_byte_for_byte(doc, data):
    seg = next(s for s in doc.segments if s.meta["part"] == "word/footnotes.xml")
    res = {seg.id: RestoredSegment(document=doc.name, id=seg.id, index=seg.index,
                                   text=seg.text.replace("Statement", "Declaración"))}
    out = write_document(doc, res)
    before, after = _raw_entries(data), _raw_entries(out)
    assert list(before) == list(after)
    for name in before:
        if name != "word/footnotes.xml":
            assert before[name] == after[name], name
    assert before["word/footnotes.xml"] != after["word/footnotes.xml"]
    z = zipfile.ZipFile(io.BytesIO(out))
    assert z.testzip() is None
    assert "Declaración".encode() in z.read("word/footnotes.xml")
    docx.Document(io.BytesIO(out))


DGM = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
       '<dgm:dataModel xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" '
       'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><dgm:ptLst>'
       '<dgm:pt modelId="{1}"><dgm:t><a:bodyPr/><a:p><a:r><a:rPr lang="en-US" b="1"/>'
       '<a:t>Head: Jo</a:t></a:r><a:r><a:rPr lang="en-US"/><a:t>hn Smith</a:t></a:r><a:br/>'
       '<a:r><a:rPr lang="en-US"/><a:t>Legal</a:t></a:r><a:endParaRPr lang="en-US"/></a:p>'
       '</dgm:t></dgm:pt></dgm:ptLst></dgm:dataModel>')


def _with_smartart(data: bytes) -> bytes:
    zin = zipfile.ZipFile(io.BytesIO(data))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            raw = zin.read(info)
            if info.filename == "word/_rels/document.xml.rels":
                raw = raw.replace(b"</Relationships>", (
                    b'<Relationship Id="rIdDgm" Type="http://schemas.openxmlformats.org/'
                    b'officeDocument/2006/relationships/diagramData" '
                    b'Target="diagrams/data1.xml"/></Relationships>'))
            zout.writestr(info, raw)
        zout.writestr("word/diagrams/data1.xml", DGM)
    return buf.getvalue()


def test_smartart_text_is_segment_text(data):
    pkg = _with_smartart(data)
    doc = read_document("dgm.docx", "", pkg)
    dml = [s for s in doc.segments if s.meta.get("dml")]
    # the break reads as one: "Smith" and "Legal" are two words
    assert [s.plain_text() for s in dml] == ["Head: John Smith\nLegal"]
    assert [c.kind for c in dml[0].codes] == ["open", "close", "open", "close", "isolated",
                                             "open", "close"]
    assert write_document(doc, {}) == pkg
    out = write_document(doc, upper_results(doc))
    xml = zipfile.ZipFile(io.BytesIO(out)).read("word/diagrams/data1.xml").decode()
    assert "John" not in xml and "Jo<" not in xml
    # "Jo"+"hn" went whole, in the longer (here the first) piece's run
    assert '<a:rPr lang="en-US" b="1"/><a:t>HEAD: JOHN</a:t>' in xml and "<a:br/>" in xml
    assert xml.index("LEGAL") < xml.index("<a:endParaRPr")
    docx.Document(io.BytesIO(out))
