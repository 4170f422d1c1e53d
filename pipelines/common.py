"""What every job needs before building its graph: input matching and the secret."""
from __future__ import annotations

import logging
import os
import posixpath
import secrets
import sys
from typing import Dict, List

from apache_beam.io.filesystems import FileSystems

LOG = logging.getLogger("doppel")


class UsageError(SystemExit):
    def __init__(self, message: str):
        super().__init__(f"doppel: {message}")


def match_inputs(pattern: str) -> List[str]:
    """Expand the input glob (local or any Beam filesystem) in the driver.  Two inputs with
    the same base name would write the same output file: refuse that up front."""
    paths: List[str] = []
    for part in pattern.split(","):
        part = part.strip()
        if not part:
            continue
        if "://" not in part and not os.path.dirname(part):
            # Beam lists the directory before the first wildcard, and "*.docx" has none:
            # it matched nothing in the directory the user is in
            part = os.path.join(os.curdir, part)
        try:
            result = FileSystems.match([part])[0]
        except Exception as exc:
            raise UsageError(f"cannot list {part!r}: {exc}")
        paths.extend(m.path for m in result.metadata_list)
    paths = sorted(set(paths))
    if not paths:
        raise UsageError(f"no input files match {pattern!r}")
    names = {}
    for p in paths:
        name = posixpath.basename(p.replace("\\", "/"))
        if name in names:
            raise UsageError(f"two inputs share the base name {name!r} ({names[name]} and {p}); "
                             f"outputs are written by base name")
        names[name] = p
    return paths


def input_sizes(paths: List[str]) -> Dict[str, int]:
    """Each input's base name -> its size in bytes (0 where the filesystem does not say)."""
    sizes: Dict[str, int] = {}
    for p in paths:
        try:
            found = FileSystems.match([p])[0].metadata_list
        except Exception:       # gone, or a filesystem that cannot tell: weighs nothing
            found = []
        sizes[posixpath.basename(p.replace("\\", "/"))] = \
            sum(int(m.size_in_bytes or 0) for m in found)
    return sizes


def balanced_shards(sizes: Dict[str, int], n: int) -> Dict[str, int]:
    """name -> shard in ``range(n)``, the shards' sizes as even as greedy makes them: the
    largest first, each to the shard with the least so far (ties: the lower shard, then the
    name).  The same names and sizes give the same shards on every run."""
    totals = [0] * max(1, n)
    out: Dict[str, int] = {}
    for name, size in sorted(sizes.items(), key=lambda kv: (-kv[1], kv[0])):
        shard = min(range(len(totals)), key=lambda i: (totals[i], i))
        out[name] = shard
        totals[shard] += max(1, size)
    return out


def pipeline_secret(env: str = "DOPPEL_SECRET") -> bytes:
    value = os.environ.get(env)
    if value:
        return value.encode("utf-8")
    print(f"doppel: {env} is not set: using a fresh random secret, so pseudonyms will differ "
          f"from any other run (set {env} for reproducible runs)", file=sys.stderr)
    return secrets.token_bytes(32)


def read_deny_list(path: str, categories: bool = True):
    """Customer always-mask list: ``text<TAB>CATEGORY`` per line (``#`` comments).  With
    ``categories=False`` (the never-mask list) a line is just the text."""
    out = []
    try:
        with open(path, encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, 1):
                line = line.rstrip("\n")
                if not line.strip() or line.lstrip().startswith("#"):
                    continue
                parts = line.split("\t")
                if not categories:
                    parts = [parts[0], "-"]
                if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
                    raise UsageError(f"{path}:{lineno}: expected 'text<TAB>CATEGORY'")
                out.append((parts[0].strip(), parts[1].strip().upper()))
    except OSError as exc:
        raise UsageError(f"cannot read deny list {path}: {exc.strerror}")
    return out


# The translate job's exit codes (README "Exit codes"): 0 every document written and every
# segment translated; 1 nothing run (a usage or set-up error, said on stderr); 3 the run
# completed but a document failed or a segment was dead-lettered — the good documents are
# written, summary.json says which failed and why.  A nightly job can tell 3 from 0.
EXIT_OK = 0
EXIT_INCOMPLETE = 3


def outcome_exit_code(output: str) -> int:
    """``EXIT_INCOMPLETE`` when the run's ``summary.json`` counts a failed document or a
    dead-lettered segment (said on stderr, with where to look), else ``EXIT_OK``.  A missing
    or unreadable summary is itself a failure: never 0 without proof."""
    import json
    path = FileSystems.join(output, "summary.json")
    try:
        with FileSystems.open(path, compression_type="uncompressed") as fh:
            summary = json.loads(fh.read().decode("utf-8"))
        failed = int(summary["documents"]["failed"])
        dead = int(summary["segments"]["dead_lettered"])
        total = int(summary["documents"]["total"])
    except Exception as exc:       # any way the summary is not there or not whole
        print(f"doppel: cannot read the run's summary {path}: {exc}", file=sys.stderr)
        return EXIT_INCOMPLETE
    if failed or dead:
        print(f"doppel: incomplete: {failed} of {total} document(s) failed, {dead} segment(s) "
              f"dead-lettered (see {path}; exit code {EXIT_INCOMPLETE})", file=sys.stderr)
        return EXIT_INCOMPLETE
    return EXIT_OK


def check_output_dir(output: str) -> None:
    """Refuse to start, with the reason in a line, when the local output directory cannot
    be created or written (read-only, not a directory, no permission): nothing is read or
    sent for a run that could not keep what it translates."""
    if "://" in output:
        return              # an object store: its own client says what is wrong
    probe = os.path.join(output, f".doppel-write-check-{os.getpid()}")
    try:
        os.makedirs(output, exist_ok=True)
        with open(probe, "wb"):
            pass
        os.unlink(probe)
    except OSError as exc:
        raise UsageError(f"cannot write to the output directory {output}: "
                         f"{exc.strerror or exc}")


def check_dictionary(spec: str, lang: str) -> None:
    """Refuse to start, with the reason in a line, when ``--dictionary`` names a pseudonym
    dictionary that cannot be read ("auto" and "none" need nothing)."""
    if spec in ("auto", "none"):
        return
    from transforms.dictionary.store import DictionaryError, resolve
    try:
        resolve(spec, lang)
    except DictionaryError as exc:
        raise UsageError(str(exc))


def job_gc_in_worker(driver_pid: int) -> None:
    """In a worker process of the job's own (``--direct_running_mode multi_processing``, a
    remote runner's worker), the job's garbage-collection thresholds
    (``running.GC_THRESHOLDS``) for the rest of the process's life; in the driver's process
    (``driver_pid``: one worker, or threads), nothing — ``running.fewer_collections`` sets
    them there for the run and gives the caller's back after it.  A worker process started
    with Python's defaults walked its whole heap (dictionaries, analysers, models) ten times
    in a 50-document evaluation: 1.4 s of each worker's 12 s, against 0.3 s in the driver of
    a one-worker run.  Called from a DoFn's ``setup`` (the first thing a worker runs of a
    stage).  There too, the process ends at once when Beam's worker harness is done
    (``end_worker_at_once``)."""
    if os.getpid() != driver_pid:
        import gc

        from pipelines.running import GC_THRESHOLDS
        gc.set_threshold(*GC_THRESHOLDS)
        end_worker_at_once()


BEAM_WORKER_MAIN = "apache_beam.runners.worker.sdk_worker_main"
_ENDS_AT_ONCE = []


def end_worker_at_once() -> None:
    """In a process that Beam's worker harness runs (``python -m`` its ``sdk_worker_main``:
    the DirectRunner's ``multi_processing`` workers), end the process at exit without
    finalising the interpreter (``os._exit``, after the harness has returned, torn the
    DoFns down and closed its log handler; standard streams flushed): the interpreter's
    finalisation freed the worker's heap (analysers, dictionaries, models, caches) object
    by object, 1.2-1.9 s of each worker's end in a 50-document evaluation, and the runner
    closes its workers one after the other, the job's last seconds.  The exit status stays
    1 when the harness failed (``sys.last_value``: an uncaught exception)."""
    main = sys.modules.get("__main__")
    spec = getattr(main, "__spec__", None)
    if _ENDS_AT_ONCE or getattr(spec, "name", None) != BEAM_WORKER_MAIN:
        return
    import atexit
    atexit.register(_end_now)
    _ENDS_AT_ONCE.append(True)


def _end_now() -> None:
    code = 1 if getattr(sys, "last_value", None) is not None else 0
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:       # a closed or broken stream: nothing more to say there
            pass
    os._exit(code)
