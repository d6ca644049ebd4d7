"""Shared test helpers: build a real site in tmp_path and read its HTML."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
BIN = Path(sys.executable).parent

os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")


# A quiz in English only that links on to the bundled Kubeflow quiz, as content/quizzes/helm.yml.
ENGLISH_ONLY = """\
languages: [en]
title:
  en: Helm Basics Quiz
learning_material: ../ai-ml/kubeflow-trainer.md
next: ./ai-ml/kubeflow-trainer.md
questions:
  - id: release
    kind: short_answer
    question:
      en: What is a Helm release?
    answer:
      en: One installed instance of a chart.
"""


def shared_path(*parts: str) -> Path:
    """A file under ../shared, or skip when this clone has no ../shared beside it."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is absent: this test reads the reference material in ../shared/")
    return path


def run(args: list[str], cwd: Path, env: dict | None = None, check: bool = False) -> subprocess.CompletedProcess:
    full_env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", **(env or {})}
    result = subprocess.run(args, cwd=cwd, env=full_env, capture_output=True, text=True, timeout=300)
    if check and result.returncode != 0:
        raise AssertionError(f"{args} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return result


def copy_site(dest: Path) -> Path:
    """A copy of the bundled site (mkdocs.yml, content/, overrides/) in `dest`."""
    for name in ("mkdocs.yml",):
        shutil.copy(ROOT / name, dest / name)
    for name in ("content", "overrides"):
        shutil.copytree(ROOT / name, dest / name)
    return dest


def mkdocs(site: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return run([str(BIN / "mkdocs"), *args], cwd=site, env=env)


def build(site: Path, strict: bool = True, env: dict | None = None) -> subprocess.CompletedProcess:
    """`mkdocs build [--strict]` in `site`; fails the test with MkDocs' output when the build fails."""
    result = mkdocs(site, "build", *(["--strict"] if strict else []), env=env)
    if result.returncode != 0:
        raise AssertionError(f"mkdocs build failed:\n{result.stdout}\n{result.stderr}")
    return result


def soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The bundled site, built once with --strict; returns its site/ folder."""
    site = copy_site(tmp_path_factory.mktemp("bundled"))
    build(site)
    return site / "site"


@pytest.fixture
def site_copy(tmp_path) -> Path:
    return copy_site(tmp_path)
