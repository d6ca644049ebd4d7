"""Property-based tests: no input escapes the loader as anything but located problems.

Each test draws 100 examples locally and 500 under CI (CI=true); set QUIZPAGES_FUZZ_EXAMPLES for a
longer run, e.g. QUIZPAGES_FUZZ_EXAMPLES=5000 (conftest.py's hypothesis profile). The work per example
is bounded by the loader's caps, so there is no deadline.
"""

from __future__ import annotations

import json
from functools import cache

import yaml
from conftest import FUZZ_EXAMPLES, KUBEFLOW_QUIZ, ROOT
from hypothesis import example, given, settings
from hypothesis import strategies as st
from quizpages import KINDS, dump_quiz, load_quiz
from quizpages.cache import codec
from quizpages.check.html_policy import check_quiz as check_html
from quizpages.check.rules import check_rules
from quizpages.load import read_quiz
from quizpages.model import NextQuiz, Question, Quiz, Text
from quizpages.model.numbers import number
from quizpages.render import Renderer

FUZZ = settings(max_examples=FUZZ_EXAMPLES)  # and conftest.py's profile: no deadline, no database
LANGUAGES = ("en", "ko")
PATH = "quiz.yml"
SEEDS = [
    (ROOT / KUBEFLOW_QUIZ).read_bytes(),
    (ROOT / "content" / "quizzes" / "ai-ml" / "kubeflow-trainer-practice.yml").read_bytes(),  # every kind
    (ROOT / "tests" / "fixtures" / "invalid" / "valid-script-in-code.yml").read_bytes(),
    (ROOT / "tests" / "fixtures" / "invalid" / "valid-bom-and-crlf.yml").read_bytes(),
]
RENDERER = Renderer({}, LANGUAGES)
TAGS = ["!!python/object/apply:os.system", "!!python/object:os.system", "!!python/name:os.system", "!!set", "!!omap",
        "!!binary", "!secret", "!<tag:example.com,2026:x>", "!!str", "!!int", "!!null", "!!seq", "!!map"]
ODD_VALUES = [b"123", b"true", b"[]", b"{}", b"~", b"null", b"2024-01-01", b"[a, [b, {c: d}]]", b"*nothing",
              b"!!python/object:os.system x", b"&a x", b"|", b">-", b"'", b'"', b"- a", b"{en: x, ko: 1}",
              b'!!python/object/apply:os.system ["true"]', b"!!set {a: 1}", b"!!omap [a: 1]", b"!x {en: a, ko: b}",
              b"!!str [a]", b"!!null text"]


def check_everything(data: bytes) -> None:
    """Load, validate and render `data`; only located problems may come out, and the build cache
    gives back exactly what was loaded."""
    quiz, problems = load_quiz(PATH, "fuzz", LANGUAGES, data=data)
    if quiz is not None:
        problems = problems + check_rules(quiz) + check_html(quiz)
        RENDERER.quizzes = {quiz.id: quiz}
        for language in quiz.languages:
            RENDERER.quiz_page(quiz, language)
    encoded = codec.encode(PATH, quiz, problems)
    back = codec.decode(PATH, json.loads(json.dumps(encoded, ensure_ascii=False)))
    assert back == (quiz, problems)
    assert codec.encode(PATH, *back) == encoded  # sources included
    line_count = len(data.decode("utf-8", "replace").splitlines()) + 1
    for problem in problems:
        assert problem.source.path == PATH
        assert 1 <= problem.source.line <= line_count, problem
        assert problem.source.column >= 1, problem
        assert problem.message and problem.hint, problem


@st.composite
def mutated(draw) -> bytes:
    """A valid quiz file after a few random edits."""
    lines = draw(st.sampled_from(SEEDS)).split(b"\n")
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["delete", "swap", "retype", "truncate", "bytes", "duplicate", "indent", "tag"]))
        i = draw(st.integers(0, len(lines) - 1))
        j = draw(st.integers(0, len(lines) - 1))
        if op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "retype" and b":" in lines[i]:
            key = lines[i].split(b":", 1)[0]
            lines[i] = key + b": " + draw(st.sampled_from(ODD_VALUES))
        elif op == "truncate":
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
            lines = lines[: i + 1]
        elif op == "bytes":
            at = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:at] + draw(st.binary(min_size=1, max_size=8)) + lines[i][at:]
        elif op == "duplicate":
            lines.insert(j, lines[i])
        elif op == "indent":
            lines[i] = draw(st.sampled_from([b"\t", b" ", b"   "])) + lines[i]
        elif op == "tag":  # a tag on whatever the line starts: a list item, a mapping, a text, the file
            tag = draw(st.sampled_from(TAGS)).encode()
            body = lines[i].lstrip(b" ")
            indent = lines[i][: len(lines[i]) - len(body)]
            if body.startswith(b"- "):
                lines[i] = indent + b"- " + tag + b" " + body[2:]
            elif b":" in body:
                key, rest = body.split(b":", 1)
                lines[i] = indent + key + b": " + tag + rest
            else:
                lines.insert(i, indent + tag)
    return b"\n".join(lines)


@FUZZ
@given(mutated())
def test_mutated_quiz_files_give_located_problems(data):
    """Any edit of a valid quiz file yields a quiz or located problems, never an exception."""
    check_everything(data)


@FUZZ
@given(st.binary(max_size=2048))
def test_random_bytes_give_located_problems(data):
    """Random bytes yield located problems, never an exception."""
    check_everything(data)


KEYS = st.sampled_from(["title", "questions", "id", "kind", "question", "options", "answer", "en", "ko",
                        "languages", "next", "link", "intro", "explanation", "learning_material", "x"])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                    st.text(max_size=20), st.sampled_from(list(KINDS.names()) + ["A", "B", "en", "ko", "<script>"]))
DOCUMENTS = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(KEYS, st.text(max_size=5)), inner, max_size=5),
), max_leaves=30)


@FUZZ
@given(DOCUMENTS)
def test_random_yaml_documents_give_located_problems(document):
    """Any YAML document, shaped like a quiz or not, yields a quiz or located problems."""
    check_everything(yaml.safe_dump(document, allow_unicode=True).encode("utf-8"))


def _tagged(value: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """YAML text of `value`, with a tag in front of it now and then."""
    return st.tuples(st.one_of(st.just(""), st.sampled_from(TAGS)), value).map(
        lambda pair: f"{pair[0]} {pair[1]}" if pair[0] else pair[1])


FLOW_SCALARS = _tagged(st.one_of(st.sampled_from(["x", "A", "true", "en", "~", '""', "multiple_choice"]),
                                 st.text(max_size=10).map(json.dumps)))
FLOW_KEYS = st.one_of(KEYS, st.sampled_from(["'<<'", "[a]"]))
TAGGED_DOCUMENTS = st.recursive(FLOW_SCALARS, lambda inner: _tagged(st.one_of(
    st.lists(inner, max_size=4).map(lambda items: "[" + ", ".join(items) + "]"),
    st.lists(st.tuples(FLOW_KEYS, inner), max_size=5).map(
        lambda pairs: "{" + ", ".join(f"{key}: {value}" for key, value in pairs) + "}"),
)), max_leaves=30)


@FUZZ
@given(TAGGED_DOCUMENTS)
def test_tagged_yaml_documents_give_located_problems(document):
    """A tag on any list, mapping or text, the whole document included, yields located problems."""
    check_everything(document.encode("utf-8"))


# -- round trip ------------------------------------------------------------------------------

WORDS = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")),
                min_size=1, max_size=30).filter(lambda s: s.strip() != "")
PARAGRAPHS = st.lists(WORDS, min_size=1, max_size=3).map("\n".join)
TEXT_VALUES = st.one_of(WORDS, PARAGRAPHS)


# The strategies below are made once per argument (`cache`): hypothesis checks a new strategy object
# before its first draw, and made afresh for every question that took most of this file's time.
@cache
def texts(languages: tuple[str, ...]):
    neutral = TEXT_VALUES.map(lambda s: Text(neutral=s))
    translated = st.fixed_dictionaries({lang: TEXT_VALUES for lang in languages}).map(
        lambda d: Text(by_language=d))
    return st.one_of(neutral, translated)


@cache
def questions(number: int, languages: tuple[str, ...]):
    return _questions(number, languages)


@st.composite
def _questions(draw, number: int, languages: tuple[str, ...]) -> Question:
    """A question of any registered kind, its fields drawn from their declared types."""
    kind = draw(st.sampled_from(list(KINDS)))
    return Question(
        id=f"q-{number}", kind=kind.name, prompt=draw(texts(languages)),
        body=draw(declared_values(kind.body, languages)),
        explanation=draw(st.one_of(st.none(), texts(languages))),
        title=draw(st.one_of(st.none(), texts(languages))),
    )


@cache
def value_of(field_type, languages: tuple[str, ...]):
    """Values of one declared field type, valid as a quiz file would hold them."""
    from quizpages.model import fields as f

    if isinstance(field_type, f.TextType):
        return texts(languages)
    if isinstance(field_type, f.LetterType):
        return st.sampled_from("AB")
    if isinstance(field_type, f.ListType):
        return st.lists(value_of(field_type.item, languages), min_size=max(field_type.min_items, 1),
                        max_size=min(field_type.max_items or 5, 5), unique=field_type.unique).map(tuple)
    if isinstance(field_type, f.NumberType):
        # a number a page shows as written: at most 15 significant digits (more is an error in the file)
        # (and no closer to 0 than a page holds: 2.2250738585072e-308, rounded so, is below the smallest double)
        return st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False, allow_subnormal=False).map(
            lambda value: float(number(value))).filter(lambda value: value == 0 or abs(value) >= 1e-300)
    if isinstance(field_type, f.BoolType):
        return st.booleans()
    if isinstance(field_type, f.MapType):
        return st.dictionaries(st.sampled_from("AB"), value_of(field_type.value, languages), min_size=1, max_size=2)
    if isinstance(field_type, f.RecordType):
        return declared_values(field_type.cls, languages)
    raise NotImplementedError(field_type)


@cache
def declared_values(cls, languages: tuple[str, ...]):
    return _declared_values(cls, languages)


@st.composite
def _declared_values(draw, cls, languages: tuple[str, ...]):
    """An instance of a kind's declared fields; an answer letter always names an option."""
    from quizpages.model.fields import LetterType, declared_fields

    values = {d.name: draw(value_of(d.spec.type, languages)) for d in declared_fields(cls)
              if d.spec.required or draw(st.booleans())}
    options = values.get("options")
    for d in declared_fields(cls):
        if isinstance(d.spec.type, LetterType) and options is not None:
            values[d.name] = chr(ord("A") + draw(st.integers(0, len(options) - 1)))
    return cls(**values)


@st.composite
def quizzes(draw) -> Quiz:
    declared = draw(st.booleans())
    languages = draw(st.sampled_from([("en",), ("ko",), LANGUAGES])) if declared else LANGUAGES
    text = texts(languages)
    count = draw(st.integers(1, 4))
    link = st.sampled_from(["./other.md", "../ai-ml/page.md", "https://example.com/a b"])
    return Quiz(
        id="round-trip", title=draw(text), languages=languages, declared_languages=languages if declared else None,
        questions=tuple(draw(questions(n, languages)) for n in range(1, count + 1)),
        intro=draw(st.one_of(st.none(), text)), closing=draw(st.one_of(st.none(), text)),
        learning_material=draw(st.one_of(st.none(), link)),
        next=draw(st.one_of(st.none(), st.builds(NextQuiz, link=link, title=st.one_of(st.none(), text)))),
    )


@FUZZ
@given(quizzes())
def test_valid_quizzes_round_trip_through_yaml(quiz):
    """A quiz written to YAML by the writer loads back equal, so tools never change an author's words."""
    text = dump_quiz(quiz)
    loaded, problems = read_quiz(PATH, quiz.id, LANGUAGES, data=text.encode("utf-8"))
    assert [p for p in problems if p.is_error] == [], (text, problems)
    assert loaded == quiz, text


def test_bundled_quiz_round_trips():
    """The bundled Kubeflow quiz survives model -> YAML -> model unchanged."""
    quiz, problems = load_quiz(PATH, "kubeflow", LANGUAGES, data=SEEDS[0])
    assert quiz is not None and not [p for p in problems if p.is_error]
    again, _ = load_quiz(PATH, "kubeflow", LANGUAGES, data=dump_quiz(quiz).encode("utf-8"))
    assert again == quiz


# -- HTML policy -----------------------------------------------------------------------------

PIECES = st.sampled_from([
    "<script>", "</script>", "<iframe src=x>", "<kbd>", "<b>", "</b>", "<div>", "</div>", "<img ", "/", ">",
    " onerror=", "alert(1)", "`", "```", "~~~", "\n", "\n\n", "    ", "[a](", "](", "[", "]", "(", ")", "!",
    "javascript:", "data:", "jav&#x61;script:", "&", "\\", "href=", "\"", "'", "text", " ", "<", ":",
])
HOSTILE_TEXT = st.lists(PIECES, max_size=40).map("".join)


@FUZZ
@given(HOSTILE_TEXT)
@example("`\n`<script>`")  # a code span over a line end, or one on the second line: the tag is outside the first
@example("<script><div>`</div>\n`")  # </div> is code only if the span crosses the line: <div> is left open
def test_sanitized_text_has_nothing_left_to_reject(text):
    """Whatever the renderer's sanitizer lets through, the validator finds nothing unsafe in."""
    from quizpages.check.html_policy import find_violations, sanitize

    assert find_violations(sanitize(text)) == []


ATTRIBUTE_PIECES = st.sampled_from([
    "{:", "{", "}", " onclick=", "onerror=", " href=", " src=", "javascript:alert(1)", "jav&#x61;script:", "\"",
    "'", " .c", " #i", " title=t", "\n", "\n\n", "[a](#)", "![i](x)", "- ", "# ", "`", "```", "~~~", "\\", "x",
    "<b>", "<img src=x", " ", ">", "| a |\n|---|\n", "    ",
])
RENDERED = None


@FUZZ
@given(st.lists(st.one_of(ATTRIBUTE_PIECES, PIECES), max_size=30).map("".join))
@example('[a]([a](javascript:"[a](')  # the URL of the second "](" is the link's
@example("<img src=x onerror=`<img src=x`<b>")  # a tag never finished ends at the code span's <code>
def test_sanitized_text_renders_no_script(text):
    """Whatever the renderer's sanitizer lets through, attribute lists included, renders to no event handler
    and no script URL: the rendered check finds none in it."""
    global RENDERED
    from quizpages.check.html_policy import sanitize
    from quizpages.check.rendered_html import RenderedHtml

    RENDERED = RENDERED or RenderedHtml()
    findings = RENDERED.findings(sanitize(text)) or []
    script = ("a javascript: URL", "a vbscript: URL", "a data: URL")
    assert [f for f in findings if f.subject.startswith("on") or f.subject in script] == [], sanitize(text)


@FUZZ
@given(st.lists(st.one_of(ATTRIBUTE_PIECES, PIECES), max_size=30).map("".join))
@example("``<script>```{:`")  # inlinehilite pairs no run with `` here: <script> is not in code
@example("- ```\n `<img src=x onerror=alert(1)>`")  # the list item's fence-like line: no code span at all
def test_text_left_unrendered_renders_to_nothing_unsafe(text):
    """The rendered check skips a text with no markup sign outside inline code: rendered anyway, such a
    text never holds anything the sanitizer would remove."""
    global RENDERED
    from quizpages.check.html_policy import may_hold_markup, outside_code_spans
    from quizpages.check.rendered_html import RenderedHtml

    RENDERED = RENDERED or RenderedHtml()
    if not may_hold_markup(outside_code_spans(text)):
        assert RENDERED.unsafe(RENDERED.html(text)) == [], text
