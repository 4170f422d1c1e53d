"""The ``transforms.pseudonyms`` package: every module imports first in a fresh interpreter
(no import circle with ``transforms.dictionary.select``), and the names other code imports
from the package resolve to where they live."""
import pathlib
import subprocess
import sys

import pytest

import transforms.pseudonyms as package

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODULES = sorted(f"transforms.pseudonyms.{p.stem}" for p in
                 (ROOT / "transforms" / "pseudonyms").glob("*.py") if p.stem != "__init__")


@pytest.mark.parametrize("first", ["transforms.dictionary.select", "transforms.pseudonyms",
                                   "transforms.dictionary.gazetteer",
                                   "transforms.dictionary.build"] + MODULES)
def test_each_module_imports_first(first):
    proc = subprocess.run([sys.executable, "-c", f"import {first}"], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_the_fallback_pools_do_not_load_the_selection_or_the_chooser():
    code = ("import sys, transforms.pseudonyms.fallback; "
            "print([m for m in ('transforms.dictionary.select', 'transforms.pseudonyms.chooser')"
            " if m in sys.modules])")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout.strip() == "[]", (proc.stdout, proc.stderr)


def test_reexported_names_resolve():
    import importlib
    for name, module in package._EXPORTS.items():
        owner = importlib.import_module(f"transforms.pseudonyms.{module}")
        assert getattr(package, name) is getattr(owner, name), name
    assert set(package.__all__) == {n for n in package._EXPORTS if not n.startswith("_")}
    with pytest.raises(AttributeError):
        package.no_such_name
