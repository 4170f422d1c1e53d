"""The evaluation's records travel through Beam pickled as before, but Beam weighs them
(its element-size sampling) without pickling them (issue 19): ``RecordCoder``."""
import pickle
import apache_beam as beam
from apache_beam.coders import registry
from apache_beam.testing.test_pipeline import TestPipeline as BeamPipeline
from apache_beam.testing.util import assert_that

from schemas.records import Document, Segment
from transforms.beam import (DistinctPayloadsCoder, DocumentCoder, ProtectDocumentsByMethod,
                             ProtectedDocumentCoder, document_size)
from transforms.protect import ProtectedDocument, ProtectOptions, protect_document
from transforms.stages import DistinctPayloads, requests_for


def _doc():
    lines = [("Anna Berg wrote to the court.", [(0, 9, "PER")]),
             ("The hearing was adjourned.", [])]
    segs = [Segment(document="d.jsonl", id=str(i), index=i, text=t, labels=[list(l) for l in ls])
            for i, (t, ls) in enumerate(lines)]
    return Document(name="d.jsonl", path="d.jsonl", format="jsonl", skeleton=b"{}",
                    segments=segs, source_lang="en", target_lang="es")


def _protected():
    return protect_document(_doc(), ProtectOptions(method="asterisk", secret=b"k", detectors=(),
                                                   engine="upper"))


class _Unpicklable:
    """Raises if pickled: a size estimate that pickles is caught."""
    def __reduce__(self):
        raise AssertionError("pickled to be weighed")


def test_the_registry_gives_the_record_coders_for_keyed_records():
    key, value = registry.get_coder(beam.typehints.Tuple[str, ProtectedDocument]).coders()
    assert isinstance(value, ProtectedDocumentCoder)
    assert isinstance(registry.get_coder(Document), DocumentCoder)
    assert isinstance(registry.get_coder(DistinctPayloads), DistinctPayloadsCoder)


def test_records_round_trip_and_are_weighed_by_their_texts_without_pickling():
    pd = _protected()
    coder = registry.get_coder(beam.typehints.Tuple[str, ProtectedDocument])
    name, back = coder.decode(coder.encode(("d.jsonl", pd)))
    assert name == "d.jsonl" and back.segments == pd.segments and back.document == pd.document
    texts = len(pd.document.skeleton) + sum(len(s.text) for s in pd.document.segments) \
        + sum(len(s.text) for s in pd.segments)
    assert ProtectedDocumentCoder().estimate_size(pd) == texts
    # what Beam's sampling calls: the estimate, with no pickling
    pd.document.path = _Unpicklable()
    impl = ProtectedDocumentCoder().get_impl()
    assert impl.get_estimated_size_and_observables(pd)[0] == texts
    doc = _doc()
    doc.path = _Unpicklable()
    assert DocumentCoder().get_impl().estimate_size(doc) == document_size(doc) == 2 + 29 + 26


def test_a_job_carrying_its_document_is_weighed_with_it():
    pd, doc = _protected(), _doc()
    job = DistinctPayloads.of([requests_for(pd, "upper")])
    bare = DistinctPayloadsCoder().estimate_size(job)
    assert bare == 2 * sum(len(r.text) for r in job.requests)
    job.carried = (doc, [pd, None])
    assert DistinctPayloadsCoder().estimate_size(job) == bare + document_size(doc) + \
        ProtectedDocumentCoder().estimate_size(pd)
    assert pickle.loads(DistinctPayloadsCoder().encode(job)).requests == job.requests


def test_protect_by_method_outputs_are_typed_for_them():
    options = ProtectOptions(method="none", secret=b"k", detectors=(), engine="upper")
    with BeamPipeline() as p:
        shared = (p | beam.Create([_doc()])
                  | ProtectDocumentsByMethod(options, ["none", "asterisk"], "upper",
                                             corpus_scope=False, distinct=True, carry=True))
        assert shared["distinct"].element_type is DistinctPayloads
        assert shared["protected"]["asterisk"].element_type == \
            beam.typehints.Tuple[str, ProtectedDocument]

        def check(elements):
            assert [len(j.by_method) for j in elements] == [2]
        assert_that(shared["distinct"], check)
