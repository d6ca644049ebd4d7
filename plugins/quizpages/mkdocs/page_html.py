"""Generated pages' HTML read back from the HtmlCache under `mkdocs serve` when nothing it depends on changed.

MkDocs' `Page.render` turns a page's Markdown into its HTML, table of contents,
title and anchors. That depends on the Markdown (after other plugins'
`on_page_markdown`), where the page lives (source path and URL), the Markdown
extensions, their settings and the versions of the packages that run them, and
the site's files (a link to another page becomes that page's URL). A key names
all of these. An extension that reads other files itself (`pymdownx.snippets`)
depends on more than the key says: with one configured, nothing is cached.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
from importlib import metadata

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import get_toc

from ..cache import HtmlCache

# Extensions that make HTML from the Markdown they are given and their settings, nothing else.
PURE_PACKAGES = ("markdown.extensions.", "pymdownx.", "material.extensions.")
READS_FILES = {"pymdownx.snippets", "pymdownx.b64"}
VERSIONS = ("mkdocs", "markdown", "pymdown-extensions", "mkdocs-material", "pygments")


def _digest(*parts: str) -> str:
    h = hashlib.blake2b(digest_size=20)
    for part in parts:
        data = part.encode()
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def markdown_inputs(config: MkDocsConfig) -> str | None:
    """What every page's HTML depends on besides its own Markdown and place and the site's files; None when
    the Markdown settings hold something this cannot name (then nothing is cached)."""
    names = []
    for extension in config.markdown_extensions:
        if not isinstance(extension, str):  # an Extension object a plugin added: its settings are unknown
            return None
        module = extension.split(":", 1)[0]
        module = module if "." in module else "markdown.extensions." + module  # as Python-Markdown finds it
        if not module.startswith(PURE_PACKAGES) or module in READS_FILES:
            return None
        names.append(extension)
    try:
        settings = _stable(config.mdx_configs)
    except TypeError:
        return None
    versions = {}
    for name in VERSIONS:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    # how links are resolved (`absolute_links: relative_to_docs`), and whether links to anchors are
    # recorded for MkDocs to check (not with --verbose)
    links = {name: dict(value) for name, value in dict(config.validation).items()}
    recorded = logging.getLogger("mkdocs.structure.pages").getEffectiveLevel() > logging.DEBUG
    return _digest(json.dumps([names, settings, versions, config.use_directory_urls, _stable(links), recorded]))


def _stable(value):
    """`value` as JSON data that is the same in every process (a function by its name, not its address)."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, dict):
        return [[str(k), _stable(v)] for k, v in sorted(value.items(), key=lambda item: str(item[0]))]
    if isinstance(value, (list, tuple)):
        return [_stable(v) for v in value]
    if isinstance(value, functools.partial):
        return {"partial": _stable(value.func), "args": _stable(value.args), "keywords": _stable(value.keywords)}
    name = getattr(value, "__qualname__", "")
    if callable(value) and name and "<" not in name:  # not a lambda or a local function
        return f"{value.__module__}.{name}"
    raise TypeError(f"cannot name {value!r}")


def files_key(files: Files) -> str:
    """The site's files and their URLs, which links in a page are resolved against."""
    return _digest(*sorted(f"{f.src_uri}\n{f.dest_uri}" for f in files))


def read_from(cache: HtmlCache, inputs: str, site_files: str, page: Page) -> None:
    """Make `page.render` take its HTML from `cache` when it was made from the same inputs, and keep
    what it makes otherwise. `inputs`: `markdown_inputs`; `site_files`: `files_key` of its build."""

    def render(config: MkDocsConfig, files: Files) -> None:
        uri = page.file.src_uri
        key = _digest(inputs, site_files, uri, page.file.dest_uri, page.markdown or "")
        entry = cache.get(uri, key)
        if entry is not None:
            try:
                _restore(page, entry, files)
                return
            except (KeyError, TypeError, ValueError):  # an entry this code did not write: make it again
                cache.forget(uri)
        Page.render(page, config, files)
        cache.put(uri, key, _entry(page))

    page.render = render  # this page only; MkDocs calls page.render(config, files)


def _entry(page: Page) -> dict:
    links = getattr(page, "links_to_anchors", None)
    return {
        "content": page.content,
        "toc": _tokens(page.toc),
        "title": page._title_from_render,
        "anchors": sorted(page.present_anchor_ids or ()),
        "links": None if links is None else {file.src_uri: dict(found) for file, found in links.items()},
    }


def _tokens(toc) -> list[dict]:
    return [{"level": a.level, "id": a.id, "name": a.title, "children": _tokens(a.children)} for a in toc]


def _restore(page: Page, entry: dict, files: Files) -> None:
    if not isinstance(entry["content"], str):
        raise TypeError("no content")
    links = entry["links"]
    if links is not None:
        targets = {files.get_file_from_path(uri): found for uri, found in links.items()}
        if None in targets:
            raise KeyError("a linked file is gone")
        page.links_to_anchors = targets
    page.content = entry["content"]
    page.toc = get_toc(entry["toc"])
    page._title_from_render = entry["title"]
    page.present_anchor_ids = set(entry["anchors"])
