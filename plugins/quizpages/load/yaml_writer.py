"""Model -> YAML text in the quiz file format: what `quizpages new` and `quizpages import` write.

The inverse of the loader, from the same declarations: a quiz written here loads
back equal (the round-trip tests hold it to that), keys in the documented order.
"""

from __future__ import annotations

from typing import Any

import yaml

from ..model import Quiz, Text
from ..model.fields import ListType, MapType, NumberType, QuestionsType, RecordType, TextType
from ..model.quiz import written_fields

SCHEMA_COMMENT = "# yaml-language-server: $schema={url}\n"


class _Dumper(yaml.SafeDumper):
    """Block style, multi-line text as literal blocks, keys in the order given, list items indented
    under their key as the bundled quizzes write them."""

    def increase_indent(self, flow: bool = False, indentless: bool = False):
        return super().increase_indent(flow, False)


def _str(dumper: yaml.SafeDumper, value: str):
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


def _list(dumper: yaml.SafeDumper, value: list):
    # short plain words on one line, as authors write them: `languages: [en, ko]`, `answer: [A, C]`;
    # a list that would not fit on its line is written one item per line (wrapping a flow list can
    # break a line inside a code span, which reads badly when edited by hand)
    flow = (bool(value) and all(isinstance(v, str) and "\n" not in v for v in value)
            and sum(len(v) + 2 for v in value) <= 60)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)


_Dumper.add_representer(str, _str)
_Dumper.add_representer(list, _list)


def text_data(text: Text) -> str | dict[str, str]:
    if text.neutral is not None and not text.by_language:
        return text.neutral
    if text.neutral is not None:  # cannot be both in the file format; keep every word
        raise ValueError("a text cannot be both language-neutral and translated")
    return dict(text.by_language)


def record_data(obj: Any) -> dict:
    """The declared fields of `obj` (a quiz, a question, a kind's fields) as plain data, in file order."""
    data: dict = {}
    for declared_field, value in written_fields(obj):
        if value is not None and (declared_field.spec.required or value != declared_field.default):
            data[declared_field.key] = value_data(value, declared_field.spec.type)
    return data


def value_data(value: Any, field_type: Any) -> Any:
    if isinstance(field_type, TextType):
        return text_data(value)
    if isinstance(field_type, (QuestionsType, ListType)):
        item = field_type.item if isinstance(field_type, ListType) else None
        return [record_data(v) if item is None else value_data(v, item) for v in value]
    if isinstance(field_type, MapType):
        return {key: value_data(v, field_type.value) for key, v in value.items()}
    if isinstance(field_type, RecordType):
        data = record_data(value)
        if field_type.shorthand is not None and list(data) == [field_type.shorthand]:
            return data[field_type.shorthand]  # `next: ./other.md` rather than `next: {link: ./other.md}`
        return data
    if isinstance(field_type, NumberType):
        return int(value) if float(value).is_integer() else value
    if isinstance(value, tuple):  # languages
        return list(value)
    return value


def dump_quiz(quiz: Quiz, schema_url: str | None = None) -> str:
    """YAML text of `quiz`, optionally starting with the editor schema comment."""
    body = yaml.dump(record_data(quiz), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100,
                     default_flow_style=False)
    return (SCHEMA_COMMENT.format(url=schema_url) if schema_url else "") + body
