"""``quizpages status``: per language, the quizzes and questions without a translation, and stale ones.

Reports; never fails (exit 0) so CI shows the findings as annotations. ``--accept
QUIZ`` records the current source text as reviewed for QUIZ's translations.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import sys

from ..check.translation_status import accept, read_review_hashes, sidecar_problems, status
from ..model.layout import is_quiz_file, quiz_id_from_file
from ..site import QuizSite
from ..translate.entries import count, total
from ..translate.export import language_entries


def add_parser(sub, parents) -> argparse.ArgumentParser:
    parser = sub.add_parser("status", parents=parents, help="list missing and stale translations, per language")
    parser.add_argument("--format", choices=["text", "json", "github"], default="text",
                        help="text (default), json, or github (workflow annotations)")
    parser.add_argument("--accept", metavar="QUIZ",
                        help="mark QUIZ's translations (id or file path) as reviewed against the current source text")
    parser.add_argument("--language", action="append", default=[],
                        help="only this language, in the report or with --accept (repeatable)")
    return parser


def _quiz_id(site: QuizSite, value: str) -> str:
    if is_quiz_file(value) and os.path.isfile(value):  # a .yaml quiz's file names it too
        return quiz_id_from_file(value, site.settings.quizzes_path)
    return value


def _unknown_quiz_hint(quiz_id: str, known: list[str]) -> str:
    close = difflib.get_close_matches(quiz_id, known, n=1)
    if close:
        return f"Did you mean '{close[0]}'?"
    return "Give a quiz id, such as " + (f"'{known[0]}'" if known else "ai-ml/katib") + ", or the quiz file's path"


KINDS = ("missing_quiz", "missing_text", "missing_question", "stale")


def run(args: argparse.Namespace, site: QuizSite) -> int:
    settings = site.settings
    translated = settings.languages[1:]
    unknown = [lang for lang in args.language if lang not in translated]
    if unknown:
        print(f"quizpages status: error: '{unknown[0]}' is not a translation language of this site "
              f"(Use one of {', '.join(translated) or 'none: the site has one language'})", file=sys.stderr)
        return 2
    languages = tuple(args.language) or translated
    catalog = site.load()
    if args.accept:
        quiz_id = _quiz_id(site, args.accept)
        quiz = catalog.quizzes.get(quiz_id)
        if quiz is None:
            reason = ("has errors (run `quizpages validate`)" if quiz_id in catalog.broken else
                      f"does not exist ({_unknown_quiz_hint(quiz_id, sorted(catalog.quizzes))})")
            print(f"quizpages status: error: the quiz '{quiz_id}' {reason}", file=sys.stderr)
            return 1
        if _damaged_sidecars(args.format, settings.root, [quiz_id]):
            return 1  # never written over: what it holds may be the only copy of someone's review
        path = accept(settings.root, quiz, settings.languages, tuple(args.language))
        if path is None:
            print(f"quizpages status: error: the quiz '{quiz_id}' has no translation to accept yet (Translate it "
                  "first; `quizpages status` lists what is missing)", file=sys.stderr)
            return 1
        print(f"accepted the translations of {quiz_id}: {os.path.relpath(path)}", file=sys.stderr)
        return 0
    if _damaged_sidecars(args.format, settings.root, sorted(catalog.quizzes)):
        return 1
    findings = []
    for quiz_id, quiz in sorted(catalog.quizzes.items()):
        findings += [f for f in status(quiz, settings.languages, read_review_hashes(settings.root, quiz_id))
                     if f.language in languages]
    cwd = os.getcwd()
    # the texts for translators, counted as `quizpages translate export` writes them: per language and quiz
    entries = {language: {quiz_id: count(language_entries(quiz, language, settings.languages[0], settings.root))
                          for quiz_id, quiz in sorted(catalog.quizzes.items())} for language in languages}
    missing_strings = {language: site.missing_strings(language)
                       for language in (settings.languages if not args.language else languages)}
    if args.format == "json":
        report = {"source_language": settings.languages[0], "languages": {}}
        for language in languages:
            mine = [f for f in findings if f.language == language]
            report["languages"][language] = {kind: [f.as_dict(cwd) for f in mine if f.kind == kind] for kind in KINDS}
        # per language, the texts for translators as `translate export` counts them, in all and per quiz
        report["entries"] = {language: total(entries[language].values()) for language in languages}
        report["entries_by_quiz"] = entries
        report["missing_strings"] = missing_strings  # per language: the interface strings it shows in English
        report["broken"] = sorted(catalog.broken)
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return 0
    for finding in findings:
        data = finding.as_dict(cwd)
        column = data["column"]
        if args.format == "github":
            print(f"::warning file={data['file']},line={data['line']}{f',col={column}' if column else ''}::"
                  f"{finding.message()}")
        else:
            print(f"{data['file']}:{data['line']}{f':{column}' if column else ''}: {finding.kind.replace('_', ' ')}: "
                  f"{finding.message()}")
    for language in languages:
        _entry_lines(args.format, language, entries[language], catalog, cwd)
    for language, missing in missing_strings.items():
        _strings_line(args.format, language, missing, site)
    for language in languages:
        print(_summary(language, [f for f in findings if f.language == language]), file=sys.stderr)
    if catalog.broken:
        print(f"{_count(len(catalog.broken), 'quiz file', 'quiz files')} with errors skipped (run `quizpages validate`)", file=sys.stderr)
    return 0


def _damaged_sidecars(fmt: str, root: str, quiz_ids: list[str]) -> bool:
    """Report every review hashes file of `quiz_ids` that cannot be read (as an annotation under `github`, so a
    pull request shows it); whether there was one."""
    problems = sidecar_problems(root, quiz_ids)
    for problem in problems:
        if fmt == "github":
            where = problem.source
            print(f"::error file={os.path.relpath(where.path)},line={where.line},col={where.column}::"
                  f"{problem.message} ({problem.hint})")
        else:
            print(problem.render(os.getcwd()), file=sys.stderr)
    return bool(problems)


def _entry_lines(fmt: str, language: str, by_quiz: dict[str, dict[str, int]], catalog, cwd: str) -> None:
    """Per quiz with work left, its texts as the export counts them (a notice on the file under `github`)."""
    for quiz_id, counts in by_quiz.items():
        if not counts["fuzzy"] and not counts["missing"]:
            continue
        path = os.path.relpath(catalog.paths[quiz_id], cwd)
        message = (f"{quiz_id}: '{language}' texts for translators: {counts['total']}, {counts['translated']} "
                   f"translated, {counts['fuzzy']} fuzzy, {counts['missing']} missing (`quizpages translate export "
                   f"--language {language}` writes them)")
        if fmt == "github":
            print(f"::notice file={path},line=1::{message}")
        else:
            print(f"{path}:1: texts: {message}")


def _strings_line(fmt: str, language: str, missing: list[str], site: QuizSite) -> None:
    """The interface strings `language` lacks, so its pages show English there."""
    if not missing:
        return
    path = os.path.relpath(site.strings_file(language))
    shown = ", ".join(missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
    message = (f"'{language}' lacks {_count(len(missing), 'interface string', 'interface strings')}: {shown} "
               f"(Add them to {path}; until then pages show the English text, and a language's name as "
               "mkdocs.yml gives it)")
    if fmt == "github":
        print(f"::notice file={path},line=1::{message}")
    else:
        print(f"{path}:1: strings: {message}")


def _summary(language: str, findings: list) -> str:
    """One language's counts. Missing texts are counted one by one, the unit of `validate`'s warnings (one
    per text without a translation), not by question; questions that `languages:` leaves out have none."""
    counts = {k: sum(1 for f in findings if f.kind == k) for k in KINDS}
    texts = sum(len(f.fields) for f in findings if f.kind in ("missing_text", "missing_question"))
    left_out = sum(1 for f in findings if f.kind == "missing_question" and not f.fields)
    summary = (f"{language}: {_count(counts['missing_quiz'], 'quiz', 'quizzes')} untranslated, "
               f"{_count(texts, 'text', 'texts')} missing")
    if left_out:
        summary += f", {_count(left_out, 'question', 'questions')} left out by `languages:`"
    return summary + f", {counts['stale']} stale"


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"
