"""The real commands, as a shell runs them: the console script, `python -O`, and `mkdocs build` as a
process give what the in-process runs of conftest's `quizpages(...)` and `build(...)` give, which the
other tests use for speed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import BIN, ENGLISH_ONLY, ROOT, copy_site, mkdocs, quizpages, run

CASES_DIR = ROOT / "tests" / "fixtures" / "invalid"
CASES = sorted(p.name for p in CASES_DIR.glob("*.yml"))
CONFIG = str(ROOT / "mkdocs.yml")


def _outcome(result) -> tuple[int, str, str]:
    return result.returncode, result.stdout, result.stderr


@pytest.mark.parametrize("cwd, args", [
    (CASES_DIR, ["-f", CONFIG, "validate", "valid-bom-and-crlf.yml"]),                 # exit 0
    (CASES_DIR, ["-f", CONFIG, "validate", "--strict", *CASES[:6]]),                  # exit 1
    (CASES_DIR, ["-f", CONFIG, "validate", "--no-such-option"]),                      # argparse: exit 2
    (CASES_DIR, ["-f", str(CASES_DIR / "missing" / "mkdocs.yml"), "status"]),         # settings: exit 2
    (ROOT, ["--version"]),                                                            # SystemExit(0)
], ids=["valid", "errors", "usage", "no-config", "version"])
def test_console_script_and_in_process_run_agree(cwd: Path, args: list[str]):
    """The installed `quizpages` script prints the same lines and exits with the same code as `main([...])`."""
    command = quizpages(cwd, *args, process=True)
    assert "Traceback" not in command.stderr
    assert _outcome(quizpages(cwd, *args)) == _outcome(command)


def test_every_golden_case_under_python_O():
    """With asserts stripped (`python -O`), the whole bad-input corpus gives the lines it gives in-process:
    no check of user input rests on `assert`."""
    args = ["-f", CONFIG, "validate", *CASES]
    optimized = run([str(BIN / "python"), "-O", str(BIN / "quizpages"), *args], cwd=CASES_DIR)
    assert "Traceback" not in optimized.stderr
    in_process = quizpages(CASES_DIR, *args)
    assert in_process.returncode == 1 and in_process.stdout.count("\n") > len(CASES)
    assert _outcome(optimized) == _outcome(in_process)


def _log(result, site: Path) -> list[str]:
    """A build's output lines, without what differs from run to run (the folder, the time taken)."""
    text = (result.stdout + result.stderr).replace(str(site), "<site>")
    return re.sub(r"built in [\d.]+ seconds", "built in N seconds", text).splitlines()


def test_mkdocs_build_in_process_and_as_a_command_agree(tmp_path):
    """`mkdocs build --strict` in-process fails as the command does, with the same lines, build after
    build: MkDocs' logging, its --strict warning count and its duplicate-message filter start afresh."""
    sites = []
    for name in ("command", "in-process"):  # an undeclared missing Korean translation: a warning, so --strict fails
        (tmp_path / name).mkdir()
        site = copy_site(tmp_path / name)
        sites.append(site)
        (site / "content/quizzes/helm.yml").write_text(ENGLISH_ONLY.replace("languages: [en]\n", ""),
                                                       encoding="utf-8")
    command = mkdocs(sites[0], "build", "--strict", process=True)
    assert command.returncode == 1
    assert "content/quizzes/helm.yml:2:3: warning: title has no 'ko' translation" in command.stderr
    assert re.search(r"Aborted with \d+ warnings in strict mode!", command.stdout)
    for _ in range(2):
        in_process = mkdocs(sites[1], "build", "--strict")
        assert in_process.returncode == command.returncode
        assert _log(in_process, sites[1]) == _log(command, sites[0])
