"""Two stand-ins composed of the engine's vocabulary in one document share no word stem.  The
engine translates both as ordinary words, and restoration could not tell them apart: in the
WGIG footnotes, "Stronger Measurements" and "Powell Dollar Measurement" stood in one footnote
and the first stayed unplaced in the delivered document."""
import json
import os
import re
import subprocess
import sys

import pytest

from transforms.protect import ProtectOptions, protect_document
from tests.test_engine_aware_selection import _doc, _through_apertium
from tests.test_formats_helpers import corpora_dir

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

TEXT = ("The Higher Regional Court and the Higher Labour Court referred the question; the "
        "Higher Social Court and the Higher Administrative Court did not.")
NAMES = ["Higher Regional Court", "Higher Labour Court", "Higher Social Court",
         "Higher Administrative Court"]


def _stems(text):
    return {w.lower()[:5] for w in re.findall(r"\w+", text) if len(w) >= 4}


def test_composed_stand_ins_of_one_document_share_no_stem_and_all_come_back():
    labels = [(TEXT.index(n), TEXT.index(n) + len(n), "ORG") for n in NAMES]
    for k in range(8):
        pd = protect_document(_doc([(TEXT, labels)]),
                              ProtectOptions(secret=f"c{k}".encode(), engine="apertium"))
        assert set(pd.selection_by_category["ORG"]) == {"engine+composed"}
        fakes = [a.replacement for a in pd.segments[0].assignments]
        assert len(fakes) == 4
        for i, a in enumerate(fakes):
            for b in fakes[i + 1:]:
                assert not _stems(a) & _stems(b), (k, fakes)
        res = _through_apertium(pd)
        assert res.unresolved == 0, (k, fakes, res.text)


FORMATS_DOCX = os.path.join(corpora_dir(), "formats", "docx")


@pytest.mark.skipif(not os.path.isdir(FORMATS_DOCX),
                    reason=f"formats corpus not found at {FORMATS_DOCX} (DOPPEL_CORPORA)")
def test_no_composed_stand_in_holds_words_the_engine_reads_as_one(tmp_path):
    """With this secret, the 16 DOCX files of the formats corpus sent "Key Pad Coalition" for
    a body of the WGIG report: the engine reads "Key Pad" as one word ("teclado numérico"),
    and restoration, word for word, found it in neither place it stood."""
    from transforms.engines.apertium_lexicon import PairLexicon
    from transforms.pseudonyms.engine_shaped import read_as_one
    assert read_as_one(PairLexicon("en", "es").views, "Key Pad Coalition")
    env = dict(os.environ, DOPPEL_SECRET="j", PYTHONPATH=ROOT)
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, "-m", "pipelines.translate", "--input",
                           os.path.join(FORMATS_DOCX, "*.docx"), "--output", str(out),
                           "--source-lang", "en", "--target-lang", "es", "--engine", "apertium"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    summary = json.loads((out / "summary.json").read_text())
    assert summary["mentions"]["total"] > 2000
    assert summary["mentions"]["unresolved"] == 0, summary["mentions"]
