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
pages wait until then. A save meanwhile does not: that build gives way to its
update of the languages built (turns.py), and the others' pages are updated
once they are built. Generated pages' HTML is kept for the next server or
build (../page_html.py).
"""

from __future__ import annotations

import gc
import os
import threading
import time
from collections.abc import Callable

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort, ConfigurationError
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from ...model import Problem
from ...render.renderer import FRAGMENTS
from ...render.strings import STRINGS_DIR
from ...site import QuizSite
from ...site.generated_pages import GeneratedPage
from ...site.page_changes import page_id
from ...util.file_stamps import FileChanges, compare, read_stamps
from .. import internals, search_per_language
from ..page_html import PageHtml
from . import live_server, page_updates
from .language_builds import LanguageBuild
from .turns import Turns

log = get_plugin_logger(__name__)


class ServeSession:
    """The site as the last build left it, kept between the rebuilds of one `mkdocs serve`."""

    def __init__(self, site: Callable[[], QuizSite | None], report: Callable[[list[Problem]], None],
                 html: PageHtml):
        self._site = site  # the plugin's QuizSite: a changed mkdocs.yml may replace it
        self._report = report
        self._html = html  # generated pages' HTML, kept for this server's rebuilds and the next build or server
        self._turns = Turns()  # the builds below are worked on by one thread at a time
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
        self._behind: dict | None = None  # while the others are built at start: the stamps the languages built show
        self._half_updated = False  # an update then found it could not finish: the next rebuild is a full build
        self.checked = False  # whether `check` has run: once, at the server's first build

    def check(self, config: MkDocsConfig) -> bool:
        """At the server's first build: whether this MkDocs and its plugins have every internal the updates
        use (internals.py); if not, one warning names what is missing, and the plugin leaves serving to MkDocs."""
        self.checked = True
        missing = internals.missing(config)
        if missing:
            log.warning("Each save rebuilds the whole site, as MkDocs does: this MkDocs or one of its plugins "
                        "lacks what quizpages needs to render again only what a save changed: "
                        + "; ".join(internal.describe() for internal in missing)
                        + ". Make sure to use the versions quizpages supports (mkdocs>=1.6,<2, "
                          "mkdocs-static-i18n>=1.3,<1.4)")
        return not missing

    # -- a full MkDocs build, event by event ------------------------------------------------

    def build_started(self, config: MkDocsConfig) -> None:
        """A full build of the site (of each of its languages, under mkdocs-static-i18n) begins."""
        self.config = config
        self.builds = {}
        self._expected = internals.build_languages(config)
        self._watch_inputs(config)  # a changed mkdocs.yml may name other folders
        self._stamps = read_stamps(self._watched)  # before the build reads them: a save during it is seen

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
            self._deferred = internals.hold_other_languages(config)

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
        internals.take_over_rebuilds(server, self.rebuild, live_server.QUIET_SECONDS)
        _keep_out_of_collections()  # the first language's build, kept as long as the others'
        if self._deferred:
            # their pages, and the search index and sitemap of every language, wait for their builds
            self._all_built.clear()
            live_server.hold_until(server, self._all_built,
                                   tuple(f"{lang}/" for lang in self._deferred) + ("search/", "sitemap.xml"))
        threading.Thread(target=self._finish_first_build, name="quizpages-start", daemon=True).start()

    def _finish_first_build(self) -> None:
        """Beside the server, once it answers: the languages the first build left, then the HTML cache."""
        with self._turns.giving_way():
            if self._deferred:
                languages, start = ", ".join(self._deferred), time.perf_counter()
                try:
                    internals.build_other_languages(self.config)
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
            _keep_out_of_collections()
        if self._behind is not None:  # the languages just built may show less than a save made meanwhile
            self._behind = None
            internals.request_rebuild(self._server)

    def checkpoint(self, config: MkDocsConfig) -> None:
        """In a build of the other languages at start, between two steps: let a save's update run now."""
        def leave() -> Callable[[], None]:
            language, page = internals.current_language(config), internals.current_page(config)
            switcher = internals.switcher_state(config)

            def back() -> None:  # the build goes on in its own language, at its own page, as if nothing came between
                internals.switch_language(config, language)
                internals.set_current_page(config, page)
                switcher()

            return back

        self._turns.checkpoint(leave, rest=live_server.RELOAD_SECONDS)

    def _save_html(self) -> None:
        """After a full build: keep its pages' HTML for the next server or build."""
        if self.ready:
            self._html.save()

    def rebuild(self) -> None:
        """What the server runs after a change: an update of the changed pages when it can, else a full build."""
        with self._turns.take():
            if self._turns.long_build_paused and self._update_languages_built():
                return
        self._all_built.wait()  # a change only a full build shows: after the first build of every language
        with self._turns.take():
            self._rebuild()

    def _update_languages_built(self) -> bool:
        """While the other languages' first build is paused for it: update the pages of the languages built, or
        False when only a full build is right. Their stamps are kept apart: once the other languages are built,
        a rebuild (`_finish_first_build`) updates their pages too, and finds nothing more to do for these."""
        start = time.perf_counter()
        self._watch_inputs(self.config)  # a folder made since: its files are changes below
        stamps = read_stamps(self._watched)
        changes = compare(self._stamps if self._behind is None else self._behind, stamps)
        if not changes:
            return True
        built = {language: build for language, build in self.builds.items() if build.finished}
        updated = self._try_update(changes, built, others_building=True)
        if updated is None:  # and the builds may be half updated, which the rebuild then must not trust
            self._half_updated = True
            return False
        self._behind = stamps
        log.info(f"Updated {updated} page{'s' if updated != 1 else ''} in {time.perf_counter() - start:.2f} seconds "
                 f"(the other languages once they are built)")
        return True

    def _rebuild(self) -> None:
        if self.config is not None:
            self._watch_inputs(self.config)  # a folder made since: its files are changes below
        if self.ready and not self._half_updated:
            start = time.perf_counter()
            stamps = read_stamps(self._watched)
            changes = compare(self._stamps, stamps)
            if not changes:
                return  # a change in a file no build reads (a hidden file)
            updated = self._try_update(changes, self.builds, others_building=False)
            if updated is not None:
                self._stamps = stamps
                self._unsaved = True
                log.info(f"Updated {updated} page{'s' if updated != 1 else ''} in "
                         f"{time.perf_counter() - start:.2f} seconds")
                return
        self.builds = {}  # the full build makes them again; until it finishes, there is nothing to update
        self._half_updated = False
        gc.unfreeze()  # the last builds are garbage now, for the collector to find
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
        if self.ready:
            _keep_out_of_collections()

    def _try_update(self, changes: FileChanges, builds: dict[str | None, LanguageBuild],
                    others_building: bool) -> int | None:
        """How many pages of `builds` an update rendered again, or None when only a full build is right."""
        site = self._site()
        saved = page_updates.classify_saves(changes, site) if site is not None and self.config is not None else None
        if saved is None:
            return None
        try:
            return page_updates.update(self.config, builds, site, saved, self._report, others_building)
        except Exception as exc:  # a shortcut must never leave the server stuck: the full build decides
            log.warning(f"Could not update the changed pages ({type(exc).__name__}: {exc}); building the whole site")
            return None

    def close(self) -> None:
        """When the server stops: keep what the updates loaded and rendered for the next build."""
        with self._turns.take():
            site = self._site()
            if self._unsaved and site is not None:
                site.save_cache()
            self._unsaved = False
            self._save_html()


def _keep_out_of_collections() -> None:
    """After a language's build: what the builds hold stays until the next full build, so Python's cyclic garbage
    collector need not look through it again. Without this, a full collection every few saves walks every page
    of every language (250 quizzes: a few tenths of a second, as long as the update itself)."""
    gc.freeze()


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
