"""MkDocs glue: find quiz files, report their problems, add one page per quiz and language.

Everything else (loading, validation, rendering) lives in the core modules,
which never import MkDocs.
"""

from __future__ import annotations

import os

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from . import i18n, paths
from .buildcache import BuildCache, fingerprint
from .catalog import Catalog, QuizLibrary
from .config import QuizPagesConfig
from .pagecache import PageCache
from .pages import GeneratedPage, pages_for
from .render import OVERRIDE_SUBDIR, Renderer

log = get_plugin_logger(__name__)

ASSETS = os.path.join(os.path.dirname(__file__), "assets")
ASSET_URI = "assets/quizpages/"
# The shipped files never change while MkDocs runs: list them once, not once per quiz page.
ASSET_NAMES = sorted(os.listdir(ASSETS)) if os.path.isdir(ASSETS) else []


class QuizPagesPlugin(BasePlugin[QuizPagesConfig]):
    supports_multiple_instances = False

    def __init__(self) -> None:
        self.command = "build"
        self.library: QuizLibrary | None = None
        self.catalog = Catalog()
        self.renderer: Renderer | None = None
        self.quiz_uris: set[str] = set()  # src_uris of generated quiz pages, for asset injection
        self.page_cache: PageCache | None = None  # under `mkdocs serve` only: see pagecache.py
        self.build_cache: BuildCache | None = None  # unless `cache: false`: see buildcache.py
        self.prerendered: dict[str, list[GeneratedPage]] = {}  # language -> its pages, see on_files

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.command = command

    @property
    def serving(self) -> bool:
        return self.command == "serve"

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return None
        languages = tuple(self.config.languages)
        if not languages:
            raise PluginError("Config value 'plugins.quizpages.languages': list at least one language, "
                              "the source language first, for example [en, ko]")
        i18n.check_languages(config, languages)
        settings = (languages, tuple(self.config.allowed_html), config.docs_dir)
        if self.library is None or (self.library.languages, self.library.allowed_html,
                                    self.library.docs_dir) != settings:
            self.library = QuizLibrary(*settings)
        self.quizzes_dir = os.path.join(config.docs_dir, self.config.quizzes_dir)
        self.docs_dir = config.docs_dir
        self.override_dirs = tuple(d for d in [config.theme.custom_dir] if d)
        self.strings_dirs = tuple(d for d in [self.config.strings_dir] if d)
        cache_dir = os.path.join(os.path.dirname(config.config_file_path or config.docs_dir), self.config.cache_dir)
        self.build_cache = None
        if self.config.cache:
            # everything a loaded quiz or a rendered page depends on, besides the quiz files themselves
            folders = tuple(os.path.join(d, OVERRIDE_SUBDIR) for d in self.override_dirs) + self.strings_dirs
            self.build_cache = BuildCache(os.path.join(cache_dir, "build"),
                                          fingerprint((languages, tuple(self.config.allowed_html)), folders))
        self.library.cache = self.build_cache
        if self.serving and self.page_cache is None:
            self.page_cache = PageCache(os.path.join(cache_dir, "pages"))
        return None

    @event_priority(-200)  # after mkdocs-static-i18n (-100), which drops files it did not make
    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        if not self.config.enabled:
            return files
        # The quiz files are sources, not pages or assets of the site.
        for file in list(files):
            if file.abs_src_path and file.src_uri.endswith(".yml") and _is_under(file.abs_src_path, self.quizzes_dir):
                files.remove(file)
        languages = tuple(self.config.languages)
        building = i18n.current_language(config)
        prerendered = self.prerendered.pop(building, None) if building is not None else None
        if prerendered is not None:  # rendered during the source language's build, see below
            self.add_pages(files, config, building, prerendered)
        if prerendered is not None or (building is not None and building not in languages):
            self.add_assets(files, config)
            return files
        assert self.library is not None  # made by on_config, which runs before the source language's build
        self.catalog = self.library.load(self.quizzes_dir)
        if building in (None, languages[0]):  # report once, not once per language build
            self.quiz_uris.clear()
            self.report(self.catalog)
        self.renderer = Renderer(self.catalog.quizzes, languages, self.override_dirs, self.strings_dirs,
                                 tuple(self.config.allowed_html))
        base = os.path.dirname(self.docs_dir)
        cache = self.build_cache
        for language in (languages if building is None else (building,)):
            if language in languages:
                self.add_pages(files, config, language,
                               pages_for(self.catalog, self.renderer, language, base, cache))
        if building == languages[0] and not self.serving:
            # mkdocs-static-i18n builds the other languages next, one build each, while this one's pages
            # stay in memory. Render theirs now and drop the quiz models, so those are not held through
            # every language's build: it keeps a big site's peak memory near hand-written pages'.
            self.prerendered = {lang: pages_for(self.catalog, self.renderer, lang, base, cache)
                                for lang in languages[1:]}
            self.library, self.catalog, self.renderer = None, Catalog(), None  # on_config makes a new one
        if cache is not None:
            # A build (not `serve`) has rendered every language's pages by now, so the cache can keep
            # only what they used; `serve` renders one language at a time, so it keeps the rest too.
            written = cache.save(prune=not self.serving)
            log.debug(f"build cache: {cache.hits} hits, {cache.misses} misses, "
                      f"{'written' if written else 'unchanged'}")
        self.add_assets(files, config)
        return files

    def report(self, catalog: Catalog) -> None:
        """Log every problem; fail a build on errors, but never a `mkdocs serve`."""
        base = os.path.dirname(self.docs_dir)
        for problem in catalog.warnings:
            log.warning(problem.render(base))
        if not catalog.errors:
            return
        if self.serving:
            for problem in catalog.errors:
                log.error(problem.render(base))
            return
        count = len(catalog.errors)
        raise PluginError(
            f"{count} error{'s' if count != 1 else ''} in quiz files:\n"
            + "\n".join(p.render(base) for p in catalog.errors)
        )

    def add_pages(self, files: Files, config: MkDocsConfig, language: str, pages: list[GeneratedPage]) -> None:
        for page in pages:
            self.add(files, config, language, page.markdown_path, page.content, page.available_in, page.is_quiz)

    def add(self, files: Files, config: MkDocsConfig, language: str, markdown_path: str, content: str,
            available_in: tuple[str, ...], is_quiz: bool = True) -> None:
        languages = tuple(self.config.languages)
        cached = (self.page_cache.store(i18n.src_uri(config, language, languages, markdown_path), content)
                  if self.page_cache else None)
        file = i18n.generated_page(config, language, languages, markdown_path, content, available_in, cached)
        existing = files.get_file_from_path(file.src_uri)
        if existing is not None and existing.generated_by is None:
            raise PluginError(
                f"Error reading quiz pages in '{self.docs_dir}': the page '{file.src_uri}' exists "
                f"and would be replaced by a generated quiz page. Make sure to rename or remove it"
            )
        files.append(file)
        if is_quiz:
            self.quiz_uris.add(file.src_uri)

    def add_assets(self, files: Files, config: MkDocsConfig) -> None:
        for name in ASSET_NAMES:
            uri = ASSET_URI + name
            if files.get_file_from_path(uri) is None:
                files.append(File.generated(config, uri, abs_src_path=os.path.join(ASSETS, name)))

    @event_priority(-150)  # after mkdocs-static-i18n has set this page's language switcher
    def on_page_context(self, context: dict, page: Page, config: MkDocsConfig, nav) -> dict:
        if self.config.enabled:
            i18n.point_missing_languages_at_index(page, config, tuple(self.config.languages))
            context["quizpages_alternates"] = i18n.absolute_alternates(config, tuple(self.config.languages))
        return context

    def on_post_page(self, output: str, page: Page, config: MkDocsConfig) -> str:
        """Quiz pages, and only they, load the quiz script and styles."""
        if page.file.src_uri not in self.quiz_uris:
            return output
        base = paths.relative_url(page.url, ASSET_URI)
        tags = "".join(
            f'<link rel="stylesheet" href="{base}{n}">' if n.endswith(".css") else
            f'<script defer src="{base}{n}"></script>'
            for n in ASSET_NAMES if n.endswith((".css", ".js"))
        )
        return output.replace("</head>", tags + "</head>", 1)


def _is_under(path: str, folder: str) -> bool:
    return os.path.normpath(path).startswith(os.path.normpath(folder) + os.sep)

