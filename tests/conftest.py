import os
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def corpora_dir() -> Path:
    """The shared corpora: one setting, DOPPEL_CORPORA (default ../shared/corpora)."""
    return Path(os.environ.get("DOPPEL_CORPORA", REPO.parent / "shared" / "corpora"))


@pytest.fixture
def corpora():
    path = corpora_dir()
    if not path.is_dir():
        pytest.skip(f"corpus-wide test: {path} not found (set DOPPEL_CORPORA to the shared "
                    f"corpora; a user's clone does not have them)")
    return path


@pytest.fixture
def apertium():
    """Apertium en<->es is part of the set-up (README, .ci/run): in CI its absence fails."""
    if shutil.which("apertium") is None:
        if os.environ.get("CI"):
            pytest.fail("apertium is not installed but CI must have it (.ci/run installs it)")
        pytest.skip("apertium not installed (apt-get install apertium apertium-eng-spa)")
    return "apertium"
