"""``quizpages new SLUG --title TITLE``: start a quiz file with one example question of each kind."""

from __future__ import annotations

import argparse
import os
import posixpath
import sys

from ..load import dump_quiz
from ..load.yamlsource import unwritable_character
from ..model import Quiz, Text
from ..model.layout import QUIZ_SUFFIXES, quiz_file, quiz_files, quiz_id_problem, suggest_quiz_id
from ..site import QuizSite
from ..util.atomic_write import write_atomic
from ..util.paths import is_inside
from .schema import SCHEMA_FILE

HEADER = """\
# Only {lang} so far: `quizpages status` lists this quiz as untranslated. When you add a
# translation, add its language to `languages:` (or remove `languages:` once every language is there).
"""


IGNORED_WARNINGS = ("plugins.quizpages.quizzes_dir",)  # a first quiz makes the folder


def add_parser(sub, parents) -> argparse.ArgumentParser:
    parser = sub.add_parser("new", parents=parents, help="start a new quiz file under the quizzes folder")
    parser.add_argument("slug", help="the quiz id, which may contain folders: ai-ml/katib")
    parser.add_argument("--title", required=True, help="the quiz title in the source language")
    return parser


def slug_problem(slug: str) -> str | None:
    """What is wrong with `slug` as a quiz id: the rule `validate` and the build apply to file names."""
    problem = quiz_id_problem(slug)
    if problem:
        return f"'{slug}' is not a quiz id: {problem} (For example `quizpages new {suggest_quiz_id(slug)}`)"
    return None


def quiz_id_argument(argument: str, site: QuizSite) -> tuple[str, str | None]:
    """The quiz id an author meant, and what is wrong with it. Authors often pass the file's path
    (`content/quizzes/ops/k2.yml`, as `validate` prints it) where the id (`ops/k2`) is asked for:
    taken as is, that would nest the quizzes folder inside itself."""
    slug = argument
    for suffix in QUIZ_SUFFIXES:
        if slug.endswith(suffix):
            slug = slug[: -len(suffix)]
    quizzes, docs = site.settings.quizzes_path, site.settings.docs_dir
    if is_inside(slug, quizzes):  # a path into the quizzes folder: its id is the part inside
        return posixpath.join(*os.path.relpath(os.path.abspath(slug), os.path.abspath(quizzes)).split(os.sep)), None
    if is_inside(slug, docs) and not is_inside(os.getcwd(), docs):  # names the docs folder, not the quizzes one
        return slug, (f"'{argument}' is in the docs folder but outside the quizzes folder "
                      f"'{os.path.relpath(quizzes)}', and the id is a path inside that folder "
                      f"(For example `quizpages new {posixpath.basename(slug)}`)")
    return slug, None


def starter_quiz(site: QuizSite, slug: str, title: str) -> Quiz:
    """A quiz in the source language with one example question of every kind the site knows."""
    language = site.source_language
    return Quiz(id=slug, declared_languages=(language,), languages=(language,), title=Text({language: title}),
                intro=Text({language: "One or two sentences on what this quiz checks."}),
                questions=tuple(kind.example(language) for kind in site.kinds))


def quiz_text(site: QuizSite, slug: str, title: str, path: str) -> str:
    schema = os.path.relpath(os.path.join(site.settings.root, SCHEMA_FILE), os.path.dirname(path))
    text = dump_quiz(starter_quiz(site, slug, title), posixpath.join(*schema.split(os.sep)))
    first, rest = text.split("\n", 1)
    return first + "\n" + HEADER.format(lang=site.source_language) + rest


def run(args: argparse.Namespace, site: QuizSite) -> int:
    slug, problem = quiz_id_argument(args.slug, site)
    problem = problem or slug_problem(slug)
    if problem:
        print(f"quizpages new: error: {problem}", file=sys.stderr)
        return 2
    if not args.title.strip():
        print("quizpages new: error: the title is empty (Pass --title \"...\")", file=sys.stderr)
        return 2
    unwritable = unwritable_character(args.title)
    if unwritable:
        print(f"quizpages new: error: --title holds {unwritable}, which no page or export can show (Pass the "
              "title without it)", file=sys.stderr)
        return 2
    path = quiz_file(site.settings.quizzes_path, slug)
    text = quiz_text(site, slug, args.title.strip(), path)
    # the starter questions are valid; a title can still hold what no quiz may (a line break, a control
    # character, `<script>`): refused here, as `validate` would refuse the file
    errors = [p for p in site.read_quiz(path, slug, text.encode("utf-8"))[1] if p.is_error]
    if errors:
        for problem in errors:
            print(f"quizpages new: error: --title: {problem.message} ({problem.hint})", file=sys.stderr)
        return 2
    existing = next((p for p in quiz_files(site.settings.quizzes_path, slug) if os.path.exists(p)), None)
    try:
        if existing:
            raise FileExistsError(existing)
        write_atomic(path, text)
    except FileExistsError as exc:
        print(f"{os.path.relpath(str(exc.args[0]))}: error: the file exists and was left unchanged "
              "(Choose another id, or edit the existing quiz)", file=sys.stderr)
        return 1
    print(f"wrote {os.path.relpath(path)}")
    return 0
