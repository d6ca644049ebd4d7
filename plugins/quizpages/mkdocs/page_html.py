"""Generated pages' HTML read back from the HtmlCache when nothing it depends on changed, in builds and `serve`.

MkDocs' `Page.render` turns a page's Markdown into its HTML, table of contents,
title and anchors. That depends on the Markdown (after other plugins'
`on_page_markdown`), where the page lives (source path and URL), the Markdown
extensions, their settings and the versions of the packages that run them, and
the site's files (a link to another page becomes that page's URL). A key names
all of these. An extension that reads other files itself (`pymdownx.snippets`)
depends on more than the key says: with one configured, nothing is cached.

A build keeps the HTML of its pages for the next build or server, and takes it
from the last one's: `mkdocs serve` after `mkdocs build` converts no unchanged
quiz page again, nor does a build after a build.

Indexing a page for Material's search (its HTML parsed into sections) costs as
much as rendering its template. The entries depend on the page's HTML, URL,
table of contents, title and metadata only, so they are kept the same way: a
page whose entries are kept is not indexed again (its `search: exclude` set for
the search plugin's turn only), and its kept entries are added where the plugin
would have added them.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import json
import logging
import os
from collections.abc import Callable
from importlib import metadata

import jinja2
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import get_toc

from ..cache import HtmlCache
from . import internals

log = get_plugin_logger(__name__)

SEARCH_FILE = "search.jsonl"  # beside the HTML: the pages' search entries
HAS_JIEBA = importlib.util.find_spec("jieba") is not None  # with it, Material splits Chinese words in entries
_NOT_SET = object()

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


def keep_compiled_templates(env: jinja2.Environment, folder: str) -> None:
    """Keep the theme's templates compiled in `folder`, for the next language's build, server or build: Jinja
    compiles each template again for each environment (each language's build makes one): with Material, 0.23 s
    of CPU time in a 2.6 s build of 250 quizzes in two languages (benchmarks' site), half of it before `serve`'s
    first page. Jinja's own cache, keyed by each
    template's name and source: an edited template is compiled again."""
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:  # a cache folder that cannot be made: templates are compiled as without it
        return
    env.bytecode_cache = jinja2.FileSystemBytecodeCache(folder)


class PageHtml:
    """The HTML cache of one site as its builds use it: which cache, and the key of each build's files."""

    def __init__(self) -> None:
        self.cache: HtmlCache | None = None
        self.search: HtmlCache | None = None  # the pages' entries in Material's search index
        self._inputs: str | None = None
        self._files: tuple[Files, str] | None = None  # the files of the build running, and their `files_key`
        self._indexing: tuple | None = None  # the page the search plugin is indexing (see search_starting)

    def build_started(self, config: MkDocsConfig, cache_dir: str | None) -> None:
        """A build of the site begins (of its first language, under mkdocs-static-i18n): with `cache_dir`, the
        cache there for the Markdown settings of `config`; without, none."""
        # without the rendered title MkDocs keeps (a newer MkDocs), a page could not be restored as rendered
        usable = cache_dir is not None and internals.keeps_rendered_title()
        self._inputs = markdown_inputs(config) if usable else None
        if self._inputs is None:
            self.cache = self.search = None
        elif self.cache is None or self.cache.inputs != self._inputs or self.cache.root != cache_dir:
            self.cache = HtmlCache(cache_dir, self._inputs)
            self.search = HtmlCache(cache_dir, self._inputs, SEARCH_FILE)

    def page_starting(self, page: Page, files: Files) -> None:
        """Before MkDocs reads and renders a generated page: it takes its HTML from the cache if it can."""
        if self.cache is None:
            return
        if self._files is None or self._files[0] is not files:  # every plugin's on_files is done by now
            self._files = (files, files_key(files))
        read_from(self.cache, self._inputs, self._files[1], page)

    def search_starting(self, page: Page, config: MkDocsConfig) -> None:
        """Before Material's search plugin indexes a generated page: when its entries are kept, the plugin skips
        it (`search_done` adds them)."""
        self._indexing = None
        entries = internals.material_search_entries(config) if self.search is not None else None
        if entries is None:
            return
        try:
            meta = json.dumps(_stable(page.meta))
        except TypeError:  # metadata this cannot name (a date): the plugin indexes the page
            return
        uri = page.file.src_uri
        key = _digest(self._inputs, str(HAS_JIEBA), page.url, page.content or "", repr(_toc_tuples(page.toc)),
                      str(page.title), meta)
        kept = self.search.get(uri, key)
        skipped = None
        if kept is not None:
            skipped = page.meta.get("search", _NOT_SET)
            page.meta["search"] = {"exclude": True}  # what Material documents for a page left out of its index
        self._indexing = (page, uri, key, entries, len(entries), kept, skipped)

    def search_done(self, page: Page) -> None:
        """After the search plugin's turn: a skipped page's kept entries added, or the entries it made kept."""
        if self._indexing is None or self._indexing[0] is not page:
            return
        _page, uri, key, entries, before, kept, skipped = self._indexing
        self._indexing = None
        if kept is None:
            self.search.put(uri, key, {"entries": entries[before:]})
            return
        if skipped is _NOT_SET:
            del page.meta["search"]
        else:
            page.meta["search"] = skipped
        try:
            entries.extend(_checked_entries(kept))
        except (KeyError, TypeError, ValueError):  # an entry this code did not write: index the page next time
            self.search.forget(uri)

    def save(self) -> None:
        """After every language is built: keep the HTML of their pages for the next build or server."""
        if self.cache is not None:
            log.debug(f"HTML cache: {self.cache.hits} hits, {self.cache.misses} misses; search entries: "
                      f"{self.search.hits} hits, {self.search.misses} misses")
            for cache in (self.cache, self.search):
                cache.hits = cache.misses = 0
                cache.save()


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
        cache.put(uri, key, _entry_of(page))

    page.render = render  # this page only; MkDocs calls page.render(config, files)


def _entry_of(page: Page) -> Callable[[], dict]:
    """What the cache keeps of `page` as rendered now, made into its entry only when the file is written: until
    then the entry shares the page's own HTML, title and anchors, which other plugins may replace on the page
    but never change, and holds only its table of contents (which they could change) as plain tuples."""
    content, title, anchors = page.content, internals.rendered_title(page), page.present_anchor_ids
    links = getattr(page, "links_to_anchors", None)
    toc = _toc_tuples(page.toc)

    def entry() -> dict:
        return {
            "content": content,
            "toc": _toc_tokens(toc),
            "title": title,
            "anchors": sorted(anchors or ()),
            "links": None if links is None else {file.src_uri: dict(found) for file, found in links.items()},
        }

    return entry


def _toc_tuples(toc) -> tuple:
    return tuple((a.level, a.id, a.title, _toc_tuples(a.children)) for a in toc)


def _toc_tokens(toc: tuple) -> list[dict]:
    return [{"level": level, "id": id_, "name": name, "children": _toc_tokens(children)}
            for level, id_, name, children in toc]


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
    internals.set_rendered_title(page, entry["title"])
    page.present_anchor_ids = set(entry["anchors"])


def _checked_entries(kept: dict) -> list[dict]:
    entries = kept["entries"]
    if not isinstance(entries, list) or not all(isinstance(e, dict) and isinstance(e["location"], str)
                                                for e in entries):
        raise TypeError("not search entries")
    return entries
