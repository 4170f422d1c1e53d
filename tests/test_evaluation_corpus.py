"""MultiLeg pairs as the evaluation reads them: line-aligned exactly where PARALLEL.tsv says
the counts agree; elsewhere sentence-aligned, monotonic, and covering most lines."""
import csv

from transforms import formats
from transforms.evaluation.references import align_sentences, parallel_references


def _read(path, lang):
    return formats.read_document(path.name, str(path), path.read_bytes(), lang, "")


def test_parallel_tsv_agrees_with_how_pairs_are_aligned(corpora):
    root = corpora / "multileg"
    rows = list(csv.DictReader(open(root / "PARALLEL.tsv", encoding="utf-8"), delimiter="\t"))
    assert rows
    unequal = 0
    for row in rows:
        if row["lang"] != "lv":
            continue
        src = _read(root / row["split"] / "en" / f"{row['doc_id']}_en.jsonl", "en")
        tgt = _read(root / row["split"] / "lv" / f"{row['doc_id']}_lv.jsonl", "lv")
        assert len(src.segments) == int(row["en_lines"]) and len(tgt.segments) == int(row["lines"])
        ref = parallel_references(src, tgt)
        if row["equal"] == "yes":
            assert ref.alignment == "line" and len(ref.by_index) == len(src.segments)
            # gold spans come along for masking the reference
            assert any(r.gold for r in ref.by_index.values()) or not any(s.labels for s in tgt.segments)
        else:
            unequal += 1
            assert ref.alignment == "sentence"
            pairs = align_sentences([s.text for s in src.segments], [s.text for s in tgt.segments])
            assert [j for _, j in pairs] == sorted(j for _, j in pairs)          # monotonic
            assert len(pairs) >= 0.7 * min(len(src.segments), len(tgt.segments))
            # where the documents differ at the end, the paired lines carry the same numbers
            for i, j in pairs:
                a = {w for w in src.segments[i].text.split() if w.isdigit()}
                b = {w.rstrip(".") for w in tgt.segments[j].text.split() if w.rstrip(".").isdigit()}
                assert not a or not b or a & b
    assert unequal >= 1
