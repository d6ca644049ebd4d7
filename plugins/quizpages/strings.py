"""Interface strings, one YAML file per language under ``strings/``.

Lookup falls back from the page's language to English, then to the key itself,
so a new language works as soon as its file exists, and a missing string never
breaks a page. Adding a language is a file, never code.
"""

from __future__ import annotations

import os
from functools import lru_cache

import yaml

STRINGS_DIR = os.path.join(os.path.dirname(__file__), "strings")
FALLBACK = "en"


@lru_cache(maxsize=None)
def _table(language: str, extra_dirs: tuple[str, ...] = ()) -> dict[str, str]:
    table: dict[str, str] = {}
    for folder in (STRINGS_DIR, *extra_dirs):  # a site's own strings files win
        path = os.path.join(folder, f"{language}.yml")
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                data = yaml.safe_load(f) or {}
            table.update({str(k): str(v) for k, v in data.items()})
    return table


def available_languages(extra_dirs: tuple[str, ...] = ()) -> list[str]:
    names = set()
    for folder in (STRINGS_DIR, *extra_dirs):
        if os.path.isdir(folder):
            names.update(n[:-4] for n in os.listdir(folder) if n.endswith(".yml"))
    return sorted(names)


class Strings:
    """The interface strings of one language: ``strings("answer")``, ``strings("next_quiz", title=...)``."""

    def __init__(self, language: str, extra_dirs: tuple[str, ...] = ()):
        self.language = language
        self._own = _table(language, extra_dirs)
        self._fallback = _table(FALLBACK, extra_dirs)

    def __call__(self, key: str, **values: object) -> str:
        text = self._own.get(key)
        if text is None:
            text = self._fallback.get(key, key)
        return text.format(**values) if values else text

    def has(self, key: str) -> bool:
        return key in self._own
