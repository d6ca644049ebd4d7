"""The search index when `mkdocs serve` re-renders single pages: their old entries out, the file written again.

A search plugin (MkDocs' own or Material's) adds a page's entries while the page
is built, and writes every entry it holds after the build; under
mkdocs-static-i18n, that plugin holds every language's entries once the last
language is built. So after re-rendering some pages, dropping their previous
entries and writing the index again gives the index a full build would.
"""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig

from . import search_per_language

SEARCH_PLUGINS = ("search", "material/search")


def _entries(config: MkDocsConfig) -> list[tuple[object, list[dict]]]:
    found = []
    for name in SEARCH_PLUGINS:
        plugin = config.plugins.get(name)
        index = getattr(plugin, "search_index", None)
        entries = getattr(index, "entries", getattr(index, "_entries", None))  # Material's, MkDocs'
        if isinstance(entries, list):
            found.append((plugin, entries))
    return found


def forget(config: MkDocsConfig, urls: set[str]) -> None:
    """Drop the entries of the pages at `urls` (the page and its sections, `url#anchor`)."""
    for _plugin, entries in _entries(config):
        entries[:] = [e for e in entries if str(e.get("location", "")).split("#", 1)[0] not in urls]


def write(config: MkDocsConfig, languages: tuple[str, ...]) -> None:
    """Write the index files again from the entries the plugin holds, as a full build leaves them: one
    index, then split into one per language (search_per_language.py)."""
    for plugin, _ in _entries(config):
        plugin.on_post_build(config=config)
    search_per_language.split_index(config.site_dir, languages)
