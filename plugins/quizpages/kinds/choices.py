"""What the kinds that list lettered options share: the options, per-option feedback, their rules and views.

A helper module, not a kind (it defines no `KIND`): multiple choice and multiple
select use it, and a new kind with options can too.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Iterator

from ..model import Problem, Question, Source, Text, error
from ..model.fields import LETTER, TEXT, ListType, MapType, declared, letter
from .assessment import Option
from .kind import RenderContext

OPTIONS = ListType(
    TEXT, min_items=2, max_items=26, item_label="option {letter}",
    hint="Write `options:` followed by `- ...` items",
    too_few=("{parent} has {count_word} option{s}; multiple choice needs at least two",
             "Add options, or make it `kind: short_answer`"),
    too_many=("{parent} has {count} options; at most 26 (A to Z) are allowed", "Remove options"),
)
# a feedback key names any option, not the right one: its own hint
FEEDBACK = MapType(dataclasses.replace(LETTER, invalid_hint="Name the option it is for by its letter, e.g. "
                                       "`feedback: {{B: Why B is wrong.}}`"), TEXT, item_label="feedback {name}")


def options_field():
    return declared(OPTIONS, required=True, default=(), doc="Two or more options, each per language.",
                    missing_hint="Add `options:` with two or more entries")


def feedback_field():
    return declared(FEEDBACK, doc="Why an option is right or wrong, by its letter, per language "
                                  "({B: {en: ..., ko: ...}}); shown for the options a reader picks, and in the answer.")


def letter_names_no_option(question: Question, found: str, what: str, where: Source | None) -> Problem | None:
    """An error when the letter `found` is past the last option."""
    options = question.body.options
    if not options or ord(found) - ord("A") < len(options):  # no options at all is reported as such
        return None
    last = letter(len(options) - 1)
    return error(where or question.source or Source(""),
                 f"{what} names no option (the options are A to {last})",
                 f"Write a letter from A to {last}, or add the missing option")


def texts_differ(texts: tuple[Text, ...], what: str, noun: str, labels, where: Source | None) -> Iterator[Problem]:
    """Two entries with the same text (in any language) leave a reader unable to tell them apart."""
    languages = {lang for text in texts for lang in text.by_language} | {None}
    for language in sorted(languages, key=str):
        seen: dict[str, int] = {}
        for index, text in enumerate(texts):
            value = text.get(language) if language else text.neutral
            if value is None:
                continue
            key = " ".join(value.split()).casefold()
            if key in seen:
                yield error(text.where(language) or where or Source(""),
                            f"{what}: {noun} {labels(seen[key])} and {labels(index)} have the same text"
                            + (f" in '{language}'" if language else ""),
                            f"Make every {noun[:-1] if noun.endswith('s') else noun} different, or remove the duplicate")
            else:
                seen[key] = index


def options_differ(question: Question, what: str) -> Iterator[Problem]:
    """Two options with the same text make the answer key ambiguous."""
    yield from texts_differ(question.body.options, what, "options", letter, question.source)


def feedback_names_options(question: Question, what: str) -> Iterator[Problem]:
    for name in question.body.feedback or {}:
        problem = letter_names_no_option(question, name, f"{what}: the feedback for '{name}'",
                                         question.field_sources.get(f"feedback.{name}"))
        if problem:
            yield problem


def option_texts(question: Question, ctx: RenderContext) -> list[str]:
    """The Markdown of every option, in order."""
    return [ctx.text(option) or "" for option in question.body.options]


def option_views(texts: list[str], ctx: RenderContext) -> list[tuple[str, str]]:
    """(letter, Markdown after the letter) of every option, indented to stay inside its list item."""
    return [(letter(i), ctx.after_label(text, 5)) for i, text in enumerate(texts)]


def choice_check(values: list[str] | str, answer, **extra) -> dict:
    """The self-check's data of a kind answered by picking among `values` (see quizpages.js): option
    letters as one string ("ABCD"), other values as a list."""
    return {"type": "choice", "values": values, "answer": answer, **extra}


def export_options(question: Question, ctx: RenderContext, right: set[str]) -> tuple[Option, ...]:
    """Every option for an LMS export, with whether its letter is in `right`, and its feedback."""
    feedback = question.body.feedback or {}
    return tuple(Option(ctx.text(option) or "", letter(i) in right, ctx.text(feedback.get(letter(i))))
                 for i, option in enumerate(question.body.options))

# The pieces of the kinds' `check_shape`s (JSON Schema, see Kind.check_shape).
LETTER_SHAPE = {"type": "string", "pattern": "^[A-Z]$"}
LETTERS_SHAPE = {"type": "array", "items": LETTER_SHAPE, "minItems": 2, "maxItems": 26, "uniqueItems": True}
OPTION_LETTERS_SHAPE = {"type": "string", "pattern": "^[A-Z]{2,26}$",
                        "description": "The letters of the options shown in the question, in order: ABCD. "
                                       "Options given this way are the question's own lettered options."}


def check_shape(check_type: str, required: dict, optional: dict | None = None) -> dict:
    """The JSON Schema of a self-check payload of `check_type` with these properties (each a schema) and
    no others."""
    return {"type": "object", "required": ["type", *required], "additionalProperties": False,
            "properties": {"type": {"const": check_type}, **required, **(optional or {})}}


def feedback_views(question: Question, ctx: RenderContext) -> list[tuple[str, str]]:
    """(letter, Markdown) of every option's feedback, in option order."""
    feedback = question.body.feedback or {}
    return [(name, ctx.after_label(ctx.text(feedback[name]) or "", 0)) for name in sorted(feedback)]


def shuffled(question: Question, count: int) -> list[int]:
    """A fixed order of `count` entries for `question`, never the author's own (which is the answer):
    the same on every build and in every language, so a page never changes between builds."""
    order = list(range(count))
    seed = int.from_bytes(hashlib.blake2b(question.id.encode("utf-8"), digest_size=8).digest(), "big")
    random.Random(seed).shuffle(order)
    if order == list(range(count)) and count > 1:
        order = order[1:] + order[:1]
    return order
