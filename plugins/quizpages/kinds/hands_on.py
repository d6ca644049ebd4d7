"""Hands-on: a task to try on a cluster; the answer usually holds the commands, as fenced code."""

from __future__ import annotations

from ..model import Question, Text
from .assessment import ExtendedText
from .kind import ImportMapping, Kind, RenderContext
from .short_answer import WrittenAnswer, view


def export(question: Question, ctx: RenderContext) -> ExtendedText:
    """For LMS exports: an essay answered with commands, in a monospaced box, scored by hand."""
    return ExtendedText(ctx.text(question.body.answer) or "", code=True)


def example(language: str) -> Question:
    return Question(
        id="example-hands-on", kind="hands_on",
        prompt=Text({language: "A task to try on a cluster, for example listing the pods of a namespace."}),
        body=WrittenAnswer(answer=Text({language: "```bash\nkubectl get pods -n default\n```\n"})),
    )


KIND = Kind(
    name="hands_on", order=30, body=WrittenAnswer,
    doc="A task to carry out; the answer shows how, often as fenced code.",
    section="section.hands_on", fragment="kinds/written_answer.md.j2",
    view=view, example=example,
    export=export,
    importer=ImportMapping(
        sections=("hands-on", "hands on", "applied", "practical", "lab", "labs", "exercise", "exercises",
                  "실습", "응용", "실전"),
        matches=lambda parsed: not parsed.options,
        build=lambda parsed: WrittenAnswer(answer=parsed.answer),
        auto=False,  # without a hands-on section heading, a question without options is a short answer
    ),
)
