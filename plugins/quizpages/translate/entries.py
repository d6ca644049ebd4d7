"""A quiz's translatable texts in one language as translation entries: what PO and XLIFF files hold.

One entry per text the quiz writes per language (`Quiz.texts()`, the walk every check shares), with the
source-language text, the translation (empty when missing), a context naming the quiz, the question and
the field, the quiz file's line, and a comment for the translator. A text written once for every
language (`options: [PyTorchJob, TFJob]`) is no entry unless asked for (`shared`).

`status` counts translated, fuzzy and missing entries with `count`, so the report and the exported files
always agree.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass

from ..check.translation_status import stale_units
from ..model import Question, Quiz, TextSlot
from ..model.quiz import QUIZ_UNIT

TRANSLATED, FUZZY, MISSING = "translated", "fuzzy", "missing"


@dataclass(frozen=True)
class Entry:
    context: str  # quiz id, unit and field: "ai-ml/katib:question:gang-scheduling:option B"
    source: str  # the source-language text
    translation: str  # "" when missing
    state: str  # TRANSLATED, FUZZY (the source text changed after the translation was accepted) or MISSING
    previous: str | None  # the source text the translation was accepted against, when known and different
    reference: tuple[str, int]  # the quiz file (relative to the site) and the text's line
    comment: str  # for the translator: the question's kind, which option is the right answer


def context(quiz_id: str, slot: TextSlot) -> str:
    return f"{quiz_id}:{slot.unit}:{slot.name}"


def parse_context(value: str) -> tuple[str, str, str] | None:
    """(quiz id, unit, text name) of an entry's context; None when it is not one quizpages wrote."""
    quiz_id, sep, rest = value.partition(":")
    if not sep or not quiz_id:
        return None
    if rest.startswith(QUIZ_UNIT + ":"):
        return quiz_id, QUIZ_UNIT, rest[len(QUIZ_UNIT) + 1:]
    kind, sep, rest = rest.partition(":")
    question_id, sep2, name = rest.partition(":")
    if kind != "question" or not sep or not sep2 or not question_id or not name:
        return None
    return quiz_id, f"question:{question_id}", name


def quiz_entries(quiz: Quiz, language: str, source_language: str, accepted: dict[str, str],
                 accepted_texts: dict[str, dict[str, str]], relative_to: str, shared: bool = False) -> list[Entry]:
    """Every entry of `quiz` in `language`, in file order. `accepted`: the language's review hashes (unit ->
    hash), `accepted_texts`: the source texts they were taken of (unit -> name -> text), for fuzzy entries."""
    stale = stale_units(quiz, source_language, accepted)
    questions = {f"question:{q.id}": q for q in quiz.questions}
    found = []
    for slot in quiz.texts():
        text = slot.text
        source = text.by_language.get(source_language)
        is_shared = source is None and text.neutral is not None and not text.by_language
        if is_shared and shared:
            source = text.neutral
        if source is None or not source.strip():
            continue
        translation = text.by_language.get(language, text.neutral if is_shared else None) or ""
        previous = accepted_texts.get(slot.unit, {}).get(slot.name)
        state = TRANSLATED if translation else MISSING
        if translation and slot.unit in stale and (previous is None or previous.strip() != source.strip()):
            state = FUZZY
        where = text.where(source_language if not is_shared else None) or slot.fallback
        path = os.path.relpath(where.path, relative_to).replace(os.sep, "/") if where else ""
        found.append(Entry(
            context=context(quiz.id, slot), source=source, translation=translation, state=state,
            previous=previous if state == FUZZY and previous is not None else None,
            reference=(path, where.line if where else 0),
            comment=_comment(slot, questions.get(slot.unit), source_language)))
    return found


def count(entries: list[Entry]) -> dict[str, int]:
    """How many entries are translated, fuzzy and missing, and in all (`total`)."""
    states = Counter(entry.state for entry in entries)
    return {"total": len(entries), TRANSLATED: states[TRANSLATED], FUZZY: states[FUZZY], MISSING: states[MISSING]}


def total(counts) -> dict[str, int]:
    """The sum of several `count`s (of quizzes, of files)."""
    summed = {"total": 0, TRANSLATED: 0, FUZZY: 0, MISSING: 0}
    for found in counts:
        for key in summed:
            summed[key] += found[key]
    return summed


def _comment(slot: TextSlot, question: Question | None, source_language: str) -> str:
    """What a translator needs beside the text: which question, of what kind, and whether an option is the
    right answer (so a wrong option is never "fixed" into a right one)."""
    if question is None:
        return f"The quiz's {slot.name}."
    lines = [f"{slot.label}; kind: {question.kind}."]
    answers = _answer_letters(question)
    for prefix in ("option ", "feedback "):
        letter = slot.name[len(prefix):] if slot.name.startswith(prefix) else None
        if letter is None or answers is None or len(letter) > 2:
            continue
        right = letter in answers
        about = "This option" if prefix == "option " else f"The feedback on option {letter}: that option"
        lines.append(f"{about} is {'a RIGHT answer' if right else 'a WRONG answer'} "
                     f"(right: {', '.join(sorted(answers))}); keep it {'right' if right else 'wrong'}.")
    prompt = question.prompt.get(source_language) or ""
    if slot.name != "question" and prompt.strip():
        lines.append("Question: " + " ".join(prompt.split())[:200])
    return "\n".join(lines)


def _answer_letters(question: Question) -> set[str] | None:
    """The letters of a question's right options, for kinds whose `answer` names options by letter."""
    answer = getattr(question.body, "answer", None)
    if isinstance(answer, str) and len(answer) == 1:
        return {answer}
    if isinstance(answer, tuple) and answer and all(isinstance(a, str) for a in answer):
        return set(answer)
    return None
