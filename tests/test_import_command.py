"""The `quizpages import` command: which languages it reads, what it writes, and its end-of-run report."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from quizpages import KINDS
from conftest import ROOT, copy_site, edit_config, quizpages, quizpages_options

FIXTURES = ROOT / "tests" / "fixtures" / "import"
PAGE = "quizzes/no-sections/security-basics.md"


@pytest.fixture
def source(tmp_path) -> Path:
    """A small source site: the no-sections test pages in English and Korean, and one page only in Japanese."""
    for language in ("en", "ko"):
        shutil.copytree(FIXTURES / language / "quizzes" / "no-sections",
                        tmp_path / "old-site" / language / "quizzes" / "no-sections")
    japanese = tmp_path / "old-site" / "ja" / "quizzes" / "no-sections" / "security-basics.md"
    japanese.parent.mkdir(parents=True)
    japanese.write_text((FIXTURES / "en" / PAGE).read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path / "old-site"


@pytest.fixture
def site(tmp_path) -> Path:
    """The bundled site, with the learning pages the test pages link to."""
    site = tmp_path / "site"
    site.mkdir()
    copy_site(site)
    for language in ("en", "ko"):
        for folder in ("security", "observability"):
            shutil.copytree(FIXTURES / language / folder, site / "content" / language / folder)
    return site


def quiz(site: Path, name: str = "no-sections/security-basics") -> dict:
    return yaml.safe_load((site / "content" / "quizzes" / f"{name}.yml").read_text(encoding="utf-8"))


def test_languages_default_to_the_site_languages(site, source):
    """Without --languages, the languages of the site are imported, and other language folders are not."""
    edit_config(site, lambda config: quizpages_options(config).update(languages=["en"]))
    result = quizpages(site, "import", str(source), "--out", "content/quizzes")
    assert result.returncode == 0, result.stdout + result.stderr
    assert quiz(site)["title"] == {"en": "Pod Security Quiz"}
    assert "old-site/ko: note: 2 pages in 'ko' not imported: 'ko' is not in --languages en " \
           "(Pass --languages en,ko to import them too)" in result.stdout
    assert "old-site/ja: note: 1 page in 'ja' not imported" in result.stdout


def test_a_language_left_out_is_never_imported_as_another(site, source):
    """`--languages en` leaves the Korean pages out instead of importing them as English."""
    result = quizpages(site, "import", str(source), "--out", "content/quizzes", "--languages", "en")
    assert result.returncode == 0, result.stdout + result.stderr
    imported = quiz(site)
    assert imported["title"] == {"en": "Pod Security Quiz"} and imported["languages"] == ["en"]
    assert sorted(p.name for p in (site / "content" / "quizzes").iterdir()) == ["ai-ml", "no-sections"]
    assert "'ko' not imported" in result.stdout
    assert quizpages(site, "validate", "--strict").returncode == 0


def test_a_language_the_site_does_not_have_is_refused(site, source):
    """--languages naming a language the site does not build is one located message and exit code 2."""
    result = quizpages(site, "import", str(source), "--out", "content/quizzes", "--languages", "en,ja")
    assert result.returncode == 2
    assert "quizpages import: error: --languages en,ja: ja is not a language of the site (en, ko)" in result.stderr
    assert not (site / "content" / "quizzes" / "no-sections").exists()


def test_report_tables_count_pages_questions_and_warnings(site, source):
    """The run ends with tables: pages read, quizzes written, questions and warnings by kind, pages with warnings."""
    result = quizpages(site, "import", str(source), "--out", "content/quizzes")
    assert result.returncode == 0, result.stdout + result.stderr
    report = result.stderr
    assert "Import report" in report and "Pages read" in report
    rows = {line.split("  ")[1].strip(): line.split()[-1] for line in report.split("\n") if line.startswith("  ")}
    assert (rows["Pages read"], rows["Quizzes written"], rows["multiple_choice"], rows["short_answer"]) == \
        ("4", "2", "7", "0")
    assert rows["header-blockquote: header blockquote kept in the intro"] == "2"
    for language in ("en", "ko"):  # the source is outside the site: shown with its full path
        assert rows[f"{source}/{language}/quizzes/no-sections/observability-basics.md:3"] == "1"
    assert report.rstrip().endswith("4 pages read, 2 quizzes written, 7 questions (7 multiple_choice), 2 warnings")
    assert "old-site/en/quizzes/no-sections/observability-basics.md:3:1: warning: header blockquote" in result.stdout


def test_json_report_gives_the_same_figures_on_stdout(site, source):
    """`--format json` prints one JSON document with the report's figures and every located message."""
    result = quizpages(site, "import", str(source), "--out", "content/quizzes", "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert (report["pages_read"], report["quizzes_written"], report["questions"]) == (
        4, 2, {"total": 7, "by_kind": {kind: 7 if kind == "multiple_choice" else 0 for kind in KINDS.names()}})
    assert report["warnings"] == {"total": 2, "by_kind": {"header-blockquote": 2}}
    pages = [str(source / lang / "quizzes" / "no-sections" / "observability-basics.md") for lang in ("en", "ko")]
    assert report["pages_with_warnings"] == [{"path": path, "line": 3, "warnings": 1} for path in pages]
    message = report["messages"][0]
    assert (message["line"], message["kind"], message["severity"]) == (3, "header-blockquote", "warning")
    assert report["files_written"] == ["content/quizzes/no-sections/observability-basics.yml",
                                       "content/quizzes/no-sections/security-basics.yml"]
    assert "Import report" not in result.stderr


def test_long_runs_show_progress(site, tmp_path):
    """A run of a hundred quizzes or more says how far it got, every 50 quizzes, on stderr."""
    page = (FIXTURES / "en" / PAGE).read_text(encoding="utf-8")
    for n in range(120):
        path = tmp_path / "many" / "en" / "quizzes" / "bulk" / f"q{n:03d}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page, encoding="utf-8")
    result = quizpages(site, "import", str(tmp_path / "many"), "--out", "content/quizzes", "--languages", "en")
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line for line in result.stderr.split("\n") if line.startswith("imported ")] == [
        "imported 50/120 quizzes", "imported 100/120 quizzes", "imported 120/120 quizzes"]
    short = quizpages(site, "import", str(FIXTURES / "en" / PAGE), "--out", str(tmp_path / "one"))
    assert "imported " not in short.stderr


def test_files_name_the_site_schema_from_where_they_belong(site, source, tmp_path):
    """Imported files start with the schema line `quizpages new` writes: relative to where they are in the site,
    and, imported to a folder outside the site, relative to the place in the quizzes folder they are moved to."""
    result = quizpages(site, "import", str(source / "en" / PAGE), "--out", str(tmp_path / "elsewhere"))
    assert result.returncode == 0, result.stdout + result.stderr
    staged = tmp_path / "elsewhere" / "no-sections" / "security-basics.yml"
    first = staged.read_text(encoding="utf-8").split("\n")[0]
    assert first == "# yaml-language-server: $schema=../../../schema/quiz.schema.json"
    destination = site / "content" / "quizzes" / "no-sections"  # where the file is meant to go
    assert (destination / first.split("$schema=")[1]).resolve() == (site / "schema" / "quiz.schema.json").resolve()
    result = quizpages(site, "import", str(source / "en" / PAGE), "--out", "staging")
    assert result.returncode == 0, result.stdout + result.stderr
    inside = (site / "staging" / "no-sections" / "security-basics.yml").read_text(encoding="utf-8").split("\n")[0]
    assert inside == "# yaml-language-server: $schema=../../schema/quiz.schema.json"


def test_a_page_that_is_not_utf8_is_an_error_not_a_traceback(site, tmp_path):
    """A page in another encoding is reported with its path, the others are imported, and the exit code is 1."""
    broken = tmp_path / "old" / "en" / "quizzes" / "latin1.md"
    broken.parent.mkdir(parents=True)
    broken.write_bytes("# Quiz\n\n1. Caf\xe9?\n".encode("latin-1"))
    shutil.copy(FIXTURES / "en" / PAGE, broken.parent / "good.md")
    result = quizpages(site, "import", str(tmp_path / "old"), "--out", "content/quizzes", "--languages", "en")
    assert result.returncode == 1
    assert "old/en/quizzes/latin1.md: error: not UTF-8 text" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr
    assert (site / "content" / "quizzes" / "good.yml").is_file()


def test_a_learning_link_out_of_the_docs_folder_is_fitted_to_the_site(site, source):
    """A source link climbing above the quiz page's folders (`../../../security/...`) becomes the link to the
    site's page it names, with a located warning, and the imported quiz validates."""
    for language in ("en", "ko"):
        page = source / language / PAGE
        page.write_text(page.read_text(encoding="utf-8").replace("](../../security/", "](../../../security/"),
                        encoding="utf-8")
    result = quizpages(site, "import", str(source), "--out", "content/quizzes", "--languages", "en,ko")
    assert result.returncode == 0, result.stdout + result.stderr
    assert quiz(site)["learning_material"].startswith("../../security/")
    assert "warning: the learning link '../../../security/" in result.stdout
    assert quizpages(site, "validate", "content/quizzes/no-sections/security-basics.yml").returncode == 0


ANSWER = "<details>\n<summary>{}</summary>\n\n{}\n</details>\n"
KOREAN_OPTIONS = {"A": "노드", "B": "파드", "C": "서비스"}


def page_pair(root: Path, english_letter: str, korean_letter: str) -> None:
    """A quiz page in English and in Korean whose first question names `english_letter` and `korean_letter`
    as its answer; the questions are otherwise parallel, and only the Korean page has a header and an explanation."""
    english = ("# Pods Quiz\n\n## Multiple Choice Questions\n\n"
               "1. What does `kubectl get pods` list?\n   - A) Nodes\n   - B) Pods\n   - C) Services\n\n"
               + ANSWER.format("Show Answer", f"**Answer: {english_letter}) Pods**")
               + "\n2. Which object runs `nginx` replicas?\n   - A) Deployment\n   - B) ConfigMap\n\n"
               + ANSWER.format("Show Answer", "**Answer: A) Deployment**"))
    korean = ("# 파드 퀴즈\n\n> 검토: 2026-09-12\n\n## 객관식 문제\n\n"
              "1. `kubectl get pods`는 무엇을 보여 주나요?\n   - A) 노드\n   - B) 파드\n   - C) 서비스\n\n"
              + ANSWER.format("정답 보기", f"**정답: {korean_letter}) {KOREAN_OPTIONS[korean_letter]}**")
              + "\n2. `nginx` 복제본을 실행하는 객체는?\n   - A) Deployment\n   - B) ConfigMap\n\n"
              + ANSWER.format("정답 보기", "**정답: A) Deployment**\n\n**설명:** Deployment가 ReplicaSet을 관리합니다."))
    for language, text in (("en", english), ("ko", korean)):
        path = root / language / "quizzes" / "pods" / "pods-quiz.md"
        path.parent.mkdir(parents=True)
        path.write_text(text, encoding="utf-8")


def test_answer_letters_that_differ_keep_one_question_and_say_so(site, tmp_path):
    """English `**Answer: B)**` and Korean `**정답: C)**` for otherwise parallel questions: one question in both
    languages with the English letter, and one warning naming both answer lines and how to fix it."""
    page_pair(tmp_path / "old", "B", "C")
    result = quizpages(site, "import", str(tmp_path / "old"), "--out", "content/quizzes", "--languages", "en,ko")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    first = quiz(site, "pods/pods-quiz")["questions"][0]
    assert "languages" not in first
    assert (first["question"]["en"], first["question"]["ko"], first["answer"]) == (
        "What does `kubectl get pods` list?", "`kubectl get pods`는 무엇을 보여 주나요?", "B")
    english, korean = (tmp_path / "old" / lang / "quizzes" / "pods" / "pods-quiz.md" for lang in ("en", "ko"))
    assert f"{english}:13:1: warning: question 1: the answer letters disagree: B at {english}:13, C at " \
           f"{korean}:15; answer: B kept, the en page's (Check which answer is right and edit `answer:`)" \
           in result.stdout
    assert "not-parallel" not in result.stderr and "no parallel question" not in result.stdout
    assert quizpages(site, "validate", "--strict", "content/quizzes/pods/pods-quiz.yml").returncode == 0


def test_the_warnings_of_a_page_come_in_file_and_line_order(site, tmp_path):
    """Warnings found while reading a page and while pairing the pages are printed sorted by file, then line."""
    page_pair(tmp_path / "old", "B", "B")
    result = quizpages(site, "import", str(tmp_path / "old"), "--out", "content/quizzes", "--languages", "en,ko",
                       "--format", "json")
    assert result.returncode == 0, result.stderr
    places = [(m["path"], m["line"]) for m in json.loads(result.stdout)["messages"] if m["severity"] == "warning"]
    assert len(places) >= 3 and places == sorted(places)
