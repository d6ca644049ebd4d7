"""Line helpers the importer's readers share: blank edges, indentation, fenced code, comparisons."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
CODE = re.compile(r"`([^`]+)`")
_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
# A fence closed with a tag on the same line ("```</details>"): the tag ends the answer block, as its writer meant.
_FENCE_TAIL = re.compile(r"^\s{0,3}(?:`{3,}|~{3,})\s*(?=</?[A-Za-z])")
_ENTITY = re.compile(r"&(?:[A-Za-z]+|#\d+|#x[0-9A-Fa-f]+);")
_SPANS = re.compile(r"(`+)(.+?)\1")  # a code span of any number of backticks
_EMPHASIS = re.compile(r"[*_`]")

OUTSIDE, OPENS, INSIDE = 0, 1, 2  # where a line stands with respect to fenced code

# Full-width forms of ASCII (`Ａ)`, `（Ｂ）`, `：`) and the ideographic space, as ASCII: one character for one,
# so a match on the half-width text has the same positions in the text as written.
_HALF_WIDTH = {0xFF01 + n: 0x21 + n for n in range(0x5E)} | {0x3000: 0x20}
_INVISIBLE = re.compile("[\u200b\u2060\ufeff]")  # zero-width space, word joiner, a BOM inside the text


def half_width(text: str) -> str:
    """`text` with full-width letters, digits and signs as ASCII (same length): what an answer's letter or an
    option's mark is compared as. Korean pages type `Ａ)` and `정답: Ｂ` with a full-width keyboard."""
    return text.translate(_HALF_WIDTH)


def normalize(text: str) -> list[str]:
    """The page's lines: one line-ending style, tabs in indentation as spaces, no trailing whitespace
    (whitespace-only lines become blank; a trailing-space line break reads the same as a soft one), no
    zero-width characters (a BOM, a zero-width space inside `**Answer:**`: nothing a reader sees)."""
    text = _INVISIBLE.sub("", text).replace("\r\n", "\n").replace("\r", "\n")
    lines = []
    for line in text.split("\n"):
        stripped = line.lstrip(" \t")
        pad = line[: len(line) - len(stripped)].replace("\t", "    ")
        lines.append((pad + stripped).rstrip())
    return lines


def fences(lines: list[str]) -> list[int]:
    """For each line: OUTSIDE fenced code, OPENS a fence, or INSIDE one (its closing line included)."""
    states, opened = [], None
    for line in lines:
        match = _FENCE.match(line)
        if opened is None:
            if match:
                opened = match.group(1)
                states.append(OPENS)
            else:
                states.append(OUTSIDE)
            continue
        states.append(INSIDE)
        if match and match.group(1)[0] == opened[0] and len(match.group(1)) >= len(opened) \
                and (not line.strip()[len(match.group(1)):].strip() or fence_tail(line) >= 0):
            opened = None
    return states


def fence_tail(line: str) -> int:
    """Where a tag written right after a closing fence starts (```</details>), else -1."""
    match = _FENCE_TAIL.match(line)
    return match.end() if match else -1


def without_code_spans(line: str) -> str:
    """`line` with its code spans blanked (same length), so a `</details>` shown as code is no tag."""
    return _SPANS.sub(lambda m: " " * len(m.group(0)), line)


def outside_code(line: str, change: Callable[[str], str]) -> str:
    """`line` with `change` applied to its text outside code spans; code spans stay as written."""
    pieces = _SPANS.split(line)  # text, ticks, code, text, ...
    return "".join(change(piece) if n % 3 == 0 else f"{pieces[n - 1]}{piece}{pieces[n - 1]}" if n % 3 == 2 else ""
                   for n, piece in enumerate(pieces))


def without_entities(text: str) -> str:
    """`text` with HTML entities (`&lt;`) as spaces: they are no words of an id or a comparison."""
    return _ENTITY.sub(" ", text)


def indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def dedent(line: str, width: int) -> str:
    """`line` without up to `width` leading spaces."""
    return line[min(width, indent(line)):]


def clean(lines: list[str]) -> str | None:
    """Lines joined, common indentation removed, blank edges trimmed; None when empty."""
    start, end = 0, len(lines)
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    if start == end:
        return None
    kept = lines[start:end]
    pad = min(indent(x) for x in kept if x.strip())
    return "\n".join(x[pad:] if x.strip() else "" for x in kept)


def join(*parts: str | None) -> str | None:
    """The non-empty parts as paragraphs, or None."""
    kept = [p for p in parts if p]
    return "\n\n".join(kept) if kept else None


def same_text(a: str, b: str) -> bool:
    """Whether two texts say the same, ignoring emphasis, code marks, case, spacing and a final stop."""
    return norm(a) == norm(b)


def norm(text: str) -> str:
    return " ".join(_EMPHASIS.sub("", text).split()).casefold().rstrip(".。")


def is_rule(line: str) -> bool:
    """A thematic break (`---`, `***`, `___`), which separates questions and says nothing."""
    return bool(re.fullmatch(r"\s{0,3}([-*_])(\s*\1){2,}\s*", line))


_ITEM = re.compile(r"^( *)([-*+]|\d+[.)])( +)(?=\S)")
_TABLE_ROW = re.compile(r"^ *\|")


@dataclass
class _Item:
    indent: int  # where its marker is in the source
    content: int  # where its text starts in the source: lines indented this far belong to it
    written: int  # where its marker is written


def site_markdown(text: str) -> str:
    """`text` as the site's Markdown reads it the way the source site's did.

    The source pages were read as CommonMark, where a list nests under an item when indented to
    the item's text (two spaces under `- `), and a list or table may follow a paragraph line
    directly. The site's Markdown (Python-Markdown) nests by four spaces and needs a blank line
    before a list or table; without both, nested lists come out flat and a `**Scoring:**` list as
    one paragraph. Nothing else changes."""
    lines = text.split("\n")
    states = fences(lines)
    out: list[str] = []
    items: list[_Item] = []
    for n, (line, state) in enumerate(zip(lines, states)):
        if not line.strip():
            out.append(line)
            continue
        width = indent(line)
        item = _ITEM.match(line) if state == OUTSIDE else None
        in_list = bool(items)
        while items and width < items[-1].content and (item or state == OUTSIDE and not _lazy(lines, n)):
            items.pop()
        if item:
            written = items[-1].written + 4 if items else width
            if not in_list and _follows_paragraph(out):
                out.append("")
            items.append(_Item(width, width + len(item.group(2)) + len(item.group(3)), written))
            out.append(" " * written + line[width:])
            continue
        if items and width >= items[-1].content:  # a line of the item's own text, code or table
            width = width - items[-1].content + items[-1].written + 4
            out.append(" " * width + line.lstrip(" "))
            continue
        if state == OUTSIDE and _TABLE_ROW.match(line) and _follows_paragraph(out) and not _TABLE_ROW.match(out[-1]):
            out.append("")
        out.append(line)
    return "\n".join(out)


def _lazy(lines: list[str], n: int) -> bool:
    """A paragraph line right after another: CommonMark continues the item's paragraph with it."""
    return n > 0 and bool(lines[n - 1].strip()) and not _ITEM.match(lines[n])


def _follows_paragraph(out: list[str]) -> bool:
    """Whether the line just written is paragraph text, which a list or table must not follow directly."""
    if not out or not out[-1].strip():
        return False
    last = out[-1].lstrip()
    return not (_ITEM.match(out[-1]) or last.startswith(("#", ">", "|", "```", "~~~", "<")) or is_rule(out[-1]))
