"""Translation files -> new quiz file bytes: which entries apply, and the file written with them.

An entry is applied when its context names a text of the quiz, its source text is still the quiz's
(whitespace at the ends aside), it has a translation and is not fuzzy, and the translation differs from
what the file has. Anything else is skipped, and a warning names what and why (except an entry that is
simply untranslated, fuzzy or unchanged: those are counted). The new file is read back with the loader
before it may be written: every text must read as before except the ones changed, each now its new
translation, and the file must have no problem it did not have.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..load.yamlsource import unwritable_character
from ..model import Quiz, TextSlot
from ..model.problems import Problem
from .entries import parse_context
from .files import ReadEntry, TranslationFile
from .yaml_edit import Change, EditError, apply_changes

__all__ = ["Change", "EditError", "InvalidTranslation", "Outcome", "match_entries", "text_place", "write_changes"]


@dataclass
class Outcome:
    """What importing entries into one quiz file gives."""

    changes: list[Change] = field(default_factory=list)
    origins: list[tuple[str, str]] = field(default_factory=list)  # each change's entry ("path:line") and text label
    warnings: list[str] = field(default_factory=list)  # `path:line: warning: ...` lines
    errors: list[str] = field(default_factory=list)  # `path:line: error: ...` lines: entries no quiz may hold
    skipped: dict[str, int] = field(default_factory=dict)  # reason -> count: untranslated, fuzzy, unchanged

    def skip(self, reason: str) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + 1


class InvalidTranslation(EditError):
    """A translation that would give the quiz an error (pasted `<script>`, a blank text): the translator's to
    fix, not a fault of the writer."""

    def __init__(self, errors: list[tuple[str, str]]):
        super().__init__(errors[0][0])
        self.errors = errors  # (message, hint) of each error the translations bring, in the file's order


def match_entries(quiz: Quiz, file: TranslationFile, entries: list[ReadEntry], source_language: str,
                  outcome: Outcome) -> None:
    """Add to `outcome` the changes `entries` (of `file`, for `quiz`) make, and a warning for each entry that
    cannot be applied."""
    slots: dict[tuple[str, str], TextSlot] = {(slot.unit, slot.name): slot for slot in quiz.texts()}
    language = file.language
    for entry in entries:
        where = f"{file.path}:{entry.line}"
        parsed = parse_context(entry.context)
        slot = slots.get(parsed[1:]) if parsed is not None else None
        if slot is None:
            outcome.warnings.append(f"{where}: warning: the entry '{entry.context}' names no text of the quiz "
                                    f"{quiz.id}, so it was not applied (The question or field was renamed or removed; "
                                    "export the quiz again)")
            continue
        text = slot.text
        current = text.by_language.get(source_language, text.neutral if not text.by_language else None)
        if current is None or current.strip() != entry.source.strip():
            outcome.warnings.append(f"{where}: warning: {quiz.id}: {slot.label}: the source text changed since the "
                                    "export, so the translation was not applied (Export the quiz again and "
                                    "translate the new text)")
            continue
        if not entry.translation.strip():
            outcome.skip("untranslated")
            continue
        if entry.fuzzy:
            outcome.skip("fuzzy")
            continue
        unwritable = unwritable_character(entry.translation)
        if unwritable is not None:
            outcome.errors.append(f"{where}: error: {quiz.id}: {slot.label}: the translation holds {unwritable}, "
                                  "which no page or export can show (Delete it from the translation: an editor "
                                  "may show it as a box or not at all)")
            continue
        if text.get(language) == entry.translation:
            outcome.skip("unchanged")
            continue
        if not text.by_language and entry.translation == text.neutral:
            outcome.skip("unchanged")
            continue
        outcome.changes.append(Change(text, language, entry.translation))
        outcome.origins.append((where, slot.label))


def text_place(text) -> tuple:
    """Where a text is written in its file: the same for every use of it through a YAML alias
    (`question: *shared`), whose entries are then one text to translate once."""
    source = text.source
    return (id(text),) if source is None or source.line is None else (source.path, source.line, source.column)


def write_changes(data: bytes, old_quiz: Quiz, old_problems: list[Problem], changes: list[Change],
                  languages: tuple[str, ...], read_back: Callable[[bytes], tuple[Quiz | None, list[Problem]]]
                  ) -> tuple[bytes, list[Problem]]:
    """The file's new bytes with `changes` (to texts of `old_quiz`, read from `data`) written in, and the
    problems they bring (text in a language the quiz's `languages:` leaves out). The new bytes are read with
    `read_back`: every text must read as before but the ones changed, each as its new translation, with no
    error; raises EditError otherwise, and the file is not to be written."""
    changes = _keep_shared_text(old_quiz, changes, languages[0])
    try:
        return _written(data, old_quiz, old_problems, changes, languages, read_back, wrap=True)
    except InvalidTranslation:
        raise
    except EditError:  # wrapped like its neighbours, a text read back otherwise: write it on one line
        return _written(data, old_quiz, old_problems, changes, languages, read_back, wrap=False)


def _written(data: bytes, old_quiz: Quiz, old_problems: list[Problem], changes: list[Change],
             languages: tuple[str, ...], read_back: Callable[[bytes], tuple[Quiz | None, list[Problem]]],
             wrap: bool) -> tuple[bytes, list[Problem]]:
    new = apply_changes(data, changes, languages, wrap)
    quiz, problems = read_back(new)
    if quiz is None:
        known = {(p.message, p.hint) for p in old_problems}
        errors = [(p.message, p.hint) for p in problems if p.is_error and (p.message, p.hint) not in known]
        raise InvalidTranslation(errors or [("the file would not read as a quiz", "")])
    old_slots, new_slots = list(old_quiz.texts()), list(quiz.texts())
    if [(s.unit, s.name) for s in old_slots] != [(s.unit, s.name) for s in new_slots]:
        raise EditError("the file's texts would change places")
    wanted: dict[tuple[str, str], dict[str, str]] = {}
    for change in changes:  # each text the change writes: its own, and any alias of it
        place = text_place(change.text)
        for slot in old_slots:
            if slot.text is change.text or text_place(slot.text) == place:
                wanted.setdefault((slot.unit, slot.name), {})[change.language] = change.value
    for old, now in zip(old_slots, new_slots):
        expected = {lang: old.text.get(lang) for lang in languages if old.text.get(lang) is not None}
        expected.update(wanted.get((old.unit, old.name), {}))
        got = {lang: now.text.get(lang) for lang in languages if now.text.get(lang) is not None}
        if got != expected:
            raise EditError(f"{old.label} would not read back as written")
    known = {p.message for p in old_problems}
    return new, [p for p in problems if p.message not in known]


def _keep_shared_text(quiz: Quiz, changes: list[Change], source_language: str) -> list[Change]:
    """A text written once for every language that gains a translation is then written per language: the
    quiz's other languages keep the shared text, written out, so none loses it."""
    given = {(id(c.text), c.language) for c in changes}
    added = []
    for slot in quiz.texts():
        text = slot.text
        if text.by_language or not any(c.text is text for c in changes):
            continue
        added += [Change(text, language, text.neutral or "") for language in slot.languages
                  if language != source_language and (id(text), language) not in given]
    return changes + added
