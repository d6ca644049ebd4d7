"""Quiz text as the site's Markdown renders it, checked by an allowlist sanitizer (nh3, Rust's ammonia).

The HTML policy (`html_policy`) reads what was written. Markdown adds what was never written as HTML:
with `attr_list`, `[x](#){: onclick="..." }` renders an event handler, `![x](x){: onerror="..." }` one
that runs as the page loads, `{: href="javascript:..." }` a script link. So each text that could make
an attribute or a URL is rendered with the site's own extensions, and whatever the sanitizer would
remove from that HTML (an element, an attribute or a URL not on the allowlist) is a problem.

nh3 decides: the HTML goes through the sanitizer twice, once with the allowlist and once allowing
everything found in it; when the two differ, something would be removed. What it was is told by the
second pass, which sees every attribute as the sanitizer's HTML5 parser (html5ever) reads it, with
entities decoded, so a spelling the browser reads as `javascript:` is read so here too.

Not a layer that knows MkDocs: the extensions come from the site's settings, as MkDocs' config or
mkdocs.yml name them, and Python-Markdown loads them.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import nh3

from .html_policy import ALLOWED_ATTRIBUTES, CELL_STYLES, GENERIC_ATTRIBUTES, URL_ATTRIBUTES, URL_SCHEMES, \
    allowed_tags, is_bad_url, may_hold_markup, outside_code_spans

Extensions = tuple[tuple[Any, dict], ...]
"""(extension name or instance, its options) in load order, as `markdown.Markdown` takes them."""

DEFAULT_EXTENSIONS: Extensions = (("toc", {}), ("tables", {}), ("fenced_code", {}), ("attr_list", {}),
                                  ("md_in_html", {}))
"""For a caller that knows no site: MkDocs' built-ins, and the two extensions quiz pages are made for."""

_ANY_TAG = re.compile(r"<([A-Za-z][^\s/>]*)")
_ANY_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
_EVERY_SCHEME = URL_SCHEMES | {"javascript", "vbscript", "data"}


@dataclass(frozen=True)
class Finding:
    """One thing the sanitizer would remove from a text's HTML."""

    subject: str  # what the HTML policy's messages name it by: "onclick=", "a javascript: URL", "<svg>"
    needle: str  # what to look for in the text to locate it: "onclick", "javascript:", "<svg"
    message: str
    hint: str


class RenderedHtml:
    """Renders quiz text with one site's Markdown extensions and tells what the sanitizer would remove.

    One Markdown instance, made on first use (loading Pygments takes a while) and reset between texts;
    a lock, because `mkdocs serve` may check in two threads."""

    def __init__(self, extensions: Extensions = DEFAULT_EXTENSIONS, extra_tags: Iterable[str] = ()):
        self.extensions = extensions
        self.tags = allowed_tags(extra_tags)
        self.setup_error: str | None = None  # why the extensions cannot be loaded, once tried
        self._markdown: Any = None
        self._lock = threading.Lock()
        attributes = {tag: set(names) for tag, names in ALLOWED_ATTRIBUTES.items()}
        attributes["*"] = set(GENERIC_ATTRIBUTES)
        styles = {cell: {"style": set(CELL_STYLES)} for cell in ("th", "td")}
        self._strict = nh3.Cleaner(tags=set(self.tags), attributes=attributes, url_schemes=set(URL_SCHEMES),
                                   clean_content_tags=set(), strip_comments=False, link_rel=None,
                                   tag_attribute_values=styles)

    def html(self, text: str) -> str | None:
        """`text` as the site's Markdown renders it; None when its extensions cannot be loaded."""
        with self._lock:
            if self._markdown is None and self.setup_error is None:
                self._markdown = self._make()
            if self._markdown is None:
                return None
            self._markdown.reset()
            return self._markdown.convert(text)

    def _make(self) -> Any:
        import markdown  # here: most quiz text never needs it

        try:
            return markdown.Markdown(extensions=[name for name, _options in self.extensions],
                                     extension_configs={name: options for name, options in self.extensions
                                                        if isinstance(name, str) and options})
        except Exception as exc:  # an extension not installed, an option it does not know: said once, located
            self.setup_error = f"{type(exc).__name__}: {exc}"
            return None

    def findings(self, text: str) -> list[Finding] | None:
        """What the sanitizer would remove from `text`'s HTML, in document order; None when the text could not
        be rendered (see `setup_error`)."""
        # `kubectl get pods -n <namespace>` in backticks renders to no markup: most text is never rendered
        if not may_hold_markup(text) or not may_hold_markup(outside_code_spans(text)):
            return []
        html = self.html(text)
        return None if html is None else self.unsafe(html)

    def unsafe(self, html: str) -> list[Finding]:
        """What the allowlist would remove from `html`."""
        seen: list[tuple[str, str, str]] = []

        def record(element: str, attribute: str, value: str) -> str:
            seen.append((element, attribute, value))
            return value

        # every tag and scheme that may be in it (a superset is harmless): the second pass removes nothing
        tags = {name.lower() for name in _ANY_TAG.findall(html)} | self.tags
        schemes = {name.lower() for name in _ANY_SCHEME.findall(html)} | _EVERY_SCHEME
        everything = nh3.clean(html, tags=tags, clean_content_tags=set(), generic_attribute_prefixes={""},
                               attribute_filter=record, url_schemes=schemes, strip_comments=False, link_rel=None)
        if self._strict.clean(html) == everything:
            return []
        found = list(self._tag_findings(tags))  # the attributes of an element not allowed go with it
        found += [f for entry in seen if entry[0] in self.tags and (f := self._attribute_finding(*entry))]
        if found:
            return found
        return [Finding("HTML", "<", "the text renders to HTML that the sanitizer would change",
                        "Write the text as Markdown, without raw HTML or `{: ... }` attribute lists")]

    def _tag_findings(self, tags: set[str]) -> Iterator[Finding]:
        for name in sorted(tags - self.tags):
            if ":" in name:  # `<scheme:...>`, an autolink Python-Markdown does not know: raw HTML to it
                scheme = name.split(":", 1)[0]
                if scheme in ("javascript", "vbscript", "data"):  # a script URL, as the written check names it
                    yield Finding(f"{scheme}:", f"<{name}", f"a {scheme}: URL is not allowed in a link",
                                  "Link to an http(s) address or a page of the site")
                    continue
                yield Finding(f"<{name}>", f"<{name}", f"<{name}> is read as an HTML tag, not as a link",
                              "Write a link as [text](https://...), or put it in backticks to show it as text")
                continue
            yield Finding(f"<{name}>", f"<{name}", f"the HTML tag <{name}> is not allowed",
                          f"Add '{name}' to plugins.quizpages.allowed_html in mkdocs.yml if it is safe, "
                          "or put it in backticks to show it as text")

    def _attribute_finding(self, element: str, attribute: str, value: str) -> Finding | None:
        name = attribute.lower()
        if name.startswith("on"):
            return Finding(f"{name}=", name, f"the event-handler attribute {name}= is not allowed",
                           f"Quiz text may not run scripts; remove {name}= from the HTML tag or the `{{: ... }}` "
                           "attribute list that gives it")
        if name == "style" and element in ("th", "td"):
            if value in CELL_STYLES:
                return None
            return Finding("style=", "style", f"the style \"{value}\" is not allowed on <{element}>",
                           "Align a table's columns with colons in its Markdown (`|:--|--:|`); a cell may have "
                           "no other style")
        allowed = name in GENERIC_ATTRIBUTES or name in ALLOWED_ATTRIBUTES.get(element, ())
        if allowed and name in URL_ATTRIBUTES and not _safe_url(value):
            scheme = _scheme(value)
            return Finding(f"a {scheme} URL", scheme, f"a {scheme} URL is not allowed in {name}=",
                           "Link to an http(s) address or a page of the site")
        if not allowed:
            return Finding(f"{name}=", name, f"the attribute {name}= is not allowed on <{element}>",
                           f"Remove it; quiz text may give an element an id, classes and {_others(element)}")
        return None


def _others(element: str) -> str:
    """The attributes an element may have besides the generic ones, for a hint."""
    own = sorted(ALLOWED_ATTRIBUTES.get(element, frozenset()))
    generic = sorted(GENERIC_ATTRIBUTES - {"id", "class"})
    return ", ".join(own + generic)


def _scheme(url: str) -> str:
    plain = re.sub(r"[\x00-\x20\\]+", "", url).lower()
    return plain.split(":", 1)[0] + ":"


def _safe_url(url: str) -> bool:
    """A relative URL, or one whose scheme is on the allowlist (the value as the parser decoded it)."""
    if is_bad_url(url):
        return False
    plain = re.sub(r"[\x00-\x20\\]+", "", url)
    scheme = re.match(r"^([A-Za-z][A-Za-z0-9+.-]*):", plain)
    return scheme is None or scheme.group(1).lower() in URL_SCHEMES


_CHECKS: dict[str, RenderedHtml] = {}


def rendered_html(extensions: Extensions, extra_tags: Iterable[str] = ()) -> RenderedHtml:
    """The RenderedHtml of these settings, made once per process: every file of a site shares its Markdown."""
    extra = tuple(extra_tags)
    key = extensions_key(extensions) + "\x00" + "\x00".join(extra)
    check = _CHECKS.get(key)
    if check is None:
        check = _CHECKS[key] = RenderedHtml(extensions, extra)
    return check


def extensions_key(extensions: Extensions) -> str:
    """A text that is the same for the same extensions and options, in every process (for cache keys):
    functions are named by module and name, not by their address as `repr` names them."""
    return json.dumps(_plain(list(extensions)), sort_keys=True, ensure_ascii=False)


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_plain(item) for item in value]
        return sorted(items, key=repr) if isinstance(value, (set, frozenset)) else items
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    func = getattr(value, "func", None)  # functools.partial, as pymdownx.slugs.slugify(case=...) gives
    if func is not None and hasattr(value, "keywords"):
        return {"partial": _plain(func), "args": _plain(list(value.args)), "keywords": _plain(value.keywords)}
    name = getattr(value, "__qualname__", None) or type(value).__qualname__
    module = getattr(value, "__module__", None) or type(value).__module__
    configs = value.getConfigs() if hasattr(value, "getConfigs") else None  # a markdown.Extension instance
    return {"object": f"{module}.{name}", **({"config": _plain(configs)} if configs is not None else {})}
