"""The search index when `mkdocs serve` re-renders single pages: their old entries out, the new ones in their
place, the file written again.

A search plugin (MkDocs' own or Material's) adds a page's entries while the page
is built, and writes every entry it holds after the build; under
mkdocs-static-i18n, that plugin holds every language's entries once the last
language is built. So after re-rendering some pages, replacing their previous
entries where they were and writing the index again gives the index a full
build would, in the same order.
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


Places = list[tuple[list[dict], dict[str, int], int]]  # per index: its entries, where each page's were, how many stay


def forget(config: MkDocsConfig, urls: set[str]) -> Places:
    """Drop the entries of the pages at `urls` (the page and its sections, `url#anchor`); returns where they
    were, for `put_back`."""
    places = []
    for _plugin, entries in _entries(config):
        kept, where = [], {}
        for entry in entries:
            url = _page_url(entry)
            if url in urls:
                where.setdefault(url, len(kept))
            else:
                kept.append(entry)
        entries[:] = kept
        places.append((entries, where, len(kept)))
    return places


def put_back(places: Places) -> None:
    """Move the entries the pages' new rendering added (at the end) to where their old ones were: a full
    build adds them in the order of the site's files, and the index keeps that order."""
    for entries, where, kept in places:
        added: dict[str, list[dict]] = {}
        for entry in entries[kept:]:
            added.setdefault(_page_url(entry), []).append(entry)
        at: dict[int, list[dict]] = {}
        for url, position in where.items():
            at.setdefault(position, []).extend(added.pop(url, []))
        ordered = []
        for position, entry in enumerate(entries[:kept]):
            ordered += at.pop(position, [])
            ordered.append(entry)
        for rest in [*at.values(), *added.values()]:  # pages that were last, or had no entries before
            ordered += rest
        entries[:] = ordered


def _page_url(entry: dict) -> str:
    return str(entry.get("location", "")).split("#", 1)[0]


def write(config: MkDocsConfig, languages: tuple[str, ...]) -> None:
    """Write the index files again from the entries the plugin holds, as a full build leaves them: one
    index, then split into one per language (search_per_language.py)."""
    for plugin, _ in _entries(config):
        plugin.on_post_build(config=config)
    search_per_language.split_index(config.site_dir, languages)
