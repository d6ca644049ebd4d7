"""Hand-written quiz pages (the source site's Markdown, one page per language) -> model.Quiz.

Core code: no MkDocs, no file writes. `parse_page` reads one page into a
`SourcePage` (page.py, from its answer blocks, blocks.py: the question before
each, question.py; what each says, answer.py; its kind, kind_choice.py; the
footer, footer.py); `merge_pages` pairs the pages of one quiz, one per language,
into a `Quiz` (merge.py). Whatever has no field of its own is kept in the nearest
field, with a located warning of a named kind (findings.py): nothing the page
says is dropped.
"""

from .findings import WARNING_KINDS, ImportWarning, in_line_order
from .merge import ImportResult, align, merge_pages, slug
from .page import parse_page
from .source_page import PageQuestion, SourcePage

__all__ = ["WARNING_KINDS", "ImportResult", "ImportWarning", "PageQuestion", "SourcePage", "align", "in_line_order",
           "merge_pages", "parse_page", "slug"]
