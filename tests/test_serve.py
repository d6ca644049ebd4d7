"""`mkdocs serve` survives a broken quiz file, and `mkdocs build` refuses to deploy one."""

from __future__ import annotations

from pathlib import Path

from conftest import KUBEFLOW_QUIZ, Serve, copy_site, mkdocs, wait_for

QUIZ_FILE = KUBEFLOW_QUIZ
QUIZ_URL = "quizzes/ai-ml/kubeflow-trainer/"
OTHER_URLS = ["", "ai-ml/kubeflow-trainer/", "quizzes/", "ko/", "ko/ai-ml/kubeflow-trainer/"]
BROKEN_LINE = "questions:\n  - id: v1-architecture\n    kind: multiple_choice\n"
LOCATED = f"{KUBEFLOW_QUIZ}:"


def _break(site: Path) -> str:
    """Write an answer key that names no option into the quiz; returns the original text."""
    path = site / QUIZ_FILE
    original = path.read_text(encoding="utf-8")
    broken = original.replace("    answer: B\n", "    answer: Z\n", 1)
    assert broken != original
    path.write_text(broken, encoding="utf-8")
    return original


def _error_shown(server: Serve) -> bool:
    status, body = server.page(QUIZ_URL)
    return status == 200 and LOCATED in body and "names no option" in body


def test_serve_keeps_serving_while_a_quiz_is_broken_and_recovers(tmp_path):
    """Breaking a quiz under serve keeps every other page up, shows the located error, then recovers."""
    site = copy_site(tmp_path)
    with Serve(site) as server:
        assert "names no option" not in server.page(QUIZ_URL)[1]
        original = _break(site)
        wait_for(lambda: _error_shown(server), "the error page", server.log)
        for url in OTHER_URLS:
            assert server.page(url)[0] == 200, url
        assert LOCATED in server.output() and "names no option" in server.output()
        assert "Traceback" not in server.output()
        (site / QUIZ_FILE).write_text(original, encoding="utf-8")
        wait_for(lambda: "Show Answer" in server.page(QUIZ_URL)[1] and not _error_shown(server),
                  "the fixed quiz page", server.log)
        assert server.process.poll() is None


def test_serve_starts_with_a_quiz_already_broken(tmp_path):
    """A server started on a broken quiz comes up, shows the error page and the error in its output."""
    site = copy_site(tmp_path)
    _break(site)
    with Serve(site) as server:
        assert _error_shown(server)
        for url in OTHER_URLS:
            assert server.page(url)[0] == 200, url
        assert LOCATED in server.output()
        assert "Traceback" not in server.output()


def test_build_fails_on_a_broken_quiz(tmp_path):
    """`mkdocs build` (without --strict, as a careless workflow might) exits non-zero on a broken quiz."""
    site = copy_site(tmp_path)
    _break(site)
    result = mkdocs(site, "build", process=True)  # the command a workflow runs
    assert result.returncode != 0
    assert LOCATED in result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_a_build_after_one_that_failed_in_a_later_language_cleans_the_site_folder(tmp_path, monkeypatch):
    """mkdocs-static-i18n turns the site folder's cleaning off while it builds the other languages and on again
    only when that ends well; after a failed save under `serve`, a removed quiz's page must still go."""
    from mkdocs import utils
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    import quizpages.mkdocs.internals  # noqa: F401 - loaded with the plugin, before any build runs

    site = copy_site(tmp_path)
    monkeypatch.chdir(site)
    monkeypatch.setattr(utils, "clean_directory", lambda path: None)  # as a failed language build leaves it
    stale = site / "site/quizzes/removed-quiz/index.html"
    stale.parent.mkdir(parents=True)
    stale.write_text("<p>a quiz deleted since</p>", encoding="utf-8")
    build(load_config(str(site / "mkdocs.yml")))
    assert (site / "site" / QUIZ_URL / "index.html").exists()
    assert not stale.exists()
