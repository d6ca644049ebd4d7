"""Model -> YAML text in the quiz file format, and atomic file writes.

Used by `quizpages new`, `quizpages import` and the round-trip tests. Writes
never truncate a user's file: text goes to a temporary file in the same folder,
which then replaces the target in one rename.
"""

from __future__ import annotations

import os
import tempfile

import yaml

from .model import MULTIPLE_CHOICE, Question, Quiz, Text

SCHEMA_COMMENT = "# yaml-language-server: $schema={url}\n"


class _Dumper(yaml.SafeDumper):
    """Block style, multi-line text as literal blocks, keys in the order given."""


def _str(dumper: yaml.SafeDumper, value: str):
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)


def text_data(text: Text) -> str | dict[str, str]:
    if text.neutral is not None and not text.by_language:
        return text.neutral
    data = dict(text.by_language)
    if text.neutral is not None:  # cannot be both in the file format; keep every word
        raise ValueError("a text cannot be both language-neutral and translated")
    return data


def question_data(question: Question) -> dict:
    data: dict = {"id": question.id, "kind": question.kind}
    if question.languages is not None:
        data["languages"] = list(question.languages)
    if question.title is not None:
        data["title"] = text_data(question.title)
    data["question"] = text_data(question.prompt)
    if question.kind == MULTIPLE_CHOICE:
        data["options"] = [text_data(o) for o in question.options]
        data["answer"] = question.answer_key
    elif question.answer is not None:
        data["answer"] = text_data(question.answer)
    if question.explanation is not None:
        data["explanation"] = text_data(question.explanation)
    return data


def quiz_data(quiz: Quiz) -> dict:
    """The quiz as plain data, keys in the documented order."""
    data: dict = {}
    if quiz.declared_languages:
        data["languages"] = list(quiz.languages)
    data["title"] = text_data(quiz.title)
    if quiz.intro is not None:
        data["intro"] = text_data(quiz.intro)
    if quiz.learning_material is not None:
        data["learning_material"] = quiz.learning_material
    if quiz.next is not None:
        data["next"] = ({"link": quiz.next.link, "title": text_data(quiz.next.title)}
                        if quiz.next.title is not None else quiz.next.link)
    if quiz.closing is not None:
        data["closing"] = text_data(quiz.closing)
    data["questions"] = [question_data(q) for q in quiz.questions]
    return data


def dump_quiz(quiz: Quiz, schema_url: str | None = None) -> str:
    """YAML text of `quiz`, optionally starting with the editor schema comment."""
    body = yaml.dump(quiz_data(quiz), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100,
                     default_flow_style=False)
    return (SCHEMA_COMMENT.format(url=schema_url) if schema_url else "") + body


def write_atomic(path: str, text: str, overwrite: bool = False) -> None:
    """Write `text` to `path` through a temporary file and a rename.

    Raises FileExistsError when `path` exists and `overwrite` is false, so
    nothing a user wrote is replaced without being asked.
    """
    if not overwrite and os.path.exists(path):
        raise FileExistsError(path)
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".quizpages-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if not overwrite:
            # link() fails if the target appeared meanwhile; replace() would clobber it
            os.link(tmp, path)
            os.unlink(tmp)
        else:
            os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
