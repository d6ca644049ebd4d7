"""The build cache: a second build reuses loaded quizzes and rendered pages, and never shows stale ones."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from conftest import ENGLISH_ONLY, ROOT, build, mkdocs, soup
from quizpages.cache import codec
from quizpages.cache import BuildCache, inputs_key
from quizpages import QuizLibrary
from quizpages import load_quiz

QUIZ_FILE = "content/quizzes/ai-ml/kubeflow-trainer.yml"
QUIZ_PAGE = "site/quizzes/ai-ml/kubeflow-trainer/index.html"
ENTRIES = ".cache/quizpages/build/entries.json"


def cache_stats(site: Path) -> tuple[int, int]:
    """(hits, misses) of a verbose build of `site`."""
    result = mkdocs(site, "build", "--strict", "--verbose")
    assert result.returncode == 0, result.stderr
    found = re.search(r"build cache: (\d+) hits, (\d+) misses", result.stderr)
    assert found, result.stderr
    return int(found[1]), int(found[2])


def html_files(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*.html"))}


def test_second_build_reads_everything_from_the_cache_and_writes_the_same_site(site_copy):
    """A rebuild with nothing changed parses and renders nothing again, and its pages are byte for byte the same."""
    assert cache_stats(site_copy)[0] == 0  # cold: nothing to hit
    first = html_files(site_copy / "site")
    hits, misses = cache_stats(site_copy)
    assert (hits, misses) == (3, 0)  # one quiz file, its English and Korean pages
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
    (site_copy / "strings").mkdir()
    (site_copy / "strings/en.yml").write_text("show_answer: Reveal the answer\n", encoding="utf-8")
    config = site_copy / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace(
        "      languages: [en, ko]", "      languages: [en, ko]\n      strings_dir: strings"), encoding="utf-8")
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


def test_corrupt_cache_is_ignored_and_replaced(site_copy):
    """A damaged cache file never breaks a build or its pages; the build writes a good one."""
    build(site_copy)
    first = html_files(site_copy / "site")
    entries = site_copy / ENTRIES
    for damage in (b"\x00garbage", entries.read_bytes()[:1000], b'{"fingerprint": 1, "quizzes": []}',
                   b"[" * 100_000):
        entries.write_bytes(damage)
        build(site_copy)
        assert html_files(site_copy / "site") == first
        assert json.loads(entries.read_text(encoding="utf-8"))["quizzes"]


def test_removed_quiz_leaves_the_cache_file(site_copy):
    """The cache holds only what the last build used, so it never grows with old versions."""
    (site_copy / "content/quizzes/helm.yml").write_text(ENGLISH_ONLY, encoding="utf-8")
    build(site_copy)
    entries = json.loads((site_copy / ENTRIES).read_text(encoding="utf-8"))
    assert (len(entries["quizzes"]), len(entries["pages"])) == (2, 3)  # helm is English only
    (site_copy / "content/quizzes/helm.yml").unlink()
    build(site_copy)
    entries = json.loads((site_copy / ENTRIES).read_text(encoding="utf-8"))
    assert (len(entries["quizzes"]), len(entries["pages"])) == (1, 2)


def test_cache_false_writes_no_cache(site_copy):
    """`cache: false` builds the same site and leaves no cache behind."""
    config = site_copy / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace(
        "      languages: [en, ko]", "      languages: [en, ko]\n      cache: false"), encoding="utf-8")
    build(site_copy)
    assert (site_copy / QUIZ_PAGE).exists()
    assert not (site_copy / ".cache/quizpages/build").exists()


def test_cached_model_round_trips_with_every_source(tmp_path):
    """A quiz read back from the cache equals the parsed one, down to each value's line and column."""
    path = str(ROOT / QUIZ_FILE)
    quiz, problems = load_quiz(path, "ai-ml/kubeflow-trainer", ("en", "ko"))
    encoded = codec.encode(path, quiz, problems)
    back = codec.decode(path, json.loads(json.dumps(encoded)))
    assert back == (quiz, problems)
    assert codec.encode(path, *back) == encoded  # sources are not part of ==, so compare them encoded
    assert back[0].questions[3].prompt.where("ko") == quiz.questions[3].prompt.where("ko")


def test_library_with_cache_gives_the_same_catalog_as_without(tmp_path):
    """The core API loads the same quizzes and problems from a cold cache, a warm cache and no cache."""
    quizzes = ROOT / "content/quizzes"
    plain = QuizLibrary(("en", "ko")).load(str(quizzes))
    for _ in ("cold", "warm"):
        cache = BuildCache(str(tmp_path), inputs_key((("en", "ko"), ())))
        cached = QuizLibrary(("en", "ko"), cache=cache).load(str(quizzes))
        cache.save(prune=True)
        assert cached.quizzes == plain.quizzes
        assert cached.problems == plain.problems
    assert cache.hits == 1 and cache.misses == 0


def test_one_damaged_entry_is_computed_again_and_replaced(tmp_path):
    """A quiz whose cache entry is damaged is parsed again, and the next build reads the repaired entry."""
    quizzes = ROOT / "content/quizzes"
    make = lambda: BuildCache(str(tmp_path), inputs_key((("en", "ko"), ())))  # noqa: E731
    cache = make()
    plain = QuizLibrary(("en", "ko"), cache=cache).load(str(quizzes))
    assert cache.save(prune=True)
    stored = json.loads((tmp_path / "entries.json").read_text(encoding="utf-8"))
    stored["quizzes"] = {key: value[:50] for key, value in stored["quizzes"].items()}
    (tmp_path / "entries.json").write_text(json.dumps(stored), encoding="utf-8")
    for expected in ((0, 1), (1, 0)):  # damaged: a miss, then written again: a hit
        cache = make()
        assert QuizLibrary(("en", "ko"), cache=cache).load(str(quizzes)).quizzes == plain.quizzes
        assert (cache.hits, cache.misses) == expected
        cache.save(prune=True)


def test_serve_leaves_a_cache_the_next_build_reads_whole(site_copy):
    """`mkdocs serve` keeps every language's pages in the cache, so the build after it parses and renders nothing."""
    from test_serve_survives import Server

    with Server(site_copy) as server:
        assert server.page("ko/quizzes/ai-ml/kubeflow-trainer/")[0] == 200
    assert cache_stats(site_copy) == (3, 0)
