"""CoNLL-U (Stanza's serialisation, NER in MISC) as annotated translate input."""
import json
import subprocess
import sys

from tests.conftest import FIXTURES, REPO
from transforms import formats
from transforms.linking import mentions_from_labels

ES = FIXTURES / "nlp" / "es_mwt_ner.conllu"
ET = FIXTURES / "nlp" / "et_ne_misc.conllu"


def test_sentences_become_segments_with_annotated_labels():
    doc = formats.read_document(ES.name, str(ES), ES.read_bytes(), "es", "en")
    assert doc.format == "conllu"
    assert doc.segments[0].text == "Ana Pérez Gil vive al lado del río."
    ms = mentions_from_labels(doc.segments)
    ana = next(m for m in ms if m.text == "Ana Pérez Gil")
    assert ana.category == "PER" and ana.lemma == "Ana Pérez Gil"
    assert ana.features["upos"] == "PROPN"
    assert any(m.text == "Banco de Cádiz" and m.category == "ORG" for m in ms)
    # NE= (Estonian EDT style) too
    et = formats.read_document(ET.name, str(ET), ET.read_bytes(), "et", "en")
    assert any(m.category in ("PER", "LOC", "ORG") for m in mentions_from_labels(et.segments))
    # no translation: the file comes back unchanged
    assert formats.write_document(doc, {}) == ES.read_bytes()


def test_conllu_through_the_translate_job(tmp_path):
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, "-m", "pipelines.translate", "--input", str(ES),
                           "--output", str(out), "--source-lang", "es", "--target-lang", "en",
                           "--engine", "upper"], cwd=REPO, capture_output=True, text=True,
                          env={**__import__("os").environ, "DOPPEL_SECRET": "t"})
    assert proc.returncode == 0, proc.stderr[-2000:]
    sent = "".join(json.loads(l)["text"] for f in (out / "audit").iterdir()
                   for l in f.read_text().splitlines())
    assert "Pérez" not in sent and "Cádiz" not in sent.replace("CÁDIZ", "")
    written = (out / ES.name).read_text(encoding="utf-8")
    assert "# text = Ana Pérez Gil VIVE AL LADO DEL RÍO." in written
    formats.read_document(ES.name, str(out / ES.name), written.encode(), "en", "")
