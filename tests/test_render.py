"""The renderer: model + language -> Markdown page, without MkDocs."""

from __future__ import annotations

import dataclasses
import json

import markdown
import pytest
from bs4 import BeautifulSoup
from markdown_it import MarkdownIt
from conftest import KUBEFLOW_QUIZ, ROOT
from quizpages import load_quiz
from quizpages.kinds import KINDS
from quizpages.model import Quiz, Text
from quizpages.render import Renderer, Strings

LANGS = ("en", "ko")
QUIZ_FILE = ROOT / KUBEFLOW_QUIZ


def _quiz(path=QUIZ_FILE, quiz_id="ai-ml/kubeflow-trainer") -> Quiz:
    quiz, problems = load_quiz(str(path), quiz_id, LANGS)
    assert problems == []
    return quiz


def _html(md_text: str) -> BeautifulSoup:
    html = markdown.markdown(md_text, extensions=["md_in_html", "tables", "pymdownx.superfences"])
    return BeautifulSoup(html, "html.parser")


def test_quiz_page_is_markdown_with_details_blocks():
    """Each question renders as a numbered item followed by a closed Show Answer block."""
    quiz = _quiz()
    page = _html(Renderer({quiz.id: quiz}, LANGS).quiz_page(quiz, "en"))
    details = page.find_all("details")
    assert len(details) == 10
    assert details[1].get_text(" ", strip=True).startswith("Show Answer Answer: B) MASTER_ADDR")
    assert [ol["start"] for ol in page.find_all("ol", class_="quizpages-question")] == [str(n) for n in range(1, 11)]
    assert page.find("li", id="headless-service") is not None


def test_korean_page_uses_korean_labels_and_text():
    """The Korean page has 정답 보기, 정답 and 설명, and the Korean question text."""
    quiz = _quiz()
    text = _html(Renderer({quiz.id: quiz}, LANGS).quiz_page(quiz, "ko")).get_text(" ")
    assert "정답 보기" in text and "정답:" in text and "설명:" in text
    assert "헤드리스 Service는 어떤 역할을 하나요?" in text
    assert "Show Answer" not in text


HANDS_ON = """\
title: {en: Helm}
languages: [en]
next: ../other.md
closing: {en: "Well done."}
questions:
  - id: render
    kind: hands_on
    title: {en: Rendering}
    question: {en: Render the chart.}
    answer:
      en: |
        ```bash
        helm template myapp ./mychart -f prod.yaml
        ```
    explanation:
      en: |
        First paragraph.

        | a | b |
        |---|---|
        | 1 | 2 |
"""


def test_hands_on_answer_keeps_fenced_code_and_block_explanations(tmp_path):
    """A hands-on answer's fenced code and a table in an explanation survive rendering."""
    path = tmp_path / "helm.yml"
    path.write_text(HANDS_ON, encoding="utf-8")
    quiz = _quiz(path, "platform/helm")
    page = _html(Renderer({quiz.id: quiz}, LANGS).quiz_page(quiz, "en"))
    details = page.find("details")
    assert details.find("code").get_text().strip() == "helm template myapp ./mychart -f prod.yaml"
    assert details.find("table") is not None
    assert page.find("h2").get_text() == "Hands-on Questions"
    assert page.find("strong").get_text() == "Rendering"
    assert "Well done." in page.get_text()


def test_next_quiz_link_uses_the_target_title_and_falls_back_to_english(tmp_path):
    """"Next Quiz" shows the linked quiz's title; from Korean to an English-only quiz it links the English
    page, marked as the index marks it."""
    (tmp_path / "a.yml").write_text("title: {en: A, ko: 가}\nnext: ./b.md\nquestions:\n  - id: q\n    kind: short_answer\n"
                                    "    question: {en: Q, ko: 질문}\n    answer: {en: A, ko: 답}\n", encoding="utf-8")
    (tmp_path / "b.yml").write_text("languages: [en]\ntitle: {en: Bee}\nquestions:\n  - id: q\n    kind: short_answer\n"
                                    "    question: {en: Q}\n    answer: {en: A}\n", encoding="utf-8")
    a, b = _quiz(tmp_path / "a.yml", "t/a"), _quiz(tmp_path / "b.yml", "t/b")
    renderer = Renderer({"t/a": a, "t/b": b}, LANGS)
    assert "[Next Quiz: Bee](b.md)" in renderer.quiz_page(a, "en")
    assert ('[다음 퀴즈: <span lang="en">Bee</span>](../../../../quizzes/t/b/) *(영어만 제공)*'
            in renderer.quiz_page(a, "ko"))
    assert "English only" not in renderer.quiz_page(a, "en")


def test_index_marks_quizzes_missing_in_a_language(tmp_path):
    """The Korean index lists an English-only quiz, marked, with a link to the English page."""
    (tmp_path / "b.yml").write_text("languages: [en]\ntitle: {en: Bee}\nquestions:\n  - id: q\n    kind: short_answer\n"
                                    "    question: {en: Q}\n    answer: {en: A}\n", encoding="utf-8")
    b = _quiz(tmp_path / "b.yml", "t/b")
    index = Renderer({"t/b": b}, LANGS).index_page("ko")
    assert '- [<span lang="en">Bee</span>](../../quizzes/t/b/) · 1문항 · *영어만 제공*' in index


def test_strings_fall_back_to_english_then_to_the_key(tmp_path):
    """A language with a partial strings file falls back to English, then to the key itself."""
    (tmp_path / "ja.yml").write_text("show_answer: 答えを見る\n", encoding="utf-8")
    strings = Strings("ja", (str(tmp_path),))
    assert strings("show_answer") == "答えを見る"
    assert strings("answer") == "Answer"
    assert strings("no.such.key") == "no.such.key"
    assert Strings("ko")("next_quiz", title="X") == "다음 퀴즈: X"


def test_a_third_language_is_a_strings_file_and_translations(tmp_path):
    """Adding Japanese needs a strings file and `ja:` texts, no code change."""
    (tmp_path / "ja.yml").write_text("show_answer: 答えを見る\nanswer: 答え\nsection.short_answer: 短答問題\n",
                                     encoding="utf-8")
    path = tmp_path / "q.yml"
    path.write_text("title: {en: T, ja: テスト}\nquestions:\n  - id: q\n    kind: short_answer\n"
                    "    question: {en: Q, ja: 質問}\n    answer: {en: A, ja: 答}\n", encoding="utf-8")
    quiz, problems = load_quiz(str(path), "q", ("en", "ja"))
    assert problems == []
    page = Renderer({"q": quiz}, ("en", "ja"), strings_dirs=(str(tmp_path),)).quiz_page(quiz, "ja")
    text = _html(page).get_text(" ")
    assert "答えを見る" in text and "短答問題" in text and "答え:" in text and "質問" in text


def test_site_can_override_a_template(tmp_path):
    """A site's overrides/fragments/quizpages/question.md.j2 replaces the built-in one."""
    folder = tmp_path / "fragments" / "quizpages"
    folder.mkdir(parents=True)
    (folder / "question.md.j2").write_text("QUESTION {{ q.number }}: {{ q.prompt }}\n\n", encoding="utf-8")
    quiz = _quiz()
    page = Renderer({quiz.id: quiz}, LANGS, override_dirs=(str(tmp_path),)).quiz_page(quiz, "en")
    assert "QUESTION 8: What role does a headless Service play" in page
    assert "<details" not in page


def test_missing_translation_renders_the_source_text():
    """A page never shows an empty hole: a missing translation shows the source language's text."""
    renderer = Renderer({}, LANGS)
    assert renderer.text(Text(by_language={"en": "Hello"}), "ko") == '<span lang="en">Hello</span>'
    assert renderer.text(Text(neutral="kubectl"), "ko") == "kubectl"  # one text for every language: not marked


NESTED = """\
title: {en: Lists}
languages: [en]
questions:
  - id: layers
    kind: multiple_choice
    question: {en: Which command prints the cluster's nodes?}
    options:
      - en: |
          This one:

          ```bash
          kubectl get nodes
          ```
      - {en: "`kubectl top`"}
    answer: A
    explanation:
      en: |
        Nodes are listed with:
        - kubectl
          - get nodes
          - get nodes -o wide
        - or the dashboard
"""


def test_two_space_nested_lists_stay_nested_and_a_code_option_stays_out_of_a_paragraph(tmp_path):
    """A list nested by two spaces (as the importer keeps them) renders nested, and an answer whose option
    holds a code block renders the block under the label, not inside a paragraph."""
    path = tmp_path / "lists.yml"
    path.write_text(NESTED, encoding="utf-8")
    quiz = _quiz(path, "lists")
    page = _html(Renderer({quiz.id: quiz}, LANGS).quiz_page(quiz, "en"))
    details = page.find("details")
    nested = details.select("ul ul li")
    assert [li.get_text(strip=True) for li in nested] == ["get nodes", "get nodes -o wide"]
    assert details.find("code").get_text().strip() == "kubectl get nodes"
    assert not details.select("p div") and not details.select("p pre")


def test_english_shown_on_a_korean_page_is_marked_english(tmp_path):
    """When a Korean text is missing (under serve, or a build without --strict), the English shown instead
    carries lang="en", inline and as a block."""
    path = tmp_path / "q.yml"
    path.write_text("title: {en: T, ko: 티}\nquestions:\n  - id: q\n    kind: short_answer\n"
                    "    question: {en: Why?, ko: 왜?}\n    answer:\n      en: Because.\n"
                    "    explanation:\n      en: |\n        First.\n\n        Second.\n", encoding="utf-8")
    quiz, _ = load_quiz(str(path), "q", LANGS)
    page = _html(Renderer({"q": quiz}, LANGS).quiz_page(quiz, "ko"))
    assert [(e.name, e["lang"], e.get_text(" ", strip=True)) for e in page.select("[lang]")] == [
        ("span", "en", "Because."), ("div", "en", "First. Second.")]
    english = _html(Renderer({"q": quiz}, LANGS).quiz_page(quiz, "en"))
    assert english.select("[lang]") == []


def test_an_untranslated_one_line_option_reads_after_its_label_on_the_korean_page(tmp_path):
    """An option "> 5" or "2020. A year" not yet translated is shown in English on the Korean page as text
    after its letter, marked lang="en", in the question and the answer (not as a quote or a list), while an
    untranslated one-line prompt written as a quote stays a quote."""
    path = tmp_path / "q.yml"
    path.write_text(
        "title: {en: T, ko: 티}\nquestions:\n  - id: q\n    kind: multiple_choice\n"
        "    question: {en: '> Read this first.', ko: '> 먼저 읽으세요.'}\n"
        "    options: [{en: '< 5', ko: '5 미만'}, {en: '> 5'}, {en: 2020. A year}]\n    answer: B\n"
        "  - id: r\n    kind: short_answer\n    question: {en: '> Quoted.'}\n    answer: {en: Yes., ko: 네.}\n",
        encoding="utf-8")
    quiz, problems = load_quiz(str(path), "q", LANGS)
    assert not [p for p in problems if p.is_error], problems
    page = _site_html(Renderer({"q": quiz}, LANGS).quiz_page(quiz, "ko"))
    options = page.find("li", id="q").select("div.quizpages-question__body > ul > li")
    assert [" ".join(li.get_text(" ", strip=True).split()) for li in options] == ["A) 5 미만", "B) > 5", "C) 2020. A year"]
    assert [li.select_one("[lang=en]").name for li in options[1:]] == ["span", "span"]
    answer = page.find("li", id="q").find_parent("ol").find_next_sibling("details")
    assert answer.find("p").get_text(" ", strip=True) == "정답: B) > 5"
    quotes = [" ".join(q.get_text(" ", strip=True).split()) for q in page.find_all("blockquote")]
    assert quotes == ["먼저 읽으세요.", "Quoted."]


def test_a_third_language_is_named_as_the_site_names_it(tmp_path):
    """With Japanese added (and no Japanese strings file), indexes name languages from the site's i18n
    `name:`, never a raw key, and say where a quiz missing in a language does exist."""
    from quizpages import QuizSite, SiteSettings
    from quizpages.settings import I18nLanguage, I18nSettings

    quizzes = tmp_path / "docs" / "quizzes"
    quizzes.mkdir(parents=True)
    short = "questions:\n  - id: q\n    kind: short_answer\n    question: Q\n    answer: A\n"
    (quizzes / "ja-only.yml").write_text("languages: [ja]\ntitle: {ja: 日本語だけ}\n" + short, encoding="utf-8")
    (quizzes / "two.yml").write_text("languages: [en, ko]\ntitle: {en: Two, ko: 둘}\n" + short, encoding="utf-8")
    i18n = I18nSettings("folder", (I18nLanguage("en", "English", True), I18nLanguage("ko", "한국어"),
                                   I18nLanguage("ja", "日本語")))
    site = QuizSite(SiteSettings(root=str(tmp_path), docs_dir=str(tmp_path / "docs"), languages=("en", "ko", "ja"),
                                 i18n=i18n), use_cache=False)
    renderer = site.renderer(site.load())
    assert "*日本語 only*" in renderer.index_page("en")
    assert "*日本語만 제공*" in renderer.index_page("ko")
    japanese = renderer.index_page("ja")
    assert "in English, 한국어" in japanese and "English only" not in japanese and "language." not in japanese


@pytest.mark.parametrize("written, rendered", [
    ("- a\n- b", "- a\n- b"),                                   # a flat list is left alone
    ("**Scoring:**\n- a\n- b", "**Scoring:**\n\n- a\n- b"),     # a list under a label gets its blank line
    ("- a\n  - b\n- c", "- a\n    - b\n- c"),                  # two-space nesting becomes four
    ("1. a\n   ```\n   x\n     y\n   ```\n2. b", "1. a\n    ```\n    x\n      y\n    ```\n\n2. b"),
    ("text\n  not a list", "text\n  not a list"),
    ("1. a\n\n   b\n2. c", "1. a\n\n    b\n\n2. c"),               # an item under an item's second paragraph
    ("1. a\n\n   b\n   - x\n2. c", "1. a\n\n    b\n\n    - x\n\n2. c"),  # a list under it, an item after it
    ("- a\n  b\n- c", "- a\n    b\n- c"),                     # a tight item's second line is left alone
])
def test_lists_are_written_the_way_python_markdown_reads_them(written, rendered):
    """Lists as authors and the importer write them come out as lists, items tight, code kept."""
    from quizpages.render.markdown_text import normalize_lists

    assert normalize_lists(written) == rendered


NUMBERS = """\
title: {en: Numbers}
languages: [en]
questions:
  - id: mib
    kind: numeric
    question: {en: How many bytes are in one MiB?}
    answer: 1048576
    unit: {en: bytes}
  - id: pi
    kind: numeric
    question: {en: Pi to eight decimals?}
    answer: 3.14159265
    tolerance: 0.000000005
  - id: wide
    kind: numeric
    question: {en: Seconds in 30 days?}
    answer: 2592000
    range: [2591999, 2592001]
  - id: tiny
    kind: numeric
    question: {en: How long?}
    answer: 5.0e-10
    unit: "`s`"
  - id: area
    kind: numeric
    question: {en: How large?}
    answer: 2,5
    unit: "m² of **floor**"
"""


def test_numbers_are_shown_and_checked_in_full_as_written(tmp_path):
    """An answer block shows every digit of the answer, its tolerance and its range (not 1.04858e+06, not 5e-10),
    the self-check says the same number, and the unit it accepts is the one readers see, without its Markdown."""
    (tmp_path / "numbers.yml").write_text(NUMBERS, encoding="utf-8")
    quiz = _quiz(tmp_path / "numbers.yml", "numbers")
    page = _html(Renderer({quiz.id: quiz}, LANGS).quiz_page(quiz, "en"))
    answers = [d.get_text(" ", strip=True) for d in page.find_all("details")]
    assert answers[0].startswith("Show Answer Answer: 1048576 bytes")
    assert answers[1].startswith("Show Answer Answer: 3.14159265 (within ±0.000000005)")
    assert "from 2591999 to 2592001" in answers[2]
    assert answers[3].startswith("Show Answer Answer: 0.0000000005 s")
    checks = [json.loads(ol["data-check"]) for ol in page.find_all("ol", class_="quizpages-question")]
    assert [(c["answer"], c["unit"]) for c in checks] == [
        ("1048576", "bytes"), ("3.14159265", ""), ("2592000", ""), ("0.0000000005", "s"), ("2.5", "m² of floor")]
    assert (checks[0]["low"], checks[0]["high"]) == (1048576, 1048576)


BLOCKS = """\
title: {en: Blocks}
languages: [en]
questions:
  - id: shapes
    kind: multiple_choice
    question:
      en: |
        Read the steps:

        1. Build the image.

           Tag it with the version.
        2. Push it:
           - to the registry
           - to the mirror

        Which one starts a pod?
    options:
      - en: |
          This one:

          ```bash
          kubectl run x
          ```
      - en: "> 5"
      - en: |
          First paragraph.

          Second paragraph.
    answer: B
  - id: steps
    kind: ordering
    question: {en: Put the steps in order.}
    items:
      - en: |
          Write:

          ```bash
          vi Dockerfile
          ```
      - {en: Build}
      - {en: Push}
  - id: several
    kind: multiple_select
    question: {en: Which commands list pods?}
    options:
      - en: |
          This:

          ```bash
          kubectl get pods
          ```
      - {en: "> 5"}
      - en: |
          That:

          ```bash
          kubectl get po
          ```
    answer: [A, C]
  - id: outputs
    kind: matching
    question: {en: Match each command with its output.}
    pairs:
      - left: {en: "`kubectl version`"}
        right:
          en: |
            Two lines:

            ```text
            Client Version: v1.31
            ```
      - left: {en: "`kubectl get ns`"}
        right: {en: "A table"}
      - left:
          en: |
            ```bash
            kubectl get pods -o name
            ```
        right: {en: "One name a line"}
"""


def _site_html(page: str) -> BeautifulSoup:
    """The page as the site's own Markdown extensions (read from mkdocs.yml) render it."""
    from quizpages.settings import read_settings

    extensions = read_settings(str(ROOT / "mkdocs.yml"))[0].markdown_extensions
    md = markdown.Markdown(extensions=[name for name, _ in extensions],
                           extension_configs={name: options for name, options in extensions})
    return BeautifulSoup(md.convert(page), "html.parser")


def test_a_questions_lists_paragraphs_and_block_options_stay_inside_their_items(tmp_path):
    """A prompt's numbered steps with a second paragraph and a nested list, an option holding a code block or
    two paragraphs, and an ordering item with a code block each render inside their own list item, as the
    author wrote them; a one-line option "> 5" is text after its label, in the question and in the answer."""
    path = tmp_path / "blocks.yml"
    path.write_text(BLOCKS, encoding="utf-8")
    quiz = _quiz(path, "blocks")
    page = _site_html(Renderer({quiz.id: quiz}, LANGS).quiz_page(quiz, "en"))
    for listing in page.find_all(["ol", "ul"]):
        assert [child.name for child in listing.find_all(recursive=False)] == ["li"] * len(
            listing.find_all("li", recursive=False)), listing
    shapes = page.find("li", id="shapes")
    steps = shapes.select_one("div.quizpages-question__body > ol")
    assert [" ".join(li.get_text(" ", strip=True).split()) for li in steps.find_all("li", recursive=False)] == [
        "Build the image. Tag it with the version.", "Push it: to the registry to the mirror"]
    assert [li.get_text(strip=True) for li in steps.select("li > ul > li")] == ["to the registry", "to the mirror"]
    options = {li.select_one("span.quizpages-option")["data-option"]: li
               for li in shapes.select("div.quizpages-question__body > ul > li")}
    assert list(options) == ["A", "B", "C"]
    assert options["A"].select_one("pre code").get_text().strip() == "kubectl run x"
    assert options["B"].get_text(" ", strip=True) == "B) > 5" and not page.find("blockquote")
    assert [p.get_text(strip=True) for p in options["C"].find_all("p")][1:] == ["First paragraph.", "Second paragraph."]
    items = page.find("li", id="steps").select("div.quizpages-question__body > ul > li")
    assert len(items) == 3 and sum(bool(item.select_one("pre code")) for item in items) == 1

    def answer(question_id):
        return page.find("li", id=question_id).find_parent("ol").find_next_sibling("details", class_="quizpages-answer")

    assert answer("shapes").find("p").get_text(" ", strip=True) == "Answer: B) > 5"
    several = answer("several").select("ul > li")
    assert [li.select_one("pre code").get_text().strip() for li in several] == ["kubectl get pods", "kubectl get po"]
    outputs = page.find("li", id="outputs").select("div.quizpages-question__body > ul > li")
    assert len(outputs) == 6 and sum(bool(li.select_one("pre code")) for li in outputs) == 2
    matched = answer("outputs").select("ul > li")
    assert matched[0].select_one("pre code").get_text().strip() == "Client Version: v1.31"
    assert matched[1].get_text(" ", strip=True) == "2) kubectl get ns → A) A table"
    # a left written as a code block: the block in the item, then its choice, never text after the fence
    assert matched[2].select_one("pre code").get_text().strip() == "kubectl get pods -o name"
    assert matched[2].find_all("p")[-1].get_text(" ", strip=True).startswith("→ ")
    assert matched[2].find_all("p")[-1].get_text(" ", strip=True).endswith(") One name a line")
    assert "```" not in answer("outputs").get_text()
    numbered = answer("steps").find("ol").find_all("li", recursive=False)
    assert numbered[0].select_one("pre code").get_text().strip() == "vi Dockerfile"
    assert [li.get_text(" ", strip=True)[3:] for li in numbered[1:]] == ["Build", "Push"]


def _body_lists(page: BeautifulSoup) -> list[int]:
    """How many items each list straight under the question's body holds, in page order."""
    body = page.select_one("div.quizpages-question__body")
    return [len(listing.find_all("li", recursive=False)) for listing in body.find_all(["ul", "ol"], recursive=False)]


@pytest.mark.parametrize("kind", list(KINDS), ids=lambda kind: kind.name)
@pytest.mark.parametrize("ending", ["- alpha\n- beta", "1. one\n2. two", "* alpha\n\n* beta"])
def test_a_prompt_ending_in_a_list_keeps_the_options_out_of_it(kind, ending):
    """A question that ends in a list of its own ("Given these steps: 1. … 2. …") shows its options as a list
    of their own below it, in the site's Markdown and in CommonMark (`quizpages render`'s readers): a reader
    never sees an option numbered "3." as one of the prompt's steps."""
    question = kind.example("en")
    pages = {}
    for prompt in ("Look at this.", "Look at this:\n\n" + ending):
        shown = dataclasses.replace(question, prompt=Text({"en": prompt}))
        quiz = Quiz(id="x", title=Text({"en": "X"}), questions=(shown,), languages=("en",))
        pages[prompt] = Renderer({"x": quiz}, ("en",)).quiz_page(quiz, "en")
    plain, ending_in_list = pages.values()
    assert _body_lists(_site_html(ending_in_list)) == [2] + _body_lists(_site_html(plain))
    commonmark = MarkdownIt("commonmark")
    assert _body_lists(BeautifulSoup(commonmark.render(ending_in_list), "html.parser")) == [2] + _body_lists(
        BeautifulSoup(commonmark.render(plain), "html.parser"))


VERBATIM = """\
title: {en: Verbatim}
languages: [en]
questions:
  - id: prints
    kind: fill_in
    question: {en: "kubectl prints [___] for an unset field."}
    blanks:
      - accept: ["<none>", "<script>alert(1)</script>", "[x](javascript:alert(1)){: onclick=alert(1) }", "a &amp; b"]
"""
VERBATIM_ACCEPTED = ["<none>", "<script>alert(1)</script>", "[x](javascript:alert(1)){: onclick=alert(1) }", "a &amp; b"]


def test_an_accepted_answer_is_shown_and_checked_as_written_never_as_html(tmp_path):
    """kubectl prints `<none>`: an accepted answer is text, not Markdown or HTML. It passes validation whatever
    it holds, the answer block shows each one exactly as written, the self-check compares with exactly that,
    and nothing in it becomes an element, a script, an event handler or a link."""
    from quizpages.check import load_quiz as check_and_load
    from quizpages.settings import read_settings

    path = tmp_path / "verbatim.yml"
    path.write_text(VERBATIM, encoding="utf-8")
    extensions = read_settings(str(ROOT / "mkdocs.yml"))[0].markdown_extensions
    quiz, problems = check_and_load(str(path), "verbatim", LANGS, markdown_extensions=extensions)
    assert quiz is not None and [p for p in problems if p.is_error] == [], problems
    page = _site_html(Renderer({quiz.id: quiz}, LANGS).quiz_page(quiz, "en"))
    answer = page.find("details", class_="quizpages-answer")
    shown = answer.get_text("\n")
    assert all(accepted in shown for accepted in VERBATIM_ACCEPTED), shown
    assert not page.find("script") and not page.find(attrs={"onclick": True})
    assert not [a for a in page.find_all("a") if "javascript" in (a.get("href") or "")]
    check = json.loads(page.find("ol", attrs={"data-kind": "fill_in"})["data-check"])
    assert check["blanks"][0]["accept"] == VERBATIM_ACCEPTED


def test_a_matching_answer_reads_as_one_list_in_commonmark_too(tmp_path):
    """`quizpages render`'s Markdown is read by CommonMark tools too, where "- 1) " starts a list inside the
    item: the answer's lines are one list of "1) left → B) right", in CommonMark as in the site's Markdown, a
    left written as a code block included."""
    path = tmp_path / "blocks.yml"
    path.write_text(BLOCKS, encoding="utf-8")
    quiz = _quiz(path, "blocks")
    page = Renderer({quiz.id: quiz}, LANGS).quiz_page(quiz, "en")
    for html in (_site_html(page), BeautifulSoup(MarkdownIt("commonmark").render(page), "html.parser")):
        answer = html.find("li", id="outputs").find_parent("ol").find_next_sibling("details")
        (listing,) = answer.find_all("ul")
        items = listing.find_all("li", recursive=False)
        assert not listing.find("ol") and len(items) == 3, listing
        assert " ".join(items[1].get_text(" ", strip=True).split()) == "2) kubectl get ns → A) A table"
        assert items[2].select_one("pre code").get_text().strip() == "kubectl get pods -o name"


@pytest.mark.parametrize("answer, tolerance", [(9.81, 0.01), (3.14, 0.01), (12.7, 0.3), (2.675, 0.005), (0.3, 0.1),
                                               (100.5, 0.1), (4294967296.0, 0.0)])
def test_a_tolerance_gives_the_self_check_the_decimal_bounds_a_reader_types(answer, tolerance):
    """3.14 ± 0.01 is right from 3.13 to 3.15 exactly: the page's bounds are the numbers a reader typing them
    gets (the float sums 3.1300000000000003 and 3.1500000000000004 would leave 3.15 out, as quizpages.js
    compares without slack)."""
    from decimal import Decimal

    from quizpages.kinds.numeric import Numeric

    question = dataclasses.replace(KINDS["numeric"].example("en"), body=Numeric(answer=answer, tolerance=tolerance))
    quiz = Quiz(id="x", title=Text({"en": "X"}), questions=(question,), languages=("en",))
    page = _site_html(Renderer({"x": quiz}, ("en",)).quiz_page(quiz, "en"))
    check = json.loads(page.find("ol", attrs={"data-kind": "numeric"})["data-check"])
    written = Decimal(repr(answer)), Decimal(repr(tolerance))
    assert (check["low"], check["high"]) == (float(written[0] - written[1]), float(written[0] + written[1]))
