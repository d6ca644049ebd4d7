"""``quizpages export --format gift|moodle|qti3|qti21``: quizzes as files an LMS imports.

Every quiz (or the files and folders named), in every language of the site (or those
named with --language), checked as `validate` checks them: a quiz with errors is not
exported. Files go to ``DIR/<language>/<quiz id><suffix>``, each written whole (an
existing one is replaced: exporting again updates the files). What a format cannot
hold is a warning naming the quiz, the question and why.
"""

from __future__ import annotations

import argparse
import os
import sys

from ..export import FORMATS, MarkdownSetupError, file_name
from ..model.problems import sort_key
from ..site import QuizSite
from ..util.atomic_write import write_atomic
from ..util.paths import is_inside
from .validate import quiz_files


def add_parser(sub, parents) -> argparse.ArgumentParser:
    parser = sub.add_parser("export", parents=parents,
                            help="write quizzes as GIFT, Moodle XML, QTI 3.0 or QTI 2.1 files for an LMS")
    parser.add_argument("paths", nargs="*", help="quiz files or folders (default: every quiz of the site)")
    parser.add_argument("--format", action="append", required=True, choices=list(FORMATS), dest="formats",
                        help="the file format: " + ", ".join(f"{f.name} ({f.doc})" for f in FORMATS.values())
                        + "; repeat it for several")
    parser.add_argument("--language", action="append", dest="languages", metavar="LANGUAGE",
                        help="a language to export (default: every language of the site); repeat it for several")
    parser.add_argument("--out", default="exports", help="the folder to write into (default: exports)")
    return parser


def needs_site(args: argparse.Namespace) -> bool:
    """Quiz files named on the command line can be exported anywhere; the site's own need its mkdocs.yml."""
    return not args.paths


def _usage_error(message: str) -> int:
    print(f"quizpages export: error: {message}", file=sys.stderr)
    return 2


def _file_in_the_way(out: str) -> str | None:
    """The file where `out` or one of the folders above it should be a folder, or None."""
    path = os.path.abspath(out)
    while not os.path.exists(path):
        parent = os.path.dirname(path)
        if parent == path:
            return None
        path = parent
    return None if os.path.isdir(path) else os.path.relpath(path)


def run(args: argparse.Namespace, site: QuizSite) -> int:
    languages = list(dict.fromkeys(args.languages or site.languages))
    unknown = [lang for lang in languages if lang not in site.languages]
    if unknown:
        return _usage_error(f"the site has no language '{unknown[0]}' (Use one of {', '.join(site.languages)})")
    quizzes_dir = site.settings.quizzes_path
    if is_inside(args.out, quizzes_dir):
        return _usage_error(f"--out {args.out} is inside the quizzes folder {os.path.relpath(quizzes_dir)}, where "
                            "every file must be a quiz (Choose a folder outside it, e.g. --out exports)")
    blocking = _file_in_the_way(args.out)
    if blocking:
        return _usage_error(f"--out {args.out}: {blocking} is a file, not a folder (Choose a folder, e.g. "
                            "--out exports)")
    groups, _, not_quiz_files, missing = quiz_files(args.paths or [os.path.relpath(quizzes_dir)], quizzes_dir)
    for path in missing:
        print(f"{path}: error: no such file or folder (Pass the path of a quiz file or folder)", file=sys.stderr)
    for path in not_quiz_files:
        print(f"{path}: error: not a quiz file (Quiz files end in .yml or .yaml)", file=sys.stderr)
    if missing or not_quiz_files:
        return 2
    try:
        html = site.markdown_html()
    except MarkdownSetupError as exc:
        config = os.path.relpath(site.settings.config_file) if site.settings.config_file else "mkdocs.yml"
        return _usage_error(f"{config}: markdown_extensions cannot be used: {exc} (Make sure every extension "
                            "the site lists is installed, as `mkdocs build` needs it too)")
    formats = [FORMATS[name] for name in dict.fromkeys(args.formats)]
    problems, written, quizzes, exported_languages = [], 0, set(), set()
    for root, files in groups.items():
        catalog = site.load(files=files, folder=root)
        renderer = site.renderer(catalog)
        problems += catalog.problems + site.site_problems(renderer)
        for quiz_id, quiz in sorted(catalog.quizzes.items()):
            for language in (lang for lang in languages if lang in quiz.languages):
                quizzes.add(quiz_id)
                exported_languages.add(language)
                for format in formats:
                    data, left_out = site.export(quiz, language, format, renderer, html)
                    problems += left_out
                    write_atomic(os.path.join(args.out, *file_name(quiz_id, language, format).split("/")), data,
                                 overwrite=True)
                    written += 1
    unique = {problem.render(): problem for problem in problems}  # a site's strings problem, once
    problems = sorted(unique.values(), key=sort_key)
    cwd = os.getcwd()
    for problem in problems:
        print(problem.render(cwd))
    sys.stdout.flush()
    errors = sum(1 for p in problems if p.is_error)
    warnings = len(problems) - errors
    print(f"wrote {written} file{'s' if written != 1 else ''} to {os.path.relpath(args.out)} "
          f"({len(quizzes)} quiz{'zes' if len(quizzes) != 1 else ''}"
          f"{''.join(', ' + lang for lang in languages if lang in exported_languages)}): "
          f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''}",
          file=sys.stderr)
    if errors:
        print("quizpages export: quizzes with errors were not exported; fix the errors above first", file=sys.stderr)
    return 1 if errors else 0
