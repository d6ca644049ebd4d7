"""What a question kind is: one declaration, and the registry every layer asks.

A `Kind` names everything about one kind of question in one place: the fields it
adds to a question (a dataclass declared with `declared(...)`, from which the
loader, the JSON Schema, the YAML writer and the build cache all work), its
rules, how its page fragment is fed, its section heading, its scaffold for
`quizpages new`, what it is in an LMS export and, where the source site's format
had it, how the importer recognises it. No layer tests a kind's name; each asks the registry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..model import Problem, Question, Text


class RenderContext(Protocol):
    """What a kind's `view` may use to turn its fields into template values (given by the renderer)."""

    language: str

    def text(self, text: Text | None) -> str | None:
        """The text in the page's language as safe Markdown (falling back as pages do), or None."""

    def raw(self, text: Text | None) -> str | None:
        """The text in the page's language as written (falling back as pages do), for data, not display."""

    def escape(self, value: str) -> str:
        """`value` as Markdown that shows it literally."""

    def follows_label(self, markdown: str) -> bool:
        """Whether `markdown` is written on its label's line ("B) > 5": one line, or one paragraph's
        lines), not on the lines below it (a fenced block, a list, several paragraphs)."""

    def indent(self, markdown: str, width: int) -> str:
        """`markdown` with its continuation lines indented to stay inside a list item."""

    def after_label(self, markdown: str, width: int) -> str:
        """`markdown` to write after a label ("- B) " + it) in a list item whose text is indented by
        `width`: on the label's line when it follows the label, else from the next paragraph on, with a
        blank line after it so the next item starts one."""


Rule = Callable[[Question, str], Iterable[Problem]]
"""A check of one question of a kind: (question, "question 2 (id)") -> problems, located in the file.

Rules run on a question even when its other fields are wrong, so one run reports every problem. A rule may
read the question's prompt and the kind's own fields, which are then always there; its other fields may be
missing. A list may hold fewer or more items than its type allows (the reader reports that and keeps the
list), so a rule must not count on the limits: `options` may be empty, a `range` may hold three numbers."""


@dataclass(frozen=True)
class ImportMapping:
    """How the importer recognises a question of this kind on a source site page.

    `sections` are phrases (lower-case, any language) that name this kind in a section
    heading: a heading containing one, such as "Multiple Choice Questions (1-6)" for
    "multiple choice", holds questions of this kind. `matches` tells whether a parsed
    question (its `options`, `answer_key` and `answer`) fits the kind; `auto` lets the
    kind be chosen by `matches` alone, without a section saying so; `build` makes the
    kind's body from the parsed question's texts (see quizpages.load.importer).
    """

    sections: tuple[str, ...]
    matches: Callable[[Any], bool]
    build: Callable[[Any], Any]
    auto: bool = True


@dataclass(frozen=True)
class Kind:
    name: str
    order: int  # where its section comes on a page, and its place in lists of kinds
    body: type  # the fields it adds to a question, declared with `declared(...)`
    doc: str  # one line: what a question of this kind asks
    section: str  # the strings key of its section heading on a page
    fragment: str  # its template under fragments/, with the macros `body` and `answer`
    view: Callable[[Question, RenderContext], dict]  # the template values of one question
    example: Callable[[str], Question]  # a question to start from in `language`, for `quizpages new`
    rules: tuple[Rule, ...] = ()
    importer: ImportMapping | None = None
    self_check: Callable[[Question, RenderContext], dict | None] = field(default=lambda question, ctx: None)
    """What the page's self-check needs (the question's data-check, read by quizpages.js): {"type": "choice" |
    "choices" | "blanks" | "number" | "order" | "match", ...}; None for a kind readers check against the
    written answer themselves."""
    check_shape: dict | None = None
    """The JSON Schema (draft 2020-12) every `self_check` payload of this kind follows: the contract between
    the kind and the script (tests check every built page's payloads against it). None: no self-check."""
    export: Callable[[Question, RenderContext], Any] | None = None
    """What a question asks and how it is scored, for LMS exports (quizpages.export): one of the interactions
    of `kinds.assessment`, its texts in the context's language. None: the kind cannot be exported, and
    an export says so for each of its questions."""

    def check(self, question: Question, what: str) -> list[Problem]:
        return [problem for rule in self.rules for problem in rule(question, what)]


class Registry:
    """The kinds a site knows, in page order. Register a kind to add it; nothing else changes."""

    def __init__(self, kinds: Iterable[Kind] = ()):
        self._kinds: dict[str, Kind] = {}
        for kind in kinds:
            self.register(kind)

    def register(self, kind: Kind) -> Kind:
        if kind.name in self._kinds:
            raise ValueError(f"a question kind named '{kind.name}' is registered already")
        self._kinds[kind.name] = kind
        self._kinds = dict(sorted(self._kinds.items(), key=lambda item: (item[1].order, item[0])))
        return kind

    def unregister(self, name: str) -> None:
        del self._kinds[name]

    def get(self, name: str) -> Kind | None:
        return self._kinds.get(name)

    def __getitem__(self, name: str) -> Kind:
        return self._kinds[name]

    def __iter__(self) -> Iterator[Kind]:
        return iter(list(self._kinds.values()))

    def __contains__(self, name: object) -> bool:
        return name in self._kinds

    def names(self) -> tuple[str, ...]:
        return tuple(self._kinds)

    def page_numbers(self, kinds: list[str | None]) -> list[int]:
        """The number a reader sees for each question, given the kind of each in file order: pages group
        questions by kind, in the registry's order, and number them continuously. A question of an
        unknown kind (a typo: `kind: essay`) is numbered as if it had the kind of the known question before
        it in the file, which is most likely the section it was meant for, so the other questions keep the
        numbers they have once it is fixed; with none before it, the first known one after it."""
        order = {name: rank for rank, name in enumerate(self._kinds)}
        ranks = [order.get(kind or "") for kind in kinds]
        known = [rank for rank in ranks if rank is not None]
        last = known[0] if known else 0
        for index, rank in enumerate(ranks):
            if rank is None:
                ranks[index] = last
            else:
                last = rank
        ranked = sorted(range(len(kinds)), key=lambda i: (ranks[i], i))
        numbers = [0] * len(kinds)
        for number, index in enumerate(ranked, start=1):
            numbers[index] = number
        return numbers

    def of(self, question: Question) -> Kind:
        """The kind of a loaded question (loading made sure it is registered)."""
        return self._kinds[question.kind]
