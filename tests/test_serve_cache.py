"""The HTML of quiz pages kept from one `mkdocs serve` for the next: read back only when nothing it depends on changed."""

from __future__ import annotations

import json

from conftest import ENGLISH_ONLY, Serve, assert_served_as_built, copy_site, edit_config
from quizpages.cache import HtmlCache
from test_serve_saves import QUIZ

def _serve_until_every_language_is_built(site, tmp_path) -> str:
    """Serve `site`, check it is served as a build makes it, and return the server's output."""
    with Serve(site, "-v") as server:
        assert server.page("ko/" + QUIZ)[0] == 200  # answered once every language is built
        assert_served_as_built(server, site, tmp_path)
        return server.output()


def test_next_server_reads_quiz_pages_html_and_serves_the_same_site(tmp_path):
    """A second server converts no quiz page's Markdown again; other files or Markdown settings make it convert
    the pages they may change, and every time the pages are what a build makes."""
    (tmp_path / "site").mkdir()
    site = copy_site(tmp_path / "site")
    assert "HTML cache: 0 hits, 6 misses" in _serve_until_every_language_is_built(site, tmp_path)
    assert "HTML cache: 6 hits, 0 misses" in _serve_until_every_language_is_built(site, tmp_path)
    # An English quiz more: the English pages' links may resolve otherwise, and the indexes change; only the
    # two Korean quiz pages, in a build with the same files as before, are read back.
    (site / "content/quizzes/helm.yml").write_text(ENGLISH_ONLY, encoding="utf-8")
    assert "HTML cache: 2 hits, 5 misses" in _serve_until_every_language_is_built(site, tmp_path)
    edit_config(site, lambda c: c["markdown_extensions"].remove("admonition"))
    assert "HTML cache: 0 hits, 7 misses" in _serve_until_every_language_is_built(site, tmp_path)


def test_html_cache_keeps_each_pages_last_version_and_ignores_a_damaged_file(tmp_path):
    """The file holds one entry per page, the latest; a damaged or foreign file is an empty cache."""
    cache = HtmlCache(str(tmp_path), "inputs")
    cache.put("a.md", "a1", {"content": "<p>1</p>"})
    cache.put("a.md", "a2", {"content": "<p>2</p>"})
    cache.put("b.md", "b1", {"content": "<p>b</p>"})
    assert cache.save()
    stored = json.loads((tmp_path / HtmlCache.FILE).read_text(encoding="utf-8"))
    assert sorted(stored["entries"]) == ["a2", "b1"]
    assert HtmlCache(str(tmp_path), "inputs").get("a.md", "a2") == {"content": "<p>2</p>"}
    assert HtmlCache(str(tmp_path), "other inputs").get("a.md", "a2") is None
    (tmp_path / HtmlCache.FILE).write_bytes(b'{"format": 1, "entries": [')
    assert HtmlCache(str(tmp_path), "inputs").get("a.md", "a2") is None
