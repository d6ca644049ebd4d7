"""Shared by the export tests: a quiz with hostile text, running `quizpages export` in process, and each
question's key as the site's own self-check holds it."""

from __future__ import annotations

import os
from contextlib import redirect_stderr, redirect_stdout
from io import StringIO
from pathlib import Path

from quizpages.cli import main
from quizpages.settings import read_settings
from quizpages.site import QuizSite

# Every character GIFT treats as special, code, a code block, pasted HTML, full-width digits, "->" where
# GIFT reads a matching pair (and inside code, where it must stay as written), backslashes, HTML entities,
# "]]>", an admonition (which Moodle's Markdown does not know) and Korean; one blank (a short answer),
# case-sensitive, with Moodle's wildcard `*`; several blanks whose answers hold a Cloze code's special
# characters; a range not centred on its answer; a match without distractors.
HOSTILE = """\
title:
  en: "Edge cases: {braces} = ~tilde #hash"
  ko: "경계 사례: {중괄호} = ~물결 #해시"
questions:
  - id: specials
    kind: multiple_choice
    question:
      en: "Which holds for `a = {b: ~c}` # d?"
      ko: "`a = {b: ~c}` # d 에 대해 맞는 것은?"
    options:
      - {en: "x -> y: {z}", ko: "x -> y: {z} 한국어"}
      - "<b>pasted</b> HTML = fine"
      - "full-width ２．５ ~ 2.5"
    answer: A
    hint: {en: "Look at the arrow.", ko: "화살표를 보세요."}
    feedback:
      B: {en: "No: {not this}.", ko: "아니요: {이것 아님}."}
    explanation:
      en: |
        `p -> q` is code; a\\b is a backslash; &amp; and ]]> stay text.

        ```rust
        fn f() -> u8 { 1 } // a -> b
        ```
      ko: |
        `p -> q`는 코드이고 a\\b는 역슬래시이며 &amp;와 ]]>는 글자입니다.

        ```rust
        fn f() -> u8 { 1 } // a -> b
        ```
  - id: one-blank
    kind: fill_in
    question:
      en: "The file is called [___] on every node."
      ko: "모든 노드에서 파일 이름은 [___]입니다."
    blanks:
      - accept: [Dockerfile, "{weird}=name", "*.txt"]
        case_sensitive: true
  - id: paths
    kind: fill_in
    question:
      en: "Copy [___] to [___]."
      ko: "[___]을 [___]에 복사하세요."
    blanks:
      - accept: ["/etc/hosts", '"quoted" \\path']
      - accept: ["*.yaml", "a}b#c & d < e"]
  - id: arrows
    kind: matching
    question: {en: "Match each arrow.", ko: "각 화살표를 짝지으세요."}
    pairs:
      - {left: "`p -> q`", right: {en: implication, ko: 함의}}
      - {left: "x -> y", right: {en: a map, ko: 사상}}
  - id: off-centre
    kind: numeric
    question: {en: "Pick a port number.", ko: "포트 번호를 고르세요."}
    answer: 8080
    range: [8000, 9000]
    unit: {en: TCP port, ko: TCP 포트}
    explanation:
      en: |
        !!! note
            Any port from 8000 to 9000 is right.
      ko: |
        !!! note
            8000에서 9000까지 어느 포트든 맞습니다.
  - id: block-syntax
    kind: multiple_choice
    question: {en: "What does `x` return?", ko: "`x`는 무엇을 반환하나요?"}
    options: ["-1", "> 5", "2020. A year", "#include stdio", "* all", "+1", "---"]
    answer: B
  - id: block-pairs
    kind: matching
    question: {en: "Match the signs.", ko: "기호를 짝지으세요."}
    pairs:
      - {left: "> 5", right: {en: more than five, ko: 5 초과}}
      - {left: "1.", right: {en: one, ko: 하나}}
      - {left: "# 1", right: {en: number one, ko: 1번}}
  - id: block-options
    kind: multiple_choice
    question: {en: "Which command lists the nodes?", ko: "노드를 나열하는 명령은?"}
    options:
      - |
        This one:

        ```bash
        kubectl get nodes
        ```
      - |
        First paragraph.

        Second paragraph.
      - "> 5"
    answer: A
    feedback:
      A: |
        Right:

        - it lists them
        - with their status
  - id: learning-rate
    kind: numeric
    question: {en: "The learning rate?", ko: "학습률은?"}
    answer: 0.00003
    tolerance: 0.000005
  - id: shell-ends
    kind: fill_in
    question:
      en: "End a line with [___] to continue it; end a command with [___] to run it in the background."
      ko: "줄 끝에 [___]를 쓰면 이어지고, 명령 끝에 [___]를 쓰면 백그라운드에서 실행됩니다."
    blanks: [{accept: ['\\']}, {accept: ["&"]}]
  - id: drive-root
    kind: fill_in
    question:
      en: "The root of drive C is [___], and a Go map literal is [___]."
      ko: "C 드라이브의 루트는 [___]이고, Go 맵 리터럴은 [___]입니다."
    blanks: [{accept: ['C:\\', 'c:\\']}, {accept: ["map[string]int{}", "%50%"]}]
  - id: percent-answer
    kind: fill_in
    question: {en: "Windows writes the variable as [___].", ko: "윈도우는 변수를 [___]로 씁니다."}
    blanks: [{accept: ["%PATH%", "%50%x"]}]
  - id: code-task
    kind: hands_on
    question:
      en: |
        Print the pods:

        ```bash
        kubectl get pods -o jsonpath='{.items[*].metadata.name}' # all = names
        ```
      ko: |
        파드를 출력하세요:

        ```bash
        kubectl get pods -o jsonpath='{.items[*].metadata.name}' # all = names
        ```
    answer: |
      ```bash
      kubectl get pods
      ```
"""


def add_hostile_quiz(site: Path) -> Path:
    path = site / "content" / "quizzes" / "edge-cases.yml"
    path.write_text(HOSTILE, encoding="utf-8")
    return path


def export(site: Path, *args: str) -> tuple[int, str, str]:
    """`quizpages export ARGS` run in `site`, in this process: (exit code, stdout, stderr)."""
    out, err = StringIO(), StringIO()
    here = os.getcwd()
    os.chdir(site)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(["export", *args])
            except SystemExit as exc:  # argparse's exit on a bad command line
                code = exc.code
    finally:
        os.chdir(here)
    return code, out.getvalue(), err.getvalue()


def site_quizzes(site: Path):
    """The site's QuizSite, its loaded catalog and renderer."""
    settings, _ = read_settings(str(site / "mkdocs.yml"))
    quiz_site = QuizSite(settings, use_cache=False)
    catalog = quiz_site.load()
    return quiz_site, catalog, quiz_site.renderer(catalog)


def keys(site: Path, quiz_id: str, language: str) -> dict[str, dict | None]:
    """Question id -> its key as the page's self-check holds it (None for a kind readers check themselves)."""
    quiz_site, catalog, renderer = site_quizzes(site)
    quiz = catalog.quizzes[quiz_id]
    ctx = renderer.context(language)
    return {q.id: quiz_site.kinds.of(q).self_check(q, ctx) for q in quiz.questions_in(language)}
