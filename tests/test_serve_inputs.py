"""What `mkdocs serve` watches besides MkDocs' own docs folder and mkdocs.yml."""

from __future__ import annotations

from types import SimpleNamespace

from conftest import ROOT, copy_site
from quizpages.mkdocs.page_html import PageHtml
from quizpages.mkdocs.serve.session import ServeSession
from quizpages.render.renderer import FRAGMENTS
from quizpages.render.strings import STRINGS_DIR
from quizpages.settings.mkdocs_yml import read_settings
from quizpages.site import QuizSite


def _watched(root) -> list[str]:
    settings, _problems = read_settings(str(root / "mkdocs.yml"))
    site = QuizSite(settings)
    session = ServeSession(lambda: site, lambda problems: None, PageHtml())
    found, _awaited = session._inputs(SimpleNamespace(docs_dir=settings.docs_dir,
                                                      config_file_path=str(root / "mkdocs.yml")))
    return found


def test_quizpages_own_strings_and_templates_are_watched_in_its_own_repository():
    """In this repository, adding a language's built-in strings file (CONTRIBUTING) while serving is a change."""
    watched = _watched(ROOT)
    assert STRINGS_DIR in watched and FRAGMENTS in watched


def test_an_installed_quizpages_is_not_watched(tmp_path):
    """A site that installs quizpages does not watch the package: nobody edits it there."""
    watched = _watched(copy_site(tmp_path))
    assert STRINGS_DIR not in watched and FRAGMENTS not in watched
