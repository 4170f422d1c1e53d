import pytest
from lxml import etree

from transforms.formats import FormatError, read_document, write_document
from tests.test_formats_helpers import fixture, upper_results

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def _utf16(data: bytes) -> bytes:
    text = data.decode("utf-8").replace('encoding="UTF-8"', 'encoding="UTF-16"')
    return b"\xff\xfe" + text.encode("utf-16-le")


@pytest.mark.parametrize("variant", ["utf8", "utf16"])
def test_source_by_case_and_primary_subtag(variant):
    data = fixture("sample.tmx") if variant == "utf8" else _utf16(fixture("sample.tmx"))
    doc = read_document("s.tmx", "", data, "en", "es")
    assert [s.plain_text() for s in doc.segments] == ["Call John Smith at .", "Visit Riga now"]
    assert doc.segments[0].meta["reference"] == "Llame a John Smith al ."
    assert "reference" not in doc.segments[1].meta
    assert write_document(doc, {}) == data
    # German as source picks the de tuv of tu 2 only
    de = read_document("s.tmx", "", data, "DE-de", "en")
    assert [s.plain_text() for s in de.segments] == ["Besuchen Sie Riga"]


def test_header_srclang_default():
    doc = read_document("s.tmx", "", fixture("sample.tmx"))
    assert doc.source_lang == "EN-US" and len(doc.segments) == 2


def test_write_replaces_and_adds_target_tuv():
    doc = read_document("s.tmx", "", fixture("sample.tmx"), "en-US", "es-ES")
    res = upper_results(doc)
    res[doc.segments[1].id].status = "needs-review"
    out = write_document(doc, res)
    root = etree.fromstring(out)
    tus = root.findall("body/tu")
    langs = [[t.get(XML_LANG) for t in tu.findall("tuv")] for tu in tus]
    assert langs == [["en-US", "es-ES"], ["en-us", "de", "es-ES"]]
    es1 = tus[0].findall("tuv")[1].find("seg")
    assert "".join(es1.itertext()) == "CALL <b>JOHN SMITH</b> AT {0}."
    assert [c.tag for c in es1] == ["bpt", "ept", "ph"]
    new = tus[1].findall("tuv")[2]
    assert new.find("prop").text == "needs-review"
    assert [c.tag for c in new.find("seg")] == ["hi", "it"]
    assert b'<!DOCTYPE tmx SYSTEM "tmx14.dtd">' in out


def test_utf16_written_back_as_utf16():
    data = _utf16(fixture("sample.tmx"))
    doc = read_document("s.tmx", "", data, "en", "fr")
    out = write_document(doc, upper_results(doc))
    assert out[:2] == b"\xff\xfe"
    again = read_document("s.tmx", "", out, "fr", "en")
    assert [s.plain_text() for s in again.segments] == ["CALL JOHN SMITH AT .", "VISIT RIGA NOW"]


def test_unbalanced_bpt_is_an_error():
    bad = fixture("sample.tmx").replace(b'<ept i="1">&lt;/b&gt;</ept> at', b" at", 1)
    with pytest.raises(FormatError, match="bpt"):
        read_document("bad.tmx", "", bad)


def test_missing_target_language_on_write():
    doc = read_document("s.tmx", "", fixture("sample.tmx"))
    with pytest.raises(FormatError, match="target language"):
        write_document(doc, upper_results(doc))


def test_bpt_ept_sent_as_a_pair_so_order_survives():
    from transforms import markup
    doc = read_document("s.tmx", "", fixture("sample.tmx"), "en", "es")
    seg = doc.segments[0]
    sent = markup.to_markup(seg.text, seg.codes)
    assert sent == 'Call <g id="0">John Smith</g> at <x id="2"/>.'
    # an engine that moves the name (and its tags) to the end
    text, problems = markup.from_markup('Llame al <x id="2"/> a <g id="0">John Smith</g>.',
                                        seg.codes)
    assert not problems
    from schemas.records import RestoredSegment
    out = write_document(doc, {seg.id: RestoredSegment(document="s", id=seg.id, index=0,
                                                       text=text)})
    again = read_document("s.tmx", "", out, "es", "en")      # balanced: reads back
    assert again.segments[0].plain_text() == "Llame al  a John Smith."


def _sample_as(order: str, bom: bool, decl: str) -> bytes:
    """sample.tmx as UTF-16 in byte ``order``, with or without BOM, with the encoding
    declaration ``decl`` (``""``: a declaration without encoding, as the LISA kit writes)."""
    text = fixture("sample.tmx").decode("utf-8")
    text = text.replace(' encoding="UTF-8"', f' encoding="{decl}"' if decl else "")
    marks = {"utf-16-be": b"\xfe\xff", "utf-16-le": b"\xff\xfe"}
    return (marks[order] if bom else b"") + text.encode(order)


@pytest.mark.parametrize("order", ["utf-16-be", "utf-16-le"])
@pytest.mark.parametrize("bom", [True, False])
@pytest.mark.parametrize("decl", ["", "UTF-16"])
def test_utf16_any_byte_order_reads_writes_and_reads_back(order, bom, decl):
    # A UTF-16BE TMX declaring no encoding was written back as UTF-16 bytes that declared
    # UTF-8, and refused on reading back: "Invalid bytes in character encoding".
    if decl and not bom:
        decl = "UTF-16BE" if order.endswith("be") else "UTF-16LE"
    data = _sample_as(order, bom, decl)
    doc = read_document("s.tmx", "", data, "en", "fr")
    assert [s.plain_text() for s in doc.segments] == ["Call John Smith at .", "Visit Riga now"]
    out = write_document(doc, upper_results(doc))
    # same byte order, BOM as it was
    assert out.startswith({("utf-16-be", True): b"\xfe\xff\x00<", ("utf-16-le", True): b"\xff\xfe<\x00",
                           ("utf-16-be", False): b"\x00<", ("utf-16-le", False): b"<\x00"}[order, bom])
    assert out.decode(order).lstrip("\ufeff").startswith("<?xml")
    if decl:
        assert f"encoding='{decl}'" in out.decode(order)
    again = read_document("s.tmx", "", out, "fr", "en")
    assert [s.plain_text() for s in again.segments] == ["CALL JOHN SMITH AT .", "VISIT RIGA NOW"]
    assert etree.fromstring(out).tag == "tmx"
