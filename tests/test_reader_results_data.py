"""What the pages give the scripts for a reader's results, without a browser: a quiz's `test: {minutes: N}`
(declared once, so the loader, schema, YAML writer and build cache follow it), the index's marks for progress,
and the answer line of a text shown in another language, kept on one line."""

from __future__ import annotations

import json

import jsonschema
import markdown
from bs4 import BeautifulSoup
from quizpages import dump_quiz, json_schema, load_quiz
from quizpages.cache import codec
from quizpages.load import read_quiz
from quizpages.render import Renderer

LANGS = ("en", "ko")
TIMED = """\
title: {en: Timed, ko: 시간 제한}
test: {minutes: 12.5}
questions:
  - id: pick
    kind: multiple_choice
    question: {en: Pick one., ko: 하나를 고르세요.}
    options:
      - {en: First, ko: 첫째}
      - {en: Second}
    answer: B
"""


def _html(page: str) -> BeautifulSoup:
    return BeautifulSoup(markdown.markdown(page, extensions=["md_in_html"]), "html.parser")


def _timed(tmp_path):
    path = tmp_path / "timed.yml"
    path.write_text(TIMED, encoding="utf-8")
    quiz, problems = load_quiz(str(path), "t/timed", LANGS)
    assert [p for p in problems if p.is_error] == []
    return path, quiz


def test_a_time_limit_is_read_written_cached_and_in_the_schema(tmp_path):
    """`test: {minutes: 12.5}` loads as a number, writes back and decodes from the cache equal, and the schema
    accepts it and refuses other shapes."""
    path, quiz = _timed(tmp_path)
    assert quiz.test.minutes == 12.5
    again, problems = read_quiz(str(path), "t/timed", LANGS, dump_quiz(quiz).encode("utf-8"))
    assert again == quiz and "test:\n  minutes: 12.5\n" in dump_quiz(quiz)
    encoded = codec.encode(str(path), quiz, [])
    assert codec.decode(str(path), json.loads(json.dumps(encoded)))[0] == quiz
    schema = json_schema()
    question = {"id": "q", "kind": "short_answer", "question": {"en": "Q"}, "answer": {"en": "A"}}
    data = {"title": {"en": "T"}, "test": {"minutes": 20}, "questions": [question]}
    jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)
    for bad in ({"minutes": "soon"}, {"seconds": 20}, 20, {}):
        try:
            jsonschema.validate({**data, "test": bad}, schema, cls=jsonschema.Draft202012Validator)
        except jsonschema.ValidationError:
            continue
        raise AssertionError(f"the schema accepted test: {bad}")


def test_the_quiz_page_gives_its_time_limit_and_result_strings_to_the_script(tmp_path):
    """The page's data element carries the minutes and every string the results, modes and marks show, in the
    page's language; a quiz without `test:` carries no time limit."""
    _path, quiz = _timed(tmp_path)
    page = BeautifulSoup(Renderer({quiz.id: quiz}, LANGS).quiz_page(quiz, "ko"), "html.parser")
    data = page.select_one("div.quizpages-quiz")
    assert data["data-test-minutes"] == "12.5"
    strings = json.loads(data["data-strings"])
    assert strings["test.start"] == "시험으로 풀기" and strings["score.label"] == "점수: {right}/{total}"
    assert {"quiz.start_over", "judge.got", "retry.start", "shuffle.start", "mark.correct", "test.time_left"} <= set(strings)
    untimed = quiz.__class__(**{**{f: getattr(quiz, f) for f in quiz.__dataclass_fields__}, "test": None})
    assert not BeautifulSoup(Renderer({quiz.id: untimed}, LANGS).quiz_page(untimed, "en"), "html.parser").select_one(
        "div.quizpages-quiz").has_attr("data-test-minutes")


def test_an_answer_shown_in_another_language_stays_on_the_answer_line(tmp_path):
    """On the Korean page an option written in English only follows "정답: B)" on the same line, marked
    English, as the English page has it."""
    _path, quiz = _timed(tmp_path)
    html = _html(Renderer({quiz.id: quiz}, LANGS).quiz_page(quiz, "ko"))
    line = html.select("details.quizpages-answer p")[0]
    assert " ".join(line.get_text(" ").split()) == "정답: B) Second"
    assert line.select_one('span[lang="en"]').get_text() == "Second"


def test_the_index_marks_where_each_quiz_and_folder_shows_its_progress(tmp_path):
    """Each quiz of the index has an empty mark with its id, folder and question count, each folder an empty
    summary, and the page the strings of the site's progress; the text a reader sees is unchanged."""
    _path, quiz = _timed(tmp_path)
    index = Renderer({quiz.id: quiz}, LANGS).index_page("en")
    page = _html(index)
    mark = page.select_one("span.quizpages-index__quiz")
    assert (mark["data-quiz"], mark["data-folder"], mark["data-total"], mark.get_text()) == ("t/timed", "t", "1", "")
    assert page.select_one("div.quizpages-index__folder")["data-folder"] == "t"
    data = page.select_one("div.quizpages-index")
    assert data["data-site-root"] == ".." and json.loads(data["data-strings"])["site_progress.reset"] == "Reset all progress"
    assert [li.get_text(" ", strip=True) for li in page.select("li")] == ["Timed · 1 question"]


MIXED = TIMED + """\
  - id: why
    kind: short_answer
    question: {en: Why?, ko: 왜?}
    answer: {en: Because., ko: 그래서.}
  - id: flip
    kind: true_false
    question: {en: True?, ko: 참?}
    answer: true
"""


def test_the_index_gives_each_quiz_the_count_its_page_checks_itself(tmp_path):
    """The index's score for a quiz is out of the questions its page checks itself, the same count in every
    language: each quiz's mark carries it, and it is the number of questions with a self-check on the page."""
    path = tmp_path / "mixed.yml"
    path.write_text(MIXED, encoding="utf-8")
    quiz, problems = load_quiz(str(path), "t/mixed", LANGS)
    assert [p for p in problems if p.is_error] == []
    renderer = Renderer({quiz.id: quiz}, LANGS)
    for language in LANGS:
        mark = _html(renderer.index_page(language)).select_one("span.quizpages-index__quiz")
        page = _html(renderer.quiz_page(quiz, language))
        assert (mark["data-total"], mark["data-checkable"]) == ("3", "2")
        assert len(page.select("ol.quizpages-question[data-check]")) == 2
