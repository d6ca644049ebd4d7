"""What the importer reports: each warning has a kind, so the end-of-run report can count them."""

from __future__ import annotations

from dataclasses import dataclass

from ...model import Source
from ...model.problems import Problem, error, warning

# kind -> what a reader of the report needs to know about warnings of that kind
WARNING_KINDS = {
    "header-blockquote": "header blockquote kept in the intro",
    "header-links": "links above the first question kept in the intro",
    "front-matter": "front matter other than the title left out",
    "closing-text": "text after the last question kept as the closing text",
    "footer-link": "footer link kept in the closing text",
    "between-questions": "text between questions kept with a nearby question",
    "section-title": "section heading kept in a question's title",
    "kind-differs": "question read as another kind than its section says",
    "options-text-after": "text after the options kept in the question",
    "option-notes": "per-option notes kept in the explanation",
    "summary-text": "answer summary that is not a label kept in the question",
    "answer-differs": "answer text differs from the option its letter names",
    "answer-no-letter": "multiple-choice answer without a letter: imported as a written answer",
    "answer-letter-no-options": "answer names a letter but the question has no options",
    "answer-before-label": "text before the answer label kept in the explanation",
    "answer-twice": "second answer line naming another option kept in the explanation",
    "answer-empty": "answer block without an answer: the quiz is left out",
    "answer-several-letters": "answer naming several options (choose-all): the quiz is left out",
    "no-answer-block": "question without an answer block kept with the next question",
    "extra-answer-block": "second answer block kept in the question's explanation",
    "empty-question": "answer block without a question",
    "unclosed-details": "<details> without </details>",
    "stray-details": "</details> without <details> left out",
    "quoted-details": "answer block inside a blockquote read as an answer block",
    "html-as-text": "HTML tag quiz text may not use written as text",
    "page-order": "the quiz page shows the question elsewhere (pages group questions by kind)",
    "answer-letters-differ": "languages' pages name different answer letters: the source language's kept",
    "not-parallel": "question without a parallel question in the other language",
    "reordered": "question paired by content with one the other page asks at another place",
    "options-reordered": "options listed in another order by the other page: written in the source page's order",
    "not-translation": "page that is no translation of the other: a quiz of its own",
    "one-language": "quiz imported in some languages only",
    "untranslated-text": "text only some languages' pages have, shown as written in the others",
    "links-differ": "languages link different pages",
    "link-outside": "learning link that leaves the docs folder, fitted to the site or kept",
    "next-link": "next-quiz link fitted to the quizzes imported",
    "validate-warning": "imported file with a warning of `quizpages validate`",
}


@dataclass(frozen=True)
class ImportWarning:
    """One located warning and its kind (a key of WARNING_KINDS)."""

    kind: str
    problem: Problem


def in_line_order(findings: list[ImportWarning]) -> list[ImportWarning]:
    """The warnings sorted by file, then line: a reader goes through each page from the top. Warnings are
    found page by page and then while pairing the pages, so they come out of order otherwise."""
    return sorted(findings, key=lambda f: f.problem.source)  # (path, line, column)


def import_warning(kind: str, path: str, line: int, message: str, hint: str = "") -> ImportWarning:
    if kind not in WARNING_KINDS:  # a check, not an assert: `python -O` must not change what is reported
        raise ValueError(f"unknown import warning kind '{kind}'")
    return ImportWarning(kind, warning(Source(path, max(line, 1)), message, hint))


def import_error(kind: str, path: str, line: int, message: str, hint: str = "") -> ImportWarning:
    """A finding that keeps the quiz from being written (its problem is an error): the report lists the quiz as
    left out, with this as the reason."""
    found = import_warning(kind, path, line, message, hint)
    return ImportWarning(kind, error(found.problem.source, message, hint))
