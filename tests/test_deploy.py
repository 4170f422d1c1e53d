"""deploy/Dockerfile stays the image the job needs: Beam's SDK image at the launcher's own
Python and apache-beam versions (a worker whose SDK differs fails at start-up), the Apertium
packages the set-up installs, and every package setup.py ships."""
import re
import sys

from tests.conftest import REPO

DOCKERFILE = (REPO / "deploy" / "Dockerfile").read_text()


def test_base_image_is_beams_sdk_at_the_installed_versions():
    import apache_beam
    base = re.search(r"^FROM (\S+)", DOCKERFILE, re.M).group(1)
    assert base == (f"apache/beam_python{sys.version_info.major}.{sys.version_info.minor}_sdk:"
                    f"{apache_beam.__version__}")
    assert 'ENTRYPOINT ["/opt/apache/beam/boot"]' in DOCKERFILE


def test_image_installs_the_set_ups_apertium_packages_and_the_project():
    readme = (REPO / "README.md").read_text()
    setup_line = next(l for l in readme.splitlines() if "apt-get install" in l)
    wanted = {w for w in setup_line.split() if w.startswith("apertium") and w != "apertium-apy"}
    apt = re.search(r"apt-get install[^\n]*", DOCKERFILE).group(0).split()
    assert wanted and wanted <= set(apt)       # APy (the HTTP server) is for tests only
    setup = (REPO / "setup.py").read_text()
    shipped = set(re.search(r'include=\[([^\]]*)\]', setup).group(1).replace('"', "")
                  .replace(" ", "").replace("\n", "").split(","))
    top = {p.split(".")[0] for p in shipped if p}
    copied = set(re.findall(r"^COPY (\w+) \./\1$", DOCKERFILE, re.M))
    assert top == copied, (top, copied)
