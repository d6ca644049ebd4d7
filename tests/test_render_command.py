"""`quizpages render --out DIR`: the quiz pages as plain Markdown, buildable without the plugin."""

from __future__ import annotations

import shutil
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import yaml
from conftest import BIN, ENGLISH_ONLY, KUBEFLOW_QUIZ, build, quizpages, run, soup

QUIZ = "quizzes/ai-ml/kubeflow-trainer"
PRACTICE = "quizzes/ai-ml/kubeflow-trainer-practice"  # every kind of question
QUESTIONS = {QUIZ: 10, PRACTICE: 9}

PLAIN_MKDOCS = """\
site_name: Rendered quizzes
docs_dir: docs
use_directory_urls: true
theme: mkdocs
markdown_extensions:
  - attr_list
  - md_in_html
  - pymdownx.superfences
"""


def render(site: Path, out: Path, *extra: str):
    return quizpages(site, "render", "--out", str(out), *extra)


def _questions(page) -> list[tuple[str, str]]:
    return [(li["id"], " ".join(li.get_text(" ").split())) for li in page.select("ol.quizpages-question > li")]


def _answers(page) -> list[str]:
    return [" ".join(d.get_text(" ").split()) for d in page.select("details")]


def _links(page) -> list[str]:
    return [a["href"] for a in page.select("p.quizpages-footer a")]


def test_rendered_markdown_builds_without_the_plugin_with_same_content(site_copy, tmp_path, built_site):
    """Built by plain MkDocs (no quizpages plugin), the pages carry the same questions, answers and links."""
    out = tmp_path / "plain" / "docs"
    result = render(site_copy, out)
    assert result.returncode == 0, result.stdout + result.stderr
    page_md = (out / f"{QUIZ}.md").read_text(encoding="utf-8")
    meta = yaml.safe_load(page_md.split("---\n")[1])
    assert meta["title"] == "Kubeflow Trainer and Distributed Training Quiz" and meta["lang"] == "en"
    assert "<details" in page_md
    assert (out / "ko" / f"{QUIZ}.md").exists() and (out / "ko" / "quizzes" / "index.md").exists()
    # the learning pages the quizzes link to, in the same layout as the site
    shutil.copytree(site_copy / "content" / "en", out, dirs_exist_ok=True)
    shutil.copytree(site_copy / "content" / "ko", out / "ko", dirs_exist_ok=True)
    (tmp_path / "plain" / "mkdocs.yml").write_text(PLAIN_MKDOCS, encoding="utf-8")
    build(tmp_path / "plain")  # --strict: every link between the Markdown files resolves
    plain_site = tmp_path / "plain" / "site"
    for prefix, quiz in [(p, q) for p in ("", "ko/") for q in (QUIZ, PRACTICE)]:
        plain = soup(plain_site / f"{prefix}{quiz}/index.html")
        plugin = soup(built_site / f"{prefix}{quiz}/index.html")
        assert _questions(plain) == _questions(plugin) and len(_questions(plain)) == QUESTIONS[quiz]
        assert _answers(plain) == _answers(plugin)
        assert _links(plain) == _links(plugin) and _links(plain)
        assert not any(d.has_attr("open") for d in plain.select("details"))
        for href in _links(plain):
            target = urlsplit(urljoin(f"http://x/{prefix}{quiz}/", href)).path.lstrip("/")
            assert (plain_site / target / "index.html").exists(), href


def test_rendered_markdown_builds_with_properdocs_as_the_readme_says(site_copy, tmp_path):
    """The README's recipe with ProperDocs, which ships no theme of its own: `theme: material` builds it."""
    out = tmp_path / "plain" / "docs"
    assert render(site_copy, out).returncode == 0
    shutil.copytree(site_copy / "content" / "en", out, dirs_exist_ok=True)
    shutil.copytree(site_copy / "content" / "ko", out / "ko", dirs_exist_ok=True)
    (tmp_path / "plain" / "mkdocs.yml").write_text(PLAIN_MKDOCS.replace("theme: mkdocs", "theme: material"),
                                                   encoding="utf-8")
    result = run([str(BIN / "properdocs"), "build", "--strict", "-f", "mkdocs.yml"], cwd=tmp_path / "plain")
    assert result.returncode == 0, result.stdout + result.stderr
    assert len(_questions(soup(tmp_path / "plain" / "site" / f"ko/{QUIZ}/index.html"))) == QUESTIONS[QUIZ]


def test_render_refuses_to_overwrite_without_force(site_copy, tmp_path):
    """A second render into the same folder changes nothing unless --force is given."""
    out = tmp_path / "out"
    assert render(site_copy, out).returncode == 0
    page = out / f"{QUIZ}.md"
    page.write_text("my notes\n", encoding="utf-8")
    again = render(site_copy, out)
    assert again.returncode == 1 and "exists and was left unchanged" in again.stderr
    assert page.read_text(encoding="utf-8") == "my notes\n"
    assert render(site_copy, out, "--force").returncode == 0
    assert page.read_text(encoding="utf-8").startswith("---\n")


def test_rendered_links_are_markdown_files_in_the_output_and_keep_the_language(site_copy, tmp_path):
    """Links between rendered pages, across languages too, are Markdown files inside the output: plain MkDocs
    builds them with --strict even without directory URLs, and the Korean quiz leads to the Korean learning page."""
    (site_copy / "content/quizzes/helm.yml").write_text(ENGLISH_ONLY, encoding="utf-8")
    quiz = site_copy / KUBEFLOW_QUIZ
    quiz.write_text(quiz.read_text(encoding="utf-8").replace(
        "learning_material: ../../ai-ml/kubeflow-trainer.md", "learning_material: ../../ai-ml/kubeflow-trainer.md\n"
        "next: ../helm.md"), encoding="utf-8")
    out = tmp_path / "plain" / "docs"
    assert render(site_copy, out).returncode == 0
    korean = (out / "ko" / f"{QUIZ}.md").read_text(encoding="utf-8")
    assert "](../../../quizzes/helm.md)" in korean  # the English-only quiz, as a file of the output
    assert "](../../ai-ml/kubeflow-trainer.md)" in korean
    shutil.copytree(site_copy / "content" / "en", out, dirs_exist_ok=True)
    shutil.copytree(site_copy / "content" / "ko", out / "ko", dirs_exist_ok=True)
    (tmp_path / "plain" / "mkdocs.yml").write_text(PLAIN_MKDOCS.replace("use_directory_urls: true",
                                                                        "use_directory_urls: false"), encoding="utf-8")
    build(tmp_path / "plain")
    page = soup(tmp_path / "plain" / "site" / "ko" / f"{QUIZ}.html")
    hrefs = {a.get_text(" ", strip=True): a["href"] for a in page.select("p.quizpages-footer a")}
    assert hrefs["학습 자료로 돌아가기"] == "../../ai-ml/kubeflow-trainer.html"
    assert hrefs["다음 퀴즈: Helm Basics Quiz"] == "../../../quizzes/helm.html"
