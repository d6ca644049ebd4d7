"""Glue between generated pages and mkdocs-static-i18n (1.3.x), when the site uses it.

mkdocs-static-i18n builds each language separately and drops files it did not
make. So a generated page must carry the attributes it sets on its own files
(`locale`, `alternates`, ...), and be listed per language for its sitemap.
Without that plugin, every language is generated in one build: the source
language at the root and the others under ``<lang>/``.

Under `mkdocs serve`, the plugin also steers its per-language builds: it holds
the other languages back until the server answers, and sets the config up for
one language again to render a page of it between builds.
"""

from __future__ import annotations

import logging
from urllib.parse import urlsplit

from mkdocs import utils as mkdocs_utils
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, InclusionLevel
from mkdocs.structure.pages import Page

from ..model import layout


# MkDocs' own, taken before any build: mkdocs-static-i18n replaces it with a no-op for its loop over the
# languages and puts it back only when the loop ends well (see `restore_site_cleaning`).
_CLEAN_DIRECTORY = mkdocs_utils.clean_directory


def restore_site_cleaning() -> None:
    """At the start of a site build: let MkDocs clean the site folder again. After a language build that
    failed (under `serve`, a save with an error), mkdocs-static-i18n leaves cleaning off for good, and pages
    of removed quizzes or learning pages would stay served until the server restarts."""
    mkdocs_utils.clean_directory = _CLEAN_DIRECTORY


def plugin(config: MkDocsConfig):
    return config.plugins.get("i18n")


def current_language(config: MkDocsConfig) -> str | None:
    """The language mkdocs-static-i18n is building now, or None without that plugin."""
    i18n = plugin(config)
    return getattr(i18n, "current_language", None) if i18n else None


def all_languages_built(config: MkDocsConfig) -> bool:
    """In `on_post_build`: whether this is the end of the site's build, every language done (with
    mkdocs-static-i18n, the source language's build, after it has built the others inside it)."""
    i18n = plugin(config)
    return i18n is None or not getattr(i18n, "building", False)


def build_languages(config: MkDocsConfig) -> tuple[str | None, ...]:
    """The languages mkdocs-static-i18n builds one after the other, or (None,): one build of them all."""
    i18n = plugin(config)
    return tuple(i18n.build_languages) if i18n else (None,)


def defer_other_languages(config: MkDocsConfig) -> tuple[str, ...]:
    """At the end of the first language's build: make mkdocs-static-i18n skip building the other languages
    now (it builds them from its `on_post_build`, unless it is building already); returns them."""
    i18n = plugin(config)
    if i18n is None:
        return ()
    others = tuple(lang for lang in i18n.build_languages if lang != i18n.current_language)
    if others:
        i18n.building = True
    return others


def build_other_languages(config: MkDocsConfig) -> None:
    """Build the languages `defer_other_languages` held back, with mkdocs-static-i18n's own loop, which also
    merges every language's search entries into the index and writes it."""
    i18n = plugin(config)
    i18n.building = False
    i18n.search_entries.clear()  # its loop collects the first language's entries again
    try:
        i18n.on_post_build(config)
    finally:  # it turns the site folder's cleaning off for its loop, and on again only if the loop ends well
        restore_site_cleaning()
        i18n.building = False


def switch_language(config: MkDocsConfig, language: str | None) -> None:
    """Set `config` up for `language` again, as mkdocs-static-i18n does before each language's build (its
    theme language, language switcher and per-language overrides), to render one page of that language
    between builds. Nothing to do without that plugin, whose one build has every language."""
    i18n = plugin(config)
    if i18n is None or language is None or language == i18n.current_language:
        return
    i18n.current_language = language
    logger = logging.getLogger("mkdocs.plugins.mkdocs_static_i18n")
    level = logger.level
    logger.setLevel(logging.WARNING)  # its "Building 'ko' documentation" would be untrue here
    try:
        i18n.on_config(config)
    finally:
        logger.setLevel(level)
    # it adds its sitemap template folder each time: keep the theme's folders as one build leaves them
    config.theme.dirs[:] = list(dict.fromkeys(config.theme.dirs))


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
    i18n = plugin(config)
    if i18n is None:
        return file
    file.locale = language
    file.localization = language
    file.locale_alternate_of = language
    file.norm_src_uri = markdown_path
    file.alternates = {
        lang: (file if lang == language else _stub(config, lang, source, markdown_path))
        for lang in languages if lang in available_in
    }
    i18n.i18n_files_per_language.setdefault(language, []).append(file)
    return file


def _alternate_entries(config: MkDocsConfig) -> list[dict] | None:
    # mkdocs-static-i18n sets `config.extra.alternate` as an attribute, per page; templates read that.
    entries = getattr(config.extra, "alternate", None)
    return entries if isinstance(entries, list) else None


def point_missing_languages_at_index(page: Page, config: MkDocsConfig, languages: tuple[str, ...]) -> None:
    """On a quiz that lacks a language, its language switcher entry leads to that language's quiz
    index (where the quiz is marked as not translated), not to the home page."""
    alternates = getattr(page.file, "alternates", None)
    entries = _alternate_entries(config)
    if alternates is None or entries is None:
        return
    if layout.quiz_id_from_page(getattr(page.file, "norm_src_uri", None)) is None:
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
    exists_in = getattr(page.file, "alternates", None)
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
