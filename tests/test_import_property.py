"""Property: any source page the importer knows the shape of imports, validates, builds, and keeps its answers.

Hypothesis writes English and Korean source pages from random combinations of every variation
the source site used: title and section headings, question numbering, option marks, answer lines
(Markdown or HTML), explanation labels, where `</details>` closes (on its own line, after the last
sentence or code fence, indented in a list item, with a stray one after), placeholders in prose,
hands-on tasks (a heading, a sentence and a code block), closing text; and a Korean page that is
a translation (sometimes with one slip in a letter) or one written on its own (other questions,
or the same questions with other letters). Each pair is imported in-process; the run must report
no error, its files must validate with no error, and each language's quiz must hold every answer
block and every right letter of that language's page. The whole batch is then built once with
`mkdocs build --strict`, and the built pages are checked the same way.

The example count is sized for CI; set QUIZPAGES_IMPORT_EXAMPLES for a longer run.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from conftest import ROOT, build, copy_site, soup
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from quizpages.cli.main import main

EXAMPLES = int(os.environ.get("QUIZPAGES_IMPORT_EXAMPLES", "30"))
FIXTURES = ROOT / "tests" / "fixtures" / "import"
LEARNING = "../../observability/prometheus.md"
WORDS = {"en": {"answer": "Answer", "explanation": "Explanation", "summary": ("Show Answer", "Show answer"),
                "sections": ("Multiple Choice Questions", "Short Answer Questions", "Hands-on Questions"),
                "question": "Question", "return": "Return to Learning Materials", "next": "Next Quiz"},
         "ko": {"answer": "정답", "explanation": "설명", "summary": ("정답 보기", "정답 보기"),
                "sections": ("객관식 문제", "단답형 문제", "실습 문제"), "question": "문제",
                "return": "학습 자료로 돌아가기", "next": "다음 퀴즈"}}
KINDS = ("mc", "short", "hands")


@dataclass
class Question:
    kind: str  # mc, short or hands
    token: str  # a code word the question is about: a translation keeps it
    letter: str = ""  # the right letter (mc)
    options: int = 0
    explained: bool = False
    placeholder: bool = False  # `<endpoint-id>` in its prose


@dataclass
class Style:
    """How one page is written: each a variation the source site used."""

    front_matter: bool
    sections: bool
    start: str  # item, heading, titled, bold, label
    option: str  # "   - A) ", "- A) ", "A. ", "a) ", "* A) "
    answer: str  # letter-text, letter, label-then-letter, label-alone, parenthesised, html
    explanation: str  # inline, own-line, plain (a paragraph after the answer), html
    summary: int  # which summary wording
    spaced_summary: bool  # blank lines around <summary>
    one_line_summary: bool  # <details><summary>...</summary> on one line
    spaced_options: bool  # a blank line between the question and its options
    close: str  # own-line, same-line, indented, stray
    rule_between: bool
    closing: str  # none, quote, quote-stray, rule-stray
    task_heading: bool  # hands-on questions as a heading, a sentence and a code block
    next_link: bool


@dataclass
class Pair:
    """One source quiz: its English questions, its Korean ones, and whether the Korean page translates it."""

    english: list[Question]
    korean: list[Question]
    translation: bool
    styles: dict[str, Style]
    slip: int | None = None  # a translation whose Korean letter differs on this one question
    name: str = ""
    letters: dict[str, list[str]] = field(default_factory=dict)  # what each language's quiz must name


def styles(sections: bool) -> st.SearchStrategy[Style]:
    return st.builds(
        Style, front_matter=st.booleans(), sections=st.just(sections),
        start=st.sampled_from(["item", "heading", "titled", "bold", "label"]),
        option=st.sampled_from(["   - A) ", "- A) ", "A. ", "a) ", "* A) "]),
        answer=st.sampled_from(["letter-text", "letter", "label-then-letter", "label-alone", "parenthesised", "html"]),
        explanation=st.sampled_from(["inline", "own-line", "plain", "html"]), summary=st.integers(0, 1),
        spaced_summary=st.booleans(), one_line_summary=st.booleans(), spaced_options=st.booleans(), close=st.sampled_from(["own-line", "same-line", "indented", "stray"]),
        rule_between=st.booleans(), closing=st.sampled_from(["none", "quote", "quote-stray", "rule-stray"]),
        task_heading=st.booleans(), next_link=st.booleans())


def question(kind: str, token: str) -> st.SearchStrategy[Question]:
    options = st.integers(2, 5) if kind == "mc" else st.just(0)
    return options.flatmap(lambda n: st.builds(
        Question, kind=st.just(kind), token=st.just(token),
        letter=st.sampled_from("ABCDE"[:n]) if n else st.just(""), options=st.just(n),
        explained=st.booleans(), placeholder=st.booleans()))


@st.composite
def pairs(draw) -> Pair:
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=6))
    sections = draw(st.booleans())
    if sections:
        kinds.sort(key=KINDS.index)  # a page with sections asks each kind under its heading
    english = [draw(question(kind, f"obj{n}")) for n, kind in enumerate(kinds)]
    mode = draw(st.sampled_from(["translation", "slip", "other-questions", "other-letters"]))
    mc = [n for n, q in enumerate(english) if q.kind == "mc" and q.options > 1]
    if mode == "slip" and not mc or mode == "other-letters" and len(mc) < 2:
        mode = "translation"
    korean = [Question(q.kind, q.token, q.letter, q.options, q.explained, draw(st.booleans())) for q in english]
    slip = None
    if mode == "slip":
        slip = draw(st.sampled_from(mc))
    changed = draw(st.lists(st.sampled_from(mc), min_size=2, unique=True)) if mode == "other-letters" else []
    for n in ([slip] if slip is not None else []) + changed:
        korean[n].letter = draw(st.sampled_from([x for x in "ABCDE"[:korean[n].options] if x != english[n].letter]))
    if mode == "other-questions":
        korean = [draw(question(kind, f"ko{n}")) for n, kind in enumerate(
            sorted(draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=6)), key=KINDS.index)
            if sections else draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=6)))]
    translation = mode in ("translation", "slip")
    english_style = draw(styles(sections))
    korean_style = draw(styles(sections)) if not translation else draw(styles(sections).map(
        lambda s: Style(**{**s.__dict__, "task_heading": english_style.task_heading})))  # a translation keeps tasks
    pair = Pair(english, korean, translation, {"en": english_style, "ko": korean_style}, slip)
    pair.letters = {"en": [q.letter for q in english if q.kind == "mc"],
                    "ko": [q.letter for q in (english if translation else korean) if q.kind == "mc"]}
    return pair


# -- writing a page ------------------------------------------------------------------------------

def prompt(q: Question, lang: str, n: int) -> str:
    extra = " on <endpoint-id>" if q.placeholder else ""
    if lang == "en":
        return {"mc": f"Which answer fits `{q.token}`{extra} in case {n}?",
                "short": f"What does `{q.token}`{extra} do in case {n}?",
                "hands": f"Write the command that applies `{q.token}`{extra} for case {n}."}[q.kind]
    return {"mc": f"{n}번 경우{extra} `{q.token}`에 맞는 답은 무엇인가요?",
            "short": f"{n}번 경우{extra} `{q.token}`는 무엇을 하나요?",
            "hands": f"{n}번 경우{extra} `{q.token}`를 적용하는 명령을 작성하세요."}[q.kind]


def option_text(q: Question, lang: str, k: int) -> str:
    return f"choice {k + 1} for {q.token}" if lang == "en" else f"{q.token}의 보기 {k + 1}"


def written(q: Question, lang: str) -> str:
    return f"It reconciles {q.token} on every sync." if lang == "en" else f"{q.token}를 동기화마다 맞춥니다."


def reason(q: Question, lang: str) -> str:
    extra = " with <namespace>" if q.placeholder else ""
    return f"Because {q.token} keeps state{extra}." if lang == "en" else f"{q.token}가 상태를 지키기 때문입니다{extra}."


def code(q: Question) -> list[str]:
    return ["```bash", f"kubectl apply -f {q.token}.yaml", "```"]


def answer_block(q: Question, lang: str, style: Style) -> list[str]:
    words = WORDS[lang]
    body: list[str] = []
    if q.kind == "mc":
        text = option_text(q, lang, ord(q.letter) - ord("A"))
        body = {"letter-text": [f"**{words['answer']}: {q.letter}) {text}**"],
                "letter": [f"**{words['answer']}: {q.letter}**"],
                "label-then-letter": [f"**{words['answer']}:** {q.letter}) {text}"],
                "label-alone": [f"**{words['answer']}:**", f"{q.letter}) {text}"],
                "parenthesised": [f"**{words['answer']}: ({q.letter})**"],
                "html": [f"<p><strong>{words['answer']}</strong>: {q.letter}) {text}</p>"]}[style.answer]
    elif q.kind == "short":
        label = "답변" if lang == "ko" and style.answer == "label-alone" else words["answer"]
        body = [f"<p><strong>{label}</strong>: {written(q, lang)}</p>" if style.answer == "html"
                else f"**{label}:** {written(q, lang)}"]
    else:
        body = code(q)
    if q.explained:
        why = reason(q, lang)
        body += [""] + {"inline": [f"**{words['explanation']}:** {why}"],
                        "own-line": [f"**{words['explanation']}:**", why],
                        "plain": [why] if q.kind == "mc" else [f"**{words['explanation']}:** {why}"],
                        "html": [f"<p><strong>{words['explanation']}</strong>: {why}</p>"]}[style.explanation]
    summary = f"<summary>{words['summary'][style.summary]}</summary>"
    head = ["<details>", "", summary, ""] if style.spaced_summary else ["<details>", summary, ""]
    if style.one_line_summary:
        head = [f"<details>{summary}", ""]
    if style.close == "same-line":
        body[-1] += "</details>"
        block = head + body
    else:
        block = head + body + ["</details>"]
    if style.close == "indented" and style.start == "item":
        block = ["   " + line if line else "" for line in block]
    if style.close == "stray":
        block += ["</details>"]
    return block


def question_lines(q: Question, lang: str, style: Style, n: int) -> list[str]:
    text = prompt(q, lang, n)
    if q.kind == "hands" and style.task_heading:
        return [f"### Task {q.token}" if lang == "en" else f"### 과제 {q.token}", "", text, "", *code(q)[:1],
                f"kubectl get -f {q.token}.yaml", "```"]
    first = {"item": f"{n}. {text}", "heading": f"## {n}. {text}", "bold": f"**{n}. {text}**",
             "titled": f"### {WORDS[lang]['question']} {n}: {q.token} {'title' if lang == 'en' else '제목'}",
             "label": f"Q{n}. {text}" if lang == "en" else f"문제 {n}. {text}"}[style.start]
    lines = [first] + (["", text] if style.start == "titled" else [])
    if style.spaced_options and q.options:
        lines.append("")
    for k in range(q.options):
        letter = chr(ord("A") + k)
        lines.append(style.option.replace("A", letter).replace("a", letter.lower()) + option_text(q, lang, k))
    return lines


def page(pair: Pair, lang: str) -> str:
    style = pair.styles[lang]
    questions = pair.english if lang == "en" else pair.korean
    title = f"{pair.name} quiz" if lang == "en" else f"{pair.name} 퀴즈"
    lines = ["---", f"title: {title}", "---", ""] if style.front_matter else [f"# {title}", ""]
    lines += ["Replace <namespace> with yours." if lang == "en" else "<namespace>를 바꾸세요.", ""]
    section = None
    for n, q in enumerate(questions, 1):
        if style.sections and q.kind != section:
            section = q.kind
            lines += [f"## {WORDS[lang]['sections'][KINDS.index(q.kind)]}", ""]
        lines += question_lines(q, lang, style, n) + [""] + answer_block(q, lang, style) + [""]
        if style.rule_between and n < len(questions):
            lines += ["---", ""]
    lines += {"none": [], "quote": ["> Good luck.", ""], "quote-stray": ["> Good luck.", "> </details>", ""],
              "rule-stray": ["---", "</details>", ""]}[style.closing]
    footer = f"[{WORDS[lang]['return']}]({LEARNING})"
    if style.next_link:
        footer += f" | [{WORDS[lang]['next']}](../ai-ml/kubeflow-trainer.md)"
    return "\n".join(lines + ["---", "", footer, ""])


# -- checking -----------------------------------------------------------------------------------

def quizpages_in(site: Path, *args: str) -> tuple[int, str]:
    """`quizpages ARGS` in this process (the property runs it many times), and its stdout."""
    out = io.StringIO()
    here = os.getcwd()
    os.chdir(site)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            code = main(list(args))
    finally:
        os.chdir(here)
    return code, out.getvalue()


def expected_texts(questions: list[Question], lang: str) -> list[str]:
    """What each answer block of the page says, which its language's quiz must hold."""
    found = []
    for q in questions:
        if q.kind == "short":
            found.append(written(q, lang))
        elif q.kind == "hands":
            found.append(f"kubectl apply -f {q.token}.yaml")
        if q.explained:
            found.append(reason(q, lang).replace("<namespace>", "&lt;namespace&gt;"))
    return found


def quiz_of(site: Path, pair: Pair, lang: str) -> tuple[str, dict]:
    folder = site / "content" / "quizzes" / "prop"
    own = folder / f"{pair.name}.{lang}.yml"
    path = own if own.is_file() else folder / f"{pair.name}.yml"
    return path.stem, yaml.safe_load(path.read_text(encoding="utf-8"))


def in_language(quiz: dict, lang: str) -> list[dict]:
    return [q for q in quiz["questions"] if lang in q.get("languages", [lang])]


def texts_of(question: dict, lang: str) -> str:
    def text(value) -> str:
        return value if isinstance(value, str) else (value or {}).get(lang, "")
    return " ".join(text(question.get(key)) for key in ("answer", "explanation"))


def test_random_source_pages_import_validate_build_and_keep_every_answer(tmp_path_factory):
    """Whatever combination of the format's variations a page pair uses, and whether or not the Korean page is a
    translation: import reports no error, the files validate, each language keeps its answers and right
    letters, and the batch builds with --strict."""
    site = copy_site(tmp_path_factory.mktemp("property"))
    for lang in ("en", "ko"):
        shutil.copytree(FIXTURES / lang / "observability", site / "content" / lang / "observability")
    source = site / "old"
    done: list[Pair] = []

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(pairs())
    def imports_whole(pair: Pair) -> None:
        pair.name = f"p{len(done):03d}"  # a failing example is tried again, shrunk, under the same name
        for old in (site / "content" / "quizzes" / "prop").glob(f"{pair.name}*.yml"):
            old.unlink()
        for lang in ("en", "ko"):
            path = source / lang / "quizzes" / "prop" / f"{pair.name}.md"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(page(pair, lang), encoding="utf-8")
        code, out = quizpages_in(site, "import", str(source / "en" / "quizzes" / "prop" / f"{pair.name}.md"),
                                 "--out", "content/quizzes", "--format", "json", "--force")
        report = json.loads(out)
        assert (code, report["errors"], report["left_out"]) == (0, [], []), page(pair, "en") + page(pair, "ko")
        assert bool(report["not_translations"]) is not pair.translation, report["not_translations"]
        kinds = [m["kind"] for m in report["messages"]]
        assert ("answer-letters-differ" in kinds) is (pair.slip is not None)
        files = sorted(str(p.relative_to(site)) for p in (site / "content" / "quizzes" / "prop").glob(
            f"{pair.name}*.yml"))
        code, out = quizpages_in(site, "validate", *files)
        assert code == 0 and ": error:" not in out, out
        for lang, questions in (("en", pair.english), ("ko", pair.korean)):
            _, quiz = quiz_of(site, pair, lang)
            mine = in_language(quiz, lang)
            assert [q["answer"] for q in mine if q["kind"] == "multiple_choice"] == pair.letters[lang]
            held = " ".join(texts_of(q, lang) for q in mine)
            for text in expected_texts(questions, lang):
                assert text in held, (lang, text, held)
        done.append(pair)

    imports_whole()
    build(site)
    for pair in done:
        for lang, questions in (("en", pair.english), ("ko", pair.korean)):
            quiz_id, _ = quiz_of(site, pair, lang)
            prefix = "" if lang == "en" else "ko/"
            article = soup(site / "site" / f"{prefix}quizzes/prop/{quiz_id}/index.html").select_one("article")
            letters = [json.loads(ol["data-check"])["answer"]
                       for ol in article.select("ol.quizpages-question[data-kind=multiple_choice]")]
            assert letters == pair.letters[lang], (pair.name, lang)
            shown = " ".join(article.get_text(" ").split())
            for text in expected_texts(questions, lang):
                plain = re.sub(r"`", "", text.replace("&lt;", "<").replace("&gt;", ">"))
                assert " ".join(plain.split()) in shown, (pair.name, lang, plain)
