"""`quizpages export`: every kind in every language and format, the files' layout, what is left out, and the
exit codes. The formats' own readers check the files in test_export_readers.py."""

from __future__ import annotations

import dataclasses
import io
import re
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass

import pytest
from conftest import KUBEFLOW_QUIZ
from export_helpers import add_hostile_quiz, export, site_quizzes
from moodle_cloze import cloze_codes

from quizpages.export import FORMATS, file_name
from quizpages.export.gift import escape as gift_escape
from quizpages.kinds import KINDS, Kind
from quizpages.kinds.kind import Registry
from quizpages.model import Question, Text
from quizpages.model.fields import declared, TEXT

PRACTICE = "ai-ml/kubeflow-trainer-practice"  # the bundled quiz with every kind
ALL = [arg for name in FORMATS for arg in ("--format", name)]


def test_every_registered_kind_declares_an_export():
    """A new kind without an export would leave its questions out of every LMS file."""
    assert [kind.name for kind in KINDS if kind.export is None] == []


@pytest.mark.parametrize("kind", list(KINDS), ids=lambda kind: kind.name)
def test_every_kind_exports_in_every_format_and_language(kind, site_copy):
    """Each kind's example question, in English and Korean, is in every format's file, named by its id."""
    quiz_site, catalog, renderer = site_quizzes(site_copy)
    html = quiz_site.markdown_html()
    for language in ("en", "ko"):
        question = kind.example(language)
        quiz = next(iter(catalog.quizzes.values()))
        quiz = type(quiz)(id="examples", title=Text({language: "Examples"}), questions=(question,),
                          languages=(language,))
        for format in FORMATS.values():
            data, problems = quiz_site.export(quiz, language, format, renderer, html)
            assert data, (format.name, language)
            left_out = [p.message for p in problems if "the question left out" in p.message]
            text = _readable(data)
            assert question.id in text or left_out, (format.name, language)


def test_a_heading_in_a_text_is_exported_without_the_sites_permalink(site_copy):
    """The site gives headings a "¶" permalink (`toc: permalink: true`); in an LMS it would be a stray ¶ linking
    nowhere, so no format's file holds one, and the heading itself is still there."""
    quiz_site, catalog, renderer = site_quizzes(site_copy)
    assert any(name == "toc" and options.get("permalink") for name, options in quiz_site.settings.markdown_extensions)
    html = quiz_site.markdown_html()
    question = dataclasses.replace(KINDS["short_answer"].example("en"), prompt=Text({"en": "### Step one\n\nWhy?"}),
                                   explanation=Text({"en": "#### Because\n\nIt is."}))
    quiz = next(iter(catalog.quizzes.values()))
    quiz = type(quiz)(id="headings", title=Text({"en": "Headings"}), questions=(question,), languages=("en",))
    for format in FORMATS.values():
        text = _readable(quiz_site.export(quiz, "en", format, renderer, html)[0])
        assert "Step one" in text and "Because" in text, format.name
        assert "headerlink" not in text and "¶" not in text and "&para;" not in text, format.name


def _readable(data: bytes) -> str:
    """A file's text, or every text of a zip's entries."""
    if data[:2] == b"PK":
        archive = zipfile.ZipFile(io.BytesIO(data))
        return "\n".join(archive.read(name).decode("utf-8") for name in archive.namelist())
    return data.decode("utf-8")


@dataclass(frozen=True)
class Essay:
    answer: Text = declared(TEXT, required=True, doc="A test kind's answer.")


def test_a_kind_without_an_export_is_reported_not_crashed(site_copy):
    """A site's own kind that declares no export: its questions are left out with a warning, the rest exported."""
    kinds = Registry(KINDS)
    kinds.register(Kind(name="essay_test", order=40, body=Essay, doc="A test kind.", section="section.quiz",
                        fragment="kinds/written_answer.md.j2",
                        view=lambda q, ctx: {"answer": "", "answer_inline": True},
                        example=lambda language: Question(id="x", kind="essay_test", prompt=Text({language: "?"}),
                                                          body=Essay(Text({language: "!"})))))
    quiz_site, catalog, renderer = site_quizzes(site_copy)
    quiz_site.kinds = kinds
    quiz = catalog.quizzes[PRACTICE]
    odd = Question(id="own-kind", kind="essay_test", prompt=Text({"en": "Own?"}), body=Essay(Text({"en": "Yes"})),
                   number=99)
    quiz = type(quiz)(id=quiz.id, title=quiz.title, questions=quiz.questions + (odd,), languages=("en",),
                      source=quiz.source)
    for format in FORMATS.values():
        data, problems = quiz_site.export(quiz, "en", format, renderer, quiz_site.markdown_html())
        messages = [p.message for p in problems]
        assert any("(own-kind): the question left out" in m and "declares no export" in m for m in messages), messages
        assert "trainjob-role" in _readable(data)


def test_export_writes_every_quiz_in_every_language_and_format(site_copy):
    """By default: every quiz, every language of the site, under exports/<language>/<quiz id><suffix>."""
    code, out, err = export(site_copy, *ALL)
    assert code == 0, out + err
    written = sorted(p.relative_to(site_copy / "exports").as_posix() for p in (site_copy / "exports").rglob("*")
                     if p.is_file())
    expected = sorted(file_name(quiz, language, format) for quiz in (PRACTICE, "ai-ml/kubeflow-trainer")
                      for language in ("en", "ko") for format in FORMATS.values())
    assert written == expected
    assert "wrote 16 files to exports (2 quizzes, en, ko): 0 errors," in err


def test_the_summary_names_only_the_languages_it_exported(site_copy):
    """A quiz written in English only (`languages: [en]`) is exported in English, and the summary says so
    rather than listing Korean as exported too."""
    path = site_copy / "content" / "quizzes" / "english-only.yml"
    path.write_text("title: {en: English only}\nlanguages: [en]\nquestions:\n  - id: q\n    kind: true_false\n"
                    "    question: {en: Is it English?}\n    answer: true\n", encoding="utf-8")
    code, out, err = export(site_copy, "--format", "gift", str(path.relative_to(site_copy)))
    assert code == 0, out + err
    assert sorted(p.relative_to(site_copy / "exports").as_posix() for p in (site_copy / "exports").rglob("*.gift")) \
        == ["en/english-only.gift"]
    assert "wrote 1 file to exports (1 quiz, en): 0 errors, 0 warnings" in err


def test_languages_files_and_out_can_be_chosen(site_copy):
    """--language limits the languages, file arguments the quizzes, --out the folder."""
    code, out, err = export(site_copy, "--format", "moodle", "--language", "ko", "--out", "lms",
                            str(KUBEFLOW_QUIZ))
    assert code == 0, out + err
    assert [p.relative_to(site_copy / "lms").as_posix() for p in (site_copy / "lms").rglob("*.xml")] == [
        "ko/ai-ml/kubeflow-trainer.moodle.xml"]
    text = (site_copy / "lms/ko/ai-ml/kubeflow-trainer.moodle.xml").read_text(encoding="utf-8")
    assert "분산" in text and 'xml:lang' not in text


def test_export_again_replaces_the_files(site_copy):
    """Exporting again replaces last time's files (atomically) and makes the same bytes."""
    assert export(site_copy, *ALL)[0] == 0
    files = {p: p.read_bytes() for p in (site_copy / "exports").rglob("*") if p.is_file()}
    stale = site_copy / "exports" / file_name(PRACTICE, "en", FORMATS["gift"])
    stale.write_text("stale", encoding="utf-8")
    assert export(site_copy, *ALL)[0] == 0
    assert {p: p.read_bytes() for p in files} == files
    assert not [p for p in (site_copy / "exports").rglob(".quizpages-*")]  # no temporary file left


def test_what_a_format_cannot_hold_is_a_warning_naming_quiz_question_and_reason(site_copy):
    """GIFT has no ordering and one answer set per question: each is a located warning, and exit code 0."""
    code, out, err = export(site_copy, "--format", "gift", "--language", "en")
    assert code == 0
    lines = out.splitlines()
    ordering = [line for line in lines if "(trainjob-lifecycle): the question left out" in line]
    assert len(ordering) == 1
    assert re.match(r"content/quizzes/ai-ml/kubeflow-trainer-practice\.yml:\d+:\d+: warning: ", ordering[0])
    assert f"GIFT export of {PRACTICE} (en): GIFT has no question type for it (no ordering questions)" in ordering[0]
    assert any("(pytorch-env): the question left out" in line and "2 blanks" in line for line in lines)
    assert any("(trainjob-role): the hint left out" in line for line in lines)
    gift = (site_copy / "exports" / file_name(PRACTICE, "en", FORMATS["gift"])).read_text(encoding="utf-8")
    assert "::trainjob-lifecycle::" not in gift and "::pytorch-env::" not in gift
    assert "::trainjob-role::" in gift


def test_formats_that_hold_everything_warn_of_nothing(site_copy):
    """Moodle XML and QTI hold every kind, hint and explanation of the bundled quizzes."""
    code, out, err = export(site_copy, "--format", "moodle", "--format", "qti3", "--format", "qti21")
    assert (code, out) == (0, ""), err


def test_a_quiz_that_does_not_validate_is_not_exported_and_exits_1(site_copy):
    """A quiz with errors is reported as `validate` reports it and left out; the others are exported."""
    broken = site_copy / "content" / "quizzes" / "broken.yml"
    broken.write_text("title: Broken\nquestions:\n  - id: q\n    kind: essay\n    question: What?\n", encoding="utf-8")
    code, out, err = export(site_copy, "--format", "gift")
    assert code == 1
    assert "content/quizzes/broken.yml:4:11: error:" in out and "unknown kind 'essay'" in out
    assert "Traceback" not in out + err
    assert not (site_copy / "exports" / "en" / "broken.gift").exists()
    assert (site_copy / "exports" / file_name(PRACTICE, "en", FORMATS["gift"])).exists()


@pytest.mark.parametrize("args, message", [
    (["--format", "pdf"], "invalid choice: 'pdf'"),
    ([], "the following arguments are required: --format"),
    (["--format", "gift", "--language", "ja"], "the site has no language 'ja' (Use one of en, ko)"),
    (["--format", "gift", "no/such.yml"], "no/such.yml: error: no such file or folder"),
    (["--format", "gift", "--out", "content/quizzes/out"], "is inside the quizzes folder"),
    (["--format", "gift", "--out", "mkdocs.yml"], "--out mkdocs.yml: mkdocs.yml is a file, not a folder"),
    (["--format", "gift", "--out", "mkdocs.yml/lms"], "--out mkdocs.yml/lms: mkdocs.yml is a file, not a folder"),
])
def test_a_bad_command_line_exits_2_with_a_message(site_copy, args, message):
    """A wrong format, language, path or output folder: exit code 2 and what to do, never a traceback."""
    code, out, err = export(site_copy, *args)
    assert code == 2
    assert message in err and "Traceback" not in out + err
    assert not (site_copy / "exports").exists()


def test_markdown_extensions_that_cannot_be_loaded_exit_2(site_copy):
    """An extension the site names but that is not installed is named, not a traceback."""
    config = site_copy / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("  - attr_list\n", "  - attr_list\n  - no_such_ext\n"),
                      encoding="utf-8")
    code, out, err = export(site_copy, "--format", "qti3")
    assert code == 2
    assert "markdown_extensions cannot be used" in err and "no_such_ext" in err and "Traceback" not in err


def test_each_question_carries_its_id_and_the_gift_file_its_category(site_copy):
    """GIFT `::id::` after a `$CATEGORY:` of the quiz, Moodle `<name>`, QTI item identifier and title; a QTI
    package's identifiers name its language, so an LMS importing both languages keeps both."""
    assert export(site_copy, *ALL)[0] == 0
    exports = site_copy / "exports" / "en"
    gift = (exports / "ai-ml/kubeflow-trainer.gift").read_text(encoding="utf-8")
    assert re.search(r"^\$CATEGORY: Kubeflow Trainer and Distributed Training Quiz \(en\)$", gift, re.M)
    assert gift.index("$CATEGORY:") < gift.index("::gang-scheduling::")
    moodle = ET.fromstring((exports / "ai-ml/kubeflow-trainer.moodle.xml").read_bytes())
    names = [q.findtext("name/text") for q in moodle.iter("question") if q.get("type") != "category"]
    assert "gang-scheduling" in names and len(names) == len(set(names)) == 10
    for suffix in ("qti3", "qti21"):
        archive = zipfile.ZipFile(exports / f"ai-ml/kubeflow-trainer.{suffix}.zip")
        item = ET.fromstring(archive.read("items/gang-scheduling.xml"))
        assert item.get("identifier") == "ai-ml.kubeflow-trainer.en.gang-scheduling"
        assert item.get("title") == "gang-scheduling"
        en, ko = (_package_identifiers(site_copy / "exports" / language / f"ai-ml/kubeflow-trainer.{suffix}.zip")
                  for language in ("en", "ko"))
        assert len(en) == len(ko) > 10 and not en & ko, (en, ko)


_PACKAGED = {"manifest", "resource", "assessmentItem", "qti-assessment-item", "assessmentTest", "qti-assessment-test"}


def _package_identifiers(path) -> set[str]:
    """The identifiers an LMS files a QTI package's parts under: its manifest, resources, items and test."""
    archive = zipfile.ZipFile(path)
    return {element.get("identifier") for name in archive.namelist() if name.endswith(".xml")
            for element in ET.fromstring(archive.read(name)).iter()
            if element.tag.split("}")[-1] in _PACKAGED and element.get("identifier")}


@pytest.mark.parametrize("suffix, item_type", [("qti3", "imsqti_item_xmlv3p0"), ("qti21", "imsqti_item_xmlv2p1")])
def test_a_qti_package_lists_every_item_and_a_test_in_the_quizs_order(site_copy, suffix, item_type):
    """imsmanifest.xml at the zip's root lists every item as a resource of its version's type, and the
    assessment test holds them in the order the quiz page shows them."""
    assert export(site_copy, "--format", suffix, "--language", "en")[0] == 0
    archive = zipfile.ZipFile(site_copy / "exports" / "en" / f"{PRACTICE}.{suffix}.zip")
    names = archive.namelist()
    assert names[0] == "imsmanifest.xml"
    manifest = ET.fromstring(archive.read("imsmanifest.xml"))
    resources = [r for r in manifest.iter() if r.tag.endswith("resource")]
    items = [r for r in resources if r.get("type") == item_type]
    tests = [r for r in resources if r.get("type") == item_type.replace("item", "test")]
    assert len(tests) == 1 and len(items) == 9
    assert sorted(r.get("href") for r in items) == sorted(n for n in names if n.startswith("items/"))
    test = ET.fromstring(archive.read(tests[0].get("href")))
    refs = [e.get("href") for e in test.iter() if e.tag.endswith(("assessmentItemRef", "qti-assessment-item-ref"))]
    quiz_site, catalog, renderer = site_quizzes(site_copy)
    page_order = [q.question.id for section in renderer.sections(catalog.quizzes[PRACTICE], "en")
                  for q in section["questions"]]
    assert refs == [f"items/{question_id}.xml" for question_id in page_order]


def test_html_formats_keep_code_korean_and_the_sites_markdown(site_copy):
    """QTI and Moodle get the site's Markdown as HTML: code spans, highlighted code blocks, Korean, text
    with GIFT's special characters, and pasted HTML kept as text, never as markup it should not be."""
    add_hostile_quiz(site_copy)
    assert export(site_copy, *ALL, "content/quizzes/edge-cases.yml")[0] == 0
    exports = site_copy / "exports"
    moodle = ET.fromstring((exports / "ko/edge-cases.moodle.xml").read_bytes())
    texts = {q.findtext("name/text"): q.findtext("questiontext/text") for q in moodle.iter("question")}
    assert "<code>a = {b: ~c}</code> # d 에 대해 맞는 것은?" in texts["specials"]
    assert '<div class="highlight"><pre>' in texts["code-task"] and "jsonpath" in texts["code-task"]
    archive = zipfile.ZipFile(exports / "en/edge-cases.qti3.zip")
    item = archive.read("items/specials.xml").decode("utf-8")
    assert "<code>a = {b: ~c}</code>" in item
    assert "<b>pasted</b> HTML = fine" in item
    code_task = archive.read("items/code-task.xml").decode("utf-8")
    # the code block's lines stay as written: the file's indentation never reaches inside <pre>
    assert "names\n</code></pre>" in code_task.replace("</span>", "")


def test_gift_escapes_its_special_characters_and_joins_lines(site_copy):
    """`~ = # { } :` are escaped in every text and line breaks are `\\n`, so a blank line never ends a
    question early; "->" in an option is written so no reader takes it for a matching pair."""
    add_hostile_quiz(site_copy)
    assert export(site_copy, "--format", "gift", "content/quizzes/edge-cases.yml")[0] == 0
    gift = (site_copy / "exports/en/edge-cases.gift").read_text(encoding="utf-8")
    assert "::specials::[markdown]Which holds for `a \\= \\{b\\: \\~c\\}` \\# d?{" in gift
    # `{z}` could be an attribute list, so the page's text escapes it (`\{z}`, shown as {z}); "->" is
    # Markdown's "-\>", shown as "->"; GIFT then escapes those backslashes too
    assert "=[markdown]x -\\\\> y\\: \\\\\\{z\\}" in gift
    blocks = gift.strip().split("\n\n")
    # the category, then each question GIFT holds as one block (those of several blanks, and the short
    # answer starting with "%", left out)
    assert [block.split("\n")[1].split("::")[1] if i else "category" for i, block in enumerate(blocks)] == [
        "category", "specials", "block-syntax", "block-options", "arrows", "block-pairs", "one-blank", "off-centre",
        "learning-rate", "code-task"]
    assert "::code-task::[markdown]Print the pods\\:\\n\\n```bash\\n" in gift


def test_gift_keeps_code_as_written_and_uses_html_where_moodles_markdown_differs(site_copy):
    """"->" inside code (a span, a block, a matching question's left-hand side) stays "->" as the reader sees
    it, and a text Moodle's Markdown would show otherwise than the site (an admonition) is the site's HTML."""
    add_hostile_quiz(site_copy)
    assert export(site_copy, "--format", "gift", "content/quizzes/edge-cases.yml")[0] == 0
    gift = (site_copy / "exports/en/edge-cases.gift").read_text(encoding="utf-8")
    assert "####[markdown]`p -> q` is code; a\\\\b is a backslash; &amp; and ]]> stay text." in gift
    assert "```rust\\nfn f() -> u8 \\{ 1 \\} // a -> b\\n```" in gift
    assert "-\\>" not in gift.replace("-\\\\>", "")  # no "-\>" where Markdown would not read it back
    assert "\n\t=[html]<code>p -&gt; q</code> -> implication\n" in gift
    assert "\n\t=[markdown]x -\\\\> y -> a map\n" in gift
    assert "####[html]<div class\\=\"admonition note\">" in gift and "!!! note" not in gift


ARROW_AND_TILDE = """\
title: Arrows
questions:
  - id: arrow-answer
    kind: fill_in
    question: "In C, `p[___]x` reads a member through a pointer."
    blanks:
      - accept: ["->"]
  - id: home
    kind: fill_in
    question: "Your home is [___] and the root [___]."
    blanks:
      - accept: ["~"]
      - accept: ["/"]
  - id: percent
    kind: fill_in
    question: "Windows writes the variable as [___]."
    blanks:
      - accept: ["%PATH%"]
"""


def test_answers_a_format_would_misread_are_left_out_with_a_warning(site_copy):
    """A GIFT short answer holding "->" would be read as a matching question, one starting with "%" as a
    weight: each question is left out of GIFT, with a warning, never exported wrong. A Cloze answer "~"
    (which ends an answer there, however escaped) is written so Moodle reads "~"."""
    (site_copy / "content/quizzes/arrows.yml").write_text(ARROW_AND_TILDE, encoding="utf-8")
    code, out, err = export(site_copy, "--format", "gift", "--format", "moodle", "--format", "qti3",
                            "--language", "en", "content/quizzes/arrows.yml")
    assert code == 0, out + err
    assert ("question 1 (arrow-answer): the question left out of the GIFT export of arrows (en): its answer '->' "
            "holds '->', which GIFT reads as a matching pair") in out
    assert ("question 3 (percent): the question left out of the GIFT export of arrows (en): its answer '%PATH%' "
            "starts with '%', which GIFT reads as the start of a weight (%50%)") in out
    assert "Moodle XML export" not in out and "QTI 3.0 export" not in out
    exports = site_copy / "exports/en"
    gift = (exports / "arrows.gift").read_text(encoding="utf-8")
    assert "::arrow-answer::" not in gift and "::percent::" not in gift
    moodle = ET.fromstring((exports / "arrows.moodle.xml").read_bytes())
    questions = {q.findtext("name/text"): q for q in moodle.iter("question") if q.get("type") != "category"}
    assert list(questions) == ["arrow-answer", "home", "percent"]
    assert cloze_codes(questions["home"].findtext("questiontext/text")) == [
        ("SHORTANSWER", [(1.0, "~")]), ("SHORTANSWER", [(1.0, "/")])]
    assert {"items/arrow-answer.xml", "items/home.xml", "items/percent.xml"} <= set(
        zipfile.ZipFile(exports / "arrows.qti3.zip").namelist())


def test_moodles_wildcard_and_cloze_escapes_keep_the_answers_as_written(site_copy):
    """Moodle reads `*` in a short answer as "anything", and in a Cloze answer only `\\}` and `\\#` as
    escapes, with a `\\` or an `&` protecting the delimiter after it: an answer with `*`, `/`, `"`, `\\`, `}`,
    `#`, `&`, `<` or `~`, or ending in `\\` or `&`, is written so Moodle accepts exactly it."""
    add_hostile_quiz(site_copy)
    assert export(site_copy, "--format", "moodle", "--format", "gift", "--language", "en",
                  "content/quizzes/edge-cases.yml")[0] == 0
    moodle = ET.fromstring((site_copy / "exports/en/edge-cases.moodle.xml").read_bytes())
    questions = {q.findtext("name/text"): q for q in moodle.iter("question")}
    assert [a.findtext("text") for a in questions["one-blank"].findall("answer")] == [
        "Dockerfile", "{weird}=name", "\\*.txt"]
    # as Moodle's own reader (ported) reads them; `\\*` is Moodle's literal star
    assert cloze_codes(questions["paths"].findtext("questiontext/text")) == [
        ("SHORTANSWER", [(1.0, "/etc/hosts"), (1.0, '"quoted" \\path')]),
        ("SHORTANSWER", [(1.0, "\\*.yaml"), (1.0, "a}b#c & d < e")])]
    assert cloze_codes(questions["shell-ends"].findtext("questiontext/text")) == [
        ("SHORTANSWER", [(1.0, "\\")]), ("SHORTANSWER", [(1.0, "&")])]
    assert cloze_codes(questions["drive-root"].findtext("questiontext/text")) == [
        ("SHORTANSWER", [(1.0, "C:\\"), (1.0, "c:\\")]), ("SHORTANSWER", [(1.0, "map[string]int{}"), (1.0, "%50%")])]
    gift = (site_copy / "exports/en/edge-cases.gift").read_text(encoding="utf-8")
    assert "=\\\\*.txt}" in gift  # GIFT's "\\" is Moodle's "\", and "\*" its literal star


LINKED = """\
title: Linked
questions:
  - id: linked
    kind: short_answer
    question:
      en: "Read [the guide](../ai-ml/kubeflow-trainer.md#gang-scheduling) first. What is a gang?"
      ko: "먼저 [안내서](../ai-ml/kubeflow-trainer.md#gang-scheduling)를 읽으세요. 갱이란?"
    answer: {en: All or nothing., ko: 전부 아니면 전무.}
"""


def test_links_lead_to_the_published_site(site_copy):
    """A link relative to the quiz page becomes the page's absolute URL on the site (`site_url`), in the
    export's language, in every format."""
    (site_copy / "content/quizzes/linked.yml").write_text(LINKED, encoding="utf-8")
    config = site_copy / "mkdocs.yml"
    text = re.sub(r"^site_url: .*$", "site_url: https://example.org/guide/", config.read_text(encoding="utf-8"),
                  flags=re.M)
    config.write_text(text, encoding="utf-8")
    code, out, err = export(site_copy, *ALL, "content/quizzes/linked.yml")
    assert (code, out) == (0, ""), out + err
    for language, prefix in (("en", ""), ("ko", "ko/")):
        url = f"https://example.org/guide/{prefix}ai-ml/kubeflow-trainer/#gang-scheduling"
        for format in FORMATS.values():
            text = _readable((site_copy / "exports" / file_name("linked", language, format)).read_bytes())
            written = gift_escape(url) if format.name == "gift" else url
            assert written in text and "../ai-ml/kubeflow-trainer.md" not in text, (format.name, language)


def test_without_a_site_url_a_relative_link_is_a_warning(site_copy):
    """Without `site_url` the link is left as written, and the export says where it leads nowhere."""
    (site_copy / "content/quizzes/linked.yml").write_text(LINKED, encoding="utf-8")
    config = site_copy / "mkdocs.yml"
    config.write_text(re.sub(r"^site_url: .*\n", "", config.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
    code, out, err = export(site_copy, "--format", "qti3", "--language", "en", "content/quizzes/linked.yml")
    assert code == 0
    assert ("question 1 (linked): where the link ../ai-ml/kubeflow-trainer.md#gang-scheduling leads left out of "
            "the QTI 3.0 export of linked (en): it is relative to the quiz page, and the site's `site_url` is not "
            "set (Set `site_url:` in mkdocs.yml") in out


def test_an_accepted_answer_holding_markup_is_exported_as_written(site_copy):
    """An accepted answer such as `<none>` or `a & b` is text in every format: Moodle XML and QTI stay
    well-formed and hold it as written, and GIFT escapes what its own syntax would read."""
    (site_copy / "content/quizzes/verbatim.yml").write_text(
        "title: {en: Verbatim}\nlanguages: [en]\nquestions:\n  - id: prints\n    kind: fill_in\n"
        "    question: {en: \"kubectl prints [___] and [___].\"}\n    blanks:\n"
        "      - accept: [\"<none>\"]\n      - accept: [\"a & b\", \"<b>bold</b>\"]\n", encoding="utf-8")
    code, out, err = export(site_copy, *ALL, "content/quizzes/verbatim.yml")
    assert code == 0, out + err
    exports = site_copy / "exports" / "en"
    moodle = ET.fromstring((exports / "verbatim.moodle.xml").read_bytes())
    cloze = next(q for q in moodle.iter("question") if q.get("type") == "cloze").findtext("questiontext/text")
    assert [[text for _, text in answers] for _, answers in cloze_codes(cloze)] == [["<none>"], ["a & b", "<b>bold</b>"]]
    for suffix in ("qti3", "qti21"):
        archive = zipfile.ZipFile(exports / f"verbatim.{suffix}.zip")
        elements = [e for name in archive.namelist() if name.startswith("items/") for e in ET.fromstring(archive.read(name)).iter()]
        values = [e.text for e in elements if e.tag.split("}")[-1] in ("value", "qti-value")] + [
            e.get("mapKey", e.get("map-key")) for e in elements if e.tag.split("}")[-1] in ("mapEntry", "qti-map-entry")]
        assert {"<none>", "a & b", "<b>bold</b>"} <= set(values), values
