"""DOCX structures beyond plain runs, on tests/fixtures/formats/features.docx."""
import io
import zipfile

import docx
import pytest
from lxml import etree

from transforms.formats import read_document, write_document
from transforms.formats.docx import W_NAMESPACES
from tests.test_formats_helpers import fixture, upper_results

W = "{%s}" % W_NAMESPACES[0]
R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"


@pytest.fixture(scope="module")
def translated():
    data = fixture("features.docx")
    doc = read_document("features.docx", "", data)
    out = write_document(doc, upper_results(doc))
    assert write_document(doc, {}) == data
    z = zipfile.ZipFile(io.BytesIO(out))
    return doc, out, etree.fromstring(z.read("word/document.xml")), z


def _texts(doc):
    return [s.plain_text() for s in doc.segments]


def test_every_name_is_segment_text(translated):
    doc = translated[0]
    joined = "\n".join(_texts(doc))
    for name in ("John Smith", "Anna Berzina", "Peter Ozols", "Maria Kalnina", "أحمد علي",
                 "Ieva Liepa", "Janis Berzins"):
        assert name in joined, name
    assert "PAGE" not in joined and "mailto" not in joined   # codes, not text


def test_hyperlink_text_translated_target_kept(translated):
    doc, out, root, z = translated
    h = root.find(f".//{W}hyperlink")
    assert "".join(h.itertext()) == "JOHN SMITH"
    rels = z.read("word/_rels/document.xml.rels").decode()
    assert f'Id="{h.get(R + "id")}"' in rels and "mailto:john.smith@example.com" in rels


def test_field_instruction_untouched_result_translated(translated):
    root = translated[2]
    assert [t.text for t in root.iter(W + "instrText")] == [" PAGE \\* MERGEFORMAT "]
    assert [f.get(W + "fldCharType") for f in root.iter(W + "fldChar")] == ["begin", "separate",
                                                                          "end"]
    assert root.find(f".//{W}fldSimple").get(W + "instr") == " AUTHOR "
    assert "".join(root.find(f".//{W}fldSimple").itertext()) == "ANNA BERZINA"


def test_content_controls(translated):
    root = translated[2]
    sdts = list(root.iter(W + "sdt"))
    assert len(sdts) == 2
    texts = ["".join(s.find(W + "sdtContent").itertext()) for s in sdts]
    assert "PETER OZOLS" in texts and "BLOCK CONTROL TEXT BY PETER OZOLS." in texts
    assert all(s.find(W + "sdtPr") is not None for s in sdts)


def test_hidden_rtl_tab_break_nested_table(translated):
    doc, out, root, z = translated
    hidden = [r for r in root.iter(W + "r") if r.find(f"{W}rPr/{W}vanish") is not None]
    assert ["".join(r.itertext()) for r in hidden] == ["SECRET MARIA KALNINA"]
    rtl = [r for r in root.iter(W + "r") if r.find(f"{W}rPr/{W}rtl") is not None]
    assert "أحمد علي" in "".join(rtl[0].itertext())
    run = next(r for r in root.iter(W + "r") if r.find(W + "tab") is not None)
    assert [etree.QName(c).localname for c in run] == ["t", "tab", "t", "br", "t"]
    d = docx.Document(io.BytesIO(out))
    inner = d.tables[0].cell(0, 1).tables[0].cell(0, 0).text
    assert inner == "INNER CELL JANIS BERZINS"


def test_field_code_is_one_code_paired_with_field_end():
    from transforms import markup
    doc = read_document("features.docx", "", fixture("features.docx"))
    seg = next(s for s in doc.segments if s.plain_text().startswith("Page 7"))
    sent = markup.to_markup(seg.text, seg.codes)
    assert "PAGE" not in sent and "7" in sent
    # the instruction runs (begin, instrText, separate) are one code, and it pairs with the end
    import json
    field = [c for c in seg.codes if json.loads(c.data).get("t") == "field"]
    assert len(field) == 1 and field[0].kind == "open"
    assert len(json.loads(field[0].data)["ns"]) == 3
    # an engine that drops the field result's tags entirely still yields a valid field
    text, problems = markup.from_markup("Página 7 del expediente de ANNA BERZINA.", seg.codes)
    from schemas.records import RestoredSegment
    out = write_document(doc, {seg.id: RestoredSegment(document="f", id=seg.id, index=seg.index,
                                                       text=text, status="needs-review")})
    root = etree.fromstring(zipfile.ZipFile(io.BytesIO(out)).read("word/document.xml"))
    p = [p for p in root.iter(W + "p") if "PAGE" in "".join(t.text or "" for t in p.iter(W + "instrText"))][0]
    kinds = [f.get(W + "fldCharType") for f in p.iter(W + "fldChar")]
    assert kinds == ["begin", "separate", "end"]
    docx.Document(io.BytesIO(out))


def test_dropped_isolated_codes_are_not_lost():
    doc = read_document("features.docx", "", fixture("features.docx"))
    seg = next(s for s in doc.segments if s.plain_text().startswith("Name:"))
    from schemas.records import RestoredSegment
    plain = "".join(c for c in seg.text if not 0xE000 <= ord(c) <= 0xF8FF)   # all codes gone
    out = write_document(doc, {seg.id: RestoredSegment(document="f", id=seg.id, index=0,
                                                       text=plain.upper())})
    root = etree.fromstring(zipfile.ZipFile(io.BytesIO(out)).read("word/document.xml"))
    assert len(list(root.iter(W + "tab"))) == 1 and len(list(root.iter(W + "br"))) == 1
