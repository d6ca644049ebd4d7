"""`QuizSite`: the one assembly of the core from a site's settings.

The MkDocs plugin and every `quizpages` command build a QuizSite and ask it for
what they need: the loaded quizzes, the renderer, the interface strings, the
build cache and the generated pages of a language. Nothing else puts those
parts together, so the build and the commands cannot disagree on settings.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

from ..cache import BuildCache, inputs_key, inputs_stamp
from ..export import FORMATS, Format, Html, MarkdownSetupError, SiteAddress, export
from ..check import load_quiz
from ..check.rendered_html import extensions_key
from ..kinds import KINDS, Registry
from ..model import Problem, Quiz, Source, error, layout
from ..model.problems import sort_key
from ..render import Renderer, Strings, strings_problems
from ..render.renderer import OVERRIDE_SUBDIR
from ..render.strings import STRINGS_DIR, builtin_keys
from ..settings import SiteSettings
from ..util.paths import is_inside
from .generated_pages import GeneratedFile, GeneratedPage, page_urls, pages_of_language
from .library import Catalog, QuizLibrary
from .page_collisions import page_collisions


@dataclass
class BuildPages:
    """What one MkDocs build (or one language's build under mkdocs-static-i18n) adds to the site."""

    pages: list[GeneratedPage]
    problems: list[Problem] | None  # to report, once per site build; None when already reported
    cache_stats: str = ""  # hits and misses of the build cache, for the debug log
    page_urls: frozenset[str] | None = None  # every generated page's URL, every language; None: as before
    files: list[GeneratedFile] = field(default_factory=list)  # the LMS exports the site publishes (`exports:`)
    export_notes: list[Problem] = field(default_factory=list)  # what those files left out (not warnings)


class QuizSite:
    """The core of one site: its quiz library, renderer, strings, build cache and pages."""

    def __init__(self, settings: SiteSettings, kinds: Registry = KINDS, *, use_cache: bool = True):
        self.settings = settings
        self.kinds = kinds
        self.languages = settings.languages
        self.use_cache = use_cache and settings.cache
        # everything a loaded quiz or a rendered page depends on, besides the quiz files themselves
        self._input_folders = (tuple(os.path.join(d, OVERRIDE_SUBDIR) for d in settings.override_dirs)
                               + settings.strings_dirs)
        self._inputs = inputs_stamp(self._input_folders, kinds)
        self._start()
        self._prerendered: dict[str, list[GeneratedPage]] = {}
        self._prerendered_files: dict[str, tuple[list[GeneratedFile], list[Problem]]] = {}
        self._html: Html | None = None  # the site's Markdown for published exports, made when first needed
        self._quiz_languages: dict[str, tuple[str, ...]] = {}  # quiz id -> languages, of the last build
        self._link_renderer: Renderer | None = None

    def _start(self) -> None:
        self.build_cache = self._build_cache() if self.use_cache else None
        self.library = QuizLibrary(self.languages, self.settings.allowed_html, self.settings.docs_dir,
                                   self.build_cache, self.kinds, self.settings.markdown_extensions)
        self._update_renderer: Renderer | None = None  # see site_pages
        self._every_language_made = True  # whether the last site_pages made the pages of every language

    @property
    def source_language(self) -> str:
        return self.languages[0]

    @property
    def input_folders(self) -> tuple[str, ...]:
        """The site's template override and strings folders: what its pages depend on besides quiz files."""
        return self._input_folders

    def _build_cache(self) -> BuildCache:
        settings = self.settings
        names = tuple((lang, settings.language_name(lang)) for lang in self.languages)
        return BuildCache(os.path.join(settings.cache_path, "build"),
                          inputs_key((self.languages, settings.allowed_html, names, settings.use_directory_urls,
                                      settings.exports, extensions_key(settings.markdown_extensions)),
                                     self._input_folders,
                                     self.kinds),
                          self.kinds)

    def refresh(self) -> bool:
        """Under `mkdocs serve`, take up edited templates and strings (the site's or quizpages' own):
        they are in every cache key, so the cache starts over under the new key. True when one changed."""
        stamp = inputs_stamp(self._input_folders, self.kinds)
        if stamp == self._inputs:
            return False
        self._inputs = stamp
        self._start()
        return True

    # -- the parts ---------------------------------------------------------------------------

    def load(self, files: list[str] | None = None, folder: str | None = None, same_pages: bool = False) -> Catalog:
        """Every quiz of the site, or just `files`, with ids relative to `folder` (the quizzes folder);
        `same_pages`: see QuizLibrary.load."""
        return self.library.load(folder or self.settings.quizzes_path, files, same_pages)

    def read_quiz(self, path: str, quiz_id: str, data: bytes) -> tuple[Quiz | None, list[Problem]]:
        """One quiz file's bytes read and checked as the site reads its files (its languages, kinds, allowed
        HTML and Markdown extensions), not cached: for bytes about to be written (`translate import`, `new`)."""
        settings = self.settings
        return load_quiz(path, quiz_id, settings.languages, data, self.kinds, settings.allowed_html,
                         settings.markdown_extensions)

    def check_page_addresses(self, catalog: Catalog) -> Catalog:
        """`catalog` with an error for every file of the docs folder built at a generated page's address
        (see page_collisions); a quiz whose page is taken gets an error page, never the file's place."""
        problems, taken = page_collisions(self.settings, catalog)
        if problems:
            catalog.problems = sorted(catalog.problems + problems, key=sort_key)
        for quiz_id in taken:
            catalog.quizzes.pop(quiz_id, None)
            catalog.keys.pop(quiz_id, None)
            catalog.broken[quiz_id] = catalog.paths[quiz_id]
        return catalog

    def renderer(self, catalog: Catalog, markdown_links: bool = False) -> Renderer:
        """The renderer of the site's pages; `markdown_links` for Markdown files read without MkDocs."""
        settings = self.settings
        names = {lang: name for lang in self.languages if (name := settings.language_name(lang))}
        renderer = Renderer(catalog.quizzes, self.languages, settings.override_dirs, settings.strings_dirs,
                            settings.allowed_html, self.kinds, markdown_links, names,
                            settings.use_directory_urls,
                            tuple((name, FORMATS[name].suffix) for name in settings.exports))
        renderer.check_overrides()
        return renderer

    def site_problems(self, renderer: Renderer | None = None) -> list[Problem]:
        """Problems of the site's own strings files and quiz templates (those `renderer` met, or, without
        one, those that do not compile)."""
        if renderer is None:
            renderer = self.renderer(Catalog())
        return self.strings_problems() + renderer.problems

    def rendered_problems(self, catalog: Catalog) -> list[Problem]:
        """The site's problems (see `site_problems`) as a build meets them: a template of the site's own
        may compile and still fail on one quiz's page, so `catalog`'s pages are made with it, as a build
        would, until one fails (the rest are then made with the built-in templates anyway)."""
        renderer = self.renderer(catalog)
        if renderer.uses_site_templates:
            pages = ((quiz, language) for quiz in catalog.quizzes.values() for language in quiz.languages)
            for quiz, language in pages:
                renderer.quiz_page(quiz, language)
                if renderer.problems:
                    break
            for language in self.languages:
                renderer.index_page(language)
        return self.site_problems(renderer)

    def strings(self, language: str) -> Strings:
        return Strings(language, self.settings.strings_dirs)

    def missing_strings(self, language: str) -> list[str]:
        """The interface strings `language` has none of its own for, so its pages show English there: every
        built-in key and registered kind's heading, and the name of every language of the site
        (`language.<code>`), which each language's index shows in its own words."""
        strings = self.strings(language)
        wanted = {f"language.{code}" for code in self.languages} | builtin_keys() | {k.section for k in self.kinds}
        return sorted(key for key in wanted if strings.get(key, fallback=False) is None)

    def strings_file(self, language: str) -> str:
        """Where `language`'s interface strings are written: quizpages' own strings folder when it is part of
        this site's folder (a clone of quizpages' repository), else the site's `strings_dir` when it has one."""
        if is_inside(STRINGS_DIR, self.settings.root) or not self.settings.strings_dirs:
            return os.path.join(STRINGS_DIR, f"{language}.yml")
        return os.path.join(self.settings.strings_dirs[0], f"{language}.yml")

    def strings_problems(self) -> list[Problem]:
        """The problems of the strings files of the site's languages, quizpages' own and the site's (`strings_dir`);
        their wrong entries are not used."""
        return strings_problems(self.languages, self.settings.strings_dirs,
                                frozenset(kind.section for kind in self.kinds))

    # -- LMS exports ------------------------------------------------------------------------

    def markdown_html(self) -> Html:
        """The site's Markdown, as MkDocs would set it up, turning text into HTML for exports. Raises
        MarkdownSetupError when an extension or its settings cannot be used."""
        extensions = self.settings.markdown_extensions
        return Html([name for name, _ in extensions],
                    {name: options for name, options in extensions if options and isinstance(name, str)})

    def export(self, quiz: Quiz, language: str, format: Format, renderer: Renderer,
               html: Html) -> tuple[bytes, list[Problem]]:
        """`quiz` in `language` as a file of `format`, with the warnings naming what it left out."""
        settings = self.settings
        address = SiteAddress(settings.site_url, self.source_language, settings.use_directory_urls)
        return export(quiz, language, format, renderer.context(language), self.kinds, html,
                      renderer.strings(language), address)

    def published_exports(self, catalog: Catalog, renderer: Renderer, language: str
                          ) -> tuple[list[GeneratedFile], list[Problem]]:
        """The LMS exports the site publishes (`exports:`) of every quiz in `language`, and what they left out."""
        if not self.settings.exports:
            return [], []
        if self._html is None:
            try:
                self._html = self.markdown_html()
            except MarkdownSetupError as exc:  # reported with the quizzes' problems: a build fails, `serve` goes on
                where = Source(self.settings.config_file or "mkdocs.yml")
                return [], [error(where, f"plugins.quizpages.exports: the site's markdown_extensions cannot be used "
                                         f"for LMS exports: {exc}", "Make sure every extension listed is installed")]
        files, problems = [], []
        for quiz in catalog.quizzes.values():
            if language not in quiz.languages:
                continue
            for name in self.settings.exports:
                format = FORMATS[name]
                data, left_out = self.export(quiz, language, format, renderer, self._html)
                files.append(GeneratedFile(language, layout.EXPORTS + "/" + layout.export_path(quiz.id, language,
                                                                                                format.suffix), data))
                problems += left_out
        return files, problems

    def pages(self, catalog: Catalog, renderer: Renderer, language: str,
              between: Callable[[], object] | None = None) -> list[GeneratedPage]:
        """Every generated page of `language`: its quizzes (or their error pages) and its quiz index; `between`:
        see pages_of_language."""
        return pages_of_language(catalog, renderer, language, os.getcwd(), self.build_cache, between)

    def learning_page(self, markdown: str, page: str, language: str) -> str:
        """A learning page's Markdown with its links to quizzes not yet in `language` leading to a language they
        have (see Renderer.learning_page), as of the last build's quizzes."""
        if all(language in languages for languages in self._quiz_languages.values()):
            return markdown  # every quiz has a page in this language: nothing to change
        if self._link_renderer is None:
            self._link_renderer = self.renderer(Catalog())
        return self._link_renderer.learning_page(markdown, page, language, self._quiz_languages)

    def _remember_languages(self, catalog: Catalog) -> None:
        self._quiz_languages = {quiz_id: quiz.languages for quiz_id, quiz in catalog.quizzes.items()}
        self._link_renderer = None  # the site's strings may have changed

    # -- one MkDocs build ---------------------------------------------------------------------

    def site_pages(self, same_pages: bool = False, languages: tuple[str, ...] | None = None) -> BuildPages:
        """Every language's generated pages (or only `languages`') and every problem, for a rebuild under
        `mkdocs serve` that then updates only the pages that changed; `same_pages`: no page or quiz file was
        added or removed since the last build. The build cache stays in memory: `save_cache` writes it."""
        if self.build_cache is not None:
            self.build_cache.hits = self.build_cache.misses = 0
        catalog = self.check_page_addresses(self.load(same_pages=same_pages))
        self._remember_languages(catalog)
        renderer = self._renderer_for_update(catalog)
        made = self.languages if languages is None else tuple(lang for lang in self.languages if lang in languages)
        self._every_language_made = made == self.languages
        pages = [page for language in made for page in self.pages(catalog, renderer, language)]
        stats = f"{self.build_cache.hits} hits, {self.build_cache.misses} misses" if self.build_cache else ""
        return BuildPages(pages, sorted(catalog.problems + self.site_problems(renderer), key=sort_key), stats)

    def _renderer_for_update(self, catalog: Catalog) -> Renderer:
        """The renderer of the last update, given the quizzes now: its templates stay compiled, and what it made
        of unchanged quizzes stays made. A new one once templates or strings changed (`refresh` starts over),
        or after a site template failed, which the quizzes now may no longer make it do."""
        renderer = self._update_renderer
        if renderer is None or renderer.problems:
            renderer = self._update_renderer = self.renderer(catalog)
        else:
            renderer.quizzes = catalog.quizzes
        return renderer

    def save_cache(self) -> bool:
        """Write what the last `site_pages` used (and, when it made every language's pages, only that: the rest is
        pruned); True when written."""
        return self.build_cache is not None and self.build_cache.save(prune=self._every_language_made, release=False)

    def build_pages(self, building: str | None, serving: bool, between: Callable[[], object] | None = None
                    ) -> BuildPages:
        """The generated pages of the build of `building` (mkdocs-static-i18n's current language), or of
        every language when the site builds them in one go (`building` None); `between`: see
        pages_of_language.

        mkdocs-static-i18n builds the source language first, then each other language, one build each,
        while the first build's pages stay in memory. So the source language's build renders every
        language and lets go of the quiz models, and the later builds take their pages: a big site's
        peak memory stays near hand-written pages'. Under `serve`, each build renders its own language.
        """
        if building is not None and building not in self.languages:
            return BuildPages([], None)
        prerendered = self._prerendered.pop(building, None) if building is not None else None
        if prerendered is not None:
            files, left_out = self._prerendered_files.pop(building, ([], []))
            return BuildPages(prerendered, None, files=files, export_notes=left_out)
        if self.build_cache is not None:
            self.build_cache.hits = self.build_cache.misses = 0  # counted per site build
        catalog = self.check_page_addresses(self.load())
        self._remember_languages(catalog)
        renderer = self.renderer(catalog)
        languages = self.languages if building is None else (building,)
        pages = [page for language in languages for page in self.pages(catalog, renderer, language, between)]
        files, left_out = [], []
        for language in languages:
            made, notes = self.published_exports(catalog, renderer, language)
            files += made
            left_out += notes
        if building == self.source_language and not serving:
            self._prerendered = {lang: self.pages(catalog, renderer, lang) for lang in self.languages[1:]}
            self._prerendered_files = {lang: self.published_exports(catalog, renderer, lang)
                                       for lang in self.languages[1:]}
            self.library.forget()
        stats = ""
        if self.build_cache is not None:
            # A build (not `serve`) has rendered every language's pages by now, so the cache can keep
            # only what they used; `serve` renders one language at a time, so it keeps the rest too.
            cache = self.build_cache
            written = cache.save(prune=not serving, release=not serving)  # `serve` keeps it for the next rebuild
            stats = f"{cache.hits} hits, {cache.misses} misses, {'written' if written else 'unchanged'}"
        failed = [problem for problem in left_out if problem.is_error]  # the site's Markdown, not one quiz
        left_out = [problem for problem in left_out if not problem.is_error]
        report = (sorted(catalog.problems + self.site_problems(renderer) + failed, key=sort_key)
                  if building in (None, self.source_language) else None)
        return BuildPages(pages, report, stats, page_urls(catalog, renderer), files, left_out)
