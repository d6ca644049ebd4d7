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

from .text import OUTSIDE, outside_code

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
    opened: dict[str, int] = {}  # allowed tags written as text for their attributes, whose closing tag goes too
    for i, line in enumerate(lines):
        if states[i] != OUTSIDE or "<" not in line:
            continue
        written, elements = _line_as_text(line, allowed, opened)
        lines[i] = written
        for tag, unsafe in elements:
            yield i, tag, unsafe


def _line_as_text(line: str, allowed: Collection[str], opened: dict[str, int]) -> tuple[str, list[tuple[str, bool]]]:
    elements: list[tuple[str, bool]] = []
    written = outside_code(line, lambda text: _ANGLE.sub(lambda m: _written(m, allowed, elements, opened), text))
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


def _written(match: re.Match, allowed: Collection[str], elements: list[tuple[str, bool]],
             opened: dict[str, int]) -> str:
    body = match.group(2)
    if _AUTOLINK.match(body):
        return match.group(0)
    name = _NAME.match(body)
    token = body.rstrip("/").lower()
    closing = bool(match.group(1))
    if name and token == name.group(0).lower() and token in allowed and closing and opened.get(token):
        opened[token] -= 1  # the end of an element written as text: text too, or it would close another
        return "&lt;" + match.group(0)[1:-1] + "&gt;"
    if name and token == name.group(0).lower() and token in allowed and not _unsafe(match.group(3)):
        return match.group(0)
    if name and token == name.group(0).lower() and token in allowed:  # allowed, with what makes it unsafe
        elements.append((f"<{token}>", True))
        if token not in _VOID and not (match.group(3) or "").rstrip().endswith("/"):
            opened[token] = opened.get(token, 0) + 1
        return "&lt;" + match.group(0)[1:-1] + "&gt;"
    if name and token == name.group(0).lower() and token in HTML_ELEMENTS:
        elements.append((f"<{token}>", False))
    return "&lt;" + match.group(0)[1:-1] + "&gt;"
