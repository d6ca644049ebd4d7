"""An update under `mkdocs serve`: from the files a save changed to the pages rendered again.

- a quiz file, a strings file or a quiz template saved: the generated pages are
  made again from the quizzes in memory and compared with the last ones
  (site/page_changes.py); those that differ, and only they, are rendered again:
  the edited quiz in every language, the quiz index when a title changes, the
  quizzes whose "Next Quiz" names it;
- a Markdown page saved: that page is rendered again;
- anything else (mkdocs.yml, the theme, a page or asset added or removed), or a
  save that changes which pages exist or in which languages (a quiz added,
  removed or renamed): no update; the caller makes MkDocs' full build.

The search index is updated with the pages. The sitemap and the 404 page list
the pages and show the navigation, which an update never changes.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.pages import Page

from ...model import Problem
from ...model.layout import is_quiz_file
from ...site import QuizSite
from ...site.page_changes import changed_pages, page_id
from ...util.file_stamps import FileChanges
from .. import internals
from . import search_index
from .language_builds import LanguageBuild, render_again

log = get_plugin_logger(__name__)

Builds = dict[str | None, LanguageBuild]  # by mkdocs-static-i18n's language (None: one build of them all)


@dataclass(frozen=True)
class Saved:
    """What a save changed, by what depends on it."""

    quizzes: bool  # a quiz file changed, appeared or went
    inputs: bool  # a strings file or a quiz template
    markdown: tuple[str, ...]  # Markdown pages edited in place
    same_pages: bool  # no file appeared or went


def classify_saves(changes: FileChanges, site: QuizSite) -> Saved | None:
    """What the saved files are (quiz files, the site's strings and templates, learning pages), or None when
    one of them is something only a full build handles."""
    settings = site.settings
    quizzes_dir = os.path.join(os.path.abspath(settings.quizzes_path), "")
    folders = tuple(os.path.join(os.path.abspath(f), "") for f in site.input_folders)
    docs_dir = os.path.join(os.path.abspath(settings.docs_dir), "")
    quizzes = inputs = False
    markdown = []
    for path in sorted(changes.paths):
        if path.startswith(quizzes_dir) and is_quiz_file(path):
            quizzes = True
        elif path.startswith(folders):
            inputs = True
        elif path in changes.modified and path.startswith(docs_dir) and path.endswith(".md"):
            markdown.append(path)
        else:
            return None
    return Saved(quizzes, inputs, tuple(markdown), not (changes.added or changes.removed))


def update(config: MkDocsConfig, builds: Builds, site: QuizSite, saved: Saved,
           report: Callable[[list[Problem]], None], others_building: bool = False) -> int | None:
    """Render again the pages `saved` affects, in their languages' builds; how many, or None when only a
    full build is right (then the builds may be half updated: the full build replaces them).

    `others_building`: `builds` are the languages built at start, while the others' build is paused for this
    update; their pages are left to the update that follows that build, and so is the search index, which
    that build writes."""
    to_render: dict[str | None, list[Page]] = defaultdict(list)
    if (saved.quizzes or saved.inputs) and not _take_generated(builds, site, saved, report, to_render):
        return None
    for path in saved.markdown:
        found = [(lang, build.page_of(path)) for lang, build in builds.items()]
        found = [(lang, page) for lang, page in found if page is not None]
        if not found and not others_building:  # else it may be a page of a language still being built
            return None
        for lang, page in found:
            to_render[lang].append(page)
    for language, pages in to_render.items():
        log.debug(f"Rendering again: {', '.join(page.file.src_uri for page in pages)}")
        internals.switch_language(config, language)
        with search_index.replacing(config, {page.url for page in pages}, others_building):
            if not render_again(config, builds[language], pages):
                log.info("A page in the navigation changed its title: building the whole site")
                return None
    if to_render and not others_building:
        search_index.write(config, site.languages, {page.url for pages in to_render.values() for page in pages})
    return sum(len(pages) for pages in to_render.values())


def _take_generated(builds: Builds, site: QuizSite, saved: Saved, report: Callable[[list[Problem]], None],
                    to_render: dict[str | None, list[Page]]) -> bool:
    """Make the generated pages again and give those of `builds`' languages that changed to their builds' files;
    False when the site changed shape."""
    if saved.inputs:
        site.refresh()
    one_build = None in builds  # without mkdocs-static-i18n; with it, each language's pages are in its build
    result = site.site_pages(saved.same_pages, None if one_build else tuple(builds))
    report(result.problems)
    if result.cache_stats:
        log.debug(f"build cache: {result.cache_stats}")
    before = {pid: page for build in builds.values() for pid, (page, _file) in build.generated.items()}
    changed = changed_pages(before, result.pages)
    if changed is None:
        log.info("Quiz pages were added or removed, or changed their languages: building the whole site")
        return False
    for page in changed:
        build = builds[None if one_build else page.language]
        _old, file = build.generated[page_id(page)]
        file.content_string = page.content
        build.generated[page_id(page)] = (page, file)
        if file.page is not None:
            to_render[build.language].append(file.page)
    return True
