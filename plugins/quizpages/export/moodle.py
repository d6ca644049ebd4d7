"""Moodle XML (https://docs.moodle.org/en/Moodle_XML_format): one file per quiz and language.

Every text is HTML made with the site's Markdown. Question types: multichoice (one
right option, or several with partial credit), truefalse, shortanswer (one blank),
cloze (several blanks), numerical, matching, ordering and essay. The explanation is
the general feedback, the hint a hint (shown between tries), an option's feedback
its answer's feedback, and an essay's model answer the grader information.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from decimal import Decimal

from ..kinds import assessment as a
from ..model.numbers import decimal, number
from .format import Format, Writer
from .items import ExportItem, ExportQuiz
from .numbers import moodle_percent, share_note

HTML = {"format": "html"}


def _text(parent: ET.Element, tag: str, value: str = "", attrs: dict | None = None) -> ET.Element:
    """`<tag attrs><text>value</text></tag>` under `parent`."""
    element = ET.SubElement(parent, tag, attrs or {})
    ET.SubElement(element, "text").text = value
    return element


def _value(parent: ET.Element, tag: str, value: str) -> ET.Element:
    element = ET.SubElement(parent, tag)
    element.text = value
    return element


def _answer(parent: ET.Element, fraction: str, text: str, feedback: str = "", fmt: str = "html") -> ET.Element:
    answer = ET.SubElement(parent, "answer", {"fraction": fraction, "format": fmt})
    ET.SubElement(answer, "text").text = text
    _text(answer, "feedback", feedback, HTML)
    return answer


def _combined_feedback(question: ET.Element) -> None:
    for tag in ("correctfeedback", "partiallycorrectfeedback", "incorrectfeedback"):
        _text(question, tag, "", HTML)


def short_answer(text: str) -> str:
    """An accepted answer as Moodle's short answers read it: `*` is a wildcard there, so a `*` the author
    wrote is `\\*` (Moodle's own escape)."""
    return text.replace("*", "\\*")


# How Moodle reads a Cloze answer (question/type/multianswer/questiontype.php): it ends before the first
# `~`, `#` or `}` not right after `\`, `&` or `&amp;`; then its HTML entities are decoded, and `\}` and `\#`
# unescaped. So `}` and `#` are escaped; `~` (which no escape protects), and `&` and `\` (which would protect
# the delimiter after them: "C:\" or "&" at an answer's end) are numeric entities, as are `<` and `>`.
_CLOZE = str.maketrans({"}": "\\}", "#": "\\#", "~": "&#126;", "&": "&#38;", "\\": "&#92;", "<": "&lt;",
                        ">": "&gt;"})


def _cloze_answer(text: str) -> str:
    """An accepted answer inside a Cloze code, written so Moodle reads exactly `text` (`/` and `"` are
    themselves)."""
    return short_answer(text).translate(_CLOZE)


def _blanks(item: ExportItem, html: str, with_cloze: bool) -> str:
    """The prompt's HTML with each blank as a Cloze code (several blanks) or a line to write on (one)."""
    blanks = item.interaction.blanks

    def blank(match: re.Match) -> str:
        number_ = int(match.group(1))
        if not with_cloze:
            return "_____"
        found = blanks[number_ - 1]
        kind = "SHORTANSWER_C" if found.case_sensitive else "SHORTANSWER"
        return "{1:%s:%s}" % (kind, "~".join(f"={_cloze_answer(answer)}" for answer in found.accepted))

    return re.sub(a.BLANK_MARKER_PATTERN, blank, html)


def _question(quiz: ET.Element, item: ExportItem, writer: Writer) -> None:
    html = writer.html
    interaction = item.interaction
    kind = _TYPES[type(interaction)]
    if isinstance(interaction, a.TextEntry) and len(interaction.blanks) > 1:
        kind = "cloze"
    question = ET.SubElement(quiz, "question", {"type": kind})
    _text(question, "name", item.name)
    prompt = item.prompt
    if isinstance(interaction, a.NumericEntry) and interaction.unit:
        prompt += "\n\n" + writer.strings(interaction.unit_label, unit=interaction.unit)
    prompt_html = html(prompt)
    if isinstance(interaction, a.TextEntry):
        prompt_html = _blanks(item, prompt_html, with_cloze=kind == "cloze")
    _text(question, "questiontext", prompt_html, HTML)
    general = [item.explanation] if item.explanation else []
    if isinstance(interaction, a.ExtendedText):
        general.insert(0, f"**{writer.strings('answer')}**\n\n{interaction.model_answer}")
    _text(question, "generalfeedback", html("\n\n".join(general)), HTML)
    if kind != "cloze":  # a Cloze question's mark is the sum of its blanks'
        _value(question, "defaultgrade", "1")
    _value(question, "penalty", "0.3333333")
    _value(question, "hidden", "0")
    _value(question, "idnumber", item.name)
    _BODIES[type(interaction)](question, item, writer)
    if item.hint:
        _text(question, "hint", html(item.hint), HTML)


def _choice(question: ET.Element, item: ExportItem, writer: Writer) -> None:
    interaction = item.interaction
    single = isinstance(interaction, a.SingleChoice)
    _value(question, "single", "true" if single else "false")
    # the author's order: explanations and feedback name options by their letters
    _value(question, "shuffleanswers", "false")
    _value(question, "answernumbering", "ABCD")
    _value(question, "showstandardinstruction", "0")
    _combined_feedback(question)
    if not single:
        note = share_note(interaction)
        if note:
            writer.leave_out(item, "the exact partial credit", note, "Import with 'Nearest grade if not listed'")
    for option in interaction.options:
        if single:
            fraction = "100" if option.correct else "0"
        else:
            fraction = moodle_percent(interaction.weight(option))
        _answer(question, fraction, writer.html.inline(option.text), writer.html.after_label(option.feedback))


def _true_false(question: ET.Element, item: ExportItem, writer: Writer) -> None:
    right = item.interaction.answer
    _answer(question, "100" if right else "0", "true", fmt="moodle_auto_format")
    _answer(question, "0" if right else "100", "false", fmt="moodle_auto_format")


def _text_entry(question: ET.Element, item: ExportItem, writer: Writer) -> None:
    blanks = item.interaction.blanks
    if len(blanks) > 1:
        return  # the Cloze codes in the question text hold everything
    _value(question, "usecase", "1" if blanks[0].case_sensitive else "0")
    for answer in blanks[0].accepted:
        _answer(question, "100", short_answer(answer), fmt="moodle_auto_format")


def _numeric(question: ET.Element, item: ExportItem, writer: Writer) -> None:
    interaction = item.interaction
    answer, low, high = interaction.answer, interaction.low, interaction.high
    # the answer itself first, so Moodle shows it as the right one; then the whole right range around its middle,
    # each tolerance as written (exact decimals: 0.01, never 0.00999999999999979)
    centred = interaction.centred_tolerance()
    rows = [(decimal(answer), centred if centred is not None else Decimal(0))]
    if centred is None and low != high:
        rows.append(((decimal(low) + decimal(high)) / 2, (decimal(high) - decimal(low)) / 2))
    for value, tolerance in rows:
        element = _answer(question, "100", number(float(value)), fmt="moodle_auto_format")
        _value(element, "tolerance", number(float(tolerance)))
    unit = writer.html.plain(interaction.unit) if interaction.unit else ""
    _value(question, "unitgradingtype", "0")  # a unit may be typed after the number, and is not graded
    _value(question, "unitpenalty", "0")
    _value(question, "showunits", "0" if unit else "3")
    _value(question, "unitsleft", "0")
    if unit:
        units = ET.SubElement(question, "units")
        one = ET.SubElement(units, "unit")
        _value(one, "multiplier", "1")
        _value(one, "unit_name", unit)


def _match(question: ET.Element, item: ExportItem, writer: Writer) -> None:
    interaction = item.interaction
    _value(question, "shuffleanswers", "true")
    _combined_feedback(question)
    for pair in interaction.pairs:
        sub = _text(question, "subquestion", writer.html.inline(pair.left), HTML)
        _text(sub, "answer", writer.html.plain(pair.right))  # a choice in a menu: plain text
    for distractor in interaction.distractors:  # an answer without a question matches nothing
        sub = _text(question, "subquestion", "", HTML)
        _text(sub, "answer", writer.html.plain(distractor))


def _order(question: ET.Element, item: ExportItem, writer: Writer) -> None:
    _value(question, "layouttype", "VERTICAL")
    _value(question, "selecttype", "ALL")
    _value(question, "selectcount", str(len(item.interaction.items)))
    _value(question, "gradingtype", "ALL_OR_NOTHING")  # as the site's self-check: right when every item is
    _value(question, "showgrading", "SHOW")
    _combined_feedback(question)
    for position, text in enumerate(item.interaction.items, start=1):  # in the right order
        _answer(question, str(position), writer.html.inline(text))


def _essay(question: ET.Element, item: ExportItem, writer: Writer) -> None:
    interaction = item.interaction
    _value(question, "responseformat", "monospaced" if interaction.code else "editor")
    _value(question, "responserequired", "1")
    _value(question, "responsefieldlines", "10" if interaction.code else "5")
    _value(question, "attachments", "0")
    _value(question, "attachmentsrequired", "0")
    _text(question, "graderinfo", writer.html(interaction.model_answer), HTML)
    _text(question, "responsetemplate", "", HTML)


_TYPES = {a.SingleChoice: "multichoice", a.MultipleResponse: "multichoice", a.TrueFalse: "truefalse",
          a.TextEntry: "shortanswer", a.NumericEntry: "numerical", a.Match: "matching", a.Order: "ordering",
          a.ExtendedText: "essay"}
_BODIES = {a.SingleChoice: _choice, a.MultipleResponse: _choice, a.TrueFalse: _true_false,
           a.TextEntry: _text_entry, a.NumericEntry: _numeric, a.Match: _match, a.Order: _order,
           a.ExtendedText: _essay}


def write(export: ExportQuiz, writer: Writer) -> bytes:
    quiz = ET.Element("quiz")
    category = ET.SubElement(quiz, "question", {"type": "category"})
    title = writer.html.plain(export.title).replace("/", "//")  # "/" would nest categories
    _text(category, "category", f"$course$/top/{title} ({export.language})")
    _text(category, "info", f"{export.quiz.id} ({export.language}), exported by quizpages", HTML)
    for item in export.items:
        if type(item.interaction) not in _TYPES:
            writer.leave_out(item, "the question", "Moodle XML has no question type for it")
            continue
        _question(quiz, item, writer)
    ET.indent(quiz)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(quiz, encoding="utf-8") + b"\n"


FORMAT = Format(name="moodle", label="Moodle XML", suffix=".moodle.xml", write=write,
                doc="Moodle XML")
