"""Which generated pages a rebuild changed, found by comparing them, not by tracking dependencies.

A saved quiz changes its own pages, the quiz index when its title or question
count changes, and the pages of quizzes whose "Next Quiz" names it; a strings
file or template changes every page. Comparing each page's Markdown with the
last build's finds exactly those, whatever the cause, so nothing else is
rendered again. No MkDocs here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .generated_pages import GeneratedPage

PageId = tuple[str, str]  # (language, markdown_path)


def page_id(page: GeneratedPage) -> PageId:
    return page.language, page.markdown_path


def _shape(page: GeneratedPage) -> tuple:
    # what other pages see of a page: that it exists, its languages (their switchers, the sitemap), its kind
    return page.available_in, page.is_quiz


def changed_pages(before: Mapping[PageId, GeneratedPage], after: Iterable[GeneratedPage]) -> list[GeneratedPage] | None:
    """The pages of `after` whose Markdown differs from `before`'s, or None when the site changed shape:
    a page appeared or vanished, or exists in other languages or as another kind than before. Then more
    than these pages' own HTML changes (links that now resolve, language switchers, the sitemap)."""
    after = list(after)
    if len(after) != len(before):
        return None
    changed = []
    for page in after:
        old = before.get(page_id(page))
        if old is None or _shape(old) != _shape(page):
            return None
        if old.content != page.content:
            changed.append(page)
    return changed
