import os

from pipelines import roundtrip
from tests.test_formats_helpers import FIXTURES


def _run(capsys, *argv):
    rc = roundtrip.main(list(argv))
    return rc, capsys.readouterr().out.splitlines()


def test_fixtures_identical(capsys, tmp_path):
    files = [os.path.join(FIXTURES, f) for f in
             ("name_everywhere.docx", "sample12.xlf", "sample2.xlf", "sample.tmx")]
    rc, lines = _run(capsys, "--output", str(tmp_path), *files)
    assert rc == 0
    assert lines == [f"{f}: identical" for f in files]
    for f in files:
        with open(f, "rb") as a, open(tmp_path / os.path.basename(f), "rb") as b:
            assert a.read() == b.read()


def test_errors_are_lines_not_tracebacks(capsys, tmp_path):
    junk = tmp_path / "junk.xlf"
    junk.write_bytes(b"\x00\x01 not a document")
    broken = tmp_path / "broken.xlf"
    broken.write_bytes(b'<xliff version="1.2"><file><body>')
    missing = tmp_path / "missing.docx"
    rc, lines = _run(capsys, str(junk), str(broken), str(missing))
    assert rc == 2
    assert lines[0].startswith(f"{junk}: error: unrecognised format")
    assert lines[1].startswith(f"{broken}: error: not well-formed XML")
    assert lines[2].startswith(f"{missing}: error: cannot read file")


def test_changed_is_reported(capsys, tmp_path, monkeypatch):
    from transforms.formats.xliff12 import Xliff12Format
    monkeypatch.setattr(Xliff12Format, "write", lambda self, doc, results: doc.skeleton + b" ")
    rc, lines = _run(capsys, os.path.join(FIXTURES, "sample12.xlf"),
                     os.path.join(FIXTURES, "sample.tmx"))
    assert rc == 1
    assert ": changed: bytes differ" in lines[0]
    assert lines[1].endswith(": identical")


def test_write_check_catches_a_writer_that_drops_codes(capsys, monkeypatch):
    import transforms.formats.xliff12 as x12
    real = x12.build_inline

    def lossy(parent, text, codes):
        real(parent, "".join(c for c in text if not 0xE000 <= ord(c) <= 0xF8FF), codes)
    monkeypatch.setattr(x12, "build_inline", lossy)
    rc, lines = _run(capsys, os.path.join(FIXTURES, "sample12.xlf"))
    assert rc == 1 and "changed: write check" in lines[0]
