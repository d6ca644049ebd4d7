"""Quiz files -> model, with every structural problem located.

`load_quiz` reads one file; `load_quizzes` finds every ``*.yml`` under a
folder. Structure (keys, types, required fields) is checked here against the
declarations in `schema`; rules that need the whole model (translations, ids,
answer keys, HTML) live in `validate`.
"""

from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass, field

from . import schema
from .model import MULTIPLE_CHOICE, NextQuiz, Question, Quiz, Source, Text
from .problems import Problem, error, sort_key
from .yamlsource import YMap, YNode, YScalar, YSeq, describe, read_yaml

_ID_RE = re.compile(schema.ID_PATTERN)


def quiz_id_for(path: str, quizzes_dir: str | None) -> str:
    """A quiz's id: its path under the quizzes folder, without ``.yml``, with forward slashes."""
    stem = path[: -len(".yml")] if path.endswith(".yml") else path
    if quizzes_dir:
        rel = os.path.relpath(stem, quizzes_dir)
        if not rel.startswith(".."):
            return rel.replace(os.sep, "/")
    return os.path.basename(stem)


def find_quiz_files(folder: str) -> list[str]:
    """Every ``*.yml`` file under `folder`, sorted, so ids and numbering are stable."""
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found.extend(os.path.join(root, name) for name in sorted(files) if name.endswith(".yml"))
    return sorted(found)


@dataclass
class _Reader:
    """Turns the located YAML tree of one file into model objects, collecting problems."""

    path: str
    languages: tuple[str, ...]
    problems: list[Problem] = field(default_factory=list)

    def fail(self, where: Source, message: str, hint: str = "") -> None:
        self.problems.append(error(where, message, hint))

    # -- generic checks ---------------------------------------------------------------

    def fields(self, node: YMap, known: dict[str, schema.Field], what: str) -> dict[str, YNode]:
        """Check unknown and missing keys of a mapping; return the known ones."""
        found: dict[str, YNode] = {}
        for name, (key, value) in node.items.items():
            if name in known:
                found[name] = value
                continue
            close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
            hint = f"Did you mean '{close[0]}'?" if close else "Known keys: " + ", ".join(known)
            self.fail(key.source, f"unknown key '{name}' in {what}", hint)
        for name, spec in known.items():
            if spec.required and name not in node.items:
                self.fail(node.source, f"{what} is missing the required key '{name}'",
                          f"Add `{name}: {spec.example}`")
        return found

    def expect(self, node: YNode, kind: type, what: str, hint: str) -> bool:
        # Any non-empty scalar is text as written: `yes`, `2` or `2026-10-01` are an author's words,
        # not YAML 1.1 booleans, numbers or dates.
        if isinstance(node, kind) and (kind is not YScalar or not node.is_null):  # type: ignore[union-attr]
            return True
        expected = {YMap: "a mapping", YSeq: "a list", YScalar: "text"}[kind]
        self.fail(node.source, f"{what} must be {expected}, not {describe(node)}", hint)
        return False

    def string(self, node: YNode, what: str, hint: str = "") -> str | None:
        if not self.expect(node, YScalar, what, hint or "Write it as text on the same line, not as a list or mapping"):
            return None
        value = node.value  # type: ignore[union-attr]
        if not value.strip():
            self.fail(node.source, f"{what} is empty", "Write the text, or remove the key")
            return None
        return value

    def language(self, key: YScalar, what: str) -> bool:
        if key.value in self.languages:
            return True
        close = difflib.get_close_matches(key.value, self.languages, n=1, cutoff=0.5)
        configured = ", ".join(self.languages)
        hint = (f"Did you mean '{close[0]}'? " if close else "") + (
            f"This site's languages are {configured}; see plugins.quizpages.languages in mkdocs.yml")
        self.fail(key.source, f"'{key.value}' in {what} is not a language of this site", hint)
        return False

    # -- field types ------------------------------------------------------------------

    def text(self, node: YNode, what: str) -> Text | None:
        if isinstance(node, YScalar) and not node.is_null:
            value = self.string(node, what)
            return Text(neutral=value, source=node.source) if value is not None else None
        if not isinstance(node, YMap):
            self.fail(node.source, f"{what} must be text or a mapping of language to text, not {describe(node)}",
                      "Write `en: ...` and `ko: ...` lines under it, or one text for every language; "
                      "quote text that looks like a number")
            return None
        by_language: dict[str, str] = {}
        sources: dict[str, Source] = {}
        for name, (key, value) in node.items.items():
            if not self.language(key, what):
                continue
            text = self.string(value, f"{what} [{name}]")
            if text is not None:
                by_language[name] = text
                sources[name] = value.source
        if not node.items:
            self.fail(node.source, f"{what} is empty", "Write the text in each language")
            return None
        return Text(by_language=by_language, source=node.source, sources=sources)

    def language_list(self, node: YNode, what: str) -> tuple[str, ...] | None:
        if not self.expect(node, YSeq, what, "Write a list such as `[en, ko]`"):
            return None
        result: list[str] = []
        for item in node.items:  # type: ignore[union-attr]
            if not self.expect(item, YScalar, f"an entry of {what}", "Write language codes such as en"):
                continue
            if self.language(item, what) and item.value not in result:  # type: ignore[arg-type]
                result.append(item.value)  # type: ignore[union-attr]
            elif item.value in result:  # type: ignore[union-attr]
                self.fail(item.source, f"'{item.value}' is listed twice in {what}", "Remove one")  # type: ignore[union-attr]
        if not node.items:  # type: ignore[union-attr]
            self.fail(node.source, f"{what} is empty", "List at least one language, or remove the key")
            return None
        return tuple(result)

    # -- the quiz ---------------------------------------------------------------------

    def quiz(self, root: YNode, quiz_id: str) -> Quiz | None:
        if not self.expect(root, YMap, "a quiz file", "A quiz file is a mapping with title, questions, ..."):
            return None
        assert isinstance(root, YMap)
        found = self.fields(root, schema.QUIZ_FIELDS, "the quiz")
        sources = {name: node.source for name, node in found.items()}
        declared = "languages" in found
        languages = self.language_list(found["languages"], "languages") if declared else None
        quiz_languages = languages or self.languages
        title = self.text(found["title"], "title") if "title" in found else None
        intro = self.text(found["intro"], "intro") if "intro" in found else None
        closing = self.text(found["closing"], "closing") if "closing" in found else None
        learning = (self.string(found["learning_material"], "learning_material")
                    if "learning_material" in found else None)
        next_quiz = self.next_quiz(found["next"]) if "next" in found else None
        questions = self.questions(found["questions"], quiz_languages) if "questions" in found else ()
        if self.problems:
            return None
        assert title is not None
        return Quiz(
            id=quiz_id, title=title, questions=tuple(questions), languages=tuple(quiz_languages),
            declared_languages=declared, intro=intro, learning_material=learning, next=next_quiz,
            closing=closing, source=root.source, field_sources=sources,
        )

    def next_quiz(self, node: YNode) -> NextQuiz | None:
        if isinstance(node, YScalar):
            link = self.string(node, "next", "Write the link to the next quiz, e.g. ./other-quiz.md")
            return NextQuiz(link=link, source=node.source) if link else None
        if not self.expect(node, YMap, "next", "Write a link (./other-quiz.md) or a mapping with `link:`"):
            return None
        found = self.fields(node, schema.NEXT_FIELDS, "next")  # type: ignore[arg-type]
        link = self.string(found["link"], "next.link") if "link" in found else None
        title = self.text(found["title"], "next.title") if "title" in found else None
        return NextQuiz(link=link, title=title, source=node.source) if link else None

    def questions(self, node: YNode, quiz_languages: tuple[str, ...]) -> list[Question]:
        if not self.expect(node, YSeq, "questions", "Write `questions:` followed by `- id: ...` items"):
            return []
        assert isinstance(node, YSeq)
        if not node.items:
            self.fail(node.source, "questions is empty", "Add at least one question")
        result = []
        seen_ids: dict[str, Source] = {}
        for number, item in enumerate(node.items, start=1):
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
        return result

    def question(self, node: YNode, number: int) -> Question | None:
        what = f"question {number}"
        if not self.expect(node, YMap, what, "Each question is a mapping: `- id: ...`, `kind: ...`, ..."):
            return None
        assert isinstance(node, YMap)
        before = len(self.problems)
        found = self.fields(node, schema.QUESTION_FIELDS, what)
        sources = {name: value.source for name, value in found.items()}
        qid = self.question_id(found["id"], what) if "id" in found else None
        kind = self.kind(found["kind"], what) if "kind" in found else None
        prompt = self.text(found["question"], f"{what}: question") if "question" in found else None
        title = self.text(found["title"], f"{what}: title") if "title" in found else None
        explanation = self.text(found["explanation"], f"{what}: explanation") if "explanation" in found else None
        languages = self.language_list(found["languages"], f"{what}: languages") if "languages" in found else None
        options: tuple[Text, ...] = ()
        answer_key = None
        answer = None
        if kind == MULTIPLE_CHOICE:
            if "options" in found:
                options = self.options(found["options"], what)
            else:
                self.fail(node.source, f"{what} is multiple_choice but has no options",
                          "Add `options:` with two or more entries")
            if "answer" in found:
                answer_key = self.answer_key(found["answer"], what, len(options))
        elif kind is not None:
            if "options" in found:
                self.fail(node.items["options"][0].source, f"{what} is {kind} and cannot have options",
                          "Remove `options:`, or make it `kind: multiple_choice`")
            if "answer" in found:
                answer = self.text(found["answer"], f"{what}: answer")
        if len(self.problems) > before or qid is None or kind is None or prompt is None:
            return None
        return Question(
            id=qid, kind=kind, prompt=prompt, options=options, answer_key=answer_key, answer=answer,
            explanation=explanation, title=title, languages=languages, source=node.source,
            field_sources=sources,
        )

    def question_id(self, node: YNode, what: str) -> str | None:
        value = self.string(node, f"{what}: id", "Write an id such as `gang-scheduling`")
        if value is None:
            return None
        if not _ID_RE.match(value):
            suggestion = re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-") or "question-1"
            self.fail(node.source, f"{what}: id '{value}' may hold only lower-case letters, digits and dashes",
                      f"For example `id: {suggestion}`")
            return None
        return value

    def kind(self, node: YNode, what: str) -> str | None:
        from .model import KINDS

        value = self.string(node, f"{what}: kind")
        if value is None:
            return None
        if value not in KINDS:
            close = difflib.get_close_matches(value, KINDS, n=1, cutoff=0.5)
            hint = f"Did you mean '{close[0]}'?" if close else "Use one of " + ", ".join(KINDS)
            self.fail(node.source, f"{what}: unknown kind '{value}'", hint)
            return None
        return value

    def options(self, node: YNode, what: str) -> tuple[Text, ...]:
        if not self.expect(node, YSeq, f"{what}: options", "Write `options:` followed by `- ...` items"):
            return ()
        assert isinstance(node, YSeq)
        result = []
        for index, item in enumerate(node.items):
            letter = chr(ord("A") + index) if index < 26 else str(index + 1)
            text = self.text(item, f"{what}: option {letter}")
            if text is not None:
                result.append(text)
        if len(node.items) < 2:
            self.fail(node.source, f"{what} has {len(node.items)} option(s); multiple choice needs at least two",
                      "Add options, or make it `kind: short_answer`")
        if len(node.items) > 26:
            self.fail(node.source, f"{what} has {len(node.items)} options; at most 26 (A to Z) are allowed",
                      "Remove options")
        return tuple(result)

    def answer_key(self, node: YNode, what: str, option_count: int) -> str | None:
        if isinstance(node, YMap):
            self.fail(node.source, f"{what}: the answer of a multiple-choice question is one letter for every language",
                      "Write the letter of the right option, e.g. `answer: B`; put per-language text in `explanation`")
            return None
        value = self.string(node, f"{what}: answer", "Write the letter of the right option, e.g. `answer: B`")
        if value is None:
            return None
        key = value.strip()
        if len(key) != 1 or not ("A" <= key.upper() <= "Z"):
            self.fail(node.source, f"{what}: the answer '{value}' is not an option letter",
                      "Write the letter of the right option, e.g. `answer: B`")
            return None
        key = key.upper()
        if option_count and ord(key) - ord("A") >= option_count:
            last = chr(ord("A") + option_count - 1)
            self.fail(node.source, f"{what}: the answer '{key}' names no option (the options are A to {last})",
                      f"Write a letter from A to {last}, or add the missing option")
            return None
        return key


def load_quiz(path: str, quiz_id: str, languages: tuple[str, ...], data: bytes | None = None
              ) -> tuple[Quiz | None, list[Problem]]:
    """Read one quiz file. Returns the quiz (None when it has errors) and every problem found."""
    tree, problems = read_yaml(path, data)
    if tree is None:
        return None, problems
    reader = _Reader(path, languages, problems)
    quiz = reader.quiz(tree, quiz_id)
    if any(p.is_error for p in reader.problems):
        quiz = None
    return quiz, sorted(reader.problems, key=sort_key)
