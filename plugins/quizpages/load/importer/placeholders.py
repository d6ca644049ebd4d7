"""Angle brackets in prose that are not HTML the site allows: `<endpoint-id>`, `<namespace>`, `<YOUR_TOKEN>`.

The source site showed these placeholders as text. Python-Markdown reads anything shaped
like a tag as raw HTML, so the reader would see nothing, and the validator refuses a tag
it does not allow; they are written as text (`&lt;endpoint-id&gt;`), which reads the same.
A real HTML element the site does not allow (`<kbd>`, `<iframe>`) is written as text too,
with a warning, since the source page showed it as HTML, and so is an element the site allows given an
attribute no quiz text may have (`<img onerror=...>`, `<a href="javascript:...">`). Code is left alone.
"""

from __future__ import annotations

import html
import re
from collections.abc import Collection, Iterator

from .text import _SPANS, OUTSIDE, outside_code

# What Python-Markdown takes for inline HTML (its HTML_RE), and what it takes for a link instead.
_ANGLE = re.compile(r"<(/?)([a-zA-Z][^<>@ ]*)((?: [^<>]*)?)>")
_AUTOLINK = re.compile(r"^(?:[Ff]|[Hh][Tt])[Tt][Pp][Ss]?://|^mailto:", re.IGNORECASE)
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9-]*")
# What no attribute of quiz text may be: an event handler, or a URL that runs script or embeds a document
# (entities decoded, and spaces and control characters dropped, as a browser reads the URL).
_ATTRIBUTE = re.compile(r"""([^\s"'<>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?""")
_SCRIPT_URL = ("javascript:", "vbscript:", "data:")
_VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())  # no closing tag

# HTML's own element names: one of these the site does not allow was HTML on the source page.
HTML_ELEMENTS = frozenset("""
a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption cite code col
colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure footer form h1 h2
h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend li link main map mark menu meta
meter nav noscript object ol optgroup option output p param picture pre progress q rp rt ruby s samp script
search section select slot small source span strong style sub summary sup table tbody td template textarea
tfoot th thead time title tr track u ul var video wbr center font frame frameset marquee applet math svg
""".split())


def as_text(lines: list[str], states: list[int], allowed: Collection[str]) -> Iterator[tuple[int, str, bool]]:
    """Rewrite, in place, every tag-shaped text outside code whose name `allowed` lacks, or that holds an
    event handler or a script URL, as text; yields (line index, tag, unsafe) for each real HTML element so
    written, which the source page showed as HTML (`unsafe`: allowed, but not with those attributes)."""
    yield from _unsafe_as_text(lines, states, allowed)
    for i, line in enumerate(lines):
        if states[i] != OUTSIDE or "<" not in line:
            continue
        written, elements = _line_as_text(line, allowed)
        lines[i] = written
        for tag in elements:
            yield i, tag, False


# An opening tag as a browser reads it: quoted values may hold `>`, and it may run over several lines.
_OPENING = re.compile(r"""<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*/?>""")


def _unsafe_as_text(lines: list[str], states: list[int], allowed: Collection[str]) -> Iterator[tuple[int, str, bool]]:
    """Each element the site allows given an event handler or a script URL, read paragraph by paragraph as a
    browser reads it (a tag over several lines, a quoted `>`), written as text: its brackets and those of its
    closing tag in the paragraph become `&lt;` and `&gt;`, so neither Markdown nor a browser reads a tag there."""
    start = 0
    while start < len(lines):
        if states[start] != OUTSIDE or not lines[start].strip():
            start += 1
            continue
        end = start
        while end < len(lines) and states[end] == OUTSIDE and lines[end].strip():
            end += 1
        paragraph = "\n".join(lines[start:end])
        if "<" in paragraph:
            written, found = _paragraph_as_text(paragraph, allowed)
            if found:
                lines[start:end] = written.split("\n")
                for offset, tag in found:
                    yield start + paragraph.count("\n", 0, offset), tag, True
        start = end


def _paragraph_as_text(paragraph: str, allowed: Collection[str]) -> tuple[str, list[tuple[int, str]]]:
    code = [(m.start(), m.end()) for m in _SPANS.finditer(paragraph)]
    inside_code = lambda at: any(a <= at < b for a, b in code)  # noqa: E731
    found, brackets = [], {}  # where each tag starts; each bracket to write as an entity
    for match in _OPENING.finditer(paragraph):
        name = match.group(1).lower()
        if name in allowed and not inside_code(match.start()) and _unsafe(match.group(2)):
            found.append((match.start(), f"<{name}>"))
            # its ">" too: on a line of its own (a tag over two lines), Markdown would start a quote there
            brackets.update({match.start(): "&lt;", match.end() - 1: "&gt;"})
            if name not in _VOID:
                end = re.compile(rf"</{re.escape(name)}\s*>", re.IGNORECASE).search(paragraph, match.end())
                if end is not None:
                    brackets.update({end.start(): "&lt;", end.end() - 1: "&gt;"})
    if not found:
        return paragraph, []
    chars = list(paragraph)
    for at, entity in brackets.items():
        chars[at] = entity
    return "".join(chars), found


def _line_as_text(line: str, allowed: Collection[str]) -> tuple[str, list[str]]:
    elements: list[str] = []
    written = outside_code(line, lambda text: _ANGLE.sub(lambda m: _written(m, allowed, elements), text))
    return written, elements


def _unsafe(attributes: str) -> bool:
    """Whether a tag's attributes hold an event handler or a URL starting with a script scheme."""
    for name, value in _ATTRIBUTE.findall(attributes or ""):
        if name.lower().startswith("on"):
            return True
        read = re.sub(r"[\s\x00-\x1f]+", "", html.unescape(value.strip("\"'"))).lower()
        if read.startswith(_SCRIPT_URL):
            return True
    return False


def _written(match: re.Match, allowed: Collection[str], elements: list[str]) -> str:
    body = match.group(2)
    if _AUTOLINK.match(body):
        return match.group(0)
    name = _NAME.match(body)
    token = body.rstrip("/").lower()
    if name and token == name.group(0).lower() and token in allowed:
        return match.group(0)  # unsafe attributes were taken care of paragraph by paragraph (_unsafe_as_text)
    if name and token == name.group(0).lower() and token in HTML_ELEMENTS:
        elements.append(f"<{token}>")
    return "&lt;" + match.group(0)[1:-1] + "&gt;"
