"""Section headings of the source site: which kind of question they hold, and whether they say more.

Which phrase names which kind is each kind's own declaration (`ImportMapping.sections`);
this module only reads a heading against them. A heading whose every word names a kind
or says "questions" is replaced by the page's own section heading; any other heading
("Advanced", "고급 주제", "Part 2: Networking") has words a reader would miss, so the
importer keeps them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...kinds import KINDS, Kind

# Words that say "these are questions" in a section heading and nothing else.
GENERIC_WORDS = frozenset({"quiz", "quizzes", "question", "questions", "퀴즈", "문제", "질문", "문항"})

_RANGE = re.compile(r"\(\s*\d+\s*(?:[-–~]\s*\d+)?\s*번?\s*\)|\b\d+\b")
_WORD = re.compile(r"\w+(?:-\w+)*")


@dataclass(frozen=True)
class Section:
    """A section heading as the importer reads it."""

    heading: str
    line: int
    kind: Kind | None  # the kind it names, if any
    structural: bool  # every word names a kind or says "questions": nothing to keep


def words(text: str) -> list[str]:
    return _WORD.findall(_RANGE.sub(" ", text.lower()))


def read_section(heading: str, line: int) -> Section:
    """The section a heading's text opens."""
    key = " ".join(words(heading))
    found: tuple[int, Kind] | None = None
    for kind in KINDS:
        for phrase in kind.importer.sections if kind.importer else ():
            match = re.search(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", key)
            if match and (found is None or match.start() < found[0]):
                found = (match.start(), kind)
    kind = found[1] if found else None
    covered = set(GENERIC_WORDS)
    if kind is not None:
        covered.update(w for phrase in kind.importer.sections for w in words(phrase))  # type: ignore[union-attr]
    return Section(heading, line, kind, structural=all(w in covered for w in words(heading)))
