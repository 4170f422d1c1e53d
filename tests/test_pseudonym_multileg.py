"""Must-show 2 on MultiLeg en with its gold spans: consistent within a document, distinct
between entities, never an original; per-corpus scope consistent across documents; a rerun
with the same secret sends byte-identical payloads."""
import collections

from tests.test_pipeline import run_translate
from transforms import formats
from transforms.linking import fold, link_key
from transforms.protect import LeakGuard, ProtectOptions, protect_document
from transforms.stages import guard_terms


def _docs(corpora):
    files = sorted((corpora / "multileg" / "train" / "en").glob("*.jsonl"))
    return [formats.read_document(f.name, str(f), f.read_bytes(), "en", "es") for f in files]


def _corpus_forms(docs):
    return sorted({(d.segments[i].text[s:e], c) for d in docs for i in range(len(d.segments))
                   for s, e, c in d.segments[i].labels})


def test_multileg_pseudonyms_consistent_distinct_never_original(corpora):
    docs = _docs(corpora)
    forms = _corpus_forms(docs)
    from transforms.protect import DEFAULT_CATEGORIES
    every_original = {fold(f) for f, c in forms if c in DEFAULT_CATEGORIES}   # "g" is a unit
    assignments = 0
    across = {"document": collections.defaultdict(set), "corpus": collections.defaultdict(set)}
    for scope in ("document", "corpus"):
        for d in docs:
            pd = protect_document(d, ProtectOptions(secret=b"multileg", scope=scope), forms)
            rep_of = collections.defaultdict(set)
            orig_of = collections.defaultdict(set)
            for s in pd.segments:
                for a in s.assignments:
                    assignments += 1
                    rep_of[a.original].add(a.replacement)
                    # (one entity with and without its article: "the Court" and "Court")
                    orig_of[fold(a.replacement)].add(link_key(a.original))
                    across[scope][(a.category, a.original)].add(a.replacement)
                    if a.category != "DATE" or len(a.original) > 4:
                        assert fold(a.replacement) not in every_original, (d.name, a)
            # the same original always gets the same pseudonym within the document
            assert all(len(v) == 1 for v in rep_of.values()), \
                {k: v for k, v in rep_of.items() if len(v) > 1}
            # different originals get different pseudonyms (case-insensitively)
            shared = {k: v for k, v in orig_of.items() if len(v) > 1}
            assert not shared, (d.name, shared)
            guard = LeakGuard(guard_terms(pd))
            assert not [s.text for s in pd.segments if guard.find(s.text)], d.name
    assert assignments > 5000
    # per-corpus scope: an entity keeps its pseudonym across documents (a surname that one
    # document links into a full name and another leaves alone may differ)
    corpus_mixed = [k for k, v in across["corpus"].items() if len(v) > 1]
    doc_mixed = [k for k, v in across["document"].items() if len(v) > 1]
    assert len(corpus_mixed) <= 2, corpus_mixed
    assert len(doc_mixed) > 50        # per-document scope really is per document


def test_multileg_rerun_with_the_same_secret_sends_identical_bytes(tmp_path, corpora):
    inputs = str(corpora / "multileg" / "train" / "en" / "*.jsonl")
    a = run_translate(tmp_path / "a", inputs, engine="identity", env_secret="same")
    b = run_translate(tmp_path / "b", inputs, engine="identity", env_secret="same")
    c = run_translate(tmp_path / "c", inputs, engine="identity", env_secret="other")
    logs = sorted(p.name for p in (a / "audit").glob("requests-*.jsonl"))
    assert len(logs) == 50
    for name in logs:
        assert (a / "audit" / name).read_bytes() == (b / "audit" / name).read_bytes(), name
    assert any((a / "audit" / n).read_bytes() != (c / "audit" / n).read_bytes() for n in logs)
