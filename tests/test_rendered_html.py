"""Quiz text is checked as the site's Markdown renders it: no attribute list adds script to any element."""

from __future__ import annotations

import dataclasses
import re
import shutil

import markdown
import pytest
from bs4 import BeautifulSoup
from conftest import BIN, ROOT, copy_site, mkdocs, run
from quizpages import KINDS, QuizSite, dump_quiz, load_quiz
from quizpages.check.html_policy import find_violations, may_hold_markup, sanitize
from quizpages.check.rendered_html import DEFAULT_EXTENSIONS, RenderedHtml
from quizpages.model import Question, Quiz, Text
from quizpages.model.fields import LetterType, ListType, MapType, RecordType, TextType, declared_fields
from quizpages.render import Renderer
from quizpages.settings import read_settings

SITE = read_settings(str(ROOT / "mkdocs.yml"))[0]
EXTENSIONS = SITE.markdown_extensions

# Each attribute list adds script to what it follows: a link, an image, a paragraph, a list item. The needle
# is what the error must point at in the file.
ATTRIBUTE_LISTS = {
    "link": ('See [the guide](#){: onclick="alert(1)" } first.', "onclick"),
    "image": ('![diagram](diagram.png){: onerror="alert(1)" }', "onerror"),
    "paragraph": ('A paragraph of its own.\n{: onmouseover="alert(1)" }', "onmouseover"),
    "list item": ('- an item\n{: onclick="alert(1)" }', "onclick"),
    "script link": ('[the guide](#){: href="javascript:alert(1)" }', "javascript:"),
}


def _holds_text(field_type) -> bool:
    if isinstance(field_type, (ListType, MapType)):
        return _holds_text(field_type.item if isinstance(field_type, ListType) else field_type.value)
    if isinstance(field_type, RecordType):
        return any(_holds_text(d.spec.type) for d in declared_fields(field_type.cls))
    return isinstance(field_type, TextType)


def _filled(field_type, payload: str):
    """A value of a declared field type holding `payload` in every text (for a field an example leaves out);
    None for a type that holds no text."""
    if not _holds_text(field_type):
        return None
    if isinstance(field_type, TextType):
        return Text(neutral=payload)
    if isinstance(field_type, ListType):
        return tuple(_filled(field_type.item, payload) for _ in range(max(field_type.min_items, 1)))
    if isinstance(field_type, MapType):
        return {"A" if isinstance(field_type.key, LetterType) else "a": _filled(field_type.value, payload)}
    if isinstance(field_type, RecordType):
        return _with_payload(field_type.cls(), payload)
    return None


def _appended(value, field_type, payload: str):
    """`value` of a declared field type with `payload` after each of its texts."""
    if isinstance(field_type, TextType):
        return Text({lang: f"{text}\n\n{payload}" for lang, text in value.by_language.items()},
                    None if value.neutral is None else f"{value.neutral}\n\n{payload}")
    if isinstance(field_type, ListType):
        return tuple(_appended(item, field_type.item, payload) for item in value)
    if isinstance(field_type, MapType):
        return {key: _appended(item, field_type.value, payload) for key, item in value.items()}
    if isinstance(field_type, RecordType):
        return _with_payload(value, payload)
    return value


def _with_payload(obj, payload: str):
    """`obj` (a question, a kind's fields, a record) with `payload` in every text field it declares, those it
    leaves empty filled in, found through the declarations, so a new kind or field is covered too."""
    changes = {}
    for declared in declared_fields(type(obj)):
        value = getattr(obj, declared.name)
        if declared.name == "title":  # one line, or an error of its own
            changes["title"] = _title_with(payload)
            continue
        if value is None or value == () or value == {}:
            filled = _filled(declared.spec.type, payload)
            if filled is not None:
                changes[declared.name] = filled
        else:
            changes[declared.name] = _appended(value, declared.spec.type, payload)
    if isinstance(obj, Question):
        changes["body"] = _with_payload(obj.body, payload)
    return dataclasses.replace(obj, **changes)


def _title_with(payload: str) -> Text:
    """A title holding `payload` on its line; a payload of several lines (a paragraph's attribute list) cannot
    be in a title, which is one line (a rule of its own), so the title is left without it."""
    return Text(neutral="Title" if "\n" in payload else f"Title {payload}")


def quiz_with(kind, payload: str) -> Quiz:
    """A quiz of one question of `kind` (its example), with `payload` in every text: the quiz's own too (its
    titles on their line)."""
    question = _with_payload(kind.example("en"), payload)
    text = Text(neutral=f"Text\n\n{payload}")
    return Quiz(id="hostile", title=_title_with(payload), intro=text, closing=text, questions=(question,),
                languages=("en",), declared_languages=("en",))


def _names(message: str, label: str) -> bool:
    """Whether `message` is about the text `label`, in one language (`question [en]: ...`) or all."""
    return re.match(rf"{re.escape(label)}( \[[a-z-]+\])?: ", message) is not None


def file_with(kind, payload: str) -> bytes:
    return dump_quiz(quiz_with(kind, payload)).encode("utf-8")


def texts_of(kind, payload: str) -> list[str]:
    """How messages name each text of the quiz `quiz_with` makes that holds `payload` and is read as Markdown
    (not an accepted answer, which is shown as written: see the test of verbatim texts below)."""
    return [slot.label for slot in quiz_with(kind, payload).texts()
            if not slot.verbatim and any(payload in value for _language, value in slot.text.items())]


@pytest.mark.parametrize("syntax", ATTRIBUTE_LISTS)
@pytest.mark.parametrize("kind", list(KINDS), ids=lambda kind: kind.name)
def test_attribute_list_script_is_an_error_in_every_text_of_every_kind(kind, syntax, tmp_path):
    """An attribute list that adds script, after a link, an image, a paragraph or a list item, is an error in
    every text field of every kind, at the line and column of the attribute in the quiz file."""
    payload, needle = ATTRIBUTE_LISTS[syntax]
    path = tmp_path / "hostile.yml"
    path.write_bytes(file_with(kind, payload))
    quiz, problems = load_quiz(str(path), "hostile", ("en", "ko"), markdown_extensions=EXTENSIONS)
    assert quiz is None
    lines = path.read_text(encoding="utf-8").splitlines()
    labels = texts_of(kind, payload)
    assert len(labels) >= 5  # the quiz's own texts, the question's, the kind's
    for label in labels:
        found = [p for p in problems if _names(p.message, label) and needle.rstrip(":") in p.message]
        assert len(found) == 1, (label, [p.render() for p in problems])
        where = found[0].source
        assert lines[where.line - 1][where.column - 1:].lower().startswith(needle), (label, where)


def test_attribute_lists_set_only_what_the_allowlist_has():
    """Beyond script, an attribute list may not set a style or data attributes (which quizpages.js reads), and
    an id, classes, a title, an image's size stay allowed."""
    check = RenderedHtml(EXTENSIONS)
    assert [f.message for f in check.findings('[x](#){: style="position: fixed; inset: 0" }')] == [
        "the attribute style= is not allowed on <a>"]
    assert [f.message for f in check.findings("Text\n{: data-check='{\"type\": \"number\"}' }")] == [
        "the attribute data-check= is not allowed on <p>"]
    for benign in ("Text\n{: .note }", "Text\n{: #why-it-matters }", "[x](https://kubeflow.org){: title=\"Kubeflow\" }",
                   "![x](x.png){: width=200 loading=lazy }", "# Heading {: #here .big }", "`code`{: .inline }"):
        assert check.findings(benign) == [], benign


@pytest.mark.parametrize("text", [
    "Run `kubectl get pods -n <namespace>` and read `STATUS`.",
    "| Field | Meaning |\n|:--|--:|\n| `replicas` | how many |",
    "```python\nfrom kubeflow import TrainerClient\nprint(TrainerClient())\n```",
    "```yaml title=\"trainjob.yaml\" linenums=\"1\"\napiVersion: v1\n```",
    "`#!python print('inline')` is highlighted inline.",
    "!!! note\n    An admonition, with **bold** text.",
    "## A heading\n\nWith a [link](../ai-ml/page.md#part), [mail](mailto:team@example.com) and <https://example.com>.",
    "Footnote-free text with an entity &amp; an escape \\* and 한국어 텍스트.",
    "<details markdown=\"1\"><summary>More</summary>\n\n*Inside*\n\n</details>",
])
def test_what_legitimate_quiz_text_renders_is_allowed(text):
    """Code highlighting, tables with aligned columns, admonitions, headings' ids and permalinks, links and
    Korean text, as the site's extensions render them, have nothing the sanitizer removes."""
    assert RenderedHtml(EXTENSIONS).findings(text) == [], RenderedHtml(EXTENSIONS).html(text)


def test_a_tag_hidden_from_the_written_check_is_found_in_what_renders():
    """A backtick in a heading and one in the paragraph under it look like one code span to the check of what
    was written, but Markdown renders the tag between them as HTML: the rendered check finds it."""
    text = "# Title `\nx <img src=x onerror=alert(1)> `"
    assert find_violations(text) == []
    assert [f.message for f in RenderedHtml(EXTENSIONS).findings(text)] == [
        "the event-handler attribute onerror= is not allowed"]
    assert "onerror" not in str(BeautifulSoup(markdown.markdown(sanitize(text)), "html.parser").find_all("img"))


def test_text_without_markup_signs_is_not_rendered():
    """Most quiz text holds no `{`, `<`, link or entity outside inline code: it is not rendered at all, so
    checking stays cheap; a sign after the code, or in a fence's `{...}`, is."""
    check = RenderedHtml(EXTENSIONS)
    assert not may_hold_markup("Which controller starts the `TrainJob` pods? 어느 컨트롤러인가?")
    assert check.findings("Which controller starts the `TrainJob` pods?") == []
    assert check.findings("List them with `kubectl get pods -n <namespace> -o json | jq '.items[]'`.") == []
    assert check._markdown is None  # never made
    assert [f.subject for f in check.findings("`code`{: onclick=alert(1) }")] == ["onclick="]
    assert [f.subject for f in RenderedHtml().findings('```{.py onclick="alert(1)"}\nprint(1)\n```')] == ["onclick="]


def test_the_site_extensions_are_read_as_mkdocs_loads_them():
    """The CLI reads mkdocs.yml's markdown_extensions after MkDocs' built-ins, with the Python-tagged slugify
    built, so headings get the ids the build gives them."""
    names = [name for name, _options in EXTENSIONS]
    assert names[:3] == ["toc", "tables", "fenced_code"] and "attr_list" in names and "pymdownx.superfences" in names
    toc = dict(EXTENSIONS)["toc"]
    assert toc["permalink"] is True and toc["slugify"]("Gang Scheduling", "-") == "gang-scheduling"
    assert 'id="gang-scheduling"' in RenderedHtml(EXTENSIONS).html("# Gang Scheduling {: .x }")


def test_extensions_that_do_not_load_are_one_located_error(tmp_path):
    """A site whose extensions cannot be loaded gets one error naming why, not a traceback."""
    path = tmp_path / "quiz.yml"
    path.write_bytes(file_with(KINDS["multiple_choice"], "[x](#){: .fine }"))
    _quiz, problems = load_quiz(str(path), "quiz", ("en",), markdown_extensions=(("no_such_extension", {}),))
    errors = [p for p in problems if p.is_error]
    assert len(errors) == 1 and "its Markdown extensions do not load" in errors[0].message
    assert "no_such_extension" in errors[0].message


@pytest.mark.parametrize("syntax", ATTRIBUTE_LISTS)
def test_rendered_output_neutralises_attribute_lists(syntax):
    """`quizpages render` output stays safe for a quiz that skipped validation: an attribute list that adds
    script shows as text, with the site's extensions and without them."""
    payload, _needle = ATTRIBUTE_LISTS[syntax]
    for kind in KINDS:
        quiz = quiz_with(kind, payload)
        page = Renderer({quiz.id: quiz}, ("en",)).quiz_page(quiz, "en")
        for extensions in (EXTENSIONS, DEFAULT_EXTENSIONS):
            html = markdown.markdown(page, extensions=[name for name, _ in extensions],
                                     extension_configs={name: options for name, options in extensions if options})
            for element in BeautifulSoup(html, "html.parser").find_all(True):
                for name, value in element.attrs.items():
                    assert not name.lower().startswith("on"), (kind.name, element)
                    assert not str(value).lower().startswith("javascript:"), (kind.name, element)


def test_safe_attribute_lists_survive_the_renderer():
    """The renderer leaves attribute lists on the allowlist alone: a class or an id still applies."""
    assert sanitize("Text\n{: .note #why }") == "Text\n{: .note #why }"
    assert sanitize('[x](#){: onclick="alert(1)" }') == '[x](#)\\{: onclick="alert(1)" }'
    assert sanitize('```{.python onclick="alert(1)"}\nprint(1)\n```') == "```\nprint(1)\n```"


# -- validate and a real strict build ------------------------------------------------------------


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    """The bundled site with a quiz per kind and attribute-list syntax, every text holding the payload."""
    site = copy_site(tmp_path_factory.mktemp("attribute-lists"))
    folder = site / "content" / "quizzes" / "hostile"
    folder.mkdir()
    for kind in KINDS:
        for syntax, (payload, _needle) in ATTRIBUTE_LISTS.items():
            (folder / f"{kind.name}-{syntax.replace(' ', '-')}.yml").write_bytes(file_with(kind, payload))
    return site


def _expected(site) -> list[tuple[str, str, str]]:
    return [(f"content/quizzes/hostile/{kind.name}-{syntax.replace(' ', '-')}.yml", label, needle.rstrip(":"))
            for kind in KINDS for syntax, (payload, needle) in ATTRIBUTE_LISTS.items()
            for label in texts_of(kind, payload)]


def _reported(output: str, path: str, label: str, needle: str) -> bool:
    pattern = re.compile(rf"{re.escape(path)}:\d+:\d+: error: {re.escape(label)}( \[[a-z-]+\])?: [^\n]*"
                         rf"{re.escape(needle)}")
    return bool(pattern.search(output))


def test_validate_reports_every_attribute_list_script(hostile_site):
    """`quizpages validate` reports the script of every attribute list in every text of every kind."""
    result = run([str(BIN / "quizpages"), "validate"], cwd=hostile_site)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    missing = [entry for entry in _expected(hostile_site) if not _reported(result.stdout, *entry)]
    assert missing == []


def test_strict_build_fails_on_every_attribute_list_script(hostile_site):
    """`mkdocs build --strict` fails with the same located errors, from the extensions MkDocs loaded."""
    result = mkdocs(hostile_site, "build", "--strict")
    output = result.stdout + result.stderr
    assert result.returncode != 0 and "Traceback" not in output
    missing = [entry for entry in _expected(hostile_site) if not _reported(output, *entry)]
    assert missing == []


def test_serve_shows_the_error_on_the_quiz_page(tmp_path):
    """Under `mkdocs serve` (which never stops on a quiz's errors) the quiz's page shows the located error."""
    site = copy_site(tmp_path)
    (site / "content" / "quizzes" / "hostile.yml").write_bytes(file_with(KINDS["ordering"],
                                                                           ATTRIBUTE_LISTS["image"][0]))
    settings = read_settings(str(site / "mkdocs.yml"))[0]
    built = QuizSite(settings, use_cache=False).site_pages()
    page = next(p for p in built.pages if p.markdown_path == "quizzes/hostile.md" and p.language == "en")
    assert "item 1 [en]: the event-handler attribute onerror= is not allowed" in page.content


def test_attribute_lists_with_classes_and_ids_build(tmp_path):
    """A quiz whose texts use `{: .class }` and `{: #id }` in every field builds with --strict."""
    site = copy_site(tmp_path)
    for kind in KINDS:
        path = site / "content" / "quizzes" / f"benign-{kind.name}.yml"
        path.write_bytes(file_with(kind, "A note.\n{: .note #note-" + kind.name.replace("_", "-") + " }"))
    shutil.rmtree(site / "site", ignore_errors=True)
    result = mkdocs(site, "build", "--strict")
    assert result.returncode == 0, result.stdout + result.stderr
    page = (site / "site" / "quizzes" / "benign-numeric" / "index.html").read_text(encoding="utf-8")
    assert 'class="note"' in page
