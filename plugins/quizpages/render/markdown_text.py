"""Small transformations of author Markdown for a page: where it can go, how it is indented, escaping.

The renderer writes Markdown for Python-Markdown (MkDocs) that other CommonMark
generators read the same way (`quizpages render`): so nested lists are given
the four-space indentation Python-Markdown needs, which CommonMark reads too.
"""

from __future__ import annotations

import re

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!])")  # what Python-Markdown (and CommonMark) unescape
_LIST_ITEM = re.compile(r"^( *)([-*+]|\d{1,9}[.)])( +|$)")
_FENCE = re.compile(r"^ *(`{3,}|~{3,})")
_LIST_AFTER_TEXT = re.compile(r"^[^\n]*\S[^\n]*\n *([-*+]|1[.)]) ", re.M)


def indent(text: str, width: int) -> str:
    """Indent continuation lines so multi-line text stays inside a list item."""
    pad = " " * width
    return "\n".join(line if i == 0 or not line else pad + line for i, line in enumerate(text.strip().split("\n")))


def md_escape(value: str) -> str:
    """`value` as Markdown that shows every character as written: entities for HTML's, backslashes for
    Markdown's."""
    value = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MD_SPECIAL.sub(r"\\\1", value)


def normalize_lists(text: str) -> str:
    """`text` with nested list items indented four spaces per level, and their continuation lines
    (paragraphs, fenced code) moved with them.

    Authors (and the importer, keeping the source site's pages) often nest lists by two spaces,
    continue an item's paragraphs at its text's column, start a list right under a paragraph and
    start the next item right under an item's second paragraph, which CommonMark reads as lists
    but Python-Markdown (whose lists step by four, and start after a blank line) reads as one flat
    list or as text. Text without a list is returned as it is.
    """
    if "\n" not in text or ("\n " not in text and not _LIST_AFTER_TEXT.search(text)):
        return text  # one line, or no indented line and no list under a line: nothing to change
    out: list[str] = []
    items: list[tuple[int, int]] = []  # open list items: (source column of their text, target column)
    fence: str | None = None
    closed = False  # the line before closed a fence: Python-Markdown wants a blank line after it
    # Where the lines since the last blank one begin, and whether with an item's later paragraph: there,
    # Python-Markdown reads an item marker under a paragraph line, or left of where the block begins (the
    # next item under an item's nested list), as more of that block, so the marker gets a blank line first.
    block_column, block_is_text = 0, False
    for line in text.split("\n"):
        stripped = line.lstrip(" ")
        if closed and stripped:
            out.append("")
        closed = False
        starts_block = bool(stripped) and (not out or not out[-1].strip())
        width = len(line) - len(stripped)
        marker = _LIST_ITEM.match(line) if fence is None else None
        in_list = bool(items)
        if stripped and fence is None:
            while items and width < items[-1][0]:  # a sibling, an outer item's text, or the list's end
                items.pop()
        if marker:
            target = items[-1][1] if items else 0  # nested: four spaces in from its parent's marker
            if out and out[-1].strip() and (not in_list or block_is_text or target < block_column):
                out.append("")  # a list under a paragraph line: Python-Markdown needs the blank line
                starts_block = True
            items.append((len(marker.group(0)), target + 4))
            out.append(" " * target + stripped)
        elif items and stripped:
            source, target = items[-1]
            out.append(" " * (target + max(width - source, 0)) + stripped)
        else:
            out.append(line)
        if starts_block:
            block_column = len(out[-1]) - len(stripped)
            block_is_text = block_column > 0 and not marker
        opening = _FENCE.match(line)
        if opening and fence is None:
            fence = opening.group(1)
        elif fence is not None and stripped.startswith(fence) and not stripped.strip(fence[0]):
            fence, closed = None, bool(items)
    return "\n".join(out)
