"""Rules over a loaded quiz: translations, the languages of questions, and each kind's own rules.

Pure functions over the model, each returning problems; no YAML, no Markdown
rendering (validation must stay cheap enough to run on every save).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..kinds import KINDS, Registry
from ..model import Problem, Quiz, Source, TextSlot, error, warning
from ..model.numbers import number
from .code_fences import check_code_fences


def check_translations(quiz: Quiz, slots: Iterable[TextSlot] | None = None) -> list[Problem]:
    """A translation missing without a `languages:` declaration is a warning."""
    problems = []
    for slot in quiz.texts() if slots is None else slots:
        for language in slot.languages:
            if not slot.text.has(language):
                others = ", ".join(lang for lang in slot.languages if lang != language)
                problems.append(warning(
                    slot.text.source or slot.fallback or Source(""),
                    f"{slot.label} has no '{language}' translation",
                    f"Add `{language}: ...` under it, or declare the languages it exists in, "
                    f"for example `languages: [{others}]`",
                ))
    return problems


def check_unlisted_languages(quiz: Quiz, slots: Iterable[TextSlot] | None = None) -> list[Problem]:
    """Text written in a site language that `languages:` leaves out is never shown: usually the
    translation was added and `languages:` was not updated (the reader already refused languages the
    site does not have). One warning per language and quiz (or
    question, when it is the question's own `languages:` that leaves it out)."""
    problems, seen = [], set()
    for slot in quiz.texts() if slots is None else slots:
        for language in slot.text.by_language:
            if language in slot.languages or not slot.languages:  # none: check_question_languages errs
                continue
            of_quiz = language not in quiz.languages
            if (language, None if of_quiz else slot.unit) in seen:
                continue
            seen.add((language, None if of_quiz else slot.unit))
            where = slot.text.where(language) or slot.fallback or Source("")
            if of_quiz:
                listed = ", ".join(quiz.languages)
                message = (f"the quiz has '{language}' text ({slot.label}), but its `languages:` lists only "
                           f"{listed}, so no '{language}' page is made")
                hint = (f"Add {language} to `languages:` (line {quiz.field_sources['languages'].line}), "
                        "or remove `languages:` once every language is there"
                        if "languages" in quiz.field_sources else f"Add {language} to `languages:`")
            else:
                question = slot.label.split(":", 1)[0]
                message = (f"{question} has '{language}' text ({slot.name}), but its `languages:` lists only "
                           f"{', '.join(slot.languages)}, so it is not shown on the '{language}' page")
                hint = f"Add {language} to the question's `languages:`, or remove its `languages:`"
            problems.append(warning(where, message, hint))
    return problems


def check_question_languages(quiz: Quiz) -> list[Problem]:
    problems = []
    for index, question in enumerate(quiz.questions):
        for language in question.languages or ():
            if language not in quiz.languages:
                problems.append(error(
                    question.field_sources.get("languages", question.source or Source("")),
                    f"{question.label(index)} lists '{language}', but the quiz exists only in "
                    f"{', '.join(quiz.languages)}",
                    "Add the language to the quiz's `languages:`, or remove it from the question's",
                ))
    if quiz.questions and not any(quiz.questions_in(language) for language in quiz.languages):
        problems.append(error(quiz.source or Source(""), "no question exists in any of the quiz's languages",
                              "Check the `languages:` of the quiz and its questions"))
    return problems


def check_test(quiz: Quiz) -> list[Problem]:
    """A test's time limit is a positive number of minutes."""
    if quiz.test is None or quiz.test.minutes > 0:
        return []
    where = quiz.field_sources.get("test.minutes") or quiz.test.source or quiz.source or Source("")
    return [error(where, f"test.minutes is {number(quiz.test.minutes)}; a time limit must be more than 0 minutes",
                  "Write the minutes a reader has, such as `test: {minutes: 20}`, or remove `test:` for no limit")]


def check_titles(quiz: Quiz, slots: Iterable[TextSlot] | None = None) -> list[Problem]:
    """Every title is one line: it is a heading, a link of the quiz index and an entry of the navigation, and
    a second line (`Part two`, a `---` under it) breaks them."""
    problems = []
    for slot in quiz.texts() if slots is None else slots:
        if slot.name != "title" and not slot.name.endswith(".title"):
            continue
        for language, value in slot.text.items():
            if len(value.strip().splitlines()) > 1:  # any line break: "\r" is one to Markdown, U+2028 to YAML
                field = f"{slot.label} [{language}]" if language else slot.label
                problems.append(error(slot.text.where(language) or slot.fallback or Source(""),
                                      f"{field} is on several lines; a title is one line",
                                      "Write the title on one line, and what else it says in `intro:`"))
    return problems


def check_kinds(quiz: Quiz, kinds: Registry = KINDS) -> list[Problem]:
    """Each question against its kind's rules (an answer naming no option, duplicate options, ...)."""
    return [problem for index, question in enumerate(quiz.questions)
            for problem in kinds.of(question).check(question, question.label(index))]


def check_languages(quiz: Quiz, slots: Iterable[TextSlot] | None = None) -> list[Problem]:
    """The rules about the languages a quiz's texts are written in."""
    slots = list(quiz.texts() if slots is None else slots)
    return check_translations(quiz, slots) + check_unlisted_languages(quiz, slots) + check_question_languages(quiz)


def check_rules(quiz: Quiz, kinds: Registry = KINDS, slots: Iterable[TextSlot] | None = None) -> list[Problem]:
    """Every rule that looks at one quiz on its own (`slots`: its texts, when the caller has walked them)."""
    slots = list(quiz.texts() if slots is None else slots)
    return (check_languages(quiz, slots) + check_code_fences(quiz, slots) + check_titles(quiz, slots)
            + check_test(quiz) + check_kinds(quiz, kinds))
