"""A project site under a sub-path (GitHub Pages): every URL resolves when served under /quizsite/."""

from __future__ import annotations

import functools
import json
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from conftest import StaticServer, build, copy_site

SITE_URL = "https://example.github.io/quizsite/"


class _Refs(HTMLParser):
    def __init__(self):
        super().__init__()
        self.refs: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.refs.append((tag, dict(attrs)))


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    site = copy_site(tmp_path_factory.mktemp("subpath"))
    build(site, env={"SITE_URL": SITE_URL})
    with StaticServer(site / "site", prefix="/quizsite") as server:
        yield site / "site", server.base


def _local(url: str, base: str) -> str:
    """Map the published origin to the test server, as GitHub Pages would serve it."""
    return base + url[len(SITE_URL):] if url.startswith(SITE_URL) else url


@functools.lru_cache(maxsize=None)
def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as e:
        return e.code


def _pages(site: Path) -> list[str]:
    return sorted(str(p.relative_to(site)) for p in site.rglob("*.html") if p.name != "404.html")


def test_every_link_asset_switcher_and_hreflang_resolves(served):
    """Every href/src on every page, language switcher entries and hreflang URLs load under /quizsite/."""
    site, base = served
    broken = []
    checked = 0
    for rel in _pages(site):
        page_url = base + rel.replace("index.html", "")
        parser = _Refs()
        parser.feed((site / rel).read_text(encoding="utf-8"))
        for tag, attrs in parser.refs:
            ref = attrs.get("href") if tag in ("a", "link") else attrs.get("src") if tag in ("script", "img") else None
            if not ref or ref.startswith(("#", "mailto:", "data:", "javascript:")):
                continue
            if tag == "link" and attrs.get("rel") == "alternate" and attrs.get("hreflang"):
                assert ref.startswith(SITE_URL), f"{rel}: hreflang {ref} is not on {SITE_URL}"
            url = urljoin(page_url, _local(ref, base)).split("#", 1)[0]
            if urlsplit(url).netloc != urlsplit(base).netloc:
                continue  # external links are not the site's to serve
            checked += 1
            if _status(url) != 200:
                broken.append(f"{rel}: {tag} {ref} -> {url}")
    assert checked > 100
    assert not broken, "\n".join(broken)


def test_hreflang_and_switcher_point_at_the_same_quiz_in_each_language(served):
    """On the Korean quiz, hreflang and the switcher name the sub-path URLs of both languages."""
    site, base = served
    parser = _Refs()
    parser.feed((site / "ko/quizzes/ai-ml/kubeflow-trainer/index.html").read_text(encoding="utf-8"))
    hreflang = {a["hreflang"]: a["href"] for t, a in parser.refs if t == "link" and a.get("hreflang")}
    assert hreflang["en"] == SITE_URL + "quizzes/ai-ml/kubeflow-trainer/"
    assert hreflang["ko"] == SITE_URL + "ko/quizzes/ai-ml/kubeflow-trainer/"
    assert hreflang["x-default"] == hreflang["en"]
    switcher = [a["href"] for t, a in parser.refs if t == "a" and a.get("hreflang")]
    page_url = base + "ko/quizzes/ai-ml/kubeflow-trainer/"
    resolved = {urljoin(page_url, _local(h, base)) for h in switcher}
    assert base + "quizzes/ai-ml/kubeflow-trainer/" in resolved


def _material_base(html: str) -> str:
    """The `base` Material's JavaScript resolves the search index and its results against."""
    config = html.split('<script id="__config" type="application/json">', 1)[1].split("</script>", 1)[0]
    return json.loads(config)["base"]


def test_search_index_and_its_locations_resolve(served):
    """From pages of both languages, the page's language's search index loads under the sub-path and every
    entry's location opens a page of that language."""
    site, base = served
    for rel, language_root in (("quizzes/ai-ml/kubeflow-trainer/index.html", base),
                               ("ko/quizzes/ai-ml/kubeflow-trainer/index.html", base + "ko/"),
                               ("ko/index.html", base + "ko/")):
        page_url = base + rel.replace("index.html", "")
        search_base = urljoin(page_url, _material_base((site / rel).read_text(encoding="utf-8")).rstrip("/") + "/")
        assert search_base == language_root
        index_url = urljoin(search_base, "search/search_index.json")
        with urllib.request.urlopen(index_url, timeout=10) as response:
            index = json.loads(response.read())
        locations = {doc["location"].split("#", 1)[0] for doc in index["docs"]}
        assert "quizzes/ai-ml/kubeflow-trainer/" in locations
        bad = [loc for loc in locations if _status(urljoin(search_base, loc)) != 200]
        assert not bad, f"from {rel}: {bad}"


def test_sitemap_entries_resolve(served):
    """Every sitemap <loc> and xhtml:link alternate is on the published origin and loads."""
    site, base = served
    tree = ET.parse(site / "sitemap.xml")
    urls = [el.text for el in tree.iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")]
    urls += [el.get("href") for el in tree.iter("{http://www.w3.org/1999/xhtml}link")]
    assert any(u.endswith("ko/quizzes/ai-ml/kubeflow-trainer/") for u in urls)
    assert all(u.startswith(SITE_URL) for u in urls), [u for u in urls if not u.startswith(SITE_URL)]
    bad = [u for u in urls if _status(_local(u, base)) != 200]
    assert not bad, bad
