"""Which translations are missing or stale: review hashes of the source-language text.

Each translation unit (a quiz's own texts, or one question) has a review hash:
a hash of its source-language texts. `accept` stores the current hash per
language in a sidecar file, ``translations/<quiz id>.json`` beside mkdocs.yml,
so the quiz file itself is never rewritten. Later, a stored hash that differs
from the current one means the source text changed after the translation was
reviewed: the translation is stale. A unit without a stored hash counts as
current, which is where every existing quiz starts.

Pure core: no MkDocs, no printing.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass

from ..model import Problem, Question, Quiz, Source, Text, error
from ..model.fields import LANGUAGE_PATTERN
from ..model.quiz import QUIZ_UNIT, question_unit
from ..util.atomic_write import write_atomic

SIDECAR_DIR = "translations"
SOURCE_TEXTS = "source_texts"
"""The sidecar's key (no language code) for the source texts each language's translations were accepted
against: language -> unit -> name -> text. A stale translation is exported with its old source text
(`#| msgid`), so a translator sees what changed."""


@dataclass(frozen=True)
class Finding:
    kind: str  # "missing_quiz", "missing_text" (the quiz's own texts), "missing_question" or "stale"
    language: str
    quiz: str
    question: str | None
    source: Source | None
    fields: tuple[str, ...] = ()  # the texts written in the source language and not in this one
    written: bool = False  # missing_quiz: the quiz has texts in this language all the same (`languages:` leaves it out)

    def as_dict(self, relative_to: str | None = None) -> dict:
        path = self.source.path if self.source else None
        if path and relative_to:
            path = os.path.relpath(path, relative_to)
        return {"kind": self.kind, "language": self.language, "quiz": self.quiz, "question": self.question,
                "fields": list(self.fields), "file": path, "line": self.source.line if self.source else None,
                "column": self.source.column if self.source else None, "written": self.written}

    def message(self) -> str:
        if self.kind == "missing_quiz" and self.written:
            return (f"quiz {self.quiz} has '{self.language}' texts, but its `languages:` leaves {self.language} out, "
                    f"so no '{self.language}' page is made (Add {self.language} to `languages:`, or remove "
                    "`languages:` once every language is there)")
        if self.kind == "missing_quiz":
            return f"quiz {self.quiz} has no '{self.language}' translation"
        what = f"question {self.question}" if self.question else "the quiz's own texts (title, intro, closing)"
        if self.kind in ("missing_text", "missing_question") and self.fields:
            names = ", ".join(self.fields)
            owner = f"question {self.question}: " if self.question else ""
            verb = "has" if len(self.fields) == 1 else "have"
            return f"{self.quiz}: {owner}{names} {verb} no '{self.language}' translation"
        if self.kind == "missing_text":
            return f"{self.quiz}: {what} have no '{self.language}' translation"
        if self.kind == "missing_question":
            return f"{self.quiz}: {what} has no '{self.language}' translation"
        return (f"{self.quiz}: the '{self.language}' translation of {what} is stale: the source text changed "
                f"after it was accepted (review it, then run `quizpages status --accept {self.quiz}`)")


Unit = list[tuple[str, Text]]  # the (name, text) pairs of one translation unit, in file order


def units(quiz: Quiz) -> dict[str, tuple[Unit, Question | None]]:
    """Translation units of a quiz: name -> ((name, text) pairs, the question or None)."""
    questions = {question_unit(q.id): q for q in quiz.questions}
    result: dict[str, tuple[Unit, Question | None]] = {QUIZ_UNIT: ([], None)}
    result.update({name: ([], question) for name, question in questions.items()})
    for slot in quiz.texts():
        result[slot.unit][0].append((slot.name, slot.text))
    return result


def review_hash(texts: Unit, source_language: str) -> str:
    """A short hash of the source-language text of a unit's texts (whitespace at the ends ignored)."""
    values = [(name, (t.by_language.get(source_language) or "").strip()) for name, t in texts]
    digest = hashlib.sha256(json.dumps(values, ensure_ascii=False).encode("utf-8")).hexdigest()
    return digest[:16]


def _translated(texts: Unit, source_language: str, language: str) -> bool:
    """Every field written in the source language is written in `language` too."""
    return not _untranslated(texts, source_language, language)


def _untranslated(texts: Unit, source_language: str, language: str) -> list[tuple[str, Text]]:
    """The fields written in the source language and not in `language`, in file order."""
    return [(name, t) for name, t in texts if source_language in t.by_language and not t.has(language)]


def sidecar_path(root: str, quiz_id: str) -> str:
    return os.path.join(root, SIDECAR_DIR, *quiz_id.split("/")) + ".json"


class SidecarError(ValueError):
    """A `translations/<quiz id>.json` that cannot be read (a merge left its conflict in it, say): `problem`
    says where and what. Nothing is read from it and nothing is written over it."""

    def __init__(self, problem: Problem):
        super().__init__(problem.render())
        self.problem = problem


_CONFLICT = re.compile(r"^(<{7}|={7}|>{7})( |$)", re.M)
_SIDECAR_HINT = ("Mend it by hand (a merge can leave it so), or delete it and run `quizpages status --accept "
                 "{quiz}` again once its translations are reviewed")


def read_sidecar(root: str, quiz_id: str) -> dict:
    """The sidecar of `quiz_id` as stored, checked: language -> unit -> review hash, and SOURCE_TEXTS; empty
    when there is none. Raises SidecarError for a file that is no such thing."""
    path = sidecar_path(root, quiz_id)
    if not os.path.exists(path):
        return {}
    hint = _SIDECAR_HINT.format(quiz=quiz_id)
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except UnicodeDecodeError:
        raise SidecarError(error(Source(path), "the review hashes file is not UTF-8", hint)) from None
    conflict = _CONFLICT.search(text)
    if conflict:
        line = text.count("\n", 0, conflict.start()) + 1
        raise SidecarError(error(Source(path, line, 1), "the review hashes file holds a merge conflict", hint))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SidecarError(error(Source(path, exc.lineno, exc.colno), f"invalid JSON: {exc.msg}", hint)) from None
    wrong = _wrong_shape(data)
    if wrong:
        raise SidecarError(error(Source(path), f"the review hashes file is not as quizpages writes it: {wrong}", hint))
    return data


def _wrong_shape(data) -> str | None:
    """What in a parsed sidecar is not as `accept` writes it, or None."""
    if not isinstance(data, dict):
        return "it must be a JSON object"
    for language, hashes in data.items():
        if language == SOURCE_TEXTS:
            if not isinstance(hashes, dict):
                return f"'{SOURCE_TEXTS}' must be an object"
            for lang, by_unit in hashes.items():
                if not isinstance(by_unit, dict) or not all(
                        isinstance(texts, dict) and all(isinstance(v, str) for v in texts.values())
                        for texts in by_unit.values()):
                    return f"'{SOURCE_TEXTS}.{lang}' must map each unit to its texts"
        elif re.match(LANGUAGE_PATTERN, language):
            if not isinstance(hashes, dict) or not all(isinstance(h, str) for h in hashes.values()):
                return f"'{language}' must map each unit to its review hash"
    return None


def read_review_hashes(root: str, quiz_id: str) -> dict[str, dict[str, str]]:
    """language -> unit -> accepted review hash; empty when nothing was accepted yet (SidecarError: see
    `read_sidecar`)."""
    data = read_sidecar(root, quiz_id)
    return {lang: dict(found) for lang, found in data.items()
            if isinstance(found, dict) and re.match(LANGUAGE_PATTERN, lang)}


def read_accepted_texts(root: str, quiz_id: str) -> dict[str, dict[str, dict[str, str]]]:
    """language -> unit -> text name -> the source text its translation was accepted against; empty for
    what was accepted before quizpages kept the texts (or never)."""
    found = read_sidecar(root, quiz_id).get(SOURCE_TEXTS)
    return found if isinstance(found, dict) else {}


def sidecar_problems(root: str, quiz_ids) -> list[Problem]:
    """An error for each quiz of `quiz_ids` whose sidecar cannot be read: every one in one run."""
    problems = []
    for quiz_id in quiz_ids:
        try:
            read_sidecar(root, quiz_id)
        except SidecarError as exc:
            problems.append(exc.problem)
    return problems


def stale_units(quiz: Quiz, source_language: str, accepted: dict[str, str]) -> set[str]:
    """The units of `quiz` whose translation (accepted with the review hashes `accepted`) is stale: it was
    accepted against another source text."""
    return {name for name, (texts, _question) in units(quiz).items()
            if name in accepted and accepted[name] != review_hash(texts, source_language)}


def status(quiz: Quiz, languages: tuple[str, ...], accepted: dict[str, dict[str, str]]) -> list[Finding]:
    """Missing and stale translations of `quiz` in every language but the source language."""
    source = languages[0]
    findings = []
    for language in languages[1:]:
        if language not in quiz.languages:
            written = any(slot.text.by_language.get(language) for slot in quiz.texts())
            findings.append(Finding("missing_quiz", language, quiz.id, None, quiz.source, written=written))
            continue
        stored = accepted.get(language, {})
        for name, (texts, question) in units(quiz).items():
            where = question.source if question else quiz.source
            qid = question.id if question else None
            if question is not None and not question.in_language(language, quiz.languages):
                if question.in_language(source, quiz.languages):  # the whole question is left out
                    findings.append(Finding("missing_question", language, quiz.id, qid, where))
                continue
            missing = _untranslated(texts, source, language)
            if missing:  # one finding per text, at its own line and column, as `validate` warns of each
                kind = "missing_question" if question is not None else "missing_text"
                findings += [Finding(kind, language, quiz.id, qid, text.source or where,
                                     (field,)) for field, text in missing]
                continue
            if name in stored and stored[name] != review_hash(texts, source):
                findings.append(Finding("stale", language, quiz.id, qid, where))
    return findings


def accept(root: str, quiz: Quiz, languages: tuple[str, ...], only: tuple[str, ...] = ()) -> str | None:
    """Store the current review hashes of every translated unit of `quiz`; returns the sidecar path, or
    None (writing nothing) when the quiz has no translation to accept."""
    source = languages[0]
    data: dict = read_review_hashes(root, quiz.id)
    texts_accepted = read_accepted_texts(root, quiz.id)
    for language in languages[1:]:
        if only and language not in only or language not in quiz.languages:
            continue
        # A unit not fully translated keeps what was accepted before: once its missing text is written, a
        # source text changed since still shows as stale (dropping its hash would make it count as current).
        present = units(quiz)
        stored = {name: value for name, value in data.get(language, {}).items() if name in present}
        source_texts = {name: value for name, value in texts_accepted.get(language, {}).items() if name in stored}
        for name, (texts, question) in present.items():
            if question is not None and not question.in_language(language, quiz.languages):
                continue
            if _translated(texts, source, language):
                stored[name] = review_hash(texts, source)
                source_texts[name] = {field: t.by_language[source] for field, t in texts if source in t.by_language}
        if stored:
            data[language] = stored
            texts_accepted[language] = source_texts
    if not data:
        return None
    data[SOURCE_TEXTS] = {lang: texts_accepted[lang] for lang in data if lang in texts_accepted}
    path = sidecar_path(root, quiz.id)
    write_atomic(path, json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n", overwrite=True)
    return path
