"""Which source pages `quizpages import` reads, and in which language, from the paths it is given.

A page's language is the language folder on its path (``old-site/ko/quizzes/x.md``
is Korean). Language folders are the languages imported, the site's languages,
and folders named like a language code beside them (``old-site/ja/`` next to
``old-site/en/``), so a page is never taken for another language's. Pages of a
language that is not imported are counted, not read.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import dataclass, field

_LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?$")


@dataclass
class FoundPages:
    groups: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)  # (root, key) -> {language: path}
    missing: list[str] = field(default_factory=list)  # sources that are neither a file nor a folder
    other_languages: Counter = field(default_factory=Counter)  # (root, language) -> pages not imported


def _language_folder(path: str, known: set[str]) -> tuple[str, str, str] | None:
    """(root, language, key) for a page at root/<language>/key, by its last language folder."""
    parts = os.path.abspath(path).split(os.sep)
    for n in range(len(parts) - 2, -1, -1):
        if parts[n] in known:
            return os.sep.join(parts[:n]) or os.sep, parts[n], "/".join(parts[n + 1:])
    for n in range(len(parts) - 2, -1, -1):  # a language the site does not have, beside one it has
        root = os.sep.join(parts[:n]) or os.sep
        if _LANGUAGE_CODE.match(parts[n]) and any(os.path.isdir(os.path.join(root, k)) for k in known):
            return root, parts[n], "/".join(parts[n + 1:])
    return None


def _markdown_files(sources: list[str], found: FoundPages) -> list[str]:
    files = []
    for source in sources:
        if os.path.isdir(source):
            for folder, dirs, names in os.walk(source):
                dirs.sort()
                files += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".md")]
        elif os.path.isfile(source):
            files.append(source)
        else:
            found.missing.append(source)
    return files


def find_pages(sources: list[str], languages: tuple[str, ...], known: set[str]) -> FoundPages:
    """Every page named or found under a folder, grouped by quiz, in the `languages` imported."""
    found = FoundPages()
    known = known | set(languages)
    for path in _markdown_files(sources, found):
        split = _language_folder(path, known)
        if split is None:  # no language folder: the page is in the source language
            root, language, key = os.path.dirname(os.path.abspath(path)), languages[0], os.path.basename(path)
        else:
            root, language, key = split
        if language not in languages:
            found.other_languages[(os.path.join(root, language), language)] += 1
            continue
        group = found.groups.setdefault((root, key), {})
        group.setdefault(language, path)
        for other in languages:  # a page named alone still brings its translations
            twin = os.path.join(root, other, *key.split("/"))
            if other not in group and split is not None and os.path.isfile(twin):
                group[other] = os.path.relpath(twin) if not os.path.isabs(path) else twin
    return found
