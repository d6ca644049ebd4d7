"""Short answer: the reader answers in their own words; the page shows the model answer."""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Question, Text
from ..model.fields import TEXT, declared
from .assessment import ExtendedText
from .kind import ImportMapping, Kind, RenderContext


@dataclass(frozen=True, slots=True)
class WrittenAnswer:
    """A model answer written out, per language; the answer of short-answer and hands-on questions."""

    answer: Text = declared(TEXT, required=True, example="{en: ..., ko: ...}",
                            doc="The answer, per language (hands-on answers may hold fenced code).")


def view(question: Question, ctx: RenderContext) -> dict:
    answer = ctx.text(question.body.answer) or ""
    return {"answer": answer, "answer_inline": ctx.follows_label(answer)}


def export(question: Question, ctx: RenderContext) -> ExtendedText:
    """For LMS exports: an essay, scored by hand against the model answer."""
    return ExtendedText(ctx.text(question.body.answer) or "")


def example(language: str) -> Question:
    return Question(id="example-short-answer", kind="short_answer",
                    prompt=Text({language: "A question answered in a sentence."}),
                    body=WrittenAnswer(answer=Text({language: "The answer, in a sentence."})))


KIND = Kind(
    name="short_answer", order=20, body=WrittenAnswer,
    doc="A question answered in a sentence or two; the page shows the model answer.",
    section="section.short_answer", fragment="kinds/written_answer.md.j2",
    view=view, example=example,
    export=export,
    importer=ImportMapping(
        sections=("short answer", "short-answer", "open-ended", "essay", "written", "주관식", "단답형", "서술형",
                  "논술형"),
        matches=lambda parsed: not parsed.options,
        build=lambda parsed: WrittenAnswer(answer=parsed.answer),
    ),
)
