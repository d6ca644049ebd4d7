"""Fill in the blanks: a prompt with one or more `[___]`, and the accepted answers of each blank.

A blank's accepted answers are texts like any other: one string for every
language (code such as `torchrun`), or one per language (a word). A reader's
answer matches after Unicode NFKC (so a full-width answer typed on a Korean
keyboard matches), trimming and collapsing spaces, and ignoring case unless the
blank is `case_sensitive`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ..model import Problem, Question, Source, Text, error, warning
from ..model.fields import VERBATIM_TEXT, BoolType, ListType, RecordType, declared
from . import assessment
from .choices import check_shape
from .kind import Kind, RenderContext

BLANK = "[___]"
"""How a blank is written in the question text."""
_BLANK = re.compile(re.escape(BLANK))
_LINE = "&#95;" * 8  # a line to write on, as entities: Markdown would read bare underscores as emphasis


@dataclass(frozen=True, slots=True)
class Blank:
    accept: tuple[Text, ...] = declared(
        ListType(VERBATIM_TEXT, min_items=1, item_label="accepted answer {number}",
                 hint="Write `accept:` followed by `- ...` items, one per accepted answer"),
        required=True, default=(), example="[torchrun]",
        doc="The answers accepted in this blank: each one text for every language (code) or one per language "
            "(a word); the first is the one the answer block shows.")
    case_sensitive: bool = declared(BoolType(), default=False,
                                    doc="Set to true when case matters (code, file names). By default it does not.")


@dataclass(frozen=True, slots=True)
class FillIn:
    blanks: tuple[Blank, ...] = declared(
        ListType(RecordType(Blank, separator=": "), min_items=1, item_label="blank {number}",
                 hint="Write `blanks:` followed by one `- accept: [...]` item per `[___]` in the question"),
        required=True, default=(), example="[{accept: [torchrun]}]",
        doc=f"One entry per {BLANK} in the question, in order: what each blank accepts.")


def _count(blanks: int) -> str:
    return "no blank" if blanks == 0 else "1 blank" if blanks == 1 else f"{blanks} blanks"


def blanks_match_the_prompt(question: Question, what: str) -> Iterator[Problem]:
    """Each language's question holds as many blanks as `blanks:` lists."""
    wanted = len(question.body.blanks)
    for language, text in question.prompt.items():
        found = len(_BLANK.findall(text))
        if found != wanted:
            where = question.prompt.where(language) or question.source or Source("")
            in_language = f" in '{language}'" if language else ""
            yield error(where, f"{what}: the question has {_count(found)}{in_language}, but `blanks:` lists "
                               f"{wanted} {'entry' if wanted == 1 else 'entries'}",
                        f"Write one {BLANK} in the question for each entry of `blanks:`, in the same order")


_CODE_SPAN = re.compile(r"^(`+)(?:(?!\1).)+\1$", re.S)  # one code span, the whole text: no run of its ticks inside


def accepted_answers_read_as_typed(question: Question, what: str) -> Iterator[Problem]:
    """An accepted answer written as a code span (`` `torchrun` ``) keeps its backticks: it is compared with what
    a reader types as written, never read as Markdown, so a reader would have to type them too."""
    for number, blank in enumerate(question.body.blanks, start=1):
        for index, text in enumerate(blank.accept, start=1):
            for language, value in (text.items() if text is not None else ()):
                if _CODE_SPAN.match(value.strip()):
                    where = text.where(language) or question.source or Source("")
                    yield warning(where, f"{what}: blank {number}: accepted answer {index} is {value.strip()} with "
                                         "its backticks, which a reader would have to type",
                                  f"Write it without them, `- {value.strip().strip('`').strip()}`: an accepted answer "
                                  "is shown and compared as written, never read as Markdown")


def _accepted(blank: Blank, ctx: RenderContext) -> list[str]:
    return [value for value in (ctx.raw(text) for text in blank.accept) if value]


def view(question: Question, ctx: RenderContext) -> dict:
    numbers = iter(range(1, len(question.body.blanks) + 1))

    def blank(match: re.Match) -> str:
        # a numbered gap a reader without JavaScript can write in on paper; quizpages.js puts an input here
        number = next(numbers, 0)
        return (f'<span class="quizpages-blank" data-blank="{number}">({number})&nbsp;'
                f'<span class="quizpages-blank__line">{_LINE}</span></span>')

    prompt = _BLANK.sub(blank, ctx.text(question.prompt) or "")
    answers = []
    for blank in question.body.blanks:
        accepted = [ctx.escape(value) for value in _accepted(blank, ctx)]
        answers.append((accepted[0] if accepted else "", accepted[1:]))
    return {"prompt": prompt, "answers": answers}


def self_check(question: Question, ctx: RenderContext) -> dict:
    """The self-check's data: every blank's accepted answers in the page's language (see quizpages.js)."""
    return {"type": "blanks", "blanks": [{"accept": _accepted(b, ctx), "case": b.case_sensitive}
                                         for b in question.body.blanks]}


def export(question: Question, ctx: RenderContext) -> assessment.TextEntry:
    """For LMS exports: the question with a marker for each blank, and each blank's accepted answers."""
    numbers = iter(range(1, len(question.body.blanks) + 1))
    prompt = _BLANK.sub(lambda match: assessment.blank_marker(next(numbers, 0)), ctx.text(question.prompt) or "")
    return assessment.TextEntry(prompt, tuple(assessment.Blank(tuple(_accepted(blank, ctx)), blank.case_sensitive)
                                              for blank in question.body.blanks))


def example(language: str) -> Question:
    return Question(
        id="example-fill-in", kind="fill_in",
        prompt=Text({language: f"The command {BLANK} lists the pods of a namespace, and {BLANK} lists its services."}),
        body=FillIn(blanks=(Blank(accept=(Text(neutral="kubectl get pods"),)),
                            Blank(accept=(Text(neutral="kubectl get services"), Text(neutral="kubectl get svc"))))),
    )


# every blank's accepted answers in the page's language, and whether case matters
CHECK_SHAPE = check_shape("blanks", {"blanks": {"type": "array", "minItems": 1, "items": {
    "type": "object", "required": ["accept", "case"], "additionalProperties": False,
    "properties": {"accept": {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}},
                   "case": {"type": "boolean"}}}}})

KIND = Kind(
    name="fill_in", order=15, body=FillIn, doc=f"A sentence with blanks ({BLANK}) to fill in.",
    section="section.fill_in", fragment="kinds/fill_in.md.j2",
    view=view, self_check=self_check, check_shape=CHECK_SHAPE, example=example, rules=(blanks_match_the_prompt, accepted_answers_read_as_typed),
    export=export,
)
