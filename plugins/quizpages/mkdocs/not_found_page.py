"""The site's 404 page in the source language at the root, and each other language's in its folder.

mkdocs-static-i18n builds every language into the same site folder, and each build writes the theme's
`404.html` at its root, so the last language built wins: an English reader who follows a broken link on
GitHub Pages (which serves the root 404.html for the whole site) lands on a Korean page. The source
language's page is kept when its build ends and put back after each later language's build, which
moves its own to `<lang>/404.html` (its links are absolute, as a 404 page's must be).
"""

from __future__ import annotations

import os

NAME = "404.html"


def read(site_dir: str) -> bytes | None:
    """The 404 page a language build has just written, if the theme writes one."""
    try:
        with open(os.path.join(site_dir, NAME), "rb") as page:
            return page.read()
    except OSError:
        return None


def write(site_dir: str, content: bytes, language: str | None = None) -> None:
    """Put a 404 page at the root (`language` None) or in a language's folder."""
    folder = site_dir if language is None else os.path.join(site_dir, language)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, NAME), "wb") as page:
        page.write(content)
