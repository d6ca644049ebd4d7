"""What each language's MkDocs build leaves behind under `mkdocs serve`, and rendering its pages again.

A build gathers every file, the navigation and the theme's template environment
before it renders a page. Kept after the build, they are all a page needs to be
rendered again later, exactly as the build rendered it: the same MkDocs steps
and plugin events (`on_page_markdown` ... `on_post_page`), the same navigation
and neighbours. mkdocs-static-i18n makes one such build per language.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import jinja2
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from ...site.generated_pages import GeneratedPage
from ...site.page_changes import PageId
from .. import internals


@dataclass
class LanguageBuild:
    """One language's build (every language's, without mkdocs-static-i18n), as it finished."""

    language: str | None  # mkdocs-static-i18n's language; None when one build has them all
    files: Files
    generated: dict[PageId, tuple[GeneratedPage, File]] = field(default_factory=dict)
    nav: Navigation | None = None
    env: jinja2.Environment | None = None
    finished: bool = False  # the build reached on_post_build

    def page_of(self, abs_src_path: str) -> Page | None:
        """The page this build made from the Markdown file at `abs_src_path`, if any."""
        file = next((f for f in self.files.documentation_pages() if f.abs_src_path == abs_src_path), None)
        return file.page if file is not None else None

    def in_nav(self, page: Page) -> bool:
        return self.nav is not None and any(p is page for p in self.nav.pages)


def render_again(config: MkDocsConfig, build: LanguageBuild, pages: list[Page]) -> bool:
    """Render `pages` of `build` again and write their HTML; `config` must be set up for its language.

    False, with nothing written, when one of them is in the navigation and its title changed: every
    page shows that title in its navigation, so only a full build is right then."""
    for page in pages:
        title = page.title
        internals.populate_page(page, config, build.files)
        if page.title != title and build.in_nav(page):
            return False
    doc_files = build.files.documentation_pages(inclusion=InclusionLevel.is_in_serve)
    for page in pages:
        internals.build_page(page, config, doc_files, build.nav, build.env, page.file.inclusion.is_excluded())
    for page in pages:
        page.validate_anchor_links(files=build.files, log_level=config.validation.links.anchors)
    return True
