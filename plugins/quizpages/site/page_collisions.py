"""Files of the docs folder at the address of a generated page.

A hand-written `content/ko/quizzes/a/b.md` (or `a/b/index.md`, `a/b/README.md`, a static `a/b/index.html`)
is built at the address of quiz `a/b`'s page: one of the two would silently take the other's place. Found
here, before any page is made, so `quizpages validate` reports what the build would stop on.
"""

from __future__ import annotations

import os
import posixpath

import pathspec

from ..model import Problem, Source, error, layout
from ..model.problems import display_path
from ..settings import SiteSettings
from ..util.paths import is_inside
from .library import Catalog


def language_folder(settings: SiteSettings, language: str) -> str:
    """The folder of `language`'s pages in the docs folder: `<lang>/` for every language under
    mkdocs-static-i18n's folder layout, else the docs folder itself for the source language."""
    if settings.i18n is not None or language != settings.source_language:
        return os.path.join(settings.docs_dir, language)
    return settings.docs_dir


def built_languages(settings: SiteSettings) -> tuple[str, ...]:
    """The languages whose quiz pages a build makes (mkdocs-static-i18n builds only `build: true` ones)."""
    if settings.i18n is None:
        return settings.languages
    built = settings.i18n.built
    return tuple(lang for lang in settings.languages if lang in built)


def page_collisions(settings: SiteSettings, catalog: Catalog) -> tuple[list[Problem], set[str]]:
    """Every file of the docs folder built at a generated page's address, as an error at the quiz file (or at
    the file, for the quiz index), and the ids of the quizzes whose pages are taken."""
    problems: list[Problem] = []
    taken: set[str] = set()
    quiz_languages = {quiz_id: quiz.languages for quiz_id, quiz in catalog.quizzes.items()}
    for quiz_id in catalog.broken:  # a page is made for it too (an error page under `serve`)
        quiz_languages.setdefault(quiz_id, settings.languages)
    for language in built_languages(settings):
        folder = language_folder(settings, language)
        pages = {layout.built_path(layout.markdown_path(quiz_id), settings.use_directory_urls): quiz_id
                 for quiz_id, languages in quiz_languages.items() if language in languages}
        index = layout.built_path(layout.INDEX_MARKDOWN, settings.use_directory_urls)
        excluded = _excluded_docs(settings)
        for path in _files_under(os.path.join(folder, layout.QUIZZES), settings.quizzes_path):
            if excluded.match_file(os.path.relpath(path, settings.docs_dir).replace(os.sep, "/")):
                continue  # MkDocs never builds it (`exclude_docs`): the quiz page takes no one's place
            inside = posixpath.normpath(os.path.relpath(path, folder).replace(os.sep, "/"))
            built = layout.built_path(inside, settings.use_directory_urls)
            shown = display_path(path, settings.root)
            if built == index:
                problems.append(error(
                    Source(path), f"this file is built at the address of the quiz index ({language}), "
                                  "which quizpages makes",
                    "Make sure to rename or move it: the index lists every quiz by itself"))
            elif built in pages:
                quiz_id = pages[built]
                taken.add(quiz_id)
                problems.append(error(
                    Source(catalog.paths.get(quiz_id, settings.quizzes_path)),
                    f"its page ({language}) has the address of '{shown}': one of the two would take the "
                    "other's place",
                    f"Make sure to rename or move '{shown}', or rename the quiz file"))
    return problems, taken


def _excluded_docs(settings: SiteSettings) -> pathspec.gitignore.GitIgnoreSpec:
    """The files MkDocs leaves out of the build, matched as it matches them (mkdocs.structure.files): its own
    default (hidden files, /templates/) and the site's `exclude_docs`."""
    return pathspec.gitignore.GitIgnoreSpec.from_lines([".*", "/templates/", *settings.exclude_docs])


def _files_under(folder: str, skipped: str) -> list[str]:
    """The files below `folder` that MkDocs would build (not hidden ones), leaving out the quiz sources in
    `skipped`, which are never published."""
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not is_inside(os.path.join(root, d), skipped))
        if is_inside(root, skipped):
            continue
        found += [os.path.join(root, name) for name in sorted(files) if not name.startswith(".")]
    return found
