"""Multiple select ("choose all that apply"): options A, B, C, ..., and the letters of every right one."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..model import Problem, Question, Text
from ..model.fields import LETTER, ListType, declared, letter
from .assessment import MultipleResponse
from .choices import (LETTER_SHAPE, OPTION_LETTERS_SHAPE, check_shape, export_options, feedback_field,
                      feedback_names_options, feedback_views, letter_names_no_option, option_texts, option_views,
                      options_differ, options_field)
from .kind import Kind, RenderContext

ANSWERS = ListType(
    LETTER, min_items=1, unique=True, item_label="answer {number}",
    hint="Write the letters of every right option, e.g. `answer: [A, C]`",
    too_few=("{parent}: answer lists no option; at least one must be right",
             "Write the letters of every right option, e.g. `answer: [A, C]`"),
)


@dataclass(frozen=True, slots=True)
class MultipleSelect:
    options: tuple[Text, ...] = options_field()
    answer: tuple[str, ...] = declared(ANSWERS, required=True, default=(), example="[A, C]",
                                       doc="The letters of every right option, given once for every language.")
    feedback: dict[str, Text] | None = feedback_field()


def answers_name_options(question: Question, what: str) -> Iterator[Problem]:
    for index, found in enumerate(question.body.answer):
        where = question.field_sources.get(f"answer.{index}", question.field_sources.get("answer"))
        problem = letter_names_no_option(question, found, f"{what}: the answer '{found}'", where)
        if problem:
            yield problem


def view(question: Question, ctx: RenderContext) -> dict:
    options = option_views(option_texts(question, ctx), ctx)
    right = [(found, dict(options).get(found, "")) for found in sorted(question.body.answer)]
    return {"options": options, "answer": right, "feedback": feedback_views(question, ctx)}


def self_check(question: Question, ctx: RenderContext) -> dict:
    """The self-check's data: tick every right letter and no other (see quizpages.js)."""
    return {"type": "choices", "values": "".join(letter(i) for i in range(len(question.body.options))),
            "answer": sorted(question.body.answer)}


def export(question: Question, ctx: RenderContext) -> MultipleResponse:
    """For LMS exports: every right option, with partial credit."""
    return MultipleResponse(export_options(question, ctx, set(question.body.answer)))


def example(language: str) -> Question:
    return Question(
        id="example-multiple-select", kind="multiple_select",
        prompt=Text({language: "Which of these are example options? Choose all that apply."}),
        body=MultipleSelect(options=(Text({language: "A right option"}), Text({language: "A wrong option"}),
                                     Text({language: "Another right option"})), answer=("A", "C")),
        explanation=Text({language: "Why the right options are right."}),
    )


CHECK_SHAPE = check_shape("choices", {"values": OPTION_LETTERS_SHAPE, "answer": {
    "type": "array", "items": LETTER_SHAPE, "minItems": 1, "uniqueItems": True}})

KIND = Kind(
    name="multiple_select", order=11, body=MultipleSelect,
    doc="Every right option among several: choose all that apply.",
    section="section.multiple_select", fragment="kinds/multiple_select.md.j2",
    view=view, self_check=self_check, check_shape=CHECK_SHAPE, example=example,
    export=export,
    rules=(answers_name_options, options_differ, feedback_names_options),
)
