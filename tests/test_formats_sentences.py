from schemas.records import Code, Segment, code_char
from transforms.formats import read_document, write_document
from transforms.formats.sentences import split_points, split_segment
from tests.test_formats_helpers import upper_results


def _plain_pieces(text, kinds=()):
    seg = Segment(document="d", id="1", index=0, text=text,
                  codes=[Code(k, "{}", 1 if k != "isolated" else None) for k in kinds])
    return [p.plain_text() for p in split_segment(seg)]


def test_splits_sentences_not_initials_or_abbreviations():
    assert _plain_pieces("The court met. J. Smith arrived at 5 p.m. with Mr. Ozols. "
                         "He left!  Then? 2 cases remain.") == \
        ["The court met.", "J. Smith arrived at 5 p.m. with Mr. Ozols.", "He left!", "Then?",
         "2 cases remain."]
    assert _plain_pieces("Art. 5 applies. See No. 7 below.") == ["Art. 5 applies.",
                                                                 "See No. 7 below."]
    assert _plain_pieces("第一句。第二句。") == ["第一句。", "第二句。"]
    assert _plain_pieces("lower case. continues here") == ["lower case. continues here"]


def test_never_splits_inside_a_code_pair():
    o, c = code_char(0), code_char(1)
    text = f"One. {o}Two. Three.{c} Four."
    codes = [Code("open", "{}", 1), Code("close", "{}", 1)]
    # "Two. Three." is inside a pair that cannot be split (not a DOCX run): one boundary
    # before it, one after its close code
    assert [(a, b) for a, b, _ in split_points(text, codes)] == [(4, 5), (18, 19)]


def _docx_with_sentences() -> bytes:
    import io
    import docx
    d = docx.Document()
    p = d.add_paragraph()
    p.add_run("The court met on Monday. ")
    p.add_run("J. Smith").bold = True
    p.add_run(" was heard. He denied it. ")
    p.add_run("Anna Berzina").italic = True
    p.add_run(" agreed.")
    d.add_paragraph("Short one.")
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


def test_docx_round_trip_with_sentences():
    data = _docx_with_sentences()
    doc = read_document("n.docx", "", data, segment_sentences=True)
    whole = read_document("n.docx", "", data)
    assert [s.plain_text() for s in doc.segments] == [
        "The court met on Monday.", "J. Smith was heard.", "He denied it.",
        "Anna Berzina agreed.", "Short one."]
    assert [s.index for s in doc.segments] == list(range(5))
    for s in doc.segments:               # each piece has balanced codes
        kinds = [c.kind for c in s.codes]
        assert kinds.count("open") == kinds.count("close")
    assert write_document(doc, {}) == data
    out = write_document(doc, upper_results(doc))
    ref = write_document(whole, upper_results(whole))
    a = read_document("n.docx", "", out).segments
    b = read_document("n.docx", "", ref).segments
    assert [(s.text, [c.kind for c in s.codes]) for s in a] == \
           [(s.text, [c.kind for c in s.codes]) for s in b]


def test_needs_review_and_missing_piece():
    from lxml import etree
    data = (b'<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file '
            b'source-language="en" target-language="es"><body>'
            b'<trans-unit id="a"><source>First one. Second <g id="1">bold</g> one.</source>'
            b'</trans-unit><trans-unit id="b"><source>Third. Fourth.</source></trans-unit>'
            b'</body></file></xliff>')
    doc = read_document("s.xlf", "", data, segment_sentences=True)
    assert [s.plain_text() for s in doc.segments] == ["First one.", "Second bold one.",
                                                      "Third.", "Fourth."]
    results = upper_results(doc)
    results[doc.segments[1].id].status = "needs-review"
    del results[doc.segments[3].id]
    root = etree.fromstring(write_document(doc, results))
    ns = "{urn:oasis:names:tc:xliff:document:1.2}"
    units = list(root.iter(ns + "trans-unit"))
    t = units[0].find(ns + "target")
    assert "".join(t.itertext()) == "FIRST ONE. SECOND BOLD ONE."
    assert t.get("state") == "needs-review-translation" and len(t) == 1
    assert units[1].find(ns + "target") is None         # a missing sentence: unit untouched


def test_joined_result_carries_status_notes_and_spans():
    from schemas.records import RestoredSegment
    from transforms.formats.sentences import join_results
    data = (b'<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file '
            b'source-language="en" target-language="es"><body><trans-unit id="a"><source>'
            b'Anna came. Peter left.</source></trans-unit></body></file></xliff>')
    doc = read_document("s.xlf", "", data, segment_sentences=True)
    a, b = doc.segments
    res = {a.id: RestoredSegment(document="s", id=a.id, index=0, text="Anna vino.",
                                 spans=[[0, 4, "PER"]], restored=1),
           b.id: RestoredSegment(document="s", id=b.id, index=1, text="Peter se fue.",
                                 status="needs-review", notes=["check"], spans=[[0, 5, "PER"]],
                                 restored=1)}
    joined = join_results(doc, res)
    (parent,) = joined.values()
    assert parent.text == "Anna vino. Peter se fue."
    assert parent.status == "needs-review" and parent.notes == ["check"] and parent.restored == 2
    assert [parent.text[x:y] for x, y, _ in parent.spans] == ["Anna", "Peter"]
