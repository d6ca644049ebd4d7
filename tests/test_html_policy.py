"""No quiz text runs code in a reader's browser: validation rejects it, the renderer escapes it."""

from __future__ import annotations

import shutil

import markdown
import pytest
from bs4 import BeautifulSoup
from conftest import ROOT, build, copy_site, edit_config, quizpages_options, soup
from quizpages import QuizLibrary
from quizpages.check.html_policy import find_violations
from quizpages.kinds.multiple_choice import MultipleChoice
from quizpages.kinds.short_answer import WrittenAnswer
from quizpages.model import NextQuiz, Question, Quiz, Text
from quizpages.render import Renderer

CASES_DIR = ROOT / "tests" / "fixtures" / "invalid"

PAYLOADS = [
    "<script>alert(1)</script>",
    "<SCRIPT src=https://evil.example/x.js></SCRIPT>",
    "<iframe src=\"https://evil.example\"></iframe>",
    "<object data=\"x.swf\"></object>",
    "<embed src=\"x.swf\">",
    "<style>body { display: none }</style>",
    "<img src=\"a.png\" onerror=\"alert(1)\">",
    "<a href=\"#\" onclick=\"alert(1)\">click</a>",
    "<div onmouseover='alert(1)'>hover</div>",
    "[click](javascript:alert(1))",
    "[click](JavaScript:alert(1))",
    "![x](data:image/svg+xml;base64,PHN2Zz4=)",
    "<a href=\"jav&#x61;script:alert(1)\">here</a>",
    "<a href=\"javascript:alert(1)\">here</a>",
    "<javascript:alert(1)>",
    "[click][ref]\n\n[ref]: javascript:alert(1)",
    "<img/onerror=alert(1) src=x>",
    "[a [nested] text](javascript:alert(1))",
    "[a]([a](javascript:alert(1)",  # the second "](" makes the link
    # things that look like code to a naive scan but are not code to Markdown
    "\\`<script>alert(1)</script>\\`",
    "a `\n\n<script>alert(1)</script>\n\nb `",
    "```\n<script>alert(1)</script>\n",
    "<div>\n`<script>alert(1)</script>`\n</div>",
    "<div>\n\n```\n<script>alert(1)</script>\n```\n\n</div>",
    # backtick runs that pair one way in Python-Markdown and another in pymdownx.inlinehilite (the site's)
    "``<script>alert(1)</script>```{:`",
    "x ``<img src=x onerror=alert(1)>```{:`",
]

# The site's Markdown, and Python-Markdown's own code spans (without inlinehilite): safe under both.
MARKDOWNS = {"site": ["attr_list", "md_in_html", "tables", "pymdownx.superfences", "pymdownx.highlight",
                      "pymdownx.inlinehilite"],
             "python-markdown": ["attr_list", "md_in_html", "tables", "pymdownx.superfences"]}


def test_every_payload_is_rejected_by_the_validator():
    """Each script, embed, event handler and javascript:/data: URL in quiz text is an error."""
    for payload in PAYLOADS:
        if "\n" not in payload:  # inside a paragraph; multi-line payloads are block HTML only on their own
            assert find_violations(f"Text before {payload} and after"), payload
        assert find_violations(f"Text before\n\n{payload}\n\nand after"), payload


@pytest.mark.parametrize("text, message", [
    ("Stopping </details> bad trials early.", "the closing tag </details> has no <details> before it"),
    ("<div>Opened and left", "the HTML tag <div> is never closed"),
    ("<details><summary>More</summary>\n\nText", "the HTML tag <details> is never closed"),
    ("A list ends</ol> here", "the closing tag </ol> has no <ol> before it"),
])
def test_tags_that_would_break_the_page_around_the_text_are_errors(text, message):
    """A tag that closes, or leaves open, a block of the page around the text (the Show Answer block) is an
    error: the rest of an answer would show outside its block."""
    [(_line, _column, found, _hint)] = find_violations(text)
    assert found.startswith(message)


def test_tags_that_pair_up_or_close_by_themselves_are_fine():
    """Balanced tags, void tags and tags HTML closes by itself (<li>, <p>) are accepted."""
    for text in ("<details><summary>More</summary>\n\nText\n\n</details>", "Line<br>break<hr/>",
                 "<ul><li>one<li>two</ul>", "<p>para", "<div><span>x</span></div>",
                 "`</details>` in a code span"):
        assert find_violations(text) == [], text


def test_code_spans_and_fenced_code_are_text():
    """A security quiz may show <script> and onclick= in backticks or fenced code."""
    text = "Which runs code, `<script>` or `onclick=`?\n\n```html\n<script>alert(1)</script>\n```\n"
    assert find_violations(text) == []
    assert find_violations("``<iframe src=x>``") == []


def test_site_list_cannot_allow_scripts():
    """allowed_html adds safe tags like kbd, but never scripts, embeds or styles."""
    assert find_violations("Press <kbd>Ctrl</kbd>") != []
    assert find_violations("Press <kbd>Ctrl</kbd>", ["kbd"]) == []
    for tag in ("script", "iframe", "object", "embed", "style"):
        assert find_violations(f"<{tag}>x</{tag}>", [tag]) != [], tag
    assert find_violations("<kbd onclick=alert(1)>x</kbd>", ["kbd"]) != []


def test_library_reports_html_errors_with_field_and_line(tmp_path):
    """The validator names the field and the line of the unsafe text, even with script in allowed_html."""
    source = (CASES_DIR / "html-script.yml").read_bytes()
    path = tmp_path / "html-script.yml"
    path.write_bytes(source)
    catalog = QuizLibrary(("en", "ko"), allowed_html=("script",)).load(str(tmp_path))
    lines = [p.render(str(tmp_path)) for p in catalog.errors]
    assert lines == (CASES_DIR / "html-script.expected").read_text(encoding="utf-8").splitlines()
    assert catalog.quizzes == {}


def _quiz(payload: str) -> Quiz:
    """A quiz holding `payload` in every text field, built without validation."""
    text = Text(by_language={"en": f"Before\n\n{payload}\n\nafter"})
    return Quiz(
        id="unsafe", title=text, languages=("en",), intro=text, closing=text,
        learning_material="javascript:alert(1)", next=NextQuiz(link="javascript:alert(2)", title=text),
        questions=(
            Question(id="one", kind="multiple_choice", prompt=text,
                     body=MultipleChoice(options=(text, Text(neutral="Safe")), answer="A"), explanation=text),
            Question(id="two", kind="short_answer", prompt=text, body=WrittenAnswer(answer=text)),
        ),
    )


@pytest.mark.parametrize("extensions", MARKDOWNS.values(), ids=MARKDOWNS.keys())
@pytest.mark.parametrize("payload", PAYLOADS)
def test_renderer_escapes_unsafe_html_when_validation_is_bypassed(payload, extensions):
    """`quizpages render` output stays safe even for a quiz that skipped validation, however its Markdown
    pairs backticks."""
    quiz = _quiz(payload)
    page = Renderer({quiz.id: quiz}, ("en",)).quiz_page(quiz, "en")
    html = markdown.markdown(page, extensions=extensions)
    tree = BeautifulSoup(html, "html.parser")
    assert not tree.find_all(["script", "iframe", "object", "embed", "style"])
    for element in tree.find_all(True):
        for name, value in element.attrs.items():
            assert not name.lower().startswith("on"), element
            if name in ("href", "src"):
                plain = "".join(str(value).split()).lower()
                assert not plain.startswith(("javascript:", "data:")), element


def test_site_builds_code_examples_and_allowed_tags(tmp_path):
    """With kbd allowed, a quiz using <kbd>, <script> in code, a BOM and CRLF builds with --strict."""
    site = copy_site(tmp_path)
    edit_config(site, lambda c: quizpages_options(c).update(allowed_html=["kbd"]))
    quizzes = site / "content" / "quizzes"
    shutil.copy(CASES_DIR / "valid-script-in-code.yml", quizzes / "security.yml")
    shutil.copy(CASES_DIR / "valid-bom-and-crlf.yml", quizzes / "windows.yml")
    kbd = (CASES_DIR / "html-tag-not-allowed.yml").read_text(encoding="utf-8")
    (quizzes / "keys.yml").write_text(kbd, encoding="utf-8")
    build(site)
    page = soup(site / "site" / "quizzes" / "security" / "index.html")
    article = page.select_one("article")
    assert not article.find_all("script")
    codes = [c.get_text() for c in article.find_all("code")]
    assert "<script>" in codes
    assert any("<script>alert(1)</script>" in c for c in codes)
    keys = soup(site / "site" / "quizzes" / "keys" / "index.html").select_one("article")
    assert keys.find("kbd").get_text() == "Ctrl"
    windows = soup(site / "site" / "quizzes" / "windows" / "index.html").select_one("article")
    assert windows.find("h1").get_text(strip=True).startswith("Sample quiz")


def test_error_page_cannot_be_used_to_inject_html(tmp_path):
    """The serve-time error page shows a hostile file name and key as text, never as HTML."""
    from quizpages import load_quiz

    path = tmp_path / "a`<img src=x onerror=alert(1)>`.yml"
    path.write_text('"x\\n```\\n<script>alert(2)</script>\\n```": 1\ntitle: T\n', encoding="utf-8")
    _, problems = load_quiz(str(path), "bad", ("en",))
    assert problems
    page = Renderer({}, ("en",)).error_page("bad", str(path), problems, "en", str(tmp_path))
    html = markdown.markdown(page, extensions=["attr_list", "md_in_html", "pymdownx.superfences"])
    tree = BeautifulSoup(html, "html.parser")
    assert not tree.find_all(["script", "img"])
    assert "alert(1)" in tree.get_text() and "alert(2)" in tree.get_text()
