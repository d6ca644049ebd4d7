"""A third language, added as CONTRIBUTING.md says (Japanese): what its pages, its checks and `status` show."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import build, edit_config, quizpages, quizpages_options, soup
from quizpages.cli.translate import strings_skeleton
from quizpages.render import Strings, strings_problems
from quizpages.render import strings as strings_module

JAPANESE = """\
show_answer: 答えを見る
answer: 答え
language.en: 英語
language.ko: 韓国語
language.ja: 日本語
available_in: "{languages}で提供"
only_in: "{language}のみ"
list.separator: "、"
numeric.with_unit: "{value}{unit}"
"""


def _add_japanese(site: Path, quizzes_in: list[str] | None = ("en", "ko"), learning_page: bool = True) -> Path:
    """CONTRIBUTING's "Add a language" steps for ja: mkdocs.yml, content/ja/, the strings file; the bundled quizzes
    say `languages: [en, ko]` until they are translated."""
    def change(config):
        config["plugins"][0]["search"]["lang"] = ["en", "ko", "ja"]
        i18n = next(entry["i18n"] for entry in config["plugins"] if isinstance(entry, dict) and "i18n" in entry)
        i18n["languages"].append({"locale": "ja", "name": "日本語", "build": True,
                                  "nav_translations": {"Home": "ホーム", "Quizzes": "クイズ"}})
        quizpages_options(config)["languages"] = ["en", "ko", "ja"]
    edit_config(site, change)
    if learning_page:
        shutil.copytree(site / "content" / "en", site / "content" / "ja")
    (site / "strings" / "ja.yml").write_text(JAPANESE, encoding="utf-8")
    if quizzes_in:
        for path in (site / "content" / "quizzes").rglob("*.yml"):
            text = path.read_text(encoding="utf-8")
            path.write_text(text.replace("\ntitle:", f"\nlanguages: [{', '.join(quizzes_in)}]\ntitle:", 1),
                            encoding="utf-8")
    return site


def test_a_learning_page_links_a_quiz_not_yet_in_its_language_to_one_it_has(site_copy):
    """The Japanese learning page's quiz links lead to the English quiz pages, marked as the index marks them, and
    `mkdocs build --strict` passes (it failed on those links)."""
    _add_japanese(site_copy)
    build(site_copy)
    page = soup(site_copy / "site" / "ja" / "ai-ml" / "kubeflow-trainer" / "index.html")
    link = page.find("a", string="Take the quiz")
    assert link["href"] == "../../../quizzes/ai-ml/kubeflow-trainer/"
    assert link.find_next_sibling("em").get_text() == "(英語、韓国語で提供)"
    assert (site_copy / "site" / "quizzes" / "ai-ml" / "kubeflow-trainer" / "index.html").exists()
    korean = soup(site_copy / "site" / "ko" / "ai-ml" / "kubeflow-trainer" / "index.html")
    link = korean.find("a", string="퀴즈 풀기")  # the quiz has a Korean page: its link is left alone
    assert link["href"] == "../../quizzes/ai-ml/kubeflow-trainer/" and link.find_next_sibling("em") is None


def test_lists_and_units_are_written_as_the_language_writes_them(site_copy):
    """The Japanese index joins language names with 、, and the Korean answer reads 32개 프로세스, not 32 개 프로세스."""
    _add_japanese(site_copy)
    build(site_copy)
    index = soup(site_copy / "site" / "ja" / "quizzes" / "index.html").get_text()
    assert "英語、韓国語で提供" in index and "英語, 韓国語" not in index
    korean = (site_copy / "site" / "ko" / "quizzes" / "ai-ml" / "kubeflow-trainer-practice" / "index.html")
    text = soup(korean).get_text()
    assert "32개 프로세스" in text and "32 개 프로세스" not in text
    english = soup(site_copy / "site" / "quizzes" / "ai-ml" / "kubeflow-trainer-practice" / "index.html").get_text()
    assert "32 processes" in english


def test_the_hint_for_a_missing_learning_page_names_the_new_languages_folder(site_copy):
    """Before content/ja/ exists, the error says to write content/ja/ai-ml/kubeflow-trainer.md, not the English
    page's path."""
    _add_japanese(site_copy, quizzes_in=None, learning_page=False)
    result = quizpages(site_copy, "validate")
    assert "Write content/ja/ai-ml/kubeflow-trainer.md, or leave ja out" in result.stdout, result.stdout


def test_status_lists_the_interface_strings_each_language_lacks(site_copy):
    """`status` names the strings ja still lacks (English shows there) and the `language.ja` the English and
    Korean files lack, so every index can name Japanese in its own language."""
    _add_japanese(site_copy)
    result = quizpages(site_copy, "status")
    assert ("strings/en.yml:1: strings: 'en' lacks 1 interface string: language.ja (Add them to strings/en.yml"
            in result.stdout)
    assert "'ko' lacks 1 interface string: language.ja" in result.stdout
    report = json.loads(quizpages(site_copy, "status", "--format", "json").stdout)
    english = (Path(strings_module.STRINGS_DIR) / "en.yml").read_text(encoding="utf-8")
    keys = {line.split(":")[0] for line in english.splitlines() if line and not line.startswith("#")}
    given = {line.split(":")[0] for line in JAPANESE.splitlines()}
    assert report["missing_strings"]["ja"] == sorted(keys - given)
    assert report["missing_strings"]["en"] == ["language.ja"]


@pytest.fixture
def package_strings(tmp_path, monkeypatch):
    """A copy of quizpages' own strings folder that a test may add a language to."""
    folder = tmp_path / "package-strings"
    shutil.copytree(strings_module.STRINGS_DIR, folder)
    monkeypatch.setattr(strings_module, "STRINGS_DIR", str(folder))
    return folder


def test_a_packaged_strings_file_is_checked_like_a_sites(package_strings):
    """A misspelt key, a wrong placeholder and a duplicate key in strings/ja.yml of the package are located
    problems with hints, as they are in a site's strings folder; the wrong entry shows the English text."""
    (package_strings / "ja.yml").write_text(
        "show_anwser: 答えを見る\nnext_quiz: \"次: {titel}\"\nanswer: 答え\nanswer: 回答\n", encoding="utf-8")
    found = {p.render() for p in strings_problems(("en", "ko", "ja"), ())}
    path = package_strings / "ja.yml"
    assert (f"{path}:1:14: warning: 'show_anwser' is not one of quizpages' strings, so it changes nothing "
            "(Did you mean 'show_answer'?)") in found
    assert any(p.startswith(f"{path}:2:12: error: the string 'next_quiz' uses {{titel}}") for p in found)
    assert any(p.startswith(f"{path}:4:1: error: duplicate key 'answer'") for p in found)
    japanese = Strings("ja")
    assert japanese("next_quiz", title="X") == "Next Quiz: X"
    assert japanese("answer") == "答え"
    assert [p for p in strings_problems(("en", "ko"), ()) if "ja.yml" in p.source.path] == []


def _contributing_step(number: int) -> str:
    """The text of step `number` of CONTRIBUTING.md's "Add a language", on one line."""
    text = (Path(__file__).parent.parent / "CONTRIBUTING.md").read_text(encoding="utf-8")
    section = text.split("## Add a language", 1)[1].split("\n## ", 1)[0]
    step = re.search(rf"^{number}\. (.*?)(?=^\d+\. |\Z)", section, re.M | re.S)
    assert step, f"CONTRIBUTING.md's \"Add a language\" has no step {number}"
    return " ".join(step.group(1).split())


def test_the_figures_contributing_gives_for_a_new_language_are_what_the_commands_print(site_copy):
    """A translator following "Add a language" with Japanese sees the figures step 6 quotes: the strings 'ja'
    lacks right after `translate init`, the texts missing in the summary, and as many warnings from `validate`."""
    step = _contributing_step(6)
    lacks = re.search(r"strings: ('ja' lacks \d+ interface strings: [a-z_., ]+?), \.\.\.", step)
    summary = re.search(r"`(ja: \d+ quizzes untranslated, (\d+) texts missing, \d+ stale)`", step)
    assert lacks and summary, step
    init = quizpages(site_copy, "translate", "init", "ja")
    assert init.returncode == 0, init.stderr
    _add_japanese(site_copy, quizzes_in=None)
    (site_copy / "strings" / "ja.yml").write_text(  # as `translate init` wrote it: every key still commented
        strings_skeleton("ja"), encoding="utf-8")
    status = quizpages(site_copy, "status")
    assert f"strings: {lacks.group(1)}," in status.stdout, status.stdout
    assert summary.group(1) in status.stderr, status.stderr
    validate = quizpages(site_copy, "validate")
    assert f"0 errors, {summary.group(2)} warnings" in validate.stdout + validate.stderr
