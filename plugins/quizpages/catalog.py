"""Every quiz of a site: found, loaded, validated, and cached between builds.

Used by the MkDocs plugin and the CLI alike. The cache is keyed by each file's
modification time and size, so a rebuild under `mkdocs serve` (and the second
language's build under mkdocs-static-i18n) re-reads only files that changed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from .loader import find_quiz_files, load_quiz, quiz_id_for
from .model import Quiz
from .problems import Problem, sort_key
from .htmlpolicy import check_quiz as check_html
from .links import check_links, check_quiz_id, check_text_links
from .validate import validate_quiz


@dataclass
class Catalog:
    quizzes: dict[str, Quiz] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    broken: dict[str, str] = field(default_factory=dict)  # quiz id -> path, for files with errors
    paths: dict[str, str] = field(default_factory=dict)  # quiz id -> path, for every file

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.is_error]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if not p.is_error]

    def problems_of(self, path: str) -> list[Problem]:
        return [p for p in self.problems if p.source.path == path]


class QuizLibrary:
    """Loads quiz files for one site configuration, re-reading only what changed."""

    def __init__(self, languages: tuple[str, ...], allowed_html: tuple[str, ...] = (),
                 docs_dir: str | None = None):
        self.languages = languages
        self.allowed_html = allowed_html  # the site's extra safe tags (plugins.quizpages.allowed_html)
        self.docs_dir = docs_dir  # where learning pages live; None skips the link checks
        self._cache: dict[str, tuple[tuple[int, int], Quiz | None, list[Problem]]] = {}

    def load_file(self, path: str, quiz_id: str) -> tuple[Quiz | None, list[Problem]]:
        try:
            stat = os.stat(path)
            stamp = (stat.st_mtime_ns, stat.st_size)
        except OSError:
            stamp = (-1, -1)
        cached = self._cache.get(path)
        if cached and cached[0] == stamp:
            return cached[1], cached[2]
        quiz, problems = load_quiz(path, quiz_id, self.languages)
        if quiz is not None:
            problems = problems + validate_quiz(quiz) + check_html(quiz, self.allowed_html)
            if any(p.is_error for p in problems):
                quiz = None
        self._cache[path] = (stamp, quiz, problems)
        return quiz, problems

    def load(self, quizzes_dir: str, files: list[str] | None = None) -> Catalog:
        """Load every quiz under `quizzes_dir` (or just `files`, ids still relative to it)."""
        catalog = Catalog()
        paths = files if files is not None else find_quiz_files(quizzes_dir)
        for path in paths:
            quiz_id = quiz_id_for(path, quizzes_dir)
            quiz, problems = self.load_file(path, quiz_id)
            id_problems = check_quiz_id(path, quiz_id)
            if id_problems:
                quiz, problems = None, problems + id_problems
            if quiz is not None and self.docs_dir is not None:
                # not cached: the pages a quiz links to change without the quiz file changing
                link_problems = (check_links(quiz, self.docs_dir, quizzes_dir)
                                 + check_text_links(quiz, self.docs_dir, quizzes_dir))
                problems = problems + link_problems
                if any(p.is_error for p in link_problems):
                    quiz = None
            catalog.paths[quiz_id] = path
            catalog.problems.extend(problems)
            if quiz is None:
                catalog.broken[quiz_id] = path
            else:
                catalog.quizzes[quiz_id] = quiz
        catalog.problems.sort(key=sort_key)
        return catalog
