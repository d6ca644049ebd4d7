"""Glue between generated pages and mkdocs-static-i18n (1.3.x), when the site uses it.

mkdocs-static-i18n builds each language separately and drops files it did not
make. So a generated page must carry the attributes it sets on its own files
(`locale`, `alternates`, ...), and be listed per language for its sitemap.
Without that plugin, every language is generated in one build: the source
language at the root and the others under ``<lang>/``. What this takes of
mkdocs-static-i18n's own state goes through internals.py; steering its builds
under `mkdocs serve` is in serve/.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, InclusionLevel
from mkdocs.structure.pages import Page

from ..model import layout
from . import internals
from .internals import i18n_plugin as plugin


def all_languages_built(config: MkDocsConfig) -> bool:
    """In `on_post_build`: whether this is the end of the site's build, every language done (with
    mkdocs-static-i18n, the source language's build, after it has built the others inside it)."""
    return not internals.building_other_languages(config)


def _src_uri(config: MkDocsConfig, language: str, source_language: str, markdown_path: str) -> str:
    if plugin(config) is not None:
        return f"{language}/{markdown_path}"  # the folder layout: docs/<lang>/...
    return markdown_path if language == source_language else f"{language}/{markdown_path}"


def _dest_uri(config: MkDocsConfig, language: str, source_language: str, markdown_path: str) -> str:
    prefix = "" if language == source_language else f"{language}/"
    return File(prefix + markdown_path, None, config.site_dir, config.use_directory_urls).dest_uri


def _stub(config: MkDocsConfig, language: str, source_language: str, markdown_path: str) -> File:
    """A page's version in another language: only its URL matters (switcher, hreflang, sitemap)."""
    return File(_src_uri(config, language, source_language, markdown_path), None, config.site_dir,
                config.use_directory_urls,
                dest_uri=_dest_uri(config, language, source_language, markdown_path))


def generated_page(config: MkDocsConfig, language: str, languages: tuple[str, ...], markdown_path: str,
                   content: str, available_in: tuple[str, ...], in_nav: bool = False) -> File:
    """A generated page in `language`, wired into mkdocs-static-i18n when the site uses it. A page not
    `in_nav` (every quiz: the index links them) is marked so, and MkDocs does not list it at every
    build among the pages "not included in the nav"."""
    source = languages[0]
    uri = _src_uri(config, language, source, markdown_path)
    inclusion = InclusionLevel.UNDEFINED if in_nav else InclusionLevel.NOT_IN_NAV
    file = File.generated(config, uri, content=content, inclusion=inclusion)
    file.dest_uri = _dest_uri(config, language, source, markdown_path)
    if plugin(config) is None:
        return file
    alternates = {lang: (file if lang == language else _stub(config, lang, source, markdown_path))
                  for lang in languages if lang in available_in}
    internals.list_generated_page(config, file, language, markdown_path, alternates)
    return file


def _alternate_entries(config: MkDocsConfig) -> list[dict] | None:
    entries = internals.language_switcher(config)
    return entries if isinstance(entries, list) else None


def point_missing_languages_at_index(page: Page, config: MkDocsConfig, languages: tuple[str, ...]) -> None:
    """On a quiz that lacks a language, its language switcher entry leads to that language's quiz
    index (where the quiz is marked as not translated), not to the home page."""
    alternates = internals.page_alternates(page)
    entries = _alternate_entries(config)
    if alternates is None or entries is None:
        return
    if layout.quiz_id_from_page(internals.page_path_in_language(page)) is None:
        return
    for entry in entries:
        lang = entry.get("lang")
        if lang in languages and lang not in alternates:
            entry["link"] = layout.page_url(layout.INDEX_MARKDOWN, lang, languages[0], config.use_directory_urls)


def absolute_alternates(config: MkDocsConfig, languages: tuple[str, ...], page: Page) -> list[dict[str, str]]:
    """``hreflang`` targets of `page` as absolute URLs, plus ``x-default`` (the source language): only the
    languages the page exists in, as the sitemap lists them, never the index a switcher falls back to."""
    entries = _alternate_entries(config)
    site_url = config.site_url or ""
    if entries is None or not site_url:
        return []
    exists_in = internals.page_alternates(page)
    parts = urlsplit(site_url)
    origin = f"{parts.scheme}://{parts.netloc}"
    result = []
    for entry in entries:
        if exists_in is not None and entry.get("lang") not in exists_in:
            continue
        link = entry.get("link", "")
        if "://" in link:
            href = link
        elif link.startswith("/"):
            href = origin + link
        else:
            href = site_url.rstrip("/") + "/" + link.lstrip("./")
        result.append({"lang": entry.get("lang", ""), "href": href})
    default = next((r for r in result if r["lang"] == languages[0]), None)
    if default:
        result.append({"lang": "x-default", "href": default["href"]})
    return result
