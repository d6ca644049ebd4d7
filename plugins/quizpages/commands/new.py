"""``quizpages new SLUG --title TITLE``: start a quiz file with one example question of each kind."""

from __future__ import annotations

import argparse
import json
import os
import posixpath
import re
import sys

from ..schema import ID_PATTERN
from ..siteconfig import read_settings
from ..writer import SCHEMA_COMMENT, write_atomic
from .schema import SCHEMA_FILE

_SEGMENT = re.compile(ID_PATTERN)

TEMPLATE = """\
# Only {lang} so far: `quizpages status` lists this quiz as untranslated. When you add a
# translation, add its language here (or remove `languages:` once every language is there).
languages: [{lang}]
title:
  {lang}: {title}
intro:
  {lang}: One or two sentences on what this quiz checks.
questions:
  - id: example-multiple-choice
    kind: multiple_choice
    question:
      {lang}: Which of these is an example option?
    options:
      - {lang}: The right option
      - {lang}: A wrong option
      - {lang}: Another wrong option
    answer: A
    explanation:
      {lang}: Why the right option is right, in a sentence or two.
  - id: example-short-answer
    kind: short_answer
    question:
      {lang}: A question answered in a sentence.
    answer:
      {lang}: The answer, in a sentence.
  - id: example-hands-on
    kind: hands_on
    question:
      {lang}: A task to try on a cluster, for example listing the pods of a namespace.
    answer:
      {lang}: |
        ```bash
        kubectl get pods -n default
        ```
"""


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("new", help="start a new quiz file under the quizzes folder")
    parser.add_argument("slug", help="the quiz id, which may contain folders: ai-ml/katib")
    parser.add_argument("--title", required=True, help="the quiz title in the source language")
    return parser


def slug_problem(slug: str) -> str | None:
    parts = slug.split("/")
    if slug.endswith(".yml") or not all(_SEGMENT.match(p) for p in parts):
        return (f"'{slug}' is not a quiz id (Use lower-case letters, digits and dashes, with `/` between "
                "folders, and no .yml: ai-ml/katib)")
    return None


def quiz_text(slug: str, title: str, language: str, quiz_path: str, root: str) -> str:
    schema = os.path.relpath(os.path.join(root, SCHEMA_FILE), os.path.dirname(quiz_path))
    # A JSON string is a valid double-quoted YAML scalar, whatever the title holds.
    body = TEMPLATE.format(lang=language, title=json.dumps(title, ensure_ascii=False))
    return SCHEMA_COMMENT.format(url=posixpath.join(*schema.split(os.sep))) + body


def run(args: argparse.Namespace) -> int:
    settings = read_settings(args.config)
    problem = slug_problem(args.slug)
    if problem:
        print(f"quizpages new: error: {problem}", file=sys.stderr)
        return 2
    if not args.title.strip():
        print("quizpages new: error: the title is empty (Pass --title \"...\")", file=sys.stderr)
        return 2
    path = os.path.join(settings.quizzes_path, *args.slug.split("/")) + ".yml"
    text = quiz_text(args.slug, args.title.strip(), settings.languages[0], path, settings.root)
    try:
        write_atomic(path, text)
    except FileExistsError:
        print(f"{os.path.relpath(path)}: error: the file exists and was left unchanged "
              "(Choose another id, or edit the existing quiz)", file=sys.stderr)
        return 1
    print(f"wrote {os.path.relpath(path)}")
    return 0
