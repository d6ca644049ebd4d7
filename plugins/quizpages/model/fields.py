"""How each field of the model is written in a quiz file, declared once on the dataclass itself.

A model field declared with `declared(...)` carries a `Spec`: its YAML key, its
type in the quiz file format, whether it is required, and the words editors and
error hints show. Every layer reads the same declarations: the loader (reading
and type errors), the JSON Schema, the YAML writer, the build cache's codec and
the walk over a quiz's texts (`Quiz.texts`). A new field is one line.

The types below are plain descriptions, no YAML: each layer interprets them.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

ID_PATTERN = r"^[a-z0-9][a-z0-9-]*$"
LANGUAGE_PATTERN = r"^[a-z]{2,3}(-[A-Za-z0-9]+)?$"

_SPEC = "quizpages"  # the key of a Spec in a dataclass field's metadata
_BODY = "quizpages.body"  # marks Question.body: the kind's own fields, written beside the envelope's


class FieldType:
    """How one value is written in a quiz file."""


@dataclass(frozen=True)
class TextType(FieldType):
    """Markdown: one string for every language, or a mapping of language code to string. `verbatim`: a text
    shown as written and compared with what a reader types (an accepted answer), never read as Markdown or
    HTML, so `<none>` is text, not a tag."""

    verbatim: bool = False


@dataclass(frozen=True)
class StringType(FieldType):
    """One plain string for every language: an id, a link, a name.

    `pattern` is what the value must match; `invalid` and `invalid_hint` say what is
    wrong when it does not ({parent}, {key} and {value} are filled in), `suggest`
    turns a wrong value into a right one for the hint ({suggestion}). `hint` is
    shown when the value is not a string at all.
    """

    pattern: str | None = None
    hint: str = "Write it as text on the same line, not as a list or mapping"
    invalid: str = "{parent}: {key} '{value}' is not valid"
    invalid_hint: str = ""
    suggest: Callable[[str], str] | None = None
    description: str = ""


@dataclass(frozen=True)
class LetterType(StringType):
    """An option letter, A to Z, given once for every language; written in any case, kept upper-case."""

    pattern: str | None = r"^[A-Z]$"
    hint: str = "Write the letter of the right option, e.g. `answer: B`"
    invalid: str = "{parent}: the {key} '{value}' is not an option letter"
    invalid_hint: str = "Write the letter of the right option, e.g. `answer: B`"


@dataclass(frozen=True)
class NumberType(FieldType):
    """A decimal number, written once for every language (`2.5`; `2,5` is read as 2.5)."""

    hint: str = "Write a number such as 2.5"


@dataclass(frozen=True)
class BoolType(FieldType):
    """true or false."""

    hint: str = "Write true or false"


@dataclass(frozen=True)
class LanguagesType(FieldType):
    """A list of language codes such as [en, ko]."""


@dataclass(frozen=True)
class KindType(FieldType):
    """The name of a question kind; the kinds are those registered (see quizpages.kinds)."""


@dataclass(frozen=True)
class ListType(FieldType):
    """A list of values of one type, in order.

    `item_label` names one item in messages ({key}, {number} and {letter} are
    filled in: "option {letter}"). `too_few` and `too_many` are (message, hint)
    templates with {parent}, {key}, {count}, {min} and {max}, and the words that agree
    with them: {count_word} ("no", "only one", "3"), {s} ("" after one), {min_verb} and
    {max_verb} ("is" after 1, else "are").
    """

    item: FieldType
    min_items: int = 0
    max_items: int | None = None
    item_label: str = "{key} {number}"
    hint: str = ""
    too_few: tuple[str, str] = ("{parent}: {key} has {count_word} item{s}; at least {min} {min_verb} needed",
                                "Add items to `{key}:`")
    too_many: tuple[str, str] = ("{parent}: {key} has {count} items; at most {max} {max_verb} allowed",
                                 "Remove items from `{key}:`")
    unique: bool = False  # the same value may not appear twice

    def label(self, key: str, index: int) -> str:
        return self.item_label.format(key=key, number=index + 1, letter=letter(index))


@dataclass(frozen=True)
class MapType(FieldType):
    """A mapping from plain keys (such as option letters) to values of one type."""

    key: StringType
    value: FieldType
    item_label: str = "{key} {name}"

    def label(self, key: str, name: str) -> str:
        return self.item_label.format(key=key, name=name)


@dataclass(frozen=True)
class RecordType(FieldType):
    """A mapping with declared fields of its own, read into the dataclass `cls`.

    With `shorthand`, a plain string may stand for the record: it fills that field.
    `separator` joins the record's name and its fields' in messages: "next.title",
    "blank 1: accepted answer 2".
    """

    cls: type
    shorthand: str | None = None
    hint: str = "Write it as a mapping of `key: value` lines"
    separator: str = "."


@dataclass(frozen=True)
class QuestionsType(FieldType):
    """The list of questions: each a mapping of the question's fields and its kind's."""


TEXT = TextType()
VERBATIM_TEXT = TextType(verbatim=True)
LANGUAGES = LanguagesType()
KIND = KindType()
LINK = StringType(hint="Write the link as text, such as ../guide.md or ./other-quiz.md",
                  description="A Markdown link target, relative to the quiz page.")
QUESTION_ID = StringType(
    pattern=ID_PATTERN, hint="Write an id such as `gang-scheduling`",
    invalid="{parent}: id '{value}' may hold only lower-case letters, digits and dashes",
    invalid_hint="For example `id: {suggestion}`",
    suggest=lambda value: re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-") or "question-1",
)
LETTER = LetterType()


@dataclass(frozen=True)
class Spec:
    """How one model field is written in a quiz file."""

    type: FieldType
    required: bool = False
    doc: str = ""  # what the field is for, shown by editors (JSON Schema description)
    example: str = "..."  # how the value is written, for hints: "Add `answer: B`"
    key: str | None = None  # the YAML key, when it differs from the attribute name
    missing_hint: str = ""  # the hint when a required field is missing, instead of "Add `key: example`"


def declared(type: FieldType, *, required: bool = False, doc: str = "", example: str = "...",
             key: str | None = None, missing_hint: str = "", default: Any = None) -> Any:
    """A dataclass field written in quiz files: ``answer: str = declared(LETTER, required=True, ...)``."""
    spec = Spec(type, required, doc, example, key, missing_hint)
    return dataclasses.field(default=default, metadata={_SPEC: spec})


def body_field() -> Any:
    """Question.body: the fields a question's kind adds, written in the question's own mapping."""
    return dataclasses.field(default=None, metadata={_BODY: True})


@dataclass(frozen=True)
class Declared:
    """One declared field of a class: its attribute name, YAML key, spec and default value."""

    name: str
    key: str
    spec: Spec
    default: Any = None


@cache
def declared_fields(cls: type) -> tuple[Declared, ...]:
    """The declared fields of a dataclass, in declaration order (the order files are written in)."""
    result = []
    for f in dataclasses.fields(cls):
        spec = f.metadata.get(_SPEC)
        if spec is not None:
            result.append(Declared(f.name, spec.key or f.name, spec, f.default))
    return tuple(result)


def is_body(f: dataclasses.Field) -> bool:
    """Whether a dataclass field is Question.body, the kind's own fields."""
    return bool(f.metadata.get(_BODY))


@cache
def fields_by_key(cls: type) -> dict[str, Declared]:
    """The declared fields of a dataclass by their YAML key."""
    return {d.key: d for d in declared_fields(cls)}


@cache
def body_position(cls: type) -> int | None:
    """Where, among `cls`'s declared fields, the kind's own fields are written; None when it has none."""
    position = 0
    for f in dataclasses.fields(cls):
        if is_body(f):
            return position
        if _SPEC in f.metadata:
            position += 1
    return None


_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def letter(index: int) -> str:
    """The option letter of a 0-based index: 0 -> A."""
    return _LETTERS[index] if index < 26 else str(index + 1)
