"""Which translation files an export writes, and with what: one file per quiz and language.

`DIR/<language>/<quiz id>.po` (or `.xlf`). A file already there may hold a translator's work not yet
imported; it is never replaced then (see `unimported_work`), unless the caller is told to (`--force`).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

from ..check.translation_status import read_accepted_texts, read_review_hashes
from ..model import Quiz
from .entries import Entry, count, quiz_entries
from .files import TranslationFileError
from .formats import Format, read_translation_file, render


@dataclass(frozen=True)
class ExportFile:
    quiz: Quiz
    path: str
    content: bytes
    entries: list[Entry]

    @property
    def counts(self) -> dict[str, int]:
        return count(self.entries)


def language_entries(quiz: Quiz, language: str, source_language: str, root: str, shared: bool = False) -> list[Entry]:
    """The entries of `quiz` in `language`, with its stale translations marked fuzzy (from the review
    hashes `quizpages status --accept` stored beside mkdocs.yml, under `root`)."""
    accepted = read_review_hashes(root, quiz.id).get(language, {})
    texts = read_accepted_texts(root, quiz.id).get(language, {})
    return quiz_entries(quiz, language, source_language, accepted, texts, root, shared)


def export_path(out_dir: str, language: str, quiz_id: str, fmt: Format) -> str:
    return os.path.join(out_dir, language, *quiz_id.split("/")) + fmt.extension


def plan_export(quizzes: list[Quiz], language: str, source_language: str, fmt: Format, out_dir: str, root: str,
                names: tuple[str, str], shared: bool = False) -> list[ExportFile]:
    """Every file the export writes, made in memory first: nothing is written when one cannot be."""
    planned = []
    for quiz in quizzes:
        entries = language_entries(quiz, language, source_language, root, shared)
        quiz_file = os.path.relpath(quiz.source.path, root).replace(os.sep, "/") if quiz.source else quiz.id
        content = render(fmt, entries, quiz.id, quiz_file, source_language, language, names, _changed(quiz))
        planned.append(ExportFile(quiz, export_path(out_dir, language, quiz.id, fmt), content, entries))
    return planned


def _changed(quiz: Quiz) -> str:
    """When the quiz file was last changed, as a PO header's date: the same for every export of one version."""
    try:
        stamp = os.stat(quiz.source.path).st_mtime if quiz.source else 0
    except OSError:
        stamp = 0
    return time.strftime("%Y-%m-%d %H:%M+0000", time.gmtime(stamp))


def unimported_work(planned: ExportFile) -> tuple[str, int | None] | None:
    """Where the file already at `planned.path` holds a translation the quiz does not have yet (a translator's
    work not imported): its path and the entry's line (None when the file cannot be read). None when it may be
    replaced."""
    if not os.path.exists(planned.path):
        return None
    try:
        with open(planned.path, "rb") as f:
            if f.read() == planned.content:
                return None
        existing = read_translation_file(planned.path)
    except TranslationFileError as exc:
        return exc.path, exc.line
    exported = {entry.context: entry.translation for entry in planned.entries}
    for entry in existing.entries:
        if entry.translation and exported.get(entry.context) != entry.translation:
            return planned.path, entry.line
    return None
