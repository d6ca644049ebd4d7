"""Matching: items on the left, each matched to one on the right; extra right-hand items are distractors."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..model import Problem, Question, Text
from ..model.fields import TEXT, ListType, RecordType, declared, letter
from . import assessment
from .choices import LETTER_SHAPE, LETTERS_SHAPE, check_shape, shuffled, texts_differ
from .kind import Kind, RenderContext


@dataclass(frozen=True, slots=True)
class Pair:
    left: Text = declared(TEXT, required=True, doc="The item to match, per language.")
    right: Text = declared(TEXT, required=True, doc="What it matches, per language.")


PAIRS = ListType(RecordType(Pair, separator=": "), min_items=2, max_items=26, item_label="pair {number}",
                 hint="Write `pairs:` followed by `- {left: ..., right: ...}` items",
                 too_few=("{parent} has {count_word} pair{s}; matching needs at least two", "Add pairs to `pairs:`"),
                 too_many=("{parent} has {count} pairs; at most 26 are allowed", "Remove pairs"))
DISTRACTORS = ListType(TEXT, item_label="distractor {number}",
                       hint="Write `distractors:` followed by `- ...` items")


@dataclass(frozen=True, slots=True)
class Matching:
    pairs: tuple[Pair, ...] = declared(PAIRS, required=True, default=(),
                                       missing_hint="Add `pairs:` with `- {left: ..., right: ...}` items",
                                       doc="Each left item with the right-hand item it matches.")
    distractors: tuple[Text, ...] = declared(DISTRACTORS, default=(),
                                             doc="Right-hand items that match nothing, to choose among too.")


def _rights(body: Matching) -> tuple[Text, ...]:
    return tuple(pair.right for pair in body.pairs) + body.distractors


def sides_differ(question: Question, what: str) -> Iterator[Problem]:
    """Two left items, or two right-hand choices, with the same text cannot be told apart."""
    body: Matching = question.body
    yield from texts_differ(tuple(p.left for p in body.pairs), what, "left items", lambda i: str(i + 1),
                            question.source)
    yield from texts_differ(_rights(body), what, "right-hand items",
                            lambda i: f"pair {i + 1}" if i < len(body.pairs) else f"distractor {i - len(body.pairs) + 1}",
                            question.source)


def _choices(question: Question) -> list[int]:
    """The right-hand items as pages show them: shuffled; entry k is the index into _rights."""
    return shuffled(question, len(_rights(question.body)))


def view(question: Question, ctx: RenderContext) -> dict:
    body: Matching = question.body
    order = _choices(question)
    rights = _rights(body)
    rights = [ctx.text(right) or "" for right in rights]
    lefts = [ctx.text(pair.left) or "" for pair in body.pairs]
    choices = [(letter(k), ctx.after_label(rights[i], 5)) for k, i in enumerate(order)]
    # the answer's lines pair a left with its choice, each text as it reads after its label: on one line, or,
    # for a left written as blocks (a code block), the blocks and then the choice (the fragment's job)
    answer = [(ctx.after_label(left, 5), letter(order.index(n)), ctx.after_label(rights[n], 5))
              for n, left in enumerate(lefts)]
    return {"lefts": [ctx.after_label(left, 5) for left in lefts], "choices": choices, "answer": answer}


def self_check(question: Question, ctx: RenderContext) -> dict:
    """The self-check's data: one lettered choice per left item (see quizpages.js)."""
    order = _choices(question)
    return {"type": "match", "letters": [letter(k) for k in range(len(order))],
            "answer": [letter(order.index(n)) for n in range(len(question.body.pairs))]}


def export(question: Question, ctx: RenderContext) -> assessment.Match:
    """For LMS exports: the pairs, the distractors, and the right-hand items in the order pages show them."""
    body: Matching = question.body
    return assessment.Match(tuple(assessment.Pair(ctx.text(p.left) or "", ctx.text(p.right) or "") for p in body.pairs),
                            tuple(ctx.text(d) or "" for d in body.distractors), tuple(_choices(question)))


def example(language: str) -> Question:
    return Question(
        id="example-matching", kind="matching",
        prompt=Text({language: "Match each object to what it does."}),
        body=Matching(pairs=(Pair(Text({language: "Deployment"}), Text({language: "Rolls out stateless pods"})),
                             Pair(Text({language: "Service"}), Text({language: "Gives pods a stable address"}))),
                      distractors=(Text({language: "Stores secrets"}),)),
    )


# letters: the right-hand choices as shown; answer[n]: the letter of the (n + 1)th left item's match
CHECK_SHAPE = check_shape("match", {"letters": LETTERS_SHAPE, "answer": LETTERS_SHAPE})

KIND = Kind(
    name="matching", order=13, body=Matching, doc="Items to match with the right-hand items they go with.",
    section="section.matching", fragment="kinds/matching.md.j2",
    view=view, self_check=self_check, check_shape=CHECK_SHAPE, example=example, rules=(sides_differ,),
    export=export,
)
