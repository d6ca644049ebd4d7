"""The YAML examples in the README: what a new author copies into a quiz file must be a valid quiz."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT
from quizpages.check import load_quiz

README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = [(README[: m.start()].count("\n") + 2, m.group(2))
          for m in re.finditer(r"^(`{3,})yaml\n(.*?)^\1$", README, re.S | re.M)]
# A kind's example is a question item (`  - id: ...`) or its body alone (`    kind: ...`), under `questions:`.
QUESTION_BLOCKS = [(line, block if block.startswith("  - id:") else "  - id: example\n" + block)
                   for line, block in BLOCKS if block.startswith(("  - id:", "    kind:"))]
QUIZ_BLOCKS = [(line, block) for line, block in BLOCKS if block.startswith("title:")]


def _problems(text: str) -> list[str]:
    _quiz, problems = load_quiz("example.yml", "example", ("en", "ko"), data=text.encode("utf-8"))
    return [p.render() for p in problems]


def test_the_readme_has_an_example_of_every_question_kind():
    """Each kind the README documents comes with an example to copy."""
    kinds = {kind for _line, block in QUESTION_BLOCKS for kind in re.findall(r"^    kind: (\w+)", block, re.M)}
    assert len(kinds) >= 9


@pytest.mark.parametrize("line, block", QUESTION_BLOCKS, ids=[f"README.md:{line}" for line, _ in QUESTION_BLOCKS])
def test_a_question_example_is_a_valid_question(line, block):
    """Pasted under `questions:`, the README's example of a kind has no error and no warning."""
    quiz = "title: {en: T, ko: 티}\nquestions:\n" + block
    assert _problems(quiz) == []


@pytest.mark.parametrize("line, block", QUIZ_BLOCKS, ids=[f"README.md:{line}" for line, _ in QUIZ_BLOCKS])
def test_a_quiz_example_reads_without_errors(line, block):
    """The README's example quiz file reads without errors (its links lead to pages of the README's story)."""
    assert [p for p in _problems(block) if ": error: " in p] == []
