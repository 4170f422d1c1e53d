"""Evaluation sends a payload that several methods share (a segment without entities) once per
document (issue 19): every method still gets one response per request, a request held back by
its own leak guard stays held back, and the batches depend on the document alone."""
import apache_beam as beam
from apache_beam.testing.test_pipeline import TestPipeline as BeamPipeline
from apache_beam.testing.util import assert_that

from schemas.records import Document, MTRequest, Segment
from transforms.beam import ProtectDocumentsByMethod, TranslateDistinct
from transforms.engines import create
from transforms.protect import ProtectOptions
from transforms.stages import DistinctPayloads, Translator


def _req(i, text, guard=()):
    return MTRequest(document="d", segment=str(i), index=i, engine="upper", source_lang="en",
                     target_lang="es", text=text, guard=list(guard))


class _Counting:
    """``upper``, counting what it is sent."""
    def __init__(self):
        self.engine, self.sent = create("upper", "en", "es"), []

    def translate(self, texts):
        self.sent += list(texts)
        return self.engine.translate(texts)


def test_each_payload_is_sent_once_and_every_request_is_answered():
    original = [_req(0, "The court ruled."), _req(1, "Smith appealed."), _req(2, "Costs.")]
    pseudonym = [_req(0, "The court ruled.", ["Smith"]), _req(1, "Jones appealed.", ["Smith"]),
                 _req(2, "Costs.", ["Smith"])]
    job = DistinctPayloads.of([original, pseudonym])
    assert [r.text for r in job.requests] == ["The court ruled.", "Smith appealed.", "Costs.",
                                              "Jones appealed."]
    assert [r.index for r in job.requests] == [0, 1, 2, 3]
    counting = _Counting()
    translator = Translator(create("upper", "en", "es"))
    translator.engine.translate = counting.translate
    out = job.fan_out(translator.translate(job.requests))
    assert sorted(counting.sent) == sorted(r.text for r in job.requests)
    assert [len(m) for m in out] == [3, 3]
    assert [r.text for r in out[1]] == ["THE COURT RULED.", "JONES APPEALED.", "COSTS."]
    assert [(r.segment, r.index) for r in out[1]] == [("0", 0), ("1", 1), ("2", 2)]
    assert [r.request_text for r in out[1]] == [r.text for r in pseudonym]
    assert out[0][0].text == out[1][0].text


def test_a_request_its_guard_holds_back_is_not_sent_for_it():
    # "Smith appealed." is the original method's payload, and the protected method's too
    # (its detection missed the name): the guard holds the protected one back.  Alone, it
    # is never sent at all.
    original = [_req(0, "Smith appealed.")]
    missed = [_req(0, "Smith appealed.", ["Smith"]), _req(1, "Smith again.", ["Smith"])]
    job = DistinctPayloads.of([original, missed])
    assert [r.text for r in job.requests] == ["Smith appealed."]
    out = job.fan_out(Translator(create("upper", "en", "es")).translate(job.requests))
    assert out[0][0].text == "SMITH APPEALED."
    assert [r.text for r in out[1]] == [None, None]
    assert all(r.error.startswith("would leak") and r.request_text is None for r in out[1])


def _doc():
    lines = [("Anna Berg wrote to the court.", [(0, 9, "PER")]),
             ("The hearing was adjourned.", []),
             ("Costs were reserved.", [])]
    segs = [Segment(document="d.jsonl", id=str(i), index=i, text=t, labels=[list(l) for l in ls])
            for i, (t, ls) in enumerate(lines)]
    return Document(name="d.jsonl", path="d.jsonl", format="jsonl", skeleton=b"",
                    segments=segs, source_lang="en", target_lang="es")


def test_in_the_pipeline_each_method_gets_its_own_responses():
    methods = ["none", "asterisk", "pseudonym"]
    options = ProtectOptions(method="none", secret=b"k", detectors=(), engine="upper")
    with BeamPipeline() as p:
        shared = (p | beam.Create([_doc()])
                  | ProtectDocumentsByMethod(options, methods, "upper", corpus_scope=False,
                                             distinct=True))
        out = shared["distinct"] | TranslateDistinct(methods, "upper", "en", "es")

        def check(method):
            def inner(elements):
                # one element for the document, its responses together
                assert [name for name, _ in elements] == ["d.jsonl"], method
                responses = elements[0][1]
                assert sorted(r.index for r in responses) == [0, 1, 2], method
                by = {r.index: r.text for r in responses}
                assert by[1] == "THE HEARING WAS ADJOURNED." and by[2] == "COSTS WERE RESERVED."
                assert ("ANNA BERG" in by[0]) == (method == "none"), (method, by[0])
            return inner
        for m in methods:
            assert_that(out[m], check(m), label=f"check-{m}")
        assert_that(shared["distinct"] | beam.Map(lambda j: len(j.requests)),
                    _equals([5]), label="distinct-count")


def _equals(expected):
    def check(actual):
        assert actual == expected, actual
    return check


def test_restored_where_the_responses_arrive_is_what_a_join_restores():
    """``TranslateRestore`` (evaluation) restores each method's responses with the document
    and protected versions the job carries: the same hypotheses as the join of the protected
    documents, the responses and the gold document — a document with no segment too."""
    from pipelines.evaluate import TranslateRestore
    from transforms.evaluation import score
    methods = ["none", "asterisk", "pseudonym"]
    restore = {1: ["asterisk"], 2: ["pseudonym"]}
    options = ProtectOptions(method="none", secret=b"k", detectors=(), engine="upper")
    empty = Document(name="e.jsonl", path="e.jsonl", format="jsonl", skeleton=b"",
                     segments=[], source_lang="en", target_lang="es")
    with BeamPipeline() as p:
        docs = p | beam.Create([_doc(), empty])
        shared = docs | ProtectDocumentsByMethod(options, methods, "upper", corpus_scope=False,
                                                 distinct=True, carry=True)
        there = shared["distinct"] | "There" >> TranslateRestore(
            restore, None, 0.85, None, methods, "upper", "en", "es")
        responses = shared["distinct"] | "Plain" >> TranslateDistinct(methods, "upper", "en",
                                                                      "es")
        gold = docs | beam.Map(lambda d: (d.name, d))

        def joined(item, method):
            name, g = item
            pd = g["protected"][0]
            mine = [r for rs in g["responses"] for r in rs]
            return name, score.hypothesis_document(pd, mine, "upper", method, g["gold"][0],
                                                   None, None, 0.85, None)
        for i, names in restore.items():
            m = methods[i]
            want = ({"protected": shared["protected"][m], "responses": responses[m],
                     "gold": gold}
                    | f"Join-{m}" >> beam.CoGroupByKey()
                    | f"Restore-{m}" >> beam.Map(joined, names[0]))

            def same(elements):
                got, expected = elements[0]
                assert sorted(got, key=lambda kv: kv[0]) == sorted(expected,
                                                                   key=lambda kv: kv[0])
                assert [name for name, _ in sorted(got, key=lambda kv: kv[0])] == \
                    ["d.jsonl", "e.jsonl"]
            both = (p | f"Once-{m}" >> beam.Create([None])
                    | f"Both-{m}" >> beam.Map(lambda _, a, b: (a, b),
                                              beam.pvalue.AsList(there[m]),
                                              beam.pvalue.AsList(want)))
            assert_that(both, same, label=f"same-{m}")
        # the unprotected run is not restored there: its responses as TranslateDistinct's
        assert_that(there["none"] | beam.Map(lambda kv: kv[0]), _equals(["d.jsonl"]),
                    label="none-responses")
