"""``quizpages validate [PATHS]``: check quiz files, report every problem as path:line:column."""

from __future__ import annotations

import argparse
import os
import sys

from ..load import find_quiz_files
from ..site import QuizSite


def add_parser(sub, parents) -> argparse.ArgumentParser:
    parser = sub.add_parser("validate", parents=parents,
                            help="check quiz files and report every problem as path:line:column")
    parser.add_argument("paths", nargs="*", help="quiz files or folders (default: the site's quizzes folder)")
    parser.add_argument("--strict", action="store_true", help="exit with 1 on warnings too")
    return parser


def quiz_files(paths: list[str]) -> tuple[list[str], list[str]]:
    """The quiz files named by `paths` (files, or folders searched recursively), and paths not found."""
    files, missing = [], []
    for path in paths:
        if os.path.isdir(path):
            files.extend(find_quiz_files(path))
        elif os.path.isfile(path):
            files.append(path)
        else:
            missing.append(path)
    return files, missing


def run(args: argparse.Namespace, site: QuizSite) -> int:
    paths = args.paths or [os.path.relpath(site.settings.quizzes_path)]
    files, missing = quiz_files(paths)
    for path in missing:
        print(f"{path}: error: no such file or folder (Make sure to run quizpages from the site's folder, "
              "or pass the path of a quiz file or folder)")
    catalog = site.load(files=[os.path.abspath(f) for f in files])
    cwd = os.getcwd()
    for problem in catalog.problems:
        print(problem.render(cwd))
    errors, warnings = len(catalog.errors), len(catalog.warnings)
    sys.stdout.flush()
    print(f"{len(files)} quiz file{'s' if len(files) != 1 else ''} checked: "
          f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''}",
          file=sys.stderr)
    return 1 if errors or missing or (args.strict and warnings) else 0
