"""The content model: what a quiz is, independent of YAML, Markdown and MkDocs.

Plain frozen dataclasses. Every piece of text remembers where it was written
(`Source`), so later checks (translations, HTML policy, links) can point at the
exact line of the quiz file. Fields written in quiz files are declared with
`declared(...)` (see `fields`); what a question's kind adds lives in its
`body`, declared by the kind (see quizpages.kinds).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .fields import (
    KIND,
    LANGUAGES,
    LINK,
    QUESTION_ID,
    TEXT,
    Declared,
    ListType,
    MapType,
    NumberType,
    QuestionsType,
    RecordType,
    TextType,
    body_field,
    body_position,
    declared,
    declared_fields,
)
from .text import Source, Text


@dataclass(frozen=True, slots=True)  # slots: hundreds of quizzes stay in memory, see benchmarks
class NextQuiz:
    """The "Next Quiz" link: a Markdown link relative to the quiz page, and an optional title."""

    link: str = declared(LINK, required=True, doc="Link to the next quiz, relative to this quiz page.",
                         example="./other-quiz.md")
    title: Text | None = declared(TEXT, doc="The title to show; by default the linked quiz's title.")
    source: Source | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class QuizTest:
    """How a reader takes the quiz as a test ("Take as a test" on its page): with a time limit."""

    minutes: float = declared(NumberType(hint="Write the time limit in minutes, such as 20"), required=True,
                              example="20", doc="The time limit in minutes: a countdown on the page, which "
                                                "finishes the test at zero.")
    source: Source | None = field(default=None, compare=False)


def question_label(number: int, question_id: str | None = None) -> str:
    """How messages name a question: "question 2 (gang-scheduling)", or "question 2" without an id."""
    return f"question {number} ({question_id})" if question_id else f"question {number}"


@dataclass(frozen=True, slots=True)
class Question:
    id: str = declared(QUESTION_ID, required=True, example="a-short-name",
                       doc="A stable id (lower-case letters, digits and dashes). It is the question's anchor "
                           "(#id) and keeps readers' progress when questions move.")
    kind: str = declared(KIND, required=True,  # the example in hints is the first registered kind
                         doc="The kind of question; it decides which other fields the question has.")
    languages: tuple[str, ...] | None = declared(
        LANGUAGES, doc="The languages this question exists in, when not all of the quiz's.")
    title: Text | None = declared(TEXT, doc="An optional short title, per language.")
    prompt: Text = declared(TEXT, required=True, key="question", example="{en: ..., ko: ...}",
                            doc="The question, per language.")
    body: Any = body_field()  # the kind's own fields: an instance of its declared class
    hint: Text | None = declared(TEXT, doc="A nudge toward the answer, per language; pages show it in a "
                                            "collapsed Hint block before the answer.")
    explanation: Text | None = declared(TEXT, doc="Why the answer is right, per language.")
    number: int = field(default=0, compare=False)  # as a reader sees it (pages group by kind); 0: unknown
    source: Source | None = field(default=None, compare=False)
    field_sources: dict[str, Source] = field(default_factory=dict, compare=False)

    def languages_in(self, quiz_languages: tuple[str, ...]) -> tuple[str, ...]:
        """The languages this question is shown in, given its quiz's."""
        if self.languages is None:
            return quiz_languages
        return tuple(lang for lang in quiz_languages if lang in self.languages)

    def in_language(self, language: str, quiz_languages: tuple[str, ...]) -> bool:
        return language in self.languages_in(quiz_languages)

    def texts(self) -> list[tuple[str, Text, bool]]:
        """Every text of the question, its kind's included: (field name in messages, text, verbatim)."""
        return walk_texts(self)

    def label(self, index: int) -> str:
        """How messages name the question: "question 2 (gang-scheduling)", numbered as on the page
        (by its position `index` in the file when the number is unknown)."""
        return question_label(self.number or index + 1, self.id)


QUESTIONS = QuestionsType()


@dataclass(frozen=True, slots=True)
class Quiz:
    id: str  # path under the quizzes folder, without .yml: "ai-ml/kubeflow-trainer"
    declared_languages: tuple[str, ...] | None = declared(
        LANGUAGES, key="languages",
        doc="The languages this quiz exists in. Leave it out when the quiz exists in every language of the "
            "site; list only some to say on purpose that the others are missing.")
    title: Text = declared(TEXT, required=True, example="{en: ..., ko: ...}", doc="The quiz title, per language.")
    intro: Text | None = declared(TEXT, doc="Markdown shown under the title, per language.")
    learning_material: str | None = declared(
        LINK, doc="Link to the learning page this quiz belongs to, relative to the quiz page as if it were "
                  "quizzes/<id>.md; shown as \"Return to Learning Materials\".")
    next: NextQuiz | None = declared(
        RecordType(NextQuiz, shorthand="link", hint="Write a link (./other-quiz.md) or a mapping with `link:`"),
        doc="The next quiz: a link relative to this quiz page (./other-quiz.md), or a mapping with `link` and "
            "an optional `title`.")
    closing: Text | None = declared(TEXT, doc="Markdown shown after the questions, per language.")
    test: QuizTest | None = declared(
        RecordType(QuizTest, hint="Write `test: {minutes: 20}`"),
        doc="Taking the quiz as a test: `{minutes: 20}` gives the reader 20 minutes, with a countdown. "
            "Without it the test has no time limit.")
    questions: tuple[Question, ...] = declared(
        QUESTIONS, required=True, default=(), example="[{id: ..., kind: ..., question: ..., answer: ...}]",
        doc="The questions. Each page groups them by kind, and numbers them continuously.")
    languages: tuple[str, ...] = ()  # the languages it exists in: its own `languages:`, else the site's
    source: Source | None = field(default=None, compare=False)
    field_sources: dict[str, Source] = field(default_factory=dict, compare=False)

    def questions_in(self, language: str) -> list[Question]:
        return [q for q in self.questions if q.in_language(language, self.languages)]

    def texts(self) -> Iterator[TextSlot]:
        """Every text of the quiz and its questions, in file order: the one walk that translation
        checks, review hashes, the HTML policy and link checks share."""
        for name, text, verbatim in walk_texts(self):
            yield TextSlot(QUIZ_UNIT, name, name, text, self.languages, self.source, verbatim)
        for index, question in enumerate(self.questions):
            prefix = f"{question.label(index)}: "
            languages = question.languages_in(self.languages)
            for name, text, verbatim in question.texts():
                yield TextSlot(question_unit(question.id), name, prefix + name, text, languages, question.source,
                               verbatim)


QUIZ_UNIT = "quiz"  # the translation unit of a quiz's own texts: title, intro, closing, next title


def question_unit(question_id: str) -> str:
    """The translation unit of one question's texts."""
    return f"question:{question_id}"


@dataclass(frozen=True, slots=True)
class TextSlot:
    """One text of a quiz, with what the checks over texts need to know about it."""

    unit: str  # the translation unit it belongs to: QUIZ_UNIT or question_unit(id)
    name: str  # its name within the unit: "title", "option A", "next.title"
    label: str  # how messages name it: "title", "question 2 (gang-scheduling): option A"
    text: Text
    languages: tuple[str, ...]  # the languages it must be written in
    fallback: Source | None  # where to point when the text has no location of its own
    verbatim: bool = False  # shown as written, never read as Markdown or HTML (an accepted answer)


def written_fields(obj: Any) -> Iterator[tuple[Declared, Any]]:
    """(declared field, value) of `obj` in the order a file writes them, its body's fields included."""
    own = declared_fields(type(obj))
    at = body_position(type(obj))
    body = getattr(obj, "body", None) if at is not None else None
    for position, declared_field in enumerate(own):
        if position == at and body is not None:
            yield from written_fields(body)
        yield declared_field, getattr(obj, declared_field.name)
    if at is not None and at >= len(own) and body is not None:
        yield from written_fields(body)


def walk_texts(obj: Any) -> list[tuple[str, Text, bool]]:
    """Every Text held by the declared fields of `obj` (and its body's), with its name for messages and
    whether it is verbatim (see TextType), in the order a file writes them."""
    found: list[tuple[str, Text, bool]] = []
    for name, reader in _text_plan(type(obj)):
        value = obj.body if name is _BODY else getattr(obj, name)
        if value is not None:
            reader(value, found)
    return found


_BODY = object()  # a plan's stand-in for the kind's fields, which depend on the value


@cache
def _text_plan(cls: type) -> tuple:
    """How to collect the texts of a `cls`, made once per class: (attribute or _BODY, collector) pairs.
    A quiz's texts are walked by every check; a plan keeps that walk to plain loops."""
    own = [(d.name, _collector(d.spec.type, d.key)) for d in declared_fields(cls)]
    own = [(name, collect) for name, collect in own if collect is not None]
    at = body_position(cls)
    if at is None:
        return tuple(own)
    before = sum(1 for d in declared_fields(cls)[:at] if _collector(d.spec.type, d.key) is not None)
    return tuple(own[:before] + [(_BODY, lambda body, found: found.extend(walk_texts(body)))] + own[before:])


def _collector(field_type: Any, name: str):
    """A function adding the texts of a value of `field_type`, named `name`, to a list; None for a
    type that holds no text."""
    if isinstance(field_type, TextType):
        return lambda value, found: found.append((name, value, field_type.verbatim))
    if isinstance(field_type, ListType):
        if isinstance(field_type.item, TextType):
            # an item that could not be read is None (see load.reader.INVALID): there is no text to check
            verbatim = field_type.item.verbatim
            return lambda value, found: found.extend((field_type.label(name, i), item, verbatim)
                                                     for i, item in enumerate(value) if item is not None)
        inner = field_type.item
        if _collector(inner, name) is None:
            return None
        return lambda value, found: [_collector(inner, field_type.label(name, i))(item, found)
                                     for i, item in enumerate(value) if item is not None]
    if isinstance(field_type, MapType):
        return lambda value, found: [_collector(field_type.value, field_type.label(name, key))(item, found)
                                     for key, item in value.items() if item is not None]
    if isinstance(field_type, RecordType):
        return lambda value, found: found.extend((f"{name}{field_type.separator}{inner}", text, verbatim)
                                                 for inner, text, verbatim in walk_texts(value))
    return None
