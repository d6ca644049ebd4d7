"""The corpus of bad quiz files: each one ends in exact, located messages, never a traceback.

Each case is ``tests/fixtures/invalid/<case>.yml`` beside ``<case>.expected``,
the exact lines `quizpages validate <case>.yml` prints when run inside that
folder. Cases named ``valid-*`` are inputs that must be accepted (empty golden).
"""

from __future__ import annotations

import re
import shutil
import sys

import pytest
from conftest import ROOT, copy_site, mkdocs, quizpages, run

CASES_DIR = ROOT / "tests" / "fixtures" / "invalid"
CASES = sorted(p.stem for p in CASES_DIR.glob("*.yml"))
BAD = [c for c in CASES if not c.startswith("valid-")]
LINE = re.compile(r"^(?P<path>[^:]+\.yml):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning): .+ \(.+\)$")


def expected(case: str) -> list[str]:
    return (CASES_DIR / f"{case}.expected").read_text(encoding="utf-8").splitlines()


def test_corpus_has_at_least_forty_bad_cases():
    """The corpus covers the issue's list with at least 40 bad inputs, each with a golden file."""
    assert len(BAD) >= 40
    assert all((CASES_DIR / f"{c}.expected").is_file() for c in CASES)


@pytest.mark.parametrize("case", CASES)
def test_validate_prints_exactly_the_golden_lines(case):
    """`quizpages validate` reports each bad file with path:line:column, message and hint, no traceback."""
    result = quizpages(CASES_DIR, "-f", str(ROOT / "mkdocs.yml"), "validate", f"{case}.yml")
    assert "Traceback" not in result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines == expected(case)
    if case.startswith("valid-"):
        assert result.returncode == 0 and lines == []
        return
    assert lines, "a bad input must produce at least one message"
    for line in lines:
        match = LINE.match(line)
        assert match, f"not path:line:col: severity: message (hint): {line!r}"
        assert match["path"] == f"{case}.yml"
        total = len((CASES_DIR / f"{case}.yml").read_bytes().splitlines())
        assert 1 <= int(match["line"]) <= total + 1
    has_error = any(": error: " in line for line in lines)
    assert result.returncode == (1 if has_error else 0)
    if has_error:
        return
    strict = quizpages(CASES_DIR, "-f", str(ROOT / "mkdocs.yml"), "validate", "--strict", f"{case}.yml")
    assert strict.returncode == 1


def test_tags_are_located_errors_under_python_optimize():
    """With asserts stripped (`python -O`), every tagged list, mapping or text is still a located error
    naming the tag, never a traceback."""
    tagged = [c for c in BAD if c.startswith("tag-")]
    assert len(tagged) >= 5
    result = run([sys.executable, "-O", "-m", "quizpages.cli.main", "-f", str(ROOT / "mkdocs.yml"), "validate",
                  *[f"{c}.yml" for c in tagged]], cwd=CASES_DIR)
    assert "Traceback" not in result.stdout + result.stderr
    assert result.stdout.splitlines() == [line for c in tagged for line in expected(c)]
    assert result.returncode == 1


@pytest.fixture(scope="module")
def strict_build_of_every_case(tmp_path_factory):
    """One `mkdocs build --strict` of the bundled site with every bad case added as a quiz: the real command."""
    site = copy_site(tmp_path_factory.mktemp("invalid-site"))
    for case in BAD:
        shutil.copy(CASES_DIR / f"{case}.yml", site / "content" / "quizzes" / f"{case}.yml")
    return mkdocs(site, "build", "--strict", process=True)


def test_strict_build_fails_without_traceback(strict_build_of_every_case):
    """A site with bad quiz files fails `mkdocs build --strict` with a non-zero exit and no traceback."""
    result = strict_build_of_every_case
    assert result.returncode != 0
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.parametrize("case", BAD)
def test_strict_build_reports_each_case_located(strict_build_of_every_case, case):
    """`mkdocs build --strict` reports the same located message and hint as `quizpages validate`."""
    output = strict_build_of_every_case.stdout + strict_build_of_every_case.stderr
    for line in expected(case):
        assert f"content/quizzes/{line}" in output, f"missing from the build output: {line}"
