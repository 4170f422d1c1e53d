"""``doppel models download --lang en lv ... [--dir DIR]`` and ``doppel models check``.

Downloading needs internet (Stanza's model hub); everything else in Doppel reads the
directory offline (``DOPPEL_STANZA_DIR``)."""
from __future__ import annotations

import argparse
import sys
from typing import List, Optional, Sequence

from transforms.nlp.base import ModelMissingError
from transforms.nlp.stanza_backend import (ENV_DIR, check_models, default_model_dir,
                                           load_resources, processors_for)


def download_models(langs: Sequence[str], model_dir: Optional[str] = None,
                    ner: bool = True) -> str:
    """Fetch resources.json and, per language, the processors Doppel uses."""
    import stanza
    from stanza.resources.common import download_resources_json
    model_dir = model_dir or default_model_dir()
    download_resources_json(model_dir)
    resources = load_resources(model_dir)
    for lang in langs:
        procs = processors_for(lang, resources, ner)
        stanza.download(lang, model_dir=model_dir, processors=",".join(procs),
                        download_json=False)
    return model_dir


def main(argv: Optional[List[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "models":
        argv = argv[1:]
    parser = argparse.ArgumentParser(prog="doppel models")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, help_ in (("download", "download Stanza models (needs internet)"),
                        ("check", "check that models are present (offline)")):
        p = sub.add_parser(name, help=help_)
        p.add_argument("--lang", nargs="+", required=True)
        p.add_argument("--dir", default=None,
                       help=f"model directory (default: ${ENV_DIR} or Stanza's default)")
        p.add_argument("--no-ner", action="store_true")
    args = parser.parse_args(argv)
    model_dir = args.dir or default_model_dir()
    if args.command == "download":
        download_models(args.lang, model_dir, ner=not args.no_ner)
        print(f"models for {' '.join(args.lang)} in {model_dir}; "
              f"offline use: export {ENV_DIR}={model_dir}")
        return 0
    status = 0
    resources = load_resources(model_dir)
    for lang in args.lang:
        procs = processors_for(lang, resources, not args.no_ner)
        try:
            check_models(lang, model_dir, procs)
            print(f"{lang}: ok ({','.join(procs)})")
        except ModelMissingError as exc:
            print(f"{lang}: {exc}", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
