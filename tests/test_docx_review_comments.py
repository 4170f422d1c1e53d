"""A DOCX paragraph whose translation needs review carries a Word comment saying why: in a
delivered Word file that is the only place a reviewer sees it (summary.json only counts
such segments)."""
import io
import os
import shutil
import subprocess
import zipfile

import docx
import pytest
from lxml import etree

from transforms.formats import read_document, write_document
from transforms.formats.docx import COMMENTS_RELATIONSHIP, REVIEW_AUTHOR, W_NAMESPACES
from tests.test_formats_helpers import corpora_dir, fixture, upper_results

NOTE = "could not place PER #3 (sent as 'Parrish')"


def _written(name, data, pick):
    """``data`` written with the segments ``pick(doc)`` chooses marked needs-review."""
    doc = read_document(name, "", data)
    results = upper_results(doc)
    chosen = pick(doc)
    for seg in chosen:
        results[seg.id].status = "needs-review"
        results[seg.id].notes = [NOTE]
    return doc, chosen, write_document(doc, results)


def _body(doc):
    return [s for s in doc.segments if s.meta["part"] == "word/document.xml"
            and not s.meta.get("dml")]


def _new_docx() -> bytes:
    d = docx.Document()          # python-docx's template has no comments part
    d.add_paragraph("The applicant, John Smith, lives in Riga.")
    d.add_paragraph("Nothing to see here.")
    d.add_paragraph("Witness: Jane Doe.")
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


def _doppel_comments(out: bytes):
    return [c for c in docx.Document(io.BytesIO(out)).comments if c.author == REVIEW_AUTHOR]


def _commented_paragraph_texts(out: bytes):
    """The text of each body paragraph that a Doppel comment's range covers."""
    d = docx.Document(io.BytesIO(out))
    ours = {str(c.comment_id) for c in d.comments if c.author == REVIEW_AUTHOR}
    texts = []
    for p in d.paragraphs:
        starts = {el.get("{%s}id" % W_NAMESPACES[0]) for el in p._p.iter(
            "{%s}commentRangeStart" % W_NAMESPACES[0])}
        if starts & ours:
            texts.append(p.text)
    return texts


def test_needs_review_body_paragraphs_get_a_comment_with_the_notes():
    doc, chosen, out = _written("new.docx", _new_docx(), lambda d: [_body(d)[0], _body(d)[2]])
    ours = _doppel_comments(out)
    assert len(ours) == 2
    assert all("Parrish" in c.text and c.text.startswith("Doppel: check") for c in ours)
    assert _commented_paragraph_texts(out) == ["THE APPLICANT, JOHN SMITH, LIVES IN RIGA.",
                                               "WITNESS: JANE DOE."]


def test_a_package_without_comments_gets_the_part_its_relationship_and_content_type():
    data = _new_docx()
    assert "word/comments.xml" not in zipfile.ZipFile(io.BytesIO(data)).namelist()
    _, _, out = _written("new.docx", data, lambda d: [_body(d)[1]])
    z = zipfile.ZipFile(io.BytesIO(out))
    assert "word/comments.xml" in z.namelist()
    rels = etree.fromstring(z.read("word/_rels/document.xml.rels"))
    assert [r.get("Target") for r in rels
            if r.get("Type") == COMMENTS_RELATIONSHIP[W_NAMESPACES[0]]] == ["comments.xml"]
    assert len({r.get("Id") for r in rels}) == len(rels)        # no id taken twice
    types = etree.fromstring(z.read("[Content_Types].xml"))
    assert any(t.get("PartName") == "/word/comments.xml" for t in types)
    assert z.testzip() is None
    # the same input gives the same bytes (the new entry is not dated "now")
    assert _written("new.docx", data, lambda d: [_body(d)[1]])[2] == out


def test_existing_comments_are_kept_and_ids_not_reused():
    data = fixture("name_everywhere.docx")
    before = docx.Document(io.BytesIO(data)).comments
    _, _, out = _written("name_everywhere.docx", data, lambda d: [_body(d)[0]])
    after = docx.Document(io.BytesIO(out)).comments
    ids = [c.comment_id for c in after]
    assert len(ids) == len(set(ids)) == len(before) + 1
    assert [c.text for c in after if c.author != REVIEW_AUTHOR] == \
        [c.text.upper() for c in before]          # the reviewer's own, translated as usual


def test_outside_the_body_nothing_is_marked_and_translated_paragraphs_are_not_marked():
    data = fixture("name_everywhere.docx")
    doc, _, out = _written("name_everywhere.docx", data, lambda d: [
        s for s in d.segments if s.meta["part"] != "word/document.xml"])
    assert _doppel_comments(out) == []
    assert out == write_document(doc, upper_results(doc))


CORPUS_DOCX = os.path.join(corpora_dir(), "formats", "docx")


@pytest.mark.skipif(not os.path.isdir(CORPUS_DOCX),
                    reason=f"formats corpus not found at {CORPUS_DOCX} (DOPPEL_CORPORA)")
def test_real_files_strict_included_open_in_libreoffice_with_the_comments(tmp_path):
    exe = shutil.which("libreoffice") or shutil.which("soffice")
    if exe is None:
        if os.environ.get("CI"):
            pytest.fail("LibreOffice is not installed but CI must have it (.ci/run installs it)")
        pytest.skip("LibreOffice not installed (apt-get install libreoffice-writer-nogui)")
    names = ["okapi-859-strict.docx", "oxsdk-wgig-report.docx", "okapi-text-reference.docx"]
    expected = {}
    for name in names:
        data = open(os.path.join(CORPUS_DOCX, name), "rb").read()
        _, chosen, out = _written(name, data, lambda d: _body(d)[::5])
        expected[name] = len(chosen)
        (tmp_path / name).write_bytes(out)
    strict = etree.fromstring(zipfile.ZipFile(tmp_path / names[0]).read(
        "word/_rels/document.xml.rels"))
    assert COMMENTS_RELATIONSHIP[W_NAMESPACES[1]] in {r.get("Type") for r in strict}
    proc = subprocess.run([exe, "--headless", f"-env:UserInstallation=file://{tmp_path}/lo",
                           "--convert-to", "fodt", "--outdir", str(tmp_path / "odt")]
                          + [str(tmp_path / n) for n in names],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    for name in names:
        flat = (tmp_path / "odt" / (name[:-5] + ".fodt")).read_text(encoding="utf-8")
        assert flat.count("Doppel: check this paragraph") == expected[name] >= 1, name
