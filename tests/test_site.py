"""Whole-site builds of the bundled site: the seed's layout, both languages, links."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import ENGLISH_ONLY, build, edit_config, mkdocs, shared_path, soup

QUIZ = "quizzes/ai-ml/kubeflow-trainer/index.html"


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _article_text(page) -> str:
    article = page.select_one("article")
    for link in article.select("a.headerlink"):
        link.decompose()
    return article.get_text(" ")


def test_english_quiz_page_reads_like_the_seed(built_site):
    """A reader sees the same quiz text as on the existing site, from title to the back link."""
    seed = shared_path("seed", "kubeflow-trainer-quiz.txt").read_text(encoding="utf-8")
    start = seed.index("Kubeflow Trainer and Distributed Training Quiz")
    end = seed.index("Return to Learning Materials") + len("Return to Learning Materials")
    expected = seed[start:end]
    expected = re.sub(r"^\s*1\.\s", "", expected, flags=re.M)  # list numbers are CSS, not text
    expected = expected.replace("•", "")
    actual = _article_text(soup(built_site / QUIZ))
    assert _squash(actual) == _squash(expected)


def test_english_quiz_has_ten_closed_show_answer_blocks(built_site):
    """Every question is followed by a native, closed <details> whose summary reads Show Answer."""
    page = soup(built_site / QUIZ)
    blocks = page.select("article details")
    assert len(blocks) == 10
    assert all(b.summary.get_text(strip=True) == "Show Answer" for b in blocks)
    assert not any(b.has_attr("open") for b in blocks)
    assert "Answer: B) A separate CRD" in blocks[0].get_text(" ", strip=True).replace("  ", " ")


def test_questions_are_numbered_continuously_with_anchors(built_site):
    """Questions count 1 to 10 across sections, and each has a stable #id anchor."""
    page = soup(built_site / QUIZ)
    lists = page.select("article ol.quizpages-question")
    assert [int(ol["start"]) for ol in lists] == list(range(1, 11))
    assert lists[6].li["id"] == "gang-scheduling"
    headings = [h.get_text(strip=True).rstrip("¶") for h in page.select("article h2")]
    assert headings == ["Multiple Choice Questions", "Short Answer Questions"]


def test_korean_quiz_page_has_korean_labels_and_lang(built_site):
    """The Korean page uses the source site's Korean labels and declares lang="ko"."""
    page = soup(built_site / "ko" / QUIZ)
    assert page.html["lang"] == "ko"
    assert page.select_one("article h1").get_text(strip=True).startswith("Kubeflow Trainer와 분산 학습 퀴즈")
    blocks = page.select("article details")
    assert len(blocks) == 10
    assert {b.summary.get_text(strip=True) for b in blocks} == {"정답 보기"}
    text = page.select_one("article").get_text(" ")
    for label in ("정답:", "설명:", "객관식 문제", "단답형 문제", "학습 자료로 돌아가기"):
        assert label in text
    assert "Show Answer" not in text
    # Material's own interface is Korean too
    assert page.select_one("form.md-search__form input")["aria-label"] == "검색"


def test_language_switcher_and_hreflang_lead_to_the_same_quiz(built_site):
    """The switcher and <link hreflang> on a quiz page point at the same quiz in each language."""
    for lang_dir, here in (("", "http://127.0.0.1:8000/quizzes/ai-ml/kubeflow-trainer/"),
                           ("ko/", "http://127.0.0.1:8000/ko/quizzes/ai-ml/kubeflow-trainer/")):
        path = built_site / lang_dir / QUIZ
        page = soup(path)
        switch = {a["hreflang"]: a["href"] for a in page.select("a.md-select__link")}
        assert set(switch) == {"en", "ko"}
        for lang, href in switch.items():
            target = (path.parent / href / "index.html").resolve()
            assert target == (built_site / ("" if lang == "en" else "ko/") / QUIZ).resolve()
        alternates = {l["hreflang"]: l["href"] for l in page.select('head link[rel="alternate"][hreflang]')}
        assert alternates == {
            "en": "http://127.0.0.1:8000/quizzes/ai-ml/kubeflow-trainer/",
            "ko": "http://127.0.0.1:8000/ko/quizzes/ai-ml/kubeflow-trainer/",
            "x-default": "http://127.0.0.1:8000/quizzes/ai-ml/kubeflow-trainer/",
        }
        assert here in alternates.values()


def test_every_page_exists_in_both_languages(built_site):
    """No page is English-only by accident: each page has its Korean twin and the reverse."""
    english = {p.relative_to(built_site) for p in built_site.rglob("index.html")
               if p.relative_to(built_site).parts[0] not in ("ko", "assets", "search")}
    korean = {p.relative_to(built_site / "ko") for p in (built_site / "ko").rglob("index.html")}
    assert english == korean
    assert Path(QUIZ) in english and Path("quizzes/index.html") in english


def _local_targets(site: Path):
    for html in site.rglob("*.html"):
        page = soup(html)
        for tag, attr in (("a", "href"), ("link", "href"), ("script", "src"), ("img", "src")):
            for element in page.find_all(tag):
                url = element.get(attr)
                if not url or url.startswith(("#", "mailto:", "data:")):
                    continue
                yield html, url


def _broken_links(built_site: Path) -> list[str]:
    """Every local link, stylesheet and script in the built pages whose target does not exist."""
    broken = []
    for html, url in _local_targets(built_site):
        parts = urlsplit(url)
        if parts.scheme or parts.netloc:
            if parts.netloc.startswith("127.0.0.1:8000"):  # absolute links into this site
                target = built_site / parts.path.lstrip("/")
            else:
                continue
        elif parts.path.startswith("/"):  # 404.html links from the site root
            target = built_site / parts.path.lstrip("/")
        else:
            target = (html.parent / parts.path).resolve() if parts.path else html
        if target.is_dir():
            target = target / "index.html"
        if not target.exists():
            broken.append(f"{html.relative_to(built_site)} -> {url}")
    return broken


def test_every_link_in_the_site_resolves(built_site):
    """Every local link, stylesheet and script in every built page points at a file that exists."""
    assert _broken_links(built_site) == []


@pytest.mark.parametrize("directory_urls", [True, False])
def test_links_to_an_untranslated_quiz_resolve_and_pass_strict_link_validation(site_copy, directory_urls):
    """The Korean index and "다음 퀴즈" lead to an English-only quiz's page, with or without directory
    URLs, and MkDocs' strictest link validation has nothing to say about them."""
    (site_copy / "content/quizzes/helm.yml").write_text(ENGLISH_ONLY, encoding="utf-8")
    practice = site_copy / "content/quizzes/ai-ml/kubeflow-trainer-practice.yml"
    practice.write_text(practice.read_text(encoding="utf-8").replace("next: ./kubeflow-trainer.md", "next: ../helm.md"),
                        encoding="utf-8")

    def change(config):
        config["use_directory_urls"] = directory_urls
        config["validation"] = {"links": {"unrecognized_links": "warn", "not_found": "warn"}}
    edit_config(site_copy, change)
    result = build(site_copy)
    assert "unrecognized" not in result.stderr and "not found" not in result.stderr, result.stderr
    out = site_copy / "site"
    assert _broken_links(out) == []
    page = "ko/quizzes/ai-ml/kubeflow-trainer-practice" + ("/index.html" if directory_urls else ".html")
    footer = soup(out / page).select_one("p.quizpages-footer")
    link = next(a for a in footer.find_all("a") if "Helm" in a.get_text())
    helm = "quizzes/helm" + ("/index.html" if directory_urls else ".html")
    target = (out / page).parent / link["href"]
    assert (target / "index.html" if target.is_dir() else target).resolve() == (out / helm).resolve()
    assert "(영어만 제공)" in footer.get_text()
    root = soup(out / page).select_one("div.quizpages-quiz")["data-site-root"]
    assert ((out / page).parent / root).resolve() == out.resolve()


def test_site_requests_nothing_from_other_hosts(built_site):
    """No stylesheet, script, font or image is loaded from another host (no CDN, no GitHub API)."""
    external = []
    for html in built_site.rglob("*.html"):
        page = soup(html)
        for element in page.find_all(["link", "script", "img", "iframe"]):
            url = element.get("href") or element.get("src") or ""
            if element.name == "link" and element.get("rel") in (["alternate"], ["canonical"]):
                continue
            if urlsplit(url).netloc and not url.startswith("http://127.0.0.1:8000/"):
                external.append(f"{html.relative_to(built_site)}: {url}")
    assert external == []


def test_answers_are_left_out_of_the_search_index(built_site):
    """Search snippets never give an answer away, but Korean quiz text is searchable, in the Korean index."""
    english = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    korean = json.loads((built_site / "ko" / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert english["config"]["lang"] == ["en", "ko"]
    texts = " ".join(doc["text"] for doc in english["docs"] + korean["docs"])
    assert "Answer:" not in texts and "정답:" not in texts
    assert "kubeflow.org migration guide is the authoritative" not in texts
    assert any("헤드리스 Service" in doc["text"] for doc in korean["docs"] if doc["location"].startswith("quizzes/"))


def test_each_language_has_its_own_search_index(built_site):
    """The English index holds English pages only, the Korean one Korean pages only, with locations a Korean
    page's search resolves under /ko/, and Korean pages tell Material's script to search there."""
    english = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    korean = json.loads((built_site / "ko" / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    assert english and korean and not any(doc["location"].startswith("ko/") for doc in english + korean)
    assert any("Kubeflow Trainer와 분산 학습 퀴즈" in doc["title"] for doc in korean)
    assert not any("Kubeflow Trainer와" in doc["title"] for doc in english)
    for doc in korean:
        assert (built_site / "ko" / doc["location"].split("#")[0] / "index.html").exists() or \
            (built_site / "ko" / doc["location"].split("#")[0]).is_file(), doc["location"]
    config = json.loads(soup(built_site / "ko" / QUIZ).select_one("script#__config").string)
    assert config["base"] == "../../../../ko/"


def test_quiz_index_lists_quizzes_with_question_counts(built_site):
    """Each language has a quiz index grouped by folder, with titles and question counts."""
    en = soup(built_site / "quizzes" / "index.html").select_one("article").get_text(" ")
    ko = soup(built_site / "ko" / "quizzes" / "index.html").select_one("article").get_text(" ")
    assert "Kubeflow Trainer and Distributed Training Quiz" in en and "10 questions" in en
    assert "Kubeflow Trainer와 분산 학습 퀴즈" in ko and "10문항" in ko


def test_page_has_a_light_dark_toggle(built_site):
    """Readers can switch between light and dark mode."""
    page = soup(built_site / QUIZ)
    schemes = {i["data-md-color-scheme"] for i in page.select("input.md-option[data-md-color-scheme]")}
    assert schemes == {"default", "slate"}


def test_declared_english_only_quiz_builds_cleanly_and_never_404s(site_copy):
    """An English-only quiz builds with --strict; Korean readers find it marked and linked to English."""
    (site_copy / "content/quizzes/helm.yml").write_text(ENGLISH_ONLY, encoding="utf-8")
    build(site_copy)
    out = site_copy / "site"
    assert (out / "quizzes/helm/index.html").exists()
    assert not (out / "ko/quizzes/helm/index.html").exists()
    index = soup(out / "ko/quizzes/index.html")
    link = next(a for a in index.select("article a") if a.get_text() == "Helm Basics Quiz")
    assert (out / "ko/quizzes" / link["href"] / "index.html").resolve() == (out / "quizzes/helm/index.html").resolve()
    assert "영어만 제공" in link.parent.get_text()
    english = soup(out / "quizzes/helm/index.html")
    switch = {a["hreflang"]: a["href"] for a in english.select("a.md-select__link")}
    assert (out / "quizzes/helm" / switch["ko"] / "index.html").resolve() == (out / "ko/quizzes/index.html").resolve()
    footer = english.select_one("p.quizpages-footer").get_text(" ", strip=True)
    assert "Next Quiz: Kubeflow Trainer and Distributed Training Quiz" in footer


def test_undeclared_missing_translation_fails_a_strict_build(site_copy):
    """A Korean translation missing without `languages:` is a warning, so --strict fails and names the line."""
    (site_copy / "content/quizzes/helm.yml").write_text(ENGLISH_ONLY.replace("languages: [en]\n", ""),
                                                        encoding="utf-8")
    result = mkdocs(site_copy, "build", "--strict")
    assert result.returncode != 0
    assert "content/quizzes/helm.yml:2:3: warning: title has no 'ko' translation" in result.stderr


def test_broken_quiz_fails_the_build_with_located_errors_and_no_traceback(site_copy):
    """A broken quiz fails `mkdocs build` with path:line:column messages, never a Python traceback."""
    (site_copy / "content/quizzes/broken.yml").write_text(
        "title: {en: A, ko: B}\nquestions:\n  - id: q\n    kind: multiple_choice\n    question: Q\n"
        "    options: [x, y]\n    answer: E\n  - id: q\n    kind: essay\n    question: Q\n    answer: A\n",
        encoding="utf-8")
    result = mkdocs(site_copy, "build")
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert "content/quizzes/broken.yml:7:13: error: question 1 (q): the answer 'E' names no option" in result.stderr
    assert "content/quizzes/broken.yml:8:9: error: duplicate question id 'q'" in result.stderr
    assert "content/quizzes/broken.yml:9:11: error: question 2 (q): unknown kind 'essay'" in result.stderr


def test_quiz_sources_are_never_published_and_yaml_quizzes_are_pages(site_copy):
    """A `.yaml` quiz becomes a page like a `.yml` one, and no file of the quizzes folder is copied to the site."""
    (site_copy / "content/quizzes/x").mkdir()
    quiz = ENGLISH_ONLY.replace("learning_material: ../ai-ml/", "learning_material: ../../ai-ml/")
    (site_copy / "content/quizzes/x/ext.yaml").write_text(quiz.replace("next: ./ai-ml/", "next: ../ai-ml/"),
                                                           encoding="utf-8")
    build(site_copy)
    out = site_copy / "site"
    assert soup(out / "quizzes/x/ext/index.html").select_one("article h1").get_text(strip=True).startswith("Helm")
    assert [p for p in out.rglob("*") if p.suffix in (".yml", ".yaml")] == []
    (site_copy / "content/quizzes/x/notes.txt").write_text("answers: B, C\n", encoding="utf-8")
    result = mkdocs(site_copy, "build", "--strict")
    assert result.returncode != 0
    assert "content/quizzes/x/notes.txt:1:1: warning: this file is in the quizzes folder but is not a quiz" \
        in result.stderr
    assert not (out / "quizzes/x/notes.txt").exists()


def test_build_does_not_list_every_quiz_page_as_missing_from_the_nav(built_site_result):
    """Generated quiz pages are linked from the index, not MkDocs' "not included in the nav" noise."""
    result = built_site_result
    assert "not included in the \"nav\" configuration" not in result.stdout + result.stderr


def test_hreflang_names_only_the_languages_a_quiz_exists_in(site_copy):
    """An English-only quiz's head claims no Korean page and, like the sitemap, lists only real pages."""
    (site_copy / "content/quizzes/helm.yml").write_text(ENGLISH_ONLY, encoding="utf-8")
    build(site_copy)
    page = soup(site_copy / "site/quizzes/helm/index.html")
    alternates = {link["hreflang"]: link["href"] for link in page.select('head link[rel="alternate"][hreflang]')}
    assert alternates == {"en": "http://127.0.0.1:8000/quizzes/helm/", "x-default": "http://127.0.0.1:8000/quizzes/helm/"}
    sitemap = (site_copy / "site/sitemap.xml").read_text(encoding="utf-8")
    assert "/ko/quizzes/helm/" not in sitemap and "/quizzes/helm/" in sitemap


def test_the_root_404_page_is_in_the_source_language(built_site):
    """GitHub Pages serves the root 404.html for every broken link: it is English (mkdocs-static-i18n left the
    last language built there), and the Korean one is under ko/."""
    assert soup(built_site / "404.html").html["lang"] == "en"
    assert soup(built_site / "ko" / "404.html").html["lang"] == "ko"
