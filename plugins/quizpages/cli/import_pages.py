"""``quizpages import SOURCE... --out DIR``: bring the source site's quiz pages in as quiz files.

Pages are paired by their path under each language folder (``en/quizzes/x/y.md``
and ``ko/quizzes/x/y.md`` -> ``DIR/x/y.yml``). Reading a page lives in
load/importer; finding the pages in import_sources.py, the end-of-run report in
import_report.py; this module writes the files.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
import os
import sys

from ..check.html_policy import allowed_tags
from ..check.links import page_exists
from ..load import dump_quiz, importer
from ..load.importer.links import fit_learning_link, fit_next_link, next_target
from ..model import Source
from ..model.layout import quiz_id_from_page
from ..site import QuizSite
from ..util.atomic_write import write_atomic
from .import_report import ImportReport, Progress
from .import_sources import find_pages
from .import_staging import Planned, check_planned, existing_quiz_ids
from .schema import SCHEMA_FILE


def add_parser(sub, parents) -> argparse.ArgumentParser:
    parser = sub.add_parser("import", parents=parents, help="turn the source site's Markdown quiz pages (all languages) into quiz files")
    parser.add_argument("sources", nargs="+", metavar="SOURCE", help="pages or folders (such as old-site/)")
    parser.add_argument("--out", required=True, help="the folder to write quiz files to, e.g. content/quizzes")
    parser.add_argument("--languages", default=None,
                        help="language folder names to import, the source language first "
                             "(default: the site's languages, from mkdocs.yml)")
    parser.add_argument("--force", action="store_true", help="overwrite quiz files that already exist")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text: messages on stdout, report tables on stderr; json: one report on stdout")
    return parser


def quiz_id(key: str) -> str:
    """``quizzes/x/y-quiz.md`` -> ``x/y-quiz``: the page's quiz id, or its path without .md elsewhere."""
    return quiz_id_from_page(key) or (key[:-3] if key.endswith(".md") else key)


def schema_url(out_file: str, site: QuizSite, quiz: str) -> str:
    """The site's schema (<site root>/schema/quiz.schema.json) relative to `out_file`, as `quizpages new`
    writes it. A file written outside the site (a staging folder such as /tmp/imported) is bound for the
    quizzes folder: the path is the one it needs there, at `quiz`'s place, not one climbing out of /tmp."""
    root = os.path.abspath(site.settings.root)
    schema = os.path.join(root, SCHEMA_FILE)
    where = os.path.abspath(out_file)
    if not where.startswith(root + os.sep):
        where = os.path.join(os.path.abspath(site.settings.quizzes_path), *quiz.split("/")) + ".yml"
    return os.path.relpath(schema, os.path.dirname(where)).replace(os.sep, "/")


def _languages(args: argparse.Namespace, site: QuizSite) -> tuple[str, ...] | None:
    if args.languages is None:
        return site.languages
    languages = tuple(x.strip() for x in args.languages.split(",") if x.strip())
    unknown = [lang for lang in languages if lang not in site.languages]
    if not languages or unknown:
        print(f"quizpages import: error: --languages {args.languages}: "
              + (f"{', '.join(unknown)} is not a language of the site ({', '.join(site.languages)})" if unknown
                 else "no language given")
              + " (Pass some of the site's languages, or add the language to plugins.quizpages.languages in "
                "mkdocs.yml)", file=sys.stderr)
        return None
    return languages


def _read(path: str, report: ImportReport) -> str | None:
    try:
        with open(path, encoding="utf-8-sig") as f:
            return f.read()
    except UnicodeDecodeError as exc:
        report.unreadable(path, f"not UTF-8 text ({exc.reason} at byte {exc.start})",
                          "Save the page as UTF-8 and import it again")
        return None
    except OSError as exc:
        report.unreadable(path, f"cannot be read ({exc.strerror or exc})", "Check the file and import it again")
        return None


def run(args: argparse.Namespace, site: QuizSite) -> int:
    languages = _languages(args, site)
    if languages is None:
        return 2
    report = ImportReport(os.getcwd(), site.kinds.names(), stream=args.format == "text")
    known = set(site.languages) | set(site.settings.i18n.built if site.settings.i18n else ())
    found = find_pages(args.sources, languages, known)
    for source in found.missing:
        report.error(f"{source}: error: no such file or folder (Pass pages or folders of the source site)")
    for (folder, language), count in sorted(found.other_languages.items()):
        report.note(f"{report.shown(folder)}: note: {count} page{'s' if count != 1 else ''} in '{language}' not "
                    f"imported: '{language}' is not in --languages {','.join(languages)} "
                    f"(Pass --languages {','.join((*languages, language))} to import them too)")
    groups = sorted(found.groups.items(), key=lambda item: (item[0][1], item[0][0]))
    progress = Progress(len(groups))
    plans: list[Planned] = []
    allowed = allowed_tags(site.settings.allowed_html)
    for (_root, key), paths in groups:
        plans += _read_quizzes(key, paths, languages, site, args, report, allowed)
        progress.step()
    for plan in _checked(plans, site, args.out, report):
        _write(plan, args, report)
    sys.stdout.flush()
    if args.format == "json":
        report.print_json()
    else:
        report.print_tables()
    return 1 if report.errors else 0


def _read_quizzes(key: str, paths: dict[str, str], languages: tuple[str, ...], site: QuizSite,
                  args: argparse.Namespace, report: ImportReport, allowed: frozenset[str]) -> list[Planned]:
    """Read the pages at one path (one per language) into the quiz files they make."""
    pages = {}
    not_quizzes = []
    for language in languages:
        if language not in paths:
            continue
        text = _read(paths[language], report)
        if text is None:
            continue
        report.pages_read += 1
        page = importer.parse_page(paths[language], text, language, allowed)
        if page is None:
            report.no_quiz(paths[language], importer.why_no_quiz(text))
            not_quizzes.append(language)
        else:
            pages[language] = page
    if not pages:
        return []
    results, separate = importer.import_pages(quiz_id(key), pages, languages, site.languages, tuple(not_quizzes))
    report.separate += separate
    plans = []
    for result in results:
        first = pages[result.quiz.languages[0]]
        quiz, fitted = fit_learning_link(result.quiz, lambda target: page_exists(site.settings.docs_dir, target,
                                                                                 result.quiz.languages[0]),
                                         first.path, first.footer_line or 1)
        result = replace(result, quiz=quiz, findings=importer.in_line_order([*result.findings, *fitted]))
        report.found(result.findings)
        out_file = os.path.join(args.out, *quiz.id.split("/")) + ".yml"
        plans.append(Planned(result, out_file, tuple(pages[lang].path for lang in quiz.languages),
                             Source(first.path, first.footer_line or 1)))
    return plans


def _checked(plans: list[Planned], site: QuizSite, out: str, report: ImportReport) -> list[Planned]:
    """The plans whose files pass `quizpages validate`, once every next link is fitted to the quizzes there will
    be. A quiz with an error is left out, with the validator's messages as the reason; a quiz whose next link
    led to one is fitted again and checked again."""
    twins: dict[str, dict[str, str]] = {}
    for separate in report.separate:
        twins.setdefault(separate.quiz_ids[0], {})[separate.languages[1]] = separate.quiz_ids[1]
    existing = existing_quiz_ids(out)
    fitting, checking = plans, plans
    while checking:
        ids = {plan.quiz_id for plan in plans}
        for plan in fitting:
            quiz, found = fit_next_link(plan.result.quiz, twins, lambda target: target in ids or target in existing,
                                        *plan.footer[:2])
            if found:
                plan.result = replace(plan.result, quiz=quiz)
                report.found(found)
        for plan in checking:
            plan.text = dump_quiz(plan.result.quiz, schema_url(plan.out_file, site, plan.quiz_id))
        check_planned(site, out, plans, checking)
        failed = [plan for plan in checking if plan.errors]
        for plan in failed:
            report.left_out(plan)
        gone = {plan.quiz_id for plan in failed}
        plans = [plan for plan in plans if not plan.errors]
        fitting = checking = [plan for plan in plans if next_target(plan.result.quiz) in gone]
    return plans


def _write(plan: Planned, args: argparse.Namespace, report: ImportReport) -> None:
    """Write one checked quiz file, unless one is there and --force was not given."""
    report.validated(plan)
    try:
        write_atomic(plan.out_file, plan.text, overwrite=args.force)
    except FileExistsError:
        report.error(f"{report.shown(plan.out_file)}: error: already exists; left unchanged "
                     "(Pass --force to overwrite it, or choose another --out folder)")
        return
    report.wrote(plan.out_file, [q.kind for q in plan.result.quiz.questions])
