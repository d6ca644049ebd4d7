"""What a `<details>` answer block says: the right option's letter, or the written answer, and why.

The answer line came in many forms: `**Answer: B) text**`, `**Answer: B**`,
`**Answer:** B) text`, `**Answer: (B)**`, `**Answer: A)**`, `**Answer:** prose`, a bare
`**Answer:**` with the answer below it, Korean `**정답: ...**` and `**답변:**`, or no label
at all. The explanation follows its own label, or as plain paragraphs; a
`**References:**` paragraph belongs to it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .blocks import AnswerBlock
from .text import OUTSIDE, clean, fences, half_width, join, norm, same_text

if TYPE_CHECKING:
    from .source_page import PageQuestion, SourcePage

_ANSWER = (r"correct\s+answer|model\s+answer|sample\s+answer|expected\s+answer|suggested\s+answer|answer|solution"
           r"|정답|답변|답안|모범\s*답안|예시\s*답안|해답|답")
_EXPLANATION = r"explanation|설명|해설|풀이"
_REFERENCES = (r"references?|sources?|further\s+reading|learn\s+more|see\s+also|docs|documentation"
               r"|참고\s*자료|참고\s*문서|참고|관련\s*문서|출처")
_MARK = r"\*\*|__|\*|_"
_SYMBOL = r"(?:#{1,6}\s+)?(?:[\u2600-\u27bf\U0001f300-\U0001faff]\ufe0f?\s*)?"  # "✅ **Answer:** ...", "#### Answer"


_SEPARATOR = r"(?:[:：]|[-–—](?=\s))"  # "Answer: B", "Answer - B", "**Answer** — B"


def _label(words: str, plain: bool = True) -> tuple[re.Pattern, re.Pattern]:
    """(the label followed by a colon or a dash, the label in bold alone on its line). Without `plain`, the label
    must be bold or italic: a plain "Source: ..." line is the answer's own text. A label in brackets (`[정답] B`,
    `【정답】`) needs no colon."""
    with_colon = re.compile(rf"^{_SYMBOL}(?P<open>{_MARK}){'?' if plain else ''}\s*"
                            rf"(?:(?P<bracket>[\[【])\s*(?:{words})\s*[\]】]|(?:{words}))\s*(?P<shut>{_MARK})?"
                            rf"\s*(?(bracket){_SEPARATOR}?|{_SEPARATOR})\s*(?P<after>{_MARK})?\s*(?P<rest>.*)$",
                            re.IGNORECASE)
    alone = re.compile(rf"^(?:{_SYMBOL}(?:\*\*|__)(?:{words})(?:\*\*|__)|#{{1,6}}\s+(?:{words}))\s*[:：]?$", re.IGNORECASE)
    return with_colon, alone


ANSWER_LABEL = _label(_ANSWER)
# "**정답은 B입니다.**": the Korean sentence that names the answer.
_ANSWER_SENTENCE = re.compile(rf"^{_SYMBOL}(?P<open>{_MARK})?\s*(?:정답|답)(?:은|는)\s+(?P<rest>\S.*)$")
EXPLANATION_LABEL = _label(_EXPLANATION)
REFERENCES_LABEL = _label(_REFERENCES, plain=False)
_COPULA = r"(?:번|입니다|이에요|예요|이다)"  # "B입니다", "B번": Korean for "(it) is B"
_LETTER = re.compile(r"^(?:(?:option|choice|보기)\s*)?(?:\((?P<p>[A-Za-z])\)|(?P<l>[A-Za-z])(?=$|[).:,]|\s+[-–—]|\s*"
                     rf"{_COPULA}))(?:\s*{_COPULA}(?:$|[.。]|(?=\s)))?"
                     r"[).:,]?\s*(?:[-–—]\s*)?(?P<rest>.*)$", re.IGNORECASE | re.DOTALL)
_PER_OPTION_NOTE = re.compile(r"^\s*[-*]\s+[A-Za-z]\s*[:)]\s+\S")


def label_value(line: str, label: tuple[re.Pattern, re.Pattern]) -> tuple[str, str] | None:
    """(what follows the label, text after a bold label that also held it) when `line` starts with the label.

    `**Answer:** B) text` and `**Answer**: B` give ("B) text", ""); `**Answer: B) text** more` gives
    ("B) text", "more"); a bold label alone on its line gives ("", "")."""
    stripped = line.strip()
    probe = half_width(stripped)  # "정답： Ｂ" reads as "정답: B"; the text after it is kept as written
    if label[1].match(probe):
        return "", ""
    match = label[0].match(probe) or (_ANSWER_SENTENCE.match(probe) if label is ANSWER_LABEL else None)
    if not match:
        return None
    rest = stripped[match.start("rest"):].strip()
    opened = match.group("open")
    closed = "shut" in match.re.groupindex and (match.group("shut") or match.group("after"))
    if opened and not closed:  # the emphasis closes after the value
        end = rest.find(opened)
        if end >= 0:
            return rest[:end].strip(), rest[end + len(opened):].strip()
    return rest, ""


def _unwrap(text: str) -> str:
    """`**B) text**` -> `B) text`: emphasis around the whole value says nothing."""
    text = text.strip()
    for mark in ("**", "__", "*", "_"):
        if len(text) > 2 * len(mark) and text.startswith(mark) and text.endswith(mark):
            return text[len(mark):-len(mark)].strip()
    return text


def split_letter(value: str, options: int) -> tuple[str, str] | None:
    """(letter, text after it) when `value` names one of `options` options by its letter:
    `B`, `b`, `B)`, `(B)`, `B.`, `B) text`, `**B**`, `Option B`. Prose such as "A pod ..." is no letter."""
    text = _unwrap(value)
    match = _LETTER.match(half_width(text))  # "Ｂ)", "（Ｂ）": a full-width letter names the option too
    if not match:
        return None
    letter = (match.group("p") or match.group("l")).upper()
    if ord(letter) - ord("A") >= options:
        return None
    rest = text[match.start("rest"):]
    return letter, _unwrap(rest) if rest.strip() else ""


# "A, C", "A and C", "A & C", "(A), (C)", "A, B, and D", "A와 C": letters joined, then the end or what
# follows an answer ("A, C.", "A, C입니다", "A and C) both ...").
_JOINED = re.compile(r"^\(?([A-Z])\)?((?:\s*(?:,\s*and|,|&|\+|and|및|와|과)\s*\(?[A-Z]\)?)+)"
                     r"(?=$|[\s.。:]|입니다|이다|이에요|예요)")


def _several_letters(value: str, options: int) -> list[str] | None:
    """The letters when `value` names more than one of `options` options, or None."""
    match = _JOINED.match(half_width(_unwrap(value)).strip())
    if not match:
        return None
    letters = list(dict.fromkeys([match.group(1), *re.findall(r"[A-Z]", match.group(2))]))
    if len(letters) < 2 or any(ord(letter) - ord("A") >= options for letter in letters):
        return None
    return letters


def _first(lines: list[str], states: list[int], label, start: int = 0) -> int | None:
    return next((i for i in range(start, len(lines)) if states[i] == OUTSIDE and label_value(lines[i], label)), None)


def read_answer(block: AnswerBlock, question: PageQuestion, page: SourcePage, before: str | None = None) -> None:
    """Fill `question`'s answer key (or answer) and explanation from `block`; `before` is text the page
    put ahead of the answer (a summary that is no label)."""
    line = block.start + 1
    lines = (clean(block.lines) or "").split("\n")
    states = fences(lines)
    at = _first(lines, states, ANSWER_LABEL)
    after = at + 1 if at is not None else 0
    explained = _first(lines, states, EXPLANATION_LABEL, after)
    referenced = _first(lines, states, REFERENCES_LABEL, after) if explained is None else None
    end = next((x for x in (explained, referenced) if x is not None), len(lines))
    explanation = None
    if explained is not None:
        value, tail = label_value(lines[explained], EXPLANATION_LABEL)  # type: ignore[misc]
        explanation = clean([" ".join(x for x in (value, tail) if x), *lines[explained + 1:]])
    elif referenced is not None:
        explanation = clean(lines[referenced:])  # "**References:**" stays: the page has no label of its own
    pre = join(before, clean(lines[:at])) if at is not None else before
    value, tail = label_value(lines[at], ANSWER_LABEL) if at is not None else (None, "")  # type: ignore[misc]
    rest = lines[after:end]
    tail = _without_explanation_label(tail)
    if question.options:
        _choice(question, page, line, value, tail, rest, pre, explanation)
    else:
        _written(question, page, line, value, tail, rest, pre, explanation)
    if question.answer_key is None and not question.answer and not question.explanation:
        page.fail("answer-empty", line, f"question {question.number}: its answer block is empty, so there is no "
                  "answer to import",
                  "Write the answer (or the right option's letter) in the block and import again")
        question.answer = "…"  # read on, so that one run reports every problem of the page
    if question.explanation and any(_PER_OPTION_NOTE.match(x) for x in question.explanation.split("\n")):
        page.warn("option-notes", line, "per-option notes kept in the explanation")


def _without_explanation_label(tail: str) -> str:
    found = label_value(tail, EXPLANATION_LABEL) if tail else None
    return " ".join(x for x in found if x) if found else tail


def _choice(question: PageQuestion, page: SourcePage, line: int, value: str | None, tail: str,
            rest: list[str], pre: str | None, explanation: str | None) -> None:
    """A question with options: the letter its answer names, the rest of the answer kept in the explanation."""
    count = len(question.options)
    said = value
    if not value:  # "**Answer:**" alone, or no label: the letter opens the answer's first line
        first = next((n for n, x in enumerate(rest) if x.strip()), None)
        if first is not None and split_letter(rest[first], count):
            said, rest = rest[first], rest[first + 1:]
    several = _several_letters(said, count) if said else None
    if several:  # "A, C": a choose-all answer, which would be imported as A alone
        page.fail("answer-several-letters", line, f"question {question.number}: the answer names several options "
                  f"({', '.join(several)}), and the import makes questions with one right option only",
                  "Import the page without this question and write it as `kind: multiple_select` with "
                  f"`answer: [{', '.join(several)}]` by hand")
        question.answer_key, question.explanation = several[0], explanation  # read on: the quiz is not written
        return
    found = split_letter(said, count) if said else None
    if found is None and said:
        match = next((k for k, option in enumerate(question.options) if same_text(option, said)), None)
        found = (chr(ord("A") + match), "") if match is not None else None
    if found is None:
        question.answer = clean([*(pre or "").split("\n"), "", " ".join(x for x in (value, tail) if x), *rest])
        question.explanation = explanation
        return
    letter, text = found
    question.answer_key = letter
    option = question.options[ord(letter) - ord("A")]
    named = (option, option.split("\n")[0])  # an option with a list under it is named by its first line
    if text and not any(same_text(text, x) for x in named):
        if not norm(text).startswith(norm(option)):
            others = [chr(ord("A") + k) for k, o in enumerate(question.options) if same_text(o, text)]
            which = f" (that is option {others[0]}'s text)" if others else ""
            page.warn("answer-differs", line, f"question {question.number}: the answer names {letter}, but its text "
                      f"differs from option {letter}{which}; answer: {letter} kept, the text kept in the explanation",
                      "Check which option is right")
    else:
        text = ""
    if pre:
        page.warn("answer-before-label", line, f"question {question.number}: text before the answer label kept "
                  "in the explanation")
    question.explanation = join(pre, text, tail, clean(rest), explanation)


def _written(question: PageQuestion, page: SourcePage, line: int, value: str | None, tail: str,
             rest: list[str], pre: str | None, explanation: str | None) -> None:
    """A question without options: the answer as written."""
    letter_only = split_letter(value, 26) if value else None
    if letter_only and not letter_only[1] and not clean(rest):
        page.warn("answer-letter-no-options", line, f"question {question.number}: the answer names option "
                  f"{_unwrap(value)} but no options were found in the question; kept as written",
                  "Write the options as `- A) ...` lines under the question")
    answer = clean([*(pre or "").split("\n"), "", " ".join(x for x in (value, tail) if x), *rest])
    if answer is None and explanation is not None:
        answer, explanation = explanation, None  # the block holds only an "Explanation:": that is its answer
    question.answer = answer
    question.explanation = explanation
