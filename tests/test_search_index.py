"""The search index after `mkdocs serve` re-renders some pages: their entries stay where a full build puts them."""

from __future__ import annotations

from types import SimpleNamespace

from quizpages.mkdocs.serve import search_index


def _config(entries: list[dict], **plugins):
    plugin = SimpleNamespace(search_index=SimpleNamespace(_entries=entries))  # MkDocs' own search plugin
    return SimpleNamespace(plugins={"search": plugin, **plugins})


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


def test_pages_re_rendered_while_the_other_languages_build_replace_their_entries_among_the_languages_built():
    """A save shown while the Korean pages are first built: the English page's new entries replace its old ones
    among the entries mkdocs-static-i18n collected from English, and the Korean entries so far stay as they are."""
    korean = [{"location": loc} for loc in ("ko/", "ko/a/")]
    english = [{"location": loc} for loc in ("", "a/", "a/#one", "b/")]
    config = _config(korean, i18n=SimpleNamespace(search_entries=english))
    with search_index.replacing(config, {"a/"}, others_building=True):
        korean += [{"location": loc, "new": True} for loc in ("a/", "a/#two")]  # what rendering the page adds
    assert _locations(korean) == ["ko/", "ko/a/"]
    assert _locations(english) == ["", "a/", "a/#two", "b/"] and english[1].get("new")
