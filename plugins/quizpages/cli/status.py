"""``quizpages status``: per language, the quizzes and questions without a translation, and stale ones.

Reports; never fails (exit 0) so CI shows the findings as annotations. ``--accept
QUIZ`` records the current source text as reviewed for QUIZ's translations.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from ..check.translation_status import accept, read_review_hashes, status
from ..model.layout import quiz_id_from_file
from ..site import QuizSite


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
    if value.endswith(".yml") and os.path.exists(value):
        return quiz_id_from_file(value, site.settings.quizzes_path)
    return value


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
            reason = "has errors (run `quizpages validate`)" if quiz_id in catalog.broken else "does not exist"
            print(f"quizpages status: error: the quiz '{quiz_id}' {reason}", file=sys.stderr)
            return 1
        path = accept(settings.root, quiz, settings.languages, tuple(args.language))
        if path is None:
            print(f"quizpages status: error: the quiz '{quiz_id}' has no translation to accept yet (Translate it "
                  "first; `quizpages status` lists what is missing)", file=sys.stderr)
            return 1
        print(f"accepted the translations of {quiz_id}: {os.path.relpath(path)}", file=sys.stderr)
        return 0
    findings = []
    for quiz_id, quiz in sorted(catalog.quizzes.items()):
        findings += [f for f in status(quiz, settings.languages, read_review_hashes(settings.root, quiz_id))
                     if f.language in languages]
    cwd = os.getcwd()
    if args.format == "json":
        report = {"source_language": settings.languages[0], "languages": {}}
        for language in languages:
            mine = [f for f in findings if f.language == language]
            report["languages"][language] = {kind: [f.as_dict(cwd) for f in mine if f.kind == kind] for kind in KINDS}
        report["broken"] = sorted(catalog.broken)
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return 0
    for finding in findings:
        data = finding.as_dict(cwd)
        if args.format == "github":
            print(f"::warning file={data['file']},line={data['line']}::{finding.message()}")
        else:
            print(f"{data['file']}:{data['line']}: {finding.kind.replace('_', ' ')}: {finding.message()}")
    for language in languages:
        print(_summary(language, [f for f in findings if f.language == language]), file=sys.stderr)
    if catalog.broken:
        print(f"{_count(len(catalog.broken), 'quiz file', 'quiz files')} with errors skipped (run `quizpages validate`)", file=sys.stderr)
    return 0


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
