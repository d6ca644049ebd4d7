"""What a question asks and how it is scored, independent of any LMS format: what a kind's `export` returns.

A helper module, not a kind (it defines no `KIND`). Each kind describes its questions
with one of these interactions (texts as Markdown in the export's language, accepted
answers as written); each format in quizpages.export maps the interactions to its own
question types, and says what it cannot hold. No format asks which kind a question is.

Scoring is the same everywhere: one point per question. A multiple response gives
partial credit (see `MultipleResponse`); a text entry with several blanks and a match
give each blank or pair its share; an extended text is scored by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ..model.numbers import decimal


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a choice: its text, whether it is right, and why (feedback), as Markdown."""

    text: str
    correct: bool
    feedback: str | None = None


@dataclass(frozen=True, slots=True)
class SingleChoice:
    """Pick the one right option."""

    options: tuple[Option, ...]


@dataclass(frozen=True, slots=True)
class TrueFalse:
    """Judge the prompt true or false."""

    answer: bool
    true_label: str  # the strings keys of the two answers, shown in the export's language
    false_label: str


@dataclass(frozen=True, slots=True)
class MultipleResponse:
    """Pick every right option. The right options share +100 % and the wrong ones share -100 %, so picking
    every option scores 0; a score is never below 0."""

    options: tuple[Option, ...]

    @property
    def right(self) -> int:
        return sum(1 for option in self.options if option.correct)

    @property
    def wrong(self) -> int:
        return len(self.options) - self.right

    def weight(self, option: Option) -> float:
        """The share of the question's point that picking `option` adds (negative: takes back)."""
        if option.correct:
            return 1 / self.right
        return -1 / self.wrong


def blank_marker(number: int) -> str:
    """Where blank `number` (1-based) stands in a `TextEntry` prompt: private-use characters that Markdown,
    HTML and XML all keep as they are, so a format finds the place again in the rendered prompt."""
    return f"\ue000{number}\ue001"


BLANK_MARKER_PATTERN = "\ue000([0-9]+)\ue001"
"""A regular expression finding `blank_marker`s; group 1 is the blank's number."""


@dataclass(frozen=True, slots=True)
class Blank:
    """One blank: every accepted answer, as written (plain text), and whether case matters."""

    accepted: tuple[str, ...]
    case_sensitive: bool = False


@dataclass(frozen=True, slots=True)
class TextEntry:
    """Type the missing words. `prompt` (Markdown) holds a `blank_marker` where each blank goes; it replaces
    the question's prompt."""

    prompt: str
    blanks: tuple[Blank, ...]


@dataclass(frozen=True, slots=True)
class NumericEntry:
    """Type a number: right from `low` to `high`; `answer` is the one shown as right."""

    answer: float
    low: float
    high: float
    unit: str | None = None  # Markdown, shown after the input
    unit_label: str = ""  # the strings key of the line naming the unit ("Answer in {unit}."), given with `unit`
    tolerance: float | None = None  # as the author wrote it, when right is `answer` give or take it

    def centred_tolerance(self) -> Decimal | None:
        """How far from `answer` a right number may be, when right is `answer` give or take it (a tolerance, or a
        range centred on the answer), as an exact decimal to write as written; None for any other range."""
        answer, low, high = decimal(self.answer), decimal(self.low), decimal(self.high)
        if self.tolerance is not None:
            return decimal(self.tolerance)
        return high - answer if high - answer == answer - low else None


@dataclass(frozen=True, slots=True)
class Pair:
    left: str
    right: str


@dataclass(frozen=True, slots=True)
class Match:
    """Match each left item with its right-hand item; `distractors` match nothing. `shown` is the order the
    right-hand items (pairs' then distractors') are listed in: indexes into that list."""

    pairs: tuple[Pair, ...]
    distractors: tuple[str, ...] = ()
    shown: tuple[int, ...] = ()

    @property
    def rights(self) -> tuple[str, ...]:
        return tuple(pair.right for pair in self.pairs) + self.distractors


@dataclass(frozen=True, slots=True)
class Order:
    """Put the items in order; `items` are in the right order, `shown` the order they are listed in
    (indexes into `items`), never the right one."""

    items: tuple[str, ...]
    shown: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ExtendedText:
    """Answer in writing, scored by hand; `model_answer` (Markdown) is for the grader and, after the
    attempt, the learner. `code`: answers are commands or code, so a plain monospaced box suits them."""

    model_answer: str
    code: bool = False


Interaction = SingleChoice | TrueFalse | MultipleResponse | TextEntry | NumericEntry | Match | Order | ExtendedText
"""Every interaction a kind's `export` may return."""
