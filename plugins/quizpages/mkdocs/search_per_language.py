"""One search index per language, so a reader searching on a Korean page finds Korean pages.

mkdocs-static-i18n builds each language on its own, then puts every language's pages into the one
index Material writes at ``search/search_index.json``. After the last language's build this module
splits that index: the source language's pages stay there, every other language's go to
``<lang>/search/search_index.json`` with locations relative to that language's root; and each
page of such a language tells Material's script (the ``base`` of its ``__config``) to search there.
"""

from __future__ import annotations

import json
import os
import posixpath
import re

from ..util.atomic_write import write_atomic

_CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)
_BASE = re.compile(r'"base":\s*("(?:[^"\\]|\\.)*")')


# The settings (all but the entries) of the index last split in each site folder: what `write_indexes` writes
# beside the entries, after single pages were rendered again under `mkdocs serve`.
_SETTINGS: dict[str, dict] = {}


def split_index(site_dir: str, languages: tuple[str, ...]) -> None:
    """Move each non-source language's entries out of the site's index into its own (see module doc)."""
    path = os.path.join(site_dir, "search", "search_index.json")
    try:
        with open(path, encoding="utf-8") as f:
            index = json.load(f)
    except (OSError, ValueError):  # no search plugin, or no index yet: nothing to split
        return
    settings = {key: value for key, value in index.items() if key != "docs"}
    _SETTINGS[os.path.abspath(site_dir)] = settings
    _write_split(site_dir, settings, split(index.get("docs", []), languages), languages[0])


def split(docs: list[dict], languages: tuple[str, ...]) -> dict[str, list[dict]]:
    """The entries of one index by language (the source language's first), each other language's with
    locations relative to its own root."""
    own: dict[str, list[dict]] = {lang: [] for lang in languages}
    for doc in docs:
        prefix = doc.get("location", "").split("/", 1)[0]
        if prefix in own and prefix != languages[0]:
            own[prefix].append({**doc, "location": doc["location"][len(prefix) + 1:]})
        else:
            own[languages[0]].append(doc)
    return own


def language_of(url: str, languages: tuple[str, ...]) -> str:
    """The language whose index holds the entries of the page at `url` (site-relative)."""
    prefix = url.split("/", 1)[0]
    return prefix if prefix in languages[1:] else languages[0]


def write_indexes(site_dir: str, docs: list[dict], languages: tuple[str, ...], only: set[str]) -> bool:
    """Write the indexes of the languages in `only` from `docs`, every language's entries as the search plugin
    holds them, as `split_index` leaves them; False, with nothing written, when no index was split in `site_dir`
    yet or it holds more than its settings and entries (a prebuilt index, which only the plugin can make)."""
    settings = _SETTINGS.get(os.path.abspath(site_dir))
    if settings is None or set(settings) != {"config"}:
        return False
    _write_split(site_dir, settings, {lang: entries for lang, entries in split(docs, languages).items()
                                      if lang in only}, languages[0])
    return True


def _write_split(site_dir: str, settings: dict, by_language: dict[str, list[dict]], source: str) -> None:
    # the source language's last: until it is written, the one index still holds every language's entries
    for lang in sorted(by_language, key=lambda lang: lang == source):
        folder = site_dir if lang == source else os.path.join(site_dir, lang)
        _write(os.path.join(folder, "search", "search_index.json"), {**settings, "docs": by_language[lang]})


def _write(path: str, index: dict) -> None:
    # generated output, rebuilt by every build: no need to wait for the disk
    write_atomic(path, json.dumps(index, ensure_ascii=False, separators=(",", ":")), overwrite=True, durable=False)


def search_in_language(output: str, language: str) -> str:
    """A page's HTML with Material's script told to search `language`'s own index (see module doc)."""
    found = _CONFIG.search(output)
    base = _BASE.search(output, found.start(2), found.end(2)) if found else None
    if base is None:
        return output
    # a folder: Material resolves the index and its results against it
    value = json.dumps(posixpath.join(json.loads(base.group(1)) or ".", language) + "/")
    return output[: base.start(1)] + value + output[base.end(1):]
