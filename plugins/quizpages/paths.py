"""Where quiz pages live in the built site, and links between them.

The layout: the source language at the site root, every other language under
``/<lang>/``; a quiz's page at ``quizzes/<id>/`` and the index at ``quizzes/``.
Links an author writes are relative to the page's Markdown path,
``quizzes/<id>.md``, so one link works in every language's tree.
"""

from __future__ import annotations

import posixpath

QUIZZES = "quizzes"


def markdown_path(quiz_id: str) -> str:
    """The Markdown path a quiz page pretends to have inside one language's tree."""
    return f"{QUIZZES}/{quiz_id}.md"


INDEX_MARKDOWN = f"{QUIZZES}/index.md"


def page_url(markdown: str, language: str, source_language: str) -> str:
    """Site-relative URL of a page (directory URLs) in `language`: ``ko/quizzes/a/``."""
    stem = markdown[:-3]
    if stem == "index" or stem.endswith("/index"):
        stem = stem[: -len("index")].rstrip("/")
    path = f"{stem}/" if stem else ""
    return path if language == source_language else f"{language}/{path}"


def relative_url(from_url: str, to_url: str) -> str:
    """A relative link from the page at `from_url` to the page at `to_url` (both site-relative)."""
    rel = posixpath.relpath("/" + to_url, "/" + (from_url or "."))
    if to_url.endswith("/") and not rel.endswith("/"):
        rel += "/"
    return rel if rel != "./" else "./"


def resolve_link(from_markdown: str, link: str) -> str | None:
    """The Markdown path a relative link points at, or None for absolute links and URLs."""
    target = link.split("#", 1)[0]
    if not target or "://" in target or target.startswith(("/", "mailto:")):
        return None
    return posixpath.normpath(posixpath.join(posixpath.dirname(from_markdown), target))


def quiz_id_of(markdown: str | None) -> str | None:
    """The quiz id a Markdown path names, if it is a quiz page path."""
    if markdown and markdown.startswith(QUIZZES + "/") and markdown.endswith(".md"):
        quiz_id = markdown[len(QUIZZES) + 1: -3]
        return quiz_id if quiz_id != "index" else None
    return None
