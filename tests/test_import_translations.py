"""Whether an English and a Korean page at one path are one quiz: a page written on its own is its own quiz."""

from __future__ import annotations

from quizpages import load_quiz
from quizpages.load import dump_quiz, importer

ANSWER = "<details>\n<summary>{}</summary>\n\n{}\n</details>\n"
TOPICS = ["Pod", "Service", "Deployment", "ConfigMap", "Secret", "Ingress", "Job", "CronJob", "DaemonSet", "Node"]


def english(letters: str) -> str:
    """A page of 10 questions about one object each, the right answer of question n being `letters[n]`."""
    parts = ["# Objects Quiz\n\n## Multiple Choice Questions\n"]
    for n, (topic, letter) in enumerate(zip(TOPICS, letters), 1):
        parts.append(f"{n}. Which object is a `{topic}`?\n   - A) One\n   - B) Two\n   - C) Three\n   - D) Four\n\n"
                     + ANSWER.format("Show Answer", f"**Answer: {letter}**\n\n**Explanation:** The {topic} text."))
    parts.append("---\n\n[Return to Learning Materials](../../objects.md)\n")
    return "\n".join(parts)


def korean(letters: str, topics: list[str] = TOPICS, footer: bool = True) -> str:
    parts = ["# 객체 퀴즈\n\n## 객관식 문제\n"]
    for n, (topic, letter) in enumerate(zip(topics, letters), 1):
        parts.append(f"{n}. `{topic}`는 어떤 객체인가요?\n   - A) 하나\n   - B) 둘\n   - C) 셋\n   - D) 넷\n\n"
                     + ANSWER.format("정답 보기", f"**정답: {letter}**\n\n**설명:** {topic} 설명입니다."))
    if footer:
        parts.append("---\n\n[학습 자료로 돌아가기](../../objects.md)\n")
    return "\n".join(parts)


def imported(en: str, ko: str):
    pages = {"en": importer.parse_page("en.md", en, "en"), "ko": importer.parse_page("ko.md", ko, "ko")}
    return importer.import_pages("x/objects", pages, ("en", "ko"))


def test_pages_whose_letters_differ_on_many_questions_are_one_quiz_each():
    """Letters that differ on 7 of 10 questions: two quizzes, `languages: [en]` and `[ko]`, each with its own
    page's answers, and the evidence in the report's words."""
    results, [separate] = imported(english("ABCDABCDAB"), korean("BCDAABCACD"))
    en, ko = (r.quiz for r in results)
    assert (en.id, en.declared_languages, ko.id, ko.declared_languages) == (
        "x/objects", ("en",), "x/objects.ko", ("ko",))
    assert [q.body.answer for q in en.questions] == list("ABCDABCDAB")
    assert [q.body.answer for q in ko.questions] == list("BCDAABCACD")
    assert separate.evidence.startswith("answer letters differ on 7 of 10 questions")
    assert (separate.paths, separate.quiz_ids) == (("en.md", "ko.md"), ("x/objects", "x/objects.ko"))
    assert [f.kind for f in results[1].findings] == ["not-translation"]
    assert "one-language" not in [f.kind for r in results for f in r.findings]


def test_no_text_of_one_page_is_written_onto_the_other_pages_questions():
    """Each quiz of a page that is no translation holds that page's words only: options, answers, explanations."""
    results, _ = imported(english("ABCDABCDAB"), korean("BCDAABCACD"))
    en, ko = (r.quiz for r in results)
    for quiz, language, other in ((en, "en", "ko"), (ko, "ko", "en")):
        for question in quiz.questions:
            texts = [question.prompt, question.explanation, *question.body.options]
            assert all(set(t.by_language) == {language} and t.neutral is None for t in texts), question
        assert all(question.languages is None for question in quiz.questions)
    assert ko.questions[0].explanation.by_language == {"ko": "Pod 설명입니다."}


def test_one_letter_that_differs_keeps_one_quiz_and_the_warning():
    """Parallel pages with one differing letter stay one quiz with the English letter, and say so."""
    [result], separate = imported(english("ABCDABCDAB"), korean("ABCDABCDAC"))
    assert separate == []
    assert result.quiz.declared_languages is None
    assert [f.kind for f in result.findings] == ["answer-letters-differ"]
    assert result.quiz.questions[9].body.answer == "B"


def test_questions_that_do_not_line_up_make_two_quizzes():
    """Other questions (other code), in another order: no pairing by position, whatever the letters say."""
    others = ["StatefulSet", "ReplicaSet", "Endpoints", "Lease", "Role", "Namespace", "PodDisruptionBudget",
              "LimitRange", "ResourceQuota", "PriorityClass"]
    results, [separate] = imported(english("ABCDABCDAB"), korean("ABCDABCDAB", others[:8]))
    assert [r.quiz.id for r in results] == ["x/objects", "x/objects.ko"]
    assert "0 of 8 questions line up" not in separate.evidence  # said in words, not as a zero count
    assert "no question lines up" in separate.evidence
    assert "the en page has 10 questions, the ko page 8" in separate.evidence


def test_a_korean_page_with_extra_questions_is_still_a_translation():
    """A Korean page that adds a question keeps one quiz; the addition is Korean only."""
    [result], separate = imported(english("ABCDABCDAB"), korean("ABCDAC" + "BCDAB", TOPICS[:5] + ["Lease"] + TOPICS[5:]))
    assert separate == []
    assert [q.languages for q in result.quiz.questions] == [None] * 5 + [("ko",)] + [None] * 5
    assert [q.body.answer for q in result.quiz.questions] == list("ABCDACBCDAB")


def test_each_quiz_of_a_split_page_links_the_same_learning_material(tmp_path):
    """A Korean page without a footer of its own links the English page's learning material, and both quiz
    files validate."""
    results, _ = imported(english("ABCDABCDAB"), korean("BCDAABCACD", footer=False))
    assert [r.quiz.learning_material for r in results] == ["../../objects.md", "../../objects.md"]
    for result in results:
        path = tmp_path / (result.quiz.id.split("/")[-1] + ".yml")
        path.write_text(dump_quiz(result.quiz), encoding="utf-8")
        quiz, problems = load_quiz(str(path), result.quiz.id, ("en", "ko"))
        assert problems == [] and quiz.languages == result.quiz.declared_languages
