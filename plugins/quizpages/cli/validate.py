"""``quizpages validate [PATHS]``: check quiz files, report every problem as path:line:column."""

from __future__ import annotations

import argparse
import os
import sys

from ..load import find_other_files, find_quiz_files
from ..model import Problem
from ..model.layout import is_quiz_file
from ..model.problems import sort_key
from ..site import QuizSite
from ..site.library import Catalog, not_checked, not_quizzes
from ..util.paths import is_inside


def add_parser(sub, parents) -> argparse.ArgumentParser:
    parser = sub.add_parser("validate", parents=parents,
                            help="check quiz files and report every problem as path:line:column")
    parser.add_argument("paths", nargs="*", help="quiz files or folders (default: the site's quizzes folder)")
    parser.add_argument("--strict", action="store_true", help="exit with 1 on warnings too")
    return parser


def needs_site(args: argparse.Namespace) -> bool:
    """Quiz files named on the command line can be checked anywhere; the site's own need its mkdocs.yml."""
    return not args.paths


def quiz_files(paths: list[str], quizzes_dir: str
               ) -> tuple[dict[str, list[str]], list[str], list[str], list[str]]:
    """The quiz files named by `paths` (files, or folders searched recursively), by the folder their ids
    are relative to (the site's quizzes folder, or the folder given, such as a staging copy); the other
    files found in those folders or named in the quizzes folder; the files named outside it that are no
    quiz files; and the paths not found."""
    groups: dict[str, list[str]] = {}
    others, not_quiz_files, missing = [], [], []
    for path in paths:
        if os.path.isdir(path) and is_inside(quizzes_dir, path):
            path = quizzes_dir  # the docs folder or the site: its quizzes are in the quizzes folder
        if os.path.isdir(path):
            same = os.path.isdir(quizzes_dir) and os.path.samefile(path, quizzes_dir)
            root = quizzes_dir if same or is_inside(path, quizzes_dir) else path
            groups.setdefault(os.path.abspath(root), []).extend(os.path.abspath(f) for f in find_quiz_files(path))
            others += find_other_files(path)
        elif os.path.isfile(path) and not is_quiz_file(path):
            (others if is_inside(path, quizzes_dir) else not_quiz_files).append(path)
        elif os.path.isfile(path):
            root = quizzes_dir if is_inside(path, quizzes_dir) else os.path.dirname(path) or "."
            groups.setdefault(os.path.abspath(root), []).append(os.path.abspath(path))
        else:
            missing.append(path)
    return groups, others, not_quiz_files, missing


def check_quiz_files(site: QuizSite, groups: dict[str, list[str]]) -> list[Problem]:
    """Every problem `quizpages validate` reports for quiz files, by the folder their ids are relative to
    (see `quiz_files`): each file's, then the site's own strings files' and templates' as those files' pages
    meet them. `quizpages import` checks the files it is about to write with it."""
    problems: list[Problem] = []
    site_problems = {}  # the site's own strings files and templates: every page shows them
    catalogs = [site.load(files=files, folder=root) for root, files in groups.items()]
    quizzes = os.path.abspath(site.settings.quizzes_path)
    catalogs = [site.check_page_addresses(catalog) if root == quizzes else catalog  # a staging copy has no pages
                for root, catalog in zip(groups, catalogs)]
    for catalog in catalogs or [Catalog()]:
        problems += catalog.problems
        site_problems.update((p.render(), p) for p in site.rendered_problems(catalog))
    return problems + list(site_problems.values())


def run(args: argparse.Namespace, site: QuizSite) -> int:
    quizzes_dir = site.settings.quizzes_path
    paths = args.paths or [os.path.relpath(quizzes_dir)]
    groups, others, not_quiz_files, missing = quiz_files(paths, quizzes_dir)
    for path in missing:
        print(f"{path}: error: no such file or folder (Make sure to run quizpages from the site's folder, "
              "or pass the path of a quiz file or folder)")
    for path in not_quiz_files:
        print(f"{path}: error: not a quiz file (Quiz files end in .yml or .yaml; pass quiz files or folders)")
    inside = [os.path.abspath(p) for p in others if is_inside(p, quizzes_dir)]
    outside = [os.path.abspath(p) for p in others if not is_inside(p, quizzes_dir)]
    problems = not_quizzes(inside) + not_checked(outside) + check_quiz_files(site, groups)
    problems.sort(key=sort_key)
    cwd = os.getcwd()
    for problem in problems:
        print(problem.render(cwd))
    files = [f for group in groups.values() for f in group]
    errors = sum(1 for p in problems if p.is_error)
    warnings = len(problems) - errors
    sys.stdout.flush()
    not_found = f", {len(missing)} path{'s' if len(missing) != 1 else ''} not found" if missing else ""
    if not_quiz_files:
        not_found += f", {len(not_quiz_files)} not a quiz file" if len(not_quiz_files) == 1 else \
            f", {len(not_quiz_files)} not quiz files"
    print(f"{len(files)} quiz file{'s' if len(files) != 1 else ''} checked: "
          f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''}{not_found}",
          file=sys.stderr)
    return 1 if errors or missing or not_quiz_files or (args.strict and warnings) else 0
