"""The translate job's Dataflow job builds and serialises with DataflowRunner options, and
nothing reaches the network: Beam's Dataflow runner with ``--dry_run True`` builds the Runner
v2 graph and the job, and the job's description goes to ``--dataflow_job_file``."""
import json
import os
import subprocess
import sys

import pytest

from tests.conftest import REPO

SAMPLES = REPO / "resources" / "samples"
IMAGE = "europe-west1-docker.pkg.dev/example-project/doppel/worker:test"

# Runs the job as `python -m pipelines.translate` does, with every connection and name
# lookup to anything but this machine refused and reported (google.auth, for one, swallows
# its own network errors: the report is what the test reads).
GUARDED = """
import runpy, socket, sys, traceback

def _local(host):
    return host is None or str(host).startswith("127.") or host in ("localhost", "::1")

def _refuse(what, target):
    sys.stderr.write(f"NETWORK ATTEMPT: {what} {target}\\n" + "".join(traceback.format_stack(limit=8)))
    raise OSError(f"test: no network ({what} {target})")

_getaddrinfo, _connect = socket.getaddrinfo, socket.socket.connect
def getaddrinfo(host, *a, **k):
    return _getaddrinfo(host, *a, **k) if _local(host) else _refuse("lookup", host)
def connect(self, address, *a):
    if self.family in (socket.AF_INET, socket.AF_INET6) and not _local(address[0]):
        _refuse("connect", address)
    return _connect(self, address, *a)
socket.getaddrinfo, socket.socket.connect = getaddrinfo, connect
sys.argv = ["pipelines.translate"] + sys.argv[1:]
runpy.run_module("pipelines.translate", run_name="__main__")
"""


@pytest.fixture
def dataflow_client():
    try:
        from apache_beam.runners.dataflow.internal import apiclient  # noqa: F401
    except ImportError as exc:
        if os.environ.get("CI"):
            pytest.fail(f"apache-beam[gcp] is part of the test set-up (setup.py 'test'): {exc}")
        pytest.skip(f"the Dataflow runner needs apache-beam[gcp] (pip install -e '.[test]'): {exc}")


def test_a_cache_dir_url_is_refused_before_anything_runs(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "pipelines.translate", "--input",
                           str(SAMPLES / "*.jsonl"), "--output", str(tmp_path / "o"),
                           "--source-lang", "en", "--target-lang", "es",
                           "--cache-dir", "gs://bucket/cache"], cwd=REPO, capture_output=True,
                          text=True)
    assert proc.returncode != 0 and "--cache-dir gs://bucket/cache" in proc.stderr
    assert "shared mount" in proc.stderr and not (tmp_path / "o").exists()


def test_translate_job_builds_and_serialises_for_dataflow_without_a_network_call(
        tmp_path, dataflow_client):
    job_file = tmp_path / "job.json"
    proc = subprocess.run(
        [sys.executable, "-c", GUARDED, "--input", str(SAMPLES / "*.jsonl"),
         "--output", "gs://example-bucket/out", "--source-lang", "en", "--target-lang", "es",
         "--engine", "apertium", "--vault", "gs://example-bucket/vault",
         "--runner", "DataflowRunner", "--project", "example-project",
         "--region", "europe-west1", "--temp_location", "gs://example-bucket/tmp",
         "--sdk_container_image", IMAGE, "--setup_file", str(REPO / "setup.py"),
         "--dry_run", "True", "--dataflow_job_file", str(job_file)],
        cwd=REPO, capture_output=True, text=True, timeout=300,
        env={**os.environ, "DOPPEL_SECRET": "dataflow-check",
             "DOPPEL_VAULT_KEY": "dataflow-check-vault-key"})
    assert "NETWORK ATTEMPT" not in proc.stderr, proc.stderr[-4000:]
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert "Dataflow job built, not submitted" in proc.stderr

    job = json.loads(job_file.read_text())
    assert job["type"] == "JOB_TYPE_BATCH"
    env = job["environment"]
    images = {c["containerImage"] for pool in env["workerPools"]
              for c in pool.get("sdkHarnessContainerImages", [])}
    assert images == {IMAGE}
    options = env["sdkPipelineOptions"]["options"]
    assert options["project"] == "example-project" and options["region"] == "europe-west1"
    assert options["setup_file"].endswith("setup.py")
    assert options["temp_location"].startswith("gs://example-bucket/tmp")

    # The graph the workers run, as staged: our transforms, in the worker image, and every
    # DoFn back from its serialised form with its settings.
    from apache_beam.internal import pickler
    from apache_beam.portability import common_urns
    from apache_beam.portability.api import beam_runner_api_pb2

    graph = beam_runner_api_pb2.Pipeline.FromString(
        (tmp_path / "job.json.pipeline.pb").read_bytes())
    names = {t.unique_name for t in graph.components.transforms.values()}
    for step in ("ReadDocuments", "ProtectDocuments", "TranslateDocuments", "WriteSummary"):
        assert step in names, step
    dockers = [beam_runner_api_pb2.DockerPayload.FromString(e.payload).container_image
               for e in graph.components.environments.values()
               if e.urn == common_urns.environments.DOCKER.urn]
    assert dockers and set(dockers) == {IMAGE}
    fns = []
    for t in graph.components.transforms.values():
        if t.spec.urn == common_urns.primitives.PAR_DO.urn:
            payload = beam_runner_api_pb2.ParDoPayload.FromString(t.spec.payload)
            if payload.do_fn.payload:     # (Beam's own primitives carry none)
                fns.append(pickler.loads(payload.do_fn.payload)[0])
    translate = [f for f in fns if type(f).__name__ == "_TranslateDocumentFn"]
    assert len(translate) == 1
    assert translate[0].output == "gs://example-bucket/out"
    vault = [f for f in fns if type(f).__name__ == "WriteVaultFn"]
    assert [v.directory for v in vault] == ["gs://example-bucket/vault"]
    assert vault[0].key is None           # the key is read on the worker, not shipped
    # no local progress directory on remote workers: the counters are what Dataflow shows
    assert translate[0].outcomes.tally_dir is None
