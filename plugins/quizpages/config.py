"""The plugin's options, under ``plugins: - quizpages:`` in mkdocs.yml.

The CLI reads the same block without importing MkDocs (see `siteconfig`), so
every option here has a plain-YAML twin there, except the cache options: the
CLI never caches.
"""

from __future__ import annotations

from mkdocs.config import config_options as c
from mkdocs.config.base import Config


class QuizPagesConfig(Config):
    enabled = c.Type(bool, default=True)
    """Set to false to build the site without quiz pages."""

    languages = c.ListOfItems(c.Type(str), default=["en"])
    """The site's languages; the first is the source language, at the site root."""

    quizzes_dir = c.Type(str, default="quizzes")
    """Folder under docs_dir holding the quiz files (``**/*.yml``)."""

    allowed_html = c.ListOfItems(c.Type(str), default=[])
    """Extra HTML tags quiz text may use, such as kbd or sub. Scripts are never allowed."""

    strings_dir = c.Optional(c.Type(str))
    """A folder of ``<lang>.yml`` files whose interface strings override the built-in ones."""

    cache = c.Type(bool, default=True)
    """Keep loaded quizzes and rendered pages in `cache_dir`, so the next build skips unchanged ones."""

    cache_dir = c.Type(str, default=".cache/quizpages")
    """Where the cache lives, relative to mkdocs.yml. Safe to delete at any time."""
