"""The content model: what a quiz is, independent of YAML, Markdown and MkDocs.

Plain frozen dataclasses. Every piece of text remembers where it was written
(`Source`), so later checks (translations, HTML policy, links) can point at the
exact line of the quiz file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

MULTIPLE_CHOICE = "multiple_choice"
SHORT_ANSWER = "short_answer"
HANDS_ON = "hands_on"
KINDS = (MULTIPLE_CHOICE, SHORT_ANSWER, HANDS_ON)


class Source(NamedTuple):
    """A position in a quiz file (1-based line and column).

    A named tuple, not a dataclass: one is made per YAML node, and a tuple is the
    cheapest immutable value to create and keep (see benchmarks).
    """

    path: str
    line: int = 1
    column: int = 1


@dataclass(frozen=True, slots=True)  # slots: hundreds of quizzes stay in memory, see benchmarks
class Text:
    """Markdown text, either one string for every language or one per language.

    `neutral` is used when the text reads the same in every language (code,
    product names); `by_language` holds translations. A language missing from
    `by_language` falls back to `neutral`.
    """

    by_language: dict[str, str] = field(default_factory=dict)
    neutral: str | None = None
    source: Source | None = field(default=None, compare=False)
    sources: dict[str, Source] = field(default_factory=dict, compare=False)

    def get(self, language: str) -> str | None:
        """The text in `language`, or the language-neutral text, or None."""
        return self.by_language.get(language, self.neutral)

    def has(self, language: str) -> bool:
        return language in self.by_language or self.neutral is not None

    def where(self, language: str) -> Source | None:
        """Where the `language` text (or the whole field) was written."""
        return self.sources.get(language, self.source)

    def items(self) -> list[tuple[str | None, str]]:
        """Every (language or None for neutral, text) pair, for checks over all text."""
        pairs: list[tuple[str | None, str]] = []
        if self.neutral is not None:
            pairs.append((None, self.neutral))
        pairs.extend(self.by_language.items())
        return pairs


@dataclass(frozen=True, slots=True)  # slots: hundreds of quizzes stay in memory, see benchmarks
class NextQuiz:
    """The "Next Quiz" link: a Markdown link relative to the quiz page, and an optional title."""

    link: str
    title: Text | None = None
    source: Source | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)  # slots: hundreds of quizzes stay in memory, see benchmarks
class Question:
    id: str
    kind: str
    prompt: Text
    options: tuple[Text, ...] = ()
    answer_key: str | None = None  # multiple choice: the letter of the right option
    answer: Text | None = None  # short answer and hands-on: the answer text
    explanation: Text | None = None
    title: Text | None = None
    languages: tuple[str, ...] | None = None  # None: every language of the quiz
    source: Source | None = field(default=None, compare=False)
    field_sources: dict[str, Source] = field(default_factory=dict, compare=False)

    @property
    def answer_index(self) -> int | None:
        """0-based index of the right option, for multiple choice."""
        if self.answer_key is None or len(self.answer_key) != 1:
            return None
        index = ord(self.answer_key.upper()) - ord("A")
        return index if 0 <= index < len(self.options) else None

    def in_language(self, language: str, quiz_languages: tuple[str, ...]) -> bool:
        languages = self.languages if self.languages is not None else quiz_languages
        return language in languages and language in quiz_languages


@dataclass(frozen=True, slots=True)  # slots: hundreds of quizzes stay in memory, see benchmarks
class Quiz:
    id: str  # path under the quizzes folder, without .yml: "ai-ml/kubeflow-trainer"
    title: Text
    questions: tuple[Question, ...]
    languages: tuple[str, ...]  # the languages this quiz exists in
    declared_languages: bool = False  # True when the file says `languages:` itself
    intro: Text | None = None
    learning_material: str | None = None
    next: NextQuiz | None = None
    closing: Text | None = None
    source: Source | None = field(default=None, compare=False)
    field_sources: dict[str, Source] = field(default_factory=dict, compare=False)

    def questions_in(self, language: str) -> list[Question]:
        return [q for q in self.questions if q.in_language(language, self.languages)]


def option_letter(index: int) -> str:
    return chr(ord("A") + index)
