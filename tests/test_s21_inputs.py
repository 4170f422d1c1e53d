"""Input globs as a user types them in the directory that holds the files."""
import pytest

from pipelines.common import UsageError, match_inputs


def test_a_glob_without_a_directory_matches_the_files_of_the_current_one(tmp_path,
                                                                         monkeypatch):
    for name in ("a.docx", "b.docx", "c.xlf"):
        (tmp_path / name).write_bytes(b"x")
    monkeypatch.chdir(tmp_path)
    assert sorted(p.rsplit("/", 1)[-1] for p in match_inputs("*.docx")) == ["a.docx", "b.docx"]
    assert [p.rsplit("/", 1)[-1] for p in match_inputs("a*.docx, *.xlf")] == \
        ["a.docx", "c.xlf"]
    assert [p.rsplit("/", 1)[-1] for p in match_inputs("c.xlf")] == ["c.xlf"]
    with pytest.raises(UsageError, match="no input files match"):
        match_inputs("*.tmx")
