"""Ordering: items to put in order. The author writes them in the right order; readers see them shuffled."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..model import Problem, Question, Text
from ..model.fields import TEXT, ListType, declared, letter
from . import assessment
from .choices import LETTERS_SHAPE, check_shape, shuffled, texts_differ
from .kind import Kind, RenderContext

ITEMS = ListType(TEXT, min_items=2, max_items=26, item_label="item {number}",
                 hint="Write `items:` followed by `- ...` items, in the right order",
                 too_few=("{parent} has {count_word} item{s}; ordering needs at least two", "Add items to `items:`"),
                 too_many=("{parent} has {count} items; at most 26 are allowed", "Remove items"))


@dataclass(frozen=True, slots=True)
class Ordering:
    items: tuple[Text, ...] = declared(ITEMS, required=True, default=(), missing_hint="Add `items:` in the right order",
                                       doc="The items in the right order, each per language; pages show them "
                                           "shuffled, lettered A, B, C, ...")


def items_differ(question: Question, what: str) -> Iterator[Problem]:
    yield from texts_differ(question.body.items, what, "items", lambda i: str(i + 1), question.source)


def view(question: Question, ctx: RenderContext) -> dict:
    items = question.body.items
    order = shuffled(question, len(items))  # shown[k] is items[order[k]]
    texts = [ctx.text(item) or "" for item in items]
    shown = [(letter(k), ctx.after_label(texts[i], 5)) for k, i in enumerate(order)]
    letters = {i: letter(k) for k, i in enumerate(order)}
    # the answer's numbered lines: each item as it reads after its letter
    right = [(letters[i], ctx.after_label(texts[i], 5)) for i in range(len(items))]
    return {"shown": shown, "answer": right}


def self_check(question: Question, ctx: RenderContext) -> dict:
    """The self-check's data: a position for each lettered item (see quizpages.js)."""
    order = shuffled(question, len(question.body.items))
    # answer[n] is the letter of the item that comes (n + 1)th
    return {"type": "order", "letters": [letter(k) for k in range(len(order))],
            "answer": [letter(order.index(i)) for i in range(len(order))]}


def export(question: Question, ctx: RenderContext) -> assessment.Order:
    """For LMS exports: the items in the right order, and in the order pages show them."""
    items = question.body.items
    return assessment.Order(tuple(ctx.text(item) or "" for item in items), tuple(shuffled(question, len(items))))


def example(language: str) -> Question:
    return Question(
        id="example-ordering", kind="ordering",
        prompt=Text({language: "Put these steps of a rolling update in order."}),
        body=Ordering(items=(Text({language: "A new ReplicaSet is created"}),
                             Text({language: "New pods become ready"}),
                             Text({language: "Old pods are scaled down"}))),
    )


# letters: the items as shown; answer[n]: the letter of the item that comes (n + 1)th
CHECK_SHAPE = check_shape("order", {"letters": LETTERS_SHAPE, "answer": LETTERS_SHAPE})

KIND = Kind(
    name="ordering", order=14, body=Ordering, doc="Items to put in the right order.",
    section="section.ordering", fragment="kinds/ordering.md.j2",
    view=view, self_check=self_check, check_shape=CHECK_SHAPE, example=example, rules=(items_differ,),
    export=export,
)
