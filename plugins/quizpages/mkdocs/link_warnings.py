"""Keep MkDocs from reporting a broken link in quiz text a second time, against the generated page.

quizpages reports a link in quiz text to a Markdown page that does not exist at its line in the quiz
file (check/links.py). MkDocs would warn again about the same link, naming the generated page
(`en/quizzes/x.md`), which is no file an author can open. This filter drops exactly those second
reports: for generated quiz pages, relative links to files (`.md` pages, images, downloads) that were not
found. Every other MkDocs warning (absolute links, links without an extension, anchors) still reaches the
author.
"""

from __future__ import annotations

import logging
import posixpath
import re

_NOT_FOUND = re.compile(r"^Doc file '(?P<page>[^']+)' contains a link '(?P<url>[^']+)', but the target.* is not "
                        r"found among documentation files\.")


class QuizTextLinkFilter(logging.Filter):
    def __init__(self, quiz_pages: set[str]):
        super().__init__()
        self.quiz_pages = quiz_pages  # the plugin's set of generated quiz pages' src_uris, filled per build

    def filter(self, record: logging.LogRecord) -> bool:
        found = _NOT_FOUND.match(record.getMessage())
        if not found or found["page"] not in self.quiz_pages:
            return True
        path = found["url"].split("#", 1)[0]
        return path.startswith("/") or "://" in path or not posixpath.splitext(path)[1]


def install(quiz_pages: set[str]) -> None:
    """Attach the filter to MkDocs' page logger once per process (a `serve` runs many builds)."""
    logger = logging.getLogger("mkdocs.structure.pages")
    if not any(isinstance(f, QuizTextLinkFilter) for f in logger.filters):
        logger.addFilter(QuizTextLinkFilter(quiz_pages))
