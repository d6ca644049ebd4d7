"""One quiz file -> model, with every structural problem located.

`read_quiz` checks a file's shape (keys, types, required fields) against the
model's declarations and the kinds' (see `reader`). What values mean, such as
an answer naming an option or a translation being missing, is checked on the
model afterwards (quizpages.check), so one run reports both.
"""

from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass

from ..kinds import KINDS, Kind, Registry
from ..model import Question, Quiz, Source
from ..model.fields import QUESTION_ID, KindType, QuestionsType, declared_fields, fields_by_key
from ..model.layout import is_quiz_file
from ..model.problems import Problem, sort_key
from ..model.quiz import question_label
from .reader import INVALID, Reader, complete, missing_hint
from .yamlsource import YMap, YNode, YScalar, YSeq, read_yaml


class _QuizReader(Reader):
    """Reads a quiz: the generic reader plus what only quizzes have, questions and their kinds."""

    def __init__(self, path: str, languages: tuple[str, ...], kinds: Registry):
        super().__init__(path, languages)
        self.kinds = kinds
        self.whole = True  # the quiz's own fields read without a problem
        self.as_read: list[Question] = []  # every question as far as it could be read, for the checks of texts
        self.checkable: list[Question] = []  # every question its kind's rules can check, broken ones too

    def _questions(self, node, field_type, parent, key, what, sources):
        return self.questions(node)

    def _kind(self, node, field_type, parent, key, what, sources):
        found = self.kind(node, what)
        return INVALID if found is None else found.name

    READERS = {**Reader.READERS, QuestionsType: _questions, KindType: _kind}

    def quiz(self, root: YNode, quiz_id: str) -> Quiz | None:
        """The quiz, without the questions that have errors; None when the file is not a quiz at all.
        When the quiz's own fields have problems (`whole` is then False), what was read is kept, so
        that its questions can still be checked."""
        if not self.expect(root, YMap, "a quiz file", "A quiz file is a mapping with title, questions, ...") \
                or not isinstance(root, YMap):
            return None
        before = len(self.problems)
        found = self.check_keys(root, declared_fields(Quiz), "the quiz")
        questions_node = found.pop("questions", None)
        values, sources = self.fields(found, "")
        self.whole = len(self.problems) == before and complete({**values, "questions": ()}, Quiz)
        if questions_node is not None:
            values["questions"] = self.questions(questions_node[1])
            sources["questions"] = questions_node[1].source
        languages = values.get("declared_languages") or self.languages
        return Quiz(id=quiz_id, **values, languages=languages, source=root.source, field_sources=sources)

    def questions(self, node: YNode) -> tuple[Question, ...]:
        if not self.expect(node, YSeq, "questions", "Write `questions:` followed by `- id: ...` items") \
                or not isinstance(node, YSeq):
            return ()
        if not node.items:
            self.fail(node.source, "questions is empty", "Add at least one question")
        result = []
        seen_ids: dict[str, Source] = {}
        raw_kinds = [_raw_kind(item) for item in node.items]
        numbers = self.kinds.page_numbers(raw_kinds)
        for number, item in zip(numbers, node.items):
            # Duplicate ids are checked on the raw tree, so a question with other errors still counts.
            id_node = item.items.get("id", (None, None))[1] if isinstance(item, YMap) else None
            if isinstance(id_node, YScalar) and id_node.value:
                if id_node.value in seen_ids:
                    self.fail(id_node.source,
                              f"duplicate question id '{id_node.value}' (first used on line "
                              f"{seen_ids[id_node.value].line})",
                              "Give each question its own id; ids are anchors and keep readers' progress")
                else:
                    seen_ids[id_node.value] = id_node.source
            question = self.question(item, number)
            if question is not None:
                result.append(question)
        return tuple(result)

    def question(self, node: YNode, number: int) -> Question | None:
        """One question, or None when it has errors (they are recorded). Every field is read whatever else
        is wrong with the question: what could be read goes to `as_read`, so its texts are checked in the
        same run, and to `checkable` too when its kind's rules can run on it (see `_rules_can_run`)."""
        what = _question_label(node, number)
        hint = "Each question is a mapping: `- id: ...`, `kind: ...`, ..."
        if not self.expect(node, YMap, what, hint) or not isinstance(node, YMap):
            return None
        before, gaps = len(self.problems), self.gaps
        kind_entry = node.items.get("kind")
        kind = self.kind(kind_entry[1], f"{what}: kind", report=False) if kind_entry else None
        envelope = fields_by_key(Question)
        own = fields_by_key(kind.body) if kind else {}
        found_envelope, found_own = {}, {}
        under_empty = self.misindented(node, {**envelope, **own}, what)
        for name, (key, value) in node.items.items():
            if name in under_empty:
                continue
            if name in envelope:
                found_envelope[name] = (envelope[name], value)
            elif name in own:
                found_own[name] = (own[name], value)
            else:
                self.foreign_key(key, name, kind, what)
        for name, declared_field in envelope.items():
            if declared_field.spec.required and name not in node.items:
                example = self.kinds.names()[0] if isinstance(declared_field.spec.type, KindType) else None
                self.fail(node.source, f"{what} is missing the required key '{name}'",
                          missing_hint(declared_field, example))
        for name, declared_field in own.items():
            if declared_field.spec.required and name not in node.items:
                self.fail(node.source, f"{what} is {kind.name} but has no {name}",  # type: ignore[union-attr]
                          missing_hint(declared_field))
        values, sources = self.fields(found_envelope, what)
        body_values, body_sources = self.fields(found_own, what)
        kind = self.kinds.get(values.get("kind", ""))  # None when the kind is unknown (reported)
        question = Question(**values, body=kind.body(**body_values) if kind else None, number=number,
                            source=node.source, field_sources={**sources, **body_sources})
        self.as_read.append(question)
        if kind is not None and _rules_can_run(values, body_values, kind) and self.gaps == gaps:
            self.checkable.append(question)  # its kind's rules run on it even when another field is wrong
        return None if len(self.problems) > before else question

    def foreign_key(self, key: YScalar, name: str, kind: Kind | None, what: str) -> None:
        """A key this question may not have: another kind's, or a typo."""
        envelope = list(fields_by_key(Question))
        if kind is None:  # unknown kind: any kind's keys may belong, so only report what none has
            every = envelope + sorted({k for other in self.kinds for k in fields_by_key(other.body)} - set(envelope))
            if name not in every:
                self.unknown_key(key, name, every, what)
            return
        others = [k.name for k in self.kinds if name in fields_by_key(k.body)]
        if others:
            self.fail(key.source, f"{what} is {kind.name} and cannot have {name}",
                      f"Remove `{name}:`, or make it `kind: {others[0]}`")
        else:
            self.unknown_key(key, name, envelope + list(fields_by_key(kind.body)), what)

    def kind(self, node: YNode, what: str, report: bool = True) -> Kind | None:
        if not report:  # a first look, to know which keys the question may have; read again below
            value = node.value.strip() if isinstance(node, YScalar) else None
            return self.kinds.get(value) if value else None
        value = self.string(node, what)
        if value is None:
            return None
        kind = self.kinds.get(value)
        if kind is None:
            names = self.kinds.names()
            close = difflib.get_close_matches(value, names, n=1, cutoff=0.5)
            hint = f"Did you mean '{close[0]}'?" if close else "Use one of " + ", ".join(names)
            self.fail(node.source, f"{what.rsplit(': ', 1)[0]}: unknown kind '{value}'", hint)
        return kind


def _rules_can_run(values: dict, body_values: dict, kind: Kind) -> bool:
    """Whether a kind's rules can check a question read with problems: they read the question's prompt and
    the kind's own fields (see `Rule`), so those must have been read, and no list among them may have a
    gap (see reader.INVALID). The rest (an id that is not well formed, a hint that is a list) may be wrong."""
    return "prompt" in values and complete(body_values, kind.body)


def _raw_kind(item: YNode) -> str | None:
    """A question's kind as written, before reading it, to number the questions as pages do."""
    entry = item.items.get("kind") if isinstance(item, YMap) else None
    return entry[1].value.strip() if entry and isinstance(entry[1], YScalar) else None


@dataclass(frozen=True)
class Reading:
    """One quiz file as read, with what the checks afterwards need."""

    quiz: Quiz | None  # as far as it could be read, without broken questions; None when not a quiz at all
    problems: list[Problem]  # every structural problem, sorted by position
    whole: bool  # the quiz's own fields (title, languages, ...) were read without a problem
    checkable: tuple[Question, ...]  # every question its kind's rules can check, broken ones included
    as_read: tuple[Question, ...] = ()  # every question as far as it could be read, for the checks of texts


def read(path: str, quiz_id: str, languages: tuple[str, ...], data: bytes | None = None,
         kinds: Registry = KINDS) -> Reading:
    """Read one quiz file for checking: see `Reading`."""
    tree, problems = read_yaml(path, data)
    if tree is None:
        return Reading(None, problems, False, ())
    reader = _QuizReader(path, languages, kinds)
    reader.problems = problems
    quiz = reader.quiz(tree, quiz_id)
    return Reading(quiz, sorted(reader.problems, key=sort_key), reader.whole and quiz is not None,
                   tuple(reader.checkable), tuple(reader.as_read))


def read_quiz(path: str, quiz_id: str, languages: tuple[str, ...], data: bytes | None = None,
              kinds: Registry = KINDS) -> tuple[Quiz | None, list[Problem]]:
    """Read one quiz file: the quiz as far as it could be read (without broken questions; None when
    the quiz's own fields cannot be read), and every structural problem, sorted by position."""
    reading = read(path, quiz_id, languages, data, kinds)
    return (reading.quiz if reading.whole else None), reading.problems


def find_quiz_files(folder: str) -> list[str]:
    """Every quiz file (``*.yml``, ``*.yaml``) under `folder`, sorted, so ids and numbering are stable."""
    return [path for path in _files_under(folder) if is_quiz_file(path)]


def find_other_files(folder: str) -> list[str]:
    """The files under `folder` that are not quiz files (hidden ones aside): they are never published."""
    return [path for path in _files_under(folder) if not is_quiz_file(path)]


def _files_under(folder: str) -> list[str]:
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found.extend(os.path.join(root, name) for name in sorted(files) if not name.startswith("."))
    return sorted(found)


def _question_label(node: YNode, number: int) -> str:
    """How messages name a question being read: as `Question.label` does once it is read, "question 2
    (gang-scheduling)", with its id when it has a well-formed one."""
    id_node = node.items.get("id", (None, None))[1] if isinstance(node, YMap) else None
    well_formed = isinstance(id_node, YScalar) and re.fullmatch(QUESTION_ID.pattern, id_node.value)
    return question_label(number, id_node.value if well_formed else None)
