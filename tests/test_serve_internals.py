"""`mkdocs serve` on a MkDocs or mkdocs-static-i18n whose internals are not those quizpages knows: one warning,
then MkDocs' own full rebuilds, and every save still reaches the page."""

from __future__ import annotations

import shutil
import sys
import types
from pathlib import Path

import pytest
from conftest import KUBEFLOW_QUIZ, Serve, copy_site, edit_config, wait_for
from mkdocs.commands import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.structure.pages import Page
from quizpages.mkdocs import internals

QUIZ = "quizzes/ai-ml/kubeflow-trainer/"
WARNING = "Each save rebuilds the whole site"

NEWER_VERSIONS = Path(__file__).with_name("newer_versions.py")


def _mkdocs_theme(config: dict) -> None:
    """MkDocs' own theme, whose search is MkDocs' search plugin (Material's theme brings its own)."""
    config["theme"] = {"name": "mkdocs", "language": "en"}


@pytest.mark.parametrize("internal", internals.INTERNALS, ids=lambda internal: internal.name)
def test_serve_without_an_internal_warns_once_and_a_saved_quiz_still_shows(internal, tmp_path, monkeypatch):
    """With any one internal renamed or reshaped, as a newer MkDocs or plugin could have it, the server names it
    in one warning and a saved quiz still reaches its page, through MkDocs' full rebuild."""
    patches = tmp_path / "patches"
    patches.mkdir()
    shutil.copy(NEWER_VERSIONS, patches / "sitecustomize.py")  # run by the served process as it starts
    monkeypatch.setenv("PYTHONPATH", str(patches))
    monkeypatch.setenv("QUIZPAGES_RENAMED", internal.name)
    (tmp_path / "site").mkdir()
    site = copy_site(tmp_path / "site")
    if internal.owner == internals.SEARCH and internal.name == "_entries":
        edit_config(site, _mkdocs_theme)
    with Serve(site) as server:
        path = site / KUBEFLOW_QUIZ
        path.write_text(path.read_text(encoding="utf-8").replace(
            "What was the fundamental architectural approach", "What was the core design"), encoding="utf-8")
        wait_for(lambda: "What was the core design" in server.page(QUIZ)[1], "the saved quiz", server.log)
        output = server.output()
    assert output.count(WARNING) == 1
    assert internal.describe() in output
    assert "Updated" not in output  # no page was rendered on its own: MkDocs rebuilt the site
    assert "Traceback" not in output


def test_each_internal_has_a_newer_version_to_serve_with():
    """Every internal declared has its owner's newer version in tests/newer_versions.py, so the test above
    serves without each one."""
    import newer_versions

    assert {i.name for i in internals.INTERNALS} == set(newer_versions.OWNERS) | set(newer_versions.RESHAPED)


class _Without:
    """`subject` with `name` gone, as a newer version without it would be."""

    def __init__(self, subject, name: str):
        self._subject, self._name = subject, name

    def __getattr__(self, attr: str):
        if attr == self._name:
            raise AttributeError(attr)
        return getattr(self._subject, attr)


class _PageWithoutRenderedTitle(Page):
    """A Page that keeps its rendered title under another name."""

    def __init__(self, title, file, config):
        self.title_of_render = None

    def render(self, config, files):
        self.title_of_render = None


def _search_plugin_keeping_entries_elsewhere(monkeypatch, material: bool):
    """A search plugin whose index class keeps its entries in another attribute than `entries`/`_entries`."""
    module = types.ModuleType("material.plugins.renamed_search" if material else "mkdocs.contrib.renamed_search")

    class SearchIndex:
        def __init__(self, **config):
            self.documents = []

    module.SearchIndex = SearchIndex
    monkeypatch.setitem(sys.modules, module.__name__, module)
    return type("SearchPlugin", (), {"__module__": module.__name__})()


@pytest.fixture(scope="module")
def config(tmp_path_factory):
    """The bundled site's settings, as MkDocs reads them (with its search and mkdocs-static-i18n plugins)."""
    return load_config(str(copy_site(tmp_path_factory.mktemp("config")) / "mkdocs.yml"))


def test_the_installed_mkdocs_and_plugins_have_every_internal(config):
    """With the versions quizpages supports, nothing is missing: `serve` renders only what a save changed."""
    assert internals.missing(config) == []


@pytest.mark.parametrize("internal", internals.INTERNALS, ids=lambda internal: internal.name)
def test_each_internal_missing_is_named(internal, config, monkeypatch):
    """Each internal the updates use, gone or reshaped, is found missing at start, and it alone."""
    subjects = internals.Subjects.of(config)
    if internal.owner == internals.MKDOCS:
        if internal.name == "_title_from_render":
            subjects.page_class = _PageWithoutRenderedTitle
        elif internal.name == "_current_page":
            subjects.config_class = _Without(subjects.config_class, internal.name)
        else:
            subjects.build_module = _Without(mkdocs_build, internal.name)
    elif internal.owner == internals.SERVER:
        subjects.server = _Without(subjects.server, internal.name)
    elif internal.owner == internals.SEARCH:
        subjects.search_plugins = [_search_plugin_keeping_entries_elsewhere(monkeypatch, internal.name == "entries")]
    else:
        subjects.i18n = _Without(subjects.i18n, internal.name)
    assert [found.name for found in internals.missing(config, subjects)] == [internal.name]
