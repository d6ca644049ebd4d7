"""The pages generated for one language: every quiz in it, error pages, the quiz index.

No MkDocs here: the plugin turns each GeneratedPage into a MkDocs File.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import paths
from .catalog import Catalog
from .render import Renderer


@dataclass(frozen=True, slots=True)
class GeneratedPage:
    markdown_path: str  # inside one language's tree: quizzes/<id>.md
    content: str
    available_in: tuple[str, ...]  # the languages this page exists in, for the language switcher
    is_quiz: bool = True


def pages_for(catalog: Catalog, renderer: Renderer, language: str, base: str | None = None) -> list[GeneratedPage]:
    """Every generated page of `language`; `base` is what error pages show paths relative to."""
    languages = renderer.languages
    pages = [
        GeneratedPage(paths.markdown_path(quiz_id), renderer.quiz_page(quiz, language), quiz.languages)
        for quiz_id, quiz in catalog.quizzes.items() if language in quiz.languages
    ]
    for quiz_id, path in catalog.broken.items():  # only reached under `mkdocs serve`
        content = renderer.error_page(quiz_id, path, catalog.problems_of(path), language, base)
        pages.append(GeneratedPage(paths.markdown_path(quiz_id), content, languages))
    pages.append(GeneratedPage(paths.INDEX_MARKDOWN, renderer.index_page(language), languages, is_quiz=False))
    return pages
