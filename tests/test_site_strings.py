"""A site's own strings files (`strings_dir`): a mistake in one is a located message in `validate`, the build and
`serve`, never a traceback, and the page shows the built-in text for the entry that is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Serve, build, edit_config, mkdocs, quizpages, quizpages_options, wait_for

from quizpages import KINDS
from quizpages.check.strings_rules import check_strings, misspelt_keys, placeholders
from quizpages.load.strings_file import read_strings
from quizpages.render.strings import STRINGS_DIR, Strings

def _with_strings(site: Path, **files: str) -> Path:
    (site / "site-strings").mkdir(exist_ok=True)
    for language, text in files.items():
        (site / "site-strings" / f"{language}.yml").write_text(text, encoding="utf-8")
    edit_config(site, lambda c: quizpages_options(c).update(strings_dir="site-strings"))
    return site


@pytest.mark.parametrize(("text", "message"), [
    ("show_answer: [broken\n",
     "site-strings/ko.yml:1:14: error: invalid YAML: did not find expected ',' or ']' (while parsing a flow "
     "sequence), noticed on line 2 (Close the list with ']' and separate its items with ','; a text that starts with '[' must be "
     "quoted, for example \"[___] is ...\")"),
    ('next_quiz: "다음: {titel}"\n',
     "site-strings/ko.yml:1:12: error: the string 'next_quiz' uses {titel}, which it is not given: it is given "
     "{title} (Use only those names; until then the built-in text is shown)"),
    ("show_answer: [1, 2]\n",
     "site-strings/ko.yml:1:14: error: the string 'show_answer' must be text, not a list"),
    ('show_answer: "{oops"\n',
     "site-strings/ko.yml:1:14: error: the string 'show_answer' has a '{' or '}' that opens or closes nothing"),
])
def test_a_broken_strings_entry_is_a_located_error_in_validate_and_the_build(site_copy, text, message):
    """validate and `mkdocs build` both name the strings file's line and column; no traceback."""
    _with_strings(site_copy, en="show_answer: Reveal Answer\n", ko=text)
    checked = quizpages(site_copy, "validate")
    assert checked.returncode == 1
    assert message in checked.stdout, checked.stdout
    built = mkdocs(site_copy, "build")
    assert built.returncode == 1
    assert message in built.stdout + built.stderr
    assert "Traceback" not in built.stdout + built.stderr


HOSTILE_STRINGS = """\
show_answer: "<img src=x onerror=alert(1)>"
return_to_learning: "[back](javascript:alert(2))"
section.multiple_choice: "<script>alert(3)</script>"
answer: 'Answer {: onclick="alert(4)" }'
topic.ai-ml: 'AI/ML {onmouseover="alert(5)"}'
next_quiz: "다음 퀴즈: {title}"
"""


def test_a_string_that_would_run_script_is_a_located_error_and_never_reaches_a_page(site_copy):
    """Strings files come in pull requests too: raw HTML, a javascript: link or an attribute list in a string
    is an error at its line and column, all of them in one run, and the page shows the built-in text."""
    _with_strings(site_copy, ko=HOSTILE_STRINGS)
    checked = quizpages(site_copy, "validate")
    assert checked.returncode == 1
    found = [line.split(": error: ")[0] for line in checked.stdout.splitlines() if ": error: " in line]
    assert found == ["site-strings/ko.yml:1:15", "site-strings/ko.yml:2:22", "site-strings/ko.yml:3:27",
                     "site-strings/ko.yml:4:9", "site-strings/ko.yml:5:14"]
    assert "the string 'show_answer': the event-handler attribute onerror= is not allowed" in checked.stdout
    assert "the string 'answer' has {: onclick=\"alert(4)\" }, which is no value's name" in checked.stdout
    strings = Strings("ko", (str(site_copy / "site-strings"),))
    for key in ("show_answer", "return_to_learning", "section.multiple_choice", "answer"):
        assert strings(key) == Strings("ko")(key), key  # the built-in text
    assert strings("topic.ai-ml") == "topic.ai-ml"  # left out: no text of the site for it
    assert strings("next_quiz", title="X") == "다음 퀴즈: X"  # the good entry is kept


def test_a_misspelt_key_is_a_warning_naming_the_key_meant(site_copy):
    """A key quizpages has no string for changes nothing: a warning, with the key most like it."""
    _with_strings(site_copy, en="show_anser: Reveal Answer\n")
    checked = quizpages(site_copy, "validate")
    assert checked.returncode == 0
    assert ("site-strings/en.yml:1:13: warning: 'show_anser' is not one of quizpages' strings, so it changes "
            "nothing (Did you mean 'show_answer'?)") in checked.stdout
    assert quizpages(site_copy, "validate", "--strict").returncode == 1


def test_the_page_shows_the_built_in_text_for_a_wrong_entry_and_the_site_text_for_the_others(site_copy):
    """A broken entry never reaches the page: under `serve`, the Korean page keeps 정답 보기 while the English page
    shows the site's own label, and the error is logged."""
    _with_strings(site_copy, en="show_answer: Reveal Answer\n", ko="show_answer: [1, 2]\n")
    with Serve(site_copy) as server:
        wait_for(lambda: "Reveal Answer" in server.page("quizzes/ai-ml/kubeflow-trainer/")[1], "the English page")
        status, korean = server.page("ko/quizzes/ai-ml/kubeflow-trainer/")
        assert status == 200 and "정답 보기" in korean and "[1, 2]" not in korean
        assert "site-strings/ko.yml:1:14: error: the string 'show_answer' must be text" in server.output()
        assert "Traceback" not in server.output()


def test_serve_keeps_serving_through_a_broken_strings_file_and_takes_the_fix(site_copy):
    """Saving a strings file that does not parse logs its error and keeps every page answering; the fix shows."""
    _with_strings(site_copy, en="show_answer: Reveal Answer\n")
    with Serve(site_copy) as server:
        assert "Reveal Answer" in server.page("quizzes/ai-ml/kubeflow-trainer/")[1]
        (site_copy / "site-strings/en.yml").write_text("show_answer: [broken\n", encoding="utf-8")
        wait_for(lambda: "site-strings/en.yml:1:14: error: invalid YAML" in server.output(), "the error", server.log)
        wait_for(lambda: "Show Answer" in server.page("quizzes/ai-ml/kubeflow-trainer/")[1], "the built-in label",
                 server.log)
        (site_copy / "site-strings/en.yml").write_text("show_answer: See the Answer\n", encoding="utf-8")
        wait_for(lambda: "See the Answer" in server.page("quizzes/ai-ml/kubeflow-trainer/")[1], "the fixed label",
                 server.log)
        assert "Traceback" not in server.output()


def test_built_in_strings_files_break_no_rule():
    """Every built-in language's strings are quizpages' keys with the values English gives them."""
    reference, _where, problems = read_strings(str(Path(STRINGS_DIR) / "en.yml"))
    assert problems == [] and "next_quiz" in reference
    for path in sorted(Path(STRINGS_DIR).glob("*.yml")):
        table, where, problems = read_strings(str(path))
        good, found = check_strings(table, where, reference, str(path))
        assert problems + found + misspelt_keys(table, where, set(reference), str(path)) == [], path.name
        assert good == table and set(table) <= set(reference), path.name


def test_a_key_of_the_sites_own_is_kept_and_not_taken_for_a_misspelling(site_copy):
    """A string a site's own template uses (`team.note`) is no warning and reaches the template."""
    _with_strings(site_copy, en="team.note: Written by the platform team\n")
    template = site_copy / "overrides/fragments/quizpages/quiz.md.j2"
    template.parent.mkdir(parents=True)
    template.write_text((Path(STRINGS_DIR).parent / "fragments/quiz.md.j2").read_text(encoding="utf-8")
                        + '\n{{ t("team.note") }}\n', encoding="utf-8")
    checked = quizpages(site_copy, "validate", "--strict")
    assert checked.returncode == 0, checked.stdout
    build(site_copy)
    page = (site_copy / "site/quizzes/ai-ml/kubeflow-trainer/index.html").read_text(encoding="utf-8")
    assert "Written by the platform team" in page


def test_language_names_and_topic_headings_are_no_misspellings(site_copy):
    """`language.ja` and `topic.ai-ml` in a site's strings file are read by name: no warning, and the index
    shows the topic heading."""
    _with_strings(site_copy, en="language.ja: Japanese\ntopic.ai-ml: AI/ML\n", ko="topic.ai-ml: AI/ML\n")
    checked = quizpages(site_copy, "validate", "--strict")
    assert checked.returncode == 0 and "Did you mean" not in checked.stdout, checked.stdout
    build(site_copy)
    index = (site_copy / "site/quizzes/index.html").read_text(encoding="utf-8")
    assert ">AI/ML</h2>" in index or "AI/ML<a" in index, index


def test_placeholders_are_the_names_a_text_fills_in():
    """`{title}` is filled in, `{{` is a brace as it is, and an unclosed brace is not well formed."""
    assert placeholders("Next: {title} ({count})") == {"title", "count"}
    assert placeholders("{{literal}}") == set()
    assert placeholders("{oops") is None


@pytest.mark.parametrize("path", sorted(Path(STRINGS_DIR).glob("*.yml")), ids=lambda path: path.name)
def test_every_built_in_strings_file_has_every_key_english_has(path):
    """A built-in language has every string English has, every kind's section heading included, so none of its
    pages shows an English label."""
    reference = read_strings(str(Path(STRINGS_DIR) / "en.yml"))[0]
    assert {kind.section for kind in KINDS} <= set(reference)
    table = read_strings(str(path))[0]
    assert sorted(set(reference) - set(table)) == [], f"{path.name} lacks strings English has"
