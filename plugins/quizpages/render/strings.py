"""Interface strings, one YAML file per language under the package's ``strings/`` folder.

Lookup falls back from the page's language to English, then to the key itself,
so a new language works as soon as its file exists, and a missing string never
breaks a page. Adding a language is a file, never code. A site's `strings_dir`
files win over the built-in ones.
"""

from __future__ import annotations

import os
from functools import lru_cache

import yaml

STRINGS_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "strings")
FALLBACK = "en"


def _files(language: str, extra_dirs: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The strings files of `language` that exist, each with its modification time."""
    found = []
    for folder in (STRINGS_DIR, *extra_dirs):  # a site's own strings files win
        path = os.path.join(folder, f"{language}.yml")
        try:
            found.append((path, os.stat(path).st_mtime_ns))
        except OSError:
            continue
    return tuple(found)


@lru_cache(maxsize=64)
def _table(files: tuple[tuple[str, int], ...]) -> dict[str, str]:
    """The strings of `files`, later ones winning; keyed by modification times, so an edited file is
    read again (under `mkdocs serve`) while an unchanged one is parsed once per process."""
    table: dict[str, str] = {}
    for path, _mtime in files:
        with open(path, encoding="utf-8") as f:
            data = yaml.safe_load(f) or {}
        table.update({str(k): str(v) for k, v in data.items()})
    return table


class Strings:
    """The interface strings of one language: ``strings("answer")``, ``strings("next_quiz", title=...)``."""

    def __init__(self, language: str, extra_dirs: tuple[str, ...] = ()):
        self.language = language
        self._own = _table(_files(language, extra_dirs))
        self._fallback = _table(_files(FALLBACK, extra_dirs))

    def __call__(self, key: str, **values: object) -> str:
        text = self._own.get(key)
        if text is None:
            text = self._fallback.get(key, key)
        return text.format(**values) if values else text

    def get(self, key: str, fallback: bool = True) -> str | None:
        """The string of `key` in this language (or, with `fallback`, English), or None when none has one."""
        return self._own.get(key, self._fallback.get(key) if fallback else None)

    def keys(self) -> set[str]:
        """Every key this language has a string for, its own or English's."""
        return set(self._own) | set(self._fallback)
