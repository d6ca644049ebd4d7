"""`mkdocs serve` on a MkDocs or mkdocs-static-i18n whose internals are not those quizpages knows: one warning,
then MkDocs' own full rebuilds, and every save still reaches the page."""

from __future__ import annotations

import sys
import types

import pytest
from conftest import KUBEFLOW_QUIZ, Serve, copy_site, wait_for
from mkdocs.commands import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.structure.pages import Page
from quizpages.mkdocs import internals

QUIZ = "quizzes/ai-ml/kubeflow-trainer/"
WARNING = "Each save rebuilds the whole site"

# Run by the served process at its start (PYTHONPATH): MkDocs without `_populate_page`, as a newer MkDocs that
# renamed it would be; its own build keeps the step under its old name, in a namespace of its own.
NEWER_MKDOCS = """\
import types

import mkdocs.commands.build as build

_own = dict(vars(build))
_build = build.build
build.build = types.FunctionType(_build.__code__, _own, _build.__name__, _build.__defaults__, _build.__closure__)
build.build.__kwdefaults__ = _build.__kwdefaults__
del build._populate_page
"""


def test_serve_without_an_internal_warns_once_and_still_shows_every_save(tmp_path, monkeypatch):
    """With MkDocs' `_populate_page` gone, the server names it in one warning and each saved quiz still reaches
    its page, through MkDocs' full rebuild."""
    patches = tmp_path / "patches"
    patches.mkdir()
    (patches / "sitecustomize.py").write_text(NEWER_MKDOCS, encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", str(patches))
    (tmp_path / "site").mkdir()
    site = copy_site(tmp_path / "site")
    with Serve(site) as server:
        for old, new in (("What was the fundamental architectural approach", "What was the core design"),
                         ("What was the core design", "What was the first design")):
            path = site / KUBEFLOW_QUIZ
            path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
            wait_for(lambda: new in server.page(QUIZ)[1], f"the saved quiz ({new!r})", server.log)
        output = server.output()
    assert output.count(WARNING) == 1
    assert "mkdocs.commands.build._populate_page(page, config, files)" in output
    assert "Updated" not in output  # no page was rendered on its own: MkDocs rebuilt the site
    assert "Traceback" not in output


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
