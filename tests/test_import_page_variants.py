"""`quizpages import` on pages written the way every era of the source site wrote them.

Each folder of tests/fixtures/import/<lang>/quizzes/ holds test pages of one category of
variation (see the issue "Import the whole real site"); the other folders there are the
learning pages they link to. Every page must import, validate and build with --strict,
and a reader must find the source page's words in the built page, in order.
"""

from __future__ import annotations

import difflib
import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, build, copy_site, quizpages, soup
from markdown_it import MarkdownIt

FIXTURES = ROOT / "tests" / "fixtures" / "import"
PAGES = sorted(str(p.relative_to(FIXTURES)) for p in FIXTURES.glob("*/quizzes/**/*.md"))
CATEGORIES = {"no-sections", "question-headings", "section-titles", "options", "summaries", "answer-lines",
              "headers", "footers", "trailing-sections", "content", "languages", "answer-blocks", "placeholders",
              "hands-on"}
RATIO = 0.97

# The source's own structure, which the quiz page writes with its own labels: summaries that only say
# "Show Answer", section headings that only name a kind of question, question numbers, answer and
# explanation labels, and the footer's links.
LABEL_SUMMARY = re.compile(r"^\s*<summary>(show answer|view answer|answer & explanation|정답 보기|정답 및 설명|"
                           r"정답 및 해설)</summary>\s*$", re.IGNORECASE)
KIND_HEADING = re.compile(r"^#{2,3}\s+(quiz questions|questions|퀴즈 문제|(multiple choice|short answer|hands-on)"
                          r"( questions)?|객관식( 문제)?|주관식( 문제)?|서술형|단답형( 문제)?|실습( 문제)?)"
                          r"(\s*\(\d+-\d+\))?\s*$", re.IGNORECASE)
QUESTION_NUMBER = re.compile(r"^(#{2,3}\s+)(question\s+\d+:\s*|\d+\.\s+)", re.IGNORECASE)
LETTER_ANSWER = re.compile(r"^(?:\*\*(?:answer|정답)\s*:\s*(?:\*\*\s*)?|<p><strong>(?:answer|정답):?</strong>:?\s*)"
                           r"\(?([A-Ea-e])\)?(?=[).*<]|$)", re.IGNORECASE)
LABEL = re.compile(r"\*\*(answer|정답|답변|explanation|설명|해설)\s*:\s*\*\*\s*|<strong>(answer|정답|explanation|설명)"
                   r":?</strong>:?\s*", re.IGNORECASE)
FOOTER_LABEL = re.compile(r"return to|back to study|학습 자료로|가이드로|next quiz|다음 퀴즈", re.IGNORECASE)
PLACEHOLDER = re.compile(r"</?([A-Za-z][\w-]*)[^<>]*>")
HTML_ON_PAGES = {"details", "summary", "p", "strong", "code", "pre", "br", "a", "em", "b", "i", "ul", "ol", "li"}
BUILT_LABELS = {"Answer:", "Explanation:", "정답:", "설명:"}
BUILT_SECTIONS = {"Multiple Choice Questions", "Short Answer Questions", "Hands-on Questions", "객관식 문제",
                  "단답형 문제", "실습 문제"}


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    """The bundled site plus the test pages' learning pages, every test page imported, validated, built."""
    site = copy_site(tmp_path_factory.mktemp("variants"))
    for language in ("en", "ko"):
        for folder in (FIXTURES / language).iterdir():
            if folder.name != "quizzes":
                shutil.copytree(folder, site / "content" / language / folder.name)
    result = quizpages(site, "import", str(FIXTURES), "--out", "content/quizzes")
    assert result.returncode == 0, result.stdout + result.stderr
    validated = quizpages(site, "validate", "--strict")
    build(site)
    return site, result, validated


def quiz_id(page: str, site: Path | None = None) -> str:
    """The quiz a test page became: its path, or `<path>.<lang>` for a page that is not a translation."""
    language, _, rest = page.split("/", 2)
    own = f"{rest[: -len('.md')]}.{language}"
    if site is not None and (site / "content" / "quizzes" / f"{own}.yml").is_file():
        return own
    return rest[: -len(".md")]


def quiz_file(site: Path, page: str) -> dict:
    return yaml.safe_load((site / "content" / "quizzes" / f"{quiz_id(page, site)}.yml").read_text(encoding="utf-8"))


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def source_words(page: Path) -> list[str]:
    """The words a reader of the source page sees, in order, without what the quiz page writes with labels
    of its own (and without the right letter, which is compared one for one instead)."""
    lines = page.read_text(encoding="utf-8").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    if lines and FOOTER_LABEL.search(lines[-1]):
        lines.pop()
    kept = []
    for line in lines:
        if LABEL_SUMMARY.match(line) or KIND_HEADING.match(line) or LETTER_ANSWER.match(line.strip()):
            continue
        kept.append(LABEL.sub("", QUESTION_NUMBER.sub(r"\1", line)))
    text = PLACEHOLDER.sub(lambda m: m.group(0) if m.group(1).lower() in HTML_ON_PAGES else "&lt;" + m.group(0)[1:],
                           "\n".join(kept))  # the source site showed `<endpoint-id>` as text
    html = MarkdownIt("commonmark", {"html": True}).enable("table").render(text)
    return words(soup_of(html).get_text(" "))


def soup_of(html: str):
    from bs4 import BeautifulSoup
    return BeautifulSoup(html, "html.parser")


def built(site: Path, page: str):
    language = page.split("/", 1)[0]
    prefix = "" if language == "en" else f"{language}/"
    return soup(site / "site" / f"{prefix}quizzes/{quiz_id(page, site)}/index.html").select_one("article")


def built_words(site: Path, page: str) -> list[str]:
    article = built(site, page)
    for element in article.select("a.headerlink, summary, .quizpages-footer"):
        element.decompose()
    for heading in article.find_all("h2"):
        if heading.get_text().strip() in BUILT_SECTIONS:
            heading.decompose()
    for details in article.select("details.quizpages-answer"):
        question = details.find_previous_sibling("ol")
        first = details.find("p")
        if question is not None and question.get("data-kind") == "multiple_choice" and first is not None:
            first.decompose()  # "Answer: B) option text": the letter is compared apart
    for label in article.find_all("strong"):
        if label.get_text().strip() in BUILT_LABELS:
            label.decompose()
    return words(article.get_text(" "))


def source_letters(page: Path) -> list[str]:
    return [m.group(1).upper() for line in page.read_text(encoding="utf-8").split("\n")
            if (m := LETTER_ANSWER.match(line.strip()))]


def test_every_category_has_test_pages_in_both_languages():
    """Each category of variation the real site holds has test pages, in English and in Korean."""
    for language in ("en", "ko"):
        assert {Path(p).parts[2] for p in PAGES if p.startswith(language)} == CATEGORIES


def test_every_test_page_becomes_a_quiz(imported):
    """A page with an answer block is never skipped: every test page has its quiz file."""
    site, result, _ = imported
    assert "quizzes/" not in "".join(x for x in result.stdout.split("\n") if "no quiz on this page" in x)
    for page in PAGES:
        assert (site / "content" / "quizzes" / f"{quiz_id(page, site)}.yml").is_file(), page


def test_imported_test_pages_validate_without_warnings(imported):
    """Every imported file passes `quizpages validate --strict` with nothing to report."""
    _, _, validated = imported
    assert validated.returncode == 0, validated.stdout + validated.stderr
    assert "0 errors, 0 warnings" in validated.stderr


@pytest.mark.parametrize("page", PAGES)
def test_built_page_keeps_the_source_words_in_order(imported, page):
    """A reader of the built page reads the source page's words in the source's order."""
    site, _, _ = imported
    expected, actual = source_words(FIXTURES / page), built_words(site, page)
    assert len(expected) > 50
    ratio = difflib.SequenceMatcher(None, expected, actual, autojunk=False).ratio()
    assert ratio >= RATIO, f"{page}: {ratio:.3f}"


@pytest.mark.parametrize("page", PAGES)
def test_answer_letters_are_kept_one_for_one(imported, page):
    """Every right letter the source page gives, however it is written, is the built page's answer key."""
    site, _, _ = imported
    letters = [json.loads(ol["data-check"])["answer"]
               for ol in built(site, page).select("ol.quizpages-question[data-kind=multiple_choice]")]
    assert letters == source_letters(FIXTURES / page)


def test_reimporting_gives_the_same_bytes(imported, tmp_path):
    """Importing the same pages twice writes the same files, byte for byte."""
    site, _, _ = imported
    again = site / "content" / "again"
    result = quizpages(site, "import", str(FIXTURES), "--out", "content/again")
    assert result.returncode == 0, result.stdout
    first = sorted((site / "content" / "quizzes").rglob("*.yml"))
    assert [p.relative_to(site / "content" / "quizzes") for p in first if "ai-ml" not in p.parts] == \
        [p.relative_to(again) for p in sorted(again.rglob("*.yml"))]
    for path in first:
        if "ai-ml" not in path.parts:
            assert (again / path.relative_to(site / "content" / "quizzes")).read_bytes() == path.read_bytes()
    shutil.rmtree(again)


def test_lower_case_options_under_multiple_choice_stay_options(imported):
    """`a. ...` and `a) ...` options are options, and `**Answer: b**` is the letter B."""
    site, _, _ = imported
    quiz = quiz_file(site, "en/quizzes/options/database-lowercase.md")
    assert [(q["kind"], len(q["options"]), q["answer"]) for q in quiz["questions"]] == [
        ("multiple_choice", 4, "B"), ("multiple_choice", 4, "B"), ("multiple_choice", 3, "A")]
    assert quiz["questions"][0]["options"][1] == {"en": "Promotes a replica and points the read-write Service at it"}


def test_letter_only_answers_in_any_form_keep_their_letter(imported):
    """`**Answer: (A)**` and `**Answer: A)**` give `answer: A`, not null."""
    site, _, _ = imported
    for language in ("en", "ko"):
        page = f"{language}/quizzes/answer-lines/security-answer-forms.md"
        answers = [q.get("answer") for q in quiz_file(site, page)["questions"]]
        assert answers[:5] == ["B", "B", "D", "A", "A"]


def test_letter_and_text_that_disagree_are_a_located_warning(imported):
    """The letter becomes the answer; the differing text is kept and reported at the answer block."""
    site, result, _ = imported
    quiz = quiz_file(site, "en/quizzes/answer-lines/data-key-mismatch.md")
    assert quiz["questions"][1]["answer"] == "C"
    assert "Nothing: existing records stay where they are" in quiz["questions"][1]["explanation"]["en"]
    assert ("answer-lines/data-key-mismatch.md:24:1: warning: question 2: the answer names C, but its text "
            "differs from option C (that is option A's text)") in result.stdout


def test_a_question_that_is_only_a_title_takes_its_question_from_the_summary(imported):
    """`### Question 3: DNS egress` with the question in `<summary>` keeps both."""
    site, _, _ = imported
    question = quiz_file(site, "en/quizzes/question-headings/networking-titled.md")["questions"][2]
    assert question["title"] == {"en": "DNS egress", "ko": "DNS egress"} or question["title"] == "DNS egress"
    assert question["question"]["en"] == "Why do egress policies usually need a rule for port 53?"
    assert question["question"]["ko"].startswith("egress 정책에")


def test_questions_one_language_adds_stay_in_that_language(imported):
    """A Korean page that adds questions pairs the rest with the English ones; the additions are Korean only."""
    site, result, _ = imported
    questions = quiz_file(site, "en/quizzes/languages/intro-korean-longer.md")["questions"]
    assert [q.get("languages") for q in questions] == [None, None, ["ko"], None, None, ["ko"]]
    assert "ko/quizzes/languages/intro-korean-longer.md:35:1: warning: question 3 has no parallel question" \
        in result.stdout
    other = quiz_file(site, "en/quizzes/languages/networking-not-parallel.md")["questions"]
    assert [(q.get("languages"), q["answer"] if q["kind"] == "multiple_choice" else q["kind"]) for q in other] == [
        (None, "B"), (["en"], "A"), (["ko"], "B"), (None, "short_answer")]


def test_pages_in_one_language_declare_it(imported):
    """An English-only and a Korean-only page each become a quiz that declares its one language."""
    site, _, _ = imported
    assert quiz_file(site, "en/quizzes/languages/storage-english-only.md")["languages"] == ["en"]
    assert quiz_file(site, "ko/quizzes/languages/data-korean-only.md")["languages"] == ["ko"]


def test_section_headings_that_say_more_than_a_kind_are_kept(imported):
    """"Advanced" and "고급 주제" sections keep their words, in the title of their question, with a warning."""
    site, result, _ = imported
    question = quiz_file(site, "en/quizzes/section-titles/governance-sections.md")["questions"][5]
    assert question["title"] == {"en": "Advanced", "ko": "고급 주제"}
    assert "governance-sections.md:66:1: warning: section heading 'Advanced' kept in the title" in result.stdout
    assert [q["kind"] for q in quiz_file(site, "ko/quizzes/section-titles/governance-sections.md")["questions"]] == \
        ["multiple_choice"] * 3 + ["short_answer"] * 3 + ["hands_on"]


def test_headers_footers_and_trailing_sections_are_kept_where_they_belong(imported):
    """Header blockquotes are the intro, footer links the quiz's links, trailing sections its closing."""
    site, result, _ = imported
    related = quiz_file(site, "en/quizzes/headers/networking-related.md")
    assert related["intro"]["en"].startswith("> **Related Document**: [Network Policies]")
    study = quiz_file(site, "en/quizzes/footers/gitops-study-next.md")
    assert (study["learning_material"], study["next"]) == (
        "../../gitops/argo-cd.md", {"link": "./gitops-return-guide.md",
                                    "title": {"en": "GitOps Workflows", "ko": "GitOps 워크플로"}})
    guide = quiz_file(site, "en/quizzes/footers/gitops-return-guide.md")
    assert guide["learning_material"] == "../../gitops/argo-cd.md"
    closing = quiz_file(site, "en/quizzes/footers/governance-closing-paragraph.md")["closing"]
    assert closing["en"].startswith("Well done!")
    assert "learning_material" not in quiz_file(site, "en/quizzes/footers/governance-no-footer.md")
    scoring = quiz_file(site, "en/quizzes/trailing-sections/ops-official-evidence.md")["closing"]["en"]
    assert scoring.startswith("**Scoring:**") and "## Official evidence" in scoring
    assert "headers/ops-reviewed.md:5:1: warning: links above the first question kept in the intro" in result.stdout


def test_lists_keep_their_shape_on_the_built_page(imported):
    """Lists nested by two spaces stay nested, and a list right under `**Scoring:**` stays a list."""
    site, _, _ = imported
    answer = built(site, "en/quizzes/content/autoscaling-content.md").select("details")[4]
    assert [len(li.select("ul > li")) for li in answer.select(":scope > ul > li")] == [1, 1, 0]
    closing = built(site, "en/quizzes/trailing-sections/ops-official-evidence.md")
    assert [li.get_text() for li in closing.find("strong", string="Scoring:").find_next("ul").select("li")] == [
        "2 correct: well done", "1 correct: read the change management chapter again",
        "0 correct: start with the learning material"]
