"""`quizpages import`: the source site's Markdown quiz pages become quiz files that build with --strict."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup
from conftest import SHARED, build, copy_site, quizpages, shared_path, soup
from markdown_it import MarkdownIt
from quizpages.load import importer
from quizpages.model.fields import ID_PATTERN

SAMPLES = ("samples", "source-format")
SAMPLE_ROOT = SHARED.joinpath(*SAMPLES)
# Every sample quiz page, relative to the samples folder; a placeholder when ../shared is absent (the test skips).
SAMPLE_PAGES = sorted(str(p.relative_to(SAMPLE_ROOT)) for p in SAMPLE_ROOT.glob("*/quizzes/**/*.md")) or ["absent"]

SECTION_HEADING = re.compile(
    r"^(multiple choice questions?|short answer questions?|hands-on( / applied)? questions?|quiz|"
    r"객관식 문제|단답형 문제|서술형 문제|실습 문제|실습 ?/ ?응용 문제|퀴즈)\s*(\(\s*\d+\s*-\s*\d+\s*\))?$",
    re.IGNORECASE)
QUESTION_NUMBER = re.compile(r"^\s*(question\s*\d+\s*:|\d+\.)\s*", re.IGNORECASE)
RETURN_LABEL = re.compile(r"return to learning|학습 자료로", re.IGNORECASE)


@pytest.fixture(scope="module")
def imported(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    """The bundled site plus the sample learning pages, with every sample quiz imported and built with --strict."""
    samples = shared_path(*SAMPLES)
    site = copy_site(tmp_path_factory.mktemp("imported"))
    for language in ("en", "ko"):
        shutil.copytree(samples / language / "platform", site / "content" / language / "platform")
    result = quizpages(site, "import", str(samples), "--out", "content/quizzes")
    assert result.returncode == 0, result.stdout + result.stderr
    build(site)
    return site, result


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def original_words(page: Path) -> list[str]:
    """The words a reader sees on the original page (CommonMark, as the source site renders it), in order,
    without the structure the renderer writes with its own labels: section headings, question numbers,
    "Show Answer" summaries and the "Return to Learning Materials" label."""
    html = MarkdownIt("commonmark", {"html": True}).enable("table").render(page.read_text(encoding="utf-8"))
    doc = BeautifulSoup(html, "html.parser")
    for summary in doc.find_all("summary"):
        summary.decompose()
    for link in doc.find_all("a"):
        if RETURN_LABEL.search(link.get_text()):
            link.string = ""
    for heading in doc.find_all(["h2", "h3"]):
        text = heading.get_text().strip()
        if SECTION_HEADING.match(text):
            heading.decompose()
        elif QUESTION_NUMBER.match(text):
            first = heading.find(string=True)  # only the number: the rest keeps its inline markup
            first.replace_with(QUESTION_NUMBER.sub("", first))
    return words(doc.get_text(" "))


def built_article(site: Path, language: str, quiz_id: str):
    prefix = "" if language == "en" else f"{language}/"
    page = soup(site / "site" / f"{prefix}quizzes/{quiz_id}/index.html")
    article = page.select_one("article")
    for anchor in article.select("a.headerlink"):
        anchor.decompose()
    return article


def missing_from(expected: list[str], actual: list[str]) -> list[tuple[int, str]]:
    """Positions of `expected` that do not appear, in order, in `actual` (empty: a subsequence)."""
    missing, at = [], 0
    for n, word in enumerate(expected):
        try:
            at = actual.index(word, at) + 1
        except ValueError:
            missing.append((n, word))
    return missing


def quiz_id_of(sample: str) -> str:
    return sample.split("/", 2)[2][: -len(".md")]


@pytest.mark.parametrize("sample", SAMPLE_PAGES)
def test_built_page_carries_every_word_of_the_original(imported, sample):
    """A reader of an imported quiz sees every word of the original page, in the original order."""
    site, _ = imported
    page = shared_path(*SAMPLES, sample)
    language = sample.split("/", 1)[0]
    expected = original_words(page)
    actual = words(built_article(site, language, quiz_id_of(sample)).get_text(" "))
    assert len(expected) > 50
    assert missing_from(expected, actual) == [], f"{sample}: words lost or out of order"


def test_imported_files_validate_without_warnings(imported):
    """Imported quiz files pass `quizpages validate --strict` with nothing to report."""
    site, _ = imported
    result = quizpages(site, "validate", "--strict")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 errors, 0 warnings" in result.stderr
    assert result.stdout == ""


def test_import_reports_kept_content_with_file_and_line(imported):
    """Every piece of a page kept outside its own field is reported as file:line, then a summary."""
    _, result = imported
    out = result.stdout
    ko_argo = "ko/quizzes/platform/02-argo-rollouts-quiz.md:39:1: warning: question 3 has no parallel question"
    assert ko_argo in out
    assert "en/quizzes/platform/02-argo-rollouts-quiz.md:39:1: warning: question 3" in out
    assert "en/quizzes/platform/03-kyverno-quiz.md:3:1: warning: header blockquote kept as part of the intro" in out
    assert "linkerd/basic.md:17:1: warning: per-option notes kept in the explanation" in out
    assert "linkerd/basic.md:101:1: warning: trailing sections kept as the quiz's closing text" in out
    assert "linkerd/basic.md:1:1: warning: no page in ko: the quiz declares languages: [en]" in out
    assert ("en/platform/helm.md: note: no quiz on this page (no <details> answer block, so no question with an "
            "answer); skipped") in out
    assert "Traceback" not in out + result.stderr
    assert "4 quizzes written, 18 questions (10 multiple_choice, 7 short_answer, 1 hands_on), 8 warnings" \
        in result.stderr


def test_pages_pair_by_path_and_non_parallel_questions_stay_per_language(imported):
    """English and Korean pages at the same path become one file; what only one language has says so."""
    site, _ = imported
    quizzes = site / "content" / "quizzes"
    assert sorted(str(p.relative_to(quizzes)) for p in quizzes.rglob("*.yml")) == [
        "ai-ml/kubeflow-trainer-practice.yml", "ai-ml/kubeflow-trainer.yml", "platform/01-helm-basics-quiz.yml", "platform/02-argo-rollouts-quiz.yml",
        "platform/03-kyverno-quiz.yml", "service-mesh/linkerd/basic.yml"]
    argo = yaml.safe_load((quizzes / "platform/02-argo-rollouts-quiz.yml").read_text(encoding="utf-8"))
    assert argo["title"] == {"en": "Argo Rollouts Quiz", "ko": "Argo Rollouts 퀴즈"}
    assert [(q.get("languages"), q.get("answer")) for q in argo["questions"][2:4]] == [(["en"], "B"), (["ko"], "C")]
    assert argo["questions"][0]["options"][0] == "`StatefulSet`"  # the same in both languages: written once
    linkerd = yaml.safe_load((quizzes / "service-mesh/linkerd/basic.yml").read_text(encoding="utf-8"))
    assert linkerd["languages"] == ["en"]
    assert linkerd["questions"][0]["title"] == {"en": "The data plane proxy"}
    assert "Score Calculation" in linkerd["closing"]["en"]
    assert not (site / "site" / "ko" / "quizzes" / "service-mesh" / "linkerd" / "basic").exists()


def test_question_ids_are_stable_unique_slugs(imported, tmp_path):
    """Importing the same pages again gives the same ids (readers' anchors and progress survive)."""
    site, _ = imported
    again = tmp_path / "again"
    result = quizpages(site, "import", str(shared_path(*SAMPLES)), "--out", str(again))
    assert result.returncode == 0, result.stdout
    for path in (site / "content" / "quizzes" / "platform").glob("*.yml"):
        schema_line, body = path.read_bytes().split(b"\n", 1)  # the schema line is relative to each file
        assert schema_line.startswith(b"# yaml-language-server: $schema=")
        assert (again / "platform" / path.name).read_bytes().split(b"\n", 1)[1] == body
    ids = [q["id"] for p in again.rglob("*.yml") for q in yaml.safe_load(p.read_text(encoding="utf-8"))["questions"]]
    assert all(re.match(ID_PATTERN, i) for i in ids)
    helm = yaml.safe_load((again / "platform/01-helm-basics-quiz.yml").read_text(encoding="utf-8"))
    assert helm["questions"][0]["id"] == "what-does-a-helm-release"


def test_schema_comment_points_at_the_site_schema(imported):
    """Editors find the quiz schema from an imported file's first line, at <site>/schema/quiz.schema.json."""
    site, _ = imported
    first = (site / "content/quizzes/service-mesh/linkerd/basic.yml").read_text(encoding="utf-8").split("\n")[0]
    assert first == "# yaml-language-server: $schema=../../../../schema/quiz.schema.json"


def test_existing_file_is_never_overwritten_without_force(imported, tmp_path):
    """An existing quiz file is left byte for byte unchanged unless --force is given."""
    site, _ = imported
    target = tmp_path / "out" / "platform" / "01-helm-basics-quiz.yml"
    target.parent.mkdir(parents=True)
    mine = "# my own edits\ntitle: {en: Mine}\r\n".encode()
    target.write_bytes(mine)
    page = shared_path(*SAMPLES, "en/quizzes/platform/01-helm-basics-quiz.md")
    result = quizpages(site, "import", str(page), "--out", str(tmp_path / "out"))
    assert result.returncode == 1
    assert "01-helm-basics-quiz.yml: error: already exists; left unchanged (Pass --force" in result.stdout
    assert target.read_bytes() == mine
    assert list(target.parent.iterdir()) == [target]  # no temporary file left behind
    forced = quizpages(site, "import", str(page), "--out", str(tmp_path / "out"), "--force")
    assert forced.returncode == 0, forced.stdout
    text = target.read_text(encoding="utf-8")
    assert "Helm Basics Quiz" in text and "Helm 기초 퀴즈" in text  # the Korean twin came along


def test_next_quiz_links_follow_the_source(imported):
    """Quiz pages link to the next quiz where the source did; a nameless link shows that quiz's title."""
    site, _ = imported
    helm = built_article(site, "en", "platform/01-helm-basics-quiz").select_one(".quizpages-footer")
    assert [a.get_text() for a in helm.find_all("a")] == ["Return to Learning Materials", "Next Quiz: Argo Rollouts"]
    kyverno = built_article(site, "en", "platform/03-kyverno-quiz").select_one(".quizpages-footer")
    link = kyverno.find_all("a")[1]
    assert link.get_text() == "Next Quiz: Linkerd Basics Quiz"
    here = site / "site" / "quizzes" / "platform" / "03-kyverno-quiz"
    assert (here / link["href"] / "index.html").resolve().is_file()
    assert (here / kyverno.find_all("a")[0]["href"] / "index.html").resolve() == \
        site / "site" / "platform" / "kyverno" / "index.html"
    ko = built_article(site, "ko", "platform/03-kyverno-quiz").select_one(".quizpages-footer")
    ko_link = ko.find_all("a")[1]
    assert ko_link.get_text() == "다음 퀴즈: Linkerd Basics Quiz"
    ko_here = site / "site" / "ko" / "quizzes" / "platform" / "03-kyverno-quiz"
    assert (ko_here / ko_link["href"] / "index.html").resolve() == \
        site / "site" / "quizzes" / "service-mesh" / "linkerd" / "basic" / "index.html"


VARIANT = """# Variant Quiz

## Quiz

1. What does `kubectl apply` do?

<details>

<summary>Show Answer</summary>

**Answer: it creates or updates objects from a manifest**

**Explanation:** It compares the live object with the manifest.

</details>

## 실습/응용 문제

2. Scale it.

<details>
<summary>Show answer</summary>
bare prose answer
</details>

---

[Return to learning material](../../x.md) | [Next quiz](./02-y-quiz.md) | [Back to index](../README.md)
"""


def test_variants_outside_the_samples_are_read():
    """Free-text answer labels, inline explanations, other section names and extra footer links are read."""
    page = importer.parse_page("v.md", VARIANT, "en")
    first, second = page.questions
    assert (first.kind, first.answer) == ("short_answer", "it creates or updates objects from a manifest")
    assert first.explanation == "It compares the live object with the manifest."
    assert (second.kind, second.answer) == ("hands_on", "bare prose answer")
    assert (page.learning_material, page.next_link, page.next_title) == ("../../x.md", "./02-y-quiz.md", None)
    assert page.closing == "[Back to index](../README.md)"  # kept, with a warning
    assert any("footer link 'Back to index'" in p.message for p in page.problems)
    assert importer.parse_page("p.md", "# Helm\n\nLearning material.\n", "en") is None
