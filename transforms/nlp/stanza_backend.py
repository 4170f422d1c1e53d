"""Stanza as the NLP backend: parse (and NER where Stanza has a model) whole documents.

Models are never fetched implicitly.  They come from a directory: ``model_dir=`` or the
``DOPPEL_STANZA_DIR`` environment variable (else Stanza's own default directory), and the
pipeline is built with ``download_method=None`` so Stanza makes no network call.  When a model
is missing, construction fails at once with ``ModelMissingError`` naming the fix
(``doppel models download --lang xx`` on a machine with internet, or pointing
``DOPPEL_STANZA_DIR`` at a directory that holds Stanza resources).

Processors per language: tokenize, mwt (where the language has one), pos, lemma, depparse,
ner (only where Stanza has an NER model: none for lv, lt, et, hr).  When the directory's
``resources.json`` is present it decides what exists; otherwise the tables below do.
"""
from __future__ import annotations

import functools
import importlib.util
import json
import os
import re
from pathlib import Path
from typing import Dict, List, Mapping, Optional, Sequence

from transforms.nlp.base import AnnotatedText, ModelMissingError
from transforms.nlp.convert import document_to_annotated
from transforms.nlp.tagsets import STANZA_NER_TAGSET

ENV_DIR = "DOPPEL_STANZA_DIR"
BASE_PROCESSORS = ["tokenize", "mwt", "pos", "lemma", "depparse", "ner"]

# Fallback knowledge when no resources.json is at hand (Stanza 1.x resources).
NER_LANGS = {"af", "ar", "bg", "da", "de", "en", "es", "fa", "fi", "fr", "hu", "hy", "it",
             "ja", "kk", "ko", "mr", "my", "nb", "nl", "nn", "pl", "ru", "sd", "sv", "ta",
             "th", "tr", "uk", "vi", "zh-hans"}
NO_NER_LANGS = {"lv", "lt", "et", "hr"}
MWT_LANGS = {"ar", "ca", "cop", "cs", "cy", "de", "el", "en", "es", "fa", "fi", "fr", "fro",
             "gl", "he", "hy", "it", "kk", "mr", "pl", "pt", "sme", "ta", "tr", "uk", "wo"}


def default_model_dir() -> str:
    """``DOPPEL_STANZA_DIR``, else Stanza's own default directory."""
    return os.environ.get(ENV_DIR) or os.environ.get("STANZA_RESOURCES_DIR") \
        or _stanza_default_dir()


@functools.lru_cache(maxsize=1)
def _stanza_default_dir() -> str:
    """Stanza's ``DEFAULT_MODEL_DIR`` (``resources`` in the user cache directory of its
    resources version), worked out as Stanza does it but without importing stanza: the
    import (torch with it) cost 1.2 s of CPU to every worker that met an unlabelled
    document, only to learn that no model is there."""
    try:
        from platformdirs import user_cache_dir
        spec = importlib.util.find_spec("stanza")        # found, not imported
        folder = Path(next(iter(spec.submodule_search_locations)))
        found = re.search(r"__resources_version__\s*=\s*['\"]([^'\"]+)",
                          (folder / "_version.py").read_text(encoding="utf-8"))
        return os.path.join(user_cache_dir("stanza", "StanfordNLP", found.group(1)),
                            "resources")
    except Exception:       # a Stanza laid out otherwise: ask it
        try:
            from stanza.resources.common import DEFAULT_MODEL_DIR
            return DEFAULT_MODEL_DIR
        except Exception:   # pragma: no cover - no Stanza at all
            return str(Path.home() / "stanza_resources")


def missing_message(lang: str, model_dir: str, detail: str = "") -> str:
    return (f"Stanza models for language '{lang}' are not available in {model_dir}"
            f"{' (' + detail + ')' if detail else ''}. "
            f"Fix: run `doppel models download --lang {lang}` on a machine with internet "
            f"access (add `--dir DIR` to choose the directory), or, offline, set "
            f"{ENV_DIR} to a directory containing stanza resources (resources.json and a "
            f"'{lang}/' model folder) copied from such a machine.")


def load_resources(model_dir: str) -> Optional[dict]:
    path = Path(model_dir) / "resources.json"
    if not path.is_file():
        return None
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def processors_for(lang: str, resources: Optional[dict] = None, ner: bool = True) -> List[str]:
    """The processors Doppel wants for ``lang``, limited to what Stanza has for it."""
    if resources is not None and lang in resources:
        entry = resources[lang]
        if "alias" in entry:
            entry = resources.get(entry["alias"], entry)
        have = set(entry.keys()) | set(entry.get("default_processors", {}).keys())
        procs = [p for p in BASE_PROCESSORS if p in have]
    else:
        procs = ["tokenize"] + (["mwt"] if lang in MWT_LANGS else []) + ["pos", "lemma",
                                                                          "depparse"]
        if lang in NER_LANGS and lang not in NO_NER_LANGS:
            procs.append("ner")
    if not ner:
        procs = [p for p in procs if p != "ner"]
    return procs


def check_models(lang: str, model_dir: str, processors: Sequence[str]) -> None:
    """Raise ModelMissingError unless ``model_dir`` holds every processor's models."""
    resources = load_resources(model_dir)
    if resources is None:
        raise ModelMissingError(missing_message(lang, model_dir, "no resources.json"))
    if lang not in resources:
        raise ModelMissingError(missing_message(lang, model_dir,
                                                "language not in resources.json"))
    lang_dir = Path(model_dir) / resources[lang].get("alias", lang)
    missing = [p for p in processors
               if not (lang_dir / p).is_dir() or not any((lang_dir / p).iterdir())]
    if missing:
        raise ModelMissingError(missing_message(lang, model_dir,
                                                "missing: " + ", ".join(missing)))


def ner_model_files(lang: str, resources: dict, model_dir: str) -> List[Path]:
    """The files Stanza's NER for ``lang`` loads, as ``resources.json`` describes them: each
    default NER package's ``<dir>/<lang>/ner/<package>.pt`` and the files it depends on
    (pretrained embeddings, character language models).  Empty when the language has no
    NER in ``resources``."""
    entry = resources.get(lang)
    if not isinstance(entry, dict):
        return []
    if "alias" in entry:
        lang = entry["alias"]
        entry = resources.get(lang, {})
    package = (entry.get("packages", {}).get("default", {}).get("ner")
               or entry.get("default_processors", {}).get("ner"))
    if not package:
        return []
    lang_dir = Path(model_dir) / lang
    files = []
    for name in [package] if isinstance(package, str) else list(package):
        files.append(lang_dir / "ner" / f"{name}.pt")
        for dep in entry.get("ner", {}).get(name, {}).get("dependencies", []) or []:
            files.append(lang_dir / dep["model"] / f"{dep['package']}.pt")
    return files


def ner_installed(lang: str, model_dir: Optional[str] = None) -> bool:
    """Whether Stanza NER for ``lang`` can run from local files, decided without loading a
    model and without any network call: ``resources.json`` names an NER model for the
    language, that model's files (and those it depends on) exist, and so do the models of
    the other processors ``StanzaBackend`` loads with it (``check_models``)."""
    model_dir = model_dir or default_model_dir()
    try:
        resources = load_resources(model_dir)
    except (OSError, ValueError):      # unreadable resources.json: nothing usable there
        return False
    if resources is None:
        return False
    files = ner_model_files(lang, resources, model_dir)
    if not files or not all(f.is_file() for f in files):
        return False
    try:
        check_models(lang, model_dir, processors_for(lang, resources))
    except ModelMissingError:
        return False
    return True


class StanzaBackend:
    """``annotate(texts, lang)`` with one Stanza pipeline per configured language.

    All pipelines are built in the constructor, so a missing model stops the run at start."""

    def __init__(self, langs: Sequence[str], model_dir: Optional[str] = None, ner: bool = True,
                 use_gpu: bool = False, batch_size: int = 32,
                 tag_mapping: Optional[Mapping[str, Optional[str]]] = None,
                 processors: Optional[Mapping[str, Sequence[str]]] = None):
        self.model_dir = model_dir or default_model_dir()
        self.batch_size = batch_size
        self.tag_mapping = tag_mapping
        self.pipelines: Dict[str, object] = {}
        self.processors: Dict[str, List[str]] = {}
        resources = load_resources(self.model_dir)
        for lang in langs:
            procs = list((processors or {}).get(lang) or processors_for(lang, resources, ner))
            check_models(lang, self.model_dir, procs)
            self.processors[lang] = procs
        import stanza
        for lang in langs:
            try:
                self.pipelines[lang] = stanza.Pipeline(
                    lang=lang, dir=self.model_dir, processors=",".join(self.processors[lang]),
                    download_method=None, use_gpu=use_gpu, logging_level="WARN")
            except Exception as exc:   # any load failure: the models here are unusable
                raise ModelMissingError(missing_message(lang, self.model_dir, str(exc))) from exc

    def annotate(self, texts: Sequence[str], lang: str) -> List[AnnotatedText]:
        import stanza
        if lang not in self.pipelines:
            raise ModelMissingError(missing_message(lang, self.model_dir,
                                                    "language not configured for this run"))
        nlp = self.pipelines[lang]
        tagset = STANZA_NER_TAGSET.get(lang, "conll")
        out: List[AnnotatedText] = []
        for i in range(0, len(texts), self.batch_size):
            docs = [stanza.Document([], text=t) for t in texts[i:i + self.batch_size]]
            docs = nlp.bulk_process(docs)
            out.extend(document_to_annotated(d, lang=lang, tagset=tagset,
                                             mapping=self.tag_mapping) for d in docs)
        return out
