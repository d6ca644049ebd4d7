"""The `<details>` answer blocks of a page: where each starts and ends, and what its summary says.

A page's questions are found from its answer blocks: every block answers the
question written before it, so a page is a quiz exactly when it has one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .html_blocks import markdown_lines
from .question import question_start
from .text import OUTSIDE, fence_tail, without_code_spans
from .text import fences as _fences_of

_OPEN = re.compile(r"^\s*<details(?:\s[^>]*)?>", re.IGNORECASE)
_TAGS = re.compile(r"<(/?)details(?:\s[^>]*)?\s*>", re.IGNORECASE)
_HEADING = re.compile(r"^#{1,6}\s")
_SUMMARY_OPEN = re.compile(r"^\s*<summary(?:\s[^>]*)?>", re.IGNORECASE)
_SUMMARY_CLOSE = re.compile(r"</summary\s*>", re.IGNORECASE)
_TAG = re.compile(r"<[^>]+>")
_EDGES = re.compile(r"^[\W_]+|[\W_]+$")

# Summaries that only say "open me": the page writes its own. Any other summary is question text.
_LABEL_EN = re.compile(
    r"^(?:(?:show|view|see|reveal|check|display|open|click(?:\s+here)?\s+to\s+(?:see|show|reveal|view))\s+)?"
    r"(?:the\s+)?(?:correct\s+)?(?:answers?|solutions?|explanations?|answer\s+key)"
    r"(?:\s*(?:&|and|/|\+)\s*(?:explanations?|answers?|solutions?))?$", re.IGNORECASE)
_LABEL_KO = re.compile(r"^(?:정답|답|답안|답변|해답|해설|풀이|설명)(?:\s*(?:및|과|와|/|&)\s*(?:해설|설명|풀이))?"
                       r"(?:\s*(?:보기|확인|확인하기|펼치기|열기))?$")


@dataclass
class AnswerBlock:
    start: int  # index of the `<details>` line
    end: int  # index of the `</details>` line, or of the last line read when it is missing
    lines: list[str]  # the lines inside, summary left out
    summary: str | None  # the summary's text, tags and emphasis removed
    closed: bool
    tail: str = ""  # text after its `</details>` on the same line ("</details> More text"): not part of it

    @property
    def summary_is_label(self) -> bool:
        return self.summary is None or is_label(self.summary)


# A short summary naming the answer is a label too ("See the answer", "정답을 확인하세요"), unless it asks.
_NAMES_ANSWER = re.compile(r"\b(?:answers?|solutions?|explanations?)\b|정답|해설|풀이|답변|답안", re.IGNORECASE)


def is_label(summary: str) -> bool:
    """Whether a summary only says "Show Answer" (in any of the source site's wordings)."""
    text = _EDGES.sub("", summary.replace("*", "")).strip()
    if _LABEL_EN.match(text) or _LABEL_KO.match(text):
        return True
    return len(text.split()) <= 5 and not summary.rstrip().endswith("?") and bool(_NAMES_ANSWER.search(text))


def find_blocks(lines: list[str], fences: list[int], start: int = 0) -> list[AnswerBlock]:
    """Every top-level `<details>` block from `lines[start]` on, outside fenced code."""
    blocks: list[AnswerBlock] = []
    i = start
    while i < len(lines):
        opened = _OPEN.match(lines[i]) if fences[i] == OUTSIDE else None
        if not opened:
            i += 1
            continue
        block = _read_block(lines, fences, i, lines[i][opened.end():])
        blocks.append(block)
        i = block.end + 1
    return blocks


def _read_block(lines: list[str], fences: list[int], start: int, rest: str) -> AnswerBlock:
    inner: list[str] = []
    depth, i, line = 0, start, rest
    while True:
        scanned = tag_scan(line, fences[i] if i != start else OUTSIDE)
        if scanned is not None:
            for tag in _TAGS.finditer(scanned):  # nested <details> blocks belong to this one
                if not tag.group(1):
                    depth += 1
                elif depth:
                    depth -= 1
                else:
                    inner.append(line[: tag.start()])
                    return _with_summary(start, i, inner, closed=True, tail=line[tag.end():])
        inner.append(line)
        i += 1
        if i == len(lines) or (fences[i] == OUTSIDE and _ends_unclosed(lines, i)
                               and not _closes_first(lines, fences, i)):
            return _with_summary(start, i - 1, inner, closed=False)  # unclosed: stop before what follows
        line = lines[i]


_QUOTED_OPEN = re.compile(r"^ {0,3}>[ >]*<details(?:\s[^>]*)?>", re.IGNORECASE)
_QUOTE = re.compile(r"^ {0,3}>(?: ?>)* ?")


def unquote_blocks(lines: list[str], fences: list[int]) -> list[int]:
    """Take, in place, the `>` marks off answer blocks written inside a blockquote (`> <details>` ... `>
    </details>`): the block is the question's answer, shown in a quote. Returns the `<details>` lines' indices.
    The quote's lines before and after the block stay quoted."""
    found = []
    i = 0
    while i < len(lines):
        if fences[i] != OUTSIDE or not _QUOTED_OPEN.match(lines[i]):
            i += 1
            continue
        found.append(i)
        depth = 0
        while i < len(lines) and (lines[i].lstrip().startswith(">") or not lines[i].strip() and depth > 0):
            lines[i] = _QUOTE.sub("", lines[i], count=1)
            quoted = fences[i]
            for tag in _TAGS.finditer(without_code_spans(lines[i]) if quoted == OUTSIDE else ""):
                depth += -1 if tag.group(1) else 1
            i += 1
            if depth <= 0:
                break
        fences[:] = _fences_of(lines)
    return found


_CLOSER = re.compile(r"</(?:details|summary)\s*>", re.IGNORECASE)


def without_stray_closers(lines: list[str], fences: list[int], blocks: list[AnswerBlock]) -> list[int]:
    """Remove, in place, every `</details>` (or `</summary>`) outside the answer blocks: a browser ignored it on
    the source site, and in a quiz text it would close the page's own Show Answer block. Returns the indices of
    the lines it was on."""
    inside = {i for block in blocks for i in range(block.start, block.end + 1)}
    found = []
    for i, line in enumerate(lines):
        scanned = tag_scan(line, fences[i]) if i not in inside else None
        if scanned is None or not _CLOSER.search(scanned):
            continue
        for tag in reversed(list(_CLOSER.finditer(scanned))):
            line = line[:tag.start()] + line[tag.end():]
        lines[i] = line.rstrip()
        found.append(i)
    return found


def tag_scan(line: str, state: int) -> str | None:
    """The part of `line` where a `<details>` tag counts, code spans blanked; None inside fenced code. The tag
    after a closing fence (```</details>) counts: the writer closed the code and the block on one line."""
    if "<" not in line:
        return line if state == OUTSIDE else None  # no tag to find: nothing to blank
    if state == OUTSIDE:
        return without_code_spans(line)
    tail = fence_tail(line)
    return " " * tail + without_code_spans(line[tail:]) if tail >= 0 else None


def _ends_unclosed(lines: list[str], i: int) -> bool:
    """Where a block missing its `</details>` stops: before the next block, heading or question."""
    line = lines[i]
    return bool(_OPEN.match(line) or _HEADING.match(line)
                or (not lines[i - 1].strip() and not line.startswith(" ") and question_start(line, i)))


def _closes_first(lines: list[str], fences: list[int], i: int) -> bool:
    """Whether a `</details>` comes before the next `<details>` from a heading or numbered line `lines[i]` on:
    then that line is the answer's own ("#### Explanation", a numbered list of steps), not what follows a block
    left unclosed."""
    if _OPEN.match(lines[i]):
        return False
    for n in range(i, len(lines)):
        scanned = tag_scan(lines[n], fences[n])
        if scanned is None or "<" not in scanned:
            continue
        tag = _TAGS.search(scanned)
        if tag:
            return bool(tag.group(1))
    return False


def split_heads(lines: list[str], fences: list[int]) -> list[int] | None:
    """Where a `<details>` opens after text on its line ("Think first. <details>"), the text on a line of its
    own and a blank one before the block, as a browser showed it. Returns the origin of each line, as
    `split_tails`, or None when no line has such text."""
    origin: list[int] = []
    out: list[str] = []
    for i, line in enumerate(lines):
        scanned = tag_scan(line, fences[i]) if fences[i] == OUTSIDE else None
        opened = next((t for t in _TAGS.finditer(scanned) if not t.group(1)), None) if scanned else None
        if opened and line[:opened.start()].strip():
            pad = line[: len(line) - len(line.lstrip(" "))]
            out += [line[:opened.start()].rstrip(), "", pad + line[opened.start():]]
            origin += [i, i, i]
        else:
            out.append(line)
            origin.append(i)
    if len(out) == len(lines):
        return None
    lines[:] = out
    return origin


def split_tails(lines: list[str], fences: list[int], blocks: list[AnswerBlock]) -> list[int] | None:
    """Where a block's `</details>` has text after it on its line, that text on lines of its own after a blank
    one, as a browser showed it (a paragraph after the block). Returns, for each new line, the index of the line
    it came from, or None when no block has such text (`lines` is then unchanged)."""
    tails = {block.end: block.tail for block in blocks if block.closed and block.tail.strip()}
    if not tails:
        return None
    origin: list[int] = []
    out: list[str] = []
    for i, line in enumerate(lines):
        if i in tails:
            tail = tails[i]
            out += [line[: len(line) - len(tail)].rstrip(), "", tail.strip()]
            origin += [i, i, i]
        else:
            out.append(line)
            origin.append(i)
    lines[:] = out
    return origin


def _with_summary(start: int, end: int, inner: list[str], closed: bool, tail: str = "") -> AnswerBlock:
    """The block, its leading `<summary>` taken out of its lines."""
    first = next((n for n, x in enumerate(inner) if x.strip()), None)
    summary = None
    if first is not None and _SUMMARY_OPEN.match(inner[first]):
        last = next((n for n in range(first, len(inner)) if _SUMMARY_CLOSE.search(inner[n])), None)
        if last is not None:
            text = "\n".join(inner[first:last + 1])
            body = text[_SUMMARY_OPEN.match(text).end():]  # type: ignore[union-attr]
            close = _SUMMARY_CLOSE.search(body)
            summary = " ".join(_TAG.sub("", body[: close.start()]).split())  # type: ignore[union-attr]
            after = body[close.end():]  # type: ignore[union-attr]
            inner = inner[:first] + ([after] if after.strip() else []) + inner[last + 1:]
    return AnswerBlock(start, end, markdown_lines(inner), summary, closed, tail)
