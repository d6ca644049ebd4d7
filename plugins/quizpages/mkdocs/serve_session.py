"""`mkdocs serve` that renders again only what a save changed.

MkDocs rebuilds the whole site after any change, once per language under
mkdocs-static-i18n: seconds for a few hundred quizzes. The plugin keeps every
language's finished build (language_builds.py) and the site's quizzes
(QuizSite) in memory, and takes over the server's builder. Each rebuild
compares the watched files with the last ones, and then:

- a quiz file, a strings file or a quiz template saved: the generated pages are
  made again from the quizzes in memory and compared with the last ones
  (site/page_changes.py); the pages that differ, and only they, are rendered
  again: the edited quiz in every language, the quiz index when a title
  changes, the quizzes whose "Next Quiz" names it;
- a Markdown page saved: that page is rendered again;
- anything else (mkdocs.yml, the theme, a page or asset added or removed), or a
  save that changes which pages exist or in which languages (a quiz added,
  removed or renamed): MkDocs' own full build, as before.

The search index is updated with the re-rendered pages. The sitemap and the 404
page list the pages and show the navigation, which an update never changes.
"""

from __future__ import annotations

import os
import threading
import time
from collections import defaultdict
from collections.abc import Callable

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from ..cache import HtmlCache
from ..model import Problem
from ..site import QuizSite
from ..site.generated_pages import GeneratedPage
from ..site.page_changes import changed_pages, page_id
from ..util.file_stamps import FileChanges, compare, read_stamps
from . import live_server, page_html, search_index, static_i18n
from .language_builds import LanguageBuild, render_again

log = get_plugin_logger(__name__)


class ServeSession:
    """The site as the last build left it, kept between the rebuilds of one `mkdocs serve`."""

    def __init__(self, site: Callable[[], QuizSite | None], report: Callable[[list[Problem]], None]):
        self._site = site  # the plugin's QuizSite: a changed mkdocs.yml may replace it
        self._report = report
        self._lock = threading.Lock()
        self.config: MkDocsConfig | None = None
        self.builds: dict[str | None, LanguageBuild] = {}
        self._expected: tuple[str | None, ...] = ()
        self._watched: set[str] = set()
        self._stamps: dict = {}
        self._full_build: Callable[[], None] | None = None
        self._unsaved = False  # an update used the build cache since it was written
        self._deferred: tuple[str, ...] = ()  # languages the first build left for after the server starts
        self._all_built = threading.Event()
        self._all_built.set()
        self.html: HtmlCache | None = None  # generated pages' HTML, for this server's rebuilds and the next one
        self._markdown_inputs: str | None = None

    # -- a full MkDocs build, event by event ------------------------------------------------

    def build_started(self, config: MkDocsConfig) -> None:
        """A full build of the site (of each of its languages, under mkdocs-static-i18n) begins."""
        self.config = config
        self.builds = {}
        self._expected = static_i18n.build_languages(config)
        self._watched.update(os.path.abspath(p) for p in self._inputs(config))
        self._stamps = read_stamps(self._watched)  # before the build reads them: a save during it is seen
        site = self._site()
        self._markdown_inputs = page_html.markdown_inputs(config) if site and site.use_cache else None
        if self._markdown_inputs is None:
            self.html = None
        elif self.html is None or self.html.inputs != self._markdown_inputs:
            self.html = HtmlCache(os.path.join(site.settings.cache_path, "html"), self._markdown_inputs)

    def _inputs(self, config: MkDocsConfig) -> list[str]:
        """What a build reads: the docs folder, mkdocs.yml, and quizpages' strings and template folders (or,
        while one does not exist, the folder it would be made in, such as the theme's `custom_dir`)."""
        site = self._site()
        found = [config.docs_dir] + ([config.config_file_path] if config.config_file_path else [])
        if site is not None:
            existing = (_existing(folder, site.settings.root) for folder in site.input_folders)
            found += [folder for folder in existing if folder is not None]
        return found

    def files_ready(self, language: str | None, files: Files, generated: list[tuple[GeneratedPage, File]]) -> None:
        self.builds[language] = LanguageBuild(language, files, {page_id(page): (page, file) for page, file in generated})

    def page_starting(self, language: str | None, page: Page, files: Files) -> None:
        """Before MkDocs reads and renders `page`: a generated page takes its HTML from the cache if it can."""
        build = self.builds.get(language)
        if self.html is None or build is None or page.file.src_uri not in build.generated_uris:
            return
        if build.files_key is None:  # every plugin's on_files is done by now
            build.files_key = page_html.files_key(files)
        page_html.read_from(self.html, self._markdown_inputs, build.files_key, page)

    def nav_ready(self, language: str | None, nav) -> None:
        if language in self.builds:
            self.builds[language].nav = nav

    def env_ready(self, language: str | None, env) -> None:
        if language in self.builds:
            self.builds[language].env = env

    def build_finished(self, config: MkDocsConfig, language: str | None) -> None:
        if language in self.builds:
            self.builds[language].finished = True
        if self._full_build is None and self._expected[:1] == (language,) and live_server.will_serve_with_reload():
            # The first build, before the server starts: let it start with the first language built,
            # the others are built beside it (`install`).
            self._deferred = static_i18n.defer_other_languages(config)

    @property
    def ready(self) -> bool:
        """Every language of the last full build finished, so single pages can be rendered again."""
        return bool(self._expected) and all(
            lang in self.builds and self.builds[lang].finished for lang in self._expected)

    # -- the server -------------------------------------------------------------------------

    def install(self, server, builder: Callable[[], None]) -> None:
        """Take over `server`'s rebuilds (`builder` stays the full build). MkDocs watches the docs folder and
        mkdocs.yml; the server watches quizpages' strings and template folders too."""
        if self.config is not None:
            for path in self._inputs(self.config):
                server.watch(path)
        live_server.poll_faster(server)
        self._full_build = builder
        added = set(live_server.watched_paths(server)) - self._watched
        self._watched |= added
        self._stamps.update(read_stamps(added))
        server.builder = self.rebuild
        if self._deferred:
            # their pages, and the search index and sitemap of every language, wait for their builds
            self._all_built.clear()
            live_server.hold_until(server, self._all_built,
                                   tuple(f"{lang}/" for lang in self._deferred) + ("search/", "sitemap.xml"))
        threading.Thread(target=self._finish_first_build, name="quizpages-start", daemon=True).start()

    def _finish_first_build(self) -> None:
        """Beside the server, once it answers: the languages the first build left, then the HTML cache."""
        with self._lock:
            try:
                if self._deferred:
                    start = time.perf_counter()
                    static_i18n.build_other_languages(self.config)
                    log.info(f"Built {', '.join(self._deferred)} in {time.perf_counter() - start:.2f} seconds")
                self._save_html()
            except Exception as exc:  # the server keeps serving; the next save builds the whole site again
                log.error(f"Building {', '.join(self._deferred)} failed ({type(exc).__name__}: {exc})")
                self.builds = {}
            finally:
                self._deferred = ()
                self._all_built.set()

    def _save_html(self) -> None:
        """After a full build: keep its pages' HTML for the next server."""
        if self.html is not None and self.ready:
            log.debug(f"HTML cache: {self.html.hits} hits, {self.html.misses} misses")
            self.html.hits = self.html.misses = 0
            self.html.save()

    def rebuild(self) -> None:
        """What the server runs after a change: an update of the changed pages when it can, else a full build."""
        with self._lock:
            if self.ready:
                start = time.perf_counter()
                stamps = read_stamps(self._watched)
                changes = compare(self._stamps, stamps)
                if not changes:
                    return  # a change in a file no build reads (a hidden file)
                try:
                    updated = self._update(changes)
                except Exception as exc:  # a shortcut must never leave the server stuck: the full build decides
                    log.warning(f"Could not update the changed pages ({type(exc).__name__}: {exc}); "
                                f"building the whole site")
                    updated = None
                if updated is not None:
                    self._stamps = stamps
                    self._unsaved = True
                    log.info(f"Updated {updated} page{'s' if updated != 1 else ''} in "
                             f"{time.perf_counter() - start:.2f} seconds")
                    return
            self.builds = {}  # the full build makes them again; until it finishes, there is nothing to update
            self._full_build()
            self._save_html()

    def close(self) -> None:
        """When the server stops: keep what the updates loaded and rendered for the next build."""
        with self._lock:
            site = self._site()
            if self._unsaved and site is not None:
                site.save_cache()
            self._unsaved = False
            self._save_html()

    # -- an update --------------------------------------------------------------------------

    def _update(self, changes: FileChanges) -> int | None:
        """Render again the pages `changes` affect; the number of pages, or None when only a full build is right."""
        site = self._site()
        if site is None or self.config is None:
            return None
        sorted_changes = self._sort(changes, site)
        if sorted_changes is None:
            return None
        quizzes, inputs, markdown = sorted_changes
        to_render: dict[str | None, list[Page]] = defaultdict(list)
        if quizzes or inputs:
            if not self._take_generated(site, inputs, not (changes.added or changes.removed), to_render):
                return None
        for path in markdown:
            pages = [(lang, build.page_of(path)) for lang, build in self.builds.items()]
            pages = [(lang, page) for lang, page in pages if page is not None]
            if not pages:
                return None
            for lang, page in pages:
                to_render[lang].append(page)
        for language, pages in to_render.items():
            static_i18n.switch_language(self.config, language)
            search_index.forget(self.config, {page.url for page in pages})
            if not render_again(self.config, self.builds[language], pages):
                log.info("A page in the navigation changed its title: building the whole site")
                return None
        if to_render:
            search_index.write(self.config)
        return sum(len(pages) for pages in to_render.values())

    def _sort(self, changes: FileChanges, site: QuizSite) -> tuple[bool, bool, list[str]] | None:
        """(a quiz file changed, a template or strings file changed, the Markdown pages edited), or None
        when something else changed, which only a full build handles."""
        settings = site.settings
        quizzes_dir = os.path.join(os.path.abspath(settings.quizzes_path), "")
        folders = tuple(os.path.join(os.path.abspath(f), "") for f in site.input_folders)
        docs_dir = os.path.join(os.path.abspath(settings.docs_dir), "")
        quizzes = inputs = False
        markdown = []
        for path in sorted(changes.paths):
            if path.startswith(quizzes_dir) and path.endswith(".yml"):
                quizzes = True
            elif path.startswith(folders):
                inputs = True
            elif path in changes.modified and path.startswith(docs_dir) and path.endswith(".md"):
                markdown.append(path)
            else:
                return None
        return quizzes, inputs, markdown

    def _take_generated(self, site: QuizSite, inputs: bool, same_pages: bool,
                        to_render: dict[str | None, list[Page]]) -> bool:
        """Make the generated pages again and give the ones that changed to their builds' files; False when
        the site changed shape."""
        if inputs:
            site.refresh()
        result = site.site_pages(same_pages)
        self._report(result.problems)
        if result.cache_stats:
            log.debug(f"build cache: {result.cache_stats}")
        by_build = None not in self.builds  # with mkdocs-static-i18n, each language's pages are in its build
        before = {pid: page for build in self.builds.values() for pid, (page, _file) in build.generated.items()}
        changed = changed_pages(before, result.pages)
        if changed is None:
            log.info("Quiz pages were added or removed, or changed their languages: building the whole site")
            return False
        for page in changed:
            build = self.builds[page.language if by_build else None]
            _old, file = build.generated[page_id(page)]
            file.content_string = page.content
            build.generated[page_id(page)] = (page, file)
            if file.page is not None:
                to_render[build.language].append(file.page)
        return True


def _existing(folder: str, root: str) -> str | None:
    """`folder`, or its nearest parent that exists, inside `root` (the site's folder); None when there is none."""
    root = os.path.abspath(root)
    folder = os.path.abspath(folder)
    while not os.path.isdir(folder):
        parent = os.path.dirname(folder)
        if parent == folder or not parent.startswith(root + os.sep):
            return None
        folder = parent
    return folder
