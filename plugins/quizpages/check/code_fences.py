"""Fenced code blocks in quiz text that are never closed.

Markdown shows an unclosed fence as text: "```bash kubectl get pods" runs into one paragraph, and a
hands-on answer loses its code block without a word. Pure function over the model; the file position
of the opening line comes from the text's own (see html_policy.line_in_block).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..model import Problem, Quiz, TextSlot, warning
from .html_policy import line_in_block

_FENCE = re.compile(r"^([ \t]*)(`{3,}|~{3,})(.*)$")


def unclosed_fence(text: str) -> tuple[int, int, str] | None:
    """(0-based line, column, fence) of a fence opened in `text` and never closed, if there is one."""
    opened: tuple[int, int, str] | None = None
    for number, line in enumerate(text.splitlines()):
        found = _FENCE.match(line)
        if not found:
            continue
        indent, fence, rest = found.groups()
        if opened is None:
            if not (fence[0] == "`" and "`" in rest):  # ``` with a backtick after it is inline code
                opened = (number, len(indent), fence)
        elif fence[0] == opened[2][0] and len(fence) >= len(opened[2]) and not rest.strip():
            opened = None
    return opened


def check_code_fences(quiz: Quiz, slots: Iterable[TextSlot] | None = None) -> list[Problem]:
    """A warning at the opening line of each code block that is never closed in its text."""
    problems = []
    for slot in quiz.texts() if slots is None else slots:
        if slot.verbatim:  # never read as Markdown: no code block in it
            continue
        for language, value in slot.text.items():
            if "```" not in value and "~~~" not in value:
                continue
            found = unclosed_fence(value)
            if found is None:
                continue
            line, column, fence = found
            field = f"{slot.label} [{language}]" if language else slot.label
            where = line_in_block(slot.text.where(language) or slot.fallback, line, column)
            problems.append(warning(where, f"{field}: the code block opened with {fence} is never closed",
                                    f"End it with a line holding only {fence}, or the code shows as text"))
    return problems
