"""`mkdocs serve` that renders again only what a save changed.

MkDocs rebuilds the whole site after any change, once per language under
mkdocs-static-i18n: seconds for a few hundred quizzes. The plugin keeps every
language's finished build (language_builds.py) and the site's quizzes
(QuizSite) in memory, and takes over the server's builder: each rebuild
compares the watched files with the last ones, and renders again only the pages
the changed files affect (page_updates.py), or, when it cannot tell, runs
MkDocs' full build as before.

The first build makes only the source language: the server answers as soon as
it is done, while the other languages are built beside it; requests for their
pages wait until then. Generated pages' HTML is kept for the next server
(page_html.py).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort, ConfigurationError
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from ..cache import HtmlCache
from ..model import Problem
from ..render.renderer import FRAGMENTS
from ..render.strings import STRINGS_DIR
from ..site import QuizSite
from ..site.generated_pages import GeneratedPage
from ..site.page_changes import page_id
from ..util.file_stamps import FileChanges, compare, read_stamps
from . import live_server, page_html, page_updates, search_per_language, static_i18n
from .language_builds import LanguageBuild

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
        self._server = None  # MkDocs' live-reload server, once `install` is given it
        self._awaited: set[str] = set()  # input folders not made yet, whose making the server watches for
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
        self._watch_inputs(config)  # a changed mkdocs.yml may name other folders
        self._stamps = read_stamps(self._watched)  # before the build reads them: a save during it is seen
        site = self._site()
        self._markdown_inputs = page_html.markdown_inputs(config) if site and site.use_cache else None
        if self._markdown_inputs is None:
            self.html = None
        elif self.html is None or self.html.inputs != self._markdown_inputs:
            self.html = HtmlCache(os.path.join(site.settings.cache_path, "html"), self._markdown_inputs)

    def _inputs(self, config: MkDocsConfig) -> tuple[list[str], list[str]]:
        """What a build reads: the docs folder (with the quizzes folder), mkdocs.yml, and quizpages' strings
        and template folders (or, while one does not exist, the folder it would be made in, such as the
        theme's `custom_dir`); and the folders directly in the site's folder to be made before one can be."""
        site = self._site()
        found = [config.docs_dir] + ([config.config_file_path] if config.config_file_path else [])
        awaited = []
        for folder in site.input_folders if site is not None else ():
            existing = _existing(folder, site.settings.root)
            if existing is not None:
                found.append(existing)
            elif (top := _top_folder(folder, site.settings.root)) is not None:
                awaited.append(top)
        if site is not None:  # quizpages checked out inside the site, as in its own repository: a new
            # language's strings file or an edited built-in template is a change too (a full build)
            found += [folder for folder in (STRINGS_DIR, FRAGMENTS)
                      if _top_folder(folder, site.settings.root) is not None]
        return [os.path.abspath(p) for p in found], awaited

    def _watch_inputs(self, config: MkDocsConfig) -> None:
        """Read, and have the server watch, every input of the current settings: the ones of a changed
        mkdocs.yml, and folders made since the last build. Nothing is unwatched: a folder no longer read
        only costs a poll."""
        found, awaited = self._inputs(config)
        self._watched.update(found)
        if self._server is None:
            return  # the first build: `install` watches them once the server exists
        for path in found:
            if not live_server.watches(self._server, path) and _try(f"watch {path}", self._server.watch, path):
                if self._full_build is not None:  # at start, the server lists what it watches itself
                    log.info(f"Watching '{os.path.relpath(path)}' for changes too")
        for folder in set(awaited) - self._awaited:
            if _try(f"watch for {folder} to be made", live_server.rebuild_when_made, self._server, folder):
                self._awaited.add(folder)

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
        live_server.poll_faster(server)
        self._server = server
        if self.config is not None:
            self._watch_inputs(self.config)
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
            if self._deferred:
                languages, start = ", ".join(self._deferred), time.perf_counter()
                try:
                    static_i18n.build_other_languages(self.config)
                    site = self._site()
                    if site is not None:  # its loop wrote one index of every language (see plugin.py)
                        search_per_language.split_index(self.config.site_dir, site.languages)
                except Exception as exc:  # the server keeps serving; the next save builds the whole site again
                    log.error(f"Building {languages} failed ({type(exc).__name__}: {exc})")
                    self.builds = {}
                else:
                    log.info(f"Built {languages} in {time.perf_counter() - start:.2f} seconds")
                finally:
                    self._deferred = ()
                    self._all_built.set()
            self._save_html()

    def _save_html(self) -> None:
        """After a full build: keep its pages' HTML for the next server."""
        if self.html is not None and self.ready:
            log.debug(f"HTML cache: {self.html.hits} hits, {self.html.misses} misses")
            self.html.hits = self.html.misses = 0
            self.html.save()

    def rebuild(self) -> None:
        """What the server runs after a change: an update of the changed pages when it can, else a full build."""
        with self._lock:
            if self.config is not None:
                self._watch_inputs(self.config)  # a folder made since: its files are changes below
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
            try:
                self._full_build()
            except (Abort, ConfigurationError) as exc:
                if not _is_config_error(exc):
                    raise
                # Raising would leave every request waiting for a build that never comes; the pages of the
                # last build are still there to serve. MkDocs logged wrong options, but not YAML it
                # could not parse: that is the exception's own text.
                if isinstance(exc, ConfigurationError):
                    log.error(" ".join(str(exc).split()))
                log.error("mkdocs.yml has errors (above): the pages served are those of the last build "
                          "until it is fixed and saved")
                return
            self._save_html()

    def _update(self, changes: FileChanges) -> int | None:
        site = self._site()
        saved = page_updates.sort(changes, site) if site is not None and self.config is not None else None
        if saved is None:
            return None
        return page_updates.update(self.config, self.builds, site, saved, self._report)

    def close(self) -> None:
        """When the server stops: keep what the updates loaded and rendered for the next build."""
        with self._lock:
            site = self._site()
            if self._unsaved and site is not None:
                site.save_cache()
            self._unsaved = False
            self._save_html()


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


def _is_config_error(exc: Exception) -> bool:
    """Whether a build failed reading mkdocs.yml, before it wrote anything: YAML it cannot parse, or
    options MkDocs (or a plugin's declared options) refused."""
    return isinstance(exc, ConfigurationError) or "configuration error" in str(exc)


def _top_folder(folder: str, root: str) -> str | None:
    """The folder directly in `root` that holds `folder` (or is it), when `folder` is inside `root`."""
    relative = os.path.relpath(os.path.abspath(folder), os.path.abspath(root))
    if relative == os.curdir or relative.startswith(os.pardir):
        return None
    return os.path.join(os.path.abspath(root), relative.split(os.sep, 1)[0])


def _try(what: str, action: Callable[..., object], *args) -> bool:
    """Whether `action(*args)` did not fail (nor return False); a warning when it raised: the server keeps
    serving without that watch."""
    try:
        return action(*args) is not False
    except Exception as exc:  # a folder gone meanwhile, a watcher that refuses: never stop `mkdocs serve`
        log.warning(f"Could not {what} ({type(exc).__name__}: {exc}); its changes show after a restart")
        return False
