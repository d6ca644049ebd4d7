"""The shape of a Markdown text, read from its lines: whether it can stand on a label's line.

Shared by the pages (which write a text after "B) " or on the lines below) and the exports (which
must show the text as the page does), so both follow one rule.
"""

from __future__ import annotations

import re

# A line starting with an HTML tag starts a block, unless the tag is an inline one (a fallback text's
# <span lang="en">, a <code>): Markdown keeps those in the paragraph.
_BLOCK_START = re.compile(r"^\s*(```|~~~|[-*+] |\d+[.)] |\||>|#|    |"
                          r"<(?!/?(a|abbr|b|br|code|del|em|i|img|ins|kbd|mark|q|s|samp|small|span|strong|sub|sup|"
                          r"time|u|var)\b))")


def is_inline(text: str) -> bool:
    """True when `text` is one paragraph that can follow a label on the same line."""
    text = text.strip()
    return "\n\n" not in text and not any(_BLOCK_START.match(line) for line in text.splitlines())


def follows_label(text: str) -> bool:
    """True when `text` is written on its label's line ("B) > 5"), False when it goes on the lines below
    it. One line always follows its label, whatever it starts with: after "B) ", "> 5", "2020. A year" and
    "# 1" are text, as their author meant (an option is not a quote or a heading); so do the lines of one
    paragraph. A fenced block, a list or several paragraphs go below the label, where they are blocks."""
    return "\n" not in text.strip() or is_inline(text)
