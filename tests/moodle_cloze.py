"""Moodle's reader of Cloze codes, ported from question/type/multianswer/questiontype.php
(`qtype_multianswer_extract_question`): its regular expressions, the loop over a code's answers, and the
decoding of each answer, so the tests read a Cloze question as Moodle would, not as we would like."""

from __future__ import annotations

import html
import re

# ANSWER_ALTERNATIVE_ANSWER_REGEX is '.+?(?<!\\\\|&|&amp;)(?=[~#}]|$)'; Python's lookbehinds take one width
# each, so the three are written one after another, which means the same.
_FRACTION = r"=|%(-?[0-9]+)%"
_ANSWER = r".+?(?<!\\)(?<!&)(?<!&amp;)(?=[~#}]|$)"
_FEEDBACK = r".*?(?<!\\)(?=[~}]|$)"
_ALTERNATIVE = f"({_FRACTION})?({_ANSWER})(#({_FEEDBACK}))?"
_TYPES = (r"(NUMERICAL|NM)|(MULTICHOICE|MC)|(MULTICHOICE_V|MCV)|(MULTICHOICE_H|MCH)|"
          r"(SHORTANSWER|SA|MW)|(SHORTANSWER_C|SAC|MWC)")
_CODE = re.compile(r"\{([0-9]*):(" + _TYPES + r"):(" + _ALTERNATIVE + "(~" + _ALTERNATIVE + r")*)\}", re.S)
_ONE = re.compile("~?" + _ALTERNATIVE, re.S)
_SHORTANSWER, _SHORTANSWER_C, _ALTERNATIVES = 7, 8, 9  # the groups' numbers, as Moodle names them


def cloze_codes(text: str) -> list[tuple[str, list[tuple[float, str]]]]:
    """Each Cloze code of a question text, in order: its type (SHORTANSWER or SHORTANSWER_C) and its
    answers as Moodle stores them, (fraction, answer)."""
    codes = []
    while True:
        found = _CODE.search(text)
        if not found:
            return codes
        kind = "SHORTANSWER_C" if found.group(_SHORTANSWER_C) else "SHORTANSWER" if found.group(_SHORTANSWER) else "other"
        answers = []
        remaining = found.group(_ALTERNATIVES)
        while remaining:
            alternative = _ONE.search(remaining)
            if not alternative:
                break
            fraction = 1.0 if alternative.group(1) == "=" else (
                0.01 * int(alternative.group(2)) if alternative.group(2) else 0.0)
            answer = html.unescape(alternative.group(3)).replace("\\}", "}").replace("\\#", "#")
            answers.append((fraction, answer))
            remaining = remaining.split(alternative.group(0), 1)[1]
        codes.append((kind, answers))
        text = text.replace(found.group(0), f"{{#{len(codes)}}}", 1)
