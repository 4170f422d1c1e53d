"""Issue 18: fuzzing (``tests/adversarial/fuzz.py``) of every reader and writer (DOCX, its
parts and its zip; XLIFF 1.2 and 2.x; TMX; JSONL; CoNLL-U), the markup round trip, what an
engine may return, and restoration.  Nothing escapes but the documented ``FormatError``.

A short profile here (``DOPPEL_FUZZ_EXAMPLES``, default 60 per target);
``python -m scripts.fuzz_readers`` runs 10,000 or more per target."""
import os

import pytest
from hypothesis import HealthCheck, given, settings

from tests.adversarial import fuzz

EXAMPLES = int(os.environ.get("DOPPEL_FUZZ_EXAMPLES", "60"))


@pytest.mark.parametrize("target", sorted(fuzz.TARGETS))
def test_fuzz_target(target):
    strategy, check = fuzz.TARGETS[target]

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def run(example):
        check(example)

    run()


def test_lxml_messages_do_not_quote_the_file():
    """libxml2 quotes the text where it stopped in some messages; the reason goes to
    summary.json, which must name the file and the problem, not hold the client's text."""
    from transforms import formats
    data = b'<xliff version="1.2"><file><body><trans-unit id="1"><source><![CDATA[Janis Berzins'
    with pytest.raises(formats.FormatError) as err:
        formats.read_document("a.xlf", "", data)
    assert "Berzins" not in str(err.value)
    assert "CData section not finished, line 1, column" in str(err.value)


def test_a_zip_of_a_version_python_does_not_read_is_a_format_error():
    """A fuzzer's mutation of a DOCX: a central directory entry "made by" zip 6.4, which
    ``zipfile`` refuses with NotImplementedError; it escaped the reader and stopped the
    check, where a damaged package must be a FormatError naming the file."""
    import io
    import struct
    import docx
    from transforms import formats
    buf = io.BytesIO()
    docx.Document().save(buf)
    data = bytearray(buf.getvalue())
    at = data.find(b"PK\x01\x02")              # the first central directory entry
    struct.pack_into("<B", data, at + 4, 64)  # "version made by": 6.4
    struct.pack_into("<B", data, at + 6, 64)  # "version needed to extract": 6.4
    with pytest.raises(formats.FormatError) as err:
        formats.read_document("m.docx", "", bytes(data))
    assert "m.docx" in str(err.value)
