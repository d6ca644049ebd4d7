"""Shared test helpers: build a real site in tmp_path and read its HTML."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
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


KUBEFLOW_QUIZ = Path("content/quizzes/ai-ml/kubeflow-trainer.yml")  # the bundled quiz, inside a site copy


def quizpages(site: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """`quizpages ARGS` run in `site`, as an author would."""
    return run([str(BIN / "quizpages"), *args], cwd=site, env=env)


class _Tagged:
    """A YAML value with a tag of MkDocs' (!ENV, !!python/...), kept as written through an edit."""

    def __init__(self, tag: str, node: yaml.Node, value):
        self.tag, self.node_type, self.value = tag, type(node), value


class _ConfigLoader(yaml.SafeLoader):
    pass


def _tagged(loader, suffix, node):
    tag = node.tag
    if isinstance(node, yaml.ScalarNode):
        return _Tagged(tag, node, loader.construct_scalar(node))
    if isinstance(node, yaml.SequenceNode):
        return _Tagged(tag, node, loader.construct_sequence(node, deep=True))
    return _Tagged(tag, node, loader.construct_mapping(node, deep=True))


_ConfigLoader.add_multi_constructor("!", _tagged)
_ConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", _tagged)


class _ConfigDumper(yaml.SafeDumper):
    pass


def _represent_tagged(dumper, tagged: _Tagged):
    if tagged.node_type is yaml.ScalarNode:
        return dumper.represent_scalar(tagged.tag, tagged.value)
    if tagged.node_type is yaml.SequenceNode:
        return dumper.represent_sequence(tagged.tag, tagged.value, flow_style=True)
    return dumper.represent_mapping(tagged.tag, tagged.value, flow_style=True)


_ConfigDumper.add_representer(_Tagged, _represent_tagged)


def edit_config(site: Path, change) -> Path:
    """Change `site`'s mkdocs.yml as data: `change(config)` edits the parsed mapping in place; MkDocs' own
    tags survive. Returns the file's path."""
    path = site / "mkdocs.yml"
    config = yaml.load(path.read_text(encoding="utf-8"), Loader=_ConfigLoader)
    change(config)
    path.write_text(yaml.dump(config, Dumper=_ConfigDumper, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def quizpages_options(config: dict) -> dict:
    """The options mapping of the quizpages plugin in a parsed mkdocs.yml, for `edit_config`."""
    return next(entry["quizpages"] for entry in config["plugins"] if isinstance(entry, dict) and "quizpages" in entry)
