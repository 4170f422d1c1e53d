"""Corpus-wide checks on ../shared/corpora/formats (or $DOPPEL_CORPORA/formats).

Skipped when the corpus is absent (it is not part of the repository; some files are GPL)."""
import csv
import io
import os
import shutil
import subprocess

import pytest
from lxml import etree

from pipelines.roundtrip import check_file
from transforms.formats import BY_NAME, read_document, write_document
from tests.test_formats_helpers import corpora_dir, upper_results
from transforms.markup import join_split_words

FORMATS_DIR = os.path.join(corpora_dir(), "formats")
HAVE = os.path.isfile(os.path.join(FORMATS_DIR, "MANIFEST.tsv"))
pytestmark = pytest.mark.skipif(not HAVE, reason=f"format corpus not found at {FORMATS_DIR} "
                                                  "(set DOPPEL_CORPORA)")


def _manifest():
    if not HAVE:
        return []
    with open(os.path.join(FORMATS_DIR, "MANIFEST.tsv"), newline="") as fh:
        return [row["file"] for row in csv.DictReader(fh, delimiter="\t")]


FILES = _manifest()
GOOD = [f for f in FILES if not f.startswith("bad/")]
BAD = [f for f in FILES if f.startswith("bad/")]


@pytest.mark.parametrize("rel", GOOD)
def test_good_files_identical(rel):
    assert check_file(os.path.join(FORMATS_DIR, rel)) == "identical"


@pytest.mark.parametrize("rel", BAD)
def test_bad_files_clear_error(rel):
    verdict = check_file(os.path.join(FORMATS_DIR, rel))
    assert verdict.startswith("error: ") and "internal" not in verdict, verdict


def _translate(rel):
    path = os.path.join(FORMATS_DIR, rel)
    data = open(path, "rb").read()
    doc = read_document(os.path.basename(rel), path, data)
    if not doc.target_lang:
        doc.target_lang = "es"
    return data, doc, write_document(doc, upper_results(doc))


@pytest.mark.parametrize("rel", GOOD)
def test_upper_translation_reopens_with_codes_kept(rel):
    data, doc, out = _translate(rel)
    fmt = BY_NAME[doc.format]
    back = fmt.read_back(doc, out)
    for seg in doc.segments:
        text, kinds = back[seg.id]
        if join_split_words(seg.text, seg.codes) == seg.text:
            assert kinds == [c.kind for c in seg.codes], seg.id
        else:
            # a word split by formatting went to the engine whole, leaving an empty pair
            # of codes beside it, which a DOCX reader reads back as a run without text
            # (an isolated code) or merges with its like neighbour: its structure may differ
            assert doc.format == "docx" and len(kinds) <= len(seg.codes) + 1, seg.id
        assert "".join(c for c in text if not 0xE000 <= ord(c) <= 0xF8FF) == \
               "".join(c for c in seg.text if not 0xE000 <= ord(c) <= 0xF8FF).upper(), seg.id
    if doc.format == "docx":
        import docx
        try:
            docx.Document(io.BytesIO(data))
        except Exception:
            # ISO Strict: python-docx cannot open the input either; our reader reads the output
            read_document(doc.name, "", out)
        else:
            docx.Document(io.BytesIO(out))
    else:
        etree.fromstring(out)   # well-formed


def test_docx_outputs_convert_with_libreoffice(tmp_path):
    if shutil.which("libreoffice") is None and shutil.which("soffice") is None:
        if os.environ.get("CI"):
            pytest.fail("LibreOffice is not installed but CI must have it (.ci/run installs it)")
        pytest.skip("LibreOffice not installed (apt-get install libreoffice-writer-nogui)")
    outs = []
    for rel in GOOD:
        if rel.endswith(".docx"):
            _, doc, out = _translate(rel)
            p = tmp_path / os.path.basename(rel)
            p.write_bytes(out)
            outs.append(p)
    exe = shutil.which("libreoffice") or shutil.which("soffice")
    proc = subprocess.run([exe, "--headless", f"-env:UserInstallation=file://{tmp_path}/lo",
                           "--convert-to", "pdf", "--outdir", str(tmp_path / "pdf")]
                          + [str(p) for p in outs], capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr
    for p in outs:
        pdf = tmp_path / "pdf" / (p.stem + ".pdf")
        assert pdf.is_file() and pdf.stat().st_size > 1000, p.name


XSD = os.path.join(corpora_dir(), "xsd")


def _validator(fmt):
    if fmt == "xliff12":
        return etree.XMLSchema(etree.parse(os.path.join(XSD, "xliff12",
                                                        "xliff-core-1.2-transitional.xsd")))
    if fmt == "xliff2":
        return etree.XMLSchema(etree.parse(os.path.join(XSD, "xliff20", "xliff_core_2.0.xsd")))
    if fmt == "tmx":
        return etree.DTD(os.path.join(XSD, "tmx14.dtd"))
    return None


@pytest.mark.skipif(not os.path.isdir(XSD), reason=f"schemas not found at {XSD}")
@pytest.mark.parametrize("rel", [f for f in GOOD if not f.endswith(".docx")])
def test_output_valid_when_input_valid(rel):
    path = os.path.join(FORMATS_DIR, rel)
    data = open(path, "rb").read()
    doc = read_document(os.path.basename(rel), path, data, "", "es")
    results = upper_results(doc)
    for i, seg in enumerate(doc.segments):       # exercise both states
        if i % 2:
            results[seg.id].status = "needs-review"
    out = write_document(doc, results)
    v = _validator(doc.format)
    if not v.validate(etree.fromstring(data)):
        pytest.skip(f"input itself is not valid: {v.error_log.last_error}")
    assert v.validate(etree.fromstring(out)), str(v.error_log.last_error)


@pytest.mark.parametrize("rel", GOOD)
def test_sentence_mode_writes_what_whole_mode_writes(rel):
    path = os.path.join(FORMATS_DIR, rel)
    data = open(path, "rb").read()
    whole = read_document(os.path.basename(rel), path, data, "", "es")
    sent = read_document(os.path.basename(rel), path, data, "", "es", segment_sentences=True)
    assert len(sent.segments) >= len(whole.segments)
    assert write_document(sent, {}) == data
    assert write_document(sent, upper_results(sent)) == write_document(whole, upper_results(whole))


@pytest.mark.skipif(shutil.which("lt-proc") is None, reason="Apertium is part of the set-up")
def test_word_template_prose_is_not_masked():
    """Word's own template prose ("click Insert", "Word provides ...", "SmartArt graphics")
    holds no personal data: only its author line is masked (his name, his site, the date)."""
    import json
    from pipelines.detect import annotated_lines
    from transforms.protect import ProtectOptions
    path = os.path.join(FORMATS_DIR, "docx", "oxsdk-word-boilerplate.docx")
    doc = read_document(os.path.basename(path), path, open(path, "rb").read(), "en", "es")
    lines, _ = annotated_lines(doc, ProtectOptions(method="none"))
    masked = set()
    for line in lines:
        rec = json.loads(line)
        masked |= {(rec["text"][s:e], cat) for s, e, cat, *_ in rec["label"]}
    assert {cat for _, cat in masked} <= {"PER", "URL", "DATE"}, masked
    assert {t for t, cat in masked if cat == "PER"} == {"Eric White"}, masked
