"""Problems found in quiz files, and their one-line rendering.

Every problem has a location, a message saying what is wrong, and a hint
saying how to fix it. They render as ``path:line:column: severity: message (hint)``,
the format editors, CI annotations and humans all read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from .text import Source

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    severity: str
    source: Source
    message: str
    hint: str = ""

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def render(self, relative_to: str | None = None) -> str:
        """``path:line:col: severity: message (hint)``, the path relative to `relative_to` when given."""
        path = self.source.path
        if relative_to is not None:
            path = display_path(path, relative_to)
        text = f"{path}:{self.source.line}:{self.source.column}: {self.severity}: {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text


def display_path(path: str, relative_to: str) -> str:
    """`path` relative to `relative_to` with forward slashes, or unchanged when outside it."""
    try:
        rel = os.path.relpath(path, relative_to)
    except ValueError:  # another drive on Windows
        return path
    if rel.startswith(".."):
        return path
    return rel.replace(os.sep, "/")


def error(source: Source, message: str, hint: str = "") -> Problem:
    return Problem(ERROR, source, message, hint)


def warning(source: Source, message: str, hint: str = "") -> Problem:
    return Problem(WARNING, source, message, hint)


def sort_key(problem: Problem) -> tuple:
    return (problem.source.path, problem.source.line, problem.source.column, problem.message)


class QuizError(Exception):
    """Raised by the public API when quiz files have errors; carries every problem."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(problems, key=sort_key)
        super().__init__("\n".join(p.render() for p in self.problems))
