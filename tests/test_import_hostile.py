"""Real-world source pages as editors left them: other line endings, a BOM, full-width letters, tabs, other answer
labels, blocks in quotes, text on a block's closing line, empty blocks, reordered translations. Each imports
right, or is reported with its page and reason and not written; never a traceback, never an invalid file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from conftest import import_site, quizpages
from hypothesis import given, settings
from hypothesis import strategies as st
from quizpages import load_quiz
from quizpages.load import dump_quiz, importer


EN = """# Mutation Quiz

Intro about `kubectl`.

## Multiple Choice Questions

1. Which port does `prometheus` scrape by default?
   - A) 80
   - B) 9090
   - C) 443
   - D) 22

<details>
<summary>Show Answer</summary>

**Answer: B) 9090**

**Explanation:** Prometheus listens on 9090 alpha.
</details>

2. Which object runs one `Pod` per `Node`?
   - A) Deployment
   - B) StatefulSet
   - C) DaemonSet

<details>
<summary>Show Answer</summary>

**Answer: C**

A DaemonSet runs on every node beta.
</details>

## Short Answer Questions

3. What does `kubectl rollout undo` do?

<details>
<summary>Show Answer</summary>

**Answer:** It rolls back to the previous revision gamma.

**Explanation:** It uses the revision history delta.
</details>

---

[Return to Learning Materials](../../observability/prometheus.md)
"""

KO = """# 변형 퀴즈

`kubectl` 소개.

## 객관식 문제

1. `prometheus`가 기본으로 수집하는 포트는 무엇인가요?
   - A) 80
   - B) 9090
   - C) 443
   - D) 22

<details>
<summary>정답 보기</summary>

**정답: B) 9090**

**설명:** Prometheus는 9090에서 듣습니다 알파.
</details>

2. `Node`마다 `Pod` 하나를 실행하는 객체는 무엇인가요?
   - A) 디플로이먼트
   - B) 스테이트풀셋
   - C) 데몬셋

<details>
<summary>정답 보기</summary>

**정답: C**

DaemonSet은 모든 노드에서 실행됩니다 베타.
</details>

## 단답형 문제

3. `kubectl rollout undo`는 무엇을 하나요?

<details>
<summary>정답 보기</summary>

**정답:** 이전 리비전으로 되돌립니다 감마.

**설명:** 리비전 기록을 씁니다 델타.
</details>

---

[학습 자료로 돌아가기](../../observability/prometheus.md)
"""

LETTERS = ["B", "C"]
WORDS = {"en": ["alpha", "beta", "gamma", "delta"], "ko": ["알파", "베타", "감마", "델타"]}
FULL = str.maketrans("ABCD()", "ＡＢＣＤ（）")


def labels(form: str):
    """Every `**Answer: X...**` / `**정답: X...**` line of a page rewritten in `form` ({label}, {value})."""
    return lambda text: re.sub(r"\*\*(Answer|정답): ([A-D][^*\n]*)\*\*",
                               lambda m: form.format(label=m.group(1), value=m.group(2)), text)


def on_both(change):
    return change, change


# name -> (change to the English page, change to the Korean page); each page must import as the plain ones do
VARIANTS = {
    "crlf": on_both(lambda t: t.replace("\n", "\r\n")),
    "cr": on_both(lambda t: t.replace("\n", "\r")),
    "bom-crlf": on_both(lambda t: "\ufeff" + t.replace("\n", "\r\n")),
    "trailing-spaces": on_both(lambda t: t.replace("\n", "  \n")),
    "trailing-tabs": on_both(lambda t: t.replace("\n", "\t\n")),
    "tab-indented-options": on_both(lambda t: t.replace("   - ", "\t- ")),
    "tab-after-marker": on_both(lambda t: t.replace("   - ", "   -\t")),
    "full-width-answer": on_both(lambda t: re.sub(r"(\*\*(?:Answer|정답): )([A-D])",
                                                  lambda m: m.group(1) + m.group(2).translate(FULL), t)),
    "full-width-options": on_both(lambda t: re.sub(r"(?m)^(   - )([A-D])\)",
                                                   lambda m: m.group(1) + (m.group(2) + ")").translate(FULL), t)),
    "full-width-colon": on_both(lambda t: t.replace("**Answer: ", "**Answer： ").replace("**정답: ", "**정답： ")),
    "korean-full-width-letter": (lambda t: t, lambda t: re.sub(r"\*\*정답: ([A-D])([^*\n]*)\*\*",
                                                                lambda m: f"정답: {m.group(1).translate(FULL)}", t)),
    "label-colon-inside": on_both(labels("**{label}:** {value}")),
    "label-colon-outside": on_both(labels("**{label}**: {value}")),
    "label-dash": on_both(labels("{label} - {value}")),
    "label-bold-dash": on_both(labels("**{label}** - {value}")),
    "label-em-dash": on_both(labels("**{label}** — {value}")),
    "label-heading": on_both(labels("#### {label}\n\n{value}")),
    "label-html": on_both(labels("<p><strong>{label}</strong>: {value}</p>")),
    "korean-bracket-label": (lambda t: t, labels("**[{label}]** {value}")),
    "korean-answer-sentence": (lambda t: t, lambda t: re.sub(r"\*\*정답: ([A-D])[^*\n]*\*\*", r"**정답은 \1입니다.**", t)),
    "korean-haeseol": (lambda t: t, lambda t: t.replace("**설명:**", "**해설:**")),
    "korean-haeseol-outside": (lambda t: t, lambda t: t.replace("**설명:**", "**해설**:")),
    "korean-puli": (lambda t: t, lambda t: t.replace("**설명:**", "**풀이:**")),
    "zero-width-space": on_both(lambda t: t.replace("**Answer: C**", "**Answer:\u200b C**")),
    "nested-lists": on_both(lambda t: t.replace("   - B) 9090", "   - B) 9090\n     - the default").replace(
        "every node beta.", "every node beta:\n\n- one\n  - nested one\n- two")),
    "numbered-steps-in-answer": on_both(lambda t: re.sub(r"(beta\.)\n</details>", r"\1\n\n1. First\n2. Second\n</details>", t)),
    "blockquoted-details": on_both(lambda t: re.sub(r"(?s)<details>.*?</details>", lambda m: "\n".join(
        "> " + line if line else ">" for line in m.group(0).split("\n")), t)),
    "text-after-closing-tag": on_both(lambda t: t.replace("</details>\n\n2.", "</details> Keep epsilon.\n\n2.")),
    "text-before-opening-tag": on_both(lambda t: t.replace("\n\n<details>\n<summary>Show Answer</summary>\n\n**Answer: C",
                                                           "\n\nThink epsilon. <details>\n<summary>Show Answer</summary>"
                                                           "\n\n**Answer: C")),
    "reordered-korean": (lambda t: t, lambda t: swap_first_questions(t)),
}


def swap_first_questions(text: str) -> str:
    """The page with its first two questions asked the other way round (renumbered)."""
    head, first, rest = re.split(r"(?m)^(?=[12]\. )", text)[0], *re.split(r"(?m)^(?=[12]\. )", text)[1:]
    cut = rest.index("## ")
    second, tail = rest[:cut], rest[cut:]
    return head + "1." + second[2:] + "2." + first[2:] + tail


def words_of(text: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]{3,}", re.sub(r"<[^>]*>", " ", text)))


# Words a quiz file says in its own way: labels, section headings (kinds), the footer (learning_material).
STRUCTURE = words_of(" ".join(line for line in (EN + KO).split("\n") if line.startswith(("## ", "["))))
STRUCTURE |= {"details", "summary", "Show", "Answer", "Explanation", "정답", "보기", "설명", "해설", "풀이", "strong",
              "입니다", "정답은", "B입니다", "C입니다"}


def strings(value) -> str:
    if isinstance(value, dict):
        return " ".join(strings(v) for v in value.values())
    if isinstance(value, list):
        return " ".join(strings(v) for v in value)
    return str(value) if value is not None else ""


@pytest.fixture(scope="module")
def hunted(tmp_path_factory):
    """Every variant imported in one run into a copy of the bundled site, with JSON report."""
    root = tmp_path_factory.mktemp("hostile")
    site = import_site(root)
    for name, (change_en, change_ko) in VARIANTS.items():
        for language, text in (("en", change_en(EN)), ("ko", change_ko(KO))):
            path = root / "old" / language / "quizzes" / "hostile" / f"{name}.md"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text.encode("utf-8"))
    result = quizpages(site, "import", str(root / "old"), "--out", "content/quizzes", "--languages", "en,ko",
                       "--format", "json")
    return site, root / "old", result


def test_hostile_variants_import_without_an_error_and_validate(hunted):
    """The run over every variant reports no error and leaves nothing out, and its files pass `validate
    --strict`: no traceback, no file the site's own check refuses."""
    site, _, result = hunted
    assert "Traceback" not in result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert (result.returncode, report["errors"], report["left_out"], report["pages_left_out"],
            report["not_translations"]) == (0, [], [], [], [])
    assert len(report["files_written"]) == len(VARIANTS)
    checked = quizpages(site, "validate", "--strict")
    assert checked.returncode == 0, checked.stdout


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_variant_keeps_every_right_letter_and_answer_of_each_language(hunted, name):
    """However the page was typed, each language's quiz names the right letters, and holds each language's
    answers and explanations (nothing of one language on the other's question), with every word of the page."""
    site, old, _ = hunted
    quiz = yaml.safe_load((site / "content" / "quizzes" / "hostile" / f"{name}.yml").read_text(encoding="utf-8"))
    assert "languages" not in quiz
    choices = [q for q in quiz["questions"] if q["kind"] == "multiple_choice"]
    assert [q["answer"] for q in choices] == LETTERS
    assert [q.get("languages") for q in quiz["questions"]] == [None, None, None]
    for language, words in WORDS.items():
        held = [strings({k: (v.get(language) if isinstance(v, dict) else v) for k, v in q.items()})
                for q in quiz["questions"]]
        assert [next((n for n, text in enumerate(held) if word in text), None) for word in words] == [0, 1, 2, 2]
        page = (old / language / "quizzes" / "hostile" / f"{name}.md").read_text(encoding="utf-8-sig")
        shown = words_of(strings(quiz))
        assert words_of(page) - shown <= STRUCTURE, language


def page_of(text: str, language: str = "en", path: str = "p.md"):
    return importer.parse_page(path, text, language)


def test_text_after_a_closing_tag_is_kept_as_the_next_paragraph_at_its_own_line():
    """`</details> More text` on one line: the text is kept (after the answer, as the page showed it), and the
    warnings after it still point at the page's own lines."""
    text = EN.replace("</details>\n\n2.", "</details> More text epsilon.\n\n2.").replace(
        "```", "").replace("delta.\n</details>", "delta.\n</details> Closing zeta.")
    page = page_of(text)
    assert "More text epsilon." in page.questions[0].explanation
    assert "Closing zeta." in page.closing
    lines = text.split("\n")
    for finding in page.findings:
        if finding.kind in ("between-questions", "closing-text"):
            assert lines[finding.problem.source.line - 1].startswith("</details> ")
    assert [q.line for q in page.questions] == [lines.index(x) + 1 for x in lines if re.match(r"^[123]\. ", x)]


def test_an_answer_block_in_a_blockquote_is_the_questions_answer():
    """`> <details>` ... `> </details>`: the question gets its letter and explanation, with a warning."""
    text = re.sub(r"(?s)<details>.*?</details>", lambda m: "\n".join(
        "> " + line if line else ">" for line in m.group(0).split("\n")), EN, count=1)
    page = page_of(text)
    assert (page.questions[0].answer_key, page.questions[0].explanation) == ("B", "Prometheus listens on 9090 alpha.")
    assert [f.kind for f in page.findings] == ["quoted-details"]


def test_a_heading_or_numbered_steps_inside_an_answer_block_stay_in_it():
    """`#### Why` or `1. First` inside a block is the answer's own, not the start of what follows an unclosed
    block: no 'unclosed' or 'stray' warning, and the text stays in the explanation."""
    text = EN.replace("**Explanation:** It uses", "#### Why\n\nIt uses").replace(
        "every node beta.", "every node beta.\n\n1. First step\n2. Second step")
    page = page_of(text)
    assert page.findings == []
    assert "1. First step\n2. Second step" in page.questions[1].explanation
    assert "#### Why\n\nIt uses the revision history delta." in page.questions[2].answer


@pytest.mark.parametrize("line, letter", [
    ("**Answer: Ｂ) 9090**", "B"), ("**Answer: （Ｂ）**", "B"), ("**Answer：** Ｂ", "B"), ("정답: Ｂ", "B"),
    ("Answer - B", "B"), ("**Answer** - B) 9090", "B"), ("**Answer** — B", "B"), ("#### Answer\n\nB) 9090", "B"),
    ("**[정답]** B", "B"), ("【정답】 B", "B"), ("**정답은 B입니다.**", "B"), ("정답: B번", "B"),
    ("**Answer:\u200b B**", "B")])
def test_answer_lines_as_editors_typed_them_name_their_letter(line, letter):
    """Full-width letters and signs, dashes for colons, a heading label, Korean brackets and sentences: the right
    letter is read, with no warning that the answer names none."""
    page = page_of(EN.replace("**Answer: B) 9090**", line))
    assert page.questions[0].answer_key == letter
    assert "answer-no-letter" not in [f.kind for f in page.findings]


def test_full_width_option_marks_are_options():
    """`- Ａ） 80` lines are the question's options, their text kept as written."""
    page = page_of(re.sub(r"(?m)^(   - )([A-D])\)", lambda m: m.group(1) + (m.group(2) + ")").translate(FULL),
                          EN.replace("   - C) 443", "   - C) 443（기본값 아님）")))
    assert page.questions[0].options == ["80", "9090", "443（기본값 아님）", "22"]
    assert page.questions[0].answer_key == "B"


def test_an_option_with_a_list_under_it_is_named_by_its_first_line():
    """`**Answer: B) 9090**` where option B has a nested list: no warning that the answer's text differs."""
    page = page_of(EN.replace("   - B) 9090", "   - B) 9090\n     - the default"))
    assert page.questions[0].options[1] == "9090\n- the default"
    assert page.findings == []


def two_pages(en: str, ko: str):
    pages = {"en": page_of(en, "en", "en.md"), "ko": page_of(ko, "ko", "ko.md")}
    return importer.import_pages("x/mutation", pages, ("en", "ko"))


def test_a_translation_asking_its_questions_in_another_order_is_paired_by_content(tmp_path):
    """A Korean page with the same questions in another order is one quiz: each Korean question, option and
    explanation sits on its English question, the letters agree, and a warning names the moved question."""
    [result], separate = two_pages(EN, swap_first_questions(KO))
    assert separate == []
    quiz = result.quiz
    assert [q.body.answer for q in quiz.questions[:2]] == LETTERS
    assert quiz.questions[0].explanation.by_language["ko"].endswith("알파.")
    assert quiz.questions[1].body.options[2].by_language == {"en": "DaemonSet", "ko": "데몬셋"}
    assert all(q.languages is None for q in quiz.questions)
    [moved] = [f for f in result.findings if f.kind == "reordered"]
    assert (moved.problem.source.path, moved.problem.source.line) == ("ko.md", 7)
    path = tmp_path / "mutation.yml"
    path.write_text(dump_quiz(quiz), encoding="utf-8")
    assert load_quiz(str(path), "x/mutation", ("en", "ko"))[1] == []


def test_reordered_questions_whose_letters_differ_make_a_quiz_per_language():
    """The same questions in another order, but other right letters on both moved ones: not a translation;
    each language keeps its own letters, with the evidence."""
    ko = swap_first_questions(KO).replace("**정답: C**", "**정답: A**").replace("**정답: B) 9090**", "**정답: D) 22**")
    results, [separate] = two_pages(EN, ko)
    assert [[q.body.answer for q in r.quiz.questions if q.kind == "multiple_choice"] for r in results] == [
        ["B", "C"], ["A", "D"]]
    assert separate.evidence.startswith("answer letters differ on 2 of 2 questions")


def test_questions_unlike_each_other_are_not_paired_out_of_order():
    """Moved questions are paired only on shared code, numbers and names: a Korean question about other objects
    is not put on an English one, whatever its place."""
    ko = swap_first_questions(KO).replace("`Node`마다 `Pod`", "`Service`마다 `Endpoint`")
    [result], _ = two_pages(EN, ko)
    assert "reordered" not in [f.kind for f in result.findings]
    only = {q.languages: q.prompt for q in result.quiz.questions if q.languages}
    assert only[("en",)].by_language == {"en": "Which object runs one `Pod` per `Node`?"}
    assert set(only) == {("en",), ("ko",)} and "`Service`" in only[("ko",)].by_language["ko"]


@pytest.fixture
def site(tmp_path) -> Path:
    return import_site(tmp_path)


def write(root: Path, name: str, en: str | None, ko: str | None) -> None:
    for language, text in (("en", en), ("ko", ko)):
        if text is not None:
            path = root / language / "quizzes" / "hostile" / f"{name}.md"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")


def test_an_empty_answer_block_leaves_its_quiz_out_with_the_page_line_and_reason(site, tmp_path):
    """A question whose answer block is empty has no answer to import: its quiz is not written (no made-up
    answer), the report names the page, the line and the fix, the other quizzes are written, exit 1."""
    empty = re.sub(r"(?s)(3\. [^\n]*\n\n<details>\n<summary>[^<]*</summary>\n).*?(</details>)", r"\1\2", EN)
    write(tmp_path / "old", "empty", empty, None)
    write(tmp_path / "old", "fine", EN, KO)
    result = quizpages(site, "import", str(tmp_path / "old"), "--out", "content/quizzes", "--format", "json")
    report = json.loads(result.stdout)
    assert result.returncode == 1
    quizzes = site / "content" / "quizzes" / "hostile"
    assert not (quizzes / "empty.yml").exists() and (quizzes / "fine.yml").is_file()
    page = tmp_path / "old" / "en" / "quizzes" / "hostile" / "empty.md"
    line = empty.split("\n").index("<details>", empty.split("\n").index(
        "3. What does `kubectl rollout undo` do?")) + 1
    [left] = report["left_out"]
    assert left["reasons"] == [f"{page}:{line}: question 3: its answer block is empty, so there is no answer to "
                               "import (Write the answer (or the right option's letter) in the block and import "
                               "again)"]
    assert report["errors"] == [f"{page}:{line}: error: not imported: content/quizzes/hostile/empty.yml left out: "
                                + left["reasons"][0].split(": ", 1)[1]]
    assert quizpages(site, "validate", "--strict").returncode == 0


def test_a_page_with_no_questions_is_listed_with_its_reason(site, tmp_path):
    """An English page whose answer blocks are gone, beside a Korean quiz: the English page is listed as left
    out with why; the Korean quiz is written in Korean only, saying the English page holds no quiz."""
    bare = re.sub(r"(?s)<details>.*?</details>", "", EN)
    write(tmp_path / "old", "bare", bare, KO)
    result = quizpages(site, "import", str(tmp_path / "old"), "--out", "content/quizzes", "--format", "json")
    report = json.loads(result.stdout)
    page = tmp_path / "old" / "en" / "quizzes" / "hostile" / "bare.md"
    assert report["pages_left_out"] == [{"page": str(page), "reason": "no <details> answer block: its 3 numbered "
                                         "lines or headings that may be questions have no answers to import"}]
    assert yaml.safe_load((site / "content" / "quizzes" / "hostile" / "bare.yml").read_text(
        encoding="utf-8"))["languages"] == ["ko"]
    assert any(m["kind"] == "one-language" and m["message"].startswith(
        "the en page at this path has no answer block, so it is no quiz") for m in report["messages"])
    text = quizpages(site, "import", str(tmp_path / "old"), "--out", str(tmp_path / "again"))
    assert f"Pages left out (no quiz imported from them)\n  {page}: no <details> answer block" in text.stderr


def test_a_page_that_is_not_utf8_is_listed_with_its_reason(site, tmp_path):
    """A page saved in another encoding: an error naming the page and the fix, listed among the pages left out."""
    write(tmp_path / "old", "latin", None, None)
    path = tmp_path / "old" / "en" / "quizzes" / "hostile" / "latin.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(EN.replace("Intro", "Intro caf\u00e9").encode("latin-1"))
    result = quizpages(site, "import", str(tmp_path / "old"), "--out", "content/quizzes", "--format", "json")
    report = json.loads(result.stdout)
    [left] = report["pages_left_out"]
    assert left["page"] == str(path) and left["reason"].startswith("not UTF-8 text (")
    assert result.returncode == 1 and "Traceback" not in result.stdout + result.stderr


KO_SHUFFLED = KO.replace("   - A) 80\n   - B) 9090\n   - C) 443\n   - D) 22",
                         "   - A) 9090\n   - B) 80\n   - C) 22\n   - D) 443")


def test_a_translation_listing_the_options_in_another_order_keeps_each_readers_right_option():
    """The Korean page lists question 1's options in another order and so names 9090 by another letter: one
    quiz whose Korean options are in the English order, so the one answer letter is each reader's 9090."""
    [result], separate = two_pages(EN, KO_SHUFFLED.replace("**정답: B) 9090**", "**정답: A) 9090**"))
    assert separate == []
    question = result.quiz.questions[0]
    assert question.body.answer == "B"
    assert [o.by_language.get("ko", o.neutral) for o in question.body.options] == ["80", "9090", "443", "22"]
    kinds = [f.kind for f in result.findings]
    assert "options-reordered" in kinds and "answer-letters-differ" not in kinds


def test_options_in_another_order_naming_another_right_option_are_a_differing_letter():
    """Reordered options whose letter names another option (22, not 9090): the Korean options are still written
    in the English order, so the kept English letter is 9090 for Korean readers too, and the disagreement is
    warned about at both answer lines."""
    [result], _ = two_pages(EN, KO_SHUFFLED.replace("**정답: B) 9090**", "**정답: C) 22**"))
    kinds = [f.kind for f in result.findings]
    assert "options-reordered" in kinds and "answer-letters-differ" in kinds
    question = result.quiz.questions[0]
    assert question.body.answer == "B"
    assert [o.by_language.get("ko", o.neutral) for o in question.body.options] == ["80", "9090", "443", "22"]


FRAGMENTS = ["<details>", "</details>", "<summary>Show Answer</summary>", "<details><summary>정답 보기</summary>",
             "> <details>", "> </details>", ">", "", "1. Which `Pod`?", "## 2. What?", "### Question 3: Title",
             "   - A) one", "   - B) two", "- Ａ） 하나", "a) x", "**Answer: B**", "**정답: Ｃ**", "Answer - A",
             "**Answer:**", "**Explanation:**", "해설: 이유", "```bash", "```", "```</details>", "~~~", "---",
             "# Title", "text </details> after", "before <details>", "<p><strong>Answer</strong>: A) one</p>",
             "<pre><code>", "</code></pre>", "[Return to Learning Materials](../x.md)", "\t- C) tab", "---",
             "title: x", "<endpoint-id>", "\ufeff", "\u200b", "정답은 B입니다.", "#### Answer", "  - nested"]


@settings(deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=40), st.lists(st.sampled_from(FRAGMENTS), max_size=40),
       st.sampled_from(["\n", "\r\n", "\r"]))
def test_no_arrangement_of_the_formats_pieces_raises(en, ko, newline):
    """Any page made of the format's pieces, in any order and with any line ending, is read or refused without
    an exception: the run reports, it never stops with a traceback."""
    pages = {lang: page for lang, lines in (("en", en), ("ko", ko))
             if (page := importer.parse_page(f"{lang}.md", newline.join(lines), lang, frozenset({"p", "strong"})))}
    if pages:
        for result in importer.import_pages("x/junk", pages, ("en", "ko"))[0]:
            dump_quiz(result.quiz)
    for lines in (en, ko):
        importer.why_no_quiz(newline.join(lines))
