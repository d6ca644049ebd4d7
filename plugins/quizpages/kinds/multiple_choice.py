"""Multiple choice: options A, B, C, ..., and the letter of the one right option."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..model import Problem, Question, Source, Text, error
from ..model.fields import LETTER, TEXT, ListType, declared, letter
from .kind import ImportMapping, Kind, RenderContext

OPTIONS = ListType(
    TEXT, min_items=2, max_items=26, item_label="option {letter}",
    hint="Write `options:` followed by `- ...` items",
    too_few=("{parent} has {count} option(s); multiple choice needs at least two",
             "Add options, or make it `kind: short_answer`"),
    too_many=("{parent} has {count} options; at most 26 (A to Z) are allowed", "Remove options"),
)


@dataclass(frozen=True, slots=True)
class MultipleChoice:
    options: tuple[Text, ...] = declared(OPTIONS, required=True, default=(),
                                         doc="Two or more options, each per language.",
                                         missing_hint="Add `options:` with two or more entries")
    answer: str = declared(LETTER, required=True, example="B",
                           doc="The letter of the right option (A, B, ...), given once for every language.")


def answer_index(question: Question) -> int | None:
    """0-based index of the right option, or None when the answer names none."""
    body: MultipleChoice = question.body
    index = ord(body.answer) - ord("A")
    return index if 0 <= index < len(body.options) else None


def answer_names_an_option(question: Question, what: str) -> Iterator[Problem]:
    body: MultipleChoice = question.body
    if answer_index(question) is None:
        last = letter(len(body.options) - 1)
        yield error(question.field_sources.get("answer", question.source or Source("")),
                    f"{what}: the answer '{body.answer}' names no option (the options are A to {last})",
                    f"Write a letter from A to {last}, or add the missing option")


def options_differ(question: Question, what: str) -> Iterator[Problem]:
    """Two options with the same text make the answer key ambiguous."""
    options: tuple[Text, ...] = question.body.options
    languages = {lang for option in options for lang in option.by_language} | {None}
    for language in sorted(languages, key=str):
        seen: dict[str, int] = {}
        for index, option in enumerate(options):
            text = option.get(language) if language else option.neutral
            if text is None:
                continue
            key = " ".join(text.split()).casefold()
            if key in seen:
                yield error(option.where(language) or question.source or Source(""),
                            f"{what}: options {letter(seen[key])} and {letter(index)} have the same text"
                            + (f" in '{language}'" if language else ""),
                            "Make every option different, or remove the duplicate")
            else:
                seen[key] = index


def view(question: Question, ctx: RenderContext) -> dict:
    options = [(letter(i), ctx.indent(ctx.text(o) or "", 5)) for i, o in enumerate(question.body.options)]
    index = answer_index(question)
    answer = f"{question.body.answer}) {options[index][1]}" if index is not None else question.body.answer
    return {"options": options, "answer": answer}


def attributes(question: Question) -> dict[str, str]:
    """The self-check's data: the right letter and every letter (see quizpages.js)."""
    if answer_index(question) is None:
        return {}
    return {"data-answer": question.body.answer,
            "data-options": "".join(letter(i) for i in range(len(question.body.options)))}


def example(language: str) -> Question:
    return Question(
        id="example-multiple-choice", kind="multiple_choice",
        prompt=Text({language: "Which of these is an example option?"}),
        body=MultipleChoice(options=(Text({language: "The right option"}), Text({language: "A wrong option"}),
                                     Text({language: "Another wrong option"})), answer="A"),
        explanation=Text({language: "Why the right option is right, in a sentence or two."}),
    )


KIND = Kind(
    name="multiple_choice", order=10, body=MultipleChoice,
    doc="One right option among several, chosen by its letter.",
    section="section.multiple_choice", fragment="kinds/multiple_choice.md.j2",
    view=view, attributes=attributes, example=example,
    rules=(answer_names_an_option, options_differ),
    importer=ImportMapping(
        sections=("multiple choice", "multiple-choice", "객관식", "선택형"),
        # options, and the letter of the right one: without a letter the question is read as written
        matches=lambda parsed: bool(parsed.options) and parsed.answer_key is not None,
        build=lambda parsed: MultipleChoice(options=tuple(parsed.options), answer=parsed.answer_key),
    ),
)
