"""Translations written into quiz files in place: only the text's own lines change, in the file's style."""

from __future__ import annotations

import difflib

import pytest

from quizpages.check import load_quiz
from quizpages.translate.importer import write_changes
from quizpages.translate.yaml_edit import Change, EditError

LANGUAGES = ("en", "ko", "ja")

QUIZ = """\
# yaml-language-server: $schema=../../schema/quiz.schema.json
# A comment that must stay.
title: {en: Helm Basics, ko: "헬름 기초"}   # flow mapping, quoted translation
intro:
  en: |
    Helm packages Kubernetes apps.

    It keeps releases.
  ko: |
    헬름은 쿠버네티스 앱을 묶습니다.

    릴리스를 관리합니다.
closing:
  en: >-
    Folded closing text that goes on
    over two lines.
questions:
  - id: release
    kind: multiple_choice
    question:
      en: 'What is a "release"?'
      ko: '"릴리스"란 무엇인가요?'
    options:
      - {en: One installed chart, ko: 설치된 차트 하나}
      - en: A chart repository
      - Tiller
    answer: A
    explanation:
      en: A release is one installed instance.   # trailing comment
  - id: command
    kind: hands_on
    question: {en: Install the chart., ko: 차트를 설치하세요.}
    answer: |
      ```bash
      helm install demo ./chart
      ```
"""


def _load(data: bytes):
    return load_quiz("content/quizzes/helm.yml", "helm", LANGUAGES, data)


def _slot(quiz, unit: str, name: str):
    return next(slot for slot in quiz.texts() if (slot.unit, slot.name) == (unit, name))


def _write(data: str | bytes, *wanted: tuple[str, str, str, str]) -> str:
    """Write (unit, name, language, value) translations into the quiz text; the result read back as intended."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    quiz, problems = _load(raw)
    assert quiz is not None, problems
    changes = [Change(_slot(quiz, unit, name).text, language, value) for unit, name, language, value in wanted]
    new, _added = write_changes(raw, quiz, problems, changes, LANGUAGES, _load)
    after, after_problems = _load(new)
    assert after is not None and not any(p.is_error for p in after_problems)
    for unit, name, language, value in wanted:
        assert _slot(after, unit, name).text.get(language) == value
    return new.decode("utf-8") if isinstance(data, str) else new


def _changed_lines(before: str, after: str) -> list[str]:
    return [line for line in difflib.ndiff(before.splitlines(), after.splitlines()) if line[:1] in "+-"]


def test_a_changed_translation_in_a_flow_mapping_changes_only_its_scalar():
    """A changed title in `{en: ..., ko: "..."}` keeps its quotes, and no other line moves."""
    after = _write(QUIZ, ("quiz", "title", "ko", "헬름의 기초"))
    assert _changed_lines(QUIZ, after) == [
        '- title: {en: Helm Basics, ko: "헬름 기초"}   # flow mapping, quoted translation',
        '+ title: {en: Helm Basics, ko: "헬름의 기초"}   # flow mapping, quoted translation']


def test_a_missing_translation_joins_a_flow_mapping_in_its_style():
    """A Japanese title is added inside the braces, after the Korean one, and the comment stays."""
    after = _write(QUIZ, ("quiz", "title", "ja", "Helm の基本"))
    assert 'title: {en: Helm Basics, ko: "헬름 기초", ja: "Helm の基本"}   # flow mapping' in after
    assert len(_changed_lines(QUIZ, after)) == 2


def test_a_literal_block_translation_stays_a_literal_block():
    """A changed `|` text is written as a `|` block at the same indentation; the English block is untouched."""
    after = _write(QUIZ, ("quiz", "intro", "ko", "헬름은 앱을 묶습니다.\n\n두 번째 단락.\n"))
    assert "  ko: |\n    헬름은 앱을 묶습니다.\n\n    두 번째 단락.\nclosing:" in after
    assert all(line.startswith(("-   ", "+   ", "- ", "+ ")) for line in _changed_lines(QUIZ, after))
    assert after.split("  ko: |")[0] == QUIZ.split("  ko: |")[0]


def test_a_missing_translation_of_a_block_mapping_is_a_line_under_its_neighbour():
    """A Korean closing is added under `en:` in the same folded style; a translation missing in a block mapping
    whose English has a trailing comment goes on the next line."""
    after = _write(QUIZ, ("quiz", "closing", "ko", "두 줄에 걸친 맺음말입니다."),
                   ("question:release", "explanation", "ko", "릴리스는 설치된 인스턴스입니다."))
    assert "    over two lines.\n  ko: >-\n    두 줄에 걸친 맺음말입니다.\nquestions:" in after
    assert ("      en: A release is one installed instance.   # trailing comment\n"
            "      ko: 릴리스는 설치된 인스턴스입니다.\n") in after
    assert [line[0] for line in _changed_lines(QUIZ, after)] == ["+", "+", "+"]


def test_single_quoted_text_keeps_single_quotes():
    """A single-quoted translation stays single-quoted, its own quotes doubled."""
    after = _write(QUIZ, ("question:release", "question", "ko", "'릴리스'는 무엇인가요?"))
    assert "      ko: '''릴리스''는 무엇인가요?'\n" in after


def test_a_plain_text_that_plain_yaml_would_misread_is_quoted():
    """A translation holding `: ` or ` #`, or that YAML reads as a number, is quoted instead of plain."""
    after = _write(QUIZ, ("question:release", "option B", "ko", "차트 저장소: 원격 # 아님"),
                   ("question:release", "option A", "ko", "2.5"))
    assert '      - en: A chart repository\n        ko: "차트 저장소: 원격 # 아님"\n' in after
    assert "{en: One installed chart, ko: \"2.5\"}" in after


def test_a_text_written_once_for_every_language_gains_a_translation():
    """`- Tiller` becomes `- {en: Tiller, ko: ..., ja: Tiller}` (the other languages keep the shared text), and a
    shared `answer: |` becomes a block mapping of `|` blocks."""
    after = _write(QUIZ, ("question:release", "option C", "ko", "틸러"),
                   ("question:command", "answer", "ko", "```bash\nhelm install 데모 ./chart\n```\n"))
    assert "      - {en: Tiller, ko: 틸러, ja: Tiller}\n" in after
    assert ("    answer:\n      en: |\n        ```bash\n        helm install demo ./chart\n        ```\n"
            "      ko: |\n        ```bash\n        helm install 데모 ./chart\n        ```\n"
            "      ja: |\n        ```bash\n        helm install demo ./chart\n        ```\n") in after


def test_a_multiline_translation_of_a_plain_text_becomes_a_literal_block():
    """A translation with line breaks where the English is plain is written as a `|` block, not one long line."""
    after = _write(QUIZ, ("question:release", "explanation", "ja", "一行目\n二行目"))
    assert "      ja: |-\n        一行目\n        二行目\n" in after


def test_text_yaml_cannot_write_unescaped_is_double_quoted():
    """A leading space, a line or paragraph separator (U+2028, U+2029) or a next-line character (U+0085) is
    never written raw: the translation reads back exactly."""
    after = _write(QUIZ, ("question:release", "explanation", "ja", " lead\u2028line\u2029para\x85next"))
    assert '\u2028' not in after and '\x85' not in after


def test_a_control_character_in_a_translation_is_refused_not_written():
    """A control character (U+0007) is an error in any quiz text, so the writer refuses it as it refuses a blank
    text, whatever escape it could be written with."""
    quiz, problems = _load(QUIZ.encode("utf-8"))
    change = Change(_slot(quiz, "quiz", "title").text, "ja", "lead\x07bell")
    with pytest.raises(EditError, match="U[+]0007"):
        write_changes(QUIZ.encode("utf-8"), quiz, problems, [change], LANGUAGES, _load)


def test_crlf_files_and_a_byte_order_mark_are_kept():
    """A file saved on Windows keeps its CRLF line ends and BOM; the new line has them too."""
    data = b"\xef\xbb\xbf" + QUIZ.replace("\n", "\r\n").encode("utf-8")
    after = _write(data, ("question:release", "explanation", "ko", "설명"))
    assert after.startswith(b"\xef\xbb\xbf")
    assert b"\r\n      ko: \xec\x84\xa4\xeb\xaa\x85\r\n" in after
    assert b"\n" not in after.replace(b"\r\n", b"")


def test_no_change_is_byte_identical():
    """Writing no translation gives the file back byte for byte."""
    assert _write(QUIZ) == QUIZ


@pytest.mark.parametrize("value", ["", "   "])
def test_an_edit_that_would_break_the_quiz_is_refused(value):
    """A blank text is an error in a quiz file, so it is never written: the writer refuses the whole file."""
    quiz, problems = _load(QUIZ.encode("utf-8"))
    change = Change(_slot(quiz, "question:release", "explanation").text, "ko", value)
    with pytest.raises(EditError, match="empty"):
        write_changes(QUIZ.encode("utf-8"), quiz, problems, [change], LANGUAGES, _load)


def test_a_one_line_translation_that_gains_lines_becomes_a_block_and_keeps_its_comment():
    """A plain Korean text replaced by two lines is a `|-` block; the comment after it stays a comment, and no
    blank line appears."""
    quiz = QUIZ.replace("      en: A release is one installed instance.   # trailing comment\n",
                        "      en: A release is one installed instance.\n      ko: 설치된 인스턴스.   # reviewed\n")
    after = _write(quiz, ("question:release", "explanation", "ko", "첫 줄\n둘째 줄"))
    assert "      ko: |-  # reviewed\n        첫 줄\n        둘째 줄\n  - id: command\n" in after
    plain = quiz.replace("   # reviewed", "")
    after = _write(plain, ("question:release", "explanation", "ko", "첫 줄\n둘째 줄"))
    assert "      ko: |-\n        첫 줄\n        둘째 줄\n  - id: command\n" in after


@pytest.mark.parametrize("unit, name, language", [
    ("quiz", "intro", "ko"),                        # a `|` block replaced, under a key at column 2
    ("quiz", "intro", "ja"),                        # a `|` block added beside it
    ("question:release", "explanation", "ko"),      # a plain text added, deeper in
    ("question:command", "answer", "ko"),           # a text written once becoming one per language
])
def test_a_translation_whose_first_line_starts_with_spaces_is_a_block_that_says_where_it_begins(unit, name, language):
    """A translation starting with an indented line (code, a quoted command) is written as a block whose
    indentation indicator counts from its key (`ko: |2`), so YAML keeps those spaces, wherever the key is."""
    value = "    helm install demo ./chart\n두 번째 줄\n"
    after = _write(QUIZ, (unit, name, language, value))
    [header] = [line for line in _changed_lines(QUIZ, after) if line.startswith("+") and f"{language}: |" in line]
    assert header.endswith(f"{language}: |2"), header
