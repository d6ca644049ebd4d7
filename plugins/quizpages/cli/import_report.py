"""The end of an import run: what was read and written, questions by kind, warnings by kind and by page.

Printed as aligned tables on stderr (the located messages themselves go to
stdout as they come), or, with ``--format json``, as one JSON document on
stdout with the same figures and every message, for scripts.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import TextIO

from ..load.importer import WARNING_KINDS, ImportWarning, Separate
from ..model.problems import display_path
from .import_staging import Planned


@dataclass
class ImportReport:
    cwd: str
    kinds: tuple[str, ...]  # the site's question kinds, in page order
    stream: bool = True  # print each message on stdout as it comes (text format)
    pages_read: int = 0
    without_quiz: list[str] = field(default_factory=list)
    written: list[str] = field(default_factory=list)
    questions: Counter = field(default_factory=Counter)
    warnings: list[ImportWarning] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    separate: list[Separate] = field(default_factory=list)  # pages that are not translations of each other
    not_written: list[dict] = field(default_factory=list)  # quizzes left out: their pages, file and reasons
    pages_left_out: list[dict] = field(default_factory=list)  # pages read into no quiz: the page and the reason

    def _say(self, line: str) -> None:
        if self.stream:
            print(line)

    def shown(self, path: str) -> str:
        return display_path(path, self.cwd)

    def note(self, line: str) -> None:
        self.notes.append(line)
        self._say(line)

    def error(self, line: str) -> None:
        self.errors.append(line)
        self._say(line)

    def no_quiz(self, path: str, reason: str) -> None:
        """A page that holds no quiz: skipped, and why."""
        self.without_quiz.append(self.shown(path))
        self.pages_left_out.append({"page": self.shown(path), "reason": reason})
        self._say(f"{self.shown(path)}: note: no quiz on this page ({reason}); skipped")

    def unreadable(self, path: str, reason: str, hint: str) -> None:
        """A page that could not be read: an error of the run, and a page left out."""
        self.pages_left_out.append({"page": self.shown(path), "reason": reason})
        self.error(f"{self.shown(path)}: error: {reason}; skipped ({hint})")

    def found(self, findings: list[ImportWarning]) -> None:
        self.warnings += findings
        for finding in findings:
            self._say(finding.problem.render(self.cwd))

    def left_out(self, plan: Planned) -> None:
        """A quiz whose file would not pass `quizpages validate`: not written, each reason an error of the run."""
        said = {id(problem) for problem in plan.blockers}
        reasons = []
        for problem in plan.errors:
            reason = problem.message + (f" ({problem.hint})" if problem.hint else "")
            if id(problem) in said:  # found on the page: where on the page
                where = f"{self.shown(problem.source.path)}:{problem.source.line}"
                reasons.append(f"{where}: {reason}")
                self.error(f"{where}: error: not imported: {self.shown(plan.out_file)} left out: {reason}")
            else:
                reasons.append(reason)
                self.error(f"{self.shown(plan.pages[0])}: error: not imported: {self.shown(plan.out_file)} would "
                           f"not pass `quizpages validate`: {reason}")
        self.not_written.append({"pages": [self.shown(p) for p in plan.pages], "file": self.shown(plan.out_file),
                                 "quiz": plan.quiz_id, "reasons": reasons})

    def validated(self, plan: Planned) -> None:
        """The warnings `quizpages validate` gives a file the run writes, as messages of the run."""
        self.found([ImportWarning("validate-warning", problem) for problem in plan.problems if not problem.is_error])

    def wrote(self, path: str, kinds: list[str]) -> None:
        self.written.append(self.shown(path))
        self.questions.update(kinds)
        self._say(f"wrote {self.shown(path)}")

    # -- the figures ----------------------------------------------------------------------

    def by_kind(self) -> dict[str, int]:
        names = list(self.kinds) + sorted(k for k in self.questions if k not in self.kinds)
        return {name: self.questions[name] for name in names}

    def warnings_by_kind(self) -> dict[str, int]:
        counts = Counter(w.kind for w in self.warnings)
        return {kind: counts[kind] for kind in WARNING_KINDS if counts[kind]}

    def pages_with_warnings(self) -> list[tuple[str, int, int]]:
        """(page, line of its first warning, warnings) for every page that produced a warning."""
        first: dict[str, int] = {}
        counts: Counter = Counter()
        for w in self.warnings:
            path = self.shown(w.problem.source.path)
            first[path] = min(first.get(path, w.problem.source.line), w.problem.source.line)
            counts[path] += 1
        return [(path, first[path], counts[path]) for path in sorted(first)]

    def data(self) -> dict:
        return {
            "pages_read": self.pages_read,
            "pages_without_quiz": self.without_quiz,
            "quizzes_written": len(self.written),
            "files_written": self.written,
            "questions": {"total": sum(self.questions.values()), "by_kind": self.by_kind()},
            "warnings": {"total": len(self.warnings), "by_kind": self.warnings_by_kind()},
            "pages_with_warnings": [{"path": p, "line": line, "warnings": n}
                                    for p, line, n in self.pages_with_warnings()],
            "messages": [{"path": self.shown(w.problem.source.path), "line": w.problem.source.line,
                          "column": w.problem.source.column, "severity": w.problem.severity, "kind": w.kind,
                          "message": w.problem.message, "hint": w.problem.hint} for w in self.warnings],
            "not_translations": [{"pages": [self.shown(p) for p in x.paths], "languages": list(x.languages),
                                  "quizzes": list(x.quiz_ids), "evidence": x.evidence} for x in self.separate],
            "left_out": self.not_written,
            "pages_left_out": self.pages_left_out,
            "notes": self.notes,
            "errors": self.errors,
        }

    def print_json(self, out: TextIO | None = None) -> None:
        out = out or sys.stdout  # looked up when called: a caller may have redirected it
        json.dump(self.data(), out, indent=2, ensure_ascii=False)
        out.write("\n")

    def print_tables(self, out: TextIO | None = None) -> None:
        out = out or sys.stderr
        sections = [
            ("Import report", "", [("Pages read", self.pages_read), ("Pages without a quiz", len(self.without_quiz)),
                                   ("Pages that are not translations", len(self.separate)),
                                   ("Quizzes written", len(self.written)),
                                   ("Quizzes left out", len(self.not_written)), ("Errors", len(self.errors))]),
            ("Questions by kind", "Questions", [*self.by_kind().items(), ("total", sum(self.questions.values()))]),
            ("Warnings by kind", "Warnings", [*((f"{kind}: {WARNING_KINDS[kind]}", n)
                                                for kind, n in self.warnings_by_kind().items()),
                                              ("total", len(self.warnings))]),
        ]
        pages = self.pages_with_warnings()
        if pages:
            sections.append(("Pages with warnings (file:line of the first)", "Warnings",
                             [(f"{path}:{line}", n) for path, line, n in pages]))
        width = max(max(len(title), *(len(str(label)) + 2 for label, _ in rows)) for title, _, rows in sections)
        for n, (title, heading, rows) in enumerate(sections):
            out.write(("\n" if n else "") + f"{title:<{width}}  {heading:>9}\n".rstrip() + "\n")
            for label, count in rows:
                out.write(f"  {label:<{width - 2}}  {count:>9}\n")
        if self.separate:
            out.write("\nPages that are not translations of each other: one quiz per language\n")
            for x in self.separate:
                out.write(f"  {self.shown(x.paths[1])}: not a translation of {self.shown(x.paths[0])}: {x.evidence}\n"
                          f"    -> {x.quiz_ids[0]} [{x.languages[0]}], {x.quiz_ids[1]} [{x.languages[1]}]\n")
        if self.pages_left_out:
            out.write("\nPages left out (no quiz imported from them)\n")
            out.write("".join(f"  {x['page']}: {x['reason']}\n" for x in self.pages_left_out))
        if self.not_written:
            out.write("\nQuizzes left out (a page without an answer to import, or a file that would not pass "
                      "`quizpages validate`)\n")
            for x in self.not_written:
                out.write(f"  {', '.join(x['pages'])} -> {x['file']}: not written\n")
                out.write("".join(f"    {reason}\n" for reason in x["reasons"]))
        left = f", {len(self.not_written)} left out" if self.not_written else ""
        out.write(f"\n{self.pages_read} page{'s' if self.pages_read != 1 else ''} read, {len(self.written)} "
                  f"quiz{'zes' if len(self.written) != 1 else ''} written{left}, {sum(self.questions.values())} "
                  f"question{'s' if sum(self.questions.values()) != 1 else ''} "
                  f"({', '.join(f'{n} {kind}' for kind, n in self.by_kind().items() if n) or 'none'}), "
                  f"{len(self.warnings)} warning{'s' if len(self.warnings) != 1 else ''}\n")


class Progress:
    """A line on stderr now and then while a long run goes on: every page on a terminal, rewritten in
    place; every `every` quizzes in a log when the run has at least `long` of them. Nothing for short runs."""

    def __init__(self, total: int, out: TextIO | None = None, every: int = 50, long: int = 100):
        out = out or sys.stderr
        self.total, self.out, self.every, self.done = total, out, every, 0
        self.live = out.isatty()
        self.logged = not self.live and total >= long

    def step(self) -> None:
        self.done += 1
        if self.live:
            self.out.write(f"\rimporting {self.done}/{self.total}")
            if self.done == self.total:
                self.out.write("\n")
            self.out.flush()
        elif self.logged and (self.done % self.every == 0 or self.done == self.total):
            self.out.write(f"imported {self.done}/{self.total} quizzes\n")
            self.out.flush()
