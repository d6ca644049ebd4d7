"""Generated pages and the plugin's assets as MkDocs files; quiz sources kept out of the site."""

from __future__ import annotations

import os

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from ..model import layout
from ..settings import SiteSettings
from ..site.generated_pages import GeneratedPage
from . import static_i18n

ASSETS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "assets")
ASSET_URI = "assets/quizpages/"
# The shipped files never change while MkDocs runs: list them once, not once per quiz page.
ASSET_NAMES = sorted(os.listdir(ASSETS)) if os.path.isdir(ASSETS) else []
# What each kind of page links, in the order the scripts must run (each file says what it needs).
QUIZ_ASSETS = ("quizpages.css", "quizpages-logic.js", "quizpages-store.js", "quizpages-controls.js",
               "quizpages-modes.js", "quizpages.js")
INDEX_ASSETS = ("quizpages.css", "quizpages-logic.js", "quizpages-store.js", "quizpages-index.js")


def remove_quiz_sources(files: Files, quizzes_dir: str) -> None:
    """The quizzes folder holds sources, not pages or assets of the site: nothing in it is published
    as it is (quiz files hold their answers; other files there are reported by the library)."""
    folder = os.path.normpath(quizzes_dir) + os.sep
    for file in list(files):
        if file.generated_by is None and os.path.normpath(file.abs_src_path or "").startswith(folder):
            files.remove(file)


def add_page(files: Files, config: MkDocsConfig, settings: SiteSettings, page: GeneratedPage,
             serving: bool = False) -> File:
    """`page` as a file of the site. A hand-written file at its address is an error the build has reported
    already (site/page_collisions.py) and stops on here; under `serve`, which never stops, the generated page
    (an error page, for a quiz) is served in its place, and the file itself is left as it is."""
    file = static_i18n.generated_page(config, page.language, settings.languages, page.markdown_path,
                                      page.content, page.available_in, in_nav=not page.is_quiz)
    existing = files.get_file_from_path(file.src_uri)
    if existing is not None and existing.generated_by is None and existing.inclusion.is_excluded():
        files.remove(existing)  # `exclude_docs` leaves it out of the site: the quiz page takes no one's place
    elif existing is not None and existing.generated_by is None:
        if not serving:
            raise PluginError(
                f"Error reading quiz pages in '{settings.docs_dir}': the page '{file.src_uri}' exists "
                f"and would be replaced by a generated quiz page. Make sure to rename or remove it"
            )
        files.remove(existing)
    files.append(file)
    return file


def add_assets(files: Files, config: MkDocsConfig) -> None:
    for name in ASSET_NAMES:
        uri = ASSET_URI + name
        if files.get_file_from_path(uri) is None:
            files.append(File.generated(config, uri, abs_src_path=os.path.join(ASSETS, name)))


def add_file(files: Files, config: MkDocsConfig, uri: str, content: bytes) -> None:
    """A file the site publishes as it is (an LMS export), replacing one of the same path from an earlier build."""
    existing = files.get_file_from_path(uri)
    if existing is not None:
        files.remove(existing)
    files.append(File.generated(config, uri, content=content))


def with_assets(output: str, page_url: str, names: tuple[str, ...] = QUIZ_ASSETS) -> str:
    """A page's HTML with the scripts and styles `names` linked in its head (a quiz page's, by default)."""
    base = layout.relative_url(page_url, ASSET_URI)
    tags = "".join(
        f'<link rel="stylesheet" href="{base}{n}">' if n.endswith(".css") else
        f'<script defer src="{base}{n}"></script>'
        for n in names
    )
    return output.replace("</head>", tags + "</head>", 1)
