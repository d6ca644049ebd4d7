"""Quizzes as files an LMS imports: model + language -> GIFT, Moodle XML, QTI 3.0 or QTI 2.1.

One module per format, each defining `FORMAT` (see `format.Format`), found here. A
format maps the kinds' format-neutral interactions (`kinds.assessment`) to its own
question types; what it cannot hold is left out with a located warning. QuizSite
(site/) gives an export the site's Markdown and interface strings.
"""

from __future__ import annotations

from collections.abc import Callable

from ..kinds import Registry, RenderContext
from ..model import Problem, Quiz, layout
from . import gift, moodle, qti3, qti21
from .format import Format, Writer
from .html_text import Html, MarkdownSetupError
from .items import ExportQuiz, export_quiz
from .links import SiteAddress

FORMATS: dict[str, Format] = {f.name: f for f in (gift.FORMAT, moodle.FORMAT, qti3.FORMAT, qti21.FORMAT)}
"""Every export format by name, in the order commands and pages list them."""


def file_name(quiz_id: str, language: str, format: Format) -> str:
    """Where an export goes, relative to the exports folder: `<language>/<quiz id><suffix>`."""
    return layout.export_path(quiz_id, language, format.suffix)


def export(quiz: Quiz, language: str, format: Format, ctx: RenderContext, kinds: Registry, html: Html,
           strings: Callable[..., str], address: SiteAddress) -> tuple[bytes, list[Problem]]:
    """`quiz` in `language` as a `format` file, and what it left out (warnings naming quiz and question);
    its links lead to the site at `address`."""
    exported = export_quiz(quiz, language, ctx, kinds, address)
    writer = Writer(exported, format, html, strings)
    for question, label, reason in exported.left_out:
        writer.leave_out_question(question, label, "the question", reason,
                                  "Give the kind an `export` (see CONTRIBUTING.md, \"A new question kind\")")
    for question, label, link in exported.relative_links:
        writer.leave_out_question(question, label, f"where the link {link} leads",
                                  "it is relative to the quiz page, and the site's `site_url` is not set",
                                  "Set `site_url:` in mkdocs.yml, and the export links to the published page")
    data = format.write(exported, writer)
    return data, writer.problems


__all__ = ["FORMATS", "ExportQuiz", "Format", "Html", "MarkdownSetupError", "SiteAddress", "Writer", "export",
           "file_name"]
