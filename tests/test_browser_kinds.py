"""Every kind of question in a real browser: its self-check by mouse and by keyboard in both languages,
hints and per-option feedback, without JavaScript, and accessibility (the bundled practice quiz)."""

from __future__ import annotations

import json

import pytest
from browser import Question, open_and_visible, serious_violations, visibility
from quizpages import KINDS

PRACTICE = "quizzes/ai-ml/kubeflow-trainer-practice/"
PAGES = {"en": PRACTICE, "ko": "ko/" + PRACTICE}
CHECK = {"en": "Check", "ko": "확인"}
SELF_CHECKED = [kind.name for kind in KINDS if kind.check_shape]  # in page order, as the practice quiz has them

RIGHT = {
    "en": {
        "multiple_choice": "Correct: B is the right answer.",
        "multiple_select": "Correct: A, C, D are the right answers.",
        "true_false": "Correct: the statement is True.",
        "matching": "Correct: every pair matches.",
        "ordering": "Correct: {order} is the right order.",
        "fill_in": "Correct: every blank is right.",
        "numeric": "Correct: the answer is 32 processes.",
    },
    "ko": {
        "multiple_choice": "정답입니다: B가 맞습니다.",
        "multiple_select": "정답입니다: A, C, D가 맞습니다.",
        "true_false": "정답입니다: 이 문장은 참입니다.",
        "matching": "정답입니다: 모든 짝이 맞습니다.",
        "ordering": "정답입니다: {order} 순서가 맞습니다.",
        "fill_in": "정답입니다: 모든 빈칸이 맞습니다.",
        "numeric": "정답입니다: 답은 32개 프로세스입니다.",
    },
}
WRONG = {
    "en": {
        "multiple_choice": "Not quite: you picked A, the right answer is B.",
        "multiple_select": "Not quite: you picked A, B, the right answers are A, C, D.",
        "true_false": "Not quite: the statement is True.",
        "matching": "Not quite: {right} of 3 pairs match; the right pairs are {pairs}.",
        "ordering": "Not quite: {right} of 4 items are in the right place; the right order is {order}.",
        "fill_in": "Not quite: 1 of 2 blanks are right.",
        "numeric": "Not quite: you wrote 31, the answer is 32 processes.",
    },
    "ko": {
        "multiple_choice": "아쉽습니다: A를 골랐지만 정답은 B입니다.",
        "multiple_select": "아쉽습니다: A, B를 골랐지만 정답은 A, C, D입니다.",
        "true_false": "아쉽습니다: 이 문장은 참입니다.",
        "matching": "아쉽습니다: 3개 중 {right}개의 짝이 맞습니다. 올바른 짝은 {pairs}입니다.",
        "ordering": "아쉽습니다: 4개 중 {right}개가 제자리에 있습니다. 올바른 순서는 {order}입니다.",
        "fill_in": "아쉽습니다: 빈칸 2개 중 1개가 맞습니다.",
        "numeric": "아쉽습니다: 31을(를) 입력했지만 답은 32개 프로세스입니다.",
    },
}

MARK = {"en": {"correct": "Right", "wrong": "Wrong"}, "ko": {"correct": "맞음", "wrong": "틀림"}}  # after the question


def _question(page, kind: str):
    """(data-check, the question, its answer block) of the practice quiz's `kind` question."""
    question = page.locator(f"ol.quizpages-question[data-kind={kind}]")
    data = json.loads(question.get_attribute("data-check"))
    q = Question(page, question.locator("> li[id]").get_attribute("id"))
    return data, q, q.details


def _pairs(data) -> str:
    return ", ".join(f"{n} → {letter}" for n, letter in enumerate(data["answer"], start=1))


def _wrong_match(data) -> list[str]:
    """Every left item given the letter its neighbour should have: no pair right."""
    answer = data["answer"]
    return answer[1:] + answer[:1]


def answer_by_mouse(q: Question, kind: str, data, right: bool) -> dict:
    """Answer one question with clicks, selections and typing, rightly or wrongly, whatever it showed
    before; returns what the expected message needs."""
    if kind == "multiple_choice":
        q.controls(f"input[value={'B' if right else 'A'}]").check()
    elif kind == "multiple_select":
        for letter in "ABCD":
            q.controls(f"input[value={letter}]").set_checked(letter in ("ACD" if right else "AB"))
    elif kind == "true_false":
        q.controls(f"input[value={'true' if right else 'false'}]").check()
    elif kind == "matching":
        letters = data["answer"] if right else _wrong_match(data)
        for n, letter in enumerate(letters):
            q.controls("select").nth(n).select_option(letter)
    elif kind == "ordering":
        order = data["answer"] if right else data["answer"][::-1]
        for n, letter in enumerate(data["letters"]):
            q.controls("select").nth(n).select_option(str(order.index(letter) + 1))
    elif kind == "fill_in":
        q.controls("input").nth(0).fill("ＭＡＳＴＥＲ＿ＡＤＤＲ")  # typed full-width: NFKC makes it match
        q.controls("input").nth(1).fill("WORLD_SIZE" if right else "world_size")  # case-sensitive
    elif kind == "numeric":
        q.controls("input").fill("32,0" if right else "31")  # a comma is the decimal point
    reversed_order = data.get("answer", [])[::-1]
    in_place = sum(1 for a, b in zip(reversed_order, data.get("answer", [])) if a == b) if kind == "ordering" else 0
    return {"order": " → ".join(data.get("answer", [])) if kind == "ordering" else "",
            "pairs": _pairs(data) if kind == "matching" else "", "right": in_place}


@pytest.mark.parametrize("language", ["en", "ko"])
def test_self_check_of_every_kind_by_mouse(open_page, base, language, subtests):
    """Answering each kind wrongly then rightly says so in the page's language, opens the answer and counts the
    question; after a reload each question shows the answer given, its verdict and its open answer. Every kind
    on one page, each reported on its own."""
    page = open_page(base + PAGES[language])
    values, given = {}, {}
    for checked, kind in enumerate(SELF_CHECKED, start=1):
        with subtests.test(kind=kind, answer="wrong"):
            data, q, details = _question(page, kind)
            values[kind] = answer_by_mouse(q, kind, data, right=False)
            q.fieldset.get_by_role("button", name=CHECK[language]).click()
            assert q.status.inner_text() == WRONG[language][kind].format(**values[kind])
            assert q.status.get_attribute("aria-live") == "polite"
            assert details.evaluate("d => d.open")
            assert page.locator(".quizpages-progress__label").inner_text().endswith(f" {checked}/9")
            given[kind] = q.given()
    page.reload()
    for kind in SELF_CHECKED:
        with subtests.test(kind=kind, answer="reloaded, then right"):
            data, q, details = _question(page, kind)
            assert q.status.inner_text() == WRONG[language][kind].format(**values[kind])
            assert q.given() == given[kind]
            assert details.evaluate("d => d.open") and q.mark.inner_text() == MARK[language]["wrong"]
            right = answer_by_mouse(q, kind, data, right=True)
            q.fieldset.get_by_role("button", name=CHECK[language]).click()
            assert q.status.inner_text() == RIGHT[language][kind].format(**right)
            assert q.mark.inner_text() == MARK[language]["correct"]


def _tab_to_check(page, language: str) -> None:
    """Move the keyboard focus on to the Check button."""
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.textContent") == CHECK[language]:
            return
    raise AssertionError("Tab never reached the Check button")


def _by_keyboard(page, language: str, kind: str) -> None:
    """Answer the practice quiz's `kind` question rightly with keys alone, check it with Enter, and read the verdict."""
    data, q, details = _question(page, kind)
    first = q.controls().first
    first.focus()
    keyboard = page.keyboard
    if kind == "multiple_choice":
        keyboard.press("Space")  # A
        keyboard.press("ArrowDown")  # B
    elif kind == "multiple_select":
        for letter in "ABCD":
            if letter in "ACD":
                keyboard.press("Space")
            keyboard.press("Tab")
        q.controls("input").nth(3).focus()
    elif kind == "true_false":
        keyboard.press("Space")  # True
    elif kind in ("matching", "ordering"):
        if kind == "matching":
            choices = data["answer"]
        else:
            choices = [str(data["answer"].index(letter) + 1) for letter in data["letters"]]
        for n, choice in enumerate(choices):
            q.controls("select").nth(n).focus()
            keyboard.type(choice)  # a closed select picks the option that starts with what is typed
    elif kind == "fill_in":
        keyboard.type("MASTER_ADDR")
        keyboard.press("Tab")
        keyboard.type("WORLD_SIZE")
    elif kind == "numeric":
        keyboard.type("32")
    _tab_to_check(page, language)
    keyboard.press("Enter")
    order = " → ".join(data.get("answer", [])) if kind == "ordering" else ""
    assert q.status.inner_text() == RIGHT[language][kind].format(order=order)
    assert details.evaluate("d => d.open")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_self_check_of_every_kind_by_keyboard_alone(open_page, base, language, subtests):
    """A keyboard user answers each kind rightly with keys alone, checks with Enter, and hears that it is right
    (every kind on one page, each reported on its own)."""
    page = open_page(base + PAGES[language])
    for kind in SELF_CHECKED:
        with subtests.test(kind=kind):
            _by_keyboard(page, language, kind)


def test_incomplete_answers_are_asked_for_not_judged(open_page, base):
    """Checking with nothing picked moves the focus to the first control; an unfinished match, a repeated
    position and a word where a number belongs are explained, not marked wrong."""
    page = open_page(base + PAGES["en"])
    _, q, details = _question(page, "multiple_select")
    q.fieldset.get_by_role("button").click()
    assert page.evaluate("() => document.activeElement.value") == "A" and not details.evaluate("d => d.open")
    _, q, _ = _question(page, "matching")
    q.fieldset.get_by_role("button").click()
    assert q.status.inner_text() == "Choose a match for every item."
    _, q, _ = _question(page, "ordering")
    for n in range(4):
        q.controls("select").nth(n).select_option("1")
    q.fieldset.get_by_role("button").click()
    assert q.status.inner_text() == "Give every item a different position."
    _, q, details = _question(page, "numeric")
    q.controls("input").fill("thirty-two")
    q.fieldset.get_by_role("button").click()
    assert q.status.inner_text() == "Type a number, such as 2.5."
    assert not details.evaluate("d => d.open")
    assert page.locator(".quizpages-progress__label").inner_text().endswith(" 0/9")


UNANSWERED = {"en": "Answer the question first, then press Check.", "ko": "먼저 답한 뒤 확인을 누르세요."}


@pytest.mark.parametrize("language", ["en", "ko"])
def test_checking_again_with_nothing_picked_says_so_and_clears_the_last_result(open_page, base, language):
    """A reader who unpicks every option and checks again is told to answer first: the last verdict and its
    feedback do not stay on screen as if they were about the new answer."""
    page = open_page(base + PAGES[language])
    _, q, _ = _question(page, "multiple_select")
    q.controls("input[value=B]").check()
    q.fieldset.get_by_role("button").click()
    status = q.status
    assert status.get_attribute("data-result") == "wrong"
    assert q.fieldset.locator(".quizpages-selfcheck__feedback .quizpages-feedback").count() == 1
    q.controls("input[value=B]").uncheck()
    q.fieldset.get_by_role("button").click()
    assert status.inner_text() == UNANSWERED[language]
    assert status.get_attribute("data-result") == "missing"
    assert q.fieldset.locator(".quizpages-selfcheck__feedback .quizpages-feedback").count() == 0
    assert page.evaluate("() => document.activeElement.value") == "A"


def test_every_self_check_control_shows_where_the_keyboard_is(open_page, base):
    """Tabbing onto a radio button, a check box, a select or a text box draws a focus outline (Material
    removes the browser's own from inputs)."""
    page = open_page(base + PAGES["en"])
    for kind, selector in (("multiple_choice", "input[type=radio]"), ("multiple_select", "input[type=checkbox]"),
                           ("matching", "select"), ("numeric", "input[type=text]")):
        _, q, _ = _question(page, kind)
        control = q.controls(selector).first
        control.focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")  # by the keyboard, so :focus-visible applies
        style = control.evaluate("e => [e.matches(':focus-visible'), getComputedStyle(e).outlineStyle, "
                                 "parseFloat(getComputedStyle(e).outlineWidth)]")
        assert style[0] and style[1] != "none" and style[2] >= 2, (kind, style)


def test_results_are_announced_from_a_live_region_there_from_the_start(open_page, base):
    """The status region is in the accessibility tree before the first check (an empty region that is
    display:none may never be announced), and checking twice with the same result changes it again."""
    page = open_page(base + PAGES["en"])
    _, q, _ = _question(page, "multiple_choice")
    status = q.status
    assert status.evaluate("e => getComputedStyle(e).display") != "none"
    assert status.evaluate("e => e.textContent") == ""
    q.fieldset.get_by_role("button").click()
    first = status.evaluate("e => e.textContent")
    q.fieldset.get_by_role("button").click()
    second = status.evaluate("e => e.textContent")
    assert first.strip() == second.strip() == UNANSWERED["en"] and first != second


def test_enter_in_a_text_box_checks_the_answer(open_page, base):
    """Enter in a blank or a number box checks, as it would submit a form; an empty blank is asked for."""
    page = open_page(base + PAGES["en"])
    _, q, details = _question(page, "fill_in")
    blanks = q.controls("input")
    blanks.nth(0).fill("MASTER_ADDR")
    blanks.nth(0).press("Enter")
    assert q.status.inner_text() == UNANSWERED["en"]
    assert page.evaluate("() => document.activeElement.id") == blanks.nth(1).get_attribute("id")
    page.keyboard.type("WORLD_SIZE")
    page.keyboard.press("Enter")
    assert q.status.inner_text() == RIGHT["en"]["fill_in"]
    assert details.evaluate("d => d.open")
    _, q, _ = _question(page, "numeric")
    q.controls("input").fill("31")
    q.controls("input").press("Enter")
    assert q.status.inner_text() == WRONG["en"]["numeric"]


# What readers type into the numeric question (answer 32, unit "processes"/"개"), and what the page says.
TYPED_NUMBERS = [
    ("en", "３２", "right"),  # full-width digits, as a Korean input method types them
    ("en", "+32", "right"),
    ("en", "32.0", "right"),
    ("en", "32,0", "right"),  # a comma as the decimal point
    ("en", "32,000", "wrong"),  # a comma grouping thousands: thirty-two thousand, not 32.000
    ("en", "32 000", "wrong"),  # so does a space
    ("en", "032,000", "right"),  # a group starting with 0 groups no thousands (0,125 is 0.125): a decimal comma
    ("en", "−32", "wrong"),  # U+2212 MINUS SIGN is a minus, not a word
    ("en", "32.000,5", "invalid"),
    ("en", "3,2,1", "invalid"),
    ("en", "3 2", "invalid"),  # a space that groups no thousands: not 32
    ("en", "3\u00a02", "invalid"),  # nor a no-break space
    ("en", "1 2 3", "invalid"),
    ("en", "32 processes", "right"),  # the unit shown after the box
    ("en", "32 GiB", "invalid"),  # another unit
    ("ko", "32개", "right"),
    ("ko", "32 개 프로세스", "right"),
    ("ko", "３ ２", "invalid"),
]


@pytest.mark.parametrize("language", ["en", "ko"])
def test_numbers_are_read_as_readers_type_them(open_page, base, language):
    """Full-width digits, the minus sign, thousands separators, a decimal comma and the unit read as the number
    meant; spaces that group no thousands make no number. Every input is tried on one page, each check replacing
    the last, and every one that reads wrong is reported."""
    page = open_page(base + PAGES[language])
    _, q, _ = _question(page, "numeric")
    box, check, status = q.controls("input"), q.fieldset.get_by_role("button"), q.status
    invalid = {"en": "Type a number, such as 2.5.", "ko": "2.5처럼 숫자를 입력하세요."}[language]
    misread = []
    for typed, verdict in [(typed, verdict) for lang, typed, verdict in TYPED_NUMBERS if lang == language]:
        status.evaluate("s => { delete s.dataset.result; s.textContent = ''; }")  # this check's verdict, not the last
        box.fill(typed)
        check.click()
        said = status.evaluate("s => [s.dataset.result, s.innerText]")
        expected = {"right": "correct"}.get(verdict, verdict)
        text = {"wrong": f"Not quite: you wrote {typed}, the answer is 32 processes.", "invalid": invalid}.get(verdict)
        if said[0] != expected or (text is not None and said[1] != text):
            misread.append((typed, verdict, said))
    assert misread == []


def test_a_self_check_of_an_unknown_type_is_a_console_warning(open_page, base):
    """A page whose data-check names a type the script does not know (a newer quizpages' page) keeps working:
    that question has no self-check, the others do, and the console says why."""
    page = open_page(base + PAGES["en"])
    warnings = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)

    def renamed(route):
        response = route.fetch()
        numeric = "&quot;type&quot;:&quot;number&quot;"  # as the built page writes the attribute
        route.fulfill(response=response, body=response.text().replace(numeric, numeric.replace("number", "estimate")))

    page.route("**/" + PAGES["en"], renamed)
    page.reload()
    assert page.locator("ol.quizpages-question[data-kind=numeric]").get_attribute("data-check").count("estimate") == 1
    assert page.locator("fieldset.quizpages-selfcheck").count() == len(SELF_CHECKED) - 1
    assert any("world-size" in w and "estimate" in w for w in warnings), warnings


@pytest.mark.parametrize("language", ["en", "ko"])
def test_feedback_of_the_options_picked_is_shown(open_page, base, language):
    """After a check, the author's feedback on each picked option shows under the result."""
    page = open_page(base + PAGES[language])
    _, q, details = _question(page, "multiple_choice")
    q.controls("input[value=A]").check()
    q.fieldset.get_by_role("button").click()
    shown = q.fieldset.locator(".quizpages-selfcheck__feedback .quizpages-feedback")
    assert shown.count() == 1 and shown.get_attribute("data-option") == "A"
    assert shown.inner_text() == details.locator(".quizpages-feedback[data-option=A]").inner_text()
    _, q, _ = _question(page, "multiple_select")
    for letter in "AB":
        q.controls(f"input[value={letter}]").check()
    q.fieldset.get_by_role("button").click()
    assert [n.get_attribute("data-option") for n in q.fieldset.locator(".quizpages-feedback").all()] == ["B"]


@pytest.mark.parametrize("language", ["en", "ko"])
def test_hints_are_closed_blocks_before_the_answer(open_page, base, language):
    """A hint is a collapsed Hint / 힌트 block between the question and its answer; it opens by keyboard."""
    page = open_page(base + PAGES[language], javascript=False)
    hints = page.locator("details.quizpages-hint")
    assert hints.count() == 3
    summary = hints.first.locator("summary")
    assert summary.inner_text() == {"en": "Hint", "ko": "힌트"}[language]
    assert not hints.first.evaluate("d => d.open")
    assert hints.first.evaluate("d => d.nextElementSibling.matches('details.quizpages-answer')")
    summary.focus()
    page.keyboard.press("Enter")
    assert hints.first.evaluate("d => d.open")


ANSWERS_WITHOUT_JS = {
    "en": ["B) What to run", "A) PyTorchJob", "Answer: True", "1) TrainJob →", "A platform team defines",
           "MASTER_ADDR", "Answer: 32 processes", "defines it once", "kubectl get clustertrainingruntimes"],
    "ko": ["B) 무엇을 실행할지", "A) PyTorchJob", "정답: 참", "1) TrainJob →", "플랫폼 팀이",
           "MASTER_ADDR", "정답: 32개 프로세스", "한 번 정의하면", "kubectl get clustertrainingruntimes"],
}


@pytest.mark.parametrize("language", ["en", "ko"])
def test_without_javascript_every_question_has_its_answer_block(open_page, base, language):
    """Without JavaScript the page is complete: each question, then one Show Answer block holding its answer."""
    page = open_page(base + PAGES[language], javascript=False)
    questions = page.locator("ol.quizpages-question")
    blocks = page.locator("details.quizpages-answer")
    assert questions.count() == blocks.count() == 9
    assert page.locator("fieldset.quizpages-selfcheck").count() == 0
    for i, expected in enumerate(ANSWERS_WITHOUT_JS[language]):
        blocks.nth(i).locator("summary").click()
        assert expected in " ".join(blocks.nth(i).inner_text().split()), (i, expected)


LEGEND = {"en": "Check yourself: question {number}", "ko": "스스로 확인하기: {number}번 문제"}
# The accessible name of a control of each kind: what the reader sees beside it (its option, its item, its blank)
NAMED = {
    "en": {"multiple_choice": ("radio", "B) What to run (script, arguments, number of workers), referring to a "
                                        "runtime for how"),
           "multiple_select": ("checkbox", "C) TFJob"), "true_false": ("radio", "True"),
           "matching": ("combobox", "1) TrainJob"), "ordering": ("combobox", "A) A user submits a TrainJob that names "
                                                                             "the runtime"),
           "fill_in": ("textbox", "Blank 2"), "numeric": ("textbox", "Your answer")},
    "ko": {"multiple_choice": ("radio", "B) 무엇을 실행할지(스크립트, 인자, 워커 수)이며, 실행 방식은 런타임을 참조"),
           "multiple_select": ("checkbox", "C) TFJob"), "true_false": ("radio", "참"),
           "matching": ("combobox", "1) TrainJob"), "ordering": ("combobox", "A) 사용자가 런타임 이름을 지정한 TrainJob을 제출함"),
           "fill_in": ("textbox", "빈칸 2"), "numeric": ("textbox", "내 답")},
}


@pytest.mark.parametrize("language", ["en", "ko"])
def test_every_control_is_named_by_what_it_answers_and_every_check_by_its_question(open_page, base, language):
    """Each self-checkable kind has a Check in a group named with its question number; the options themselves
    are the radio buttons and check boxes, and every select or box is named by its item's text or its blank,
    so a screen reader hears what is picked; True/False shows once; written answers have no Check."""
    page = open_page(base + PAGES[language])
    assert page.locator("fieldset.quizpages-selfcheck").count() == len(SELF_CHECKED)
    for kind in SELF_CHECKED:
        _, q, _ = _question(page, kind)
        number = q.list.get_attribute("start")
        assert q.fieldset.get_by_role("button", name=CHECK[language]).is_visible()
        assert page.get_by_role("group", name=LEGEND[language].format(number=number)).count() == 1
        names = q.controls().evaluate_all("cs => cs.map(c => (c.labels.length ? c.labels[0].textContent "
                                          ": c.getAttribute('aria-label') || '').replace(/\\s+/g, ' ').trim())")
        assert names  # every control has a name of its own
        for name in names:
            assert name and name not in ("A", "B", "C", "D"), (kind, name)
        role, name = NAMED[language][kind]
        assert q.list.or_(q.fieldset).get_by_role(role, name=name, exact=True).count() == 1, (kind, name)
    true_false = _question(page, "true_false")[1].list.inner_text()
    assert true_false.count({"en": "True", "ko": "참"}[language]) == 1  # the static item is the radio's label


@pytest.mark.parametrize("language", ["en", "ko"])
def test_printed_worksheet_hides_every_kind_of_answer(open_page, base, language):
    """Printed, the practice quiz shows its questions, items and choices but no answer or feedback."""
    page = open_page(base + PAGES[language])
    page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
    page.emulate_media(media="print")
    shown = visibility(page.locator("details.quizpages-answer"))
    assert shown and not any(shown)
    assert page.locator("ol.quizpages-question[data-kind=matching] li li").first.is_visible()
    page.goto(base + PAGES[language] + "?answer-key=1")
    page.emulate_media(media="print")
    opened = open_and_visible(page.locator("details.quizpages-answer"))
    assert opened and all(opened)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("language", ["en", "ko"])
def test_page_with_every_kind_has_no_serious_axe_violations(open_page, base, language, dark):
    """The page holding every kind, its self-checks answered and their results and feedback shown, passes
    axe-core with no serious or critical violation."""
    page = open_page(base + PAGES[language], dark=dark)
    for kind in SELF_CHECKED:
        data, q, _ = _question(page, kind)
        answer_by_mouse(q, kind, data, right=False)
        q.fieldset.get_by_role("button").click()
    page.locator("details.quizpages-hint summary").first.click()
    assert serious_violations(page) == []
