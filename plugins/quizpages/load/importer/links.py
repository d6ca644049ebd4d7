"""Links the source pages make, fitted to the site they are imported into and the quizzes the run makes.

A source page may climb more folders than its quiz page has (`../../../platform/helm.md`, written
beside a language folder): in the site that link leaves the docs folder, which `validate` and the
build refuse. When the same link with fewer `..` names a page of the site, the quiz links that page;
otherwise the link is kept as written. Either way the run says so, at the page's line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ...model import Quiz, Text, layout
from .findings import ImportWarning, import_warning
from .text import join


def fit_learning_link(quiz: Quiz, exists: Callable[[str], bool], path: str, line: int
                      ) -> tuple[Quiz, list[ImportWarning]]:
    """`quiz` with its learning link made to stay inside the docs folder when a page there fits it."""
    link = quiz.learning_material
    here = layout.markdown_path(quiz.id)
    target = layout.resolve_link(here, link) if link else None
    if target is None or not target.startswith("../"):
        return quiz, []
    rest = link
    while rest.startswith("../"):
        rest = rest[3:]
        candidate = layout.resolve_link(here, rest)
        if candidate is not None and not candidate.startswith("../") and exists(candidate):
            return replace(quiz, learning_material=rest), [import_warning(
                "link-outside", path, line, f"the learning link '{link}' leads out of the docs folder from "
                f"{here}; the quiz links '{rest}', the page of the site it names", "Check it is the right page")]
    return quiz, [import_warning("link-outside", path, line, f"the learning link '{link}' leads out of the docs "
                                 f"folder from {here}, and no page of the site fits it; kept as written",
                                 "Write the path relative to the quiz page, or link the page's https:// address")]


def next_target(quiz: Quiz) -> str | None:
    """The id of the quiz `quiz`'s next link leads to (None without a link, or for a link to no quiz page)."""
    if quiz.next is None:
        return None
    return layout.quiz_id_from_page(layout.resolve_link(layout.markdown_path(quiz.id), quiz.next.link))


def fit_next_link(quiz: Quiz, twins: dict[str, dict[str, str]], exists: Callable[[str], bool], path: str,
                  line: int) -> tuple[Quiz, list[ImportWarning]]:
    """`quiz` with its next link fitted to the quizzes there will be: a one-language quiz whose next quiz became
    one quiz per language (`twins`: id -> {language: its own quiz}) links that language's quiz; a link to a quiz
    that does not `exist` moves into the closing text, so nothing is lost and the file still validates."""
    if quiz.next is None:
        return quiz, []
    target = next_target(quiz)
    link = quiz.next.link
    own = twins.get(target, {}) if target is not None else {}
    if target is not None and len(quiz.languages) == 1 and quiz.languages[0] in own:
        base, _, anchor = link.partition("#")  # base ends in .md: it names the quiz page `target`
        fitted = base[: -len(".md")] + own[quiz.languages[0]][len(target):] + ".md" + (f"#{anchor}" if anchor else "")
        return replace(quiz, next=replace(quiz.next, link=fitted)), [import_warning(
            "next-link", path, line, f"the next quiz '{target}' was imported as one quiz per language; this "
            f"{quiz.languages[0]} quiz links its {quiz.languages[0]} quiz, '{fitted}'")]
    others = [lang for lang in quiz.languages if lang in own]
    if others:
        return quiz, [import_warning(
            "next-link", path, line, f"the next quiz '{target}' was imported as one quiz per language; the "
            f"{', '.join(others)} page links it where it has no {', '.join(others)} page",
            "`next:` is one link for every language; translate that quiz, or link the next quiz from the text")]
    if target is not None and target != quiz.id and exists(target):
        return quiz, []
    closing = {lang: join(quiz.closing.get(lang) if quiz.closing else None,
                          f"[{(quiz.next.title.get(lang) if quiz.next.title else None) or link}]({link})")
               for lang in quiz.languages}
    what = ("no quiz page" if target is None else "this quiz itself" if target == quiz.id
            else f"the quiz '{target}', which is not imported")
    return replace(quiz, next=None, closing=Text(by_language=closing, sources=quiz.closing.sources if quiz.closing
                                                 else {})), [import_warning(
        "next-link", path, line, f"the next-quiz link '{link}' leads to {what}; kept as a link in the closing text",
        "Import that quiz too and write `next:` again, or link another quiz")]
