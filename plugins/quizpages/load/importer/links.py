"""Links the source pages make that leave the docs folder, fitted to the site they are imported into.

A source page may climb more folders than its quiz page has (`../../../platform/helm.md`, written
beside a language folder): in the site that link leaves the docs folder, which `validate` and the
build refuse. When the same link with fewer `..` names a page of the site, the quiz links that page;
otherwise the link is kept as written. Either way the run says so, at the page's line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ...model import Quiz, layout
from .findings import ImportWarning, import_warning


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
