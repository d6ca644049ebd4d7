"""The build cache: a second build reuses loaded quizzes and rendered pages, and never shows stale ones."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

from conftest import ENGLISH_ONLY, KUBEFLOW_QUIZ, ROOT, Serve, build, edit_config, mkdocs, quizpages_options, soup
from quizpages import QuizSite, load_quiz, read_settings
from quizpages.cache import codec

QUIZ_FILE = str(KUBEFLOW_QUIZ)
QUIZ_PAGE = "site/quizzes/ai-ml/kubeflow-trainer/index.html"
CACHE = ".cache/quizpages/build"


def warm_site(site: Path) -> QuizSite:
    """The site's core as the next `mkdocs build` makes it, reading the cache the last build left."""
    settings, _ = read_settings(str(site / "mkdocs.yml"))
    return QuizSite(settings)


def next_build_work(site: Path) -> tuple[int, int]:
    """(hits, misses) of the build cache when the next build makes every language's pages."""
    core = warm_site(site)
    pages = core.build_pages(None, serving=True)  # every language in one go, the cache kept whole
    assert pages.pages
    return core.build_cache.hits, core.build_cache.misses


def all_cached(site: Path) -> tuple[int, int]:
    """(hits, misses) of a build that finds everything in the cache: every quiz file, and its page in
    each of its languages (the bundled quizzes exist in English and Korean)."""
    quizzes = len(list((site / "content" / "quizzes").rglob("*.yml")))
    return quizzes * 3, 0


def cache_size(site: Path) -> int:
    return sum(p.stat().st_size for p in (site / CACHE).rglob("*") if p.is_file())


def html_files(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*.html"))}


def test_second_build_reads_everything_from_the_cache_and_writes_the_same_site(site_copy):
    """After a build, the next one parses and renders nothing again, and its pages are byte for byte the same."""
    build(site_copy)
    first = html_files(site_copy / "site")
    assert next_build_work(site_copy) == all_cached(site_copy)
    build(site_copy)
    assert html_files(site_copy / "site") == first


def test_edited_quiz_shows_its_new_text_on_the_next_build(site_copy):
    """Saving a quiz file changes its pages on the next build: the cache is keyed by the file's bytes."""
    build(site_copy)
    quiz = site_copy / QUIZ_FILE
    quiz.write_text(quiz.read_text(encoding="utf-8").replace(
        "What was the fundamental architectural approach", "What was the core design choice"), encoding="utf-8")
    build(site_copy)
    text = soup(site_copy / QUIZ_PAGE).select_one("article").get_text(" ")
    assert "What was the core design choice" in text
    assert "fundamental architectural approach" not in text


def test_changed_template_override_rerenders_every_page(site_copy):
    """A site's own quiz template takes effect on the next build, even though no quiz file changed."""
    build(site_copy)
    override = site_copy / "overrides/fragments/quizpages/quiz.md.j2"
    override.parent.mkdir(parents=True)
    shutil.copy(ROOT / "plugins/quizpages/fragments/quiz.md.j2", override)
    override.write_text(override.read_text(encoding="utf-8") + "\nRendered by the site's own template.\n",
                        encoding="utf-8")
    build(site_copy)
    for page in (QUIZ_PAGE, "site/ko/quizzes/ai-ml/kubeflow-trainer/index.html"):
        assert "Rendered by the site's own template." in (site_copy / page).read_text(encoding="utf-8")


def test_changed_interface_strings_rerender_every_page(site_copy):
    """Editing the site's strings file changes the labels on the next build."""
    build(site_copy)
    (site_copy / "strings").mkdir(exist_ok=True)
    (site_copy / "strings/en.yml").write_text("show_answer: Reveal the answer\n", encoding="utf-8")
    edit_config(site_copy, lambda c: quizpages_options(c).update(strings_dir="strings"))
    build(site_copy)
    summaries = {s.get_text(strip=True) for s in soup(site_copy / QUIZ_PAGE).select("details summary")}
    assert summaries == {"Reveal the answer"}


def test_next_quiz_title_follows_its_target_without_editing_the_linking_quiz(site_copy):
    """Retitling a quiz updates the "Next Quiz" footer of the quizzes that link to it, though their files did not change."""
    (site_copy / "content/quizzes/helm.yml").write_text(ENGLISH_ONLY, encoding="utf-8")
    build(site_copy)
    target = site_copy / QUIZ_FILE
    target.write_text(target.read_text(encoding="utf-8").replace(
        "en: Kubeflow Trainer and Distributed Training Quiz", "en: Kubeflow Trainer Deep Dive"), encoding="utf-8")
    build(site_copy)
    footer = soup(site_copy / "site/quizzes/helm/index.html").select_one("p.quizpages-footer").get_text(" ", strip=True)
    assert "Next Quiz: Kubeflow Trainer Deep Dive" in footer


def test_warnings_are_reported_again_on_a_cached_build(site_copy):
    """A missing translation is still reported at its line, and still fails --strict, when the quiz comes from the cache."""
    (site_copy / "content/quizzes/helm.yml").write_text(ENGLISH_ONLY.replace("languages: [en]\n", ""), encoding="utf-8")
    for _ in range(2):
        result = mkdocs(site_copy, "build")
        assert result.returncode == 0, result.stderr
        assert "content/quizzes/helm.yml:2:3: warning: title has no 'ko' translation" in result.stderr
    assert mkdocs(site_copy, "build", "--strict").returncode != 0


def test_corrupt_cache_is_ignored_and_replaced(built_site_copy):
    """A damaged cache never breaks a build or its pages; the build leaves a good one, which the next reads."""
    site_copy = built_site_copy
    first = html_files(site_copy / "site")
    entries = next(p for p in (site_copy / CACHE).rglob("*") if p.is_file())
    for damage in (b"\x00garbage", entries.read_bytes()[:1000], b'{"inputs": 1, "quizzes": []}', b"[" * 100_000):
        for cached in (site_copy / CACHE).rglob("*"):
            if cached.is_file():
                cached.write_bytes(damage)
        build(site_copy)
        assert html_files(site_copy / "site") == first
        assert next_build_work(site_copy) == all_cached(site_copy)


def test_removed_quiz_leaves_the_cache(site_copy):
    """The cache holds only what the last build used, so it never grows with old versions."""
    build(site_copy)
    alone = cache_size(site_copy)
    (site_copy / "content/quizzes/helm.yml").write_text(ENGLISH_ONLY, encoding="utf-8")
    build(site_copy)
    assert cache_size(site_copy) > alone
    (site_copy / "content/quizzes/helm.yml").unlink()
    build(site_copy)
    assert cache_size(site_copy) == alone


def test_cache_false_writes_no_cache(site_copy):
    """`cache: false` builds the same site and leaves no cache behind."""
    edit_config(site_copy, lambda c: quizpages_options(c).update(cache=False))
    build(site_copy)
    assert (site_copy / QUIZ_PAGE).exists()
    assert not (site_copy / CACHE).exists()


def test_cached_model_round_trips_with_every_source(tmp_path):
    """A quiz read back from the cache equals the parsed one, down to each value's line and column."""
    path = str(ROOT / KUBEFLOW_QUIZ)
    quiz, problems = load_quiz(path, "ai-ml/kubeflow-trainer", ("en", "ko"))
    encoded = codec.encode(path, quiz, problems)
    back = codec.decode(path, json.loads(json.dumps(encoded)))
    assert back == (quiz, problems)
    assert codec.encode(path, *back) == encoded  # sources are not part of ==, so compare them encoded
    assert back[0].questions[3].prompt.where("ko") == quiz.questions[3].prompt.where("ko")


def _core(cache_dir: Path, use_cache: bool = True) -> QuizSite:
    """The bundled site's core, its build cache in `cache_dir`."""
    settings, _ = read_settings(str(ROOT / "mkdocs.yml"))
    return QuizSite(replace(settings, cache_dir=str(cache_dir)), use_cache=use_cache)


def test_library_with_cache_gives_the_same_catalog_as_without(tmp_path):
    """The core API loads the same quizzes and problems from a cold cache, a warm cache and no cache."""
    plain = _core(tmp_path, use_cache=False).load()
    for _ in ("cold", "warm"):
        core = _core(tmp_path)
        cached = core.load()
        core.build_cache.save(prune=True)
        assert cached.quizzes == plain.quizzes
        assert cached.problems == plain.problems
    assert (core.build_cache.hits, core.build_cache.misses) == (len(plain.quizzes), 0)


def test_one_damaged_entry_is_computed_again_and_replaced(tmp_path):
    """A quiz whose cache entry is damaged is parsed again, and the next build reads the repaired entry."""
    core = _core(tmp_path)
    plain = core.load()
    assert core.build_cache.save(prune=True)
    [entries] = [p for p in tmp_path.rglob("*") if p.is_file()]
    stored = json.loads(entries.read_text(encoding="utf-8"))
    stored["quizzes"] = {key: value[:50] for key, value in stored["quizzes"].items()}  # cut every quiz short
    entries.write_text(json.dumps(stored), encoding="utf-8")
    count = len(plain.quizzes)
    for expected in ((0, count), (count, 0)):  # damaged: misses, then written again: hits
        core = _core(tmp_path)
        assert core.load().quizzes == plain.quizzes
        assert (core.build_cache.hits, core.build_cache.misses) == expected
        core.build_cache.save(prune=True)


def test_serve_leaves_a_cache_the_next_build_reads_whole(site_copy):
    """`mkdocs serve` keeps every language's pages in the cache, so the build after it parses and renders nothing."""
    with Serve(site_copy) as server:
        assert server.page("ko/quizzes/ai-ml/kubeflow-trainer/")[0] == 200
    assert next_build_work(site_copy) == all_cached(site_copy)


def test_edited_theme_template_shows_in_the_next_build(site_copy):
    """The theme's templates are kept compiled for the next build, and one the site edits is compiled again:
    its change shows."""
    build(site_copy)
    assert any((site_copy / ".cache/quizpages/templates").iterdir())
    main = site_copy / "overrides/main.html"
    main.write_text(main.read_text(encoding="utf-8").replace(
        '<meta charset="utf-8">', '<meta charset="utf-8"><meta name="edited-theme" content="yes">', 1),
        encoding="utf-8")
    build(site_copy)
    page = soup(site_copy / QUIZ_PAGE)
    assert page.select_one('meta[name="edited-theme"]') is not None
