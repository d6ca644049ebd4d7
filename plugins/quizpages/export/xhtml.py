"""HTML made by the site's Markdown as the XHTML that QTI items may hold.

QTI's item bodies take a fixed subset of XHTML, as XML. The HTML is parsed with the
standard library's parser and rebuilt as ElementTree elements: an element QTI has
no place for keeps its text inside a `span` (inline) or `div` (block), attributes
QTI does not know are dropped (`lang` becomes `xml:lang`), and entities become
characters. `replace` turns marked places in the text (a blank) into elements.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from html.parser import HTMLParser

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"

INLINE = {"a", "abbr", "acronym", "b", "big", "br", "cite", "code", "dfn", "em", "i", "img", "kbd", "q", "samp",
          "small", "span", "strong", "sub", "sup", "tt", "var"}
BLOCK = {"address", "blockquote", "caption", "col", "colgroup", "dd", "div", "dl", "dt", "h1", "h2", "h3", "h4",
         "h5", "h6", "hr", "li", "ol", "p", "pre", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul"}
_HTML_BLOCKS = BLOCK | {"article", "aside", "details", "dialog", "fieldset", "figcaption", "figure", "footer",
                        "form", "header", "main", "nav", "section", "summary"}
_VOID = {"br", "hr", "img", "col", "input", "meta", "link", "source", "wbr"}
_ATTRIBUTES = {"a": {"href", "title"}, "img": {"src", "alt", "width", "height", "title"},
               "td": {"colspan", "rowspan"}, "th": {"colspan", "rowspan"}, "col": {"span"},
               "colgroup": {"span"}, "q": {"cite"}, "abbr": {"title"}, "acronym": {"title"}}
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")  # characters XML 1.0 cannot hold

Replace = Callable[[re.Match], ET.Element]


class _Builder(HTMLParser):
    def __init__(self, root: ET.Element):
        super().__init__(convert_charrefs=True)
        self.stack = [root]

    def handle_starttag(self, tag, attrs):
        element = ET.SubElement(self.stack[-1], _name(tag), _attributes(tag, attrs))
        if tag not in _VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag, attrs):
        ET.SubElement(self.stack[-1], _name(tag), _attributes(tag, attrs))

    def handle_endtag(self, tag):
        # close up to the matching open element; a stray end tag closes nothing
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].get("data-html") == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data):
        parent = self.stack[-1]
        data = _CONTROL.sub("", data)
        if len(parent):
            last = parent[-1]
            last.tail = (last.tail or "") + data
        else:
            parent.text = (parent.text or "") + data


def _name(tag: str) -> str:
    if tag in INLINE or tag in BLOCK:
        return tag
    return "div" if tag in _HTML_BLOCKS else "span"


def _attributes(tag: str, attrs: list[tuple[str, str | None]]) -> dict[str, str]:
    allowed = _ATTRIBUTES.get(tag, set())
    kept = {"data-html": tag}  # which element it was, until the tree is done
    for name, value in attrs:
        if value is None:
            continue
        if name == "class" and (tag in INLINE or tag in BLOCK):
            kept["class"] = value
        elif name == "lang":
            kept[XML_LANG] = value
        elif name in allowed:
            kept[name] = value
    if tag == "img" and "alt" not in kept:
        kept["alt"] = ""
    return kept


def _finish(element: ET.Element, pattern: re.Pattern | None, replace: Replace | None) -> None:
    element.attrib.pop("data-html", None)
    for child in list(element):
        _finish(child, pattern, replace)
    if pattern is None or replace is None:
        return
    # the element's own text, then each child's tail
    if element.text and pattern.search(element.text):
        before, nodes = _split(element.text, pattern, replace)
        element.text = before
        for index, node in enumerate(nodes):
            element.insert(index, node)
    for child in list(element):
        if child.tail and pattern.search(child.tail):
            before, nodes = _split(child.tail, pattern, replace)
            child.tail = before
            at = list(element).index(child) + 1
            for offset, node in enumerate(nodes):
                element.insert(at + offset, node)


def _split(text: str, pattern: re.Pattern, replace: Replace) -> tuple[str, list[ET.Element]]:
    pieces = pattern.split(text)
    matches = list(pattern.finditer(text))
    nodes = []
    for match, tail in zip(matches, pieces[1 + pattern.groups::1 + pattern.groups]):
        node = replace(match)
        node.tail = tail
        nodes.append(node)
    return pieces[0], nodes


def to_xhtml(html: str, tag: str = "div", attrs: dict | None = None, pattern: str | None = None,
             replace: Replace | None = None) -> ET.Element:
    """`html` inside a new `<tag>`; each match of `pattern` in its text becomes `replace(match)`."""
    root = ET.Element(tag, attrs or {})
    builder = _Builder(root)
    builder.feed(html)
    builder.close()
    _finish(root, re.compile(pattern) if pattern else None, replace)
    return root


def fill(parent: ET.Element, html: str) -> ET.Element:
    """Append `html`'s content (text and elements) to `parent`; returns `parent`."""
    holder = to_xhtml(html)
    if holder.text:
        if len(parent):
            parent[-1].tail = (parent[-1].tail or "") + holder.text
        else:
            parent.text = (parent.text or "") + holder.text
    parent.extend(list(holder))
    return parent
