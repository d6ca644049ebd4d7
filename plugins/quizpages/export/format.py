"""What an export format is, and what its writer is given: one module per format declares a `FORMAT`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..model import Problem, Question, Source, warning
from .html_text import Html
from .items import ExportItem, ExportQuiz


class Writer:
    """What a format's `write` may use: the site's Markdown as HTML, the interface strings of the export's
    language, and `leave_out`, which records what the format cannot hold as a located warning."""

    def __init__(self, export: ExportQuiz, format: "Format", html: Html, strings: Callable[..., str]):
        self.export = export
        self.format = format
        self.html = html
        self.strings = strings
        self.problems: list[Problem] = []

    def leave_out(self, item: ExportItem, what: str, reason: str, hint: str = "") -> None:
        """Say that `what` ("the question", "the hint") of `item` is not in the file, and why; nothing is ever
        dropped without this."""
        self.leave_out_question(item.question, item.label, what, reason, hint)

    def leave_out_question(self, question: Question, label: str, what: str, reason: str, hint: str = "") -> None:
        quiz = self.export.quiz
        where = question.source or quiz.source or Source(quiz.id)
        self.problems.append(warning(
            where, f"{label}: {what} left out of the {self.format.label} export of {quiz.id} "
                   f"({self.export.language}): {reason}", hint))


@dataclass(frozen=True)
class Format:
    name: str  # as `--format` and the `exports:` option name it
    label: str  # as messages and the download line name it
    suffix: str  # of the file, after the quiz id
    write: Callable[[ExportQuiz, Writer], bytes]
    doc: str = ""  # what it is, for `--help`
