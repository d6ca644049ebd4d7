"""A site's own quiz templates (`overrides/fragments/quizpages/`) that do not compile or fail to render.

Such a template is a located error (file and line), never a traceback, and the
pages are rendered with the built-in templates instead: a mistake in an
override never stops `mkdocs serve` or leaves a page out.
"""

from __future__ import annotations

import os
import traceback

import jinja2

from ..model import Problem, Source, error

HINT = "Fix the template; until then every quiz page uses the built-in templates"


def override_files(folders: list[str]) -> list[tuple[str, str]]:
    """(template name, path) of every template in the override folders, first folder winning."""
    found: dict[str, str] = {}
    for folder in folders:
        for root, _dirs, names in os.walk(folder):
            for name in sorted(names):
                if name.endswith(".j2"):
                    path = os.path.join(root, name)
                    found.setdefault(os.path.relpath(path, folder).replace(os.sep, "/"), path)
    return sorted(found.items())


def syntax_problems(env: jinja2.Environment, folders: list[str]) -> list[Problem]:
    """An error for each override template that does not compile."""
    problems = []
    for name, path in override_files(folders):
        try:
            env.get_template(name)
        except jinja2.TemplateSyntaxError as exc:
            problems.append(error(Source(path, exc.lineno or 1, 1),
                                  f"the quiz template {name} does not compile: {exc.message}", HINT))
    return problems


def render_problem(exc: Exception, folders: list[str]) -> Problem | None:
    """The error of an exception raised while an override template rendered, at the template's line;
    None when no override template was running (the fault is elsewhere, and is raised as it is)."""
    roots = tuple(os.path.abspath(folder) + os.sep for folder in folders)
    where = None
    for frame, line in traceback.walk_tb(exc.__traceback__):
        template = frame.f_globals.get("__jinja_template__")
        if template is not None and template.filename:  # compiled template code: map back to its line
            path, line = os.path.abspath(template.filename), template.get_corresponding_lineno(line)
        else:  # a frame jinja2 already rewrote to the template's own file and line
            path = os.path.abspath(frame.f_code.co_filename)
        if path.endswith(".j2") and path.startswith(roots):
            where = (path, line)  # the innermost override frame
    if where is None:
        return None
    name = os.path.basename(where[0])
    detail = exc.message if isinstance(exc, jinja2.TemplateError) and exc.message else f"{type(exc).__name__}: {exc}"
    return error(Source(where[0], where[1], 1), f"the quiz template {name} failed to render: {detail}", HINT)
