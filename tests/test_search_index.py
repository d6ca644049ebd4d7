"""The search index after `mkdocs serve` re-renders some pages: their entries stay where a full build puts them."""

from __future__ import annotations

from types import SimpleNamespace

from quizpages.mkdocs import search_index


def _config(entries: list[dict]):
    plugin = SimpleNamespace(search_index=SimpleNamespace(_entries=entries))  # MkDocs' own search plugin
    return SimpleNamespace(plugins={"search": plugin})


def _locations(entries: list[dict]) -> list[str]:
    return [entry["location"] for entry in entries]


def test_re_rendered_pages_keep_their_places():
    """A page that gained a section, one at the end and one with no entries before: each in its place."""
    entries = [{"location": loc} for loc in ("", "a/", "a/#one", "b/", "c/", "c/#x")]
    places = search_index.forget(_config(entries), {"a/", "c/", "d/"})
    assert _locations(entries) == ["", "b/"]
    entries += [{"location": loc} for loc in ("c/", "a/", "a/#one", "a/#two", "d/")]  # the order pages render in
    search_index.put_back(places)
    assert _locations(entries) == ["", "a/", "a/#one", "a/#two", "b/", "c/", "d/"]
