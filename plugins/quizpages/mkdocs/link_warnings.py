"""Keep MkDocs from reporting links on generated pages that quizpages made on purpose or reports itself.

- quizpages reports a link in quiz text to a Markdown page that does not exist at its line in the quiz
  file (check/links.py). MkDocs would warn again about the same link, naming the generated page
  (`en/quizzes/x.md`), which is no file an author can open. For generated quiz pages, relative links
  to files (`.md` pages, images, downloads) that were not found, and absolute links, are dropped.
- A page links a quiz not yet translated into its language (the index, "Next Quiz") at that quiz's
  page in another language. mkdocs-static-i18n builds each language on its own, so that page is not
  among the build's files, and MkDocs calls the link unrecognized (or not found, without directory
  URLs), which fails `validation.links.unrecognized_links: warn` under `--strict`. These links lead to a
  page quizpages generates; they are dropped when they do.

Every other MkDocs warning (absolute links, links without an extension, anchors) still reaches the
author.
"""

from __future__ import annotations

import logging
import posixpath
import re
from dataclasses import dataclass, field

from ..model import layout

_NOT_FOUND = re.compile(r"^Doc file '(?P<page>[^']+)' contains a link '(?P<url>[^']+)', but the target.* is not "
                        r"found among documentation files\.")
_UNRECOGNIZED = re.compile(r"^Doc file '(?P<page>[^']+)' contains an unrecognized relative link '(?P<url>[^']+)'")
_ABSOLUTE = re.compile(r"^Doc file '(?P<page>[^']+)' contains an absolute link '(?P<url>[^']+)'")


@dataclass
class GeneratedLinks:
    """What the plugin generated, filled per build: page src_uri -> its URL, and every generated page's
    URL in every language (site-relative)."""

    pages: dict[str, str] = field(default_factory=dict)
    targets: frozenset[str] = frozenset()

    def leads_to_generated_page(self, page: str, url: str) -> bool:
        if page not in self.pages or "://" in url or url.startswith("/"):
            return False
        return layout.resolve_url(self.pages[page], url) in self.targets


class QuizTextLinkFilter(logging.Filter):
    def __init__(self, quiz_pages: set[str], generated: GeneratedLinks):
        super().__init__()
        self.quiz_pages = quiz_pages  # the plugin's set of generated quiz pages' src_uris, filled per build
        self.generated = generated

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        found = _NOT_FOUND.match(message) or _UNRECOGNIZED.match(message) or _ABSOLUTE.match(message)
        if not found:
            return True
        if found.re is _ABSOLUTE:  # quiz text's absolute links are reported at their line (check/links.py)
            return found["page"] not in self.quiz_pages
        if self.generated.leads_to_generated_page(found["page"], found["url"]):
            return False
        if found.re is _UNRECOGNIZED or found["page"] not in self.quiz_pages:
            return True
        path = found["url"].split("#", 1)[0]
        return path.startswith("/") or "://" in path or not posixpath.splitext(path)[1]


def install(quiz_pages: set[str], generated: GeneratedLinks) -> None:
    """Attach the filter to MkDocs' page logger once per process (a `serve` runs many builds); a new
    plugin instance (`serve` after a mkdocs.yml edit) takes the filter over."""
    logger = logging.getLogger("mkdocs.structure.pages")
    for old in [f for f in logger.filters if isinstance(f, QuizTextLinkFilter)]:
        logger.removeFilter(old)
    logger.addFilter(QuizTextLinkFilter(quiz_pages, generated))
