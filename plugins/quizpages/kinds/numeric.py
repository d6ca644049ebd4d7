"""Numeric: a number, right within an absolute `tolerance` or a `range`, with an optional unit.

How a reader's number is read (`2,5`, `1 000`, full-width digits, the unit typed after it) is the quiz
script's job: see assets/quizpages-logic.js.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass

from ..model import Problem, Question, Source, Text, error
from ..model.fields import TEXT, ListType, NumberType, declared
from ..model.numbers import decimal, number
from . import assessment
from .choices import check_shape
from .kind import Kind, RenderContext

NUMBER = NumberType()
RANGE = ListType(NUMBER, min_items=2, max_items=2, item_label="range {number}",
                 hint="Write the lowest and highest right numbers, e.g. `range: [2, 3]`",
                 too_few=("{parent}: range needs its lowest and highest number", "Write e.g. `range: [2, 3]`"),
                 too_many=("{parent}: range needs its lowest and highest number only", "Write e.g. `range: [2, 3]`"))


@dataclass(frozen=True, slots=True)
class Numeric:
    answer: float = declared(NUMBER, required=True, example="2.5", doc="The right number, shown in the answer.")
    tolerance: float | None = declared(NUMBER, example="0.1",
                                       doc="How far a reader's number may be from `answer` and still be right.")
    range: tuple[float, ...] | None = declared(RANGE, example="[2, 3]",
                                               doc="Instead of `tolerance`: the lowest and highest right numbers.")
    unit: Text | None = declared(TEXT, doc="Shown after the number, per language or one for every language: GiB.")


def bounds(body: Numeric) -> tuple[float, float]:
    """The lowest and highest numbers that count as right: for a tolerance, the answer minus and plus it as
    decimals (3.14 ± 0.01 is 3.13 to 3.15, which a reader typing 3.13 reads as), not as float sums."""
    if body.range is not None:
        return body.range[0], body.range[1]
    answer, tolerance = decimal(body.answer), decimal(body.tolerance or 0.0)
    return float(answer - tolerance), float(answer + tolerance)


def tolerance_or_range_makes_sense(question: Question, what: str) -> Iterator[Problem]:
    body: Numeric = question.body
    sources = question.field_sources
    if body.tolerance is not None and body.range is not None:
        yield error(sources.get("range", question.source or Source("")), f"{what} has both tolerance and range",
                    "Keep one: `tolerance` around the answer, or `range` with the lowest and highest right numbers")
    if body.tolerance is not None and body.tolerance < 0:
        yield error(sources.get("tolerance", question.source or Source("")),
                    f"{what}: the tolerance {number(body.tolerance)} is negative",
                    "Write how far off is still right: 0.1")
    whole_range = body.range is None or len(body.range) == 2
    if whole_range and not all(math.isfinite(bound) for bound in bounds(body)):  # each is finite, not their sum
        yield error(sources.get("tolerance", question.source or Source("")),
                    f"{what}: the answer and its tolerance reach beyond the largest number",
                    "Write a smaller tolerance")
    if body.range is not None and len(body.range) == 2:  # another count is reported by the reader
        low, high = body.range
        if low > high:
            yield error(sources.get("range", question.source or Source("")),
                        f"{what}: the range [{number(low)}, {number(high)}] runs backwards",
                        f"Write it as [{number(high)}, {number(low)}]")
        elif not low <= body.answer <= high:
            yield error(sources.get("answer", question.source or Source("")),
                        f"{what}: the answer {number(body.answer)} is outside its range "
                        f"[{number(low)}, {number(high)}]",
                        "Make the answer one of the right numbers, or widen the range")


def view(question: Question, ctx: RenderContext) -> dict:
    body: Numeric = question.body
    low, high = bounds(body)
    unit = ctx.text(body.unit) or ""
    if body.range is not None:
        accepted = ("range", number(low), number(high))
    elif body.tolerance:
        accepted = ("tolerance", number(body.tolerance), "")
    else:
        accepted = None
    return {"answer": number(body.answer), "unit": unit, "accepted": accepted}


# What a unit written in Markdown reads as: `GiB` and **GiB** read GiB, m<sup>2</sup> reads m2 (as m², typed,
# reads after NFKC), \\* reads * and an underscore inside a word stays (as Python-Markdown reads them).
_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")
_CODE = re.compile(r"(`+)(.+?)\1")
_EMPHASIS = re.compile(r"(\*\*|\*|(?<!\w)__|(?<!\w)_)(?=\S)(.+?)(?<=\S)\1(?!\w)")
_TAG = re.compile(r"</?[A-Za-z][^<>]*>")
_HELD = 0xE000  # escaped characters wait as private-use characters while the markup is taken off


def as_read(markdown: str) -> str:
    """The text a reader sees for a short piece of Markdown (a unit), to compare what they type with."""
    text = _ESCAPED.sub(lambda match: chr(_HELD + ord(match.group(1))), markdown)
    text = _CODE.sub(lambda match: match.group(2).strip(), text)
    text = _TAG.sub("", _EMPHASIS.sub(r"\2", text))
    return "".join(chr(ord(c) - _HELD) if _HELD < ord(c) < _HELD + 128 else c for c in text)


def self_check(question: Question, ctx: RenderContext) -> dict:
    """The self-check's data: a number within [low, high] (see quizpages.js), and the unit as readers see it,
    which they may type after the number."""
    low, high = bounds(question.body)
    return {"type": "number", "low": low, "high": high, "answer": number(question.body.answer),
            "unit": as_read(ctx.raw(question.body.unit) or ""), "labels": {"with_unit": "numeric.with_unit"}}


def export(question: Question, ctx: RenderContext) -> assessment.NumericEntry:
    """For LMS exports: the answer, the lowest and highest right numbers, and the unit."""
    low, high = bounds(question.body)
    body: Numeric = question.body
    tolerance = body.tolerance if body.range is None and body.tolerance else None
    return assessment.NumericEntry(body.answer, low, high, ctx.text(body.unit), "numeric.unit", tolerance)


def example(language: str) -> Question:
    return Question(id="example-numeric", kind="numeric",
                    prompt=Text({language: "A Deployment sets `replicas: 3`. How many Pods does it keep running?"}),
                    body=Numeric(answer=3.0, unit=Text({language: "Pods"})))


# right from low to high; answer: the number as the answer block shows it; unit: in the page's language
CHECK_SHAPE = check_shape("number", {"low": {"type": "number"}, "high": {"type": "number"},
                                     "answer": {"type": "string", "minLength": 1}, "unit": {"type": "string"},
                                     "labels": {"const": {"with_unit": "numeric.with_unit"}}})

KIND = Kind(
    name="numeric", order=16, body=Numeric, doc="A number to give, within a tolerance or a range.",
    section="section.numeric", fragment="kinds/numeric.md.j2",
    view=view, self_check=self_check, check_shape=CHECK_SHAPE, example=example,
    rules=(tolerance_or_range_makes_sense,),
    export=export,
)
