"""Two stand-ins composed of the engine's vocabulary in one document share no word stem.  The
engine translates both as ordinary words, and restoration could not tell them apart: in the
WGIG footnotes, "Stronger Measurements" and "Powell Dollar Measurement" stood in one footnote
and the first stayed unplaced in the delivered document."""
import re

from transforms.protect import ProtectOptions, protect_document
from tests.test_engine_aware_selection import _doc, _through_apertium

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
