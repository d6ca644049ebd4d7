"""Every use quizpages makes of what MkDocs, its live-reload server, the search plugins and mkdocs-static-i18n
keep to themselves, in this one module, each checked before `mkdocs serve` relies on it.

The incremental rebuild under `mkdocs serve` (mkdocs/serve/) renders single pages
with MkDocs' own build steps, takes over the live-reload server's rebuilds,
replaces entries of the search plugin's index and steers mkdocs-static-i18n's
per-language builds. None of these is public API: a newer MkDocs or
mkdocs-static-i18n may rename or reshape any of them. So each is declared here
once (`INTERNALS`), with a check that it exists in the shape quizpages uses
(a function that takes the parameters passed to it, an attribute of the type
read or written), and `missing` runs every check when a server starts. When one
fails, the plugin logs one warning naming what is missing and leaves serving to
MkDocs' own full rebuilds: slower, never broken.

No other module of quizpages names these (tests/test_architecture.py checks
it). A build uses a few of them too (which language mkdocs-static-i18n is
building, the files it lists per language): those tolerate their absence as
before, the build then missing only what they add.
"""

from __future__ import annotations

import inspect
import logging
import os
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import jinja2
from mkdocs import utils as mkdocs_utils
from mkdocs.commands import build as mkdocs_build
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

SEARCH_PLUGINS = ("search", "material/search")
I18N_LOGGER = "mkdocs.plugins.mkdocs_static_i18n"


# -- the declarations and their checks -------------------------------------------------------

@dataclass(frozen=True)
class Internal:
    """One thing quizpages uses that its owner does not document, and how to tell it is there as used."""

    owner: str  # whose: "MkDocs", "MkDocs' live-reload server", ...
    name: str  # the attribute or function, as quizpages names it in code
    shape: str  # what quizpages needs of it, for the warning
    present: Callable[["Subjects"], bool]

    def describe(self) -> str:
        return f"{self.owner}'s {self.name} ({self.shape})"


@dataclass
class Subjects:
    """What the checks look at: the modules and classes, and the instances a server start has."""

    build_module: Any = mkdocs_build
    page_class: type = Page
    config_class: type = MkDocsConfig
    server: Any = None  # a LiveReloadServer, made for the check (see `missing`)
    search_plugins: Sequence[Any] = ()
    i18n: Any = None  # mkdocs-static-i18n's plugin, when the site uses it

    @classmethod
    def of(cls, config: MkDocsConfig) -> "Subjects":
        """This process's MkDocs, `config`'s plugins, and a live-reload server made (never started) to look at:
        its attributes are made in its constructor."""
        return cls(server=_probe_server(), search_plugins=search_plugins(config), i18n=i18n_plugin(config))


def _takes(function: object, *names: str) -> bool:
    """Whether `function` is callable with these parameters, by position in this order (and by name)."""
    if not callable(function):
        return False
    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return False
    positional = [p.name for p in parameters
                  if p.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    return positional[: len(names)] == list(names)


def _assigned_in(function: object, name: str) -> bool:
    """Whether `function`'s code reads or writes an attribute `name` (an instance attribute made in __init__)."""
    code = getattr(function, "__code__", None)
    return code is not None and name in code.co_names


def _has(obj: object, name: str, kind: type | tuple[type, ...]) -> bool:
    return isinstance(getattr(obj, name, None), kind)


def _each_search_index(subjects: Subjects, name: str) -> bool:
    """Every search plugin's index class keeps its entries in a list named `name` (Material's `entries`,
    MkDocs' `_entries`); only the plugins of that kind are asked."""
    for plugin in subjects.search_plugins:
        index = _search_index_class(plugin)
        wanted = "entries" if _is_material(plugin) else "_entries"
        if wanted == name and (index is None or not _has(index(), name, list)):
            return False
    return True


def _search_index_class(plugin) -> type | None:
    module = sys.modules.get(type(plugin).__module__)
    index = getattr(module, "SearchIndex", None)
    return index if isinstance(index, type) else None


def _is_material(plugin) -> bool:
    return type(plugin).__module__.startswith("material.")


def _i18n(check: Callable[[Any], bool]) -> Callable[[Subjects], bool]:
    """A check of mkdocs-static-i18n's plugin, passed when the site does not use it."""
    return lambda subjects: subjects.i18n is None or check(subjects.i18n)


MKDOCS, SERVER, SEARCH, I18N = "MkDocs", "MkDocs' live-reload server", "the search plugin", "mkdocs-static-i18n"

INTERNALS: tuple[Internal, ...] = (
    Internal(MKDOCS, "_populate_page", "mkdocs.commands.build._populate_page(page, config, files)",
             lambda s: _takes(getattr(s.build_module, "_populate_page", None), "page", "config", "files")),
    Internal(MKDOCS, "_build_page",
             "mkdocs.commands.build._build_page(page, config, doc_files, nav, env, dirty, excluded)",
             lambda s: _takes(getattr(s.build_module, "_build_page", None),
                              "page", "config", "doc_files", "nav", "env", "dirty", "excluded")),
    Internal(MKDOCS, "_title_from_render", "Page._title_from_render, the title its Markdown gave",
             lambda s: _assigned_in(s.page_class.__init__, "_title_from_render")
             and _assigned_in(s.page_class.render, "_title_from_render")),
    Internal(MKDOCS, "_current_page", "MkDocsConfig._current_page, the page being built",
             lambda s: hasattr(s.config_class, "_current_page")),
    Internal(SERVER, "_watched_paths", "a dict of the paths it watches",
             lambda s: _has(s.server, "_watched_paths", dict)),
    Internal(SERVER, "_rebuild_cond", "a threading.Condition guarding _want_rebuild",
             lambda s: _has(s.server, "_rebuild_cond", threading.Condition)),
    Internal(SERVER, "_want_rebuild", "a bool that asks its loop for a rebuild",
             lambda s: _has(s.server, "_want_rebuild", bool)),
    Internal(SERVER, "observer", "a watchdog observer, replaceable before the server starts",
             lambda s: callable(getattr(getattr(s.server, "observer", None), "schedule", None))),
    Internal(SERVER, "builder", "the function its loop calls to rebuild, replaceable",
             lambda s: callable(getattr(s.server, "builder", None))),
    Internal(SERVER, "mount_path", "the URL path it serves the site under, a str",
             lambda s: _has(s.server, "mount_path", str)),
    Internal(SERVER, "build_delay", "the seconds it waits for more changes before a rebuild, a float",
             lambda s: _has(s.server, "build_delay", (int, float))),
    Internal(SEARCH, "entries", "Material's SearchIndex.entries, a list",
             lambda s: _each_search_index(s, "entries")),
    Internal(SEARCH, "_entries", "MkDocs' SearchIndex._entries, a list",
             lambda s: _each_search_index(s, "_entries")),
    Internal(I18N, "current_language", "the language being built, settable",
             _i18n(lambda i18n: hasattr(i18n, "current_language"))),
    Internal(I18N, "build_languages", "the languages it builds, a list",
             _i18n(lambda i18n: _has(i18n, "build_languages", list))),
    Internal(I18N, "building", "a bool, true while it builds the other languages",
             _i18n(lambda i18n: _has(i18n, "building", bool))),
    Internal(I18N, "search_entries", "the search entries of the languages built, a list",
             _i18n(lambda i18n: _has(i18n, "search_entries", list))),
    Internal(I18N, "i18n_files_per_language", "the pages of each language, a dict",
             _i18n(lambda i18n: _has(i18n, "i18n_files_per_language", dict))),
    Internal(I18N, "on_config", "on_config(config), run again to set the config up for a language",
             _i18n(lambda i18n: _takes(getattr(i18n, "on_config", None), "config"))),
    Internal(I18N, "on_post_build", "on_post_build(config), run again to build the other languages",
             _i18n(lambda i18n: _takes(getattr(i18n, "on_post_build", None), "config"))),
)


I18N_FILE_ATTRIBUTES = ("locale", "localization", "locale_alternate_of", "norm_src_uri", "alternates")
"""What mkdocs-static-i18n sets on each of its files and reads back (its language switcher, its sitemap), set on
generated pages too (`list_generated_page`). Not checked: a file has them only once that plugin made it, and a
version that reads others only leaves generated pages out of its switcher and sitemap."""


def missing(config: MkDocsConfig, subjects: Subjects | None = None) -> list[Internal]:
    """What `mkdocs serve`'s incremental rebuild needs and this MkDocs and its plugins lack; [] when all is there.
    `subjects`: what to look at, by default `Subjects.of(config)`."""
    if subjects is None:
        subjects = Subjects.of(config)
    try:
        return [internal for internal in INTERNALS if not _safely(internal.present, subjects)]
    finally:
        close = getattr(subjects.server, "server_close", None)
        if callable(close):
            close()


def _safely(check: Callable[[Subjects], bool], subjects: Subjects) -> bool:
    try:
        return bool(check(subjects))
    except Exception:  # a check that cannot even look: what it looks for is not as quizpages knows it
        return False


def _probe_server():
    from mkdocs.livereload import LiveReloadServer  # here: a build never needs it, nor the file watcher it imports

    try:
        return LiveReloadServer(builder=lambda: None, host="127.0.0.1", port=0, root=os.getcwd())
    except Exception:  # another constructor: every check of the server then fails
        return None


# -- MkDocs' build steps ----------------------------------------------------------------------

def populate_page(page: Page, config: MkDocsConfig, files: Files) -> None:
    """Read `page`'s Markdown and render its HTML, with every plugin event, as a build does."""
    mkdocs_build._populate_page(page, config, files)


def build_page(page: Page, config: MkDocsConfig, doc_files: Sequence[File], nav: Navigation | None,
               env: jinja2.Environment | None, excluded: bool) -> None:
    """Render `page`'s template and write its HTML, with every plugin event, as a build does."""
    mkdocs_build._build_page(page, config, doc_files, nav, env, False, excluded)


def keeps_rendered_title() -> bool:
    """Whether this MkDocs' pages keep the title their Markdown gave where `rendered_title` reads it. Builds
    need it too: the HTML cache (page_html.py) keeps and restores that title, and is off without it."""
    title = next(internal for internal in INTERNALS if internal.name == "_title_from_render")
    return _safely(title.present, Subjects())


def rendered_title(page: Page) -> str | None:
    """The title `page`'s rendered Markdown gave it (its first heading), which its `title` prefers."""
    return page._title_from_render


def set_rendered_title(page: Page, title: str | None) -> None:
    page._title_from_render = title


def current_page(config: MkDocsConfig) -> Page | None:
    """The page MkDocs is building (what `!relative` in mkdocs.yml resolves against)."""
    return config._current_page


def set_current_page(config: MkDocsConfig, page: Page | None) -> None:
    config._current_page = page


# -- MkDocs' live-reload server ---------------------------------------------------------------

def watched_paths(server) -> dict[str, int]:
    """The paths the server watches, with how many times each was added."""
    return dict(server._watched_paths)


def observer(server):
    return server.observer


def replace_observer(server, new_observer) -> None:
    """Give the server another file watcher; only before it starts (its paths watched again after)."""
    server.observer = new_observer


def request_rebuild(server) -> None:
    """Ask the server's loop for a rebuild, as its own watch does on a change."""
    with server._rebuild_cond:
        server._want_rebuild = True
        server._rebuild_cond.notify_all()


def mount_path(server) -> str:
    """The URL path the server serves the site under (``/``, or a project site's ``/quizsite/``)."""
    return server.mount_path


def take_over_rebuilds(server, builder: Callable[[], None], wait_seconds: float) -> None:
    """Make the server call `builder` after a change, once no other change came for `wait_seconds`."""
    server.builder = builder
    server.build_delay = wait_seconds


# -- the search plugins -----------------------------------------------------------------------

def search_plugins(config: MkDocsConfig) -> list:
    return [plugin for name in SEARCH_PLUGINS if (plugin := config.plugins.get(name)) is not None]


def search_entries(plugin) -> list[dict] | None:
    """The entries the plugin's index holds (the list itself), or None before it made one."""
    index = getattr(plugin, "search_index", None)
    entries = getattr(index, "entries" if _is_material(plugin) else "_entries", None)
    return entries if isinstance(entries, list) else None


def material_search_entries(config: MkDocsConfig) -> list[dict] | None:
    """The entries Material's search plugin holds (the list itself), or None without that plugin or an index."""
    plugin = config.plugins.get("material/search")
    return search_entries(plugin) if plugin is not None and _is_material(plugin) else None


def write_search_index(plugin, config: MkDocsConfig) -> None:
    """Make the plugin write its index file again from the entries it holds, as at the end of a build."""
    plugin.on_post_build(config=config)


# -- mkdocs-static-i18n -----------------------------------------------------------------------

# MkDocs' own, taken before any build: mkdocs-static-i18n replaces it with a no-op for its loop over the
# languages and puts it back only when the loop ends well (see `restore_site_cleaning`).
_CLEAN_DIRECTORY = mkdocs_utils.clean_directory


def restore_site_cleaning() -> None:
    """Let MkDocs clean the site folder again. After a language build that failed (under `serve`, a save with
    an error), mkdocs-static-i18n leaves cleaning off for good, and pages of removed quizzes or learning pages
    would stay served until the server restarts."""
    mkdocs_utils.clean_directory = _CLEAN_DIRECTORY


def i18n_plugin(config: MkDocsConfig):
    return config.plugins.get("i18n")


def current_language(config: MkDocsConfig) -> str | None:
    """The language mkdocs-static-i18n is building now, or None without that plugin (or before it began). A
    version that keeps it elsewhere still sets the theme's language to it for each language's build (in its
    `on_config`, which runs before the files are listed): each language's pages are then still made in its own
    build."""
    i18n = i18n_plugin(config)
    if i18n is None:
        return None
    if hasattr(i18n, "current_language"):
        return i18n.current_language
    for key in ("language", "locale"):
        language = config.theme.get(key)
        if language:
            return str(language)
    return None


def later_language_build(config: MkDocsConfig) -> bool:
    """From another plugin's `on_config` (which runs before mkdocs-static-i18n's): whether this build is one of
    the languages it builds after the first, from its `on_post_build`."""
    i18n = i18n_plugin(config)
    if i18n is None:
        return False
    if hasattr(i18n, "current_language"):  # set by its first on_config, and then for each language
        return i18n.current_language is not None
    return building_other_languages(config)


def building_other_languages(config: MkDocsConfig) -> bool:
    """Whether mkdocs-static-i18n is inside its loop over the languages after the first (or told it is)."""
    i18n = i18n_plugin(config)
    return bool(getattr(i18n, "building", False)) if i18n else False


def build_languages(config: MkDocsConfig) -> tuple[str | None, ...]:
    """The languages mkdocs-static-i18n builds one after the other, or (None,): one build of them all."""
    i18n = i18n_plugin(config)
    return tuple(i18n.build_languages) if i18n else (None,)


def hold_other_languages(config: MkDocsConfig) -> tuple[str, ...]:
    """At the end of the first language's build: make mkdocs-static-i18n skip building the other languages
    now (it builds them from its `on_post_build`, unless it is building already); returns them."""
    i18n = i18n_plugin(config)
    if i18n is None:
        return ()
    others = tuple(lang for lang in i18n.build_languages if lang != i18n.current_language)
    if others:
        i18n.building = True
    return others


def build_other_languages(config: MkDocsConfig) -> None:
    """Build the languages `hold_other_languages` held back, with mkdocs-static-i18n's own loop, which also
    merges every language's search entries into the index and writes it."""
    i18n = i18n_plugin(config)
    i18n.building = False
    i18n.search_entries.clear()  # its loop collects the first language's entries again
    try:
        i18n.on_post_build(config)
    finally:  # it turns the site folder's cleaning off for its loop, and on again only if the loop ends well
        restore_site_cleaning()
        i18n.building = False


def languages_search_entries(config: MkDocsConfig) -> list[dict] | None:
    """The search entries mkdocs-static-i18n collected from the languages built so far (the list itself)."""
    i18n = i18n_plugin(config)
    entries = getattr(i18n, "search_entries", None) if i18n else None
    return entries if isinstance(entries, list) else None


def switch_language(config: MkDocsConfig, language: str | None) -> None:
    """Set `config` up for `language` again, as mkdocs-static-i18n does before each language's build (its
    theme language, language switcher and per-language overrides), to render one page of that language
    between builds. Nothing to do without that plugin, whose one build has every language."""
    i18n = i18n_plugin(config)
    if i18n is None or language is None or language == i18n.current_language:
        return
    i18n.current_language = language
    logger = logging.getLogger(I18N_LOGGER)
    level = logger.level
    logger.setLevel(logging.WARNING)  # its "Building 'ko' documentation" would be untrue here
    try:
        i18n.on_config(config)
    finally:
        logger.setLevel(level)
    # it adds its sitemap template folder each time: keep the theme's folders as one build leaves them
    config.theme.dirs[:] = list(dict.fromkeys(config.theme.dirs))


_NOTHING = object()


def language_switcher(config: MkDocsConfig):
    """The entries of the language switcher mkdocs-static-i18n set up for the page it set up last: an attribute
    `alternate` of `config.extra`, apart from its key of that name, which templates read first (None: none)."""
    return vars(config.extra).get("alternate")


def switcher_state(config: MkDocsConfig) -> Callable[[], None]:
    """What puts the language switcher back as it is now (`language_switcher`), for a build that renders pages of
    another build in between: the theme's own pages (404) show the switcher a build leaves."""
    state = vars(config.extra).get("alternate", _NOTHING)

    def restore() -> None:
        if state is _NOTHING:
            vars(config.extra).pop("alternate", None)
        else:
            config.extra.alternate = state

    return restore


def list_generated_page(config: MkDocsConfig, file: File, language: str, markdown_path: str,
                        alternates: dict[str, File]) -> None:
    """Wire a generated page into mkdocs-static-i18n as one of its own files of `language`: the attributes it
    sets on them (its language switcher reads `alternates`), and its list of each language's pages (its
    sitemap)."""
    file.locale = language
    file.localization = language
    file.locale_alternate_of = language
    file.norm_src_uri = markdown_path
    file.alternates = alternates
    listed = getattr(i18n_plugin(config), "i18n_files_per_language", None)
    if isinstance(listed, dict):
        listed.setdefault(language, []).append(file)


def page_alternates(page: Page) -> dict[str, File] | None:
    """The languages mkdocs-static-i18n found `page` in (language -> its file), or None without it."""
    return getattr(page.file, "alternates", None)


def page_path_in_language(page: Page) -> str | None:
    """`page`'s path inside its language's folder (``quizzes/x.md``), as mkdocs-static-i18n records it."""
    return getattr(page.file, "norm_src_uri", None)
