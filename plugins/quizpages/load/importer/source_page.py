"""What the importer reads a source page into: the page and its questions, with where each part was."""

from __future__ import annotations

from dataclasses import dataclass, field

from .findings import ImportWarning, import_error, import_warning
from .sections import Section


@dataclass
class PageQuestion:
    """One question as one page writes it."""

    number: int  # as the page numbers it
    line: int
    prompt: str
    title: str | None = None
    section: Section | None = None
    options: list[str] = field(default_factory=list)
    answer_key: str | None = None
    answer_line: int = 0  # the answer label's line (else its block's): where a reader checks the letter
    answer: str | None = None  # the written answer, or a multiple-choice answer that names no letter
    explanation: str | None = None
    kind: str = ""  # the name of its kind, once chosen


@dataclass
class SourcePage:
    """One source page: what it says, and where."""

    path: str
    language: str
    title: str = ""
    title_line: int = 1
    intro: str | None = None
    intro_line: int = 0
    learning_material: str | None = None
    footer_line: int = 0
    next_link: str | None = None
    next_title: str | None = None
    closing: str | None = None
    closing_line: int = 0
    footer_extra: str | None = None  # footer links that are neither return nor next: closing text
    footer_extra_line: int = 0
    questions: list[PageQuestion] = field(default_factory=list)
    findings: list[ImportWarning] = field(default_factory=list)

    def warn(self, kind: str, line: int, message: str, hint: str = "") -> None:
        self.findings.append(import_warning(kind, self.path, line, message, hint))

    def fail(self, kind: str, line: int, message: str, hint: str = "") -> None:
        """A problem no quiz file can carry: the quiz this page is part of is not written."""
        self.findings.append(import_error(kind, self.path, line, message, hint))

    @property
    def problems(self):
        return [finding.problem for finding in self.findings]
