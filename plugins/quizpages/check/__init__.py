"""Checks over the model: the rules of quizzes and kinds, the HTML policy, links, translation status.

`load_quiz` is what every caller wants from one file: read it, then run every
check that depends on nothing but the file and the site's settings.
"""

from __future__ import annotations

from dataclasses import replace

from ..kinds import KINDS, Registry
from ..load.loader import read
from ..model import Problem, Quiz, Text
from ..model.problems import sort_key
from .html_policy import check_quiz as check_html
from .rules import check_kinds, check_rules


def load_quiz(path: str, quiz_id: str, languages: tuple[str, ...], data: bytes | None = None,
              kinds: Registry = KINDS, allowed_html: tuple[str, ...] = ()) -> tuple[Quiz | None, list[Problem]]:
    """Read and check one quiz file: the quiz (None when it has errors) and every problem, sorted.

    One run reports every problem: each question's kind rules run even when another of its fields,
    another question or the quiz's own fields are wrong, as long as the fields they check were read.
    Links to other pages are checked separately (`links`): they change without the file changing."""
    reading = read(path, quiz_id, languages, data, kinds)
    quiz, problems = reading.quiz, reading.problems
    if quiz is None:
        return None, problems
    checked = replace(quiz, questions=reading.checkable)
    if reading.whole:
        slots = tuple(checked.texts())  # walked once for both checks
        problems = problems + check_rules(checked, kinds, slots) + check_html(checked, allowed_html, slots)
    else:  # the quiz's own fields are wrong: its questions can still be checked on their own
        problems = problems + check_kinds(checked, kinds) + check_html(replace(checked, title=Text()), allowed_html)
    problems = sorted(problems, key=sort_key)
    return (None if any(p.is_error for p in problems) else quiz), problems


__all__ = ["load_quiz"]
