"""Publishing the LMS exports with the site (`exports:`), and keeping the test-only readers (the GPL-3 QTI
player among them) out of the built site and the wheel."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import ROOT, build, copy_site, edit_config, quizpages, quizpages_options, soup
from export_helpers import export

import oracles

QUIZ_PAGES = {"en": "site/quizzes/ai-ml/kubeflow-trainer/index.html",
              "ko": "site/ko/quizzes/ai-ml/kubeflow-trainer/index.html"}
# what only the test-only readers hold: the QTI player's and gift-pegjs's own code
READER_MARKERS = (b"qtiTransformItem", b"peg$SyntaxError")


@pytest.fixture(scope="module")
def published(tmp_path_factory) -> Path:
    site = copy_site(tmp_path_factory.mktemp("published"))
    edit_config(site, lambda config: quizpages_options(config).update(exports=["gift", "qti3"]))
    build(site)
    return site


def test_published_exports_are_in_the_site_and_linked_from_each_quiz_page(published):
    """Each quiz page, in both languages, says "Download for your LMS" with a link to each file, which the
    build put in the site, the same bytes `quizpages export` writes."""
    labels = {"en": "Download for your LMS:", "ko": "LMS용 파일 내려받기:"}
    for language, page in QUIZ_PAGES.items():
        line = soup(published / page).select_one("p.quizpages-downloads")
        assert line is not None and line.get_text(" ", strip=True).startswith(labels[language])
        links = {a.get_text(): a["href"] for a in line.select("a[download]")}
        assert list(links) == ["GIFT", "QTI 3.0"]
        for href in links.values():
            target = ((published / page).parent / href).resolve()
            assert target.is_file(), href
            assert target.relative_to((published / "site").resolve()).as_posix().startswith(f"exports/{language}/")
    code, out, err = export(published, "--format", "gift", "--format", "qti3", "--out", "cli-exports")
    assert code == 0, err
    for made in (published / "cli-exports").rglob("*.*"):
        relative = made.relative_to(published / "cli-exports")
        assert (published / "site" / "exports" / relative).read_bytes() == made.read_bytes(), relative


def test_exports_are_off_by_default(built_site):
    """Without `exports:` the site publishes no export and its quiz pages offer none."""
    assert not (built_site / "exports").exists()
    assert soup(built_site / "quizzes/ai-ml/kubeflow-trainer/index.html").select("p.quizpages-downloads") == []


def test_an_unknown_export_format_is_a_located_error(site_copy):
    """`exports: [pdf]` names the option and the formats there are, in `quizpages validate` and the build."""
    edit_config(site_copy, lambda config: quizpages_options(config).update(exports=["gift", "pdf"]))
    result = quizpages(site_copy, "validate")
    assert result.returncode == 2
    assert "plugins.quizpages.exports[1]: 'pdf' is not an export format (Use some of gift, moodle, qti3, qti21" in (
        result.stderr)
    mkdocs = subprocess.run([str(Path(sys.executable).parent / "mkdocs"), "build"], cwd=site_copy,
                            capture_output=True, text=True)
    assert mkdocs.returncode != 0 and "'pdf' is not an export format" in mkdocs.stdout + mkdocs.stderr


def _reader_files() -> set[str]:
    """The hashes of every file of the test-only readers' packages."""
    oracles.require()
    found = set()
    for package in ("@citolab", "gift-pegjs"):
        for path in (oracles.ORACLES / "node_modules" / package).rglob("*"):
            if path.is_file() and path.stat().st_size > 200:  # tiny files (a LICENSE line) prove nothing
                found.add(hashlib.sha256(path.read_bytes()).hexdigest())
    return found


def _shipped(name: str, data: bytes, readers: set[str]) -> list[str]:
    problems = []
    if any(part in name for part in ("node_modules", "js-oracles", "citolab", "gift-pegjs")):
        problems.append(f"{name}: a test-only reader's path")
    if hashlib.sha256(data).hexdigest() in readers:
        problems.append(f"{name}: a file of a test-only reader")
    problems += [f"{name}: holds {marker!r}" for marker in READER_MARKERS if marker in data]
    return problems


def test_the_built_site_holds_none_of_the_test_only_readers(published):
    """The QTI player is GPL-3 and used in tests only: no file of it (or of gift-pegjs) is in the site."""
    readers = _reader_files()
    problems = [p for path in (published / "site").rglob("*") if path.is_file()
                for p in _shipped(path.relative_to(published).as_posix(), path.read_bytes(), readers)]
    assert problems == []


def test_the_wheel_holds_none_of_the_test_only_readers(tmp_path):
    """Nor is any in the package: the wheel's files are quizpages' own."""
    readers = _reader_files()
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    wheel = next(tmp_path.glob("quizpages-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert any(name == "quizpages/export/qti3.py" for name in names)  # the wheel that was meant
        problems = [p for name in names if name.startswith("quizpages/")
                    for p in _shipped(name, archive.read(name), readers)]
    assert problems == []
