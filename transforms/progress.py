"""How far a run has got: finished documents counted where they finish, read by the driver.

Beam's runners report metrics to the driver only when the run ends (the DirectRunner) or to
their own UI (Dataflow), so for a local run each worker process also keeps its counts in a
small file of its own in a directory the driver made (``WorkerTally``); the driver sums
the files every few seconds and prints one line (``ProgressMonitor``).  The worker
processes of every local runner (in-process, multi-processing, a worker pool on this
machine) see the driver's directory; on a remote runner there is none, and the counters
(Beam metrics, named as in ``COUNTERS``) are what the runner's UI shows.

Pure Python: no Beam here.
"""
from __future__ import annotations

import json
import os
import threading
import time
import uuid
from dataclasses import asdict, dataclass
from typing import Callable, Dict, Optional, TextIO

# The counts, by the name of the Beam counter (namespace ``doppel``) that carries each.
COUNTERS = ("documents_written", "documents_failed", "segments")
WRITE_EVERY_S = 1.0


@dataclass
class Counts:
    documents_written: int = 0
    documents_failed: int = 0
    segments: int = 0              # of the documents that reached writing (summary's segments.total)

    @property
    def documents_done(self) -> int:
        return self.documents_written + self.documents_failed

    def add(self, other: "Counts") -> "Counts":
        return Counts(**{k: getattr(self, k) + getattr(other, k) for k in COUNTERS})


class WorkerTally:
    """One process's counts for one run, written to ``<directory>/<pid>-<id>.json`` at most
    once a second and whenever ``flush`` is called; thread-safe (a worker runs DoFns on
    several threads).  A directory that is not there (a remote worker) writes nothing."""

    def __init__(self, directory: str):
        self.directory = directory
        self.path = os.path.join(directory, f"{os.getpid()}-{uuid.uuid4().hex[:8]}.json")
        self.counts = Counts()
        self.lock = threading.Lock()
        self.written_at = 0.0
        self.usable = os.path.isdir(directory)

    def add(self, documents_written: int = 0, documents_failed: int = 0, segments: int = 0):
        with self.lock:
            self.counts = self.counts.add(Counts(documents_written, documents_failed, segments))
            if time.monotonic() - self.written_at >= WRITE_EVERY_S:
                self._write()

    def flush(self):
        with self.lock:
            self._write()

    def _write(self):
        self.written_at = time.monotonic()
        if not self.usable:
            return
        temp = self.path + ".tmp"
        try:
            with open(temp, "w", encoding="utf-8") as fh:
                json.dump(asdict(self.counts), fh)
            os.replace(temp, self.path)         # the driver never reads half a file
        except OSError:
            self.usable = False                  # progress is a courtesy: never fail the run


_TALLIES: Dict[str, WorkerTally] = {}
_TALLIES_LOCK = threading.Lock()


def tally_for(directory: str) -> WorkerTally:
    """This process's tally for the run whose directory this is (one per process, shared by
    every DoFn instance in it)."""
    with _TALLIES_LOCK:
        if directory not in _TALLIES:
            _TALLIES[directory] = WorkerTally(directory)
        return _TALLIES[directory]


def read_tallies(directory: str) -> Counts:
    total = Counts()
    try:
        names = os.listdir(directory)
    except OSError:
        return total
    for name in names:
        if not name.endswith(".json"):
            continue
        try:
            with open(os.path.join(directory, name), encoding="utf-8") as fh:
                data = json.load(fh)
        except (OSError, ValueError):
            continue
        total = total.add(Counts(**{k: int(data.get(k, 0)) for k in COUNTERS}))
    return total


def _clock(seconds: float) -> str:
    seconds = int(round(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def progress_line(counts: Counts, total: int, elapsed: float, final: bool = False) -> str:
    """``doppel: 120/200 documents, 3,410 segments, 52.1 segments/s, elapsed 1:05, ETA 0:43,
    0 failed``.  The ETA assumes the documents still to come take as long as those done."""
    rate = counts.segments / elapsed if elapsed > 0 else 0.0
    done = counts.documents_done
    if final:
        eta = "done"
    elif done and total > done:
        eta = "ETA " + _clock(elapsed * (total - done) / done)
    elif done >= total > 0:
        eta = "ETA 0:00"
    else:
        eta = "ETA -"
    return (f"doppel: {done}/{total} documents, {counts.segments:,} segments, "
            f"{rate:.1f} segments/s, elapsed {_clock(elapsed)}, {eta}, "
            f"{counts.documents_failed} failed")


class ProgressMonitor:
    """The driver's side: every ``interval`` seconds, the tallies summed, one line to
    ``stream`` (only when something changed since the last line, so a long document does
    not fill the screen with the same line)."""

    def __init__(self, directory: str, total: int, interval: float, stream: TextIO,
                 clock: Callable[[], float] = time.monotonic):
        self.directory, self.total, self.interval = directory, total, interval
        self.stream, self.clock = stream, clock
        self.started = clock()
        self.stopping = threading.Event()
        self.last: Optional[Counts] = None
        self.thread = threading.Thread(target=self._loop, name="doppel-progress", daemon=True)

    def start(self) -> "ProgressMonitor":
        self.started = self.clock()
        self.thread.start()
        return self

    def _loop(self):
        while not self.stopping.wait(self.interval):
            self.report()

    def report(self) -> Optional[str]:
        counts = read_tallies(self.directory)
        if counts == self.last:
            return None
        self.last = counts
        line = progress_line(counts, self.total, self.clock() - self.started)
        print(line, file=self.stream, flush=True)
        return line

    def stop(self):
        self.stopping.set()
        if self.thread.is_alive():
            self.thread.join()

    def elapsed(self) -> float:
        return self.clock() - self.started
