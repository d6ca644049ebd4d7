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
from .reader import THOUSANDS_COMMA

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

    def type(self, field_type: Any) -> dict:
        if isinstance(field_type, TextType):
            return {"$ref": "#/$defs/text"}
        if isinstance(field_type, LanguagesType):
            return {"$ref": "#/$defs/languages"}
        if isinstance(field_type, KindType):
            return {"enum": list(self.kinds.names())}
        if isinstance(field_type, StringType):  # links, ids, option letters
            if field_type.pattern is None:
                return {"$ref": "#/$defs/link"}
            return {"type": "string", "pattern": field_type.pattern}
        if isinstance(field_type, NumberType):
            # a decimal comma (2,5), but never one the page reads as thousands (1,000: see the reader)
            return {"oneOf": [{"type": "number"},
                              {"type": "string", "pattern": rf"^[+-]?(?!{THOUSANDS_COMMA}$)\d+([.,]\d+)?$"}]}
        if isinstance(field_type, BoolType):
            return {"type": "boolean"}
        if isinstance(field_type, ListType):
            schema: dict[str, Any] = {"type": "array", "items": self.type(field_type.item)}
            if field_type.min_items:
                schema["minItems"] = field_type.min_items
            if field_type.max_items is not None:
                schema["maxItems"] = field_type.max_items
            if field_type.unique:
                schema["uniqueItems"] = True
            return schema
        if isinstance(field_type, MapType):
            key = {"pattern": field_type.key.pattern} if field_type.key.pattern else {}
            return {"type": "object", "propertyNames": key, "additionalProperties": self.type(field_type.value)}
        if isinstance(field_type, RecordType):
            record = self.record(declared_fields(field_type.cls))
            if field_type.shorthand is None:
                return record
            shorthand = next(d for d in declared_fields(field_type.cls) if d.name == field_type.shorthand)
            return {"oneOf": [self.type(shorthand.spec.type), record]}
        if isinstance(field_type, QuestionsType):
            self.defs["question"] = self.question()
            return {"type": "array", "items": {"$ref": "#/$defs/question"}, "minItems": 1}
        raise TypeError(f"no schema for the field type {field_type!r}")

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

