"""The page's footer: its last lines made only of links, read as the learning-material and next-quiz links.

Footers said "Return to Learning Materials", "Return to the guide", "Back to Study
Material", "학습 자료로 돌아가기", and "Next Quiz: title", "Next quiz", "다음 퀴즈: ...".
Any other footer link is kept in the closing text.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .text import LINK, is_rule

if TYPE_CHECKING:
    from .source_page import SourcePage

_RETURN = re.compile(
    r"\b(?:return|back|go\s+back)\s+to\b.*\b(?:learning|study|guide|material|materials|lesson|document|documentation"
    r"|docs|tutorial|chapter|article|course|module|topic)\b|(?:학습|가이드|문서|자료|교재|본문|강의|튜토리얼).*돌아가기"
    r"|학습 ?자료", re.IGNORECASE)
_NEXT = re.compile(r"^(?:next(?:\s+quiz)?|다음(?:\s*퀴즈)?)\s*(?:[:：\-–—→»]\s*(.*))?$", re.IGNORECASE)
_ARROWS = re.compile(r"^[\s←→«»⬅️➡️<>\-–—]+|[\s←→«»⬅️➡️<>\-–—]+$")
_SEPARATORS = re.compile(r"[\s|·•/←→«»⬅️➡️*_\-–—]*")


def links_only(line: str) -> bool:
    """A line of links and separators only (`[a](x) | [b](y)`); a list of links is closing text."""
    if re.match(r"^\s*(?:[-*+]|\d+[.)])\s", line):
        return False
    return bool(line.strip()) and bool(LINK.search(line)) and _SEPARATORS.fullmatch(LINK.sub("", line)) is not None


def split_footer(lines: list[str], offset: int, page: SourcePage) -> list[str]:
    """`lines` (the page's lines from index `offset` on) without their trailing footer, whose links fill the
    page's learning-material and next-quiz fields; other footer links become closing text."""
    end = len(lines)
    while end and not lines[end - 1].strip():
        end -= 1
    start = end
    while start and links_only(lines[start - 1]):
        start -= 1
    if start == end:
        return lines
    kept: list[str] = []
    for n, line in enumerate(lines[start:end]):
        number = offset + start + n + 1
        leftover = []
        for label, target in LINK.findall(line):
            name = _ARROWS.sub("", label.replace("*", "")).strip()
            next_match = _NEXT.match(name)
            if _RETURN.search(name) and page.learning_material is None:
                page.learning_material, page.footer_line = target, number
            elif next_match and page.next_link is None:
                page.next_link = target
                page.next_title = _ARROWS.sub("", next_match.group(1) or "").strip() or None
                page.footer_line = page.footer_line or number
            else:
                leftover.append(f"[{label}]({target})")
                page.warn("footer-link", number, f"footer link '{label}' is neither a learning-material nor a "
                          "next-quiz link; kept in the closing text",
                          "Move it into `closing:` by hand if it belongs elsewhere")
        if leftover:
            kept.append(" | ".join(leftover))
    rest = lines[:start]
    while rest and (not rest[-1].strip() or is_rule(rest[-1])):
        rest.pop()
    if kept:
        page.footer_extra = "\n\n".join(kept)
        page.footer_extra_line = offset + start + 1
    return rest
