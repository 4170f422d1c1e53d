"""summary.json says, per document, which detectors ran and how much of its text was masked;
``--detectors auto`` uses Stanza NER only where its models are installed (decided from the
files, without loading a model)."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from schemas.records import Document, Mention, Segment
from tests.conftest import REPO
from transforms import protect
from transforms.nlp.stanza_backend import ENV_DIR, ner_installed

# Unlabelled: only an e-mail address and a date are entities, in lower-case text that no name
# detector has a reason to touch.  Word characters (\w):
#   please 6, write 5, to 2, info 4, example 7, com 3, by 2, 12 2, March 5, 2021 4 = 40
#   the 3, café 4, is 2, open 4, on 2, weekdays 8                              = 23
# masked: info@example.com 4+7+3 = 14, "12 March 2021" 2+5+4 = 11              = 25
NOTE = [{"text": "please write to info@example.com by 12 March 2021."},
        {"text": "the café is open on weekdays."}]
NOTE_WORDS, NOTE_MASKED = 63, 25

# Labelled: the given PER span, the e-mail and the date are masked; "Mr Olsen" is left alone
# because no name detector runs on a labelled document.
#   Anna 4, Berg 4, wrote 5, to 2, anna 4, berg 4, example 7, net 3, on 2, 4 1, May 3,
#   2019 4 = 43;  Mr 2, Olsen 5, replied 7 = 14
# masked: Anna Berg 8, anna.berg@example.net 18, "4 May 2019" 8                = 34
LABELLED = [{"text": "Anna Berg wrote to anna.berg@example.net on 4 May 2019.",
             "label": [[0, 9, "PER"]]},
            {"text": "Mr Olsen replied.", "label": []}]
LABELLED_WORDS, LABELLED_MASKED = 57, 34

# XLIFF with inline codes, one inside the e-mail address: counted on the text without them.
#   please 6, mail 4, info 4, example 7, org 3, by 2, 3 1, June 4, 2020 4 = 35
# masked: info@example.org 14, "3 June 2020" 9                              = 23
FORM = """<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file original="form.html" source-language="en" target-language="es" datatype="html">
    <body>
      <trans-unit id="1">
        <source>please mail <g id="1">info</g>@example.org by <x id="2"/>3 June 2020.</source>
      </trans-unit>
    </body>
  </file>
</xliff>
"""
FORM_WORDS, FORM_MASKED = 35, 23


def _inputs(tmp_path: Path) -> Path:
    src = tmp_path / "in"
    src.mkdir()
    for name, rows in (("note.jsonl", NOTE), ("labelled.jsonl", LABELLED)):
        (src / name).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows),
                                encoding="utf-8")
    (src / "form.xlf").write_text(FORM, encoding="utf-8")
    return src


def _run(tmp_path: Path, module: str, *args) -> dict:
    out = tmp_path / module.rsplit(".", 1)[-1]
    env = {**os.environ, "DOPPEL_SECRET": "test-secret",
           # no Stanza models here, whatever this machine has installed: auto = heuristic
           ENV_DIR: str(tmp_path / "no-stanza-models"),
           "HTTPS_PROXY": "http://127.0.0.1:9", "HTTP_PROXY": "http://127.0.0.1:9"}
    proc = subprocess.run([sys.executable, "-m", module, "--input", str(tmp_path / "in" / "*"),
                           "--output", str(out), *args],
                          cwd=REPO, capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads((out / "summary.json").read_text(encoding="utf-8"))


EXPECTED = {
    "form.xlf": (["identifiers", "heuristic"], FORM_WORDS, FORM_MASKED),
    "labelled.jsonl": (["identifiers"], LABELLED_WORDS, LABELLED_MASKED),
    "note.jsonl": (["identifiers", "heuristic"], NOTE_WORDS, NOTE_MASKED),
}


def _check_detail(detail):
    assert [d["document"] for d in detail] == sorted(EXPECTED)
    for d in detail:
        detectors, words, masked = EXPECTED[d["document"]]
        assert d["detectors"] == detectors, d
        assert (d["word_chars"], d["masked_word_chars"]) == (words, masked), d
        assert d["masked_share"] == round(masked / words, 4), d
    note = next(d for d in detail if d["document"] == "note.jsonl")
    assert note["masked_share"] == 0.3968          # 25 / 63, by hand


def test_translate_summary_lists_detectors_and_masked_share_per_document(tmp_path):
    _inputs(tmp_path)
    summary = _run(tmp_path, "pipelines.translate", "--source-lang", "en", "--target-lang",
                   "es", "--engine", "identity")
    assert summary["documents"] == {"total": 3, "written": 3, "failed": 0}
    _check_detail(summary["documents_detail"])
    # nothing per-document was summed into the totals
    assert "detectors" not in summary and "masked_share" not in summary
    # the labelled document really had no name detector: "Mr Olsen" went out as it was
    audit = (tmp_path / "translate" / "audit" / "requests-labelled.jsonl.jsonl").read_text()
    assert "Mr Olsen" in audit and "Anna Berg" not in audit


def test_detect_summary_has_the_same_per_document_share(tmp_path):
    _inputs(tmp_path)
    summary = _run(tmp_path, "pipelines.detect", "--lang", "en")
    _check_detail(summary["documents_detail"])


def test_masked_characters_count_once_and_only_word_characters():
    doc = Document(name="d", path="d", format="jsonl", skeleton=b"", source_lang="en",
                   target_lang="es",
                   segments=[Segment(document="d", id="1", index=0, text="ab, cd-ef gh")])
    m = lambda s, e: Mention(segment=0, start=s, end=e, text="", category="PER")  # noqa: E731
    # "ab, cd" and "cd-ef" overlap on "cd"; ", " and "-" are not word characters
    assert protect.masked_word_chars(doc, [m(0, 6), m(4, 9)]) == (8, 6)
    assert protect.masked_word_chars(doc, []) == (8, 0)
    # word characters as the regular expression \w has them: letters and digits of any
    # script ("²" too), the underscore; not a combining mark
    text = "Müller_2 (٣٤) x\u0301 ² Ǆ—«Łódź»"
    doc.segments[0].text = text
    import re
    want = len(re.findall(r"\w", text))
    assert protect.masked_word_chars(doc, [m(0, 9), m(3, 14)]) == \
        (want, len(re.findall(r"\w", text[0:14])))


# --- auto: Stanza where installed --------------------------------------------------------

def _stanza_dir(root: Path, with_ner_file=True, with_charlm=True, with_depparse=True) -> Path:
    """A directory laid out like Stanza's resources: resources.json and the model files
    (empty: the decision must not load them)."""
    ner = "ontonotes-ww-multi_charlm"
    deps = [{"model": "pretrain", "package": "conll17"},
            {"model": "forward_charlm", "package": "1billion"},
            {"model": "backward_charlm", "package": "1billion"}]
    default = {"tokenize": "combined", "mwt": "combined", "pos": "combined_charlm",
               "lemma": "combined_nocharlm", "depparse": "combined_charlm", "ner": ner}
    en = {p: {pkg: {"md5": "0"}} for p, pkg in default.items()}
    en["ner"] = {ner: {"md5": "0", "dependencies": deps}}
    en.update({"default_processors": default, "packages": {"default": default},
               "lang_name": "English"})
    lv = {"tokenize": {"lvtb": {}}, "pos": {"lvtb": {}}, "lemma": {"lvtb": {}},
          "depparse": {"lvtb": {}}, "lang_name": "Latvian",
          "default_processors": {p: "lvtb" for p in ("tokenize", "pos", "lemma", "depparse")}}
    root.mkdir(parents=True, exist_ok=True)
    (root / "resources.json").write_text(json.dumps({"en": en, "lv": lv}))
    files = [("ner", ner)] if with_ner_file else []
    files += [(d["model"], d["package"]) for d in deps
              if with_charlm or "charlm" not in d["model"]]
    files += [(p, pkg) for p, pkg in default.items()
              if p != "ner" and (with_depparse or p != "depparse")]
    files += [(p, "lvtb") for p in ("tokenize", "pos", "lemma", "depparse")]
    for proc_, pkg in files:
        lang = "lv" if pkg == "lvtb" else "en"
        (root / lang / proc_).mkdir(parents=True, exist_ok=True)
        (root / lang / proc_ / f"{pkg}.pt").write_bytes(b"not a model")
    return root


@pytest.fixture
def no_stanza_loading(monkeypatch):
    """Building a Stanza pipeline here is a test failure: the decision reads files only."""
    import stanza

    def refuse(*a, **k):
        raise AssertionError("a Stanza model was loaded to decide 'installed?'")
    monkeypatch.setattr(stanza, "Pipeline", refuse)


def test_ner_installed_is_decided_from_the_files(tmp_path, no_stanza_loading):
    full = _stanza_dir(tmp_path / "full")
    assert ner_installed("en", str(full))
    assert not ner_installed("lv", str(full))          # Stanza has no Latvian NER
    assert not ner_installed("de", str(full))          # language not in resources.json
    assert not ner_installed("en", str(_stanza_dir(tmp_path / "no-ner", with_ner_file=False)))
    assert not ner_installed("en", str(_stanza_dir(tmp_path / "no-charlm", with_charlm=False)))
    # NER present but another processor the backend loads is not: it could not run
    assert not ner_installed("en", str(_stanza_dir(tmp_path / "no-dep", with_depparse=False)))
    assert not ner_installed("en", str(tmp_path / "empty"))
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "resources.json").write_text("{not json")
    assert not ner_installed("en", str(tmp_path / "broken"))


def _doc(lang="en", labels=()):
    return Document(name="d", path="d", format="jsonl", skeleton=b"", source_lang=lang,
                    target_lang="es",
                    segments=[Segment(document="d", id="1", index=0, text="Anna Berg wrote.",
                                      labels=[list(l) for l in labels])])


def test_auto_chooses_stanza_only_where_installed_and_only_without_labels(
        tmp_path, monkeypatch, no_stanza_loading):
    monkeypatch.setenv(ENV_DIR, str(_stanza_dir(tmp_path / "models")))
    assert protect.detectors_for(_doc(), ("auto",)) == ["identifiers", "stanza"]
    assert protect.detectors_for(_doc(labels=[(0, 9, "PER")]), ("auto",)) == ["identifiers"]
    assert protect.detectors_for(_doc("lv"), ("auto",)) == ["identifiers", "heuristic"]
    assert protect.detectors_for(_doc(), ("identifiers",)) == ["identifiers"]
    assert protect.detectors_for(_doc(), ()) == []
    monkeypatch.setenv(ENV_DIR, str(tmp_path / "nothing-here"))
    assert protect.detectors_for(_doc(), ("auto",)) == ["identifiers", "heuristic"]


def test_auto_falls_back_to_heuristic_when_installed_models_do_not_load(tmp_path, monkeypatch):
    """The files are there but are no models: the document is still protected, with the
    model-free detector, and says so; ``--detectors stanza`` asked for explicitly fails."""
    from transforms.nlp.base import ModelMissingError
    monkeypatch.setenv(ENV_DIR, str(_stanza_dir(tmp_path / "models")))
    monkeypatch.setenv("HTTPS_PROXY", "http://127.0.0.1:9")
    monkeypatch.setattr(protect, "_STANZA", {})
    pd = protect.protect_document(_doc(), protect.ProtectOptions(method="category",
                                                                 secret=b"k"))
    assert pd.detectors == ["identifiers", "heuristic"]
    with pytest.raises(ModelMissingError):
        protect.protect_document(_doc(), protect.ProtectOptions(method="category", secret=b"k",
                                                                detectors=("stanza",)))


GERMAN_LETTER = [{"text": "Sehr geehrte Damen und Herren,"},
                 {"text": "wir danken Ihnen für Ihre Anfrage vom 3. März und bestätigen den "
                          "Eingang der Unterlagen."},
                 {"text": "Die Rechnung wird Ihnen in den nächsten Tagen zugeschickt; bitte "
                          "überweisen Sie den Betrag innerhalb von vierzehn Tagen."},
                 {"text": "Mit freundlichen Grüßen"}]


@pytest.mark.parametrize("module,args", [
    ("pipelines.detect", ("--lang", "en")),
    ("pipelines.translate", ("--source-lang", "en", "--target-lang", "es", "--engine",
                             "identity"))])
def test_a_document_in_another_language_is_named_in_the_summary_and_a_warning(
        tmp_path, module, args):
    src = tmp_path / "in"
    src.mkdir()
    for name, rows in (("brief.jsonl", GERMAN_LETTER), ("note.jsonl", NOTE)):
        (src / name).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n"
                                        for r in rows), encoding="utf-8")
    out = tmp_path / "out"
    env = {**os.environ, "DOPPEL_SECRET": "test-secret", ENV_DIR: str(tmp_path / "none")}
    proc = subprocess.run([sys.executable, "-m", module, "--input", str(src / "*"),
                           "--output", str(out), *args], cwd=REPO, capture_output=True,
                          text=True, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    detail = {d["document"]: d for d in json.loads(
        (out / "summary.json").read_text(encoding="utf-8"))["documents_detail"]}
    doubt = detail["brief.jsonl"]["source_language"]
    assert (doubt["declared"], doubt["reads_as"]) == ("en", "de"), doubt
    assert "source_language" not in detail["note.jsonl"]
    assert "brief.jsonl reads as de, not en" in proc.stderr and "--source-lang de" in \
        proc.stderr, proc.stderr[-2000:]
    assert "note.jsonl reads as" not in proc.stderr
