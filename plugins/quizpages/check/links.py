"""Links a quiz makes to other pages: the learning page and the next quiz must exist.

Links are relative to the quiz page's Markdown path, ``quizzes/<id>.md``, as
if it lived in each language's tree. Learning pages are Markdown files under
the docs folder: ``<docs_dir>/<lang>/...`` when the site keeps one folder per
language (mkdocs-static-i18n's folder layout), else ``<docs_dir>/...``.
"""

from __future__ import annotations

import os
import re

from ..model import Problem, Quiz, Source, error, warning
from ..model import layout as paths
from .html_policy import MARKDOWN_LINK, is_bad_url, strip_code

_SAFE_HINT = "Link to an http(s) address or a page of the site"


def page_exists(docs_dir: str, markdown: str, language: str) -> bool:
    """Whether the Markdown page exists for `language` (folder layout) or for every language."""
    language_dir = os.path.join(docs_dir, language)
    base = language_dir if os.path.isdir(language_dir) else docs_dir
    return os.path.isfile(os.path.join(base, *markdown.split("/")))


def quiz_file_exists(quizzes_dir: str, quiz_id: str) -> bool:
    return os.path.isfile(paths.quiz_file(quizzes_dir, quiz_id))


def check_links(quiz: Quiz, docs_dir: str, quizzes_dir: str) -> list[Problem]:
    """Errors for a learning page or next quiz that does not exist, or an unsafe link."""
    problems: list[Problem] = []
    here = paths.markdown_path(quiz.id)
    where = quiz.field_sources.get("learning_material", quiz.source) or Source("")
    link = quiz.learning_material
    if link and is_bad_url(link):
        problems.append(error(where, f"learning_material: the link '{link}' is not allowed", _SAFE_HINT))
    elif link:
        target = paths.resolve_link(here, link)
        # A link above the site root leaves this site (a project site under a sub-path can link to
        # its parent), so only pages inside the docs folder can be checked.
        if target is not None and not target.startswith("../"):
            missing = [lang for lang in quiz.languages if not page_exists(docs_dir, target, lang)]
            if missing:
                problems.append(error(
                    where,
                    f"learning_material: the page '{link}' does not exist"
                    + (f" in {', '.join(missing)}" if len(missing) < len(quiz.languages) else ""),
                    f"It resolves to '{target}' from quizzes/{quiz.id}.md; "
                    "write the path relative to the quiz page",
                ))
    if quiz.next is not None and quiz.next.link:
        where = quiz.next.source or quiz.source or Source("")
        link = quiz.next.link
        if is_bad_url(link):
            problems.append(error(where, f"next: the link '{link}' is not allowed", _SAFE_HINT))
        else:
            target = paths.resolve_link(here, link)
            quiz_id = paths.quiz_id_from_page(target)
            if quiz_id is not None and not quiz_file_exists(quizzes_dir, quiz_id):
                problems.append(error(
                    where, f"next: the quiz '{link}' does not exist",
                    f"It resolves to quizzes/{quiz_id}.yml; write the path relative to the quiz page",
                ))
    return problems


def check_text_links(quiz: Quiz, docs_dir: str, quizzes_dir: str) -> list[Problem]:
    """A warning, at the text's line, for a link in quiz text to a Markdown page that does not exist.

    MkDocs would report it too, but against the generated page; this names the quiz file.
    Only relative links to ``.md`` pages inside the docs folder are checked.
    """
    problems: list[Problem] = []
    here = paths.markdown_path(quiz.id)
    for slot in quiz.texts():
        what, text, languages, fallback = slot.label, slot.text, slot.languages, slot.fallback
        for language, value in text.items():
            if "](" not in value:
                continue
            for link in MARKDOWN_LINK.findall(strip_code(value)):
                target = paths.resolve_link(here, link)
                if target is None or target.startswith("../") or not target.endswith(".md"):
                    continue
                quiz_id = paths.quiz_id_from_page(target)
                in_languages = languages if language is None else (language,)
                if quiz_id is not None:
                    missing = [] if quiz_file_exists(quizzes_dir, quiz_id) else list(in_languages)
                else:
                    missing = [lang for lang in in_languages if not page_exists(docs_dir, target, lang)]
                if missing:
                    where = (text.where(language) if language else text.source) or fallback or Source("")
                    problems.append(warning(
                        where,
                        f"{what}: the link '{link}' leads to no page"
                        + (f" in {', '.join(missing)}" if language is None and len(missing) < len(in_languages) else ""),
                        f"It resolves to '{target}' from quizzes/{quiz.id}.md; write the path relative to the quiz page",
                    ))
    return problems


_SAFE_ID = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._-]*(/[A-Za-z0-9_][A-Za-z0-9._-]*)*")


def check_quiz_id(path: str, quiz_id: str) -> list[Problem]:
    """A quiz's id (its path) becomes its page address and link text; keep it to safe characters."""
    if _SAFE_ID.fullmatch(quiz_id):
        return []
    suggestion = re.sub(r"[^a-z0-9/]+", "-", quiz_id.lower()).strip("-/") or "quiz"
    return [error(Source(path), f"the quiz's file name '{quiz_id}' cannot be a page address",
                  f"Rename the file to letters, digits, '-', '_' and '.' only, e.g. {suggestion}.yml")]
