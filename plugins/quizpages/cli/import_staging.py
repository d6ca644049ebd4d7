"""The quiz files of an import run, checked with `quizpages validate`'s own checks before any is written.

Every planned file is written to a staging folder laid out like --out, beside copies of the
quiz files already there (links may lead to them), and that folder is checked as `quizpages
validate FOLDER` checks it. Problems come back located in the file as it will be written.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass, field, replace

from ..load import find_quiz_files
from ..load.importer import ImportResult
from ..model import Problem, Source
from ..model.layout import quiz_id_from_file
from ..site import QuizSite
from .validate import check_quiz_files


@dataclass
class Planned:
    """One quiz file the run means to write."""

    result: ImportResult
    out_file: str
    pages: tuple[str, ...]  # the source pages it is made of
    footer: Source  # where its first page's footer links are (else its first line)
    text: str = ""  # the file, as `dump_quiz` writes it
    problems: list[Problem] = field(default_factory=list)  # what `quizpages validate` says of it, at out_file

    @property
    def quiz_id(self) -> str:
        return self.result.quiz.id

    @property
    def blockers(self) -> list[Problem]:
        """What the importer found on the pages that no quiz file can carry (an empty answer block), at the page."""
        return [finding.problem for finding in self.result.findings if finding.problem.is_error]

    @property
    def errors(self) -> list[Problem]:
        return [*self.blockers, *(p for p in self.problems if p.is_error)]


def existing_quiz_ids(out: str) -> set[str]:
    """The quizzes already in the folder the run writes to (a run's quiz may link to one)."""
    if not os.path.isdir(out):
        return set()
    return {quiz_id_from_file(path, out) for path in find_quiz_files(out)}


def check_planned(site: QuizSite, out: str, plans: list[Planned], checked: list[Planned]) -> None:
    """Set the `problems` of each of `checked` to what `quizpages validate` reports for it, once every one of
    `plans` is written to --out (a subset of them is checked again after the run changed them)."""
    with tempfile.TemporaryDirectory(prefix="quizpages-import-") as staging:
        planned = {plan.quiz_id for plan in plans}
        if os.path.isdir(out):
            for path in find_quiz_files(out):
                if quiz_id_from_file(path, out) not in planned:
                    _stage(staging, os.path.relpath(path, out), copy_of=path)
        again = {id(plan) for plan in checked}
        files = {}
        for plan in plans:
            path = _stage(staging, os.path.join(*plan.quiz_id.split("/")) + ".yml", text=plan.text)
            if id(plan) in again:
                files[path] = plan
                plan.problems = []
        for problem in check_quiz_files(site, {staging: list(files)}):
            plan = files.get(problem.source.path)
            if plan is not None:
                plan.problems.append(replace(problem, source=problem.source._replace(path=plan.out_file)))


def _stage(staging: str, relative: str, text: str = "", copy_of: str | None = None) -> str:
    path = os.path.join(staging, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if copy_of is not None:
        shutil.copyfile(copy_of, path)
    else:
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    return path
