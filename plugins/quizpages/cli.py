"""The ``quizpages`` command. Never imports MkDocs, so it runs anywhere the core does."""

from __future__ import annotations

import argparse
import os
import sys

from .catalog import QuizLibrary
from .loader import find_quiz_files
from .siteconfig import read_settings


def _quiz_files(paths: list[str]) -> tuple[list[str], list[str]]:
    files, missing = [], []
    for path in paths:
        if os.path.isdir(path):
            files.extend(find_quiz_files(path))
        elif os.path.isfile(path):
            files.append(path)
        else:
            missing.append(path)
    return files, missing


def cmd_validate(args: argparse.Namespace) -> int:
    settings = read_settings(args.config)
    paths = args.paths or [os.path.relpath(settings.quizzes_path)]
    files, missing = _quiz_files(paths)
    for path in missing:
        print(f"{path}: error: no such file or folder (Make sure to run quizpages from the site's folder, "
              "or pass the path of a quiz file or folder)", file=sys.stderr)
    library = QuizLibrary(settings.languages)
    catalog = library.load(settings.quizzes_path, files=[os.path.abspath(f) for f in files])
    cwd = os.getcwd()
    for problem in catalog.problems:
        print(problem.render(cwd))
    errors, warnings = len(catalog.errors), len(catalog.warnings)
    print(f"{len(files)} quiz file{'s' if len(files) != 1 else ''} checked: "
          f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''}",
          file=sys.stderr)
    if errors or missing or (args.strict and warnings):
        return 1
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="quizpages", description="Bilingual quiz pages from YAML files.")
    parser.add_argument("-f", "--config", help="the site's mkdocs.yml (default: the nearest one)")
    sub = parser.add_subparsers(dest="command", required=True)

    validate = sub.add_parser("validate", help="check quiz files and report every problem as path:line:column")
    validate.add_argument("paths", nargs="*", help="quiz files or folders (default: the site's quizzes folder)")
    validate.add_argument("--strict", action="store_true", help="exit with 1 on warnings too")
    validate.set_defaults(run=cmd_validate)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
