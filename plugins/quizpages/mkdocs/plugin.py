"""The MkDocs plugin: wires MkDocs' events to the site's QuizSite, and nothing more.

Everything else (loading, checking, rendering, caching, which pages a language
build gets) lives in the core, which never imports MkDocs.
"""

from __future__ import annotations

import os

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import ConfigurationError, PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority, get_plugin_logger
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from ..model import Problem
from ..settings import check_site, site_warnings
from ..site import QuizSite
from . import generated_files, internals, link_warnings, not_found_page, page_html, search_per_language, static_i18n
from .config import QuizPagesConfig, site_settings

log = get_plugin_logger(__name__)


class QuizPagesPlugin(BasePlugin[QuizPagesConfig]):
    supports_multiple_instances = False

    def __init__(self) -> None:
        self.command = "build"
        self.site: QuizSite | None = None  # kept between `serve` rebuilds while the settings stay the same
        self.quiz_uris: set[str] = set()  # src_uris of generated quiz pages, for asset injection
        self.index_uris: set[str] = set()  # and of the quiz indexes, which show the reader's progress
        self.generated_uris: set[str] = set()  # src_uris of every generated page (quizzes, indexes, error pages)
        self.links = link_warnings.GeneratedLinks()  # for the filter of MkDocs' warnings on them
        self.session = None  # a ServeSession under `mkdocs serve` only: see serve/session.py
        self.not_found: bytes | None = None  # the source language's 404 page, put back at the root
        self.html = page_html.PageHtml()  # generated pages' HTML, kept from one build (or server) for the next

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.command = command
        if command == "serve" and not dirty:  # `--dirty` asks for MkDocs' own partial rebuilds
            from .serve.session import ServeSession  # a build never needs it, nor the file watcher it imports

            self.session = ServeSession(lambda: self.site, self.report, self.html)

    @property
    def serving(self) -> bool:
        return self.command == "serve"

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return None
        settings = site_settings(config, self.config)
        problems = check_site(settings)
        if problems:
            message = "\n".join(f"Config value '{setting}': {message}" for setting, message in problems)
            if not self.serving:
                raise PluginError(message)
            if self.session is not None and self.site is not None:
                # a rebuild the session runs: as for an option MkDocs refuses, it keeps serving the last build's
                # pages until mkdocs.yml is fixed (a PluginError would leave every request waiting for a build)
                raise ConfigurationError(message)
            # the server's first build, or MkDocs' own rebuilds, which any error would hold: the rest of the
            # site is served, without quiz pages, until mkdocs.yml is fixed (said once, not per language build)
            if not internals.later_language_build(config):
                log.error(f"{message}\nQuiz pages are left out until mkdocs.yml is fixed and saved")
            self.site, self.session = None, None
            return None
        if internals.later_language_build(config):
            return None  # a later language's build of mkdocs-static-i18n: the site build began with the first
        internals.restore_site_cleaning()
        for setting, message in site_warnings(settings):
            log.warning(f"Config value '{setting}': {message}")
        if self.site is None or self.site.settings != settings:
            self.site = QuizSite(settings)
        else:
            self.site.refresh()  # under `serve`: an edited template or strings file
        link_warnings.install(self.quiz_uris, self.links)
        self.html.build_started(config, os.path.join(self.site.settings.cache_path, "html") if self.site.use_cache
                                else None)
        if self.session is not None and not self.session.checked and not self.session.check(config):
            self.session = None  # MkDocs' own full rebuilds serve the site
        if self.session is not None:
            self.session.build_started(config)
        return None

    @event_priority(-200)  # after mkdocs-static-i18n (-100), which drops files it did not make
    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        if not self.config.enabled or self.site is None:
            return files
        generated_files.remove_quiz_sources(files, self.site.settings.quizzes_path)
        between = (lambda: self.session.checkpoint(config)) if self.session is not None else None
        result = self.site.build_pages(internals.current_language(config), self.serving, between)
        if result.problems is not None:  # once per site build, not once per language build
            self.quiz_uris.clear()
            self.index_uris.clear()
            self.generated_uris.clear()
            self.links.pages.clear()
            self.report(result.problems)
        if result.page_urls is not None:
            self.links.targets = result.page_urls
        if result.cache_stats:
            log.debug(f"build cache: {result.cache_stats}")
        generated = []
        for page in result.pages:
            file = generated_files.add_page(files, config, self.site.settings, page, self.serving)
            generated.append((page, file))
            self.links.pages[file.src_uri] = file.url
            self.generated_uris.add(file.src_uri)
            (self.quiz_uris if page.is_quiz else self.index_uris).add(file.src_uri)
        generated_files.add_assets(files, config)
        for exported in result.files:
            generated_files.add_file(files, config, exported.path, exported.content)
        for note in result.export_notes:  # not a warning: the site has it all, an LMS file what its format can
            log.info(note.render(os.getcwd()).replace(": warning: ", ": ", 1))
        if self.session is not None:
            self.session.files_ready(internals.current_language(config), files, generated)
        return files

    def on_page_markdown(self, markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        """A learning page's links to a quiz not yet in its language lead to a language the quiz has."""
        if page.file.src_uri in self.generated_uris:
            # read: the page holds its Markdown now, the generated file need not too (a big site's memory); a
            # server's update gives the file its new Markdown before the page is read again
            page.file.content_string = ""
            return markdown
        if not self.config.enabled or self.site is None or page.file.generated_by is not None:
            return markdown
        language = internals.current_language(config) or self.site.source_language
        path = page.file.src_uri
        if path.startswith(f"{language}/"):  # mkdocs-static-i18n's folder layout: the path in its language's tree
            path = path[len(language) + 1:]
        changed = self.site.learning_page(markdown, path, language)
        if changed != markdown:  # its cross-language links lead to generated pages: MkDocs may not warn of them
            self.links.pages[page.file.src_uri] = page.file.url
        return changed

    def on_pre_page(self, page: Page, config: MkDocsConfig, files: Files) -> Page:
        if self.session is not None:
            self.session.checkpoint(config)  # between two pages: a save may be shown now
        if page.file.src_uri in self.generated_uris:  # its HTML may be the last build's
            self.html.page_starting(page, files)
        return page

    @event_priority(-200)  # the navigation as mkdocs-static-i18n (-100) leaves it
    def on_nav(self, nav, config: MkDocsConfig, files: Files):
        if self.session is not None:
            self.session.nav_ready(internals.current_language(config), nav)
        return nav

    @event_priority(-200)
    def on_env(self, env, config: MkDocsConfig, files: Files):
        if self.config.enabled and self.site is not None and self.site.use_cache:
            page_html.keep_compiled_templates(env, os.path.join(self.site.settings.cache_path, "templates"))
        if self.session is not None:
            self.session.env_ready(internals.current_language(config), env)
        return env

    @event_priority(-50)  # before mkdocs-static-i18n (-100) starts the next language's build
    def _on_language_built(self, config: MkDocsConfig) -> None:
        if self.session is not None:
            self.session.checkpoint(config)
        language = internals.current_language(config)
        if self.config.enabled and self.site is not None and language is not None:
            self._keep_not_found_page(config.site_dir, language)
        if self.session is not None:
            self.session.build_finished(config, language)

    @event_priority(-110)  # after mkdocs-static-i18n (-100) has built every language and written the index
    def _on_site_built(self, config: MkDocsConfig) -> None:
        if not self.config.enabled or self.site is None or not static_i18n.all_languages_built(config):
            return  # under `serve`, languages built after the server started split it there (serve/session.py)
        search_per_language.split_index(config.site_dir, self.site.languages)
        if self.session is None:  # a server's session keeps it when every language is built (and at the end)
            self.html.save()

    on_post_build = CombinedEvent(_on_language_built, _on_site_built)

    def _keep_not_found_page(self, site_dir: str, language: str) -> None:
        """After each language's build: the source language's 404 page stays at the root, the others go to
        their folders (see not_found_page.py), under `build` and `serve` alike."""
        page = not_found_page.read(site_dir)  # this language's, just written at the root
        if language == self.site.source_language:
            self.not_found = page
        elif page is not None and language in self.site.languages:
            not_found_page.write(site_dir, page, language)
            if self.not_found is not None:
                not_found_page.write(site_dir, self.not_found)

    def on_serve(self, server, config: MkDocsConfig, builder):
        if self.session is not None and self.site is not None:
            self.session.install(server, builder)
        return server

    def on_shutdown(self) -> None:
        if self.session is not None:
            self.session.close()

    def report(self, problems: list[Problem]) -> None:
        """Log every problem; fail a build on errors, but never a `mkdocs serve`. Paths are relative to the
        working folder, as `quizpages validate` shows them, wherever mkdocs.yml is (`-f`)."""
        base = os.getcwd()
        errors = [p for p in problems if p.is_error]
        for problem in problems:
            if not problem.is_error:
                log.warning(problem.render(base))
        if not errors:
            return
        if self.serving:
            for problem in errors:
                log.error(problem.render(base))
            return
        count = len(errors)
        raise PluginError(f"{count} error{'s' if count != 1 else ''} in quiz files:\n"
                          + "\n".join(p.render(base) for p in errors))

    @event_priority(100)  # before the search plugin indexes the page
    def _before_page_context(self, context: dict, page: Page, config: MkDocsConfig, nav) -> dict:
        if page.file.src_uri in self.generated_uris:  # its search entries may be the last build's
            self.html.search_starting(page, config)
        return context

    @event_priority(-150)  # after mkdocs-static-i18n has set this page's language switcher
    def _after_page_context(self, context: dict, page: Page, config: MkDocsConfig, nav) -> dict:
        self.html.search_done(page)
        if self.config.enabled and self.site is not None:
            languages = self.site.languages
            context["quizpages_alternates"] = static_i18n.absolute_alternates(config, languages, page)
            static_i18n.point_missing_languages_at_index(page, config, languages)
        return context

    on_page_context = CombinedEvent(_before_page_context, _after_page_context)

    def on_post_page(self, output: str, page: Page, config: MkDocsConfig) -> str:
        """Quiz pages, and only they, load the quiz script and styles (the quiz indexes the part that shows
        the reader's progress); every page of a translation searches its own language's index."""
        language = internals.current_language(config)
        if self.config.enabled and self.site is not None and language not in (None, self.site.source_language):
            output = search_per_language.search_in_language(output, language)
        if page.file.src_uri in self.quiz_uris:
            output = generated_files.with_assets(output, page.url)
        elif page.file.src_uri in self.index_uris:
            output = generated_files.with_assets(output, page.url, generated_files.INDEX_ASSETS)
        if self.session is not None:
            self.session.checkpoint(config)  # the page is made: a save may be shown before the next one
        return output
