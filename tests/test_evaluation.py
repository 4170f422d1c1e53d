"""Masked translation evaluation: the pure parts (masking, references, metrics, privacy,
gate, report)."""
import io
import json

import pytest

from schemas.records import Document, Segment, code_char
from transforms.engines.base import EngineError
from transforms.evaluation import gate, masking, metrics, privacy, references, report, score
from transforms.evaluation.masking import Entity, locate_entities, mask, strip_codes


# --- masking ---------------------------------------------------------------------------------

def test_mask_merges_adjacent_masks_and_joins_overlaps():
    text = "Andris Bērziņš Jānis lives in Riga, Latvia."
    spans = [(0, 6), (7, 14), (15, 20), (30, 34), (32, 34), (36, 42)]
    assert mask(text, spans) == "NER lives in NER, NER."


def test_strip_codes_moves_spans_with_the_text():
    text = f"{code_char(0)}Call {code_char(1)}John Smith{code_char(2)} now"
    plain, spans = strip_codes(text, [[text.index("John"), text.index(code_char(2)), "PER"]])
    assert plain == "Call John Smith now"
    assert plain[spans[0][0]:spans[0][1]] == "John Smith"


@pytest.mark.parametrize("target, expected", [
    ("Tiesas 2008. gada 29. septembra spriedums", "2008. gada 29. septembra"),
    ("Sentencia del 29 de septiembre de 2008 del Tribunal", "29 de septiembre de 2008"),
    ("Judgment of 29 September 2008.", "29 September 2008"),
    # month names the date tables do not know: by the numbers, in either order
    ("2008 m. rugsėjo 29 d. sprendimas", "2008 m. rugsėjo 29 d."),
    ("Tuomio 29.9.2008 perustelut", "29.9.2008"),
    ("Dom af 29. septembris 2008 i sagen", "29. septembris 2008"),
])
def test_dates_are_found_by_their_components_in_any_known_language(target, expected):
    # the Tilde paper's simalign failure case: "29 September 2008" vs "2008. gada 29. septembra"
    got = locate_entities(target, [Entity("29 September 2008", "DATE")])
    assert [target[a:b] for a, b in got.spans] == [expected]
    assert got.how == ({"exact": 1} if expected == "29 September 2008" else {"date": 1})


def test_a_day_and_year_far_apart_are_not_a_date():
    got = locate_entities("In 2008 the court sat 29 times, in Riga.", [Entity("29 September 2008", "DATE")])
    assert got.spans == [] and got.missed == ["29 September 2008"]


def test_entities_found_by_string_probe_and_inflection_and_missed_ones_counted():
    text = "El Tribunal de Justicia condenó a Andris Bērziņš en Rīgā, Letonia."
    ents = [Entity("Andris Bērziņš", "PER"),
            Entity("Court of Justice", "ORG", probe="Tribunal de Justicia"),
            Entity("Riga", "LOC"),
            Entity("Latvia", "LOC"),          # "Letonia": no probe, nothing shared -> missed
            ]
    got = locate_entities(text, ents)
    assert sorted(text[a:b] for a, b in got.spans) == ["Andris Bērziņš", "Rīgā", "Tribunal de Justicia"]
    assert got.how == {"exact": 1, "probe": 1, "stem": 1}
    assert got.missed == ["Latvia"]


def test_an_inflected_given_name_beside_an_exact_family_name_is_one_mask():
    text = "Marija Ozola bija viņa advokāte."
    got = locate_entities(text, [Entity("Maria Ozola", "PER")])
    assert mask(text, got.spans) == "NER bija viņa advokāte."


def test_alignment_is_the_last_resort_and_used_when_given():
    text = "Lo firmó el presidente."
    aligned = lambda span: (12, 22) if span == (0, 5) else None  # noqa: E731
    got = locate_entities(text, [Entity("Chair", "PER", source_span=(0, 5))], aligned)
    assert got.how == {"alignment": 1} and text[got.spans[0][0]:got.spans[0][1]] == "presidente"


# --- references -----------------------------------------------------------------------------

def test_document_id_pairs_multileg_names():
    assert references.document_id("132839_en.jsonl", "en") == "132839"
    assert references.document_id("132839_lv.jsonl", "lv") == "132839"
    assert references.document_id("dir/case1_en.jsonl") == "case1"


def _doc(name, texts, labels=None):
    return Document(name=name, path=name, format="jsonl", skeleton=b"",
                    segments=[Segment(document=name, id=str(i + 1), index=i, text=t,
                                      labels=(labels or {}).get(i, []))
                              for i, t in enumerate(texts)])


def test_equal_counts_are_line_aligned_and_keep_gold_spans():
    src = _doc("a_en.jsonl", ["One.", "Two."])
    tgt = _doc("a_lv.jsonl", ["Viens.", "Divi."], {1: [[0, 4, "PER"]]})
    ref = references.parallel_references(src, tgt)
    assert ref.alignment == "line" and ref.by_index[1].text == "Divi."
    assert ref.by_index[1].gold == [[0, 4, "PER"]]


def test_unequal_counts_are_sentence_aligned_and_unmatched_lines_dropped():
    src = ["18 The Court dismissed the appeal in its entirety on 3 March 2021.",
           "19 Under Article 137 of the Rules of Procedure, costs are reserved.",
           "Costs",
           "Luxembourg, 17 September 2021.",
           "V. Schubert",
           "* Language of the case: English."]
    tgt = ["18 Tiesa 2021. gada 3. martā apelācijas sūdzību noraidīja pilnībā.",
           "19 Saskaņā ar Reglamenta 137. pantu tiesāšanās izdevumi netiek lemti.",
           "Par tiesāšanās izdevumiem",
           "* Tiesvedības valoda – angļu."]
    # lengths and numbers only: a guess, but short lines sharing no number are never scored
    pairs = references.align_sentences(src, tgt)
    assert (0, 0) in pairs and set(pairs) <= {(0, 0), (1, 1)}
    # with a machine translation of the source (Bleualign-style) the signature lines stay out
    mt = ["18 Tiesa 2021. gada 3. martā noraidīja apelāciju.", "19 Saskaņā ar Reglamenta 137. pantu",
          "Izmaksas", "Luksemburga, 2021. gada 17. septembris.", "V. Schubert",
          "* Lietas valoda: angļu."]
    pairs = references.align_sentences(src, tgt, mt)
    assert pairs[:2] == [(0, 0), (1, 1)] and (5, 3) in pairs
    assert all(i not in (3, 4) for i, _ in pairs)


def test_embedded_tmx_references(tmp_path):
    from transforms import formats
    data = (b'<?xml version="1.0"?><tmx version="1.4"><header srclang="en" segtype="sentence" '
            b'adminlang="en" datatype="plaintext" o-tmf="x" creationtool="t" creationtoolversion="1"/>'
            b'<body><tu><tuv xml:lang="en"><seg>Call John.</seg></tuv><tuv xml:lang="es"><seg>Llame a John.'
            b'</seg></tuv></tu><tu><tuv xml:lang="en"><seg>No reference.</seg></tuv></tu></body></tmx>')
    doc = formats.read_document("t.tmx", "t.tmx", data, "en", "es")
    ref = references.embedded_references(doc)
    assert ref.by_index == {0: references.Reference("Llame a John.", None)} and ref.dropped == 1


# --- metrics --------------------------------------------------------------------------------

def test_corpus_scores_carry_sacrebleu_signatures():
    hyps = ["NER vive en NER .", "El tribunal desestimó el recurso ."]
    refs = ["NER vive en NER .", "El tribunal desestima el recurso ."]
    got = metrics.corpus_scores(hyps, refs, "es")
    assert set(got) == {"bleu", "chrf", "ter"}
    assert 0 < got["bleu"]["score"] < 100 and 0 < got["ter"]["score"] < 100
    for m in got.values():
        assert m["signature"].startswith("nrefs:1|") and "version:" in m["signature"]


def test_paired_bootstrap_separates_a_broken_system_from_a_copy():
    refs = [f"sentence number {i} about the NER case" for i in range(30)]
    same = list(refs)
    broken = [f"words {i} NER" for i in range(30)]
    got = metrics.paired_bootstrap(("original", refs), [("same", same), ("broken", broken)],
                                   refs, n_samples=200)
    assert got["broken"]["chrf"]["p_value"] < 0.05
    assert got["broken"]["chrf"]["ci"] is not None
    # sacrebleu counts only differences strictly larger than the real one (multeval), so a
    # copy of the baseline gets the smallest p-value too: its score tells it apart
    assert got["same"]["chrf"]["mean"] == 100.0
    assert "bs:200" in got["_signatures"]["chrf"]


def test_cached_statistics_give_sacrebleus_own_numbers():
    """Scores and the bootstrap run on statistics extracted once; they must be sacrebleu's."""
    from sacrebleu.metrics import BLEU, CHRF, TER
    from sacrebleu.significance import PairedTest
    refs = [f"el tribunal {i} desestima el recurso de NER" for i in range(25)]
    a = [f"el tribunal {i} rechaza el recurso de NER" for i in range(25)]
    b = [f"tribunal {i % 5} NER recurso" for i in range(25)]
    s = metrics.SystemScores(a, refs)
    sent = s.sentences()
    assert sent["bleu"][3] == round(BLEU(effective_order=True).sentence_score(a[3], [refs[3]]).score, 4)
    assert sent["chrf"][3] == round(CHRF().sentence_score(a[3], [refs[3]]).score, 4)
    assert sent["ter"][3] == round(TER().sentence_score(a[3], [refs[3]]).score, 4)
    assert s.corpus()["ter"]["score"] == round(TER().corpus_score(a, [refs]).score, 4)
    mine = metrics.paired_bootstrap(("a", a), [("b", b)], refs, n_samples=100)
    _, theirs = PairedTest([("a", a), ("b", b)], {"BLEU": BLEU(), "chrF2": CHRF(), "TER": TER()},
                           [refs], test_type="bs", n_samples=100)()
    for key, name in (("bleu", "BLEU"), ("chrf", "chrF2"), ("ter", "TER")):
        assert mine["b"][key]["p_value"] == pytest.approx(theirs[name][1].p_value, abs=1e-4)
        assert mine["b"][key]["mean"] == pytest.approx(theirs[name][1].mean, abs=1e-3)
        assert mine["b"][key]["ci"] == pytest.approx(theirs[name][1].ci, abs=1e-3)
        assert mine["a"][key]["mean"] == pytest.approx(theirs[name][0].mean, abs=1e-3)


@pytest.mark.parametrize("high,scale", [(800, 1.0), (3, 1.0), (200_000, 1.0), (50, 0.5)])
def test_resampled_sums_are_sacrebleus_float32_sums(high, scale):
    # counts (exact by matrix product), totals past 2**24 and non-counts (sacrebleu's loop):
    # the very same float32 numbers either way
    import numpy as np
    n, samples = 700, 300
    idxs = np.random.default_rng(12345).choice(n, size=(samples, n), replace=True)
    drawn = np.bincount((idxs + n * np.arange(samples)[:, None]).ravel(),
                        minlength=samples * n).reshape(samples, n).astype(np.float64)
    arr = (np.random.default_rng(1).integers(0, high, size=(n, 18)) * scale).astype("float32")
    want = [arr[row].sum(0) for row in idxs]
    got = metrics.resampled_sums(arr, idxs, drawn)
    assert len(got) == len(want)
    assert all(g.dtype == w.dtype and np.array_equal(g, w) for g, w in zip(got, want))


def test_comet_without_a_model_says_what_to_do(tmp_path):
    with pytest.raises(RuntimeError, match="COMET model not found"):
        metrics.CometScorer(str(tmp_path / "nowhere"))


# --- privacy --------------------------------------------------------------------------------

def test_leaks_exact_and_fuzzy():
    assert privacy.leaks_exact("Bērziņš", "Mr BĒRZIŅŠ lives here")
    assert not privacy.leaks_exact("Riga", "Rigaer Strasse")
    # an inflected or misspelt name is a near copy: fuzzy, not exact
    assert not privacy.leaks_exact("Andris Bērziņš", "met Andrim Bērziņam yesterday")
    assert privacy.fuzzy_similarity("Andris Bērziņš", "met Andrim Bērziņam yesterday") > 0.8
    assert privacy.leaks_fuzzy("Andris Bērziņš", "met Andrim Bērziņam yesterday")
    assert not privacy.leaks_fuzzy("Andris Bērziņš", "met Andrim Bērziņam yesterday", threshold=0.9)
    assert privacy.leaks_fuzzy("Bērziņš", "Mr Berzinsh said")
    assert not privacy.leaks_fuzzy("Andris Bērziņš", "met Aura Pagès yesterday")
    assert not privacy.leaks_fuzzy("EU", "EUR")       # too short to be fuzzy


def test_detection_counts_at_mention_and_entity_level():
    segs = [("Andris Bērziņš met Bērziņš in Riga.", [[0, 14, "PER"], [19, 26, "PER"], [30, 34, "LOC"]],
             "**** met Bērziņš in ****."),
            ("Nothing here.", [], "Nothing here.")]
    predicted = {0: [(0, 14), (30, 34)], 1: [(0, 7)]}
    c = privacy.document_counts(segs, predicted, categories=("PER", "LOC"))
    r = c.rates()
    assert (c.gold_mentions, c.gold_covered) == (3, 2)
    assert r["leak_exact"] == pytest.approx(1 / 3, abs=1e-4)
    assert r["detection_precision"] == 0.6667 and r["detection_recall"] == 0.6667
    # "Bērziņš" and "Andris Bērziņš" are different link keys here; the missed surname entity
    # fails entity recall, Riga passes
    assert c.gold_entities == 3 and c.entities_covered == 2


def test_entity_counts_only_if_every_mention_is_masked():
    segs = [("Riga is big.", [[0, 4, "LOC"]], "**** is big."),
            ("Riga is old.", [[0, 4, "LOC"]], "Riga is old.")]
    c = privacy.document_counts(segs, {0: [(0, 4)]}, categories=None)
    assert c.rates()["detection_recall"] == 0.5
    assert c.rates()["entity_recall"] == 0.0



def test_coverage_is_the_per_character_definition():
    """A gold mention counts as covered when every character is whitespace or inside some
    predicted span: the coverage array gives ``_covered``'s answer for spans that overlap,
    touch, run past the text or leave a gap only a space fills."""
    text = "Andris  Bērziņš of Riga, Latvia."
    preds = [(0, 6), (8, 15), (19, 22), (21, 24), (25, 99)]
    cov = privacy._coverage(text, preds)
    for s in range(len(text)):
        for e in range(s, len(text) + 1):
            got = all(cov[i] or text[i].isspace() for i in range(s, e))
            assert got == privacy._covered((s, e), text, preds), (s, e)


def test_leak_counts_are_the_same_asked_again_for_another_method():
    segs = [("Andris Bērziņš met Bērziņš in Riga.", [[0, 14, "PER"], [19, 26, "PER"], [30, 34, "LOC"]],
             "met Andrim Bērziņam in Riga.")]
    first = privacy.document_counts(segs, {}, categories=None)
    again = privacy.document_counts(segs, {}, categories=None)
    assert (first.leaked_exact, first.leaked_fuzzy) == (again.leaked_exact, again.leaked_fuzzy) == (1, 3)
    # another threshold is another question, not the kept answer
    strict = privacy.document_counts(segs, {}, categories=None, threshold=0.99)
    assert (strict.leaked_exact, strict.leaked_fuzzy) == (1, 1)

# --- gate and report ------------------------------------------------------------------------

ROWS = [{"engine": "apertium", "method": "original", "direction": "en-es", "n_segments": 2,
         "bleu": 100.0, "chrf": 100.0, "ter": 0.0, "leak_exact": 1.0, "leak_fuzzy": 1.0,
         "bleu_signature": "nrefs:1|x", "chrf_signature": "nrefs:1|y", "ter_signature": "nrefs:1|z"},
        {"engine": "apertium", "method": "pseudonym", "direction": "en-es", "n_segments": 2,
         "bleu": 90.0, "chrf": 95.5, "ter": 4.0, "chrf_p_value": 0.001, "leak_exact": 0.0,
         "leak_fuzzy": 0.01, "restoration_rate": 0.99,
         "bleu_signature": "nrefs:1|x", "chrf_signature": "nrefs:1|y", "ter_signature": "nrefs:1|z"}]


def test_gate_checks_every_row_and_knows_which_way_is_better():
    ok, msgs = gate.evaluate(ROWS, gate.parse(["chrf=99"]))
    assert not ok and "pseudonym" in msgs[0]
    assert gate.evaluate(ROWS, gate.parse(["chrf=90,bleu=80"]))[0]
    assert not gate.evaluate(ROWS, gate.parse(["ter=3"]))[0]      # TER: lower is better
    assert gate.evaluate(ROWS, gate.parse(["pseudonym.leak_exact=0"]))[0]
    assert not gate.evaluate(ROWS, gate.parse(["pseudonym.comet=0.5"]))[0]   # absent: fails
    with pytest.raises(gate.GateError):
        gate.parse(["chrf"])


def test_html_report_is_self_contained_with_tables_and_charts():
    page = report.render_html({"rows": ROWS, "run": {"engines": ["apertium"],
                                                     "methods": ["original", "pseudonym"]}})
    assert page.count("<svg") == 3 and "<table" in page
    assert "Table 2. Masked scores, en-es" in page
    assert "<script" not in page and "src=" not in page and "<link" not in page
    assert "http" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "95.50**" in page            # p < 0.01 marked


def test_csv_and_parquet():
    import pyarrow.parquet as pq
    text = report.to_csv(ROWS)
    assert text.splitlines()[0].startswith("engine,method,direction")
    assert len(text.splitlines()) == 3
    seg = [{"engine": "e", "method": "m", "direction": "en-es", "document": "d", "segment": "1",
            "index": 0, "hypothesis_masked": "NER vive", "chrf": 50.0}]
    table = pq.read_table(io.BytesIO(report.segments_parquet(seg)))
    assert table.num_rows == 1 and table.column("chrf").to_pylist() == [50.0]
    assert table.column("bleu").to_pylist() == [None]


# --- replay engine --------------------------------------------------------------------------

def test_replay_engine_replays_and_refuses_unrecorded(tmp_path):
    from transforms.evaluation.replay import ReplayEngine
    rec = tmp_path / "r.jsonl"
    rec.write_text(json.dumps({"source": "Hello PER_1.", "translation": "Hola PER_1."}) + "\n"
                   + json.dumps({"source": "Bye.", "target": "Adiós.", "target_lang": "fr"}) + "\n",
                   encoding="utf-8")
    eng = ReplayEngine("en", "es", replay_file=str(rec))
    assert eng.translate(["Hello PER_1."]) == ["Hola PER_1."]
    with pytest.raises(EngineError, match="no recorded translation"):
        eng.translate(["Bye."])                # recorded for another direction
    with pytest.raises(EngineError, match="needs a recording"):
        ReplayEngine("en", "es")


def test_report_from_worker_statistics_equals_report_scored_in_place():
    """The pipeline's workers compute each row's statistics (``segment_statistics``); the
    report built from them is the report scored from the texts."""
    import copy
    refs = ["El gato se sentó en la alfombra roja .", "Juan vive en Madrid desde 2010 .",
            "La reunión es el lunes por la mañana .", "No hay nada que decir ."]
    outs = {"original": ["El gato sentó en alfombra roja .", "Juan vive Madrid desde 2010 .",
                         "La reunión es lunes mañana .", "Nada que decir ."],
            "asterisk": ["El gato se sentó en la alfombra .", "*** vive en *** desde *** .",
                         "reunión el lunes por la mañana .", "No hay nada que decir ."]}
    rows = []
    for method, hyps in outs.items():
        for i, (h, r) in enumerate(zip(hyps, refs)):
            rows.append({"engine": "e", "method": method, "direction": "en-es", "document": "d",
                         "index": i, "alignment": "line", "hypothesis_masked": h,
                         "reference_masked": r, "hypothesis": h + " x", "reference": r,
                         "source_masked": "", "status": "ok", "hyp_masks": 0,
                         "hyp_unplaced": 0, "ref_masks": 0})
    plain = score.build_report(copy.deepcopy(rows), [], "original", "es", 200)
    cache = {}
    scorer = metrics.SegmentScorer("es", metrics.METRICS, cache)
    with_stats = [score.segment_statistics(r, scorer) for r in rows]
    # each distinct pair is scored once per metric
    assert scorer.computed == len({(r["hypothesis_masked"], r["reference_masked"]) for r in rows}) * 3 \
        + len({(r["hypothesis"], r["reference"]) for r in rows})
    assert score.build_report(with_stats, [], "original", "es", 200) == plain
    # no resamples: the same scores, no significance test (it crashed inside sacrebleu)
    unsampled = score.build_report(copy.deepcopy(rows), [], "original", "es", 0)
    assert [r["chrf"] for r in unsampled["rows"]] == [r["chrf"] for r in plain["rows"]]
    assert not any("chrf_p_value" in r for r in unsampled["rows"])
    # a second scorer on the same cache scores nothing; a changed hypothesis only itself
    again = metrics.SegmentScorer("es", metrics.METRICS, cache)
    for r in rows:
        score.segment_statistics(r, again)
    assert again.computed == 0
    changed = dict(rows[0], hypothesis_masked="Un perro .")
    score.segment_statistics(changed, again)
    assert again.computed == 3
    # a document's rows together, TER on another thread: the same rows, the same statistics
    from concurrent.futures import ThreadPoolExecutor
    one_by_one = metrics.SegmentScorer("es", metrics.METRICS, {})
    alone = [score.segment_statistics(r, one_by_one) for r in rows]
    fresh = metrics.SegmentScorer("es", metrics.METRICS, {})
    with ThreadPoolExecutor(max_workers=1) as background:
        together = score.document_statistics(rows, fresh, background)
    assert together == alone
    assert [list(r[score.STATS]) for r in together] == [list(r[score.STATS]) for r in alone]
    assert fresh.computed == one_by_one.computed
    # TER in parts on two threads while the next document is scored: the same rows, and
    # the pairs two methods share (a third method sent as asterisk did) scored once, not
    # once per part
    split = metrics.SegmentScorer("es", metrics.METRICS, {})
    same = [dict(r, method="category") for r in rows[4:]]
    with ThreadPoolExecutor(max_workers=2) as background:
        started = [score.start_document_statistics(rows[:4], split, background, ter_parts=2),
                   score.start_document_statistics(rows[4:] + same, split, background,
                                                   ter_parts=3)]
        parts = [s.result() for s in started]
    assert parts[0] + parts[1][:4] == alone
    assert [r[score.STATS] for r in parts[1][4:]] == [r[score.STATS] for r in alone[4:]]
    assert split.computed == one_by_one.computed
    assert all(s.done() for s in started)


def test_parse_metrics():
    assert metrics.parse_metrics("ter, bleu") == ("bleu", "ter")
    with pytest.raises(ValueError):
        metrics.parse_metrics("bleu,meteor")


def test_fuzzy_leak_with_a_threshold_decides_as_the_full_search():
    """``fuzzy_similarity(.., at_least=t)`` prunes and stops early; whether a mention leaks
    (best ratio >= t) must not change."""
    import random
    rnd = random.Random(5)
    base = ["Juan Pérez García vive en la calle Mayor 5 de Madrid desde 2010.",
            "The Court of Justice of the European Union ruled on 13 December 2012.",
            "Josefina Lasocka mod Siger Technologie GmbH (Sąd Okręgowy we Wrocławiu)"]
    mentions = ["Juan Pérez García", "calle Mayor", "Court of Justice", "13 December 2012",
                "Josefina Lasocka", "Siger Technologie GmbH", "Wrocławiu", "European Union"]
    checked = leaks = 0
    for _ in range(400):
        m = rnd.choice(mentions)
        text = rnd.choice(base)
        # edits, and punctuation the windows strip ("(", "'s.", a token of quotes alone)
        text = "".join(ch if rnd.random() > 0.12 else rnd.choice("aeiouxyz ().,'\"")
                       for ch in text)
        for t in (0.6, 0.8, 0.9):
            full = privacy.fuzzy_similarity(m, text)
            quick = privacy.fuzzy_similarity(m, text, t)
            assert (full >= t) == (quick >= t), (m, text, t)
            assert quick <= full + 1e-12
            checked += 1
            leaks += full >= t
    assert 0 < leaks < checked
    for text in ("", " ", "((", "( ) ..", "'Josefina' (Lasocka)."):
        for t in (0.0, 0.8):
            assert (privacy.fuzzy_similarity("Josefina Lasocka", text) >= t) == \
                (privacy.fuzzy_similarity("Josefina Lasocka", text, t) >= t), (text, t)
    assert privacy.fuzzy_similarity("Josefina Lasocka", "'Josefina' (Lasocka).", 0.8) >= 0.8


def test_an_output_identical_to_the_unprotected_one_is_masked_as_it_is():
    """Self-reference: the reference's masks are located in the unprotected output, a
    method's where restoration put the originals back; the two can disagree on the very same
    text ("española" found by one only).  An identical output takes the unprotected run's
    masks and scores 100; a different one keeps its own."""
    doc = Document(name="d", path="d", format="jsonl", skeleton=b"", source_lang="en",
                   target_lang="es",
                   segments=[Segment(document="d", id=str(i + 1), index=i, text="Spanish law")
                             for i in range(2)])

    def hyp(method, texts_spans):
        segs = {i: score.HypSegment(index=i, id=str(i + 1), source="Spanish law", sent="",
                                    output=t, text=t, spans=sp, status="ok")
                for i, (t, sp) in enumerate(texts_spans)}
        return score.Hypothesis(engine="apertium", method=method, document="d", segments=segs,
                                privacy=privacy.PrivacyCounts())
    original = hyp("original", [("Ley española", []), ("Ley española", [])])
    pseudonym = hyp("pseudonym", [("Ley española", [(4, 12)]), ("Ley danesa", [(4, 10)])])
    rows = score.score_document(doc, None, [original, pseudonym], "en-es")
    mine = {r["index"]: r for r in rows if r["method"] == "pseudonym"}
    assert mine[0]["hypothesis_masked"] == mine[0]["reference_masked"] == "Ley española"
    assert mine[1]["hypothesis_masked"] == "Ley NER"
    assert mine[1]["reference_masked"] == "Ley española"


def test_an_entity_in_the_unprotected_output_is_found_as_restoration_finds_a_pseudonym():
    """Translated alone, "the Court of Justice" is "La Corte de Justice"; in its sentence,
    "la Corte de Justicia": the probe's words found "Corte" only, and the reference kept
    "la ... de Justicia" that every restored output masks.  Word for word through the
    pair's dictionaries, with its target article, it is found whole."""
    from transforms.engines.apertium_lexicon import pair_lexicon
    lex = pair_lexicon("en", "es")
    text = "para referir las cuestiones siguientes a la Corte de Justicia para un gobernante:"
    ent = Entity("the Court of Justice", "ORG", "La Corte de Justice")
    without = locate_entities(text, [ent])
    assert mask(text, without.spans) != "para referir las cuestiones siguientes a NER para un " \
                                        "gobernante:"
    got = locate_entities(text, [ent], lexicon=lex.target_form, source_lang="en",
                          target_lang="es")
    assert mask(text, got.spans) == "para referir las cuestiones siguientes a NER para un " \
                                    "gobernante:"
    assert got.how == {"engine": 1}


IDENTICAL_PAIRS = ["", " ", ".", "a", "x y", "The Court (Grand Chamber) ruled on 7 May 2016.",
                   "Domstolens dom (första avdelningen) av den 13 december 2012",
                   "«Ley española», art. 4-7; C-215/11 — 99,5 %", "ÉTÉ été  été\tété",
                   "Sąd Okręgowy we Wrocławiu - Polen", "a a a a a a", "1 2 3 4 5 6 7 8 9"]


@pytest.mark.parametrize("text", IDENTICAL_PAIRS)
def test_a_hypothesis_identical_to_its_reference_gets_sacrebleus_own_statistics(text):
    # Read off the reference's n-grams instead of extracting them again: the same numbers,
    # of the same types, as sacrebleu's own extraction.
    from transforms.evaluation.metrics import SegmentScorer
    scorer = SegmentScorer("es")
    for name in ("bleu", "chrf", "ter"):
        m = scorer.metrics[name]
        own = [x.item() if hasattr(x, "item") else x for x in
               m._compute_segment_statistics(m._preprocess_segment(text),
                                             m._extract_reference_info(
                                                 [m._preprocess_segment(text)]))]
        fast = scorer.statistics(name, text, text)
        assert fast == own and [type(x) for x in fast] == [type(x) for x in own], name
