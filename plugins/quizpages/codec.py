"""A loaded quiz and its problems as plain JSON data, and back, for the build cache.

JSON, not pickle: a cache directory can be restored from CI storage or copied
between machines, and reading it must never run code. Sources are kept, so a
warning read back from the cache still points at its line and column. Data
that is not what `encode` writes raises, and the cache then treats the entry as
a miss; the cache file is otherwise trusted like the site's other files, since
only quizpages writes it.
"""

from __future__ import annotations

from .model import NextQuiz, Question, Quiz, Source, Text
from .problems import Problem

FORMAT = 1
"""Bumped whenever the shape below changes; part of every cache key."""


def encode(path: str, quiz: Quiz | None, problems: list[Problem]) -> dict:
    """`quiz` (None when it has errors) and `problems` of the file at `path`, as JSON data."""
    return {
        "quiz": _quiz(path, quiz) if quiz is not None else None,
        "problems": [[p.severity, _source(path, p.source), p.message, p.hint] for p in problems],
    }


def decode(path: str, data: dict) -> tuple[Quiz | None, list[Problem]]:
    """The inverse of `encode`; raises KeyError, TypeError or ValueError on data it did not write."""
    problems = [Problem(severity, _unsource(path, where), message, hint)
                for severity, where, message, hint in data["problems"]]
    raw = data["quiz"]
    return (_unquiz(path, raw) if raw is not None else None), problems


# -- sources: [line, column] in the file itself, [path, line, column] elsewhere -----------

def _source(path: str, source: Source | None) -> list | None:
    if source is None:
        return None
    if source.path == path:
        return [source.line, source.column]
    return [source.path, source.line, source.column]


_new_tuple = tuple.__new__  # a warm build reads back some 250 sources per quiz: skip NamedTuple's
# Python-level __new__, which costs as much as the rest of decoding a source


def _unsource(path: str, raw: list | None) -> Source | None:
    if raw is None:
        return None
    if len(raw) == 2:
        return _new_tuple(Source, (path, *raw))
    if len(raw) == 3:
        return _new_tuple(Source, raw)
    raise ValueError(f"not a source: {raw!r}")


def _sources(path: str, sources: dict[str, Source]) -> dict[str, list]:
    return {key: _source(path, value) for key, value in sources.items()}


def _unsources(path: str, raw: dict[str, list]) -> dict[str, Source]:
    return {key: _unsource(path, value) for key, value in raw.items()}


# -- the model -------------------------------------------------------------------------

def _text(path: str, text: Text | None) -> dict | None:
    if text is None:
        return None
    return {"by": text.by_language, "neutral": text.neutral, "at": _source(path, text.source),
            "at_lang": _sources(path, text.sources)}


def _untext(path: str, raw: dict | None) -> Text | None:
    if raw is None:
        return None
    return Text(raw["by"], raw["neutral"], _unsource(path, raw["at"]), _unsources(path, raw["at_lang"]))


def _question(path: str, q: Question) -> dict:
    return {
        "id": q.id, "kind": q.kind, "prompt": _text(path, q.prompt),
        "options": [_text(path, o) for o in q.options], "answer_key": q.answer_key,
        "answer": _text(path, q.answer), "explanation": _text(path, q.explanation),
        "title": _text(path, q.title), "languages": q.languages,
        "at": _source(path, q.source), "fields_at": _sources(path, q.field_sources),
    }


def _unquestion(path: str, raw: dict) -> Question:
    return Question(
        id=raw["id"], kind=raw["kind"], prompt=_untext(path, raw["prompt"]),
        options=tuple(_untext(path, o) for o in raw["options"]), answer_key=raw["answer_key"],
        answer=_untext(path, raw["answer"]), explanation=_untext(path, raw["explanation"]),
        title=_untext(path, raw["title"]),
        languages=tuple(raw["languages"]) if raw["languages"] is not None else None,
        source=_unsource(path, raw["at"]), field_sources=_unsources(path, raw["fields_at"]),
    )


def _quiz(path: str, quiz: Quiz) -> dict:
    nxt = quiz.next
    return {
        "id": quiz.id, "title": _text(path, quiz.title),
        "questions": [_question(path, q) for q in quiz.questions],
        "languages": quiz.languages, "declared_languages": quiz.declared_languages,
        "intro": _text(path, quiz.intro), "learning_material": quiz.learning_material,
        "next": None if nxt is None else {"link": nxt.link, "title": _text(path, nxt.title),
                                          "at": _source(path, nxt.source)},
        "closing": _text(path, quiz.closing),
        "at": _source(path, quiz.source), "fields_at": _sources(path, quiz.field_sources),
    }


def _unquiz(path: str, raw: dict) -> Quiz:
    nxt = raw["next"]
    return Quiz(
        id=raw["id"], title=_untext(path, raw["title"]),
        questions=tuple(_unquestion(path, q) for q in raw["questions"]),
        languages=tuple(raw["languages"]), declared_languages=raw["declared_languages"],
        intro=_untext(path, raw["intro"]), learning_material=raw["learning_material"],
        next=None if nxt is None else NextQuiz(nxt["link"], _untext(path, nxt["title"]),
                                               _unsource(path, nxt["at"])),
        closing=_untext(path, raw["closing"]),
        source=_unsource(path, raw["at"]), field_sources=_unsources(path, raw["fields_at"]),
    )
