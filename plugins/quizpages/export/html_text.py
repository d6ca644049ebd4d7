"""The site's Markdown as HTML, for formats that take HTML (QTI, Moodle XML), and as plain text.

Made with Python-Markdown and the site's own `markdown_extensions` (what MkDocs would use),
so code spans, fenced code, tables and Korean read as on the site's pages.
"""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

import markdown

from ..util.markdown_shape import follows_label


class MarkdownSetupError(ValueError):
    """The site's Markdown extensions cannot be used; the message says which and why."""


class Html:
    """Markdown -> HTML with one site's extensions; one converter, reset between texts."""

    def __init__(self, extensions: list | tuple = (), configs: dict | None = None):
        configs = {name: _without_permalinks(name, options) for name, options in (configs or {}).items()}
        try:
            self._markdown = markdown.Markdown(extensions=list(extensions), extension_configs=configs)
        except Exception as exc:  # an extension that is not installed, or settings it refuses
            raise MarkdownSetupError(f"{type(exc).__name__}: {exc}") from None
        self._memo: dict[str, str] = {}
        self._extra: markdown.Markdown | None = None  # Markdown Extra, made when first needed

    def __call__(self, text: str | None) -> str:
        """`text` as HTML blocks ("" for None)."""
        if not text:
            return ""
        if text not in self._memo:
            if len(self._memo) > 4096:  # a long `mkdocs serve` keeps one; texts a format asks for twice are recent
                self._memo.clear()
            self._markdown.reset()
            self._memo[text] = self._markdown.convert(text).strip()
        return self._memo[text]

    def after_label(self, text: str | None) -> str:
        """`text` as HTML as the site shows it after a label (an option after "B) ", a left-hand side after
        "1) ", a feedback after "**B)**", a title after "# "). A text that follows its label (see
        util/markdown_shape.py) starts on the label's line, where its first line is never the start of a
        block: "> 5", "2020. A year", "# 1" or "---" read as written, not as a quote, a list, a heading or a
        rule. Any other text (fenced code, several paragraphs) is shown below the label, as blocks."""
        text = (text or "").strip()
        if not text:
            return ""
        if not follows_label(text):
            return self(text)
        return self(_LABEL + text).replace(_LABEL, "", 1)

    def inline(self, text: str | None) -> str:
        """`text` as HTML after its label, without the paragraph around it when it is one paragraph."""
        return unwrap_paragraph(self.after_label(text))

    def plain(self, text: str | None) -> str:
        """`text` after its label as the plain text a reader sees, for places that take no markup (a
        matching answer, a unit, a title)."""
        return plain_text(self.after_label(text))

    def extra_shows_alike(self, written: str, shown: str) -> bool:
        """Whether Markdown Extra (what Moodle renders a GIFT `[markdown]` text with) shows `written` as
        the site shows it, `shown` being the site's HTML of it: the same elements and the same characters,
        highlighting and classes aside (a code block is a code block in both; an admonition, a tab or a
        `==mark==` is the site's own)."""
        if self._extra is None:
            self._extra = markdown.Markdown(extensions=["extra"])
        self._extra.reset()
        return _structure(self._extra.convert(written)) == _structure(shown)


_TOC = ("toc", "markdown.extensions.toc")


def _without_permalinks(name: str, options: dict) -> dict:
    """The options of extension `name` for an exported text: a heading's permalink (`toc: permalink: true`, the
    "¶" shown beside it on hover) links to the site's page, and would stand as a stray ¶ in an LMS."""
    if name in _TOC and isinstance(options, dict) and options.get("permalink"):
        return {**options, "permalink": False}
    return options


# What stands for the label: a word joiner (no width, not a space) and the space after the label, so the
# text's first line is inside a paragraph, as it is on the page, and comes out of it as written.
_LABEL = "\u2060 "


_ONE_PARAGRAPH = re.compile(r"\A<p>((?:(?!</?p[ >]).)*)</p>\Z", re.S)


def unwrap_paragraph(html: str) -> str:
    match = _ONE_PARAGRAPH.match(html)
    return match.group(1) if match else html


class _Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def plain_text(html: str) -> str:
    """The text of `html`, its whitespace collapsed."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    return " ".join(unescape("".join(parser.parts)).split())


_DROPPED = re.compile(r"</?(?:span|div)\b[^>]*>|<!--.*?-->", re.S)  # highlighting's and wrappers' tags
_ATTRIBUTES = re.compile(r"<(/?[a-zA-Z][a-zA-Z0-9]*)\b[^>]*>")


def _structure(html: str) -> str:
    """`html`'s elements and characters: attributes, `span`s and `div`s left out, entities read."""
    html = _ATTRIBUTES.sub(r"<\1>", _DROPPED.sub("", html))
    return unescape(re.sub(r"\s+", " ", html)).strip()
