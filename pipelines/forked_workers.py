"""The DirectRunner's worker processes (``--direct_running_mode multi_processing``) forked
from a process that has already imported the job, instead of fresh interpreters.

Beam starts each worker as ``python -m apache_beam.runners.worker.sdk_worker_main``: a new
interpreter that imports Beam (0.9 s of CPU before it asks for work), then, on its first
bundles, the job's own modules, each worker for itself, while the driver waits for them (the
job's first stage, 3.4 s of wall time in a 50-document evaluation on a loaded machine).  Here
the driver forks one process (``Zygote``) before the run starts, while it is still a single
thread (no gRPC yet: forking a process whose gRPC runs is unsafe); that process imports Beam's
worker harness and keeps still.  The command Beam runs for a worker (``Zygote.command``) is a
small client, an interpreter without ``site``, that hands its environment (the control
address, the pipeline options) to the zygote; the zygote forks a worker that runs Beam's
harness, ``sdk_worker_main.main``, with that environment, its modules already imported, and
ends without finalising the interpreter (``os._exit``).  The client exits with the worker's
status; the zygote waits for its workers (their CPU is counted in the driver's children,
as a worker Beam starts is) and ends when the driver closes it.

``runner(options)`` gives the FnApiRunner that starts its workers so, or None where this does
not apply (not the DirectRunner in ``multi_processing`` mode with more than one worker, or
no ``fork``): Beam's own runner then starts them as it always did.
"""
from __future__ import annotations

import json
import os
import selectors
import shlex
import shutil
import socket
import sys
import tempfile
from typing import Callable, Optional

# what Beam runs for a worker: hands the environment over and exits with the worker's status
# (stdlib only, ``python -S``: no site-packages walked for a client)
CLIENT = """\
import json, os, socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(sys.argv[1])
s.sendall(json.dumps(dict(os.environ)).encode() + b"\\n")
line = s.makefile("rb").readline().strip()
sys.exit(int(line) if line else 1)
"""


class Zygote:
    """A process forked from the driver that forks the job's workers (module docstring).
    ``close()`` ends it once its workers have ended."""

    def __init__(self, warm: Optional[Callable[[], None]] = None):
        import threading
        if threading.active_count() != 1:
            raise RuntimeError("the zygote is forked from a single-threaded driver only")
        self.dir = tempfile.mkdtemp(prefix="doppel-workers-")
        self.path = os.path.join(self.dir, "zygote")
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(self.path)
        listener.listen(16)
        alive_r, alive_w = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:                                    # the zygote
            code = 1
            try:
                os.close(alive_w)
                _serve(listener, alive_r, warm)
                code = 0
            except BaseException:                       # noqa: BLE001 (said, then ended)
                import traceback
                traceback.print_exc()
            finally:
                _flush()
                os._exit(code)
        os.close(alive_r)
        listener.close()
        self.pid, self._alive = pid, alive_w

    def command(self) -> str:
        """The shell command Beam runs for each worker."""
        return " ".join(shlex.quote(a) for a in (sys.executable, "-S", "-c", CLIENT, self.path))

    def close(self) -> None:
        if self._alive is None:
            return
        os.close(self._alive)                           # the zygote's end of the pipe: EOF
        self._alive = None
        os.waitpid(self.pid, 0)
        shutil.rmtree(self.dir, ignore_errors=True)


def _flush():
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:        # noqa: BLE001 (a closed stream: nothing more to say)
            pass


def _serve(listener: socket.socket, alive: int, warm: Optional[Callable[[], None]]) -> None:
    """The zygote: imports the worker harness, runs ``warm`` (what every worker would load
    for itself), then forks a worker for each client until the driver closes ``alive``, and
    waits for its workers."""
    import gc

    import apache_beam.runners.worker.sdk_worker_main as harness
    if warm is not None:
        try:
            warm()
        except Exception:       # noqa: BLE001 (each worker then loads it for itself)
            import logging
            logging.getLogger("doppel").debug("warming the workers failed", exc_info=True)
    gc.freeze()             # what every worker shares stays out of their collections
    sel = selectors.DefaultSelector()
    sel.register(listener, selectors.EVENT_READ)
    sel.register(alive, selectors.EVENT_READ)
    workers = set()
    while True:
        for key, _ in sel.select(timeout=1.0):
            if key.fileobj == alive:
                if not os.read(alive, 1):
                    for pid in workers:
                        os.waitpid(pid, 0)
                    return
                continue
            conn, _ = listener.accept()
            env = json.loads(conn.makefile("rb").readline())
            pid = os.fork()
            if pid == 0:
                sel.close()
                listener.close()
                os.close(alive)
                _work(harness, conn, env)
            workers.add(pid)
            conn.close()
        for pid in list(workers):                       # reaped as they end
            if os.waitpid(pid, os.WNOHANG)[0]:
                workers.discard(pid)


def _work(harness, conn: socket.socket, env: dict) -> None:
    """A worker: Beam's harness with the client's environment; its status to the client."""
    os.environ.clear()
    os.environ.update(env)
    code = 1
    try:
        harness.main(sys.argv)
        code = 0
    except BaseException:                               # noqa: BLE001 (said, then ended)
        import traceback
        traceback.print_exc()
    finally:
        _flush()
        try:
            conn.sendall(f"{code}\n".encode())
        except OSError:
            pass
        os._exit(code)


def forks(options) -> bool:
    """Whether ``options`` run the DirectRunner's workers as processes, more than one,
    where this platform can fork."""
    import multiprocessing

    from apache_beam.options.pipeline_options import DirectOptions, StandardOptions
    runner = options.view_as(StandardOptions).runner
    name = runner if isinstance(runner, str) or runner is None else type(runner).__name__
    if (name or "DirectRunner").rsplit(".", 1)[-1] not in ("DirectRunner",
                                                           "SwitchingDirectRunner"):
        return False
    direct = options.view_as(DirectOptions)
    if direct.direct_running_mode != "multi_processing" or not hasattr(os, "fork"):
        return False
    n = direct.direct_num_workers
    return (multiprocessing.cpu_count() if n == 0 else (n or 1)) > 1


def runner(options, zygote: Zygote):
    """The DirectRunner's FnApiRunner as ``SwitchingDirectRunner`` makes it for a batch job
    (its pipeline options given to the workers), whose workers ``zygote`` forks."""
    from apache_beam.portability import python_urns
    from apache_beam.runners.portability.fn_api_runner import fn_runner

    from pipelines.running import provision_info

    class ForkedWorkersRunner(fn_runner.FnApiRunner):
        def run_pipeline(self, pipeline, options):
            self._provision_info = provision_info(options)
            return super().run_pipeline(pipeline, options)

        def run_via_runner_api(self, pipeline_proto, options):
            for env in pipeline_proto.components.environments.values():
                if env.urn == python_urns.SUBPROCESS_SDK:
                    env.payload = zygote.command().encode("utf-8")
            return super().run_via_runner_api(pipeline_proto, options)

    return ForkedWorkersRunner()


def start(options, warm: Optional[Callable[[], None]] = None) -> Optional[Zygote]:
    """A zygote for ``options``' workers, or None (``forks``).  ``warm``, run in the zygote
    before it forks any worker, loads what each worker would otherwise load for itself
    (in memory only: no thread, no process, no open stream is to be shared by the workers)."""
    if not forks(options):
        return None
    try:
        return Zygote(warm)
    except RuntimeError:        # threads running (a caller's): Beam starts its workers
        return None
