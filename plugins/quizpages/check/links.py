"""Links a quiz makes to other pages: the learning page and the next quiz must exist, inside the docs.

Links are relative to the quiz page's Markdown path, ``quizzes/<id>.md``, as
if it lived in each language's tree. Learning pages are Markdown files under
the docs folder: ``<docs_dir>/<lang>/...`` when the site keeps one folder per
language (mkdocs-static-i18n's folder layout), else ``<docs_dir>/...``. A
relative link that climbs out of the docs folder is an error, as it is for the
build: it names no page of this site (another site is linked with its URL).
"""

from __future__ import annotations

import os
import posixpath
from dataclasses import dataclass

from ..model import Problem, Quiz, Source, error, warning
from ..model import layout
from ..model.problems import display_path
from .html_policy import MARKDOWN_LINK, is_bad_url, strip_code

_SAFE_HINT = "Link to an http(s) address or a page of the site"


def page_exists(docs_dir: str, markdown: str, language: str, languages: tuple[str, ...] = ()) -> bool:
    """Whether the Markdown page exists for `language` (folder layout) or for every language."""
    return os.path.isfile(page_file(docs_dir, markdown, language, languages))


def page_file(docs_dir: str, markdown: str, language: str, languages: tuple[str, ...] = ()) -> str:
    """Where the Markdown page of `language` is (or would be) written: in its language's folder when the docs
    keep one folder per language (that of `language`, or of one of `languages`, exists: a new language's
    folder may not be made yet), else at the docs folder's root."""
    language_dir = os.path.join(docs_dir, language)
    folders = os.path.isdir(language_dir) or any(os.path.isdir(os.path.join(docs_dir, other)) for other in languages)
    base = language_dir if folders else docs_dir
    return os.path.join(base, *markdown.split("/"))


def quiz_file_exists(quizzes_dir: str, quiz_id: str) -> bool:
    return any(os.path.isfile(path) for path in layout.quiz_files(quizzes_dir, quiz_id))


def _folders(here: str) -> str:
    depth = here.count("/")
    return "one folder" if depth == 1 else f"{depth} folders"


def _outside_hint(here: str, link: str, exists) -> str:
    """How to write a link that climbs out of the docs folder: the same link with fewer `..`, when
    that names a page, else the rule."""
    rest = link
    while rest.startswith("../"):
        rest = rest[3:]
        candidate = layout.resolve_link(here, rest)
        if candidate is not None and not candidate.startswith("../") and exists(candidate):
            return f"Write `{rest}`: links are relative to {here}, {_folders(here)} below the docs folder"
    return (f"Links are relative to {here}, {_folders(here)} below the docs folder; "
            "link another site with its https:// address")


def check_links(quiz: Quiz, docs_dir: str, quizzes_dir: str) -> list[Problem]:
    """Errors for a learning page or next quiz that does not exist, or an unsafe link."""
    problems: list[Problem] = []
    here = layout.markdown_path(quiz.id)
    where = quiz.field_sources.get("learning_material", quiz.source) or Source("")
    link = quiz.learning_material
    if link and is_bad_url(link):
        problems.append(error(where, f"learning_material: the link '{link}' is not allowed", _SAFE_HINT))
    elif link:
        target = layout.resolve_link(here, link)
        if target is not None and target.startswith("../"):
            problems.append(error(where, f"learning_material: the link '{link}' leads out of the docs folder",
                                  _outside_hint(here, link, lambda t: page_exists(docs_dir, t, quiz.languages[0]))))
        elif target is not None:
            missing = [lang for lang in quiz.languages if not page_exists(docs_dir, target, lang, quiz.languages)]
            if missing and len(missing) < len(quiz.languages):  # the path is right: a language's page is not
                files = ", ".join(display_path(page_file(docs_dir, target, lang, quiz.languages),
                                               os.path.dirname(docs_dir)) for lang in missing)
                problems.append(error(
                    where, f"learning_material: the page '{link}' does not exist in {', '.join(missing)}",
                    f"Write {files}, or leave {', '.join(missing)} out of the quiz's `languages:` until it exists"))
            elif missing:
                problems.append(error(
                    where, f"learning_material: the page '{link}' does not exist",
                    f"It resolves to '{target}' from quizzes/{quiz.id}.md; write the path relative to the quiz page"))
    if quiz.next is not None and quiz.next.link:
        problems += _check_next(quiz, here, quizzes_dir)
    return problems


def _check_next(quiz: Quiz, here: str, quizzes_dir: str) -> list[Problem]:
    where = quiz.next.source or quiz.source or Source("")  # type: ignore[union-attr]
    link = quiz.next.link  # type: ignore[union-attr]
    if is_bad_url(link):
        return [error(where, f"next: the link '{link}' is not allowed", _SAFE_HINT)]
    target = layout.resolve_link(here, link)
    if target is not None and target.startswith("../"):
        return [error(where, f"next: the link '{link}' leads out of the docs folder",
                      _outside_hint(here, link, lambda t: layout.quiz_id_from_page(t) is not None
                                    and quiz_file_exists(quizzes_dir, layout.quiz_id_from_page(t))))]
    quiz_id = layout.quiz_id_from_page(target)
    if target is not None and quiz_id is None:
        return [error(where, f"next: the link '{link}' leads to {target}, which is not a quiz",
                      "Link the next quiz's page (./other-quiz.md, relative to this quiz's page); a learning "
                      "page goes in `learning_material:`")]
    if quiz_id == quiz.id:
        return [error(where, f"next: the link '{link}' leads back to this quiz",
                      "Link the quiz that comes after this one, or remove `next:`")]
    if quiz_id is not None and not quiz_file_exists(quizzes_dir, quiz_id):
        return [error(where, f"next: the quiz '{link}' does not exist",
                      f"It resolves to quizzes/{quiz_id}.yml; write the path relative to the quiz page")]
    return []


@dataclass(frozen=True)
class QuizLink:
    """A link in quiz text to another quiz's page, in the languages of the text it is in."""

    where: Source
    label: str
    languages: tuple[str, ...]
    link: str
    quiz_id: str


def check_text_links(quiz: Quiz, docs_dir: str, quizzes_dir: str,
                     quiz_links: list[QuizLink] | None = None) -> list[Problem]:
    """A warning, at the text's line, for a link in quiz text to a Markdown page that does not exist.

    The build leaves these links alone, so this is the one report of them, naming the quiz file.
    Only relative links to ``.md`` pages are checked. Links to quizzes that exist are added to
    `quiz_links`: whether the quiz has a page in the text's language is known once every quiz is
    loaded (`check_quiz_link_languages`).
    """
    problems: list[Problem] = []
    here = layout.markdown_path(quiz.id)
    for slot in quiz.texts():
        if slot.verbatim:  # never read as Markdown: no link in it
            continue
        for language, value in slot.text.items():
            if "](" not in value:
                continue
            for link in MARKDOWN_LINK.findall(strip_code(value)):
                problem = _text_link_problem(quiz, here, slot, language, link, docs_dir, quizzes_dir, quiz_links)
                if problem:
                    problems.append(problem)
    return problems


def _file_exists(docs_dir: str, target: str, language: str) -> bool:
    """A file a page links (an image, a download): in the language's folder, or shared at the docs root."""
    return os.path.isfile(page_file(docs_dir, target, language)) or os.path.isfile(
        os.path.join(docs_dir, *target.split("/")))


def _text_link_problem(quiz: Quiz, here: str, slot, language: str | None, link: str, docs_dir: str,
                       quizzes_dir: str, quiz_links: list[QuizLink] | None) -> Problem | None:
    if link.startswith("/") and not link.startswith("//"):
        # the site's root is not the domain's under a project site's sub-path (user.github.io/project/)
        return warning(slot.text.where(language) or slot.fallback or Source(""),
                       f"{slot.label}: the link '{link}' starts at the root of the domain, which is not the "
                       "site's root when it is published under a sub-path (GitHub Pages project sites)",
                       f"Write the link relative to the quiz page, to the Markdown file (from quizzes/{quiz.id}.md)")
    target = layout.resolve_link(here, link)
    extension = posixpath.splitext(target)[1] if target is not None else ""
    if target is None or not extension:
        return None
    if extension != ".md":
        return _file_link_problem(quiz, here, slot, language, link, target, docs_dir)
    where = slot.text.where(language) or slot.fallback or Source("")
    in_languages = slot.languages if language is None else (language,)
    if target.startswith("../"):
        return warning(where, f"{slot.label}: the link '{link}' leads out of the docs folder",
                       _outside_hint(here, link, lambda t: page_exists(docs_dir, t, in_languages[0])))
    quiz_id = layout.quiz_id_from_page(target)
    if quiz_id is not None:
        missing = [] if quiz_file_exists(quizzes_dir, quiz_id) else list(in_languages)
        if not missing and quiz_links is not None:
            quiz_links.append(QuizLink(where, slot.label, tuple(in_languages), link, quiz_id))
    else:
        missing = [lang for lang in in_languages if not page_exists(docs_dir, target, lang)]
    if not missing:
        return None
    some = language is None and len(missing) < len(in_languages)
    return warning(where, f"{slot.label}: the link '{link}' leads to no page" + (f" in {', '.join(missing)}" if some else ""),
                   f"It resolves to '{target}' from quizzes/{quiz.id}.md; write the path relative to the quiz page")


def _file_link_problem(quiz: Quiz, here: str, slot, language: str | None, link: str, target: str,
                       docs_dir: str) -> Problem | None:
    """A link in quiz text to a file (an image, a download) that the build would not find."""
    where = slot.text.where(language) or slot.fallback or Source("")
    in_languages = slot.languages if language is None else (language,)
    if target.startswith("../"):
        return warning(where, f"{slot.label}: the link '{link}' leads out of the docs folder",
                       _outside_hint(here, link, lambda t: _file_exists(docs_dir, t, in_languages[0])))
    if layout.is_quiz_file(target) and target.startswith(layout.QUIZZES + "/"):  # found, but never published
        return warning(where, f"{slot.label}: the link '{link}' names a quiz file, which is not published",
                       f"Link the quiz's page: {posixpath.splitext(link)[0]}.md")
    if all(_file_exists(docs_dir, target, lang) for lang in in_languages):
        return None
    return warning(where, f"{slot.label}: the link '{link}' leads to no file",
                   f"It resolves to '{target}' from quizzes/{quiz.id}.md; put the file there (in each language's "
                   "folder, or at the docs folder's root) or write the path relative to the quiz page")


def check_quiz_link_languages(links: list[QuizLink], quizzes: dict[str, Quiz]) -> list[Problem]:
    """A warning for a link in a language's text to a quiz that has no page in that language: that page
    would link a page the build does not make. A quiz with errors is left out (its errors say why)."""
    problems = []
    for found in links:
        target = quizzes.get(found.quiz_id)
        missing = [lang for lang in found.languages if target is not None and lang not in target.languages]
        if missing:
            names = ", ".join(missing)
            problems.append(warning(
                found.where, f"{found.label}: the link '{found.link}' leads to the quiz '{found.quiz_id}', "
                             f"which has no {names} page",
                f"Translate that quiz into {names}, or leave the link out of the {names} text"))
    return problems


def check_quiz_id(path: str, quiz_id: str) -> list[Problem]:
    """A quiz's id (its path) becomes its page address and link text: the same rule as `quizpages new`."""
    reason = layout.quiz_id_problem(quiz_id)
    if reason is None:
        return []
    return [error(Source(path), f"the quiz's file name '{quiz_id}' cannot be a page address: {reason}",
                  f"Rename the file, e.g. "
                  f"{layout.suggest_quiz_id(quiz_id)}{os.path.splitext(path)[1] or layout.QUIZ_SUFFIX}")]
