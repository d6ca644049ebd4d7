"""Where a value was written (`Source`) and text in one or several languages (`Text`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple


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

    def where(self, language: str | None) -> Source | None:
        """Where the `language` text (or, for None, the whole field) was written."""
        if language is None:
            return self.source
        return self.sources.get(language, self.source)

    def items(self) -> list[tuple[str | None, str]]:
        """Every (language or None for neutral, text) pair, for checks over all text."""
        pairs: list[tuple[str | None, str]] = []
        if self.neutral is not None:
            pairs.append((None, self.neutral))
        pairs.extend(self.by_language.items())
        return pairs
