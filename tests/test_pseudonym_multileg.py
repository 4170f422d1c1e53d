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
                    # (one entity, as linking finds it: with and without its article, "the
                    # Court" and "Court"; a company's name and its first word, "Reisswolf
                    # Akten- und Datenvernichtung GmbH & Co." and "Reisswolf")
                    # ("German" the place and the nationality: one word, two categories)
                    orig_of[fold(a.replacement)].add((a.cluster, link_key(a.original)))
                    across[scope][(a.category, a.original)].add(a.replacement)
                    if a.category != "DATE" or len(a.original) > 4:
                        assert fold(a.replacement) not in every_original, (d.name, a)
            # the same original always gets the same pseudonym within the document
            assert all(len(v) == 1 for v in rep_of.values()), \
                {k: v for k, v in rep_of.items() if len(v) > 1}
            # different entities get different pseudonyms (case-insensitively)
            shared = {k: v for k, v in orig_of.items()
                      if any(c1 != c2 and k1 != k2 for c1, k1 in v for c2, k2 in v)}
            assert not shared, (d.name, shared)
            # and an entity is no more than its forms: none of two link keys but the ones
            # linking joins on purpose (a company's first word, a person's surname)
            keys = collections.defaultdict(set)
            for s in pd.segments:
                for a in s.assignments:
                    keys[a.cluster].add(link_key(a.original))
            for ks in keys.values():
                longest = max(ks, key=len)
                assert all(k == longest or k.split()[0] in longest.split()
                           or len(k.split()) > 1 for k in ks), (d.name, ks)
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
