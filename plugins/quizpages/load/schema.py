"""The JSON Schema of quiz files, generated from the same declarations the loader reads.

Editors (yaml-language-server) use it to complete keys and flag mistakes while an
author types. Each registered kind adds one branch for its fields, so a new kind
appears here without touching this module.
"""

from __future__ import annotations

from typing import Any

from ..kinds import KINDS, Registry
from ..model import Question, Quiz
from ..model.fields import (
    LANGUAGE_PATTERN,
    BoolType,
    Declared,
    KindType,
    LanguagesType,
    ListType,
    MapType,
    NumberType,
    QuestionsType,
    RecordType,
    StringType,
    TextType,
    declared_fields,
)

_TEXT = {
    "description": "Markdown text: one string for every language, or one string per language code.",
    "oneOf": [
        {"type": "string"},
        {
            "type": "object",
            "propertyNames": {"pattern": LANGUAGE_PATTERN},
            "additionalProperties": {"type": "string"},
            "minProperties": 1,
        },
    ],
}
_LANGUAGES = {
    "type": "array",
    "items": {"type": "string", "pattern": LANGUAGE_PATTERN},
    "minItems": 1,
    "uniqueItems": True,
}


def json_schema(kinds: Registry = KINDS, schema_id: str | None = None) -> dict:
    """The JSON Schema of a quiz file, for the kinds in `kinds`."""
    generator = _Generator(kinds)
    quiz = generator.record(declared_fields(Quiz))
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "quizpages quiz file",
        "description": "One quiz, in every language of the site. See CONTRIBUTING.md.",
        **quiz,
        "$defs": generator.defs,
    }
    if schema_id:
        schema = {"$id": schema_id, **schema}
    return schema


class _Generator:
    def __init__(self, kinds: Registry):
        self.kinds = kinds
        self.defs: dict[str, Any] = {"text": _TEXT, "link": {"type": "string", "minLength": 1},
                                     "languages": _LANGUAGES}

    def record(self, fields: tuple[Declared, ...], closed: bool = True) -> dict:
        schema: dict[str, Any] = {
            "type": "object",
            "properties": {d.key: self.field(d) for d in fields},
            "required": [d.key for d in fields if d.spec.required],
        }
        if closed:
            schema["additionalProperties"] = False
        return schema

    def field(self, declared_field: Declared) -> dict:
        schema = dict(self.type(declared_field.spec.type))
        if declared_field.spec.doc:
            schema["description"] = declared_field.spec.doc
        return schema

    def type(self, kind: Any) -> dict:
        if isinstance(kind, TextType):
            return {"$ref": "#/$defs/text"}
        if isinstance(kind, LanguagesType):
            return {"$ref": "#/$defs/languages"}
        if isinstance(kind, KindType):
            return {"enum": list(self.kinds.names())}
        if isinstance(kind, StringType):  # links, ids, option letters
            return {"$ref": "#/$defs/link"} if kind.pattern is None else {"type": "string", "pattern": kind.pattern}
        if isinstance(kind, NumberType):
            return {"oneOf": [{"type": "number"}, {"type": "string", "pattern": r"^[+-]?\d+([.,]\d+)?$"}]}
        if isinstance(kind, BoolType):
            return {"type": "boolean"}
        if isinstance(kind, ListType):
            schema: dict[str, Any] = {"type": "array", "items": self.type(kind.item)}
            if kind.min_items:
                schema["minItems"] = kind.min_items
            if kind.max_items is not None:
                schema["maxItems"] = kind.max_items
            if kind.unique:
                schema["uniqueItems"] = True
            return schema
        if isinstance(kind, MapType):
            key = {"pattern": kind.key.pattern} if kind.key.pattern else {}
            return {"type": "object", "propertyNames": key, "additionalProperties": self.type(kind.value)}
        if isinstance(kind, RecordType):
            record = self.record(declared_fields(kind.cls))
            if kind.shorthand is None:
                return record
            shorthand = next(d for d in declared_fields(kind.cls) if d.name == kind.shorthand)
            return {"oneOf": [self.type(shorthand.spec.type), record]}
        if isinstance(kind, QuestionsType):
            self.defs["question"] = self.question()
            return {"type": "array", "items": {"$ref": "#/$defs/question"}, "minItems": 1}
        raise TypeError(f"no schema for the field type {kind!r}")

    def question(self) -> dict:
        """A question: the fields every question has, then one branch per kind with the kind's own."""
        envelope = declared_fields(Question)
        schema = self.record(envelope, closed=False)
        branches = []
        for kind in self.kinds:
            own = declared_fields(kind.body)
            branch = self.record(envelope + own)
            branch["properties"]["kind"] = {"const": kind.name, "description": kind.doc}
            branches.append({"if": {"properties": {"kind": {"const": kind.name}}, "required": ["kind"]},
                             "then": branch})
        schema["allOf"] = branches
        return schema

