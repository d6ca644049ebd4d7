"""A loaded quiz and its problems as plain JSON data, and back, for the build cache.

JSON, not pickle: a cache directory can be restored from CI storage or copied
between machines, and reading it must never run code. The codec is derived
from the model's dataclasses and their type annotations, kinds' fields
included, so a new field or kind needs nothing here. Sources are kept, so a
warning read back from the cache still points at its line and column. Data
that is not what `encode` writes raises, and the cache then treats the entry
as a miss.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any

from ..kinds import KINDS, Registry
from ..model import Problem, Quiz, Source, Text
from ..model.fields import is_body

FORMAT = 2
"""Bumped whenever the shape below changes; part of every cache key."""

Encode = Callable[[Any, str], Any]
Decode = Callable[[Any, str, Registry], Any]


def encode(path: str, quiz: Quiz | None, problems: list[Problem]) -> dict:
    """`quiz` (None when it has errors) and `problems` of the file at `path`, as JSON data."""
    return {
        "quiz": _encoder(Quiz)(quiz, path) if quiz is not None else None,
        "problems": [[p.severity, _source(p.source, path), p.message, p.hint] for p in problems],
    }


def decode(path: str, data: dict, kinds: Registry = KINDS) -> tuple[Quiz | None, list[Problem]]:
    """The inverse of `encode`; raises KeyError, TypeError, ValueError or IndexError on data it did not write."""
    problems = [Problem(severity, _unsource(where, path, kinds), message, hint)
                for severity, where, message, hint in data["problems"]]
    raw = data["quiz"]
    return (_decoder(Quiz)(raw, path, kinds) if raw is not None else None), problems


# -- sources: [line, column] in the file itself, [path, line, column] elsewhere -----------

def _source(source: Source | None, path: str) -> list | None:
    if source is None:
        return None
    if source.path == path:
        return [source.line, source.column]
    return [source.path, source.line, source.column]


_new_tuple = tuple.__new__  # a warm build reads back some 250 sources per quiz: skip NamedTuple's
# Python-level __new__, which costs as much as the rest of decoding a source


def _unsource(raw: list | None, path: str, kinds: Registry) -> Source | None:
    if raw is None:
        return None
    if len(raw) == 2:
        return _new_tuple(Source, (path, *raw))
    if len(raw) == 3:
        return _new_tuple(Source, raw)
    raise ValueError(f"not a source: {raw!r}")


# -- texts --------------------------------------------------------------------------------

def _text(text: Text, path: str) -> list:
    return [text.by_language, text.neutral, _source(text.source, path),
            {lang: _source(where, path) for lang, where in text.sources.items()}]


def _untext(raw: list, path: str, kinds: Registry) -> Text:
    by_language, neutral, where, sources = raw
    if not isinstance(by_language, dict):
        raise TypeError("not a text")
    return Text(by_language, neutral, _unsource(where, path, kinds),
                {lang: _unsource(at, path, kinds) for lang, at in sources.items()})


# -- everything else, derived from the annotations ------------------------------------------

def _plain(value: Any, path: str) -> Any:
    return value


def _unplain(raw: Any, path: str, kinds: Registry) -> Any:
    return raw


@cache
def _encoder(annotation: Any) -> Encode:
    if annotation is Text:
        return _text
    if annotation is Source:
        return lambda value, path: _source(value, path)
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        inner = _encoder(next(a for a in args if a is not type(None)))
        return lambda value, path: None if value is None else inner(value, path)
    if origin is tuple:
        item = _encoder(args[0])
        return lambda value, path: [item(v, path) for v in value]
    if origin is dict:
        item = _encoder(args[1])
        return lambda value, path: {k: item(v, path) for k, v in value.items()}
    if dataclasses.is_dataclass(annotation):
        return _record_encoder(annotation)
    return _plain


def _record_encoder(cls: type) -> Encode:
    hints = typing.get_type_hints(cls)
    fields = []
    for f in dataclasses.fields(cls):
        if is_body(f):  # a kind's fields: its own dataclass, known only from the value
            fields.append((f.name, lambda value, path: None if value is None else _encoder(type(value))(value, path)))
        else:
            fields.append((f.name, _encoder(hints[f.name])))

    def encode_record(value: Any, path: str) -> list:
        return [enc(getattr(value, name), path) for name, enc in fields]
    return encode_record


@cache
def _decoder(annotation: Any) -> Decode:
    if annotation is Text:
        return _untext
    if annotation is Source:
        return _unsource
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        inner = _decoder(next(a for a in args if a is not type(None)))
        return lambda raw, path, kinds: None if raw is None else inner(raw, path, kinds)
    if origin is tuple:
        item = _decoder(args[0])
        return lambda raw, path, kinds: tuple(item(v, path, kinds) for v in raw)
    if origin is dict:
        item = _decoder(args[1])
        return lambda raw, path, kinds: {k: item(v, path, kinds) for k, v in raw.items()}
    if dataclasses.is_dataclass(annotation):
        return _record_decoder(annotation)
    return _unplain


def _record_decoder(cls: type) -> Decode:
    hints = typing.get_type_hints(cls)
    fields = [(f.name, None if is_body(f) else _decoder(hints[f.name])) for f in dataclasses.fields(cls)]
    count = len(fields)

    def decode_record(raw: list, path: str, kinds: Registry) -> Any:
        if len(raw) != count:
            raise ValueError(f"not a {cls.__name__}")
        values = {}
        for (name, dec), item in zip(fields, raw):
            if dec is None:  # the body of a question: decoded as its kind's fields
                kind = kinds.get(values["kind"])
                if kind is None:
                    raise KeyError(f"no kind '{values['kind']}'")
                values[name] = None if item is None else _decoder(kind.body)(item, path, kinds)
            else:
                values[name] = dec(item, path, kinds)
        return cls(**values)
    return decode_record
