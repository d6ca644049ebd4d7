"""Links written in a quiz, made to work from an LMS: absolute URLs of the published site.

Authors write links relative to the quiz page (`../../ai-ml/kubeflow-trainer.md`); from an LMS they
lead nowhere. With the site's `site_url`, each becomes the absolute URL of the page (or file) in the
export's language; without it, the link stays as written and the export says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urljoin

from ..model import layout

# Markdown links and images, `[text](target)`, and HTML attributes that hold a URL
_LINKS = re.compile(r'(?P<md>\]\()(?P<md_target><[^>\n]*>|[^)\s]+)|(?P<attr>\s(?:href|src)=")(?P<attr_target>[^"]*)"')


@dataclass(frozen=True)
class SiteAddress:
    """Where the site is published: its `site_url` (None when unknown) and how it lays out pages."""

    site_url: str | None
    source_language: str
    directory_urls: bool = True


@dataclass
class Links:
    """Rewrites the links of one quiz's texts in one language, and remembers those it could not."""

    address: SiteAddress
    quiz_id: str
    language: str
    unresolved: list[str] = field(default_factory=list)

    def absolute(self, link: str) -> str | None:
        """The absolute URL of `link`, or None when it needs none (a URL, an anchor) or cannot have one."""
        target = link.strip("<>")
        if not target or target.startswith(("#", "mailto:", "data:")) or "://" in target:
            return None
        site = self.address.site_url
        if not site:
            self.unresolved.append(target)
            return None
        site = site if site.endswith("/") else site + "/"
        if target.startswith("/"):
            return urljoin(site, target)
        path, _, anchor = target.partition("#")
        resolved = layout.resolve_link(layout.markdown_path(self.quiz_id), path)
        if resolved is None or resolved.startswith(".."):
            self.unresolved.append(target)
            return None
        if resolved.endswith(".md"):
            url = layout.page_url(resolved, self.language, self.address.source_language, self.address.directory_urls)
        else:  # a file beside the pages: in its language's folder, as pages are
            url = resolved if self.language == self.address.source_language else f"{self.language}/{resolved}"
        return site + url + (f"#{anchor}" if anchor else "")

    def __call__(self, text: str | None) -> str | None:
        if not text:
            return text

        def replace(match: re.Match) -> str:
            if match.group("md"):
                found = self.absolute(match.group("md_target"))
                return match.group(0) if found is None else f"]({found}"
            found = self.absolute(match.group("attr_target"))
            return match.group(0) if found is None else f'{match.group("attr")}{found}"'

        return _LINKS.sub(replace, text)
