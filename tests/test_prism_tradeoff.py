"""The offline word-privacy measure, trade-off curves and AUPQC; evaluate's PRISM points."""
import pytest

from pipelines.common import UsageError
from pipelines.evaluate import parse_methods, parse_sweeps
from transforms.prism import Entry, WordDictionary
from transforms.prism.tradeoff import (Inverter, aupqc, content_words, curves, envelope,
                                       quality_at, segment_privacy)


def test_content_words_leave_stop_words_numbers_and_tags_out():
    assert content_words('The <g id="1">Court</g> ruled on 12 May that the fee is due', "en") \
        == ["court", "ruled", "fee", "due"]     # "may": a modal, a stop word


def test_privacy_exact_and_through_the_dictionary():
    d = WordDictionary({"fee": Entry("fee", None, 5, [("tasa", 9.0)]),
                        "charge": Entry("charge", None, 5, [("tasa", 7.0)]),
                        "court": Entry("court", None, 5, [("tribunal", 9.0)])}, {})
    original = "the court ruled the fee due"
    sent = "the bank ruled the charge due"
    plain = segment_privacy(original, sent, "en")
    assert (plain.content, plain.exact, plain.inverted) == (4, 2, 2)     # ruled, due
    inv = segment_privacy(original, sent, "en", Inverter(d))
    # "charge" translates as "fee" does: an adversary with the dictionary reads "fee"
    assert (inv.exact, inv.inverted) == (2, 3)
    assert segment_privacy(original, None, "en").exact == 0


def test_aupqc_envelope_and_qs_at_p():
    start = (0.1, 1.0)
    assert envelope([(0.5, 0.8), (0.5, 0.6), (0.4, 0.5)]) == [(0.5, 0.8)]
    a = aupqc([(0.5, 0.8)], start)
    # 0.1*1 + (0.4)*(1+0.8)/2 + 0.5*(0.8+0)/2
    assert a == pytest.approx(0.1 + 0.36 + 0.2)
    assert aupqc([(0.5, 0.9)], start) > a > aupqc([(0.5, 0.5)], start)
    assert quality_at([(0.5, 0.8)], start, 0.5) == pytest.approx(0.8)
    assert quality_at([(0.5, 0.8)], start, 0.75) == pytest.approx(0.4)


def test_curves_per_family_from_report_rows():
    rows = [{"engine": "e", "direction": "en-es", "method": m, "chrf": c, "word_privacy": p}
            for m, c, p in [("original", 100, 0.0), ("pseudonym", 99, 0.1),
                            ("prism-r@0.3", 85, 0.3), ("prism-r@0.7", 70, 0.6),
                            ("prism-star@0.3", 88, 0.6), ("nodecode@0.3", 55, 0.6)]]
    c = curves(rows)
    assert set(c) == {"e|en-es|prism-r", "e|en-es|prism-star", "e|en-es|nodecode"}
    assert c["e|en-es|prism-r"]["anchor"]["method"] == "pseudonym"
    assert [p["ratio"] for p in c["e|en-es|prism-r"]["points"]] == [0.3, 0.7]
    assert c["e|en-es|prism-star"]["aupqc"] > c["e|en-es|prism-r"]["aupqc"] \
        > c["e|en-es|nodecode"]["aupqc"]


def test_evaluate_accepts_points_and_sweeps():
    assert parse_sweeps(["prism-star:0.1,0.5"]) == ["prism-star@0.1", "prism-star@0.5"]
    assert parse_methods("original,prism-r@0.3", parse_sweeps(["nodecode:0.9"])) == \
        ["original", "prism-r@0.3", "nodecode@0.9"]
    for bad in ("prism-q@0.3", "prism-r@x", "prism-r@1.5"):
        with pytest.raises(UsageError):
            parse_methods(bad)
    with pytest.raises(UsageError):
        parse_sweeps(["prism-star"])


def test_evaluate_accepts_the_mixture_points_and_sweep():
    assert parse_methods("prism-mix@0.3") == ["prism-mix@0.3"]
    assert parse_sweeps(["prism-mix:0.1,0.3,0.5,0.7,0.9"]) == [
        f"prism-mix@{r}" for r in ("0.1", "0.3", "0.5", "0.7", "0.9")]
    with pytest.raises(UsageError):
        parse_methods("prism-mixture@0.3")
    from pipelines.evaluate import OPTIONS
    from pipelines.translate import OPTIONS as TRANSLATE
    assert "|prism-mix|" in OPTIONS.help_text()
    assert "prism-mix]" in TRANSLATE.help_text()


def test_evaluate_runs_a_mixture_sweep_into_its_trade_off_curve(tmp_path, monkeypatch):
    """evaluate end to end (Apertium en->es, self reference) on the mixture's fixture: the
    points' rows, one prism-mix curve with its AUPQC in report.json and in report.html."""
    import json
    from pathlib import Path
    from pipelines import evaluate
    monkeypatch.setenv("DOPPEL_SECRET", "evaluate-mix")
    fixture = Path(__file__).parent / "fixtures" / "prism" / "mix_en.jsonl"
    out = tmp_path / "ev"
    code = evaluate.run(["--source", str(fixture), "--reference", "self", "--source-lang", "en",
                         "--target-lang", "es", "--methods", "pseudonym,prism-mix@0.3",
                         "--sweep", "prism-mix:0.1,0.9", "--metrics", "chrf",
                         "--bootstrap-samples", "0", "--output", str(out)])
    assert code == 0
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    rows = {r["method"]: r for r in report["rows"]}
    assert {"pseudonym", "prism-mix@0.1", "prism-mix@0.3", "prism-mix@0.9"} <= set(rows)
    assert rows["prism-mix@0.3"]["leak_exact"] == 0.0
    assert rows["prism-mix@0.3"]["word_privacy"] > rows["pseudonym"]["word_privacy"]
    for kind in ("curves", "inverted"):
        curve = report["tradeoff"][kind]["apertium|en-es|prism-mix"]
        assert [p["ratio"] for p in curve["points"]] == [0.1, 0.3, 0.9]
        assert 0 < curve["aupqc"] < 1
    assert "prism-mix" in (out / "report.html").read_text(encoding="utf-8")
