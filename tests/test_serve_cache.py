"""The HTML of quiz pages kept from one `mkdocs serve` for the next: read back only when nothing it depends on changed."""

from __future__ import annotations

import json

from conftest import ENGLISH_ONLY, Serve, assert_served_as_built, copy_site, edit_config, mkdocs
from quizpages.cache import HtmlCache
from test_serve_saves import QUIZ

def _serve_until_every_language_is_built(site, tmp_path) -> str:
    """Serve `site`, check it is served as a build makes it, and return the server's output."""
    with Serve(site, "-v") as server:
        assert server.page("ko/" + QUIZ)[0] == 200  # answered once every language is built
        assert_served_as_built(server, site, tmp_path)
        return server.output()


def test_next_server_reads_quiz_pages_html_and_serves_the_same_site(tmp_path):
    """A second server converts no quiz page's Markdown again, nor indexes it for search; other files or Markdown
    settings make it convert the pages they may change, and every time the pages are what a build makes."""
    (tmp_path / "site").mkdir()
    site = copy_site(tmp_path / "site")
    output = _serve_until_every_language_is_built(site, tmp_path)
    assert "HTML cache: 0 hits, 6 misses; search entries: 0 hits, 6 misses" in output
    output = _serve_until_every_language_is_built(site, tmp_path)
    assert "HTML cache: 6 hits, 0 misses; search entries: 6 hits, 0 misses" in output
    # An English quiz more: the English pages' links may resolve otherwise, and the indexes change; only the
    # two Korean quiz pages, in a build with the same files as before, are read back.
    (site / "content/quizzes/helm.yml").write_text(ENGLISH_ONLY, encoding="utf-8")
    assert "HTML cache: 2 hits, 5 misses" in _serve_until_every_language_is_built(site, tmp_path)
    edit_config(site, lambda c: c["markdown_extensions"].remove("admonition"))
    assert "HTML cache: 0 hits, 7 misses" in _serve_until_every_language_is_built(site, tmp_path)


def test_a_build_leaves_the_html_for_the_next_server(tmp_path):
    """`mkdocs build`, then `mkdocs serve`: the server converts no quiz page's Markdown again, and serves what the
    build made."""
    (tmp_path / "site").mkdir()
    site = copy_site(tmp_path / "site")
    # verbose as the server below (which shows the counts): MkDocs records the pages' links only when not verbose
    assert mkdocs(site, "build", "-v").returncode == 0
    assert "HTML cache: 6 hits, 0 misses; search entries: 6 hits, 0 misses" in _serve_until_every_language_is_built(
        site, tmp_path)


def test_html_cache_keeps_each_pages_last_version_and_ignores_a_damaged_file(tmp_path):
    """The file holds one entry per page, the latest, also after entries were read back; a damaged line, file or
    a foreign file is a miss."""
    cache = HtmlCache(str(tmp_path), "inputs")
    cache.put("a.md", "a1", {"content": "<p>1</p>"})
    cache.put("a.md", "a2", lambda: {"content": "<p>2</p>"})  # made when written
    cache.put("b.md", "b1", {"content": "<p>b</p>"})
    assert cache.save()
    lines = (tmp_path / HtmlCache.FILE).read_text(encoding="utf-8").splitlines()
    assert sorted(json.loads(line)[0] for line in lines[1:]) == ["a2", "b1"]
    again = HtmlCache(str(tmp_path), "inputs")
    assert again.get("a.md", "a2") == {"content": "<p>2</p>"}
    again.put("b.md", "b2", {"content": "<p>b, edited</p>"})
    assert again.save()  # a2 copied from the old file, b2 new, b1 gone
    third = HtmlCache(str(tmp_path), "inputs")
    assert (third.get("a.md", "a2"), third.get("b.md", "b2"), third.get("b.md", "b1")) == (
        {"content": "<p>2</p>"}, {"content": "<p>b, edited</p>"}, None)
    assert not third.save()  # the same entries as the file: not written again
    assert HtmlCache(str(tmp_path), "other inputs").get("a.md", "a2") is None
    path = tmp_path / HtmlCache.FILE
    path.write_text(path.read_text(encoding="utf-8").replace('<p>2</p>"}]', '<p>2', 1), encoding="utf-8")  # cut short
    damaged = HtmlCache(str(tmp_path), "inputs")
    assert damaged.get("a.md", "a2") is None and damaged.get("b.md", "b2") == {"content": "<p>b, edited</p>"}
    path.write_bytes(b'{"format": 2, "entries": [')
    assert HtmlCache(str(tmp_path), "inputs").get("a.md", "a2") is None
