"""Property: any source page the importer knows the shape of imports, validates, builds, and keeps its answers.

Hypothesis writes English and Korean source pages from random combinations of every variation
the source site used: title and section headings, question numbering, option marks, answer lines
(Markdown or HTML; `**Answer:**`, `**Answer**:`, `Answer -`, `**Answer** —`, a heading; Korean `정답`,
`[정답]`, `정답은 B입니다`, `설명`/`해설`/`풀이`), full-width letters and option marks, where `</details>`
closes (on its own line, after the last sentence or code fence, indented in a list item, with a
stray one after, with text after it on its line), answer blocks inside a blockquote, nested lists,
placeholders in prose, hands-on tasks (a heading, a sentence and a code block), closing text; line
endings (LF, CRLF, CR), a BOM, trailing spaces or tabs, tab-indented options; and a Korean page that
is a translation (sometimes with one slip in a letter, its questions in another order, or one
question's options in another order) or one
written on its own (other questions, or the same questions with other letters). Some English pages
have an empty answer block, some Korean pages no answer block at all. Each pair is imported
in-process; the run must report no error but the empty block (that quiz left out, with the page and
line), its files must validate with no error, and each language's quiz must hold every answer block
and every right letter of that language's page. The whole batch is then built once with `mkdocs
build --strict`, and the built pages are checked the same way.

Examples: the hypothesis profile of conftest.py (100, 500 under CI=true, QUIZPAGES_FUZZ_EXAMPLES to override).
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
from hypothesis import given
from hypothesis import strategies as st
from quizpages.cli.main import main

FIXTURES = ROOT / "tests" / "fixtures" / "import"
LEARNING = "../../observability/prometheus.md"
WORDS = {"en": {"answer": "Answer", "explanation": "Explanation", "summary": ("Show Answer", "Show answer"),
                "sections": ("Multiple Choice Questions", "Short Answer Questions", "Hands-on Questions"),
                "question": "Question", "return": "Return to Learning Materials", "next": "Next Quiz"},
         "ko": {"answer": "정답", "explanation": "설명", "summary": ("정답 보기", "정답 보기"),
                "sections": ("객관식 문제", "단답형 문제", "실습 문제"), "question": "문제",
                "return": "학습 자료로 돌아가기", "next": "다음 퀴즈"}}
KINDS = ("mc", "short", "hands")
KO_ANSWER = ("정답", "[정답]")
KO_EXPLANATION = ("설명", "해설", "풀이")
FULL_WIDTH = str.maketrans("ABCDE()", "ＡＢＣＤＥ（）")


@dataclass
class Question:
    kind: str  # mc, short or hands
    token: str  # a code word the question is about: a translation keeps it
    letter: str = ""  # the right letter (mc)
    options: int = 0
    explained: bool = False
    placeholder: bool = False  # `<endpoint-id>` in its prose
    case: int = 0  # the number its text mentions (a translation keeps it wherever it asks the question)
    empty: bool = False  # its answer block is empty
    coded: bool = False  # its options name code (`obj0-2`), which a translation keeps
    order: tuple[int, ...] = ()  # the source page's option shown at each place, when this page lists them otherwise


@dataclass
class Style:
    """How one page is written: each a variation the source site used."""

    front_matter: bool
    sections: bool
    start: str  # item, heading, titled, bold, label
    option: str  # "   - A) ", "- A) ", "A. ", "a) ", "* A) ", "\t- A) ", "   - Ａ） "
    answer: str  # letter-text, letter, label-then-letter, label-alone, parenthesised, html, bold-colon-outside,
    # dash, bold-dash, em-dash, heading, sentence (Korean: 정답은 B입니다)
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
    newline: str = "\n"  # "\n", "\r\n", "\r"
    bom: bool = False
    trailing: str = ""  # whitespace after every line: "", "  ", "\t"
    full_width: bool = False  # the answer's letter typed full-width (Ｂ)
    answer_word: int = 0  # Korean: 정답 or [정답]
    explanation_word: int = 0  # Korean: 설명, 해설 or 풀이
    nested: bool = False  # a list under an option, a nested list in an explanation
    quoted: bool = False  # answer blocks inside a blockquote
    after_close: bool = False  # text after `</details>` on its line


@dataclass
class Pair:
    """One source quiz: its English questions, its Korean ones, and whether the Korean page translates it."""

    english: list[Question]
    korean: list[Question]
    translation: bool
    styles: dict[str, Style]
    slip: int | None = None  # a translation whose Korean letter differs on this one question
    reordered: bool = False  # a translation asking its questions in another order
    shuffled: bool = False  # a translation listing one question's options in another order
    bare: bool = False  # the Korean page has no answer block: no quiz
    name: str = ""
    letters: dict[str, list[str]] = field(default_factory=dict)  # what each language's quiz must name


def styles(sections: bool) -> st.SearchStrategy[Style]:
    return st.builds(
        Style, front_matter=st.booleans(), sections=st.just(sections),
        start=st.sampled_from(["item", "heading", "titled", "bold", "label"]),
        option=st.sampled_from(["   - A) ", "- A) ", "A. ", "a) ", "* A) ", "\t- A) ", "   - Ａ） "]),
        answer=st.sampled_from(["letter-text", "letter", "label-then-letter", "label-alone", "parenthesised", "html",
                                "bold-colon-outside", "dash", "bold-dash", "em-dash", "heading", "sentence"]),
        explanation=st.sampled_from(["inline", "own-line", "plain", "html"]), summary=st.integers(0, 1),
        spaced_summary=st.booleans(), one_line_summary=st.booleans(), spaced_options=st.booleans(), close=st.sampled_from(["own-line", "same-line", "indented", "stray"]),
        rule_between=st.booleans(), closing=st.sampled_from(["none", "quote", "quote-stray", "rule-stray"]),
        task_heading=st.booleans(), next_link=st.booleans(), newline=st.sampled_from(["\n", "\r\n", "\r"]),
        bom=st.booleans(), trailing=st.sampled_from(["", "  ", "\t"]), full_width=st.booleans(),
        answer_word=st.integers(0, len(KO_ANSWER) - 1), explanation_word=st.integers(0, len(KO_EXPLANATION) - 1),
        nested=st.booleans(), quoted=st.booleans(), after_close=st.booleans())


def question(kind: str, token: str, case: int) -> st.SearchStrategy[Question]:
    options = st.integers(2, 5) if kind == "mc" else st.just(0)
    return options.flatmap(lambda n: st.builds(
        Question, kind=st.just(kind), token=st.just(token),
        letter=st.sampled_from("ABCDE"[:n]) if n else st.just(""), options=st.just(n),
        explained=st.booleans(), placeholder=st.booleans(), case=st.just(case)))


@st.composite
def pairs(draw) -> Pair:
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=6))
    sections = draw(st.booleans())
    if sections:
        kinds.sort(key=KINDS.index)  # a page with sections asks each kind under its heading
    english = [draw(question(kind, f"obj{n}", n + 1)) for n, kind in enumerate(kinds)]
    mode = draw(st.sampled_from(["translation", "slip", "reordered", "shuffled", "other-questions", "other-letters"]))
    mc = [n for n, q in enumerate(english) if q.kind == "mc" and q.options > 1]
    if mode in ("slip", "shuffled") and not mc or mode == "other-letters" and len(mc) < 2:
        mode = "translation"
    korean = [Question(q.kind, q.token, q.letter, q.options, q.explained, draw(st.booleans()), q.case) for q in english]
    slip = None
    if mode == "slip":
        slip = draw(st.sampled_from(mc))
    changed = draw(st.lists(st.sampled_from(mc), min_size=2, unique=True)) if mode == "other-letters" else []
    for n in ([slip] if slip is not None else []) + changed:
        korean[n].letter = draw(st.sampled_from([x for x in "ABCDE"[:korean[n].options] if x != english[n].letter]))
    shuffled = False
    if mode == "shuffled":  # one question's options in another order on the Korean page: the same right option
        n = draw(st.sampled_from(mc))
        order = tuple(draw(st.permutations(range(english[n].options))))
        shuffled = order != tuple(sorted(order))
        english[n].coded = korean[n].coded = True
        korean[n].order = order
        korean[n].letter = chr(ord("A") + order.index(ord(english[n].letter) - ord("A")))
    reordered = False
    if mode == "reordered":  # the same questions, each section's asked in another order
        order = sorted(range(len(korean)), key=lambda n: (KINDS.index(korean[n].kind) if sections else 0,
                                                          draw(st.integers(0, 9))))
        korean = [korean[n] for n in order]
        reordered = order != sorted(order)
    if mode == "other-questions":
        korean = [draw(question(kind, f"ko{n}", n + 1)) for n, kind in enumerate(
            sorted(draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=6)), key=KINDS.index)
            if sections else draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=6)))]
    translation = mode in ("translation", "slip", "reordered", "shuffled")
    english_style = draw(styles(sections))
    korean_style = draw(styles(sections)) if not translation else draw(styles(sections).map(
        lambda s: Style(**{**s.__dict__, "task_heading": english_style.task_heading})))  # a translation keeps tasks
    pair = Pair(english, korean, translation, {"en": english_style, "ko": korean_style}, slip, reordered, shuffled)
    if draw(st.integers(0, 9)) == 0:  # now and then an English answer block left empty: that quiz is left out
        english[draw(st.integers(0, len(english) - 1))].empty = True
    elif draw(st.integers(0, 9)) == 0:  # or a Korean page with no answer block: an English quiz alone
        pair.bare = True
    pair.letters = {"en": [q.letter for q in english if q.kind == "mc"],
                    "ko": [q.letter for q in (english if translation and not pair.bare else korean) if q.kind == "mc"]}
    return pair


# -- writing a page ------------------------------------------------------------------------------

def prompt(q: Question, lang: str, n: int) -> str:
    extra = " on <endpoint-id>" if q.placeholder else ""
    n = q.case
    if lang == "en":
        return {"mc": f"Which answer fits `{q.token}`{extra} in case {n}?",
                "short": f"What does `{q.token}`{extra} do in case {n}?",
                "hands": f"Write the command that applies `{q.token}`{extra} for case {n}."}[q.kind]
    return {"mc": f"{n}번 경우{extra} `{q.token}`에 맞는 답은 무엇인가요?",
            "short": f"{n}번 경우{extra} `{q.token}`는 무엇을 하나요?",
            "hands": f"{n}번 경우{extra} `{q.token}`를 적용하는 명령을 작성하세요."}[q.kind]


def option_text(q: Question, lang: str, k: int) -> str:
    """The option at place `k` of the page."""
    k = q.order[k] if q.order else k
    if q.coded:
        return f"`{q.token}-{k + 1}` option" if lang == "en" else f"`{q.token}-{k + 1}` 보기"
    return f"choice {k + 1} for {q.token}" if lang == "en" else f"{q.token}의 보기 {k + 1}"


def written(q: Question, lang: str) -> str:
    return f"It reconciles {q.token} on every sync." if lang == "en" else f"{q.token}를 동기화마다 맞춥니다."


def reason(q: Question, lang: str) -> str:
    extra = " with <namespace>" if q.placeholder else ""
    return f"Because {q.token} keeps state{extra}." if lang == "en" else f"{q.token}가 상태를 지키기 때문입니다{extra}."


def code(q: Question) -> list[str]:
    return ["```bash", f"kubectl apply -f {q.token}.yaml", "```"]


def after_close(q: Question, lang: str) -> str:
    return f"Note on {q.token} stays." if lang == "en" else f"{q.token}에 대한 메모는 남습니다."


def answer_block(q: Question, lang: str, style: Style) -> list[str]:
    words = dict(WORDS[lang])
    if lang == "ko":
        words["answer"], words["explanation"] = KO_ANSWER[style.answer_word], KO_EXPLANATION[style.explanation_word]
    body: list[str] = []
    if q.kind == "mc":
        text = option_text(q, lang, ord(q.letter) - ord("A"))
        letter = q.letter.translate(FULL_WIDTH) if style.full_width else q.letter
        label = words["answer"]
        body = {"letter-text": [f"**{label}: {letter}) {text}**"],
                "letter": [f"**{label}: {letter}**"],
                "label-then-letter": [f"**{label}:** {letter}) {text}"],
                "label-alone": [f"**{label}:**", f"{letter}) {text}"],
                "parenthesised": [f"**{label}: ({letter})**"],
                "html": [f"<p><strong>{label}</strong>: {letter}) {text}</p>"],
                "bold-colon-outside": [f"**{label}**: {letter}) {text}"],
                "dash": [f"{label} - {letter}"],
                "bold-dash": [f"**{label}** - {letter}) {text}"],
                "em-dash": [f"**{label}** — {letter}"],
                "heading": [f"#### {label.strip('[]')}", "", f"{letter}) {text}"],
                "sentence": [f"**정답은 {letter}입니다.**" if lang == "ko" else f"**{label}: {letter}**"]}[style.answer]
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
        if style.nested and style.explanation != "html":
            body += ["", "- one step", "  - a nested step", "- another step"]
    if q.empty:
        body = []
    summary = f"<summary>{words['summary'][style.summary]}</summary>"
    head = ["<details>", "", summary, ""] if style.spaced_summary else ["<details>", summary, ""]
    if style.one_line_summary:
        head = [f"<details>{summary}", ""]
    tail = f" {after_close(q, lang)}" if style.after_close else ""
    if style.close == "same-line" and body:
        body[-1] += "</details>" + tail
        block = head + body
    else:
        block = head + body + ["</details>" + tail]
    if style.close == "indented" and style.start == "item":
        block = ["   " + line if line else "" for line in block]
    if style.close == "stray":
        block += ["</details>"]
    if style.quoted:
        block = ["> " + line if line.strip() else ">" for line in block]
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
        mark = style.option.replace("Ａ", letter.translate(FULL_WIDTH)).replace("A", letter).replace("a", letter.lower())
        lines.append(mark + option_text(q, lang, k))
        if style.nested and k == 0 and q.options > 1:
            lines.append(mark[:len(mark) - len(mark.lstrip())] + "  - a note under the first option")
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
        block = [] if lang == "ko" and pair.bare else answer_block(q, lang, style)
        lines += question_lines(q, lang, style, n) + [""] + block + [""]
        if style.rule_between and n < len(questions):
            lines += ["---", ""]
    lines += {"none": [], "quote": ["> Good luck.", ""], "quote-stray": ["> Good luck.", "> </details>", ""],
              "rule-stray": ["---", "</details>", ""]}[style.closing]
    footer = f"[{WORDS[lang]['return']}]({LEARNING})"
    if style.next_link:
        footer += f" | [{WORDS[lang]['next']}](../ai-ml/kubeflow-trainer.md)"
    text = "\n".join(line + style.trailing if line else line for line in lines + ["---", "", footer, ""])
    return ("\ufeff" if style.bom else "") + text.replace("\n", style.newline)


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


def expected_texts(questions: list[Question], lang: str, style: Style) -> list[str]:
    """What each answer block of the page says (and the text after it), which its language's quiz must hold."""
    found = []
    for q in questions:
        if style.after_close:
            found.append(after_close(q, lang))
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


def text_in(value, lang: str) -> str:
    return value if isinstance(value, str) else value.get(lang, "")


def closing_of(quiz: dict, lang: str) -> str:
    closing = quiz.get("closing")
    return closing if isinstance(closing, str) else (closing or {}).get(lang, "")


def check_report(pair: Pair, code: int, report: dict, site: Path) -> dict[str, str]:
    """The run's report against what the pair's pages say; returns the quiz file written for each language."""
    en_page = f"old/en/quizzes/prop/{pair.name}.md"  # as the report shows it, from the site
    ko_page = f"old/ko/quizzes/prop/{pair.name}.md"
    folder = site / "content" / "quizzes" / "prop"
    kinds = [m["kind"] for m in report["messages"]]
    if any(q.empty for q in pair.english):  # that quiz left out, with the page's line; nothing else wrong
        [left] = report["left_out"]
        assert code == 1 and left["quiz"] == f"prop/{pair.name}" and not (folder / f"{pair.name}.yml").exists()
        assert all(r.startswith(f"{en_page}:") and "its answer block is empty" in r for r in left["reasons"])
        assert all(" left out: question " in e for e in report["errors"]), report["errors"]
        if not (folder / f"{pair.name}.ko.yml").is_file():
            return {}
        pair.letters["ko"] = [q.letter for q in pair.korean if q.kind == "mc"]  # a quiz of its own: its letters
        return {"ko": f"{pair.name}.ko.yml"}
    assert (code, report["errors"], report["left_out"]) == (0, [], []), page(pair, "en") + page(pair, "ko")
    if pair.bare:
        assert [x["page"] for x in report["pages_left_out"]] == [ko_page]
        assert report["not_translations"] == [] and "answer-letters-differ" not in kinds
        return {"en": f"{pair.name}.yml"}
    assert report["pages_left_out"] == []
    assert bool(report["not_translations"]) is not pair.translation, report["not_translations"]
    assert ("answer-letters-differ" in kinds) is (pair.slip is not None)
    assert ("reordered" in kinds) is pair.reordered, kinds
    assert ("options-reordered" in kinds) is pair.shuffled, kinds
    return {lang: (f"{pair.name}.{lang}.yml" if (folder / f"{pair.name}.{lang}.yml").is_file() else f"{pair.name}.yml")
            for lang in ("en", "ko")}


def test_random_source_pages_import_validate_build_and_keep_every_answer(tmp_path_factory):
    """Whatever combination of the format's variations a page pair uses, and whether or not the Korean page is a
    translation: import reports no error (but an empty answer block's, which leaves that quiz out), the files
    validate, each language keeps its answers and right letters, and the batch builds with --strict."""
    site = copy_site(tmp_path_factory.mktemp("property"))
    for lang in ("en", "ko"):
        shutil.copytree(FIXTURES / lang / "observability", site / "content" / lang / "observability")
    source = site / "old"
    done: list[tuple[Pair, dict[str, str]]] = []

    @given(pairs())  # examples: the profile of conftest.py
    def imports_whole(pair: Pair) -> None:
        pair.name = f"p{len(done):03d}"  # a failing example is tried again, shrunk, under the same name
        for old in (site / "content" / "quizzes" / "prop").glob(f"{pair.name}*.yml"):
            old.unlink()
        for lang in ("en", "ko"):
            path = source / lang / "quizzes" / "prop" / f"{pair.name}.md"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(page(pair, lang).encode("utf-8"))
        code, out = quizpages_in(site, "import", str(source / "en" / "quizzes" / "prop" / f"{pair.name}.md"),
                                 "--out", "content/quizzes", "--format", "json", "--force")
        written = check_report(pair, code, json.loads(out), site)
        files = sorted(str(p.relative_to(site)) for p in (site / "content" / "quizzes" / "prop").glob(
            f"{pair.name}*.yml"))
        if files:
            code, out = quizpages_in(site, "validate", *files)
            assert code == 0 and ": error:" not in out, out
        for lang, questions in (("en", pair.english), ("ko", pair.korean)):
            if lang not in written:
                continue
            quiz = yaml.safe_load((site / "content" / "quizzes" / "prop" / written[lang]).read_text(encoding="utf-8"))
            mine = in_language(quiz, lang)
            assert [q["answer"] for q in mine if q["kind"] == "multiple_choice"] == pair.letters[lang]
            held = " ".join([*(texts_of(q, lang) for q in mine), closing_of(quiz, lang)])
            for n, q in enumerate(questions):  # the right option's text at the right letter, in this language
                if q.kind == "mc" and not (lang == "ko" and n == pair.slip):
                    [found] = [x for x in mine if f"`{q.token}`" in text_in(x["question"], lang)]
                    right = text_in(found["options"][ord(found["answer"]) - ord("A")], lang).split("\n")[0]
                    assert right == option_text(q, lang, ord(q.letter) - ord("A")), (lang, q, found)
            for text in expected_texts(questions, lang, pair.styles[lang]):
                assert text in held, (lang, text, held)
        done.append((pair, written))

    imports_whole()
    build(site)
    for pair, written in done:
        for lang, questions in (("en", pair.english), ("ko", pair.korean)):
            if lang not in written:
                continue
            quiz_id = written[lang][:-len(".yml")]
            prefix = "" if lang == "en" else "ko/"
            article = soup(site / "site" / f"{prefix}quizzes/prop/{quiz_id}/index.html").select_one("article")
            letters = [json.loads(ol["data-check"])["answer"]
                       for ol in article.select("ol.quizpages-question[data-kind=multiple_choice]")]
            assert letters == pair.letters[lang], (pair.name, lang)
            shown = " ".join(article.get_text(" ").split())
            for text in expected_texts(questions, lang, pair.styles[lang]):
                plain = re.sub(r"`", "", text.replace("&lt;", "<").replace("&gt;", ">"))
                assert " ".join(plain.split()) in shown, (pair.name, lang, plain)
