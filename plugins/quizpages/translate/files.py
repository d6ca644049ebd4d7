"""What a translation file is read into, whatever its format, and the error a file that cannot be used raises."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class ReadEntry:
    context: str
    source: str
    translation: str
    fuzzy: bool  # marked as still to be reviewed: never imported
    line: int  # where the entry is in the translation file


@dataclass(frozen=True)
class TranslationFile:
    path: str
    language: str  # its target language, as the file says
    entries: list[ReadEntry]


@dataclass
class TranslationFileError(Exception):
    """A translation file that cannot be used: it does not parse, or is not one quizpages can import."""

    path: str
    line: int
    message: str
    hint: str
    all: list[tuple[int, str, str]] = field(default_factory=list)  # every (line, message, hint) found

    def lines(self) -> list[str]:
        found = self.all or [(self.line, self.message, self.hint)]
        return [f"{self.path}:{line}: error: {message} ({hint})" for line, message, hint in found]
