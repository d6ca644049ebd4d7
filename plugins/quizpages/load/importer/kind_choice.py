"""Which kind a parsed question is: its section's kind when it fits, else the first kind its shape fits.

Every kind says, in its `ImportMapping`, what shape of question it takes; this
module only asks them, in the registry's order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kinds import KINDS, Kind
from .text import join

if TYPE_CHECKING:
    from .source_page import PageQuestion, SourcePage


def _fitting(question: PageQuestion, wanted: Kind | None) -> Kind | None:
    if wanted is not None and wanted.importer is not None and wanted.importer.matches(question):
        return wanted
    return next((k for k in KINDS if k.importer is not None and k.importer.auto and k.importer.matches(question)),
                None)


def choose_kind(question: PageQuestion, page: SourcePage) -> None:
    """Set `question.kind`. A question whose options no kind takes (its answer names no letter) keeps the
    options as a list in its prompt, and its answer as written, with a warning: nothing is lost."""
    wanted = question.section.kind if question.section else None
    kind = _fitting(question, wanted)
    if kind is None and question.options:
        listed = "\n".join(f"- {chr(ord('A') + n)}) " + option.replace("\n", "\n     ")
                           for n, option in enumerate(question.options))
        question.prompt = join(question.prompt, listed) or listed
        question.options = []
        question.answer = question.answer or "…"  # an empty answer block: the written answer must say something
        kind = _fitting(question, wanted)
        page.warn("answer-no-letter", question.line, f"question {question.number}: its answer names no option "
                  f"letter; imported as {kind.name if kind else 'a written answer'}, its options listed in the "
                  "question",
                  "Write the right option's letter in the answer, e.g. `**Answer: B**`, and import again")
    if kind is None:  # no registered kind takes it: the first kind that has an import mapping
        kind = next(k for k in KINDS if k.importer is not None)
    if wanted is not None and kind is not wanted:
        heading = question.section.heading if question.section else ""
        page.warn("kind-differs", question.line, f"question {question.number} is under '{heading}' but reads as "
                  f"{kind.name}", "Check the question's options and answer")
    question.kind = kind.name
