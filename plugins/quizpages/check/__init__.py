"""Checks over the model: the rules of quizzes and kinds, the HTML policy (what is written and what it
renders), links, translation status.

`load_quiz` is what every caller wants from one file: read it, then run every
check that depends on nothing but the file and the site's settings.
"""

from __future__ import annotations

from dataclasses import replace

from ..kinds import KINDS, Registry
from ..load.loader import read
from ..model import Problem, Quiz
from ..model.problems import sort_key
from .html_policy import check_quiz as check_html
from .rendered_html import DEFAULT_EXTENSIONS, Extensions, rendered_html
from .code_fences import check_code_fences
from .rules import check_kinds, check_languages, check_test, check_titles


def load_quiz(path: str, quiz_id: str, languages: tuple[str, ...], data: bytes | None = None,
              kinds: Registry = KINDS, allowed_html: tuple[str, ...] = (),
              markdown_extensions: Extensions = DEFAULT_EXTENSIONS) -> tuple[Quiz | None, list[Problem]]:
    """Read and check one quiz file: the quiz (None when it has errors) and every problem, sorted.
    `markdown_extensions` are the site's, with their options: quiz text is checked as they render it.

    One run reports every problem: every text that could be read is checked (HTML, code blocks, and
    translations when the quiz's own fields could be read), and each question's kind rules run whenever
    the fields they read could be read, whatever else is wrong with the question, another question or the
    quiz's own fields. Links to other pages are checked separately (`links`): they change without the file
    changing."""
    reading = read(path, quiz_id, languages, data, kinds)
    quiz, problems = reading.quiz, reading.problems
    if quiz is None:
        return None, problems
    as_read = replace(quiz, questions=reading.as_read)
    slots = tuple(as_read.texts())  # walked once for every check of texts
    problems = (problems + check_kinds(replace(quiz, questions=reading.checkable), kinds)
                + check_html(as_read, allowed_html, slots, rendered_html(markdown_extensions, allowed_html))
                + check_code_fences(as_read, slots) + check_titles(as_read, slots) + check_test(quiz))
    if reading.whole:  # which translations a text needs depends on the quiz's own `languages:`
        problems += check_languages(as_read, slots)
    problems = sorted(problems, key=sort_key)
    return (None if any(p.is_error for p in problems) else quiz), problems


__all__ = ["load_quiz"]
