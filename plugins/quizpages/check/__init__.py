"""Checks over the model: the rules of quizzes and kinds, the HTML policy, links, translation status.

`load_quiz` is what every caller wants from one file: read it, then run every
check that depends on nothing but the file and the site's settings.
"""

from __future__ import annotations

from ..kinds import KINDS, Registry
from ..load.loader import read_quiz
from ..model import Problem, Quiz
from ..model.problems import sort_key
from .html_policy import check_quiz as check_html
from .rules import check_rules


def load_quiz(path: str, quiz_id: str, languages: tuple[str, ...], data: bytes | None = None,
              kinds: Registry = KINDS, allowed_html: tuple[str, ...] = ()) -> tuple[Quiz | None, list[Problem]]:
    """Read and check one quiz file: the quiz (None when it has errors) and every problem, sorted.

    Questions with errors are left out before the rules run, so the rest is still checked and
    one run reports every problem. Links to other pages are checked separately (`links`): they
    change without the file changing."""
    quiz, problems = read_quiz(path, quiz_id, languages, data, kinds)
    if quiz is not None:
        slots = tuple(quiz.texts())  # walked once for both checks
        problems = sorted(problems + check_rules(quiz, kinds, slots) + check_html(quiz, allowed_html, slots),
                          key=sort_key)
        if any(p.is_error for p in problems):
            quiz = None
    return quiz, problems


__all__ = ["load_quiz"]
