"""A site's own quiz templates (`overrides/fragments/quizpages/`): one that does not compile or fails to render is a
located error in `quizpages validate`, the build, `render` and `mkdocs serve`, never a traceback, and the pages are
made with the built-in templates meanwhile."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import ROOT, Serve, mkdocs, quizpages, wait_for

OVERRIDE = Path("overrides/fragments/quizpages")
QUIZ = "quizzes/ai-ml/kubeflow-trainer/"


def _override(site: Path, name: str, append: str) -> Path:
    """The site's copy of the built-in template `name`, with `append` added at its end."""
    path = site / OVERRIDE / name
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "plugins/quizpages/fragments" / name, path)
    with path.open("a", encoding="utf-8") as f:
        f.write(append)
    return path


def _last_line(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_a_template_that_does_not_compile_is_a_located_error_in_validate_build_and_render(site_copy, tmp_path):
    """The template's line and Jinja's words, once, with how to go on; nothing is written by `render`."""
    path = _override(site_copy, "quiz.md.j2", "{% if %}\n")
    message = (f"overrides/fragments/quizpages/quiz.md.j2:{_last_line(path)}:1: error: the quiz template quiz.md.j2 "
               "does not compile: Expected an expression, got 'end of statement block' (Fix the template; until "
               "then every quiz page uses the built-in templates)")
    checked = quizpages(site_copy, "validate")
    assert checked.returncode == 1 and message in checked.stdout, checked.stdout
    built = mkdocs(site_copy, "build")
    output = built.stdout + built.stderr
    assert built.returncode == 1 and message in output and "Traceback" not in output
    rendered = quizpages(site_copy, "render", "--out", str(tmp_path / "plain"))
    assert rendered.returncode == 1 and message in rendered.stdout
    assert not (tmp_path / "plain").exists()


def test_a_kind_template_that_fails_while_rendering_is_located_at_its_line(site_copy):
    """A name the template does not have (`v.nope`) in the numeric kind's template: its line and the missing
    name, in the build and in `quizpages validate`."""
    path = _override(site_copy, "kinds/numeric.md.j2", "")
    # on the answer's first line, which every numeric question renders, with a unit or without
    text = path.read_text(encoding="utf-8").replace('**{{ t("answer") }}:**', '{{ v.nope }}**{{ t("answer") }}:**', 1)
    path.write_text(text, encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), start=1) if "v.nope" in row)
    message = (f"overrides/fragments/quizpages/kinds/numeric.md.j2:{line}:1: error: the quiz template numeric.md.j2 "
               "failed to render: 'dict object' has no attribute 'nope'")
    built = mkdocs(site_copy, "build")
    output = built.stdout + built.stderr
    assert built.returncode == 1 and "Traceback" not in output
    assert message in output
    checked = quizpages(site_copy, "validate")  # CI's validate step and the pre-commit hook catch it too
    assert checked.returncode == 1 and checked.stdout.count(message) == 1, checked.stdout


def test_serve_keeps_serving_with_built_in_templates_while_a_template_is_broken(site_copy):
    """Under `serve`, a broken template is logged and pages keep answering with the built-in templates; the fix
    brings the site's template back."""
    path = _override(site_copy, "quiz.md.j2", "\nMade by the site's template.\n")
    with Serve(site_copy) as server:
        assert "Made by the site's template." in server.page(QUIZ)[1]
        path.write_text(path.read_text(encoding="utf-8") + "{% if %}\n", encoding="utf-8")
        wait_for(lambda: "quiz.md.j2 does not compile" in server.output(), "the error", server.log)
        status, page = server.page(QUIZ)
        assert status == 200 and "Made by the site's template." not in page and "Show Answer" in page
        path.write_text(path.read_text(encoding="utf-8").replace("{% if %}\n", ""), encoding="utf-8")
        wait_for(lambda: "Made by the site's template." in server.page(QUIZ)[1], "the fixed template", server.log)
        assert "Traceback" not in server.output()


def test_render_refuses_an_output_folder_inside_the_docs_folder(site_copy):
    """Rendered pages inside content/ would be built twice, beside the generated ones: refused, nothing written."""
    result = quizpages(site_copy, "render", "--out", "content/plain")
    assert result.returncode == 1
    assert ("content/plain: error: the output folder is inside the docs folder content, whose build makes these "
            "pages itself and would find them twice (Choose a folder outside it, e.g. --out plain/docs)") in result.stderr
    assert not (site_copy / "content/plain").exists()
