"""A reader's results in a real browser (headless Chromium): the score, written answers judged by the reader,
retrying the missed questions, taking a quiz as a test (with its time limit), shuffling, the state a page keeps
across a reload, Start over, and the progress of the whole site on the quiz indexes; in both languages, by
keyboard, on a phone's screen, without storage, printed, and checked by axe-core.

Every request to another host is blocked and fails the test, and so does any console error (see browser.py).
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import pytest
from browser import VISIBLE, Question, horizontal_overflow, open_and_visible, serious_violations, toggle, visibility

PRACTICE = "quizzes/ai-ml/kubeflow-trainer-practice/"  # every kind, and `test: {minutes: 15}`
PRACTICE_CHECKED = 7  # the practice quiz's questions the page checks: all but the short answer and the hands-on one
BUNDLED_CHECKED = 7  # the bundled quiz's seven multiple-choice questions
BUNDLED = "quizzes/ai-ml/kubeflow-trainer/"  # seven multiple-choice questions and three written ones
PAGES = {"en": PRACTICE, "ko": "ko/" + PRACTICE}
BUNDLED_PAGES = {"en": BUNDLED, "ko": "ko/" + BUNDLED}
INDEXES = {"en": "quizzes/", "ko": "ko/quizzes/"}
LANGUAGES = ["en", "ko"]

S = {  # what the page says, in each language
    "en": {"check": "Check", "start_over": "Start over", "retry": "Retry missed questions", "show_all": "Show all questions",
           "test": "Take as a test", "finish": "Finish test", "leave": "Leave the test", "shuffle": "Shuffle questions",
           "original": "Original order", "got": "I got it", "missed": "I missed it", "reset_all": "Reset all progress",
           "score": "Score: {right}/{total}", "unchecked": "{count} questions not checked yet.",
           "written": "Written answers, by your own judgement: {got} of {judged}.", "none": "Score: nothing checked yet.",
           "not_answered": "Not answered: this counts as wrong.", "unanswered": "{count} questions were not answered and count as wrong.",
           "retry_done": "Every missed question is answered again; all questions are shown.",
           "time_left": "Time left: {time}", "five": "5 minutes left.", "one": "1 minute left.",
           "time_up": "Time is up: the test is finished.", "started": "Quizzes started: {started}/{total}",
           "continue": "Continue: {title}", "quiz": " · reviewed {reviewed}/{total}",
           "quiz_score": " · reviewed {reviewed}/{total} · score {right}/{checkable}",
           "folder_score": "{started} of {quizzes} quizzes started · reviewed {reviewed}/{total} · score {right}/{checkable}",
           "correct": "Correct: {letter} is the right answer.", "right_mark": "Right", "wrong_mark": "Wrong",
           "answer_key": "Answer key", "legend": "Check yourself: question {number}",
           "judge_label": "How did your answer to question {number} go?", "reviewed_mark": "Reviewed",
           "wrong": "Not quite: you picked {picked}, the right answer is {letter}.", "reset_done": "All progress is reset.",
           "index_count": "{count} questions"},
    "ko": {"check": "확인", "start_over": "처음부터 다시", "retry": "틀린 문제 다시 풀기", "show_all": "모든 문제 보기",
           "test": "시험으로 풀기", "finish": "시험 마치기", "leave": "시험 그만두기", "shuffle": "문제 섞기",
           "original": "원래 순서", "got": "맞혔어요", "missed": "틀렸어요", "reset_all": "모든 진행 초기화",
           "score": "점수: {right}/{total}", "unchecked": "아직 확인하지 않은 문제가 {count}개 있습니다.",
           "written": "서술형 답(스스로 판단): {judged}개 중 {got}개 맞힘.", "none": "점수: 아직 확인한 문제가 없습니다.",
           "not_answered": "답하지 않음: 틀린 것으로 셉니다.", "unanswered": "답하지 않은 문제 {count}개는 틀린 것으로 셉니다.",
           "retry_done": "틀린 문제에 모두 다시 답했습니다. 모든 문제를 보여 줍니다.",
           "time_left": "남은 시간: {time}", "five": "5분 남았습니다.", "one": "1분 남았습니다.",
           "time_up": "시간이 다 되어 시험을 마쳤습니다.", "started": "시작한 퀴즈: {started}/{total}",
           "continue": "이어서 풀기: {title}", "quiz": " · 복습 {reviewed}/{total}",
           "quiz_score": " · 복습 {reviewed}/{total} · 점수 {right}/{checkable}",
           "folder_score": "퀴즈 {quizzes}개 중 {started}개 시작 · 복습 {reviewed}/{total} · 점수 {right}/{checkable}",
           "correct": "정답입니다: {letter}가 맞습니다.", "right_mark": "맞음", "wrong_mark": "틀림",
           "answer_key": "정답지", "legend": "스스로 확인하기: {number}번 문제", "judge_label": "{number}번 문제의 내 답은 어땠나요?",
           "reviewed_mark": "복습함", "wrong": "아쉽습니다: {picked}를 골랐지만 정답은 {letter}입니다.",
           "reset_done": "모든 진행을 초기화했습니다.", "index_count": "{count}문항"},
}


def _button(page, language: str, name: str):
    """The first button of that name (the panel's; the results panel repeats some after the last question)."""
    return page.get_by_role("button", name=S[language][name], exact=True).first


def _score(page) -> str:
    return page.locator(".quizpages-results__score").inner_text().strip()


def _visible(page) -> list[str]:
    """The ids of the questions a reader sees."""
    return page.locator("ol.quizpages-question > li[id]").evaluate_all(f"qs => qs.filter({VISIBLE}).map(q => q.id)")


def _open(q: Question) -> None:
    toggle(q.details)
    assert q.is_open()


def _answer_some(page) -> dict[str, Question]:
    """The practice quiz answered in part: multiple choice wrong, true/false and the number right, the short
    answer judged missed by the reader, the hands-on one got."""
    q = {name: Question(page, name) for name in ("trainjob-role", "v1-resources", "gang-or-nothing", "world-size",
                                                 "why-runtimes", "list-runtimes")}
    q["trainjob-role"].controls("input[value=A]").check()
    q["trainjob-role"].check()
    q["gang-or-nothing"].controls("input[value=true]").check()
    q["gang-or-nothing"].check()
    q["world-size"].controls("input").fill("32")
    q["world-size"].check()
    _open(q["why-runtimes"])
    q["why-runtimes"].details.locator("button[data-judged=missed]").click()
    _open(q["list-runtimes"])
    q["list-runtimes"].details.locator("button[data-judged=got]").click()
    return q


# -- score and written answers ----------------------------------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
def test_score_counts_each_questions_latest_check_apart_from_written_answers(open_page, base, language):
    """The results after the last question (and beside the review progress) count the checked questions by
    their latest check, announce every change, keep written answers judged by the reader apart, and survive
    a reload."""
    s = S[language]
    page = open_page(base + PAGES[language])
    assert _score(page) == s["none"]
    assert page.locator(".quizpages-results").evaluate(
        "r => r.previousElementSibling.matches('details.quizpages-answer') && "
        "!r.nextElementSibling.matches('ol.quizpages-question')")  # after the last question
    q = _answer_some(page)
    expected = " ".join([s["score"].format(right=2, total=PRACTICE_CHECKED) + ".", s["unchecked"].format(count=4),
                         s["written"].format(got=1, judged=2)])
    assert _score(page) == expected
    assert page.locator(".quizpages-results__score").get_attribute("role") == "status"
    assert page.locator(".quizpages-progress__score").inner_text() == s["score"].format(right=2, total=PRACTICE_CHECKED)
    assert q["list-runtimes"].details.locator("button[data-judged=got]").get_attribute("aria-pressed") == "true"
    assert q["why-runtimes"].details.locator("button[data-judged=missed]").get_attribute("aria-pressed") == "true"
    q["trainjob-role"].controls("input[value=B]").check()  # its latest check counts, not its first
    q["trainjob-role"].check()
    assert _score(page).startswith(s["score"].format(right=3, total=PRACTICE_CHECKED) + ".")
    page.reload()
    assert _score(page) == " ".join([s["score"].format(right=3, total=PRACTICE_CHECKED) + ".", s["unchecked"].format(count=4),
                                     s["written"].format(got=1, judged=2)])
    reloaded = Question(page, "why-runtimes")
    assert reloaded.is_open() and reloaded.mark.inner_text() == {"en": "Missed, by your judgement",
                                                                 "ko": "틀림(스스로 판단)"}[language]
    assert reloaded.details.locator("button[data-judged=missed]").get_attribute("aria-pressed") == "true"


@pytest.mark.parametrize("reduced", [True, False], ids=["reduced-motion", "motion"])
def test_a_reader_asking_for_reduced_motion_sees_nothing_move(open_page, base, reduced):
    """With prefers-reduced-motion, answering, checking and opening answers starts no transition (the progress
    bar's, Material's); without it, they do."""
    page = open_page(base + PAGES["en"], reduced_motion=reduced)
    page.evaluate("""() => { window.__moved = [];  // every transition started, however short
        addEventListener('transitionrun', e => __moved.push(e.propertyName), true); }""")
    q = _answer_some(page)
    _open(q["v1-resources"])
    moved = page.evaluate("() => __moved")
    assert (moved == []) == reduced, moved


@pytest.mark.parametrize("language", LANGUAGES)
def test_written_answer_judgement_buttons_come_with_the_opened_answer(open_page, base, language):
    """"I got it" / "I missed it" are native buttons inside the Show Answer block, seen once it is open, in a
    group named with the question's number."""
    s = S[language]
    page = open_page(base + PAGES[language])
    q = Question(page, "why-runtimes")
    got = q.details.get_by_role("button", name=s["got"], exact=True, include_hidden=True)
    assert got.count() == 1 and not got.is_visible()
    _open(q)
    assert got.is_visible() and got.evaluate("b => b.tagName") == "BUTTON"
    assert q.details.get_by_role("button", name=s["missed"], exact=True).is_visible()
    number = q.list.get_attribute("start")
    assert page.get_by_role("group", name=s["judge_label"].format(number=number)).count() == 1


# -- retry missed -------------------------------------------------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
def test_retry_shows_only_the_missed_questions_cleared_until_they_are_answered_again(open_page, base, language):
    """Retry missed shows only the questions whose latest check was wrong (and written answers judged missed),
    cleared, hides the rest and their empty sections, and shows everything again once each is answered anew;
    the score follows."""
    s = S[language]
    page = open_page(base + PAGES[language])
    q = _answer_some(page)
    _button(page, language, "retry").click()
    assert _visible(page) == ["trainjob-role", "why-runtimes"]
    headings = page.locator("article h2")
    titles = [h.rstrip("¶") for h in headings.all_inner_texts()]
    assert [title for title, shown in zip(titles, visibility(headings)) if shown] == [titles[0], titles[7]]
    wrong = q["trainjob-role"]
    assert not wrong.controls("input[value=A]").is_checked() and wrong.status.inner_text() == ""
    assert not wrong.is_open() and not q["why-runtimes"].is_open()
    assert not _button(page, language, "retry").is_visible() and _button(page, language, "show_all").is_visible()
    wrong.controls("input[value=B]").check()
    wrong.check()
    assert wrong.status.inner_text() == s["correct"].format(letter="B")
    assert _visible(page) == ["trainjob-role", "why-runtimes"]  # until every missed one is answered again
    _open(q["why-runtimes"])
    q["why-runtimes"].details.locator("button[data-judged=got]").click()
    assert len(_visible(page)) == 9
    assert page.locator(".quizpages-progress__status").inner_text() == s["retry_done"]
    assert _score(page).startswith(s["score"].format(right=3, total=PRACTICE_CHECKED) + ".")
    assert s["written"].format(got=2, judged=2) in _score(page)
    assert not _button(page, language, "retry").is_visible()  # nothing is missed now


@pytest.mark.parametrize("language", LANGUAGES)
def test_show_all_questions_ends_a_retry_with_every_question_as_it_was(open_page, base, language):
    """"Show all questions" brings back every question, the ones not answered again with their last answer."""
    s = S[language]
    page = open_page(base + PAGES[language])
    q = _answer_some(page)
    _button(page, language, "retry").click()
    _button(page, language, "show_all").click()
    assert len(_visible(page)) == 9
    assert q["trainjob-role"].controls("input[value=A]").is_checked()
    assert q["trainjob-role"].mark.inner_text() == s["wrong_mark"] and q["gang-or-nothing"].mark.inner_text() == s["right_mark"]


# -- test mode ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
def test_a_test_hides_every_answer_and_scores_everything_at_once(open_page, base, language):
    """In a test the inputs stay but answers, hints, verdicts, feedback and Check buttons go; Finish test
    scores every question (unanswered ones as wrong, and says how many), marks each, and opens the answers."""
    s = S[language]
    page = open_page(base + PAGES[language])
    _button(page, language, "test").click()
    assert page.locator("details.quizpages-answer:visible, details.quizpages-hint:visible").count() == 0
    assert page.locator("button.quizpages-selfcheck__check:visible").count() == 0
    mc, number = Question(page, "trainjob-role"), Question(page, "world-size")
    assert mc.controls("input").first.is_visible() and number.controls("input").is_visible()
    assert not _button(page, language, "shuffle").is_visible() and not _button(page, language, "test").is_visible()
    answer_key = page.get_by_role("link", name=s["answer_key"], exact=True, include_hidden=True)
    assert answer_key.count() == 1 and not answer_key.is_visible()  # no page of every answer during a test
    mc.controls("input[value=B]").check()
    number.controls("input").fill("31")
    number.controls("input").press("Enter")  # no verdict in a test
    assert number.fieldset.locator("[role=status]").text_content() == ""  # hidden, and empty
    page.get_by_role("button", name=s["finish"], exact=True).last.click()  # the one after the last question
    assert page.locator(".quizpages-results__note").inner_text() == s["unanswered"].format(count=5)
    assert _score(page).startswith(s["score"].format(right=1, total=PRACTICE_CHECKED) + ".")
    opened = open_and_visible(page.locator("details.quizpages-answer"))
    assert opened and all(opened)
    assert mc.status.inner_text() == s["correct"].format(letter="B") and mc.mark.inner_text() == s["right_mark"]
    assert number.mark.inner_text() == s["wrong_mark"]
    assert Question(page, "gang-or-nothing").status.inner_text() == s["not_answered"]
    assert page.locator(".quizpages-progress__label").inner_text().endswith(" 9/9")
    assert _button(page, language, "test").is_visible() and not _button(page, language, "finish").is_visible()
    assert answer_key.is_visible()
    _button(page, language, "test").click()  # a new test: what the last one left unanswered is not said again
    assert page.locator(".quizpages-results__note").inner_text() == ""


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_test_resumes_after_a_reload_and_leaving_it_restores_the_page(open_page, base, language):
    """A reload in the middle of a test keeps the test and the answers given so far; Leave the test brings the
    page back as it was before, the earlier check included."""
    s = S[language]
    page = open_page(base + PAGES[language])
    mc = Question(page, "trainjob-role")
    mc.controls("input[value=A]").check()
    mc.check()
    _button(page, language, "test").click()
    assert not mc.controls("input[value=A]").is_checked()  # a test starts blank
    mc.controls("input[value=C]").check()
    page.reload()
    mc = Question(page, "trainjob-role")
    assert mc.controls("input[value=C]").is_checked() and not mc.details.is_visible()
    assert _button(page, language, "finish").is_visible()
    _button(page, language, "leave").click()
    assert mc.controls("input[value=A]").is_checked() and mc.is_open()
    assert mc.status.inner_text() == s["wrong"].format(picked="A", letter="B")
    assert _score(page).startswith(s["score"].format(right=0, total=PRACTICE_CHECKED) + ".")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_timed_test_counts_down_announces_5_and_1_minutes_and_finishes_at_zero(open_page, base, language):
    """The quiz's `test: {minutes: 15}` shows a countdown, in sight wherever the reader scrolls, announces 5 and
    1 minutes left, and finishes the test when it reaches zero (the page's clock is Playwright's, moved on by the test)."""
    s = S[language]
    page = open_page(base + PAGES[language], own_context=True)  # the clock is the context's
    start = datetime(2026, 3, 1, 9, 0, 0)
    page.clock.install(time=start)
    page.reload()
    page.clock.pause_at(start + timedelta(seconds=30))  # the page's time stands still until moved on below
    _button(page, language, "test").click()
    timer = page.get_by_role("timer")
    assert timer.inner_text() == s["time_left"].format(time="15:00")
    in_sight = "t => { const r = t.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }"
    for where in ("document.documentElement.scrollHeight / 2", "document.documentElement.scrollHeight"):
        page.evaluate(f"() => window.scrollTo(0, {where})")  # in sight wherever the reader is on the page
        assert timer.evaluate(in_sight), where
    status = page.locator(".quizpages-progress__status")
    page.clock.run_for(1000)
    assert timer.inner_text() == s["time_left"].format(time="14:59")
    assert status.inner_text() == {"en": "Test: answers, hints and checks are hidden until you press Finish test.",
                                   "ko": "시험 중: 시험 마치기를 누를 때까지 정답, 힌트, 확인이 숨겨집니다."}[language]
    page.clock.fast_forward("10:00")
    assert status.inner_text() == s["five"] and timer.inner_text() == s["time_left"].format(time="4:59")
    page.clock.fast_forward("04:00")
    assert status.inner_text() == s["one"] and timer.inner_text() == s["time_left"].format(time="0:59")
    Question(page, "gang-or-nothing").controls("input[value=true]").check()
    page.clock.fast_forward("01:00")
    assert status.inner_text() == " ".join([s["time_up"], s["unanswered"].format(count=6)])
    assert not timer.is_visible() and _score(page).startswith(s["score"].format(right=1, total=PRACTICE_CHECKED) + ".")


# -- shuffle ------------------------------------------------------------------------------------------

def _letter_and_text(line: str) -> tuple[str, str]:
    match = re.match(r"^\s*([A-Z])\)\s*(.*?)\s*$", line, re.S)
    assert match, line
    return match.group(1), " ".join(match.group(2).split())


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("path", [BUNDLED, PRACTICE])
def test_shuffle_keeps_every_choice_question_agreeing_with_its_key(open_page, base, language, path):
    """After a shuffle each choice question's options are lettered again and its answer line, its answer list,
    its feedback and its self-check all name the same new letters; numbering follows the new order; matching
    and ordering items keep their order; "Original order" restores the page."""
    page = open_page(base + ("ko/" if language == "ko" else "") + path)
    lists = page.locator("ol.quizpages-question")
    before = lists.evaluate_all("ls => ls.map(l => l.querySelector('li').id)")
    items_before = page.locator("ol[data-kind=matching], ol[data-kind=ordering]").all_inner_texts()
    _button(page, language, "shuffle").click()
    after = lists.evaluate_all("ls => ls.map(l => l.querySelector('li').id)")
    assert sorted(after) == sorted(before)
    if path == BUNDLED:  # seven questions in one section: some moved (the practice quiz has one per section)
        assert after != before
    assert lists.evaluate_all("ls => ls.map(l => Number(l.getAttribute('start')))") == list(range(1, len(after) + 1))
    for number, qid in enumerate(after, 1):  # each check group and judgement is named by the new number
        group = page.locator(f"#quizpages-check-{qid} > legend, #quizpages-judge-{qid}")
        assert group.count() == 1 and group.text_content() in (S[language]["legend"].format(number=number),
                                              S[language]["judge_label"].format(number=number)), qid
    moved = 0
    for question in page.locator("ol.quizpages-question[data-kind=multiple_choice], "
                                 "ol.quizpages-question[data-kind=multiple_select]").all():
        q = Question(page, question.locator("> li").get_attribute("id"))
        options = dict(_letter_and_text(text) for text in q.list.locator("li li").all_inner_texts())
        assert sorted(options) == [chr(65 + i) for i in range(len(options))]  # lettered again, A, B, C ...
        moved += sum(1 for option, shown in q.list.locator("li li .quizpages-option").evaluate_all(
                         "os => os.map(o => [o.dataset.option, o.innerText])") if option != shown.rstrip(")"))
        q.details.locator("summary").click()
        if question.get_attribute("data-kind") == "multiple_choice":
            line = q.details.locator("p").first.inner_text()
            letter, text = _letter_and_text(line.split(":", 1)[1])
            assert options[letter] == text or options[letter].startswith(text), (q.id, letter, options)
            right = [letter]
        else:
            listed = [_letter_and_text(text) for text in q.details.locator(":scope > ul > li").all_inner_texts()]
            right = [letter for letter, _ in listed]
            assert right == sorted(right)
            for letter, text in listed:
                assert options[letter] == text
        notes = [_letter_and_text(text) for text in q.details.locator(".quizpages-feedback").all_inner_texts()]
        assert [letter for letter, _ in notes] == sorted(letter for letter, _ in notes)
        for letter in options:
            if letter in right:
                q.controls(f"input[value={letter}]").check()
            elif question.get_attribute("data-kind") == "multiple_select":
                q.controls(f"input[value={letter}]").uncheck()
        q.check()
        assert q.status.get_attribute("data-result") == "correct", (q.id, q.status.inner_text())
        assert ", ".join(right) in q.status.inner_text()  # the verdict names the new letters
        if notes:  # the feedback shown for a pick is the one the answer block gives that letter
            for shown in q.fieldset.locator(".quizpages-feedback").all_inner_texts():
                assert _letter_and_text(shown) in notes
    assert moved > 0  # some option got a new letter
    assert page.locator("ol[data-kind=matching], ol[data-kind=ordering]").all_inner_texts() == items_before
    _button(page, language, "original").click()
    assert lists.evaluate_all("ls => ls.map(l => l.querySelector('li').id)") == before
    marks = page.locator("ol.quizpages-question .quizpages-option[data-option]").evaluate_all(
        "ms => ms.map(m => [m.dataset.option, m.innerText])")
    assert marks
    for value, shown in marks:
        assert shown in (value + ")", {"true": "True", "false": "False"}.get(value),
                         {"true": "참", "false": "거짓"}.get(value))


@pytest.mark.parametrize("language", LANGUAGES)
def test_shuffling_loses_no_answer_and_keeps_storage_by_question_id(open_page, base, language):
    """A question checked before a shuffle keeps its verdict, said with its option's new letter, and what is
    stored does not change."""
    s = S[language]
    page = open_page(base + BUNDLED_PAGES[language])
    first = page.locator("ol.quizpages-question[data-kind=multiple_choice] > li").first.get_attribute("id")
    q = Question(page, first)
    q.controls("input[value=B]").check()
    q.check()
    stored = page.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())")
    option_text = q.list.locator("li li").nth(1).inner_text().split(")", 1)[1].strip()
    _button(page, language, "shuffle").click()
    checked = q.controls("input:checked")
    assert checked.count() == 1
    new_letter = checked.get_attribute("value")
    label = checked.evaluate("c => c.closest('li').innerText")
    assert label.split(")", 1)[1].strip() == option_text and label.startswith(new_letter + ")")
    status = q.status.inner_text()
    assert status == s["correct"].format(letter=new_letter) or status.startswith(
        s["wrong"].split("{letter}")[0].format(picked=new_letter)), status
    assert page.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())") == stored


# -- state after reload, Start over -------------------------------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
def test_start_over_clears_the_page_and_the_storage(open_page, base, language):
    """Start over clears every answer, verdict, mark, open answer, score and review progress of the quiz, on
    the page and in storage, and the page stays so after a reload."""
    s = S[language]
    page = open_page(base + PAGES[language])
    q = _answer_some(page)
    page.get_by_role("button", name=s["start_over"], exact=True).last.click()
    for question in q.values():
        assert not question.is_open() and question.mark.inner_text() == ""
    assert not q["trainjob-role"].controls("input[value=A]").is_checked() and q["world-size"].controls("input").input_value() == ""
    assert q["trainjob-role"].status.inner_text() == ""
    assert _score(page) == s["none"] and page.locator(".quizpages-progress__label").inner_text().endswith(" 0/9")
    keys = page.evaluate("() => Object.keys(localStorage).filter(k => k.includes(':ai-ml/kubeflow-trainer-practice'))")
    assert keys == ["quizpages:visit:/site/:ai-ml/kubeflow-trainer-practice"]
    page.reload()
    assert _score(page) == s["none"] and page.locator("details.quizpages-answer[open]").count() == 0


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_kind_is_restored_after_a_reload(open_page, base, language):
    """Each kind's input, verdict and open answer come back after a reload; a question only reviewed shows so."""
    s = S[language]
    page = open_page(base + PAGES[language])
    answers = {"trainjob-role": lambda q: q.controls("input[value=C]").check(),
               "v1-resources": lambda q: [q.controls(f"input[value={x}]").check() for x in "AC"],
               "gang-or-nothing": lambda q: q.controls("input[value=false]").check(),
               "who-does-what": lambda q: [q.controls("select").nth(n).select_option(x) for n, x in enumerate("BAD")],
               "trainjob-lifecycle": lambda q: [q.controls("select").nth(n).select_option(x) for n, x in enumerate("4321")],
               "pytorch-env": lambda q: [q.controls("input").nth(n).fill(x) for n, x in enumerate(["MASTER_ADDR", "rank"])],
               "world-size": lambda q: q.controls("input").fill("1 000")}
    shown = {}
    for name, answer in answers.items():
        q = Question(page, name)
        answer(q)
        q.check()
        shown[name] = (q.given(), q.status.inner_text())
    _open(Question(page, "list-runtimes"))
    page.reload()
    for name in answers:
        q = Question(page, name)
        again = (q.given(), q.status.inner_text())
        assert again == shown[name] and q.is_open() and q.mark.inner_text() == s["wrong_mark"], name
        assert again[1], name  # a verdict, said again
    reviewed = Question(page, "list-runtimes")
    assert reviewed.is_open() and reviewed.mark.inner_text() == s["reviewed_mark"]
    assert Question(page, "why-runtimes").mark.inner_text() == ""


def test_an_answer_kept_from_the_other_language_is_judged_by_this_pages_key(open_page, base):
    """Both languages keep one answer per question. "32개" is the number with the Korean page's unit: right
    there; on the English page, where it reads as no number, the verdict, the mark and the score all say
    wrong; back on the Korean page, all say right again. A partly filled fill-in, kept, is judged as given."""
    page = open_page(base + PAGES["ko"])
    number, blanks = Question(page, "world-size"), Question(page, "pytorch-env")
    _button(page, "ko", "test").click()
    blanks.controls("input").first.fill("MASTER_ADDR")
    page.get_by_role("button", name=S["ko"]["finish"], exact=True).last.click()
    assert blanks.status.inner_text() == "아쉽습니다: 빈칸 2개 중 1개가 맞습니다." and blanks.mark.inner_text() == "틀림"
    assert page.locator(".quizpages-results__note").inner_text() == S["ko"]["unanswered"].format(
        count=PRACTICE_CHECKED - 1)  # the fill-in, given in part, was answered
    number.controls("input").fill("32개")
    number.check()
    assert number.mark.inner_text() == S["ko"]["right_mark"]
    page.goto(base + PAGES["en"])
    number, blanks = Question(page, "world-size"), Question(page, "pytorch-env")
    assert number.status.inner_text() == "Type a number, such as 2.5. This counts as wrong."
    assert number.mark.inner_text() == S["en"]["wrong_mark"]
    assert blanks.status.inner_text() == "Not quite: 1 of 2 blanks are right." and blanks.mark.inner_text() == "Wrong"
    assert _score(page).startswith(S["en"]["score"].format(right=0, total=PRACTICE_CHECKED) + ".")
    page.goto(base + PAGES["ko"])
    number = Question(page, "world-size")
    assert number.status.inner_text().startswith("정답입니다") and number.mark.inner_text() == S["ko"]["right_mark"]
    assert _score(page).startswith(S["ko"]["score"].format(right=1, total=PRACTICE_CHECKED) + ".")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_kept_verdict_follows_a_key_changed_since(open_page, base, language):
    """An answer checked right before the author changed the key (here: kept as right, though the key says
    otherwise) is wrong after a reload, in the verdict, the mark and the score alike."""
    s = S[language]
    page = open_page(base + PAGES[language])
    mc = Question(page, "trainjob-role")
    mc.controls("input[value=A]").check()
    mc.check()
    assert mc.mark.inner_text() == s["wrong_mark"]
    changed = page.evaluate("""() => Object.keys(localStorage).filter(k => k.includes("answer") && k.includes("trainjob-role"))
        .map(k => { const v = JSON.parse(localStorage.getItem(k)); v.r = 1; localStorage.setItem(k, JSON.stringify(v)); return k; })""")
    assert len(changed) == 1, changed
    page.reload()
    mc = Question(page, "trainjob-role")
    assert mc.status.inner_text() == s["wrong"].format(picked="A", letter="B")
    assert mc.mark.inner_text() == s["wrong_mark"]
    assert _score(page).startswith(s["score"].format(right=0, total=PRACTICE_CHECKED) + ".")


# What storage may hold for a question after its author changed it (another kind under the same id, fewer
# options, another blank): an answer of another check type's shape, for each type, and anything else a page
# could find there.
MISFITS = """(data) => ({choice: ["A"], number: ["32"], choices: "A", blanks: "x", order: "21", match: "AB"})[data && data.type]
    || "A" """


def test_answers_kept_from_a_changed_question_are_forgotten_and_the_page_works(open_page, base):
    """An answer, a draft or a test's answer kept for a question that has since become another kind (or lost
    options, or blanks) never breaks the page: each is forgotten, every self-check works, the score counts
    none of them, and Start over and a test work as always."""
    s = S["en"]
    page = open_page(base + PAGES["en"])
    mc = Question(page, "trainjob-role")
    mc.controls("input[value=B]").check()
    mc.check()
    key = page.evaluate("() => Object.keys(localStorage).find(k => k.startsWith('quizpages:answer:'))")
    site_and_quiz = key.removeprefix("quizpages:answer:").removesuffix(":trainjob-role")
    ids = page.locator("ol.quizpages-question > li[id]").evaluate_all("lis => lis.map(li => li.id)")
    written = page.evaluate(f"""() => {{
        const misfit = {MISFITS};
        let n = 0;
        for (const list of document.querySelectorAll("ol.quizpages-question")) {{
          const id = list.querySelector(":scope > li[id]").id;
          const data = JSON.parse(list.getAttribute("data-check") || "null");  // none: a written answer now
          for (const what of ["answer", "draft"]) {{
            const value = what === "answer" ? {{a: misfit(data), r: 1}} : misfit(data);
            localStorage.setItem(`quizpages:${{what}}:{site_and_quiz}:${{id}}`, JSON.stringify(value)); n++;
          }}
        }}
        return n;
    }}""")
    assert written == 2 * len(ids) == 18
    page.reload()
    checked = page.locator("ol.quizpages-question[data-check]")
    assert page.locator("fieldset.quizpages-selfcheck").count() == checked.count() == PRACTICE_CHECKED
    assert page.locator(".quizpages-mark[data-mark=correct], .quizpages-mark[data-mark=wrong]").count() == 0
    assert mc.mark.inner_text() == s["reviewed_mark"]  # its answer was opened: that stays
    assert _score(page) == s["none"]
    left = page.evaluate("() => Object.keys(localStorage).filter(k => /^quizpages:(answer|draft):/.test(k))")
    assert left == [], left
    for q in (Question(page, i) for i in ids if i != "trainjob-role"):  # nothing found its way into a control
        assert all(value in (False, "") for value in q.given()), q.id
    mc = Question(page, "trainjob-role")
    mc.controls("input[value=B]").check()
    mc.check()
    assert mc.status.inner_text() == s["correct"].format(letter="B") and mc.mark.inner_text() == s["right_mark"]
    # a test under way, its deadline and answers of no shape a page writes
    page.evaluate(f"""() => {{
        const misfit = {MISFITS};
        const answers = {{}};
        for (const list of document.querySelectorAll("ol.quizpages-question"))
          answers[list.querySelector(":scope > li[id]").id] = misfit(JSON.parse(list.getAttribute("data-check") || "null"));
        localStorage.setItem("quizpages:test:{site_and_quiz}", JSON.stringify({{deadline: "soon", answers}}));
    }}""")
    page.reload()
    assert page.locator(".quizpages-testing").count() == 1  # the test resumed
    assert page.locator(".quizpages-timer:visible").count() == 0  # no time to count down from
    for q in (Question(page, i) for i in ids):
        assert all(value in (False, "") for value in q.given()), q.id
    page.get_by_role("button", name=s["finish"], exact=True).last.click()
    assert page.locator(".quizpages-results__note").inner_text() == s["unanswered"].format(count=PRACTICE_CHECKED)
    page.get_by_role("button", name=s["start_over"], exact=True).first.click()
    assert page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('quizpages:') && !k.includes(':visit:'))") == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_answer_given_and_not_checked_yet_comes_back_after_a_reload(open_page, base, language):
    """What a reader picked, chose or typed without pressing Check is there again after a reload, unjudged and
    not counted; once checked, the check is what comes back; Start over clears it."""
    s = S[language]
    page = open_page(base + PAGES[language])
    mc, match, number = Question(page, "trainjob-role"), Question(page, "who-does-what"), Question(page, "world-size")
    mc.controls("input[value=C]").check()
    match.controls("select").nth(1).select_option("C")
    number.controls("input").fill("3")
    number.controls("input").fill("32")
    page.reload()
    assert mc.controls("input[value=C]").is_checked() and mc.status.inner_text() == "" and not mc.is_open()
    assert match.controls("select").evaluate_all("ss => ss.map(s => s.value)") == ["", "C", ""]
    assert number.controls("input").input_value() == "32" and number.mark.inner_text() == ""
    assert _score(page) == s["none"] and page.locator(".quizpages-progress__label").inner_text().endswith(" 0/9")
    mc.controls("input[value=B]").check()
    mc.check()
    mc.controls("input[value=A]").check()  # changed after the check, not checked again
    page.reload()
    assert mc.controls("input[value=B]").is_checked() and mc.status.inner_text() == s["correct"].format(letter="B")
    page.get_by_role("button", name=s["start_over"], exact=True).first.click()
    page.reload()
    assert mc.controls("input:checked").count() == 0 and number.controls("input").input_value() == ""
    assert match.controls("select").evaluate_all("ss => ss.map(s => s.value)") == ["", "", ""]


# -- progress across the site ------------------------------------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
def test_each_index_shows_the_progress_of_every_quiz_folder_and_the_site(open_page, base, language):
    """The index of either language shows each quiz's reviewed count and, once checked, its score, each
    folder's summary, how many quizzes were started and a link to continue the one visited last; both
    languages' indexes show the same progress."""
    s = S[language]
    other = "ko" if language == "en" else "en"
    page = open_page(base + PAGES[other])  # progress made on the other language's pages
    _answer_some(page)
    page.goto(base + BUNDLED_PAGES[other])
    _open(Question(page, "headless-service"))
    page.goto(base + PAGES[language])  # visited last, in this language
    page.goto(base + INDEXES[language])
    marks = page.locator("span.quizpages-index__quiz")
    assert [text.strip() for text in marks.all_inner_texts()] == [
        s["quiz"].format(reviewed=1, total=10).strip(), s["quiz_score"].format(reviewed=5, total=9, right=2, checkable=PRACTICE_CHECKED).strip()]
    assert page.locator(".quizpages-index__summary").inner_text() == s["folder_score"].format(
        started=2, quizzes=2, reviewed=6, total=19, right=2, checkable=PRACTICE_CHECKED + BUNDLED_CHECKED)
    assert page.locator(".quizpages-site-progress__started").inner_text() == s["started"].format(started=2, total=2)
    title = marks.nth(1).evaluate("m => m.closest('li').querySelector('a').textContent")
    assert page.locator(".quizpages-site-progress__continue").inner_text() == s["continue"].format(title=title)
    page.locator(".quizpages-site-progress__continue a").click()
    page.wait_for_url(base + PAGES[language])


@pytest.mark.parametrize("language", LANGUAGES)
def test_reset_all_progress_asks_first_then_clears_every_quiz(open_page, base, language):
    """"Reset all progress" asks for confirmation: dismissed, nothing changes; accepted, every quiz of the site
    starts again, on the index and on the quiz pages."""
    s = S[language]
    page = open_page(base + PAGES[language])
    _answer_some(page)
    page.goto(base + INDEXES[language])
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    _button(page, language, "reset_all").click()
    assert asked and page.locator(".quizpages-site-progress__started").inner_text() == s["started"].format(
        started=1, total=2)
    page.once("dialog", lambda dialog: dialog.accept())
    _button(page, language, "reset_all").click()
    assert page.locator(".quizpages-site-progress__started").inner_text() == s["started"].format(started=0, total=2)
    assert page.locator("span.quizpages-index__quiz").all_inner_texts()[1].strip() == s["quiz"].format(
        reviewed=0, total=9).strip()
    assert page.locator(".quizpages-site-progress__continue").inner_text() == ""
    page.goto(base + PAGES[language])
    assert _score(page) == s["none"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_index_without_javascript_is_as_it_was(open_page, base, language):
    """Without JavaScript the index lists the quizzes with their question counts and nothing else."""
    page = open_page(base + INDEXES[language], javascript=False)
    lines = page.locator("article li").all_inner_texts()
    titles = page.locator("article li a").all_inner_texts()
    assert lines == [f"{title} · {S[language]['index_count'].format(count=count)}" for title, count in zip(titles, (10, 9))]
    assert page.locator(".quizpages-site-progress, .quizpages-index__summary, .quizpages-index__quiz:not(:empty)").count() == 0


# -- how it is made: keyboard, names, phones, storage, print, axe ---------------------------------------

def test_every_new_control_is_a_native_button_reached_by_keyboard_in_page_order(open_page, base):
    """The panel's controls are native buttons reached in page order with a visible focus ring."""
    page = open_page(base + PAGES["en"])
    _answer_some(page)
    page.locator(".quizpages-progress__label").click()
    names = []
    for _ in range(5):
        page.keyboard.press("Tab")
        names.append(page.evaluate("() => [document.activeElement.tagName, document.activeElement.textContent, "
                                   "getComputedStyle(document.activeElement).outlineStyle]"))
    assert [n[1] for n in names][:5] == ["Retry missed questions", "Take as a test", "Shuffle questions", "Start over",
                                         "Answer key"]
    assert all(tag == "BUTTON" and outline != "none" for tag, _, outline in names[:4]), names


# Where the focus is after a Tab, in one call: [its place among the scripts' buttons or -1, whether it shows a
# focus ring, whether it left the page (back on the body)].
TAB_THROUGH = """() => {
  const a = document.activeElement, style = getComputedStyle(a);
  return [a.matches('.quizpages-button') ? [...document.querySelectorAll('.quizpages-button')].indexOf(a) : -1,
          style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0, a === document.body];
}"""


def _tab_through(page) -> list[tuple[int, bool]]:
    """Every button the scripts made that Tab reaches from the page's title to its end, in the order reached
    (its place among them in the page), and whether it shows a focus ring."""
    page.evaluate("() => { const h = document.querySelector('article h1'); h.tabIndex = -1; h.focus(); }")
    reached, seen = [], 0
    for _ in range(400):
        page.keyboard.press("Tab")
        index, ring, left = page.evaluate(TAB_THROUGH)
        if left:
            break
        if index >= 0:
            if reached and reached[0][0] == index:
                break  # round again
            reached.append((index, ring))
        seen += 1
    assert seen < 400, "Tab never left the page"
    return reached


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_button_of_every_mode_is_reached_by_tab_in_page_order_with_a_focus_ring(open_page, base, language, subtests):
    """In the normal page, a retry and a test, Tab reaches every visible button the scripts made (the panel's,
    the written answers' judgements, the results'), in page order, each showing a focus ring; on the index,
    Reset all progress too. One page goes through the modes, each reported on its own."""
    page = open_page(base + PAGES[language])
    _answer_some(page)
    for mode in ("normal", "retry", "test"):
        with subtests.test(mode=mode):
            if mode == "test":
                _button(page, language, "show_all").click()  # the retry ends; the test starts from the page
            if mode != "normal":
                _button(page, language, mode).click()
            visible = page.locator(".quizpages-button").evaluate_all(
                "bs => bs.map((b, i) => [i, b.checkVisibility({visibilityProperty: true})])"
                ".filter(([, shown]) => shown).map(([i]) => i)")
            reached = _tab_through(page)
            assert [index for index, _ in reached] == visible
            assert len(visible) >= {"normal": 8, "retry": 4, "test": 5}[mode]  # the panel's, judgements and results'
            assert all(ring for _, ring in reached), reached
    with subtests.test(page="index"):
        page.goto(base + INDEXES[language])
        reached = _tab_through(page)
        assert [index for index, _ in reached] == [0] and reached[0][1]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_phone_screen_never_scrolls_sideways(open_page, base, language):
    """At 390×844 the quiz page (answered, in a retry, in a test, after one and shuffled) and the index with
    progress fit the screen, and a number's unit stays on its box's line."""
    page = open_page(base + PAGES[language])
    page.set_viewport_size({"width": 390, "height": 844})
    _answer_some(page)
    assert horizontal_overflow(page) == 0
    box = Question(page, "world-size").controls("input").bounding_box()
    unit = page.locator("#quizpages-check-world-size .quizpages-selfcheck__unit").bounding_box()
    assert abs(unit["y"] - box["y"]) < box["height"] and unit["x"] > box["x"]
    _button(page, language, "retry").click()
    assert horizontal_overflow(page) == 0
    _button(page, language, "show_all").click()
    _button(page, language, "test").click()
    assert horizontal_overflow(page) == 0
    _button(page, language, "finish").click()
    assert horizontal_overflow(page) == 0
    _button(page, language, "shuffle").click()
    assert horizontal_overflow(page) == 0
    page.goto(base + INDEXES[language])
    assert horizontal_overflow(page) == 0


BLOCKED_STORAGE = """
Object.defineProperty(window, 'localStorage', {
  configurable: true,
  get() { throw new DOMException('storage is blocked', 'SecurityError'); }
});
window.__uncaught = [];
addEventListener('error', e => window.__uncaught.push(e.filename || '(inline)'));
"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_without_storage_everything_works_for_the_visit(open_page, base, language):
    """With site data blocked, score, retry, a test, shuffle and Start over all work for the visit, and the
    index shows its progress and resets it."""
    s = S[language]
    page = open_page(base + PAGES[language], init_script=BLOCKED_STORAGE)
    q = _answer_some(page)
    assert _score(page).startswith(s["score"].format(right=2, total=PRACTICE_CHECKED) + ".")
    _button(page, language, "retry").click()
    assert _visible(page) == ["trainjob-role", "why-runtimes"]
    _button(page, language, "show_all").click()
    _button(page, language, "shuffle").click()
    _button(page, language, "test").click()
    _button(page, language, "finish").click()
    assert _score(page).startswith(s["score"].format(right=0, total=PRACTICE_CHECKED) + ".")
    _button(page, language, "start_over").click()
    assert _score(page) == s["none"] and not q["trainjob-role"].is_open()
    assert all("quizpages" not in source for source in page.evaluate("() => window.__uncaught"))
    page.goto(base + INDEXES[language])  # the index too, with nothing kept from the visit's pages
    assert page.locator(".quizpages-site-progress__started").inner_text() == s["started"].format(started=0, total=2)
    page.once("dialog", lambda dialog: dialog.accept())
    _button(page, language, "reset_all").click()
    assert page.locator(".quizpages-site-progress__status").inner_text() == s["reset_done"]
    assert all("quizpages" not in source for source in page.evaluate("() => window.__uncaught"))
    open_page.guards[-1].errors.clear()  # Material's own inline script reads localStorage unguarded


def _print(page) -> None:
    page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
    page.emulate_media(media="print")


def _printed(page) -> list[str]:
    """The lines a printed page shows, spaces collapsed."""
    return [" ".join(line.split()) for line in page.locator("article").inner_text().splitlines() if line.strip()]


# How each mode is reached from the one before it, on one page answered in part (_answer_some).
PRINTED_MODES = {"retry": ["retry"], "shuffle": ["show_all", "shuffle"], "test": ["original", "test"],
                 "finished": ["finish"]}


@pytest.mark.parametrize("language", LANGUAGES)
def test_printing_is_a_worksheet_in_every_mode(open_page, base, language, subtests):
    """Printed answered, in a retry, shuffled, in a test and after one, the page is still the worksheet: every
    question, its options and its blanks' lines, no answer, no control; apart from a shuffle's order, line for
    line the worksheet of a page nobody touched. The answer key prints every answer, even with a test under
    way. One page goes through the modes, each reported on its own."""
    page = open_page(base + PAGES[language])
    _print(page)
    untouched = _printed(page)
    page.emulate_media(media="screen")
    page.reload()
    _answer_some(page)
    for mode, buttons in PRINTED_MODES.items():
        with subtests.test(mode=mode):
            for name in buttons:
                _button(page, language, name).click()
            _print(page)
            assert page.locator("ol.quizpages-question:visible").count() == 9
            assert page.locator("details.quizpages-answer:visible").count() == 0
            assert page.locator(".quizpages-control:visible, .quizpages-selfcheck:visible, .quizpages-results:visible, "
                                ".quizpages-mark:visible, .quizpages-timer:visible").count() == 0
            assert page.locator(".quizpages-blank__line:visible").count() == 2
            if mode != "shuffle":
                assert _printed(page) == untouched
            page.emulate_media(media="screen")
    with subtests.test(page="answer key"):
        _button(page, language, "test").click()  # a test under way while the answer key is printed
        page.goto(base + PAGES[language] + "?answer-key=1")
        assert page.get_by_role("button", name=S[language]["test"]).count() == 0
        _print(page)
        assert page.locator("details.quizpages-answer:visible").count() == 9


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_serious_axe_violations_in_any_mode(open_page, base, language, subtests):
    """axe-core finds no serious or critical violation on a quiz page answered, in a retry, in a test and after
    one, in both languages (one page goes through the modes, each reported on its own)."""
    page = open_page(base + PAGES[language])
    _answer_some(page)
    with subtests.test(mode="normal"):
        assert serious_violations(page) == []
    with subtests.test(mode="retry"):
        _button(page, language, "retry").click()
        assert serious_violations(page) == []
    with subtests.test(mode="test"):
        _button(page, language, "show_all").click()
        _button(page, language, "test").click()
        Question(page, "world-size").controls("input").fill("4")
        assert serious_violations(page) == []
    with subtests.test(mode="finished"):
        _button(page, language, "finish").click()
        assert serious_violations(page) == []


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_serious_axe_violations_on_the_index_with_progress(open_page, base, language, dark):
    """The index showing progress, in both languages and both color schemes, passes axe-core."""
    page = open_page(base + PAGES[language], dark=dark)
    _answer_some(page)
    page.goto(base + INDEXES[language])
    assert page.locator(".quizpages-index__summary").count() == 1
    assert serious_violations(page) == []


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_hint_and_answer_have_their_own_look_and_icons(open_page, base, dark):
    """The Hint and Show Answer blocks differ from each other and from Material's blue note (border, tint and
    icon), in the light and the dark scheme, with the answer's border clearly visible."""
    page = open_page(base + PAGES["en"], dark=dark)
    hint = page.locator("details.quizpages-hint").first
    answer = page.locator("details.quizpages-answer").first
    style = """d => { const s = getComputedStyle(d), i = getComputedStyle(d.querySelector('summary'), '::before');
                      return [s.borderLeftColor, parseFloat(s.borderLeftWidth), i.maskImage || i.webkitMaskImage,
                              i.backgroundColor]; }"""
    hint_style, answer_style = hint.evaluate(style), answer.evaluate(style)
    assert hint_style[0] != answer_style[0] and hint_style[2] != answer_style[2]
    for border, width, icon, _color in (hint_style, answer_style):
        assert "svg" in icon and border not in ("rgb(68, 138, 255)", "rgba(0, 0, 0, 0.1)") and width >= 3
        assert not re.search(r"rgba\([^)]*, 0\.1\)", border)


# -- a site of edge cases: a text only in English, one right answer of several options, no self-check ---

EDGE_CASES = """\
title: {en: Edge Cases, ko: 경계 사례}
questions:
  - id: fallback
    kind: multiple_choice
    question: {en: Pick the second., ko: 둘째를 고르세요.}
    options:
      - {en: First, ko: 첫째}
      - {en: Second only in English}
    answer: B
  - id: only-one
    kind: multiple_select
    question: {en: Choose all that apply., ko: 해당하는 것을 모두 고르세요.}
    options: [PyTorchJob, TrainJob, TFJob]
    answer: [A]
"""
ENTITIES = """\
title: {en: Entities, ko: 엔티티}
questions:
  - id: entities
    kind: fill_in
    question: {en: "kubectl prints [___], joins with [___] and greets with [___].", ko: "[___], [___], [___]."}
    blanks:
      - accept: ["&lt;none&gt;", "<none>x"]
      - accept: ["a &amp;&amp; b"]
      - accept: ['say &quot;hi&quot; & go']
"""
WRITTEN_ONLY = """\
title: {en: Written Only, ko: 서술형만}
questions:
  - id: explain
    kind: short_answer
    question: {en: Explain gang scheduling., ko: 갱 스케줄링을 설명하세요.}
    answer: {en: All workers or none., ko: 워커 모두 아니면 하나도.}
"""
BLOCK_OPTIONS = """\
title: {en: Block Options, ko: 블록 보기}
questions:
  - id: command
    kind: multiple_choice
    question: {en: Which command lists the nodes?, ko: 노드를 나열하는 명령은?}
    options:
      - en: |
          This one:

          ```bash
          kubectl get nodes
          ```
        ko: |
          이것:

          ```bash
          kubectl get nodes
          ```
      - {en: "> 5", ko: "> 5"}
    answer: A
"""


@pytest.fixture(scope="module")
def edge_server(tmp_path_factory):
    """The bundled site with four more quizzes (EDGE_CASES, WRITTEN_ONLY, BLOCK_OPTIONS, ENTITIES), built and
    served."""
    from browser import StaticServer
    from conftest import build, copy_site

    site = copy_site(tmp_path_factory.mktemp("edge"))
    (site / "content/quizzes/ai-ml/edge-cases.yml").write_text(EDGE_CASES, encoding="utf-8")
    (site / "content/quizzes/other").mkdir()
    (site / "content/quizzes/other/written-only.yml").write_text(WRITTEN_ONLY, encoding="utf-8")
    (site / "content/quizzes/other/block-options.yml").write_text(BLOCK_OPTIONS, encoding="utf-8")
    (site / "content/quizzes/other/entities.yml").write_text(ENTITIES, encoding="utf-8")
    build(site, strict=False)  # the English-only option is a warning, as it is while a quiz is translated
    with StaticServer(site / "site") as httpd:
        yield httpd


@pytest.fixture
def edge_site(tabs, edge_server):
    """open(path) -> a loaded page of the edge-case site, on a first visit; as `open_page`, no request
    may leave it and nothing may be logged as an error."""
    from browser import Guard

    guard = Guard(edge_server.origin)

    def _open(path: str):
        return tabs.open(guard, edge_server.origin + "/" + path)

    _open.base = edge_server.origin + "/"
    yield _open
    tabs.finish_test()
    guard.check()


def test_an_accepted_answer_holding_an_entity_is_checked_as_the_answer_block_shows_it(edge_site):
    """An accepted answer written `&lt;none&gt;` is shown as written in the answer, and typing what the answer
    shows is right; the character the entity names (`<none>`) is another answer. The self-check is there
    whatever the text holds (a `&quot;` once broke its data, leaving the question unchecked)."""
    page = edge_site("quizzes/other/entities/")
    q = Question(page, "entities")
    _open(q)
    shown = q.details.locator("li").all_inner_texts() or q.details.locator("p").all_inner_texts()
    text = " ".join(shown)
    for written in ("&lt;none&gt;", "a &amp;&amp; b", "say &quot;hi&quot; & go"):
        assert written in text, text
    boxes = q.controls("input")
    assert boxes.count() == 3
    for box, typed in zip(boxes.all(), ("&lt;none&gt;", "a &amp;&amp; b", "say &quot;hi&quot; & go")):
        box.fill(typed)
    q.check()
    assert q.status.inner_text() == "Correct: every blank is right."
    boxes.first.fill("<none>")
    q.check()
    assert q.status.inner_text() == "Not quite: 2 of 3 blanks are right."


def test_an_option_shown_in_english_on_the_korean_page_stays_on_the_answer_line(edge_site):
    """On the Korean page, an option not translated yet follows "정답: B)" on the same line, as on the English
    page, and a shuffle letters it again there too."""
    page = edge_site("ko/quizzes/ai-ml/edge-cases/")
    q = Question(page, "fallback")
    _open(q)
    line = q.details.locator("p").first
    assert " ".join(line.inner_text().split()) == "정답: B) Second only in English"
    label, option = line.evaluate("p => [p.querySelector('strong'), p.querySelector('[lang=en]')].map("
                                  "n => { const r = n.getBoundingClientRect(); return [r.top, r.height]; })")
    assert abs(label[0] - option[0]) < label[1] / 2, (label, option)  # one line (fonts of two languages)
    _button(page, "ko", "shuffle").click()
    assert " ".join(line.inner_text().split()) == "정답: A) Second only in English"


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_option_holding_a_code_block_is_picked_in_place_with_its_code_below(edge_site, language):
    """An option whose text is a paragraph and a code block becomes a radio button in place, its code block
    below the label, and picking it is right; a one-line option "> 5" is a radio button beside its text."""
    page = edge_site(("ko/" if language == "ko" else "") + "quizzes/other/block-options/")
    q = Question(page, "command")
    options = q.list.locator("li.quizpages-option--pick")
    assert options.count() == 2
    assert options.nth(1).inner_text().strip() == "B) > 5"
    radio, label, code = (options.nth(0).locator(s) for s in ("input[type=radio]", "label", "pre code"))
    assert code.inner_text().strip() == "kubectl get nodes"
    assert radio.bounding_box()["y"] < code.bounding_box()["y"]
    assert label.bounding_box()["y"] + label.bounding_box()["height"] <= code.bounding_box()["y"] + 1
    q.controls("input[value=A]").check()
    q.check()
    assert q.status.inner_text() == RIGHT_A[language]


RIGHT_A = {"en": "Correct: A is the right answer.", "ko": "정답입니다: A가 맞습니다."}


@pytest.mark.parametrize("language", LANGUAGES)
def test_choose_all_with_one_right_answer_says_the_only_right_answer(edge_site, language):
    """A choose-all question with one right answer says so in the singular, right or wrong."""
    page = edge_site(("ko/" if language == "ko" else "") + "quizzes/ai-ml/edge-cases/")
    q = Question(page, "only-one")
    q.controls("input[value=A]").check()
    q.controls("input[value=B]").check()
    q.check()
    assert q.status.inner_text() == {"en": "Not quite: you picked A, B, the only right answer is A.",
                                     "ko": "아쉽습니다: A, B를 골랐지만 정답은 A 하나입니다."}[language]
    q.controls("input[value=B]").uncheck()
    q.check()
    assert q.status.inner_text() == {"en": "Correct: A is the only right answer.", "ko": "정답입니다: A만 맞습니다."}[language]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_quiz_without_self_checks_gives_no_score_only_the_written_figure(edge_site, language):
    """A quiz of written answers only has no score to give, on its page or on the index: its results are
    the reader's own judgement, and another quiz's score on the index is out of its own self-checks."""
    s = S[language]
    prefix = "ko/" if language == "ko" else ""
    page = edge_site(prefix + "quizzes/other/written-only/")
    assert _score(page) == ""
    q = Question(page, "explain")
    _open(q)
    q.details.locator("button[data-judged=got]").click()
    assert _score(page) == s["written"].format(got=1, judged=1)
    assert page.locator(".quizpages-progress__score").inner_text() == ""
    page.goto(edge_site.base + prefix + "quizzes/ai-ml/edge-cases/")
    Question(page, "fallback").controls("input[value=B]").check()
    Question(page, "fallback").check()
    assert _score(page).startswith(s["score"].format(right=1, total=2) + ".")
    page.goto(edge_site.base + prefix + "quizzes/")
    marks = dict(page.locator("span.quizpages-index__quiz").evaluate_all(
        "ms => ms.map(m => [m.dataset.quiz, m.innerText.trim()])"))
    assert marks["other/written-only"] == s["quiz"].format(reviewed=1, total=1).strip()
    assert marks["ai-ml/edge-cases"] == s["quiz_score"].format(reviewed=1, total=2, right=1, checkable=2).strip()
