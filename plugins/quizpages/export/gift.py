"""GIFT, Moodle's text format for questions: one file per quiz and language.

Each text is written as `[markdown]` (the author's Markdown) when Moodle's Markdown
(Markdown Extra) shows it as the site does, and as `[html]` (the site's HTML) when it
would not (an admonition, say), with GIFT's special characters escaped and every line
break written as `\\n`, since a blank line ends a GIFT question. GIFT holds one answer
set per question and has no ordering questions and no hints: those are left out, and
said so.
"""

from __future__ import annotations

import re

from ..kinds import assessment as a
from ..model.numbers import number
from .format import Format, Writer
from .items import ExportItem, ExportQuiz
from .moodle import short_answer
from .numbers import moodle_percent, share_note

_SPECIAL = str.maketrans({"\\": "\\\\", "~": "\\~", "=": "\\=", "#": "\\#", "{": "\\{", "}": "\\}", ":": "\\:",
                          "\n": "\\n", "\r": ""})


def escape(text: str) -> str:
    """`text` as GIFT reads it back: its special characters escaped, its lines joined with `\\n`."""
    return text.strip().translate(_SPECIAL)


_COMMENT = re.compile(r"<!--.*?-->", re.S)


def _text(text: str | None, writer: Writer, labelled: bool = False, answer: bool = False) -> str:
    """A text as GIFT writes it: its format, then the text, escaped. `labelled`: a text the site shows after
    a label (an option after "B) ", a feedback after "**B)**"), so "> 5" is text there, not a quote, and
    is written without the paragraph around it. `answer`: a text among the answers, where "->" would be
    read as a matching pair (by Moodle, in a matching question's left-hand side; by gift-pegjs, in any
    option), so it is never written as such: "-\\>" in Markdown, which shows "->", or "-&gt;" in HTML."""
    text = (text or "").strip()
    written = text.replace("->", "-\\>") if answer else text
    shown = writer.html.after_label(text) if labelled else writer.html(text)
    if writer.html.extra_shows_alike(written, shown):
        return "[markdown]" + escape(written)
    html = writer.html.inline(text) if labelled else shown
    if answer:
        html = _COMMENT.sub("", html).replace("->", "-&gt;")
    return "[html]" + escape(html)


def _feedback(text: str | None, writer: Writer) -> str:
    return f"#{_text(text, writer, labelled=True, answer=True)}" if text else ""


def _general(item: ExportItem, writer: Writer, extra: str | None = None) -> str:
    """The general feedback (`####`): the explanation, after the model answer of an essay."""
    text = "\n\n".join(part for part in (extra, item.explanation) if part)
    return f"\n\t####{_text(text, writer)}" if text else ""


def _misread_answer(accepted) -> str | None:
    """Why GIFT would misread one of a short answer's accepted answers, which no escape prevents, or None."""
    for answer in accepted:
        if "->" in answer:
            return f"its answer '{answer}' holds '->', which GIFT reads as a matching pair"
        if answer.startswith("%"):
            return f"its answer '{answer}' starts with '%', which GIFT reads as the start of a weight (%50%)"
        if _FORMAT_MARK.match(answer):
            return (f"its answer '{answer}' starts with '{_FORMAT_MARK.match(answer).group(0)}', which GIFT reads as "
                    "the answer's text format")
    return None


_FORMAT_MARK = re.compile(r"\[(?:html|moodle|plain|markdown)\]", re.IGNORECASE)  # GIFT's text formats


def _option(text: str | None, writer: Writer) -> str:
    return _text(text, writer, labelled=True, answer=True)


def _answers(item: ExportItem, writer: Writer) -> str | None:
    """The answer set of `item`, inside its braces, or None when GIFT cannot hold the question."""
    interaction = item.interaction
    if isinstance(interaction, a.SingleChoice):
        return "".join(f"\n\t{'=' if o.correct else '~'}{_option(o.text, writer)}{_feedback(o.feedback, writer)}"
                       for o in interaction.options)
    if isinstance(interaction, a.MultipleResponse):
        note = share_note(interaction)
        if note:
            writer.leave_out(item, "the exact partial credit", note,
                             "Import with 'Nearest grade if not listed', or use Moodle XML's or QTI's export")
        return "".join(f"\n\t~%{moodle_percent(interaction.weight(o))}%{_option(o.text, writer)}"
                       f"{_feedback(o.feedback, writer)}" for o in interaction.options)
    if isinstance(interaction, a.TrueFalse):
        return "T" if interaction.answer else "F"
    if isinstance(interaction, a.NumericEntry):
        answer, low, high = interaction.answer, interaction.low, interaction.high
        if low == high == answer:
            return f"#{number(answer)}"
        tolerance = interaction.centred_tolerance()  # as written: 9.81:0.01, never 9.81:0.00999999999999979
        if tolerance is not None:
            return f"#{number(answer)}:{number(float(tolerance))}"
        # a range not centred on the answer: the answer itself first, so Moodle shows it as the right one
        return f"#\n\t={number(answer)}:0\n\t={number(low)}..{number(high)}"
    if isinstance(interaction, a.Match):
        lefts = [f"\n\t={_option(pair.left, writer)} -> {escape(writer.html.plain(pair.right))}"
                 for pair in interaction.pairs]
        extra = [f"\n\t= -> {escape(writer.html.plain(text))}" for text in interaction.distractors]
        return "".join(lefts + extra)
    if isinstance(interaction, a.TextEntry):
        if len(interaction.blanks) != 1:
            writer.leave_out(item, "the question", f"it has {len(interaction.blanks)} blanks, and a GIFT question "
                                                   "holds one answer set", "Export to Moodle XML (a Cloze question) "
                                                                           "or QTI to keep it")
            return None
        blank = interaction.blanks[0]
        misread = _misread_answer(blank.accepted)
        if misread:
            writer.leave_out(item, "the question", misread, "Export to Moodle XML or QTI to keep it")
            return None
        if blank.case_sensitive:
            writer.leave_out(item, "the case sensitivity of its blank", "GIFT short answers always ignore case",
                             "Export to Moodle XML or QTI to keep it")
        return "".join(f"={escape(short_answer(answer))} " for answer in blank.accepted).rstrip()
    if isinstance(interaction, a.ExtendedText):
        return ""
    writer.leave_out(item, "the question", "GIFT has no question type for it"
                     + (" (no ordering questions)" if isinstance(interaction, a.Order) else ""),
                     "Export to Moodle XML or QTI to keep it")
    return None


def _question(item: ExportItem, writer: Writer) -> str | None:
    answers = _answers(item, writer)
    if answers is None:
        return None
    if item.hint:
        writer.leave_out(item, "the hint", "GIFT has no place for hints", "Export to Moodle XML or QTI to keep it")
    interaction = item.interaction
    model = None
    if isinstance(interaction, a.ExtendedText):
        model = f"**{writer.strings('answer')}**\n\n{interaction.model_answer}"
    general = _general(item, writer, model)
    prompt = item.prompt
    if isinstance(interaction, a.NumericEntry) and interaction.unit:
        prompt += "\n\n" + writer.strings(interaction.unit_label, unit=interaction.unit)
    text = _text(prompt, writer)
    if isinstance(interaction, a.TextEntry):
        # the answer set stands where the blank is (GIFT's "missing word"), the rest of the text around it
        before, _, after = text.partition(escape(a.blank_marker(1)))
        if _FORMAT_MARK.fullmatch(before):
            # a blank opening the question ("[___] 입력."): an answer set right after the format mark is no
            # GIFT a reader takes (gift-pegjs refuses the file), so it follows the text, where Moodle's short
            # answer shows its box, and the blank's place is the line Moodle writes for a missing word
            return f"::{escape(item.name)}::{before}_____{after}{{{answers}{general}}}"
        return f"::{escape(item.name)}::{before}{{{answers}{general}}}{after}"
    body = answers if not general and "\n" not in answers else f"{answers}{general}\n"
    return f"::{escape(item.name)}::{text}{{{body}}}"


def write(export: ExportQuiz, writer: Writer) -> bytes:
    # Moodle puts the questions in this category (created under the one chosen on import); "/" would nest
    title = writer.html.plain(export.title).replace("/", "//")
    blocks = [f"// {export.quiz.id} ({export.language}), exported by quizpages\n$CATEGORY: {title} ({export.language})"]
    for item in export.items:
        question = _question(item, writer)
        if question is not None:
            blocks.append(f"// {item.label}\n{question}")
    return ("\n\n".join(blocks) + "\n").encode("utf-8")


FORMAT = Format(name="gift", label="GIFT", suffix=".gift", write=write,
                doc="Moodle's GIFT text format")
