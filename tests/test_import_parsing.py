"""Reading one source page: the cases no test page shows on its own, each a page in a few lines."""

from __future__ import annotations

from quizpages import load_quiz
from quizpages.kinds.multiple_choice import MultipleChoice
from quizpages.load import dump_quiz, importer
from quizpages.model import Question, Quiz, Text

ANSWER = "<details>\n<summary>Show Answer</summary>\n\n{}\n</details>\n"


def parse(text: str):
    page = importer.parse_page("p.md", text, "en")
    assert page is not None
    return page


def kinds_of(page) -> list[str]:
    return [finding.kind for finding in page.findings]


def test_a_paragraph_and_an_answer_block_are_a_quiz():
    """A page whose only structure is an answer block is a quiz: its last paragraph is the question."""
    page = parse("# Quiz\n\nThis page checks one thing.\n\nWhat does `kubectl drain` do?\n\n"
                 + ANSWER.format("It evicts the pods of a node and marks it unschedulable."))
    [question] = page.questions
    assert (page.intro, question.prompt, question.kind) == (
        "This page checks one thing.", "What does `kubectl drain` do?", "short_answer")
    assert question.answer == "It evicts the pods of a node and marks it unschedulable."


def test_an_answer_by_option_text_alone_gives_its_letter():
    """`**Answer:** Deployment` under options names option B by its text."""
    page = parse("1. Which?\n   - A) StatefulSet\n   - B) Deployment\n\n" + ANSWER.format("**Answer:** Deployment"))
    assert (page.questions[0].answer_key, page.findings) == ("B", [])


def test_a_multiple_choice_answer_without_a_letter_loses_nothing():
    """Options whose answer names no option become a written question listing them, with a warning."""
    page = parse("## Multiple Choice Questions\n\n1. Which?\n   - A) One\n   - B) Two\n\n"
                 + ANSWER.format("**Answer:** It depends on the cluster."))
    [question] = page.questions
    assert question.kind == "short_answer"
    assert question.prompt == "Which?\n\n- A) One\n- B) Two"
    assert question.answer == "It depends on the cluster."
    assert kinds_of(page) == ["answer-no-letter", "kind-differs"]


def test_a_question_without_an_answer_block_is_kept_with_the_next():
    """A question that has no answer block of its own is kept at the start of the next question."""
    page = parse("## 1. First question?\n\nSome words.\n\n## 2. Second question?\n\n" + ANSWER.format("Yes."))
    [question] = page.questions
    assert question.prompt.startswith("## 1. First question?\n\nSome words.")
    assert question.number == 2
    assert kinds_of(page) == ["no-answer-block"]
    assert page.findings[0].problem.source.line == 1


def test_a_second_answer_block_joins_the_explanation():
    """Two answer blocks in a row: the second is kept in the first question's explanation."""
    page = parse("1. Why?\n\n" + ANSWER.format("Because.") + "\n" + ANSWER.format("More detail."))
    [question] = page.questions
    assert question.explanation == "More detail."
    assert kinds_of(page) == ["extra-answer-block"]


def test_an_unclosed_answer_block_ends_at_the_next_block():
    """`<details>` without `</details>` is read up to the next question, with a warning; both questions stay."""
    page = parse("1. First?\n\n<details>\n<summary>Show Answer</summary>\n\nOne.\n\n"
                 "2. Second?\n\n" + ANSWER.format("Two."))
    assert [q.answer for q in page.questions] == ["One.", "Two."]
    assert kinds_of(page) == ["unclosed-details"]


def test_questions_the_page_shows_elsewhere_are_reported():
    """Quiz pages group questions by kind: a written question before a multiple-choice one moves, and says so."""
    page = parse("1. Explain it.\n\n" + ANSWER.format("**Answer:** Like this.")
                 + "\n2. Which?\n   - A) One\n   - B) Two\n\n" + ANSWER.format("**Answer: A**"))
    assert [q.kind for q in page.questions] == ["short_answer", "multiple_choice"]
    assert kinds_of(page) == ["page-order"]
    assert page.findings[0].problem.message.startswith("question 1 (short_answer) is shown as question 2")


def test_front_matter_gives_the_title():
    """A page's YAML front matter gives the title; other keys are reported as left out."""
    page = parse("---\ntitle: Quiz From Front Matter\ntags: [k8s]\n---\n\n1. Why?\n\n" + ANSWER.format("Because."))
    assert page.title == "Quiz From Front Matter"
    assert kinds_of(page) == ["front-matter"]


def test_korean_additions_pair_the_questions_around_them():
    """A Korean page with an extra question in the middle still pairs the questions before and after it."""
    def questions(*prompts: str) -> list:
        return [importer.PageQuestion(number=n, line=n, prompt=p, kind="short_answer", answer="x")
                for n, p in enumerate(prompts, 1)]
    english = questions("What does `kubectl apply` do?", "What is a `Pod`?", "Why use `Helm` charts?")
    korean = questions("`kubectl apply`는 무엇을 하나요?", "`ReplicaSet`은 무엇인가요?", "`Pod`란?", "`Helm` 차트를 왜 쓰나요?")
    assert importer.align(english, korean) == [(0, 0), (None, 1), (1, 2), (2, 3)]


def test_other_question_starts_option_marks_and_summaries_are_read():
    """`Q1.` lines, checkbox options and summaries such as "See the answer" are read like the common ones."""
    page = parse("Q1. Which?\n- [ ] A) One\n- [ ] B) Two\n\n<details><summary>See the answer 👀</summary>\n\n"
                 "**Answer: B**\n</details>\n")
    [question] = page.questions
    assert (question.prompt, question.options, question.answer_key) == ("Which?", ["One", "Two"], "B")
    assert page.findings == []


def test_text_only_one_language_has_is_shown_in_both_and_reported(tmp_path):
    """A header only the Korean page has is kept for both languages, so the file validates, and is reported."""
    question = "1. What does `kubectl get pods` list?\n   - A) Nodes\n   - B) Pods\n\n"
    english = importer.parse_page("en.md", "# Pods Quiz\n\n" + question + ANSWER.format("**Answer: B**"), "en")
    korean = importer.parse_page("ko.md", "# 파드 퀴즈\n\n> 검토: 2026-09-12\n\n"
                                 + question.replace("list?", "은 무엇을 보여 주나요?")
                                 + ANSWER.format("**정답: B**\n\n파드 목록입니다."), "ko")
    result = importer.merge_pages("x/pods", {"en": english, "ko": korean}, ("en", "ko"))
    assert result.quiz.intro.by_language == {"en": "> 검토: 2026-09-12", "ko": "> 검토: 2026-09-12"}
    assert result.quiz.questions[0].explanation.by_language == {"en": "파드 목록입니다.", "ko": "파드 목록입니다."}
    assert [(f.kind, f.problem.source) for f in result.findings if f.kind == "untranslated-text"] == [
        ("untranslated-text", ("ko.md", 3, 1)), ("untranslated-text", ("ko.md", 5, 1))]  # the intro, its question
    path = tmp_path / "pods.yml"
    path.write_text(dump_quiz(result.quiz), encoding="utf-8")
    assert load_quiz(str(path), "x/pods", ("en", "ko"))[1] == []


def test_answer_letters_that_differ_keep_one_question_with_the_source_letter():
    """A Korean page naming C where the English page names B: still one question in both languages, `answer: B`
    (the source language's), and one warning at the English answer line that names the Korean one too."""
    english = importer.parse_page("en.md", "# Pods Quiz\n\n1. What does `kubectl get pods` list?\n   - A) Nodes\n"
                                  "   - B) Pods\n   - C) Services\n\n" + ANSWER.format("**Answer: B) Pods**"), "en")
    korean = importer.parse_page("ko.md", "# 파드 퀴즈\n\n1. `kubectl get pods`는 무엇을 보여 주나요?\n   - A) 노드\n"
                                 "   - B) 파드\n   - C) 서비스\n\n" + ANSWER.format("**정답: C) 서비스**"), "ko")
    result = importer.merge_pages("x/pods", {"en": english, "ko": korean}, ("en", "ko"))
    [question] = result.quiz.questions
    assert (question.languages, question.body.answer, set(question.prompt.by_language)) == (None, "B", {"en", "ko"})
    [finding] = result.findings
    assert (finding.kind, finding.problem.source) == ("answer-letters-differ", ("en.md", 11, 1))
    assert finding.problem.message == ("question 1: the answer letters disagree: B at en.md:11, C at ko.md:11; "
                                       "answer: B kept, the en page's")
    assert finding.problem.hint == "Check which answer is right and edit `answer:`"


def test_answer_letters_still_choose_between_two_pairings():
    """A letter that differs no longer keeps two questions apart, but where a page lacks a question, the pairing
    whose letters agree is the one kept."""
    def questions(*keys: str) -> list:
        return [importer.PageQuestion(number=n, line=n, prompt="질문", options=["ㄱ", "ㄴ", "ㄷ"], answer_key=key,
                                      kind="multiple_choice") for n, key in enumerate(keys, 1)]
    assert importer.align(questions("A", "B", "C"), questions("A", "C")) == [(0, 0), (1, None), (2, 1)]
    assert importer.align(questions("A", "B"), questions("A", "C")) == [(0, 0), (1, 1)]



def test_written_lists_that_would_wrap_are_one_item_per_line():
    """Options too long for one flow line are written one per line, each whole: no line break inside a
    code span for an author to find when editing the file by hand."""
    options = tuple(Text(neutral=f"`helm status --values RELEASE-{n}`") for n in range(4))
    question = Question(id="q", kind="multiple_choice", prompt=Text(neutral="Which?"),
                        body=MultipleChoice(options=options, answer="A"))
    text = dump_quiz(Quiz(id="x", title=Text(neutral="T"), questions=(question,)))
    lines = text.splitlines()
    for option in options:
        assert any(line.strip() == f"- '{option.neutral}'" for line in lines), text
    short = dump_quiz(Quiz(id="x", title=Text(neutral="T"), questions=(
        Question(id="q", kind="multiple_choice", prompt=Text(neutral="Which?"),
                 body=MultipleChoice(options=(Text(neutral="Yes"), Text(neutral="No")), answer="A")),)))
    assert "options: [Yes, No]" in short or "options: ['Yes', 'No']" in short, short
