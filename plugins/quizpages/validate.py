"""Rules over loaded quizzes: translations, options, languages.

Pure functions over the model, each returning problems; no YAML, no Markdown
rendering (validation must stay cheap enough to run on every save).
"""

from __future__ import annotations

from collections.abc import Iterator

from .model import MULTIPLE_CHOICE, Question, Quiz, Source, Text, option_letter
from .problems import Problem, error, warning


def text_fields(quiz: Quiz) -> Iterator[tuple[str, Text, tuple[str, ...], Source | None]]:
    """Every text field of a quiz: (what, text, languages it must exist in, fallback location)."""
    langs = quiz.languages
    yield "title", quiz.title, langs, quiz.source
    if quiz.intro:
        yield "intro", quiz.intro, langs, quiz.source
    if quiz.closing:
        yield "closing", quiz.closing, langs, quiz.source
    if quiz.next and quiz.next.title:
        yield "next.title", quiz.next.title, langs, quiz.next.source
    for number, question in enumerate(quiz.questions, start=1):
        q_langs = tuple(lang for lang in langs if question.in_language(lang, langs))
        what = f"question {number} ({question.id})"
        yield f"{what}: question", question.prompt, q_langs, question.source
        if question.title:
            yield f"{what}: title", question.title, q_langs, question.source
        for index, option in enumerate(question.options):
            yield f"{what}: option {option_letter(index)}", option, q_langs, question.source
        if question.answer:
            yield f"{what}: answer", question.answer, q_langs, question.source
        if question.explanation:
            yield f"{what}: explanation", question.explanation, q_langs, question.source


def check_translations(quiz: Quiz) -> list[Problem]:
    """A translation missing without a `languages:` declaration is a warning."""
    problems = []
    for what, text, languages, fallback in text_fields(quiz):
        for language in languages:
            if not text.has(language):
                problems.append(warning(
                    text.source or fallback or Source(""),
                    f"{what} has no '{language}' translation",
                    f"Add `{language}: ...` under it, or declare the languages it exists in, "
                    f"for example `languages: [{', '.join(l for l in languages if l != language)}]`",
                ))
    return problems


def check_question_languages(quiz: Quiz) -> list[Problem]:
    problems = []
    for number, question in enumerate(quiz.questions, start=1):
        for language in question.languages or ():
            if language not in quiz.languages:
                problems.append(error(
                    question.field_sources.get("languages", question.source or Source("")),
                    f"question {number} ({question.id}) lists '{language}', but the quiz exists only in "
                    f"{', '.join(quiz.languages)}",
                    "Add the language to the quiz's `languages:`, or remove it from the question's",
                ))
    if not any(quiz.questions_in(language) for language in quiz.languages):
        problems.append(error(quiz.source or Source(""), "no question exists in any of the quiz's languages",
                              "Check the `languages:` of the quiz and its questions"))
    return problems


def check_options(question: Question, number: int) -> list[Problem]:
    """Two options with the same text make the answer key ambiguous."""
    if question.kind != MULTIPLE_CHOICE:
        return []
    problems = []
    languages = {lang for option in question.options for lang in option.by_language} | {None}
    for language in sorted(languages, key=str):
        seen: dict[str, int] = {}
        for index, option in enumerate(question.options):
            text = option.get(language) if language else option.neutral
            if text is None:
                continue
            key = " ".join(text.split()).casefold()
            if key in seen:
                where = option.where(language) if language else option.source
                problems.append(error(
                    where or question.source or Source(""),
                    f"question {number} ({question.id}): options {option_letter(seen[key])} and "
                    f"{option_letter(index)} have the same text" + (f" in '{language}'" if language else ""),
                    "Make every option different, or remove the duplicate",
                ))
            else:
                seen[key] = index
    return problems


def validate_quiz(quiz: Quiz) -> list[Problem]:
    """Every rule that looks at one quiz on its own."""
    problems = check_translations(quiz) + check_question_languages(quiz)
    for number, question in enumerate(quiz.questions, start=1):
        problems += check_options(question, number)
    return problems
