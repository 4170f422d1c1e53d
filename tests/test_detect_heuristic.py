"""Model-free detector: small hand-written examples, and MultiLeg recall when available."""
import importlib.util
import os
from pathlib import Path

import pytest

from transforms.detect.heuristic import HeuristicDetector

ROOT = Path(__file__).resolve().parents[1]
CORPORA = Path(os.environ.get("DOPPEL_CORPORA", ROOT.parent / "shared" / "corpora"))


def _spans(texts, lang="en"):
    return [[(s.text, s.category) for s in spans] for spans in HeuristicDetector().detect(texts, lang)]


def test_person_with_title_initial_and_particle():
    got = _spans(["The case was heard by Judge K. Busch and Mr Pedro de la Vega on Monday.",
                  "the monday session"])[0]
    assert ("K. Busch", "PER") in got
    assert ("Pedro de la Vega", "PER") in got


def test_organisation_and_place_markers():
    got = _spans(["Defendant: SiGer Technologie GmbH, established in Cologne, Germany."])[0]
    assert ("SiGer Technologie GmbH", "ORG") in got
    # one LOC span or two: both places masked, as places
    assert any(c == "LOC" and "Germany" in t for t, c in got)
    assert any(c == "LOC" and "Cologne" in t for t, c in got)
    got = _spans(["Prasītājs dzīvo Daugavpilī un strādā SIA Zaļā Mežs."], "lv")[0]
    assert ("Daugavpilī", "LOC") in got
    assert any(c == "ORG" and "SIA" in t for t, c in got)


def test_inflected_latvian_name_found_by_stem():
    got = _spans(["Tiesa piekrita Andrim Bērziņam un viņa sievai."], "lv")[0]
    assert any(c == "PER" and "Bērziņam" in t for t, c in got)


def test_common_capitalised_words_are_not_names():
    texts = ["However, Article 5 of the Regulation applies.",
             "The regulation says so; however the article is clear."]
    got = _spans(texts)[0]
    assert got == []


def _bench():
    path = ROOT / "benchmarks" / "bench_detect_heuristic.py"
    spec = importlib.util.spec_from_file_location("bench_detect_heuristic", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("lang", ["en", "lv"])
def test_multileg_person_recall(lang):
    if not (CORPORA / "multileg" / "train" / lang).is_dir():
        pytest.skip(f"MultiLeg {lang} not under {CORPORA} (set DOPPEL_CORPORA)")
    c, _ = _bench().evaluate(lang, CORPORA)
    assert c[("gold", "PER")] > 400
    assert c[("found", "PER")] / c[("gold", "PER")] >= 0.95
    assert c[("masked", "PER")] / c[("gold", "PER")] >= 0.98


def test_placeholder_text_yields_no_names_but_a_name_beside_it_does():
    from transforms.detect.heuristic import HeuristicDetector
    texts = ["Lorem ipsum dolor sit amet, consectetuer adipiscing elit. Maecenas porttitor "
             "congue massa. Fusce posuere, magna sed pulvinar ultricies.",
             "More Info Lorem ipsum dolor sit amet. Contact Maria Rossi in Milan.",
             "Marcus Tullius Cicero dixit: lorem ipsum dolor sit amet est."]
    found = [[s.text for s in spans] for spans in HeuristicDetector().detect(texts, "en")]
    assert found[0] == []
    assert "Lorem" not in found[1] and any("Maria Rossi" in t for t in found[1])
    # a name that is no filler word stands, even in Latin
    assert any("Marcus" in t for t in found[2])


def test_an_inflected_name_is_a_stem_and_an_ending_not_any_first_letters():
    rules = HeuristicDetector().rules
    known = lambda texts, lang: {s.text for row in rules(texts, lang) for s in row
                                 if s.subtype == "heuristic"}
    # Finnish headings: frequent words whose first letters are a name's ("Kantola")
    assert not known(["Kantaja", "32 Kanne", "Valitus hylätään."], "fi") & {
        "Kantaja", "Kanne", "Valitus"}
    # names with case endings, anywhere; "-nen" names take "-se-" ("Virtanen": "Virtasen")
    assert {"Virtasen", "Korhoselle"} <= known(
        ["Virtasen valitus hylätään.", "Asia annettiin Korhoselle tiedoksi."], "fi")
    assert "Andrim Bērziņam" in known(["Tiesa piekrita Andrim Bērziņam."], "lv")
