"""Line helpers the importer's readers share: blank edges, indentation, fenced code, comparisons."""

from __future__ import annotations

import re

LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
CODE = re.compile(r"`([^`]+)`")
_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
_EMPHASIS = re.compile(r"[*_`]")

OUTSIDE, OPENS, INSIDE = 0, 1, 2  # where a line stands with respect to fenced code


def normalize(text: str) -> list[str]:
    """The page's lines: one line-ending style, tabs in indentation as spaces, no trailing whitespace
    (whitespace-only lines become blank; a trailing-space line break reads the same as a soft one)."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
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
                and not line.strip()[len(match.group(1)):].strip():
            opened = None
    return states


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
