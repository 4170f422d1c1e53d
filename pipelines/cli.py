"""``doppel`` console command: one subcommand per job."""
from __future__ import annotations

import gc
import importlib
import sys
from typing import NoReturn

from pipelines import imports_frozen

COMMANDS = {
    "translate": ("pipelines.translate", "run", "protect, machine-translate, restore, write"),
    "detect": ("pipelines.detect", "run", "detect and link entities, write reviewable JSONL"),
    "roundtrip": ("pipelines.roundtrip", "main", "read and write files back with no translation"),
    "evaluate": ("pipelines.evaluate", "run", "score engines x protection methods (masked MT evaluation)"),
    "models": ("transforms.nlp.models", "main", "download or locate Stanza models"),
    "build-dictionary": ("pipelines.build_dictionary", "run", "build a pseudonym dictionary"),
    "build-word-dictionary": ("pipelines.build_word_dictionary", "run",
                              "build PRISM's word dictionary by probing an engine"),
    "vault": ("transforms.vault", "main", "show an encrypted assignment vault file"),
}


def exit_with(code) -> NoReturn:
    """End the process with a job's exit ``code``, its objects frozen first: at exit the
    interpreter's garbage collections otherwise walk Beam's large module graph once more,
    0.2-0.3 s of every run (a process that only imports apache_beam takes 0.70-0.89 s,
    0.55 s frozen).  Nothing that matters is left unfreed: the process is ending."""
    gc.freeze()
    sys.exit(code)


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in COMMANDS:
        print("usage: doppel COMMAND [options]\n\ncommands:")
        for name, (_, _, text) in COMMANDS.items():
            print(f"  {name:<10} {text}")
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    module, func, _ = COMMANDS[argv[0]]
    try:
        with imports_frozen():      # the job's modules, as ``python -m pipelines.translate``
            mod = importlib.import_module(module)
    except ImportError as exc:
        print(f"doppel: {argv[0]} is not available in this build ({exc})", file=sys.stderr)
        return 2
    code = int(getattr(mod, func)(argv[1:]) or 0)
    gc.freeze()          # the console script exits next (exit_with)
    return code


if __name__ == "__main__":
    exit_with(main())
