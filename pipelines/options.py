"""Each job's own command-line options: declared once, grouped, parsed before Beam sees the
rest.

Beam's ``PipelineOptions`` parses only the options of its registered subclasses and, with
``-h``, prints its own help: a job's options declared as such a subclass never showed in
``--help``, and a mistyped option was dropped with a warning.  Here a job's options are an
ordinary table (``JobOptions``): ``--help`` prints them, grouped, one line each with its
default; what is left must be an option Beam knows, or the run stops at once naming the
closest option that exists.  ``-`` and ``_`` are the same in every job option
(``--source-lang`` = ``--source_lang``); Beam's own are written as Beam writes them.
"""
from __future__ import annotations

import argparse
import difflib
import sys
from dataclasses import dataclass, field
from typing import Any, List, Optional, Sequence, Tuple

from pipelines.common import UsageError
from pipelines.logs import configure_logging

BEAM_OPTIONS_DOC = ("https://beam.apache.org/releases/pydoc/current/"
                    "apache_beam.options.pipeline_options.html")
LOG_LEVELS = ("debug", "info", "warning", "error")


@dataclass(frozen=True)
class Option:
    """One job option.  ``help`` is one line: longer explanations belong in the README."""
    name: str                              # "--source-lang"
    help: str
    default: Any = None
    metavar: Optional[str] = None          # shown after the name; None for a switch
    type: Any = str
    choices: Optional[Sequence[str]] = None
    required: bool = False
    repeatable: bool = False               # given several times, all values kept (a list)
    switch: bool = False                   # takes no value: present means True
    aliases: Tuple[str, ...] = ()          # other names ("--engines" for "--engine")

    @property
    def dest(self) -> str:
        return self.name.lstrip("-").replace("-", "_")

    def spellings(self) -> List[str]:
        out = []
        for n in (self.name,) + self.aliases:
            for s in (n, n[:2] + n[2:].replace("-", "_")):
                if s not in out:
                    out.append(s)
        return out

    def usage(self) -> str:
        return self.name + (f" {self.metavar}" if self.metavar else "")

    def default_text(self) -> str:
        if self.required:
            return "required"
        if self.switch or self.default in (None, "", []):
            return ""
        return f"default: {self.default}"


def log_level_option() -> Option:
    return Option("--log-level", "Doppel's messages from this level on; Beam's and other "
                  "libraries' too from info down (quiet otherwise)", default="warning",
                  metavar="LEVEL", choices=LOG_LEVELS)


def progress_option() -> Option:
    return Option("--progress-interval", "seconds between progress lines on stderr in local "
                  "runs (documents, segments/s, ETA, failures); 0: none", default=15,
                  metavar="SECONDS", type=float)


@dataclass
class JobOptions:
    """A job's options in groups, as ``--help`` shows them."""
    command: str                           # "translate"
    summary: str                           # one line: what the job does
    groups: List[Tuple[str, List[Option]]]
    module: str = ""                       # "pipelines.translate"
    notes: List[str] = field(default_factory=list)

    def options(self) -> List[Option]:
        return [o for _, opts in self.groups for o in opts]

    # --- help ---------------------------------------------------------------------------

    def help_text(self) -> str:
        required = " ".join(o.usage() for o in self.options() if o.required)
        lines = [f"usage: doppel {self.command} {required} [options] [Beam options]".replace("  ", " ")]
        if self.module:
            lines.append(f"       (or: python -m {self.module} ...)")
        lines += ["", self.summary]
        width = max(len(o.usage()) for o in self.options()) + 2
        for title, opts in self.groups:
            lines += ["", f"{title}:"]
            for o in opts:
                extra = o.default_text()
                text = o.help + (f" ({extra})" if extra else "")
                if o.choices:
                    text += f" [{'|'.join(o.choices)}]"
                lines.append(f"  {o.usage():<{width}}{text}")
        lines += [""] + self.notes + [
            "Job options are written with - or _ (--source-lang = --source_lang).",
            "Beam's own options are accepted too, e.g. --runner (DirectRunner by default;",
            "  PortableRunner, FlinkRunner, SparkRunner, DataflowRunner), --direct_num_workers N,",
            "  --direct_running_mode multi_processing, --project, --region, --temp_location,",
            "  --sdk_container_image, --setup_file: all listed by --help-beam, documented at",
            f"  {BEAM_OPTIONS_DOC}",
            "  and, per runner, https://beam.apache.org/documentation/runners/capability-matrix/"]
        return "\n".join(lines) + "\n"

    # --- parsing ------------------------------------------------------------------------

    def _parser(self) -> argparse.ArgumentParser:
        parser = _Parser(self.command, add_help=False, allow_abbrev=False)
        for o in self.options():
            kwargs = {"dest": o.dest}
            if o.switch:
                kwargs.update(action="store_true", default=False)
            else:
                kwargs.update(type=o.type, default=list(o.default or []) if o.repeatable
                              else o.default)
                if o.repeatable:
                    kwargs["action"] = "append"
                if o.choices:
                    kwargs["choices"] = list(o.choices)
            parser.add_argument(*o.spellings(), **kwargs)
        return parser

    def parse(self, argv: Optional[Sequence[str]] = None):
        """``argv`` -> (the job's options as a namespace, Beam's ``PipelineOptions`` of the
        rest).  ``--help`` / ``--help-beam`` print and exit 0; anything unknown, a missing
        required option or a bad value stops with exit 2 and one line saying which."""
        argv = list(sys.argv[1:] if argv is None else argv)
        head = argv[:argv.index("--")] if "--" in argv else argv
        if "-h" in head or "--help" in head:
            sys.stdout.write(self.help_text())
            raise SystemExit(0)
        if "--help-beam" in head:
            sys.stdout.write(beam_parser().format_help())
            raise SystemExit(0)
        # A job's own list option (--engine-option k=v) default is a fresh list each parse.
        ns, rest = self._parser().parse_known_args(argv)
        unknown = unknown_options(rest)
        if unknown:
            raise UsageError(f"{self.command}: {unknown[0]}{self._closest(unknown[0])} "
                             f"(see --help)")
        missing = [o.name for o in self.options() if o.required and getattr(ns, o.dest) is None]
        if missing:
            raise UsageError(f"{self.command}: missing {', '.join(missing)} (see --help)")
        configure_logging(getattr(ns, "log_level", "warning"))
        from apache_beam.options.pipeline_options import PipelineOptions
        return ns, PipelineOptions(rest)

    def _closest(self, problem: str) -> str:
        given = problem.split()[-1]
        if not given.startswith("--"):
            return ""
        known = [s for o in self.options() for s in o.spellings()] + beam_option_names()
        close = difflib.get_close_matches(given.split("=")[0], known, n=1, cutoff=0.6)
        return f" (did you mean {close[0]}?)" if close else ""


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad value is a ``UsageError`` naming the job, not argparse's usage
    dump and exit."""

    def __init__(self, command: str, **kwargs):
        super().__init__(prog=f"doppel {command}", **kwargs)
        self.command = command

    def error(self, message):
        raise UsageError(f"{self.command}: {message} (see --help)")


# --- Beam's options ---------------------------------------------------------------------

def beam_parser() -> argparse.ArgumentParser:
    """Every option Beam's ``PipelineOptions`` subclasses declare (the portable runners',
    Flink's and Spark's among them)."""
    from apache_beam.options.pipeline_options import PipelineOptions, _BeamArgumentParser

    class Parser(_BeamArgumentParser):
        def error(self, message):
            raise UsageError(f"Beam option: {message} (see --help-beam)")

    parser = Parser(prog="Beam options", allow_abbrev=False)
    seen = set()
    for cls in PipelineOptions.__subclasses__():
        if cls.__module__.startswith("apache_beam") and cls.__name__ not in seen:
            seen.add(cls.__name__)
            try:
                cls._add_argparse_args(parser)    # pylint: disable=protected-access
            except argparse.ArgumentError:
                pass          # declared twice by two classes: once is enough to know it
    return parser


def beam_option_names() -> List[str]:
    return [s for a in beam_parser()._actions for s in a.option_strings]   # noqa: SLF001


def unknown_options(rest: Sequence[str]) -> List[str]:
    """Of what the job's parser left, what Beam does not know either, as messages."""
    _, unknown = beam_parser().parse_known_args(list(rest))
    out = []
    for item in unknown:
        if item == "--":
            break
        if item.startswith("-"):
            out.append(f"unknown option {item.split('=')[0]}")
        elif not out:       # a value after an unknown option is that option's
            out.append(f"unexpected argument {item!r}")
    return out
