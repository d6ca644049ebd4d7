"""Where quiz pages live in the built site, and links between them.

The layout: the source language at the site root, every other language under
``/<lang>/``; a quiz's page at ``quizzes/<id>/`` and the index at ``quizzes/``.
Links an author writes are relative to the page's Markdown path,
``quizzes/<id>.md``, so one link works in every language's tree.
"""

from __future__ import annotations

import os
import posixpath
import re

QUIZZES = "quizzes"


def markdown_path(quiz_id: str) -> str:
    """The Markdown path a quiz page pretends to have inside one language's tree."""
    return f"{QUIZZES}/{quiz_id}.md"


INDEX_MARKDOWN = f"{QUIZZES}/index.md"


def page_url(markdown: str, language: str, source_language: str, directory_urls: bool = True) -> str:
    """Site-relative URL of a page in `language`: ``ko/quizzes/a/``, or ``ko/quizzes/a.html`` without
    directory URLs (MkDocs' `use_directory_urls: false`)."""
    stem = markdown[:-3]
    if not directory_urls:
        path = f"{stem}.html"
    elif stem == "index" or stem.endswith("/index"):
        stem = stem[: -len("index")].rstrip("/")
        path = f"{stem}/" if stem else ""
    else:
        path = f"{stem}/"
    return path if language == source_language else f"{language}/{path}"


# What MkDocs builds as a page (mkdocs.utils.markdown_extensions); any other file is copied as it is.
MARKDOWN_SUFFIXES = (".markdown", ".mdown", ".mkdn", ".mkd", ".md")


def built_path(path: str, directory_urls: bool = True) -> str:
    """Where MkDocs writes the docs file at `path` ('/'-separated, inside one language's tree) in the built
    site, as its File.dest_uri does: `a/b.md` -> `a/b/index.html`, `a/README.md` -> `a/index.html`."""
    if not path.endswith(MARKDOWN_SUFFIXES):
        return path
    parent, name = posixpath.split(path)
    stem = posixpath.splitext(name)[0]
    stem = "index" if stem == "README" else stem
    if not directory_urls or stem == "index":
        return posixpath.join(parent, stem + ".html")
    return posixpath.join(parent, stem, "index.html")


EXPORTS = "exports"


def export_path(quiz_id: str, language: str, suffix: str) -> str:
    """Where a quiz's LMS export in `language` goes, relative to the exports folder (`quizpages export --out`)
    or, under `exports/`, to the built site: `<language>/<quiz id><suffix>`."""
    return f"{language}/{quiz_id}{suffix}"


def output_path(markdown: str, language: str, source_language: str) -> str:
    """Where a page's Markdown file is in a rendered site's layout: the source language at the root,
    every other language under ``<lang>/``."""
    return markdown if language == source_language else f"{language}/{markdown}"


def url_folder(url: str) -> str:
    """The folder a page's relative links start from: the URL itself for directory URLs (`a/b/`), the
    folder a file URL (`a/b.html`) is in."""
    return url if not url or url.endswith("/") else posixpath.dirname(url)


def resolve_url(from_url: str, link: str) -> str:
    """The site-relative URL a relative link on the page at `from_url` leads to (its `#anchor` dropped)."""
    path = link.split("#", 1)[0]
    target = posixpath.normpath(posixpath.join("/", url_folder(from_url), path)).lstrip("/")
    return target + "/" if path.endswith("/") and target else target


def relative_url(from_url: str, to_url: str) -> str:
    """A relative link from the page at `from_url` to the page at `to_url` (both site-relative; a URL
    not ending in `/` is a file, `a/b.html`, whose links are relative to its folder)."""
    rel = posixpath.relpath("/" + to_url, "/" + (url_folder(from_url) or "."))
    if to_url.endswith("/") and not rel.endswith("/"):
        rel += "/"
    return rel if rel != "./" else "./"


def resolve_link(from_markdown: str, link: str) -> str | None:
    """The Markdown path a relative link points at, or None for absolute links and URLs."""
    target = link.split("#", 1)[0]
    if not target or "://" in target or target.startswith(("/", "mailto:")):
        return None
    return posixpath.normpath(posixpath.join(posixpath.dirname(from_markdown), target))


def quiz_id_from_page(markdown: str | None) -> str | None:
    """The quiz id a Markdown page path names (``quizzes/a/b.md`` -> ``a/b``), if it is a quiz page."""
    if markdown and markdown.startswith(QUIZZES + "/") and markdown.endswith(".md"):
        quiz_id = markdown[len(QUIZZES) + 1: -3]
        return quiz_id if quiz_id != "index" else None
    return None


QUIZ_SUFFIX = ".yml"
QUIZ_SUFFIXES = (".yml", ".yaml")
"""Quiz files end in either; `.yml` is what `quizpages new` and `quizpages import` write."""

_ID_SEGMENT = re.compile(r"[a-z0-9][a-z0-9._-]*")


def is_quiz_file(name: str) -> bool:
    return name.endswith(QUIZ_SUFFIXES)


def quiz_id_from_file(path: str, quizzes_dir: str) -> str:
    """A quiz's id: its file's path under the quizzes folder, without ``.yml``, with forward slashes.

    A file outside `quizzes_dir` (``quizpages validate`` on a staging folder) is named by its path
    relative to the folder it was found in, which the caller passes as `quizzes_dir`."""
    stem = next((path[: -len(s)] for s in QUIZ_SUFFIXES if path.endswith(s)), path)
    rel = os.path.relpath(os.path.abspath(stem), os.path.abspath(quizzes_dir))
    if rel.startswith(".."):
        return os.path.basename(stem)
    return rel.replace(os.sep, "/")


def quiz_files(quizzes_dir: str, quiz_id: str) -> list[str]:
    """The files a quiz id may be written in: the inverse of `quiz_id_from_file`."""
    stem = os.path.join(quizzes_dir, *quiz_id.split("/"))
    return [stem + suffix for suffix in QUIZ_SUFFIXES]


def quiz_file(quizzes_dir: str, quiz_id: str) -> str:
    """The file a new quiz with this id is written to."""
    return quiz_files(quizzes_dir, quiz_id)[0]


def quiz_id_problem(quiz_id: str) -> str | None:
    """What is wrong with a quiz id as a page address, or None. The one rule for `quizpages new`, the
    build and `validate`: folders and a name of lower-case letters, digits, '-', '_' and '.'."""
    segments = quiz_id.split("/")
    if quiz_id.endswith(QUIZ_SUFFIXES):
        return "it ends with the file's extension"
    if segments[-1] == "index":  # `t/num/index` would be `t/num/`, the page of `t/num` too
        return "it is the name of a folder's index page"
    if not all(_ID_SEGMENT.fullmatch(segment) for segment in segments):
        return "it may hold only lower-case letters, digits, '-', '_' and '.', with '/' between folders"
    return None


def suggest_quiz_id(quiz_id: str) -> str:
    """A quiz id like `quiz_id` that is a good page address, keeping its folders."""
    parts = []
    for suffix in QUIZ_SUFFIXES:
        quiz_id = quiz_id.removesuffix(suffix)
    if quiz_id == "index" or quiz_id.endswith("/index"):
        quiz_id += "-quiz"
    for segment in quiz_id.split("/"):
        if not segment:
            continue
        fixed = re.sub(r"[^a-z0-9._-]+", "-", segment.lower()).strip("-._")
        parts.append(fixed or "quiz")
    return "/".join(parts) or "quiz"
