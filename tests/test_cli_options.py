"""Every job's --help shows its own options; a mistyped option stops the run naming the
closest one; libraries' warnings stay out of a default run."""
import subprocess
import sys

import pytest

from tests.conftest import REPO

JOBS = ("translate", "evaluate", "detect", "build_dictionary")


def run(*args, module=None):
    cmd = [sys.executable, "-m", module or "pipelines.cli", *args]
    return subprocess.run(cmd, cwd=REPO, capture_output=True, text=True)


@pytest.mark.parametrize("job", JOBS)
def test_help_lists_each_option_once_on_one_line_with_its_default(job):
    import importlib
    spec = importlib.import_module(f"pipelines.{job}").OPTIONS
    proc = run("--help", module=f"pipelines.{job}")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    for option in spec.options():
        # the option's own line: its name, its help, its default (or 'required')
        own = [l for l in lines if l.startswith(f"  {option.name} ") or l == f"  {option.name}"]
        assert len(own) == 1, (option.name, own)
        assert option.help in own[0]
        if option.required:
            assert "(required)" in own[0]
        elif option.default not in (None, "", []) and not option.switch:
            assert f"default: {option.default}" in own[0]
    # grouped: each group's title stands before its options
    for title, options in spec.groups:
        at = lines.index(f"{title}:")
        assert lines[at + 1].startswith(f"  {options[0].name}")
    text = proc.stdout
    assert "--runner" in text and "--direct_num_workers" in text
    assert "apache_beam.options.pipeline_options" in text       # where Beam's are documented
    assert proc.stderr == ""


def test_doppel_command_prints_the_same_help_as_the_module():
    assert run("translate", "--help").stdout == run("--help", module="pipelines.translate").stdout
    assert run("evaluate", "--help").stdout == run("--help", module="pipelines.evaluate").stdout


def test_help_beam_lists_beams_own_options():
    proc = run("translate", "--help-beam")
    assert proc.returncode == 0
    for name in ("--runner", "--direct_running_mode", "--sdk_container_image", "--flink_master",
                 "--temp_location"):
        assert name in proc.stdout


@pytest.mark.parametrize("typo, meant", [("--inptu", "--input"), ("--source_lnag", "--source_lang"),
                                         ("--runer", "--runner"),
                                         ("--direct_num_worker", "--direct_num_workers")])
def test_an_unknown_option_stops_the_run_naming_the_closest(tmp_path, typo, meant):
    args = ["translate", "--input", "x", "--output", str(tmp_path / "o"), "--source-lang", "en",
            "--target-lang", "es", typo, "2"]
    proc = run(*args)
    assert proc.returncode != 0
    assert f"unknown option {typo}" in proc.stderr and f"did you mean {meant}?" in proc.stderr
    assert not (tmp_path / "o").exists()
    assert "Traceback" not in proc.stderr


def test_missing_and_bad_values_are_one_clear_line():
    proc = run("translate", "--input", "x", "--output", "o", "--source-lang", "en")
    assert proc.returncode != 0 and "missing --target-lang" in proc.stderr
    proc = run("translate", "--input", "x", "--output", "o", "--source-lang", "en",
               "--target-lang", "es", "--max-batch", "many")
    assert proc.returncode != 0 and "--max-batch" in proc.stderr and "many" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_options_take_dashes_or_underscores_and_beams_pass_through():
    from pipelines import translate
    opts, beam_options = translate.OPTIONS.parse(
        ["--input", "a", "--output", "b", "--source_lang", "en", "--target-lang", "es",
         "--engine-option", "x=1", "--engine_option", "y=2", "--direct_num_workers", "3"])
    assert (opts.source_lang, opts.target_lang, opts.engine_option) == ("en", "es", ["x=1", "y=2"])
    from apache_beam.options.pipeline_options import DirectOptions
    assert beam_options.view_as(DirectOptions).direct_num_workers == 3
    # a second parse starts from the defaults again (no list shared between parses)
    opts2, _ = translate.OPTIONS.parse(["--input", "a", "--output", "b", "--source-lang", "en",
                                        "--target-lang", "es"])
    assert opts2.engine_option == []


def test_libraries_warnings_are_quiet_by_default_and_shown_from_info():
    script = """
import logging, sys
import pipelines                      # installs the filter, as every job does
from pipelines.logs import configure_logging
if len(sys.argv) > 1:
    configure_logging(sys.argv[1])
logging.warning("apitools not found, and bigquery client libraries are not available")
logging.getLogger("apache_beam.runners.portability").warning("beam's own note")
logging.getLogger("apache_beam.runners").error("beam's error")
logging.getLogger("doppel").warning("doppel's warning")
logging.getLogger("doppel").info("doppel's info")
"""
    quiet = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True)
    assert "apitools" not in quiet.stderr and "beam's own note" not in quiet.stderr
    assert "beam's error" in quiet.stderr and "doppel's warning" in quiet.stderr
    assert "doppel's info" not in quiet.stderr
    loud = subprocess.run([sys.executable, "-c", script, "info"], cwd=REPO, capture_output=True,
                          text=True)
    assert "apitools" in loud.stderr and "beam's own note" in loud.stderr
    assert "doppel's info" in loud.stderr
    error = subprocess.run([sys.executable, "-c", script, "error"], cwd=REPO,
                           capture_output=True, text=True)
    assert "doppel's warning" not in error.stderr and "beam's error" in error.stderr


def test_a_default_run_prints_no_library_warning(tmp_path):
    """The whole job, single and multi-process, says only its own last line."""
    samples = REPO / "resources" / "samples"
    for extra in ([], ["--direct_num_workers", "2", "--direct_running_mode", "multi_processing"]):
        proc = run("translate", "--input", f"{samples}/*.jsonl", "--output", str(tmp_path / "o"),
                   "--source-lang", "en", "--target-lang", "es", "--engine", "upper",
                   "--progress-interval", "0", *extra)
        assert proc.returncode == 0, proc.stderr
        lines = [l for l in proc.stderr.splitlines() if l.strip()]
        assert all(l.startswith("doppel:") for l in lines), lines


def test_the_doppel_command_imports_its_job_with_the_collector_off_and_freezes_it(monkeypatch):
    """The console command imports the job's modules (Beam's: some 160,000 objects living as
    long as the process) with the collector off and freezes them, as ``python -m
    pipelines.translate`` does: the collections the import set off walked them again and
    again.  The importer's collector is back as it was after."""
    import gc
    import types
    from pipelines import cli
    seen = {}

    def fake_import(name):
        seen["collecting"] = gc.isenabled()
        return types.SimpleNamespace(run=lambda argv: 0)
    monkeypatch.setattr(cli.importlib, "import_module", fake_import)
    monkeypatch.setattr(cli.gc, "freeze", lambda: seen.setdefault("frozen", True))
    was = gc.isenabled()
    try:
        gc.enable()
        assert cli.main(["translate"]) == 0
        assert seen == {"collecting": False, "frozen": True}
        assert gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()
