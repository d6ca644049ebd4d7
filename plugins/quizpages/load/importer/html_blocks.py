"""Answer blocks written in HTML, read as the Markdown the rest of the importer reads.

Some pages wrote the inside of `<details>` as HTML: `<p><strong>Answer</strong>: B) …</p>`,
`<p><strong>Explanation</strong>: …</p>`, `<code>`, links, lists and `<pre><code>` blocks.
A browser showed them as paragraphs; the quiz file holds them as Markdown paragraphs, so
the answer's letter is found like any other and the page shows them the same. Tags this
module does not know are left as written; fenced code and code spans are never touched.
"""

from __future__ import annotations

import html
import re

from .text import OUTSIDE, fences, outside_code

_HTML = re.compile(r"</?(?:p|strong|b|em|i|code|ul|ol|li|pre|a)\b[^>]*>", re.IGNORECASE)
_BLOCK_TAG = re.compile(r"</?(?:p|ul|ol)\b[^>]*>", re.IGNORECASE)
_CODE = re.compile(r"<code\b[^>]*>(.*?)</code\s*>", re.IGNORECASE | re.DOTALL)
_LINK = re.compile(r"<a\s[^>]*?href\s*=\s*(?:\"([^\"]*)\"|'([^']*)')[^>]*>(.*?)</a\s*>", re.IGNORECASE | re.DOTALL)
_STRONG = re.compile(r"</?(?:strong|b)\s*>", re.IGNORECASE)
_EMPHASIS = re.compile(r"</?(?:em|i)\s*>", re.IGNORECASE)
_ITEM = re.compile(r"<li\b[^>]*>", re.IGNORECASE)
_ITEM_END = re.compile(r"</li\s*>", re.IGNORECASE)
_PRE_OPEN = re.compile(r"^\s*<pre\b[^>]*>\s*(?:<code\b(?:[^>]*\bclass\s*=\s*[\"']?(?:language-)?(?P<language>[\w+-]+))?[^>]*>)?",
                       re.IGNORECASE)
_PRE_CLOSE = re.compile(r"(?:</code\s*>)?\s*</pre\s*>", re.IGNORECASE)


def has_html(lines: list[str]) -> bool:
    return any(_HTML.search(line) for line in lines)


def markdown_lines(lines: list[str]) -> list[str]:
    """`lines` (the inside of an answer block) with their HTML paragraphs, emphasis, code and lists as Markdown."""
    if not has_html(lines):
        return lines
    states = fences(lines)
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        opened = _PRE_OPEN.match(line) if states[i] == OUTSIDE else None
        if opened:
            i = _pre_block(lines, i, opened, out)
            continue
        out.extend(line_as_markdown(line).split("\n") if states[i] == OUTSIDE else [line])
        i += 1
    return out


def _pre_block(lines: list[str], start: int, opened: re.Match, out: list[str]) -> int:
    """A `<pre><code class="language-yaml">` block as a fenced one; returns the index after it."""
    language = opened.group("language") or ""
    body, i, rest = [], start, lines[start][opened.end():]
    while True:
        closed = _PRE_CLOSE.search(rest)
        if closed:
            body.append(rest[:closed.start()])
            break
        body.append(rest)
        i += 1
        if i == len(lines):
            break
        rest = lines[i]
    while body and not body[0].strip():
        body = body[1:]
    while body and not body[-1].strip():
        body = body[:-1]
    out += ["", f"```{language}", *(html.unescape(x) for x in body), "```", ""]
    return i + 1


def line_as_markdown(line: str) -> str:
    """One line's HTML as Markdown; paragraph ends become blank lines (the result may hold several lines)."""
    if not _HTML.search(line):
        return line
    lines = [x.strip() for x in outside_code(line.strip(), _convert).split("\n")]
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines)


def _convert(text: str) -> str:
    text = _CODE.sub(lambda m: _code_span(html.unescape(m.group(1))), text)
    text = _LINK.sub(lambda m: f"[{m.group(3)}]({m.group(1) if m.group(1) is not None else m.group(2)})", text)
    text = _STRONG.sub("**", text)
    text = _EMPHASIS.sub("*", text)
    text = _ITEM.sub("\n- ", text)
    text = _ITEM_END.sub("", text)
    return _BLOCK_TAG.sub("\n\n", text)


def _code_span(code: str) -> str:
    ticks = "`" * (max((len(run) for run in re.findall(r"`+", code)), default=0) + 1)
    pad = " " if code.startswith("`") or code.endswith("`") else ""
    return f"{ticks}{pad}{code}{pad}{ticks}"
