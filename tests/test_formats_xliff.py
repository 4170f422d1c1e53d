import pytest
from lxml import etree

from transforms.formats import FormatError, detect, read_document, write_document
from tests.test_formats_helpers import fixture, upper_results

NS12 = "{urn:oasis:names:tc:xliff:document:1.2}"
NS2 = "{urn:oasis:names:tc:xliff:document:2.0}"


def _shape(el):
    """Nesting of inline elements: (tag, attributes, children shapes)."""
    return [(etree.QName(c).localname if isinstance(c.tag, str) else str(c.tag),
             sorted(c.attrib.items()) if isinstance(c.tag, str) else [], _shape(c)) for c in el]


# ------------------------------------------------------------------ XLIFF 1.2
@pytest.fixture()
def doc12():
    return read_document("sample12.xlf", "", fixture("sample12.xlf"))


def test_detect_versions():
    assert detect("a.txt", fixture("sample12.xlf")).name == "xliff12"
    assert detect("a.xlf", fixture("sample2.xlf")).name == "xliff2"
    assert detect("a.xml", fixture("sample.tmx")).name == "tmx"


def test_xliff12_segments(doc12):
    ids = [s.id for s in doc12.segments]
    texts = [s.plain_text() for s in doc12.segments]
    assert texts == ["Dear John Smith, see this and {0}.".replace("{0}", ""),
                     "First sentence by Anna.", "Second one.", "Second file italicterm"]
    assert len(ids) == len(set(ids))
    first = doc12.segments[0]
    # g is a real pair; bpt/ept become a "flat" pair (the engine must keep their order)
    assert [c.kind for c in first.codes] == ["open", "isolated", "close", "open", "close",
                                             "isolated"]
    assert first.codes[0].pair == first.codes[2].pair
    assert first.codes[3].pair == first.codes[4].pair != first.codes[0].pair
    assert "Do not touch" not in " ".join(texts) and "Final one" not in " ".join(texts)


def test_xliff12_no_results_identical(doc12):
    assert write_document(doc12, {}) == fixture("sample12.xlf")


def test_xliff12_write_targets_states_and_codes(doc12):
    res = upper_results(doc12)
    second = doc12.segments[1]
    res[second.id].status = "needs-review"
    failed = doc12.segments[3]
    res[failed.id].status = "failed"
    out = write_document(doc12, res)
    root = etree.fromstring(out)
    units = {u.get("id") + "@" + u.getparent().getparent().get("original", "")
             if u.getparent().tag == NS12 + "body" else u.get("id") + "@g": u
             for u in root.iter(NS12 + "trans-unit")}
    u1 = units["1@a.html"]
    target = u1.find(NS12 + "target")
    assert target.get("state") == "translated"
    assert "".join(target.itertext()).startswith("DEAR JOHN SMITH")
    assert _shape(target) == _shape(u1.find(NS12 + "source"))
    # seg-source unit: target mirrors the mrk structure, one needs review
    u4 = units["4@a.html"]
    t4 = u4.find(NS12 + "target")
    assert t4.get("state") == "needs-review-translation"
    assert _shape(t4) == _shape(u4.find(NS12 + "seg-source"))
    assert "FIRST SENTENCE BY ANNA." in "".join(t4.itertext())
    # untouched units
    assert units["2@a.html"].find(NS12 + "target") is None
    assert units["3@a.html"].find(NS12 + "target").text == "Ultimo"
    assert units["1@g"].find(NS12 + "target") is None          # failed
    # comments, PIs, extension elements kept
    assert b"<!-- a comment before the root -->" in out
    assert b"<?my-pi keep me?>" in out and b"<my:extra>ext data</my:extra>" in out
    again = read_document("sample12.xlf", "", out)
    assert [s.text for s in again.segments] == [s.text for s in doc12.segments]


def test_xliff12_private_use_characters_are_codes():
    data = fixture("sample12.xlf").replace(b"Dear ", "Dear \ue000\uf0b7 ".encode())
    doc = read_document("pua.xlf", "", data)
    seg = doc.segments[0]
    assert seg.plain_text().startswith("Dear  ")
    out = write_document(doc, upper_results(doc))
    assert "DEAR \ue000\uf0b7 ".encode() in out


def test_xliff12_bad_input_errors():
    with pytest.raises(FormatError, match="not well-formed"):
        read_document("x.xlf", "", b'<xliff version="1.2"><file><body><trans-unit>')
    with pytest.raises(FormatError, match="not well-formed"):
        read_document("x.xlf", "", b'<xliff version="1.2"><file><body><p:x/></body></file></xliff>')


def test_entities_not_expanded():
    evil = (b'<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY a "AAAAAAAAAA">'
            b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY f SYSTEM "file:///etc/passwd">]>'
            b'<xliff version="1.2"><file><body><trans-unit id="1"><source>x &b; &f; y</source>'
            b'</trans-unit></body></file></xliff>')
    doc = read_document("evil.xlf", "", evil)
    text = " ".join(s.text for s in doc.segments)
    assert "AAAA" not in text and "root:" not in text


# ------------------------------------------------------------------ XLIFF 2
@pytest.fixture()
def doc2():
    return read_document("sample2.xlf", "", fixture("sample2.xlf"), "en", "lv")


def test_xliff2_segments(doc2):
    assert [s.plain_text() for s in doc2.segments] == ["Hello John Smith from Riga.",
                                                       "Marked Anna text."]
    kinds = [c.kind for c in doc2.segments[0].codes]
    assert kinds == ["open", "close", "isolated", "open", "close"]     # sc/ec paired


def test_xliff2_identical_and_write(doc2):
    assert write_document(doc2, {}) == fixture("sample2.xlf")
    res = upper_results(doc2)
    res[doc2.segments[1].id].status = "needs-review"
    out = write_document(doc2, res)
    root = etree.fromstring(out)
    assert root.get("trgLang") == "lv"
    segs = list(root.iter(NS2 + "segment"))
    t1 = segs[0].find(NS2 + "target")
    assert "".join(t1.itertext()) == "HELLO JOHN SMITH FROM RIGA."
    assert _shape(t1) == _shape(segs[0].find(NS2 + "source"))
    assert segs[0].get("state") == "translated"
    assert segs[1].find(NS2 + "target").text == "Ya hecho."          # final kept
    assert segs[2].get("subState") == "doppel:needs-review"
    assert _shape(segs[2].find(NS2 + "target")) == _shape(segs[2].find(NS2 + "source"))
    assert b"<mda:meta type=\"k\">v</mda:meta>" in out and b"&lt;br/&gt;" in out
    assert list(root.iter(NS2 + "unit"))[1].find(f"{NS2}segment/{NS2}target") is None


def test_xliff12_unit_with_one_failed_segment_untouched(doc12):
    res = upper_results(doc12)
    res[doc12.segments[2].id].status = "failed"     # second mrk of unit 4
    out = write_document(doc12, res)
    root = etree.fromstring(out)
    u4 = [u for u in root.iter(NS12 + "trans-unit") if u.get("id") == "4"][0]
    target = u4.find(NS12 + "target")
    assert target.get("state") == "new" and len(target) == 0 and not target.text
    u1 = [u for u in root.iter(NS12 + "trans-unit") if u.get("id") == "1"][0]
    assert u1.find(NS12 + "target").get("state") == "translated"


def test_sdlxliff_approved_segment_kept_and_conf_updated():
    data = fixture("sample.sdlxliff")
    doc = read_document("a.sdlxliff", "", data)
    assert [s.plain_text() for s in doc.segments] == ["Witnessed by Peter."]
    assert write_document(doc, {}) == data
    out = write_document(doc, upper_results(doc))
    root = etree.fromstring(out)
    mrks = {m.get("mid"): "".join(m.itertext())
            for m in root.find(f".//{NS12}target").iter(NS12 + "mrk")}
    assert mrks == {"1": "Parakstīja Anna.", "2": "WITNESSED BY PETER."}
    sdl = "{http://sdl.com/FileTypes/SdlXliff/1.0}"
    assert [s.get("conf") for s in root.iter(sdl + "seg")] == ["ApprovedSignOff", "Translated"]


def test_xliff2_mrk_translate_no_is_one_untouched_code():
    data = fixture("sample2.xlf").replace(b'translate="yes" type="term">Anna',
                                          b'translate="no" type="term">Anna')
    doc = read_document("s.xlf", "", data, "en", "lv")
    seg = doc.segments[1]
    assert seg.plain_text() == "Marked  text."
    out = write_document(doc, upper_results(doc))
    assert b'translate="no" type="term">Anna</mrk>' in out


def test_jsonl_no_results_gives_input_back():
    data = '{"text": "John Smith lives in Riga.", "label": [[0, 10, "PER"]]}\n'.encode()
    doc = read_document("a.jsonl", "", data)
    assert write_document(doc, {}) == data
    out = write_document(doc, upper_results(doc))
    assert b"JOHN SMITH LIVES IN RIGA." in out


def test_a_file_declaring_another_source_language_is_refused_with_the_way_to_run_it():
    xlf = (b'<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">'
           b'<file original="a" source-language="de-DE" target-language="fr" datatype="plaintext">'
           b'<body><trans-unit id="1"><source>Guten Tag, Frau M\xc3\xbcller.</source></trans-unit>'
           b'</body></file></xliff>')
    with pytest.raises(FormatError, match=r"a\.xlf: declares source language 'de-DE'.*"
                                          r"--source-lang de"):
        read_document("a.xlf", "", xlf, "en", "es")
    assert read_document("a.xlf", "", xlf, "de", "es").segments[0].text.startswith("Guten")
    assert read_document("a.xlf", "", xlf, "DE_at", "es").source_lang == "DE_at"  # same language
    x2 = (b'<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="it">'
          b'<file id="f"><unit id="u"><segment><source>Ciao</source></segment></unit></file></xliff>')
    with pytest.raises(FormatError, match="declares source language 'it'"):
        read_document("b.xlf", "", x2, "en", "es")
    tmx = (b'<tmx version="1.4"><header srclang="de" segtype="sentence" o-tmf="x" adminlang="en" '
           b'datatype="plaintext" creationtool="t" creationtoolversion="1"/><body>'
           b'<tu><tuv xml:lang="de"><seg>Hallo</seg></tuv><tuv xml:lang="fr"><seg>Salut</seg></tuv></tu>'
           b'</body></tmx>')
    with pytest.raises(FormatError, match=r"no <tuv> in the source language 'en'.*de, fr"):
        read_document("c.tmx", "", tmx, "en", "es")
    assert [s.text for s in read_document("c.tmx", "", tmx, "fr", "es").segments] == ["Salut"]
