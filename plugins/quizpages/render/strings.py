"""Interface strings, one YAML file per language under the package's ``strings/`` folder.

Lookup falls back from the page's language to English, then to the key itself,
so a new language works as soon as its file exists, and a missing string never
breaks a page. Adding a language is a file, never code. A site's `strings_dir`
files win over the built-in ones. Every file's entries, the built-in ones' too
(a new language's `strings/ja.yml`), are checked first (check/strings_rules.py)
against the English file, and one whose text is wrong is left out, with a
located problem (`strings_problems`), so the text under it shows instead.
"""

from __future__ import annotations

import os
from functools import lru_cache

from ..check.strings_rules import check_strings, misspelt_keys
from ..load.strings_file import read_strings
from ..model import Problem

STRINGS_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "strings")
FALLBACK = "en"


def _stamp(path: str) -> int | None:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None


def _files(language: str, extra_dirs: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The strings files of `language` that exist, each with its modification time: the built-in one first,
    then the site's own, which win."""
    found = []
    for folder in (STRINGS_DIR, *extra_dirs):
        path = os.path.join(folder, f"{language}.yml")
        stamp = _stamp(path)
        if stamp is not None:
            found.append((path, stamp))
    return tuple(found)


def _reference() -> dict[str, str]:
    """The built-in English strings: every key there is, and the values each is given."""
    path = os.path.join(STRINGS_DIR, f"{FALLBACK}.yml")
    return _entries(path, _stamp(path) or 0)[0]


def builtin_keys() -> set[str]:
    """Every key of quizpages' own strings: those of the English file."""
    return set(_reference())


@lru_cache(maxsize=128)
def _read(path: str, _mtime: int) -> tuple[dict[str, str], dict, tuple[Problem, ...]]:
    """One file as written; keyed by modification time, so an edited file is read again (under
    `mkdocs serve`) while an unchanged one is read once per process."""
    table, where, problems = read_strings(path)
    return table, where, tuple(problems)


@lru_cache(maxsize=128)
def _entries(path: str, mtime: int) -> tuple[dict[str, str], tuple[Problem, ...]]:
    """One file's usable strings and its errors: every file's entries are checked against the English file's
    (which names the values each string is given), but that file's own."""
    table, where, problems = _read(path, mtime)
    if path == os.path.join(STRINGS_DIR, f"{FALLBACK}.yml"):
        return table, problems
    table, found = check_strings(table, where, _reference(), path)
    return table, problems + tuple(found)


def _table(files: tuple[tuple[str, int], ...]) -> dict[str, str]:
    table: dict[str, str] = {}
    for path, mtime in files:
        table.update(_entries(path, mtime)[0])
    return table


def strings_problems(languages: tuple[str, ...], extra_dirs: tuple[str, ...],
                     known: frozenset[str] = frozenset()) -> list[Problem]:
    """Every problem of the strings files of `languages` (and of English, the fallback), quizpages' own and the
    site's (`extra_dirs`) alike; `known`: keys beside quizpages' own that are no misspelling (the registered
    kinds' section headings)."""
    problems: list[Problem] = []
    keys = set(_reference()) | known
    for language in dict.fromkeys((*languages, FALLBACK)):
        for path, mtime in _files(language, extra_dirs):
            problems += _entries(path, mtime)[1]
            table, where, _problems = _read(path, mtime)
            problems += misspelt_keys(table, where, keys, path)
    return problems


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
        if not values:
            return text
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):  # a built-in text of another version: show it unfilled
            return text

    def get(self, key: str, fallback: bool = True) -> str | None:
        """The string of `key` in this language (or, with `fallback`, English), or None when none has one."""
        return self._own.get(key, self._fallback.get(key) if fallback else None)

    def keys(self) -> set[str]:
        """Every key this language has a string for, its own or English's."""
        return set(self._own) | set(self._fallback)
