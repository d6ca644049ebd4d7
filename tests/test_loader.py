"""The loader's messages: exact text and location, every problem in one run."""

from __future__ import annotations

from quizpages import KINDS, load_quiz

LANGS = ("en", "ko")


def _messages(tmp_path, text: str, name: str = "quiz.yml") -> list[str]:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    _, problems = load_quiz(str(path), "quiz", LANGS)
    return [p.render(str(tmp_path)) for p in problems]


VALID = """\
title: {en: T, ko: 티}
questions:
  - id: one
    kind: multiple_choice
    question: {en: Q?, ko: 질문?}
    options:
      - {en: yes, ko: 예}
      - {en: no, ko: 아니요}
    answer: A
"""


def test_valid_quiz_loads_without_problems(tmp_path):
    """A well-formed quiz loads into the model with its answer key and languages."""
    path = tmp_path / "quiz.yml"
    path.write_text(VALID, encoding="utf-8")
    quiz, problems = load_quiz(str(path), "topic/quiz", LANGS)
    assert problems == []
    assert quiz.id == "topic/quiz" and quiz.languages == LANGS
    assert quiz.questions[0].body.answer == "A"
    assert quiz.questions[0].body.options[1].get("ko") == "아니요"


def test_yaml_syntax_error_is_located(tmp_path):
    """A YAML syntax error names the line and column and says how to fix it: for a mapping never closed,
    where it opens, and the line where YAML noticed."""
    assert _messages(tmp_path, "title: {en: T\nquestions: []\n") == [
        "quiz.yml:1:8: error: invalid YAML: did not find expected ',' or '}' "
        "(while parsing a flow mapping), noticed on line 2 (Close the mapping with '}' and separate its entries with ','; inside "
        "{en: ..., ko: ...}, a text holding '[', ']', ',' or ': ' must be quoted, for example "
        "{en: \"The command [___] ...\"})"
    ]


def test_tab_indentation_is_explained(tmp_path):
    """A tab used for indentation gets a message that says so."""
    [message] = _messages(tmp_path, "title:\n\ten: T\n")
    assert message.startswith("quiz.yml:2:1: error: invalid YAML: a tab character is used for indentation")
    assert "indent with spaces" in message


def test_duplicate_key_is_rejected_with_both_lines(tmp_path):
    """A key written twice is an error pointing at the second, naming the first line."""
    text = VALID.replace("questions:", "title: {en: X, ko: Y}\nquestions:")
    assert "quiz.yml:2:1: error: duplicate key 'title' (first written on line 1) " \
           "(Remove one of them; YAML would silently keep only the last)" in _messages(tmp_path, text)


def test_unknown_key_suggests_the_known_one(tmp_path):
    """A misspelt key gets a did-you-mean hint."""
    text = VALID.replace("    answer: A", "    answr: A")
    assert _messages(tmp_path, text) == [
        "quiz.yml:3:5: error: question 1 (one) is multiple_choice but has no answer (Add `answer: B`)",
        "quiz.yml:9:5: error: unknown key 'answr' in question 1 (one) (Did you mean 'answer'?)",
    ]


def test_wrong_type_and_missing_fields_are_all_reported(tmp_path):
    """Every problem of a file is reported in one run, each at its own line."""
    text = "title: [a, b]\nquestions:\n  - id: Bad Id\n    kind: quiz\n"
    assert _messages(tmp_path, text) == [
        "quiz.yml:1:8: error: title must be text or a mapping of language to text, not a list "
        "(Write `en: ...` and `ko: ...` lines under it, or one text for every language; "
        "quote text that looks like a number)",
        "quiz.yml:3:5: error: question 1 is missing the required key 'question' (Add `question: {en: ..., ko: ...}`)",
        "quiz.yml:3:9: error: question 1: id 'Bad Id' may hold only lower-case letters, digits and dashes "
        "(For example `id: bad-id`)",
        f"quiz.yml:4:11: error: question 1: unknown kind 'quiz' (Use one of {', '.join(KINDS.names())})",
    ]


def test_answer_key_must_name_an_option(tmp_path):
    """An answer letter past the last option is an error naming the valid range."""
    assert _messages(tmp_path, VALID.replace("answer: A", "answer: C")) == [
        "quiz.yml:9:13: error: question 1 (one): the answer 'C' names no option (the options are A to B) "
        "(Write a letter from A to B, or add the missing option)"
    ]


def test_multiple_choice_answer_is_not_per_language(tmp_path):
    """The answer key is given once, so languages cannot disagree."""
    [message] = _messages(tmp_path, VALID.replace("answer: A", "answer: {en: A, ko: B}"))
    assert message == ("quiz.yml:9:13: error: question 1 (one): answer must be text, not a mapping "
                       "(Write the letter of the right option, e.g. `answer: B`)")


def test_duplicate_question_ids(tmp_path):
    """Two questions with one id are reported at the second."""
    second = VALID.split("questions:\n")[1]
    [message] = _messages(tmp_path, VALID + second)
    assert message.startswith("quiz.yml:10:9: error: duplicate question id 'one' (first used on line 3)")


def test_unconfigured_language_is_rejected(tmp_path):
    """A language the site does not configure is an error with a did-you-mean hint."""
    [message] = _messages(tmp_path, VALID.replace("title: {en: T, ko: 티}", "title: {en: T, kr: 티}"))
    assert message == ("quiz.yml:1:16: error: title: 'kr' is not a language of this site (Did you mean 'ko'? "
                       "This site's languages are en, ko; see plugins.quizpages.languages in mkdocs.yml)")


def test_custom_tags_are_rejected(tmp_path):
    """Loading is safe loading only: a python tag is an error, never executed."""
    text = VALID.replace("title: {en: T, ko: 티}", "title: !!python/object/apply:os.system ['echo pwned']")
    messages = _messages(tmp_path, text)
    assert messages[0] == "quiz.yml:1:8: error: the tag !!python/object/apply:os.system is not allowed " \
                          "(Quiz files are plain data; remove the tag)"


def test_alias_blow_up_is_capped(tmp_path):
    """Anchors and aliases that multiply the content are stopped by a cap on the work done."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    [message] = _messages(tmp_path, "\n".join(lines) + "\n")
    assert "the file expands to more than 20000 YAML nodes" in message


def test_bom_and_crlf_are_accepted(tmp_path):
    """Files saved by Windows editors (BOM, CRLF) load like any other."""
    assert _messages(tmp_path, b"\xef\xbb\xbf" + VALID.replace("\n", "\r\n").encode()) == []


def test_invalid_utf8_byte_is_located(tmp_path):
    """An invalid byte names its line and column."""
    assert _messages(tmp_path, b"title: {en: T, ko: \xff}\n") == [
        "quiz.yml:1:20: error: invalid UTF-8 byte 0xff (Save the file with UTF-8 encoding)"
    ]


def test_empty_file(tmp_path):
    """An empty file says it is empty and how to start one."""
    assert _messages(tmp_path, "# nothing\n") == [
        "quiz.yml:1:1: error: the file is empty (Write a quiz in it (`quizpages new` writes a starting point) "
        "or delete it)"
    ]


def test_every_problem_is_reported_in_one_run(tmp_path):
    """Duplicate options are reported with the other errors of the file, not once those are fixed:
    beside a bad key of the quiz's own and beside an unknown key in the same question."""
    text = VALID.replace("title:", "titel: x\ntitle:").replace(
        "      - {en: no, ko: 아니요}", "      - {en: yes, ko: 예}").replace("    answer: A", "    answer: A\n    hnit: x")
    messages = _messages(tmp_path, text)
    assert [m.split(": error: ")[1].rsplit(" (", 1)[0] for m in messages] == [
        "unknown key 'titel' in the quiz",
        "question 1 (one): options A and B have the same text in 'en'",
        "question 1 (one): options A and B have the same text in 'ko'",
        "unknown key 'hnit' in question 1 (one)",
    ]


def test_a_question_of_a_mistyped_kind_keeps_the_number_of_its_section(tmp_path):
    """`kind: essay` among multiple-choice questions is numbered as one of them, as it will be once fixed,
    and the questions after it keep their page numbers."""
    def item(qid: str, kind: str) -> str:
        body = "    options: [X, Y]\n    answer: A\n" if kind == "multiple_choice" else "    answer: A\n"
        return f"  - id: {qid}\n    kind: {kind}\n    question: Q\n" + body
    text = ("title: T\nquestions:\n" + item("a", "multiple_choice") + item("c", "essay") + item("b", "short_answer")
            + item("d", "multiple_choice"))
    assert [m.split(": error: ")[1].split(":")[0] for m in _messages(tmp_path, text)] == ["question 2 (c)"]


def test_a_code_block_never_closed_is_a_warning_at_its_opening_line(tmp_path):
    """A hands-on answer whose ``` is never closed would show its code as text: a warning at the fence's line."""
    text = ("title: T\nquestions:\n  - id: a\n    kind: hands_on\n    question: Q\n    answer: |\n"
            "      Run:\n\n      ```bash\n      kubectl get pods\n  - id: b\n    kind: hands_on\n    question: Q\n"
            "    answer: |\n      ```bash\n      kubectl get pods\n      ```\n")
    assert _messages(tmp_path, text) == [
        "quiz.yml:9:7: warning: question 1 (a): answer: the code block opened with ``` is never closed "
        "(End it with a line holding only ```, or the code shows as text)"
    ]
