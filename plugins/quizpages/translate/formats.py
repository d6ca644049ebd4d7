"""The two file formats, by name and by file extension: what export writes and import reads."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

from .entries import Entry
from .files import TranslationFile, TranslationFileError
from .po_file import read_po, write_po
from .xliff_file import read_xliff, write_xliff


@dataclass(frozen=True)
class Format:
    name: str
    extension: str
    write: Callable[..., str | bytes]  # (entries, quiz id, quiz file, source language, language, names, revised)
    read: Callable[[str, bytes], TranslationFile]


FORMATS = {
    "po": Format("po", ".po", write_po, read_po),
    "xliff": Format("xliff", ".xlf", write_xliff, read_xliff),
}
EXTENSIONS = {".po": FORMATS["po"], ".xlf": FORMATS["xliff"], ".xliff": FORMATS["xliff"]}


def read_translation_file(path: str, shown: str | None = None) -> TranslationFile:
    """A .po or .xlf file's entries; raises TranslationFileError (naming the line) for one that cannot be used.
    `shown`: how messages name the file (default: `path`)."""
    found = EXTENSIONS.get(os.path.splitext(path)[1].lower())
    if found is None:
        raise TranslationFileError(shown or path, 1, "not a translation file",
                                   "Import a .po or .xlf file that `quizpages translate export` wrote")
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as exc:
        raise TranslationFileError(shown or path, 1, f"cannot read the file: {exc.strerror}",
                                   "Make sure the file exists and is readable") from None
    return found.read(shown or path, data)


def render(fmt: Format, entries: list[Entry], quiz_id: str, quiz_file: str, source_language: str, language: str,
           names: tuple[str, str], revised: str) -> bytes:
    content = fmt.write(entries, quiz_id, quiz_file, source_language, language, names, revised)
    return content.encode("utf-8") if isinstance(content, str) else content
