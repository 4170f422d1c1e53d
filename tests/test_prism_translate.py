"""PRISM in the translate job: stacked on pseudonyms or alone, on MultiLeg en with its gold
spans and the real Apertium en->es engine; ε and |V| in summary.json; the history never
sent nor logged (the vault holds it); inline codes untouched."""
import json
import math
import shutil

import pytest

from tests.test_pipeline import run_translate
from transforms import formats, markup
from transforms.protect import DEFAULT_CATEGORIES, LeakGuard, ProtectOptions, protect_document
from schemas.records import CODE_CHARS, Document, Segment

DOCS = ["132839_en.jsonl", "133868_en.jsonl", "206292_en.jsonl", "219163_en.jsonl",
        "223729_en.jsonl", "236364_en.jsonl"]


@pytest.fixture
def multileg(corpora, tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    for name in DOCS:
        shutil.copy(corpora / "multileg" / "train" / "en" / name, src / name)
    return src


def _gold(src):
    out = set()
    for f in src.glob("*.jsonl"):
        for line in f.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            out |= {rec["text"][s:e] for s, e, c in rec["label"] if c in DEFAULT_CATEGORIES}
    return out


def _payloads(out):
    return [json.loads(l)["text"] for f in (out / "audit").glob("requests-*.jsonl")
            for l in f.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("method", ["prism-r", "prism-star"])
def test_stacked_on_pseudonym_no_gold_entity_sent_restoration_unchanged(
        multileg, tmp_path, method):
    base = run_translate(tmp_path / "base", str(multileg / "*.jsonl"), "--method", "pseudonym")
    out = run_translate(tmp_path / method, str(multileg / "*.jsonl"), "--method", method,
                        "--prism-ratio", "0.5")
    summary = json.loads((out / "summary.json").read_text())
    before = json.loads((base / "summary.json").read_text())
    prism = summary["prism"]
    assert prism["method"] == method and prism["substituted"] > 0.2 * prism["words"]
    assert prism["decoded"] >= 0.9 * prism["substituted"]
    if method == "prism-r":
        V = prism["vocabulary"]
        assert 1900 <= V <= 2000
        assert prism["epsilon"] == pytest.approx(math.log((0.5 + V * 0.5) / 0.5), abs=1e-6)
    else:
        assert prism["epsilon"] is None and prism["guarantee"] == "none"
    # no gold entity string in what was sent (the leak guard's own matching)
    guard = LeakGuard(_gold(multileg))
    payloads = _payloads(out)
    assert len(payloads) == summary["segments"]["sent"] > 100
    assert [p for p in payloads if guard.find(p)] == []
    # what PRISM changed is really sent: payloads differ from the pseudonym-only run's
    assert len(set(payloads) - set(_payloads(base))) > 0.3 * len(payloads)
    # entity restoration unchanged
    m, b = summary["mentions"], before["mentions"]
    assert m["restored"] / m["total"] >= 0.995
    assert m["restored"] >= b["restored"] - 1 and m["total"] == b["total"]
    # the history is in no file the job wrote
    for f in out.rglob("*"):
        if f.is_file():
            assert "decode_from" not in f.read_text(encoding="utf-8", errors="replace"), f


def test_prism_alone_and_the_vault_keeps_the_history(multileg, tmp_path, monkeypatch):
    import secrets
    key = secrets.token_urlsafe(32)
    monkeypatch.setenv("DOPPEL_VAULT_KEY", key)
    vault = tmp_path / "vault"
    out = run_translate(tmp_path / "alone", str(multileg / "132839_en.jsonl"), "--method",
                        "prism-star", "--entities", "none", "--vault", str(vault))
    summary = json.loads((out / "summary.json").read_text())
    assert summary["prism"]["substituted"] > 0
    from transforms.vault import read_vault
    files = [f for f in vault.rglob("*") if f.is_file()]
    assert files
    payload = read_vault(str(files[0]), key.encode())
    words = [w for s in payload["segments"] for w in s.get("words", [])]
    assert len(words) == summary["prism"]["substituted"]
    assert all(w["original"] and w["decode_to"] for w in words)
    # entities none: the originals are sent as they are
    assert any("Josefina Lasocka" in p for p in _payloads(out))


def test_inline_codes_untouched():
    import pathlib
    path = pathlib.Path(__file__).parent.parent / "resources" / "samples" / "contract-notice.xlf"
    doc = formats.read_document(path.name, str(path), path.read_bytes(), "en", "es")
    plain = protect_document(doc, ProtectOptions(secret=b"k", method="pseudonym"))
    pd = protect_document(doc, ProtectOptions(secret=b"k", method="pseudonym",
                                              words="prism-star", prism_ratio=1.0))
    changed = 0
    for a, b in zip(plain.segments, pd.segments):
        assert CODE_CHARS.findall(a.text) == CODE_CHARS.findall(b.text)
        assert b.codes == a.codes
        for x in b.assignments:      # entity spans moved with the text, untouched
            assert b.text[x.start:x.end] == x.replacement
        changed += a.text != b.text
        markup.to_markup(b.text, b.codes)
    assert changed > 0


def test_nodecode_substitutes_and_keeps_no_history():
    import pathlib
    path = pathlib.Path(__file__).parent.parent / "resources" / "samples" / "letter-fernandez.jsonl"
    doc = formats.read_document(path.name, str(path), path.read_bytes(), "en", "es")
    kept = protect_document(doc, ProtectOptions(secret=b"k", words="prism-star",
                                                prism_ratio=0.5))
    none = protect_document(doc, ProtectOptions(secret=b"k", words="prism-star",
                                                prism_ratio=0.5, prism_decode=False))
    assert [s.text for s in kept.segments] == [s.text for s in none.segments]
    assert any(s.words for s in kept.segments) and not any(s.words for s in none.segments)
    assert kept.prism["substituted"] == none.prism["substituted"] > 0


FIXTURE = __import__("pathlib").Path(__file__).parent / "fixtures" / "prism" / "mix_en.jsonl"


def test_prism_mix_stacked_on_pseudonym_end_to_end(tmp_path):
    """The mixture through the translate job (Apertium en->es) on a fixture of our own: no
    fixture entity string in the request log — not even as a substitute: "costs" and
    "control" would have the run's entity strings "Court" and "Council" for s(w) in the
    full V — the originals back in the output, every substitution decoded, ε and |V| in
    summary.json as for PRISM-R."""
    out = run_translate(tmp_path / "mix", str(FIXTURE), "--method", "prism-mix",
                        "--prism-ratio", "0.3")
    summary = json.loads((out / "summary.json").read_text())
    prism = summary["prism"]
    assert prism["method"] == "prism-mix" and prism["ratio"] == 0.3
    V = prism["vocabulary"]
    assert 1900 <= V < 2000          # the shipped V less the run's entity strings
    assert prism["epsilon"] == pytest.approx(math.log((0.3 + V * 0.7) / 0.3), abs=1e-6)
    assert prism["guarantee"].startswith("word-level epsilon-DP")
    assert prism["substituted"] > 0.3 * prism["words"]
    assert prism["decoded"] >= 0.9 * prism["substituted"]
    # without the run's entity strings left out of V, s(w) would send them
    from transforms.prism import mix_substitutes
    from transforms.prism.apply import dictionary, resolve
    full = mix_substitutes(dictionary(resolve("auto", "en", "es")))
    assert full["costs"][0] == "court" and full["control"][0] == "council"
    gold = _gold(FIXTURE.parent)
    assert {"Court", "Council", "Marta Kowalczyk", "Gdańsk"} <= gold
    guard = LeakGuard(gold)
    payloads = _payloads(out)
    assert len(payloads) == summary["segments"]["sent"] == 10
    assert [p for p in payloads if guard.find(p)] == []
    # the originals back
    m = summary["mentions"]
    assert m["restored"] == m["total"] > 10
    delivered = " ".join(json.loads(l)["text"] for l in
                         (out / FIXTURE.name).read_text(encoding="utf-8").splitlines())
    for name in ("Marta Kowalczyk", "Nordhafen Versicherung AG", "Gdańsk",
                 "Reinholt Logistik GmbH", "Rotterdam", "Helmut Brandauer"):
        assert name in delivered
    assert not any(name in p for p in payloads for name in ("Kowalczyk", "Brandauer"))
    # the history is in no file the job wrote
    for f in out.rglob("*"):
        if f.is_file():
            assert "decode_from" not in f.read_text(encoding="utf-8", errors="replace"), f


def test_prism_mix_alone_keeps_its_history_in_the_vault(tmp_path, monkeypatch):
    import secrets
    key = secrets.token_urlsafe(32)
    monkeypatch.setenv("DOPPEL_VAULT_KEY", key)
    vault = tmp_path / "vault"
    out = run_translate(tmp_path / "alone", str(FIXTURE), "--method", "prism-mix",
                        "--entities", "none", "--vault", str(vault))
    summary = json.loads((out / "summary.json").read_text())
    assert summary["prism"]["method"] == "prism-mix" and summary["prism"]["substituted"] > 0
    from transforms.vault import read_vault
    files = [f for f in vault.rglob("*") if f.is_file()]
    payload = read_vault(str(files[0]), key.encode())
    words = [w for s in payload["segments"] for w in s.get("words", [])]
    assert len(words) == summary["prism"]["substituted"]
    assert {w["mechanism"] for w in words} == {"prism-mix"}
    assert all(w["original"] and w["decode_to"] and w["decode_from"] for w in words)
    for f in out.rglob("*"):
        if f.is_file():
            assert "decode_from" not in f.read_text(encoding="utf-8", errors="replace"), f


def test_a_public_citation_keeps_its_words():
    # "Regulation No 987/2009" sent as "Criminal No 987/2009" is no citation any more: its
    # number, an identifier elsewhere in the document, held the whole segment back.
    text = "Under Regulation No 987/2009 the institution pays the costs of the treatment."
    doc = Document(name="c.jsonl", path="c.jsonl", format="jsonl", skeleton=b"",
                   segments=[Segment(document="c.jsonl", id="0", index=0, text=text, labels=[])],
                   source_lang="en", target_lang="es")
    for method in ("prism-r", "prism-mix"):
        pd = protect_document(doc, ProtectOptions(secret=b"k", method="pseudonym",
                                                  words=method, prism_ratio=0.9))
        sent = pd.segments[0].text
        assert "Regulation No 987/2009" in sent, (method, sent)
        assert sent != text, method          # the other words are substituted
