"""The quiz file format, declared once.

The loader checks files against these declarations (unknown keys, required
fields, types), and `json_schema()` turns the same declarations into the JSON
Schema that editors use, so the two cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import KINDS

ID_PATTERN = r"^[a-z0-9][a-z0-9-]*$"
LANGUAGE_PATTERN = r"^[a-z]{2,3}(-[A-Za-z0-9]+)?$"

# Field types
TEXT = "text"  # Markdown: one string for every language, or a mapping language -> string
LINK = "link"  # a Markdown link target, relative to the quiz page
LANGUAGES = "languages"  # a list of language codes
ID = "id"
KIND = "kind"
ANSWER = "answer"  # multiple choice: an option letter; other kinds: TEXT
OPTIONS = "options"  # a list of TEXT
QUESTIONS = "questions"  # a list of question mappings
NEXT = "next"  # a LINK, or a mapping with link and title


@dataclass(frozen=True)
class Field:
    type: str
    required: bool
    description: str
    example: str = "..."  # how the key is written, for hints: "Add `answer: B`"


QUIZ_FIELDS: dict[str, Field] = {
    "languages": Field(LANGUAGES, False,
                       "The languages this quiz exists in. Leave it out when the quiz exists in every "
                       "language of the site; list only some to say on purpose that the others are missing."),
    "title": Field(TEXT, True, "The quiz title, per language.", "{en: ..., ko: ...}"),
    "intro": Field(TEXT, False, "Markdown shown under the title, per language."),
    "learning_material": Field(LINK, False,
                               "Link to the learning page this quiz belongs to, relative to the quiz page "
                               "as if it were quizzes/<id>.md; shown as \"Return to Learning Materials\"."),
    "next": Field(NEXT, False,
                  "The next quiz: a link relative to this quiz page (./other-quiz.md), or a mapping with "
                  "`link` and an optional `title`."),
    "closing": Field(TEXT, False, "Markdown shown after the questions, per language."),
    "questions": Field(QUESTIONS, True, "The questions, in order. They are numbered continuously.",
                       "[{id: ..., kind: ..., question: ..., answer: ...}]"),
}

QUESTION_FIELDS: dict[str, Field] = {
    "id": Field(ID, True,
                "A stable id (lower-case letters, digits and dashes). It is the question's anchor "
                "(#id) and keeps readers' progress when questions move.", "a-short-name"),
    "kind": Field(KIND, True, "multiple_choice, short_answer or hands_on.", "multiple_choice"),
    "title": Field(TEXT, False, "An optional short title, per language."),
    "languages": Field(LANGUAGES, False, "The languages this question exists in, when not all of the quiz's."),
    "question": Field(TEXT, True, "The question, per language.", "{en: ..., ko: ...}"),
    "options": Field(OPTIONS, False, "Multiple choice only: two or more options, each per language."),
    "answer": Field(ANSWER, True,
                    "Multiple choice: the letter of the right option (A, B, ...), given once for every "
                    "language. Other kinds: the answer text per language (hands-on answers may hold fenced code).",
                    "B` (multiple choice) or `answer: {en: ..., ko: ...}"),
    "explanation": Field(TEXT, False, "Why the answer is right, per language."),
}

NEXT_FIELDS: dict[str, Field] = {
    "link": Field(LINK, True, "Link to the next quiz, relative to this quiz page.", "./other-quiz.md"),
    "title": Field(TEXT, False, "The title to show; by default the linked quiz's title."),
}


def json_schema(schema_id: str | None = None) -> dict:
    """The JSON Schema of a quiz file, built from the declarations above."""
    text = {
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
    defs = {
        "text": text,
        "link": {"type": "string", "minLength": 1},
        "languages": {
            "type": "array",
            "items": {"type": "string", "pattern": LANGUAGE_PATTERN},
            "minItems": 1,
            "uniqueItems": True,
        },
    }
    type_schemas = {
        TEXT: {"$ref": "#/$defs/text"},
        LINK: {"$ref": "#/$defs/link"},
        LANGUAGES: {"$ref": "#/$defs/languages"},
        ID: {"type": "string", "pattern": ID_PATTERN},
        KIND: {"enum": list(KINDS)},
        OPTIONS: {"type": "array", "items": {"$ref": "#/$defs/text"}, "minItems": 2},
        ANSWER: {"$ref": "#/$defs/text"},  # a letter is a string, and so a text too
    }

    def obj(fields: dict[str, Field], extra_types: dict[str, dict]) -> dict:
        props = {}
        for name, spec in fields.items():
            schema = dict(extra_types.get(spec.type) or type_schemas[spec.type])
            schema["description"] = spec.description
            props[name] = schema
        return {
            "type": "object",
            "properties": props,
            "required": [name for name, spec in fields.items() if spec.required],
            "additionalProperties": False,
        }

    question = obj(QUESTION_FIELDS, {})
    question["allOf"] = [
        {
            "if": {"properties": {"kind": {"const": "multiple_choice"}}, "required": ["kind"]},
            "then": {
                "required": ["options"],
                "properties": {"answer": {"type": "string", "pattern": "^[A-Z]$"}},
            },
            "else": {"not": {"required": ["options"]}},
        }
    ]
    defs["question"] = question
    next_obj = obj(NEXT_FIELDS, {})
    quiz = obj(QUIZ_FIELDS, {
        QUESTIONS: {"type": "array", "items": {"$ref": "#/$defs/question"}, "minItems": 1},
        NEXT: {"oneOf": [{"$ref": "#/$defs/link"}, next_obj]},
    })
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "quizpages quiz file",
        "description": "One quiz, in every language of the site. See CONTRIBUTING.md.",
        **quiz,
        "$defs": defs,
    }
    if schema_id:
        schema = {"$id": schema_id, **schema}
    return schema
