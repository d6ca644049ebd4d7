"""True or false: a statement, and whether it is true."""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Question, Text
from ..model.fields import BoolType, declared
from . import assessment
from .choices import check_shape, choice_check
from .kind import Kind, RenderContext


@dataclass(frozen=True, slots=True)
class TrueFalse:
    answer: bool = declared(BoolType(hint="Write `answer: true` or `answer: false`"), required=True,
                            example="true", doc="Whether the statement is true: true or false, for every language.")


def view(question: Question, ctx: RenderContext) -> dict:
    return {"answer": "true" if question.body.answer else "false"}


def self_check(question: Question, ctx: RenderContext) -> dict:
    """The self-check's data: pick True or False, in the page's language (see quizpages.js)."""
    # the values read as True / False (참 / 거짓) and the result as "the statement is ..." in the page's language
    return choice_check(["true", "false"], "true" if question.body.answer else "false",
                        labels={"true": "true_false.true", "false": "true_false.false"}, say="selfcheck.true_false")


def export(question: Question, ctx: RenderContext) -> assessment.TrueFalse:
    """For LMS exports: whether the statement is true."""
    return assessment.TrueFalse(question.body.answer, "true_false.true", "true_false.false")


def example(language: str) -> Question:
    return Question(id="example-true-false", kind="true_false",
                    prompt=Text({language: "A statement that is either true or false."}),
                    body=TrueFalse(answer=True),
                    explanation=Text({language: "Why the statement is true."}))


CHECK_SHAPE = check_shape("choice", {
    "values": {"const": ["true", "false"]}, "answer": {"enum": ["true", "false"]},
    "labels": {"const": {"true": "true_false.true", "false": "true_false.false"}},
    "say": {"const": "selfcheck.true_false"},
})

KIND = Kind(
    name="true_false", order=12, body=TrueFalse, doc="A statement to judge true or false.",
    section="section.true_false", fragment="kinds/true_false.md.j2",
    view=view, self_check=self_check, check_shape=CHECK_SHAPE, example=example,
    export=export,
)
