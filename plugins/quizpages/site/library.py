"""Every quiz of a site: found, loaded, checked, and kept between builds.

Made by QuizSite for the MkDocs plugin and the CLI alike. The cache is keyed by each file's
modification time and size, so a rebuild under `mkdocs serve` (and the second
language's build under mkdocs-static-i18n) re-reads only files that changed.
Given a `BuildCache`, a file whose bytes were loaded by an earlier build, even
in another process, is read back from it instead of being parsed again.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace

from ..cache import BuildCache
from ..check import load_quiz
from ..check.rendered_html import DEFAULT_EXTENSIONS, Extensions
from ..check.links import QuizLink, check_links, check_quiz_id, check_quiz_link_languages, check_text_links
from ..kinds import KINDS, Registry
from ..load.loader import find_other_files, find_quiz_files, read
from ..load.yamlsource import MAX_FILE_BYTES, read_capped
from ..model import Problem, Quiz, Source, error, warning
from ..model.layout import quiz_id_from_file
from ..model.problems import display_path, sort_key
from ..util.gc_pause import paused_gc


@dataclass(frozen=True, slots=True)
class LoadedFile:
    """One quiz file as the library last loaded it, kept until the file changes."""

    stamp: tuple[int, int]  # (st_mtime_ns, st_size) when it was read; (-1, -1) when it could not be
    quiz: Quiz | None  # None when it has errors
    problems: list[Problem]
    cache_key: str | None  # its build cache key, when the cache is used and the file was small enough


@dataclass
class Catalog:
    quizzes: dict[str, Quiz] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    broken: dict[str, str] = field(default_factory=dict)  # quiz id -> path, for files with errors
    paths: dict[str, str] = field(default_factory=dict)  # quiz id -> path, for every file
    keys: dict[str, str] = field(default_factory=dict)  # quiz id -> build cache key, when cached

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
                 docs_dir: str | None = None, cache: BuildCache | None = None, kinds: Registry = KINDS,
                 markdown_extensions: Extensions = DEFAULT_EXTENSIONS):
        self.languages = languages
        self.kinds = kinds
        self.allowed_html = allowed_html  # the site's extra safe tags (plugins.quizpages.allowed_html)
        self.markdown_extensions = markdown_extensions  # the site's, to check quiz text as they render it
        self.docs_dir = docs_dir  # where learning pages live; None skips the link checks
        self.cache = cache  # its inputs key must cover languages, allowed_html and the extensions: see QuizSite
        self._memo: dict[str, LoadedFile] = {}  # path -> the file as last loaded
        # path -> the quiz its link problems are of, those problems, and its text's links to other quizzes
        self._links: dict[str, tuple[Quiz, list[Problem], list[QuizLink]]] = {}
        self._partials: dict[str, tuple[object, Quiz | None]] = {}  # path -> (its memo stamp, the quiz as read)

    def load_file(self, path: str, quiz_id: str) -> LoadedFile:
        """The quiz file at `path` loaded (from memory while it is unchanged, else from the build cache or the
        file itself)."""
        try:
            stat = os.stat(path)
            stamp = (stat.st_mtime_ns, stat.st_size)
        except OSError:
            stamp = (-1, -1)
        memo = self._memo.get(path)
        if memo is not None and memo.stamp == stamp:
            if memo.cache_key is not None and self.cache is not None:
                self.cache.keep_quiz(memo.cache_key)
            return memo
        data, key = None, None
        if self.cache is not None:
            data = _read_small(path)
            if data is not None:
                key = self.cache.quiz_key(path, quiz_id, data)
                hit = self.cache.get_quiz(key, path)
                if hit is not None:
                    loaded = self._memo[path] = LoadedFile(stamp, *hit, key)
                    return loaded
        quiz, problems = load_quiz(path, quiz_id, self.languages, data, self.kinds, self.allowed_html,
                                   self.markdown_extensions)
        if key is not None:
            self.cache.put_quiz(key, path, quiz, problems)
        loaded = self._memo[path] = LoadedFile(stamp, quiz, problems, key)
        return loaded

    def forget(self) -> None:
        """Let go of every loaded quiz; the next load reads the files (or the build cache) again."""
        self._memo.clear()
        self._links.clear()
        self._partials.clear()

    def load(self, quizzes_dir: str, files: list[str] | None = None, same_pages: bool = False) -> Catalog:
        """Load every quiz under `quizzes_dir` (or just `files`, ids still relative to it). Other files
        in the folder are reported: they are never published. `same_pages`: no page was added or removed
        since the last load, so the link checks of an unchanged quiz still hold."""
        with paused_gc():
            catalog = self._load(quizzes_dir, find_quiz_files(quizzes_dir) if files is None else files, same_pages)
        if files is None:
            catalog.problems = sorted(catalog.problems + not_quizzes(find_other_files(quizzes_dir)), key=sort_key)
        return catalog

    def _partial(self, path: str, quiz_id: str) -> Quiz | None:
        """A quiz with errors as far as it could be read, so its links are checked in the same run as its
        other problems (one run reports every problem). Read again only when the file changed; broken
        files are few."""
        stamp = self._memo[path].stamp if path in self._memo else None
        known = self._partials.get(path)
        if known is not None and known[0] == stamp:
            return known[1]
        reading = read(path, quiz_id, self.languages, None, self.kinds)
        quiz = replace(reading.quiz, questions=reading.as_read) if reading.quiz is not None else None
        self._partials[path] = (stamp, quiz)
        return quiz

    def _link_problems(self, path: str, quiz: Quiz, quizzes_dir: str,
                       same_pages: bool) -> tuple[list[Problem], list[QuizLink]]:
        # not cached between builds: the pages a quiz links to change without the quiz file changing
        known = self._links.get(path)
        if same_pages and known is not None and known[0] is quiz:
            return known[1], known[2]
        quiz_links: list[QuizLink] = []
        problems = (check_links(quiz, self.docs_dir, quizzes_dir)
                    + check_text_links(quiz, self.docs_dir, quizzes_dir, quiz_links))
        self._links[path] = (quiz, problems, quiz_links)
        return problems, quiz_links

    def _load(self, quizzes_dir: str, paths: list[str], same_pages: bool) -> Catalog:
        catalog = Catalog()
        quiz_links: list[QuizLink] = []
        for path in paths:
            quiz_id = quiz_id_from_file(path, quizzes_dir)
            loaded = self.load_file(path, quiz_id)
            quiz, problems, key = loaded.quiz, loaded.problems, loaded.cache_key
            id_problems = check_quiz_id(path, quiz_id)
            if quiz_id in catalog.paths:
                first = display_path(catalog.paths[quiz_id], os.path.dirname(path))
                id_problems.append(error(Source(path), f"the quiz '{quiz_id}' is written twice, here and in {first}",
                                         "Keep one of the two files"))
            if id_problems:
                quiz, problems = None, problems + id_problems
            checked = quiz if quiz is not None else self._partial(path, quiz_id)
            if checked is not None and self.docs_dir is not None:
                link_problems, links = self._link_problems(path, checked, quizzes_dir, same_pages)
                quiz_links += links
                problems = problems + link_problems
                if any(p.is_error for p in link_problems):
                    quiz = None
            catalog.paths.setdefault(quiz_id, path)
            catalog.problems.extend(problems)
            if quiz is None:
                catalog.quizzes.pop(quiz_id, None)  # a second file of the same id breaks the first's page too
                catalog.broken[quiz_id] = path
            elif quiz_id not in catalog.broken:
                catalog.quizzes[quiz_id] = quiz
                if key is not None:
                    catalog.keys[quiz_id] = key
        # once every quiz is loaded: which languages the linked quizzes have (they change on their own)
        catalog.problems.extend(check_quiz_link_languages(quiz_links, catalog.quizzes))
        catalog.problems.sort(key=sort_key)
        return catalog


def not_quizzes(paths: list[str]) -> list[Problem]:
    """A warning for each file in a quizzes folder that is not a quiz: the build leaves it out of the site."""
    return [warning(Source(path), "this file is in the quizzes folder but is not a quiz, so it is not published",
                    "Quiz files end in .yml or .yaml; move other files out of the quizzes folder, e.g. "
                    "beside the learning pages") for path in paths]


def not_checked(paths: list[str]) -> list[Problem]:
    """A warning for each file that is not a quiz in a folder outside the quizzes folder (`quizpages validate
    staging/`): it was not checked, and nothing says it would be published."""
    return [warning(Source(path), "this file is not a quiz, so it was not checked",
                    "Quiz files end in .yml or .yaml; the site publishes only the quizzes under its quizzes "
                    "folder") for path in paths]


def _read_small(path: str) -> bytes | None:
    """The file's bytes for the cache key, or None when unreadable or too large: the loader then
    reads it itself and reports why."""
    try:
        data = read_capped(path)
    except OSError:
        return None
    return data if len(data) <= MAX_FILE_BYTES else None
