"""`translate import`: translation files in, new quiz file bytes out, all or nothing.

Every file is read and checked, and every quiz file it names is made in memory, before anything is
written: a run with any error writes nothing. `write_all` then writes each quiz file atomically, and puts
back the ones already written when a later one fails (a full disk), so no run leaves half its work.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..model import Problem, Quiz
from ..util.atomic_write import write_atomic
from .entries import parse_context
from .files import ReadEntry, TranslationFile, TranslationFileError
from .formats import read_translation_file
from .importer import InvalidTranslation, Outcome, match_entries, text_place, write_changes
from .yaml_edit import EditError

Loader = Callable[[str, str, bytes], tuple[Quiz | None, list[Problem]]]  # (path, quiz id, bytes) -> read


@dataclass
class ImportPlan:
    writes: dict[str, tuple[bytes, bytes]] = field(default_factory=dict)  # quiz file -> (old bytes, new bytes)
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    applied: dict[str, int] = field(default_factory=dict)  # quiz id -> translations written
    skipped: dict[str, int] = field(default_factory=dict)  # reason -> entries


def site_language(written: str, languages: tuple[str, ...]) -> str | None:
    """The site's language a translation file's language names, or None: as written (`ko`), or as editors
    write it, with a region or another case (Poedit's `ko_KR`, an XLIFF `ko-KR` for a site's `ko`)."""
    if written in languages:
        return written
    def key(code: str) -> str:
        return re.sub(r"[-_]", "-", code).casefold()
    same = [language for language in languages if key(language) == key(written)]
    if same:
        return same[0]
    primary = key(written).split("-")[0]
    return next((language for language in languages if key(language) == primary), None)


def plan_import(paths: list[str], quizzes: dict[str, Quiz], broken: dict[str, str], languages: tuple[str, ...],
                load: Loader, relative_to: str) -> ImportPlan:
    """What importing `paths` would write. `quizzes`: the site's quizzes that load without errors, `broken`:
    the ids of those with errors (and their files); `load` reads a quiz file's bytes as the site does."""
    plan = ImportPlan()
    files: list[TranslationFile] = []
    for path in paths:
        try:
            found = read_translation_file(path, os.path.relpath(path, relative_to))
        except TranslationFileError as exc:
            plan.errors += exc.lines()
            continue
        language = site_language(found.language, languages[1:])
        if language is not None:
            found = dataclasses.replace(found, language=language)
        else:
            plan.errors.append(f"{found.path}:1: error: the file's language is '{found.language or 'not given'}', which is "
                               f"not a translation language of this site (Use one of {', '.join(languages[1:])}; "
                               "a PO file names it in its `Language:` header, an XLIFF file in `target-language`)")
            continue
        files.append(found)
    by_quiz: dict[str, list[tuple[TranslationFile, list[ReadEntry]]]] = {}
    for file in files:
        entries, twice = _first_of_each_entry(file)
        plan.errors += twice
        grouped: dict[str, list[ReadEntry]] = {}
        for entry in entries:
            parsed = parse_context(entry.context)
            if parsed is None:
                plan.warnings.append(f"{file.path}:{entry.line}: warning: the entry '{entry.context}' was not "
                                     "written by quizpages, so it was not applied (Keep the msgctxt / id the export "
                                     "wrote: it names the quiz text)")
                continue
            grouped.setdefault(parsed[0], []).append(entry)
        for quiz_id, entries in grouped.items():
            by_quiz.setdefault(quiz_id, []).append((file, entries))
    for quiz_id, parts in sorted(by_quiz.items()):
        _plan_quiz(plan, quiz_id, parts, quizzes, broken, languages, load, relative_to)
    return plan


def _first_of_each_entry(file: TranslationFile) -> tuple[list[ReadEntry], list[str]]:
    """The file's entries without those whose msgctxt / id an earlier entry has, and an error at each of those:
    the file gives one text two translations, and whichever were read last would win (even when the other is
    the one the quiz has now, or their English differs only by a space). The copy is not read further, so it
    is not reported again as a translation that differs from the first."""
    first: dict[str, int] = {}
    kept, errors = [], []
    for entry in file.entries:
        if entry.context in first:
            errors.append(f"{file.path}:{entry.line}: error: the entry '{entry.context}' is in this file twice, here "
                          f"and at line {first[entry.context]}, so it is unclear which translation is meant (Keep "
                          "one of the two entries and delete the other)")
        else:
            first[entry.context] = entry.line
            kept.append(entry)
    return kept, errors


def _plan_quiz(plan: ImportPlan, quiz_id: str, parts: list, quizzes: dict[str, Quiz], broken: dict[str, str],
               languages: tuple[str, ...], load: Loader, relative_to: str) -> None:
    first_file, first_entries = parts[0]
    where = f"{first_file.path}:{first_entries[0].line}"
    if quiz_id in broken:
        plan.errors.append(f"{where}: error: the quiz {quiz_id} has errors, so no translation was written into it "
                           f"(Run `quizpages validate {os.path.relpath(broken[quiz_id], relative_to)}`, fix them, "
                           "then import again)")
        return
    if quiz_id not in quizzes or quizzes[quiz_id].source is None:
        plan.warnings.append(f"{where}: warning: there is no quiz {quiz_id}, so its {sum(len(e) for _f, e in parts)} "
                             "entries were not applied (Was the quiz renamed? Export it again)")
        return
    path = quizzes[quiz_id].source.path
    with open(path, "rb") as f:
        data = f.read()
    quiz, problems = load(path, quiz_id, data)
    if quiz is None:
        plan.errors.append(f"{where}: error: the quiz {quiz_id} has errors, so no translation was written into it "
                           "(Run `quizpages validate`, fix them, then import again)")
        return
    outcome = Outcome()
    for file, entries in parts:
        match_entries(quiz, file, entries, languages[0], outcome)
    plan.warnings += outcome.warnings
    plan.errors += outcome.errors  # the other entries are still checked, so one run reports every error
    for reason, number in outcome.skipped.items():
        plan.skipped[reason] = plan.skipped.get(reason, 0) + number
    # one place in the file, one translation: two files may give one text, and a YAML alias puts one text
    # in two questions (`question: *shared`)
    seen: dict[tuple, tuple[str, str, str]] = {}  # place, language -> its first translation, entry and label
    conflicts = []
    for change, (origin, label) in zip(outcome.changes, outcome.origins):
        key = (text_place(change.text), change.language)
        if key in seen and seen[key][0] != change.value:
            first_label = seen[key][2]
            conflicts.append(
                f"{origin}: error: {quiz_id}: {label}: this '{change.language}' translation differs from the one at "
                f"{seen[key][1]} (Import one of the two files, or make them agree)" if first_label == label else
                f"{origin}: error: {quiz_id}: {label}: this '{change.language}' translation differs from the one at "
                f"{seen[key][1]} for {first_label}, whose text it is through a YAML alias (Give both entries the "
                f"same translation, or write the text of {label} out in the quiz file instead of the alias)")
        seen.setdefault(key, (change.value, origin, label))
    if conflicts:
        plan.errors += conflicts
        return
    changes = list({(text_place(c.text), c.language): c for c in outcome.changes}.values())
    if not changes:
        return
    shown = os.path.relpath(path, relative_to)
    read_back = lambda d: load(path, quiz_id, d)  # noqa: E731 - the file read as the site reads it
    try:
        new, added = write_changes(data, quiz, problems, changes, languages, read_back)
    except InvalidTranslation as exc:
        origins = {id(change): origin for change, (origin, _label) in zip(outcome.changes, outcome.origins)}
        plan.errors += _invalid_entries(data, quiz, problems, changes, languages, read_back, origins, quiz_id) or [
            _invalid_line(where, quiz_id, message, hint) for message, hint in exc.errors]
        return
    except EditError as exc:
        plan.errors.append(f"{shown}: error: the translations could not be written into this file: {exc} "
                           "(Nothing was written; please report this with the file and the translation file)")
        return
    plan.writes[path] = (data, new)
    plan.applied[quiz_id] = len(changes)
    plan.warnings += [p.render(relative_to) for p in added]


def _invalid_entries(data: bytes, quiz: Quiz, problems: list[Problem], changes: list, languages: tuple[str, ...],
                     read_back: Callable, origins: dict[int, str], quiz_id: str) -> list[str]:
    """Each translation that alone would give the quiz an error, at its own entry's line, with every error it
    brings; empty when only the translations together do (then the run names the first entry)."""
    lines = []
    for change in changes:
        try:
            write_changes(data, quiz, problems, [change], languages, read_back)
        except InvalidTranslation as exc:
            lines += [_invalid_line(origins[id(change)], quiz_id, message, hint) for message, hint in exc.errors]
        except EditError:
            continue  # the joint write reported it; this one alone writes nothing wrong
    return lines


def _invalid_line(where: str, quiz_id: str, message: str, hint: str) -> str:
    return (f"{where}: error: a translation would give the quiz {quiz_id} an error: {message} "
            f"({hint + '. ' if hint else ''}Fix the translation in {where.rsplit(':', 1)[0]}, then import again; "
            "nothing was written)")


def write_all(plan: ImportPlan) -> None:
    """Write every planned quiz file atomically; when one fails, put back those already written, then raise."""
    done: list[tuple[str, bytes]] = []
    try:
        for path, (old, new) in plan.writes.items():
            write_atomic(path, new, overwrite=True)
            done.append((path, old))
    except BaseException:
        for path, old in done:
            write_atomic(path, old, overwrite=True)
        raise
