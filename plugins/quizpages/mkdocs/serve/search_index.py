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

from collections.abc import Iterator
from contextlib import contextmanager

from mkdocs.config.defaults import MkDocsConfig

from .. import internals, search_per_language


def _entries(config: MkDocsConfig) -> list[tuple[object, list[dict]]]:
    """Each search plugin with the entries its index holds."""
    found = []
    for plugin in internals.search_plugins(config):
        entries = internals.search_entries(plugin)
        if entries is not None:
            found.append((plugin, entries))
    return found


Places = list[tuple[list[dict], dict[str, int], int]]  # per index: its entries, where each page's were, how many stay


def forget(config: MkDocsConfig, urls: set[str]) -> Places:
    """Drop the entries of the pages at `urls` (the page and its sections, `url#anchor`); returns where they
    were, for `put_back`."""
    return _forget_in([entries for _plugin, entries in _entries(config)], urls)


def _forget_in(lists: list[list[dict]], urls: set[str]) -> Places:
    places = []
    for entries in lists:
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


@contextmanager
def replacing(config: MkDocsConfig, urls: set[str], others_building: bool = False) -> Iterator[None]:
    """Around rendering the pages at `urls` again: their new entries take the place of their old ones.

    `others_building`: the first build of the other languages is paused for it. The search plugin then holds
    that build's entries so far, and mkdocs-static-i18n those of the languages built before, which it adds to
    the index once every language is built: the pages' entries are replaced there."""
    if not others_building:
        places = forget(config, urls)
        yield
        put_back(places)
        return
    collected = internals.languages_search_entries(config)
    holding = [(entries, len(entries)) for _plugin, entries in _entries(config)]
    places = _forget_in([collected] if collected is not None else [], urls)
    yield
    for entries, before in holding:  # what the pages added to the other language's entries
        if collected is not None:
            collected.extend(entries[before:])
        del entries[before:]
    put_back(places)


def _page_url(entry: dict) -> str:
    return str(entry.get("location", "")).split("#", 1)[0]


def write(config: MkDocsConfig, languages: tuple[str, ...], urls: set[str]) -> None:
    """Write the index files again from the entries the plugin holds, as a full build leaves them (one index per
    language, search_per_language.py): only those of the languages of the pages at `urls`, rendered again."""
    changed = {search_per_language.language_of(url, languages) for url in urls}
    for plugin, entries in _entries(config):
        if not search_per_language.write_indexes(config.site_dir, entries, languages, changed):
            internals.write_search_index(plugin, config)  # the plugin's whole index, split as a build splits it
            search_per_language.split_index(config.site_dir, languages)
