"""A file of the docs folder built at a generated page's address: `validate` and the build report it at the quiz
file, naming the file; `serve` keeps serving and shows the error on the quiz's page; the file is never touched."""

from __future__ import annotations

import pytest
from conftest import KUBEFLOW_QUIZ, Serve, copy_site, edit_config, mkdocs, quizpages, wait_for

QUIZ = "ai-ml/kubeflow-trainer"
TAKEN = "its page ({language}) has the address of '{path}': one of the two would take the other's place"

# A file of either language's tree, and where MkDocs builds it with directory URLs: each at quiz QUIZ's page.
AT_THE_QUIZ_PAGE = [
    ("en", "ai-ml/kubeflow-trainer.md"),
    ("ko", "ai-ml/kubeflow-trainer.md"),
    ("en", "ai-ml/kubeflow-trainer/index.md"),
    ("ko", "ai-ml/kubeflow-trainer/README.md"),
    ("en", "ai-ml/kubeflow-trainer.markdown"),
    ("en", "ai-ml/kubeflow-trainer/index.html"),  # a static file, copied to the same place
]
# Files beside the quiz pages that are built elsewhere (or not at all): nothing to report.
ELSEWHERE = ["ai-ml/kubeflow-trainer-notes.md", "ai-ml/kubeflow-trainer/notes.md", "ai-ml/.kubeflow-trainer.md",
             "ai-ml/kubeflow-trainer.md.txt", "ai-ml/kubeflow-trainer/index.htm", "ai-ml/Kubeflow-Trainer.md"]


def _site(tmp_path, language: str, inside: str, text: str = "# Hand-written\n\nMine.\n"):
    (tmp_path / "site").mkdir()
    site = copy_site(tmp_path / "site")
    path = site / "content" / language / "quizzes" / inside
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return site, path


@pytest.mark.parametrize(("language", "inside"), AT_THE_QUIZ_PAGE, ids=[f"{lang}:{p}" for lang, p in AT_THE_QUIZ_PAGE])
def test_a_file_at_a_quiz_pages_address_is_an_error_in_validate_and_the_build(tmp_path, language, inside):
    """`validate` names the file at the quiz file's first line and exits 1, and `mkdocs build` stops on the
    same message, where before the build either stopped without a line or let one page silently overwrite the
    other; the file is left as it was."""
    site, path = _site(tmp_path, language, inside)
    shown = f"content/{language}/quizzes/{inside}"
    expected = f"{KUBEFLOW_QUIZ}:1:1: error: " + TAKEN.format(language=language, path=shown)
    result = quizpages(site, "validate")
    assert result.returncode == 1, result.stdout
    assert result.stdout.splitlines() == [expected + f" (Make sure to rename or move '{shown}', or rename the quiz file)"]
    built = mkdocs(site, "build", "--strict")
    assert built.returncode == 1
    assert expected in built.stderr and "Traceback" not in built.stderr
    assert path.read_text(encoding="utf-8") == "# Hand-written\n\nMine.\n"


def test_a_file_at_the_quiz_index_address_is_an_error_at_that_file(tmp_path):
    """A hand-written `quizzes/index.md` in a language's tree is reported at its own first line."""
    site, _path = _site(tmp_path, "ko", "index.md")
    result = quizpages(site, "validate")
    assert result.returncode == 1
    assert result.stdout.startswith("content/ko/quizzes/index.md:1:1: error: this file is built at the address "
                                    "of the quiz index (ko), which quizpages makes (Make sure to rename or move it")


@pytest.mark.parametrize("inside", ELSEWHERE)
def test_files_built_elsewhere_beside_the_quiz_pages_are_no_error(tmp_path, inside):
    """Another name, a hidden file, a file MkDocs copies under its own name, or another case: no error (a
    page of its own, or no page at all)."""
    site, _path = _site(tmp_path, "en", inside)
    result = quizpages(site, "validate")
    assert result.returncode == 0, result.stdout
    assert result.stdout == ""


@pytest.mark.parametrize("pattern", ["ko/quizzes/ai-ml/kubeflow-trainer.md", "/ko/quizzes/**/*.md", "kubeflow-trainer.md"])
def test_a_file_left_out_by_exclude_docs_takes_no_address(tmp_path, pattern):
    """A hand-written page kept while moving to quiz files but left out of the site with `exclude_docs` (matched
    as MkDocs matches it) is no error: `validate` passes, the strict build makes the quiz page there, and the
    file is left as it was. Without the pattern it is an error again."""
    site, path = _site(tmp_path, "ko", "ai-ml/kubeflow-trainer.md")
    edit_config(site, lambda config: config.update(exclude_docs=pattern + "\n"))
    result = quizpages(site, "validate")
    assert (result.returncode, result.stdout) == (0, "")
    built = mkdocs(site, "build", "--strict")
    assert built.returncode == 0, built.stderr
    page = (site / "site/ko/quizzes/ai-ml/kubeflow-trainer/index.html").read_text(encoding="utf-8")
    assert "quizpages-question" in page and "Mine." not in page
    assert path.read_text(encoding="utf-8") == "# Hand-written\n\nMine.\n"
    edit_config(site, lambda config: config.update(exclude_docs="/en/\n"))
    assert quizpages(site, "validate").returncode == 1


def test_without_directory_urls_only_the_same_file_name_takes_the_address(tmp_path):
    """With `use_directory_urls: false` a quiz's page is `quizzes/<id>.html`: `<id>.md` takes it,
    `<id>/index.md` (at `<id>/index.html`) does not."""
    site, folder_page = _site(tmp_path, "en", "ai-ml/kubeflow-trainer/index.md")
    edit_config(site, lambda config: config.update(use_directory_urls=False))
    assert quizpages(site, "validate").stdout == ""
    folder_page.unlink()
    (folder_page.parent.parent / "kubeflow-trainer.md").write_text("# Mine\n", encoding="utf-8")
    result = quizpages(site, "validate")
    assert result.returncode == 1
    assert "has the address of 'content/en/quizzes/ai-ml/kubeflow-trainer.md'" in result.stdout


def test_a_page_in_a_language_the_quiz_lacks_takes_no_address(tmp_path):
    """A quiz without Korean has no Korean page, so a Korean page at its address is the site's own."""
    (tmp_path / "site").mkdir()
    site = copy_site(tmp_path / "site")
    quiz = site / "content" / "quizzes" / "solo.yml"
    quiz.write_text("title: {en: Solo}\nlanguages: [en]\nquestions:\n  - id: q\n    kind: short_answer\n"
                    "    question: {en: Q}\n    answer: {en: A}\n", encoding="utf-8")
    page = site / "content" / "ko" / "quizzes" / "solo.md"
    page.parent.mkdir(parents=True)
    page.write_text("# 혼자\n", encoding="utf-8")
    result = quizpages(site, "validate")
    assert (result.returncode, result.stdout) == (0, "")
    (site / "content" / "en" / "quizzes").mkdir(parents=True)
    (site / "content" / "en" / "quizzes" / "solo.md").write_text("# Solo\n", encoding="utf-8")
    assert "content/quizzes/solo.yml:1:1: error: its page (en) has the address of" in quizpages(site, "validate").stdout


def test_serve_keeps_serving_and_shows_the_error_on_the_quiz_page(tmp_path):
    """Under `mkdocs serve`, which must never stop, the quiz's address shows its error page naming the file,
    the other quiz and the rest of the site are served, and the log has the error; once the file is moved away,
    the quiz's page is back."""
    site, path = _site(tmp_path, "en", "ai-ml/kubeflow-trainer.md")
    with Serve(site) as server:
        status, body = server.page(f"quizzes/{QUIZ}/")
        assert status == 200
        assert "has the address of &#39;content/en/quizzes/ai-ml/kubeflow-trainer.md&#39;" in body \
            or "has the address of 'content/en/quizzes/ai-ml/kubeflow-trainer.md'" in body
        assert server.page("quizzes/ai-ml/kubeflow-trainer-practice/")[0] == 200
        assert server.page("ko/quizzes/ai-ml/kubeflow-trainer/")[0] == 200
        wait_for(lambda: "has the address of" in server.output(), "the error in the log", server.log)
        assert path.read_text(encoding="utf-8") == "# Hand-written\n\nMine.\n"
        path.unlink()  # the file moved away: the quiz's page comes back
        wait_for(lambda: "quizpages-question" in server.page(f"quizzes/{QUIZ}/")[1], "the quiz page", server.log)
        assert "has the address of" not in server.page(f"quizzes/{QUIZ}/")[1]
        output = server.output()
    assert "Traceback" not in output and "Aborted" not in output
