"""``quizpages translate export|import|init``: quiz texts out to translators' PO / XLIFF files and back in.

- ``export --language ko [--format po|xliff] [--out DIR] [FILE_OR_FOLDER ...]`` writes one file per quiz,
  ``DIR/<language>/<quiz id>.po`` (or ``.xlf``), default DIR ``translations/export/`` beside mkdocs.yml.
- ``import FILE ...`` writes each finished translation into its quiz file, changing nothing else.
- ``init LANG`` starts a language: its interface strings file (every key, the English text as a
  comment) and the export of every quiz.

A run with any error writes nothing (exit 1); warnings name what was not applied (exit 0).
"""

from __future__ import annotations

import argparse
import os
import re
import sys

from ..check.translation_status import sidecar_problems
from ..model.fields import LANGUAGE_PATTERN
from ..render.strings import FALLBACK, STRINGS_DIR
from ..site import QuizSite
from ..translate.entries import FUZZY, MISSING, TRANSLATED, total
from ..translate.export import ExportFile, plan_export, unimported_work
from ..translate.formats import FORMATS
from ..translate.import_files import plan_import, write_all
from ..util.atomic_write import write_atomic
from ..util.paths import is_inside

DEFAULT_OUT = os.path.join("translations", "export")


def add_parser(sub, parents) -> argparse.ArgumentParser:
    parser = sub.add_parser("translate", parents=parents,
                            help="export quiz texts to PO or XLIFF files for translators, and import them back")
    actions = parser.add_subparsers(dest="action", required=True)
    export = actions.add_parser("export", parents=parents, help="write one PO or XLIFF file per quiz for a language")
    _export_options(export)
    export.add_argument("--language", required=True, help="the language to translate into, e.g. ko")
    export.add_argument("paths", nargs="*", metavar="FILE_OR_FOLDER",
                        help="quiz files or folders (default: every quiz of the site)")
    imported = actions.add_parser("import", parents=parents, help="write the translations of PO or XLIFF files "
                                                                  "into the quiz files")
    imported.add_argument("files", nargs="+", metavar="FILE", help=".po or .xlf files")
    init = actions.add_parser("init", parents=parents, help="start a language: its strings file and the export "
                                                            "of every quiz")
    init.add_argument("language", help="the new language's code, e.g. ja")
    _export_options(init)
    return parser


def _export_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=sorted(FORMATS), default="po", help="po (default) or xliff (XLIFF 1.2)")
    parser.add_argument("--out", default=None, help=f"the folder to write to (default: {DEFAULT_OUT}/ beside "
                                                    "mkdocs.yml)")
    parser.add_argument("--shared", action="store_true",
                        help="also export texts written once for every language, to give one its own translation")
    parser.add_argument("--force", action="store_true",
                        help="replace export files that hold translations not imported yet")


def run(args: argparse.Namespace, site: QuizSite) -> int:
    if args.action == "export":
        return _export(args, site, args.language, args.paths)
    if args.action == "import":
        return _import(args, site)
    return _init(args, site)


def _error(args: argparse.Namespace, message: str) -> None:
    """A bad command line, named as argparse names the command (`quizpages translate init: error: ...`)."""
    print(f"quizpages translate {args.action}: error: {message}", file=sys.stderr)


# -- export -------------------------------------------------------------------------------------

def _export(args: argparse.Namespace, site: QuizSite, language: str, paths: list[str]) -> int:
    settings = site.settings
    source = settings.languages[0]
    if not re.match(LANGUAGE_PATTERN, language) or language == source:
        _error(args, f"'{language}' cannot be translated into (Give a language code other than the source language "
               f"{source}, such as {', '.join(settings.languages[1:]) or 'ko'})")
        return 2
    catalog = site.load()
    chosen, problems = _chosen_quizzes(catalog, paths)
    problems += [p.render(os.getcwd()) for p in sidecar_problems(settings.root, chosen)]
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    out = args.out or os.path.join(settings.root, DEFAULT_OUT)
    strings = site.strings(source)
    names = tuple(strings.get(f"language.{code}") or settings.language_name(code) or code for code in (source, language))
    planned = plan_export([catalog.quizzes[qid] for qid in chosen], language, source, FORMATS[args.format], out,
                          settings.root, names, args.shared)  # type: ignore[arg-type]
    kept = [where for where in (unimported_work(p) for p in planned) if where] if not args.force else []
    for path, line in kept:
        where = os.path.relpath(path) + (f":{line}" if line else "")
        print(f"{where}: error: this file holds translations that are not in the quiz yet, so it was not replaced "
              "(Import it first with `quizpages translate import`, or pass --force to replace it)", file=sys.stderr)
    if kept:
        print("nothing was written", file=sys.stderr)
        return 1
    for planned_file in planned:
        write_atomic(planned_file.path, planned_file.content, overwrite=True)
    _export_summary(planned, language, out)
    if language not in settings.languages:
        print(f"note: '{language}' is not a language of the site yet: add it to `plugins.quizpages.languages` "
              "in mkdocs.yml before importing (CONTRIBUTING.md, \"Add a language\")", file=sys.stderr)
    return 0


def _chosen_quizzes(catalog, paths: list[str]) -> tuple[list[str], list[str]]:
    """The ids of the quizzes `paths` name (every quiz without paths), and an error line for each path that
    names none or a quiz with errors."""
    if not paths:
        chosen = sorted(catalog.quizzes)
        problems = [f"{os.path.relpath(path)}: error: the quiz {qid} has errors, so it was not exported (Run "
                    "`quizpages validate` and fix them)" for qid, path in sorted(catalog.broken.items())]
        return chosen, problems
    chosen, problems = [], []
    for path in paths:
        wanted = os.path.abspath(path)
        found = [qid for qid, file in catalog.paths.items()
                 if os.path.abspath(file) == wanted or os.path.isdir(wanted) and is_inside(file, wanted)]
        if not found:
            problems.append(f"{path}: error: no quiz of the site is there (Pass quiz files or folders under "
                            "the quizzes folder)")
        for qid in sorted(found):
            if qid in catalog.broken:
                problems.append(f"{os.path.relpath(catalog.paths[qid])}: error: the quiz {qid} has errors, so it "
                                "was not exported (Run `quizpages validate` and fix them)")
            elif qid not in chosen:
                chosen.append(qid)
    return chosen, problems


def _export_summary(planned: list[ExportFile], language: str, out: str) -> None:
    for planned_file in planned:
        counts = planned_file.counts
        print(f"{os.path.relpath(planned_file.path)}: {counts['total']} texts, {counts[TRANSLATED]} translated, "
              f"{counts[FUZZY]} fuzzy, {counts[MISSING]} missing")
    totals = total(p.counts for p in planned)
    quizzes = f"{len(planned)} quiz{'zes' if len(planned) != 1 else ''}"
    print(f"{language}: {quizzes} exported to {os.path.relpath(out)}: {totals['total']} texts, "
          f"{totals[TRANSLATED]} translated, {totals[FUZZY]} fuzzy, {totals[MISSING]} missing", file=sys.stderr)


# -- import -------------------------------------------------------------------------------------

def _import(args: argparse.Namespace, site: QuizSite) -> int:
    settings = site.settings
    catalog = site.load()

    plan = plan_import(args.files, catalog.quizzes, catalog.broken, settings.languages, site.read_quiz, os.getcwd())
    for line in plan.warnings:
        print(line)
    for line in plan.errors:
        print(line)
    if plan.errors:
        print(f"{len(plan.errors)} error{'s' if len(plan.errors) != 1 else ''}: nothing was written", file=sys.stderr)
        return 1
    write_all(plan)
    for quiz_id, number in sorted(plan.applied.items()):
        path = catalog.quizzes[quiz_id].source.path  # type: ignore[union-attr]
        print(f"{os.path.relpath(path)}: {number} translation{'s' if number != 1 else ''} written", file=sys.stderr)
    skipped = ", ".join(f"{number} {reason}" for reason, number in sorted(plan.skipped.items()))
    written = sum(plan.applied.values())
    print(f"{written} translation{'s' if written != 1 else ''} written into {len(plan.writes)} quiz "
          f"file{'s' if len(plan.writes) != 1 else ''}" + (f"; not applied: {skipped}" if skipped else "")
          + (f"; {len(plan.warnings)} warning{'s' if len(plan.warnings) != 1 else ''}" if plan.warnings else ""),
          file=sys.stderr)
    if plan.skipped.get("fuzzy"):
        fuzzy = plan.skipped["fuzzy"]
        print(f"{fuzzy} translation{'s are' if fuzzy != 1 else ' is'} still marked to be reviewed, so not applied: "
              "clear the mark of each one that is done (PO: the `fuzzy` flag; XLIFF: a `state` other than "
              "needs-translation or needs-review-*, such as \"translated\"), then import again", file=sys.stderr)
    if plan.writes:
        print("Review the changes (git diff), then run `quizpages status --accept QUIZ` for each quiz whose "
              "translation is reviewed", file=sys.stderr)
    return 0


# -- init ---------------------------------------------------------------------------------------

def strings_skeleton(language: str) -> str:
    """A new language's strings file: every key of the English file with its text, as comments to translate."""
    with open(os.path.join(STRINGS_DIR, f"{FALLBACK}.yml"), encoding="utf-8") as f:
        english = f.read().splitlines()
    lines = [f"# Interface strings of quiz pages in '{language}', started by `quizpages translate init {language}`.",
             "# Each commented line is a key with its English text: remove the '# ', translate the text and keep",
             "# every {placeholder}. A key left commented shows the English text; `quizpages status` lists them.",
             f"# Name the language itself here (language.{language}), and add language.{language} to the other",
             "# languages' files, so each index names it in its own language.",
             f"# language.{language}: ..."]
    lines += [f"# {line}" for line in english if line.strip() and not line.lstrip().startswith("#")]
    return "\n".join(lines) + "\n"


def _init(args: argparse.Namespace, site: QuizSite) -> int:
    language = args.language
    settings = site.settings
    if not re.match(LANGUAGE_PATTERN, language) or language == settings.languages[0]:
        _error(args, f"'{language}' is not a new language's code (Give a code such as ja)")
        return 2
    target = site.strings_file(language)
    if not is_inside(target, settings.root):
        _error(args, f"this site has no strings folder to write the '{language}' strings file in (Set "
               "`plugins.quizpages.strings_dir: strings` in mkdocs.yml, then run the command again)")
        return 2
    if os.path.exists(target):
        print(f"{os.path.relpath(target)}: the strings file exists already; it was left as it is", file=sys.stderr)
    else:
        write_atomic(target, strings_skeleton(language))
        print(f"{os.path.relpath(target)}: written, every key with its English text as a comment", file=sys.stderr)
    code = _export(args, site, language, [])
    if code:
        return code
    print(f"Next: add {language} to mkdocs.yml (plugins.quizpages.languages, plugins.i18n.languages), create "
          f"content/{language}/ with the learning pages, translate the files above, then `quizpages translate "
          "import` them (CONTRIBUTING.md, \"Add a language\")", file=sys.stderr)
    return 0
