"""The pages generated for one language: every quiz in it, error pages, the quiz index.

No MkDocs here: the plugin turns each GeneratedPage into a MkDocs File.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..cache import BuildCache
from ..model import Quiz
from ..model import layout
from ..render import Renderer
from ..util.gc_pause import paused_gc
from .library import Catalog


@dataclass(frozen=True, slots=True)
class GeneratedPage:
    language: str
    markdown_path: str  # inside one language's tree: quizzes/<id>.md
    content: str
    available_in: tuple[str, ...]  # the languages this page exists in, for the language switcher
    is_quiz: bool = True


@dataclass(frozen=True, slots=True)
class GeneratedFile:
    """A file the site publishes besides its pages (an LMS export), at `path` in the built site."""

    language: str
    path: str
    content: bytes


def pages_of_language(catalog: Catalog, renderer: Renderer, language: str, base: str | None = None,
                      cache: BuildCache | None = None, between: Callable[[], object] | None = None
                      ) -> list[GeneratedPage]:
    """Every generated page of `language`; `base` is what error pages show paths relative to.

    With a `cache` (whose inputs key covers the renderer's settings, templates and strings), a
    quiz page rendered by an earlier build from the same inputs is read back instead. `between` is called
    after each quiz page (under `mkdocs serve`, a save can be shown then)."""
    languages = renderer.languages
    pages = []
    with paused_gc():
        for quiz_id, quiz in catalog.quizzes.items():
            if language in quiz.languages:
                pages.append(GeneratedPage(language, layout.markdown_path(quiz_id),
                                           _quiz_page(catalog, renderer, quiz, language, cache), quiz.languages))
                if between is not None:
                    between()
        for quiz_id, path in catalog.broken.items():  # only reached under `mkdocs serve`
            content = renderer.error_page(quiz_id, path, catalog.problems_of(path), language, base)
            pages.append(GeneratedPage(language, layout.markdown_path(quiz_id), content, languages))
        # never cached: it shows every quiz, and is one page per language
        pages.append(GeneratedPage(language, layout.INDEX_MARKDOWN, renderer.index_page(language), languages,
                                   is_quiz=False))
    return pages


def _quiz_page(catalog: Catalog, renderer: Renderer, quiz: Quiz, language: str, cache: BuildCache | None) -> str:
    key = catalog.keys.get(quiz.id) if cache is not None else None
    if key is None:
        return renderer.quiz_page(quiz, language)
    # A page shows its own quiz and, through the "Next Quiz" link, its target's title and languages.
    target = renderer.next_target(quiz)
    target_key = catalog.keys.get(target.id) if target is not None else ""
    if target_key is None:  # a target loaded without the cache: its content is not in any key
        return renderer.quiz_page(quiz, language)
    page_key = cache.page_key("quiz", language, key, target_key)
    content = cache.get_page(page_key)
    if content is None:
        content = renderer.quiz_page(quiz, language)
        if not renderer.uses_built_in_templates:  # else the next build must meet the failing template again
            cache.put_page(page_key, content)
    return content


def page_urls(catalog: Catalog, renderer: Renderer) -> frozenset[str]:
    """The site-relative URL of every generated page in every language: what a page's links to a quiz
    in another language (one not yet translated) lead to."""
    source, directory_urls = renderer.source_language, renderer.directory_urls
    quizzes = {renderer.page_url(quiz_id, language)
               for quiz_id, quiz in catalog.quizzes.items() for language in quiz.languages}
    indexes = {layout.page_url(layout.INDEX_MARKDOWN, language, source, directory_urls)
               for language in renderer.languages}
    return frozenset(quizzes | indexes)
