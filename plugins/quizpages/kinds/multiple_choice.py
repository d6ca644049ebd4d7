"""Multiple choice: options A, B, C, ..., and the letter of the one right option."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..model import Problem, Question, Text
from ..model.fields import LETTER, declared, letter
from .assessment import SingleChoice
from .choices import (LETTER_SHAPE, OPTION_LETTERS_SHAPE, check_shape, choice_check, export_options, feedback_field,
                      feedback_names_options, feedback_views, letter_names_no_option, option_texts, option_views,
                      options_differ, options_field)
from .kind import ImportMapping, Kind, RenderContext


@dataclass(frozen=True, slots=True)
class MultipleChoice:
    options: tuple[Text, ...] = options_field()
    answer: str = declared(LETTER, required=True, example="B",
                           doc="The letter of the right option (A, B, ...), given once for every language.")
    feedback: dict[str, Text] | None = feedback_field()


def answer_index(question: Question) -> int | None:
    """0-based index of the right option, or None when the answer names none."""
    index = ord(question.body.answer) - ord("A")
    return index if 0 <= index < len(question.body.options) else None


def answer_names_an_option(question: Question, what: str) -> Iterator[Problem]:
    problem = letter_names_no_option(question, question.body.answer, f"{what}: the answer '{question.body.answer}'",
                                     question.field_sources.get("answer"))
    if problem:
        yield problem


def view(question: Question, ctx: RenderContext) -> dict:
    texts = option_texts(question, ctx)
    options = option_views(texts, ctx)
    index = answer_index(question)
    text = texts[index] if index is not None else ""
    # as in the options: an option holding a block (fenced code, a list) goes under the label, never inside
    # its paragraph, and a one-line option is text on the label's line ("B) > 5", never a quote)
    return {"options": options, "letter": question.body.answer, "answer": text,
            "answer_inline": ctx.follows_label(text),
            "feedback": feedback_views(question, ctx)}


def self_check(question: Question, ctx: RenderContext) -> dict | None:
    """The self-check's data: pick one letter (see quizpages.js)."""
    if answer_index(question) is None:
        return None
    return choice_check("".join(letter(i) for i in range(len(question.body.options))), question.body.answer)


def export(question: Question, ctx: RenderContext) -> SingleChoice:
    """For LMS exports: one right option."""
    return SingleChoice(export_options(question, ctx, {question.body.answer}))


def example(language: str) -> Question:
    return Question(
        id="example-multiple-choice", kind="multiple_choice",
        prompt=Text({language: "Which of these is an example option?"}),
        body=MultipleChoice(options=(Text({language: "The right option"}), Text({language: "A wrong option"}),
                                     Text({language: "Another wrong option"})), answer="A",
                            feedback={"B": Text({language: "Why this option is wrong, in a sentence."})}),
        explanation=Text({language: "Why the right option is right, in a sentence or two."}),
    )


CHECK_SHAPE = check_shape("choice", {"values": OPTION_LETTERS_SHAPE, "answer": LETTER_SHAPE})

KIND = Kind(
    name="multiple_choice", order=10, body=MultipleChoice,
    doc="One right option among several, chosen by its letter.",
    section="section.multiple_choice", fragment="kinds/multiple_choice.md.j2",
    view=view, self_check=self_check, check_shape=CHECK_SHAPE, example=example,
    export=export,
    rules=(answer_names_an_option, options_differ, feedback_names_options),
    importer=ImportMapping(
        sections=("multiple choice", "multiple-choice", "객관식", "선택형"),
        # options, and the letter of the right one: without a letter the question is read as written
        matches=lambda parsed: bool(parsed.options) and parsed.answer_key is not None,
        build=lambda parsed: MultipleChoice(options=tuple(parsed.options), answer=parsed.answer_key),
    ),
)
