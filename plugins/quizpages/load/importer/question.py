"""One question's text before its answer block: where it starts, then its title, prompt and options.

The source site wrote a question's start in several ways over the years: a heading
holding the question (`## 3. What ...?`), a heading holding a title
(`### Question 3: Title`, the question below it), a numbered list item
(`3. What ...?`), a bold number (`**3. What ...?**`) or a label (`Q3. What ...?`). Options are letters, upper
or lower case, with or without a list marker or a checkbox: `- A) ...`, `* A) ...`, `A. ...`, `a) ...`,
`- [ ] A) ...`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .text import INSIDE, OUTSIDE, clean, dedent, half_width, indent

HEADING, TITLED, ITEM, BOLD = "heading", "titled", "item", "bold"

_TITLED = re.compile(r"^#{2,6}\s+(?:\*\*)?(?:question|q|문제|질문|퀴즈)\s*\.?\s*(\d+)\s*(?:[.:)：]|\s[-–—])?\s*"
                     r"(.*?)(?:\*\*)?\s*#*$", re.IGNORECASE)
_NUMBERED_HEADING = re.compile(r"^#{2,6}\s+(?:\*\*)?(\d+)[.)]\s+(.*?)(?:\*\*)?\s*#*$")
_ITEM = re.compile(r"^( {0,3})(\d+)[.)]( +)(\S.*)$")
_LABELLED = re.compile(r"^(?:question|q|문제)\s*(\d+)\s*[.:)]\s+(\S.*)$", re.IGNORECASE)  # "Q1. What ...?"
_BOLD = re.compile(r"^\*\*(?:(?:question|q|문제)\s*)?(\d+)[.):]\s*(?:\*\*\s*(\S.*)|(\S.*?)\*\*\s*(.*))$",
                   re.IGNORECASE)
HEADING_LINE = re.compile(r"^(#{1,6})\s+(.*?)\s*#*$")
_OPTION = re.compile(r"^(\s*)(?:[-*+]\s+(?:\[[ xX]\]\s+)?)?(?:\*\*|__)?\(?([A-Za-z])[.)](?:\*\*|__)?\s+(\S.*)$")


class _Option:
    """An option line (`- A) text`), its mark read half-width (`- Ａ） text`): `match(line)` gives (indent,
    letter, text as written), or None."""

    @staticmethod
    def match(line: str) -> tuple[str, str, str] | None:
        found = _OPTION.match(half_width(line))
        return (found.group(1), found.group(2), line[found.start(3):]) if found else None


OPTION = _Option()


@dataclass(frozen=True)
class Start:
    """The line a question starts at."""

    index: int  # in the page's lines
    number: int  # as the page numbers it
    form: str  # HEADING, TITLED, ITEM or BOLD
    text: str  # the question's first line, or its title (TITLED)
    width: int  # how far its continuation lines are indented (a list item's content column)


def question_start(line: str, index: int) -> Start | None:
    """The question starting at `line`, if one does."""
    if match := _TITLED.match(line):
        return Start(index, int(match.group(1)), TITLED, match.group(2).strip(), 0)
    if match := _NUMBERED_HEADING.match(line):
        return Start(index, int(match.group(1)), HEADING, match.group(2).strip(), 0)
    if match := _ITEM.match(line):
        width = len(match.group(1)) + len(match.group(2)) + 1 + len(match.group(3))
        return Start(index, int(match.group(2)), ITEM, match.group(4).strip(), width)
    if match := _BOLD.match(line):
        text = match.group(2) or " ".join(x for x in (match.group(3), match.group(4)) if x)
        return Start(index, int(match.group(1)), BOLD, text.strip(), 0)
    if match := _LABELLED.match(line):
        return Start(index, int(match.group(1)), BOLD, match.group(2).strip(), 0)
    return None


def split_region(lines: list[str], fences: list[int], region: list[int]
                 ) -> tuple[list[int], Start | None, list[int], list[int]]:
    """The lines before an answer block, split: (material before the question, where the question
    starts, its lines after that, lines of earlier questions that had no answer block of their own)."""
    starts = [s for i in region if fences[i] == OUTSIDE and (s := question_start(lines[i], i))]
    starts = [s for s in starts if not _a_step(lines, fences, region, starts, s)]
    if not starts:
        return region, None, [], []
    at = {s.index for s in starts}
    headings = [i for i in region if fences[i] == OUTSIDE and i not in at and HEADING_LINE.match(lines[i])]
    after = [s for s in starts if not headings or s.index > headings[-1]]
    start = after[0] if after else starts[-1]
    first = start.index
    for later in starts:
        if later.index > start.index and _starts_another(lines, fences, start, later):
            start = later  # the question before it had no answer block
    material = [i for i in region if i < first]
    unanswered = [i for i in region if first <= i < start.index]
    return material, start, [i for i in region if i > start.index], unanswered


def _a_step(lines: list[str], fences: list[int], region: list[int], starts: list[Start], item: Start) -> bool:
    """Whether a numbered line is a step of a task written under a heading and a sentence ("### Roll back" /
    "The release fails." / "1. Check the history." / "2. Undo it."), not a question: it is in a list of two or
    more (before one answer block, with no options between), and a heading and prose come before that list."""
    if item.form != ITEM:
        return False
    listed = _list_of(lines, fences, [s for s in starts if s.form == ITEM], item)
    if len(listed) < 2:
        return False
    before = [i for i in region if i < listed[0].index and fences[i] == OUTSIDE and lines[i].strip()]
    return any(HEADING_LINE.match(lines[i]) for i in before) and any(
        not HEADING_LINE.match(lines[i]) and not OPTION.match(lines[i]) for i in before)


def _list_of(lines: list[str], fences: list[int], items: list[Start], item: Start) -> list[Start]:
    """The numbered items of `item`'s list: numbered one after another, as indented, no options between."""
    def follows(a: Start, b: Start) -> bool:
        return (b.number == a.number + 1 and b.index > a.index and indent(lines[a.index]) == indent(lines[b.index])
                and not any(fences[i] == OUTSIDE and OPTION.match(lines[i]) for i in range(a.index + 1, b.index)))
    listed = [item]
    while (before := next((x for x in items if follows(x, listed[0])), None)) is not None:
        listed.insert(0, before)
    while (after := next((x for x in items if follows(listed[-1], x)), None)) is not None:
        listed.append(after)
    return listed


def _starts_another(lines: list[str], fences: list[int], current: Start, later: Start) -> bool:
    if later.form in (HEADING, TITLED):
        return True
    between = range(current.index + 1, later.index)
    return (later.form == current.form == ITEM and later.number == current.number + 1
            and indent(lines[later.index]) == 0
            and any(fences[i] == OUTSIDE and OPTION.match(lines[i]) for i in between))


@dataclass
class QuestionText:
    title: str | None
    prompt: str
    options: list[str]
    after_options: bool  # text came after the options and was kept at the end of the prompt


def read_text(lines: list[str], fences: list[int], start: Start, body: list[int]) -> QuestionText:
    """The title, prompt and options of a question from its start and the lines after it."""
    pad = min((indent(lines[i]) for i in body if lines[i].strip()), default=0)
    if start.form == ITEM:  # the item's text column, or less when its options are flush: a list under an option
        content = [dedent(lines[i], min(start.width, pad)) for i in body]  # keeps its indentation under it
    else:
        content = [lines[i][pad:] for i in body]
    prompt, options, after = split_options(content, [fences[i] for i in body])
    title = start.text or None if start.form == TITLED else None
    first = [] if start.form == TITLED else [start.text]
    return QuestionText(title, clean(first + prompt + [""] + after) or "", options, bool(clean(after)))


def split_options(content: list[str], fences: list[int]) -> tuple[list[str], list[str], list[str]]:
    """(prompt lines, option texts, lines after the options); no options unless there are two or more."""
    prompt: list[str] = []
    after: list[str] = []
    options: list[list[str]] = []
    base = ""  # "A" or "a": the case the first option is written in
    column = 0  # where the current option's marker starts
    target = prompt
    for line, fence in zip(content, fences):
        option = OPTION.match(line) if fence == OUTSIDE and target is not after else None
        if option:
            letter = option[1]
            expected = chr(ord(base) + len(options)) if base else None
            if letter == expected or (not base and letter in "Aa"):
                base = base or letter
                options.append([option[2]])
                column = len(option[0])
                target = options[-1]
                continue
        if options and target is options[-1] and fence != INSIDE and line.strip() and indent(line) <= column:
            target = after  # back at the options' own indentation: the options have ended
        target.append(line)
    if len(options) < 2:
        return content, [], []
    return prompt, [_option_text(o) for o in options], after


def _option_text(lines: list[str]) -> str:
    rest = clean(lines[1:])
    return lines[0].strip() + ("\n" + rest if rest else "")
