"""Hand-written quiz pages (the source site's Markdown, one page per language) -> model.Quiz.

Core code: no MkDocs, no file writes. `parse_page` reads one page into a
`SourcePage` (page.py, from its answer blocks, blocks.py: the question before
each, question.py; what each says, answer.py; its kind, kind_choice.py; the
footer, footer.py; answer blocks written in HTML, html_blocks.py; placeholders,
placeholders.py); `import_pages` turns the pages at one path, one per language, into
quizzes: one `Quiz` of the pages that translate each other (their questions paired,
pairing.py), one of each page that does not (merge.py). Whatever has no field of its
own is kept in the nearest field, with a located warning of a named kind
(findings.py): nothing the page says is dropped.
"""

from .findings import WARNING_KINDS, ImportWarning, in_line_order
from .merge import ImportResult, Separate, import_pages, merge_pages, slug
from .pairing import align, compare
from .page import parse_page, why_no_quiz
from .source_page import PageQuestion, SourcePage

__all__ = ["WARNING_KINDS", "ImportResult", "ImportWarning", "PageQuestion", "Separate", "SourcePage", "align",
           "compare", "import_pages", "in_line_order", "merge_pages", "parse_page", "slug",
           "why_no_quiz"]
