"""Running a document job: the graph built, run to the end, its progress shown.

A local run (the DirectRunner, in one process or several, or a portable runner whose
workers are on this machine) prints a progress line to stderr every ``--progress-interval``
seconds, from the tallies its workers keep (``transforms.progress``).  Every run ends with
one line of the same counts taken from Beam's metrics (the counters that Dataflow's UI
shows while it runs).

``--runner DataflowRunner --dry_run True``: the Dataflow runner builds the job (Runner v2
graph, worker environment from ``--sdk_container_image``) and submits nothing; with
``--dataflow_job_file FILE`` the job's description is written there as the Dataflow service
would receive it, beside the graph it runs (``FILE.pipeline.pb``), without a network call —
Beam's own template writing (``--template_location``) first stages files and checks the
buckets on Cloud Storage.
"""
from __future__ import annotations

import contextlib
import gc
import shutil
import sys
import tempfile
import time
from typing import Callable, Optional

import apache_beam as beam
from apache_beam.options.pipeline_options import (DebugOptions, GoogleCloudOptions,
                                                  PipelineOptions, PortableOptions,
                                                  StandardOptions, TestOptions)

from transforms import progress
from transforms.beam import Outcomes

LOCAL_RUNNERS = ("directrunner", "bundlebaseddirectrunner", "switchingdirectrunner",
                 "prismrunner")
LOCAL_HOSTS = ("localhost", "127.", "[::1]", "::1")


def _runner_name(options: PipelineOptions) -> str:
    runner = options.view_as(StandardOptions).runner
    if runner is None:
        return "directrunner"
    name = runner if isinstance(runner, str) else type(runner).__name__
    return name.rsplit(".", 1)[-1].lower()


def pipeline_for(options: PipelineOptions) -> beam.Pipeline:
    """A pipeline on the runner ``options`` name.  The DirectRunner (the default) runs a batch
    job on its FnApiRunner here, not on what Beam 2.77's DirectRunner tries first: Prism, a
    binary it downloads from GitHub at run time.  A confidential batch job makes no such
    call: where the network is closed it fails, after a wait, and the DirectRunner falls back
    to the FnApiRunner anyway; where it is open the job would run on a runner nothing here
    was tested or measured on.  (``--runner PrismRunner`` still chooses Prism.)"""
    if _runner_name(options) != "directrunner":
        return beam.Pipeline(options=options)
    from apache_beam.runners.portability.fn_api_runner import fn_runner
    runner = fn_runner.FnApiRunner(provision_info=provision_info(options))
    return beam.Pipeline(runner=runner, options=options)


def provision_info(options: PipelineOptions):
    """The FnApiRunner's provision info as the DirectRunner makes it
    (``SwitchingDirectRunner.run_pipeline``): the pipeline options go to the workers
    (``--direct_running_mode multi_processing``) in it."""
    from apache_beam.portability.api import beam_provision_api_pb2
    from apache_beam.runners.portability.fn_api_runner import fn_runner
    from apache_beam.runners.portability.portable_runner import JobServiceHandle
    encoded = JobServiceHandle.encode_pipeline_options(options.get_all_options())
    return fn_runner.ExtendedProvisionInfo(
        beam_provision_api_pb2.ProvisionInfo(pipeline_options=encoded))


def workers_are_local(options: PipelineOptions) -> bool:
    """Whether the workers share this machine's files: the DirectRunner (any mode), or the
    portable runner with its job service embedded or on this machine and its workers in
    this process (LOOPBACK), started by it (PROCESS) or in a pool on this machine."""
    name = _runner_name(options)
    if name in LOCAL_RUNNERS:
        return True
    if name != "portablerunner":
        return False
    portable = options.view_as(PortableOptions)
    endpoint = portable.job_endpoint or "embed"
    if endpoint != "embed" and not endpoint.startswith(LOCAL_HOSTS):
        return False
    kind = (portable.environment_type or "").upper()
    config = portable.environment_config or ""
    return kind in ("LOOPBACK", "PROCESS") or (kind == "EXTERNAL" and config.startswith(LOCAL_HOSTS))


def submits_nothing(options: PipelineOptions) -> bool:
    """A Dataflow job built only: its description checked or written, never sent."""
    return _runner_name(options) == "dataflowrunner" and (
        bool(options.view_as(GoogleCloudOptions).template_location)
        or str(options.view_as(TestOptions).dry_run).lower() in ("true", "1"))


def write_dataflow_job(job, path: str) -> None:
    """The dry-run ``job`` (``apiclient.Job``) as the Dataflow service would receive it: its
    environment as ``create_job_description`` makes it (worker image, pipeline options),
    with nothing staged, to ``path``; the graph the workers run to ``path.pipeline.pb``."""
    import hashlib

    from apache_beam.io.filesystems import FileSystems
    from apache_beam.runners.dataflow.internal import apiclient

    graph = job.proto_pipeline.SerializeToString()
    staging = job.google_cloud_options.staging_location
    job.proto.environment = apiclient.Environment(
        packages=[], options=job.options,
        environment_version=apiclient._FNAPI_ENVIRONMENT_MAJOR_VERSION,   # noqa: SLF001
        proto_pipeline_staged_url=FileSystems.join(staging, "pipeline.pb"),
        proto_pipeline=job.proto_pipeline,
        pipeline_proto_hash=hashlib.sha256(graph).hexdigest()).proto
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(job.json())
    with open(path + ".pipeline.pb", "wb") as fh:
        fh.write(graph)


def counted(result) -> Optional[progress.Counts]:
    """The run's counts from Beam's metrics, or None where the runner keeps none."""
    from apache_beam.metrics.metric import MetricsFilter
    try:
        found = result.metrics().query(MetricsFilter().with_namespace("doppel"))["counters"]
    except Exception:          # a runner without metrics: the tallies say it
        return None
    values = {}
    for counter in found:
        name = counter.key.metric.name
        value = counter.committed if counter.committed is not None else counter.attempted
        values[name] = values.get(name, 0) + int(value or 0)
    return progress.Counts(**{k: values.get(k, 0) for k in progress.COUNTERS})


# A job's heap is large and long-lived (dictionaries, models, the analysers' caches: over
# half a million objects), and Python's default thresholds (700, 10, 10) walked all of it ten
# times per 200 MultiLeg documents (1.6 s; 2.3 s with the younger generations, of 21 s of the
# translate job's own CPU).  Collected less often: none of the oldest generation in such a
# run (0.6 s in all), for 12 MB more peak RSS (343 -> 355 MB).  (The DirectRunner's workers
# run in the job's process by default.)
GC_THRESHOLDS = (10_000, 20, 10)


@contextlib.contextmanager
def fewer_collections():
    """The job's run with ``GC_THRESHOLDS``; the caller's process (a test's) as it was
    after.  What exists when the run starts (the imported modules: 160,000 objects) is
    frozen out of the collections for the run: it lives as long as the job, and the run's
    one collection of the oldest generation walked it for nothing (0.94 -> 0.79 s of
    collecting per 200 MultiLeg en documents)."""
    before = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLDS)
    # a caller that froze objects of its own keeps them frozen (unfreeze() takes them all)
    freeze = gc.get_freeze_count() == 0
    if freeze:
        gc.freeze()
    try:
        yield
    finally:
        if freeze:
            gc.unfreeze()
        gc.set_threshold(*before)


def run_documents_job(options: PipelineOptions, build: Callable[[beam.Pipeline, Outcomes, float], None],
                      documents: int, interval: float, stream=None) -> Optional[progress.Counts]:
    """Build the graph (``build(pipeline, outcomes, started_at)``), run it to the end and
    report: progress lines while it runs locally, the final counts at the end.  Returns
    those counts (None for a Dataflow job built and not submitted)."""
    stream = stream or sys.stderr
    started_at, started = time.time(), time.monotonic()
    tally_dir = None
    if interval > 0 and workers_are_local(options) and not submits_nothing(options):
        tally_dir = tempfile.mkdtemp(prefix="doppel-progress-")
    monitor, counts_local = None, None
    try:
        pipeline = pipeline_for(options)
        build(pipeline, Outcomes(tally_dir), started_at)
        if tally_dir:
            monitor = progress.ProgressMonitor(tally_dir, documents, interval, stream).start()
        result = pipeline.run()
        if submits_nothing(options):
            job_file = options.view_as(DebugOptions).dataflow_job_file
            template = options.view_as(GoogleCloudOptions).template_location
            if job_file and getattr(result, "job", None) is not None:
                write_dataflow_job(result.job, job_file)
            written = job_file or template
            print("doppel: Dataflow job built, not submitted"
                  + (f"; its description: {written}" if written else ""), file=stream)
            return None
        result.wait_until_finish()
    finally:
        if monitor is not None:
            monitor.stop()
        if tally_dir:
            counts_local = progress.read_tallies(tally_dir)
            shutil.rmtree(tally_dir, ignore_errors=True)
    counts = counted(result) or counts_local
    if counts is not None:
        print(progress.progress_line(counts, documents, time.monotonic() - started, final=True),
              file=stream, flush=True)
    return counts
