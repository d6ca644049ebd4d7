"""A bad mkdocs.yml is one located message and exit code 2 in every command, and fails the build the same way."""

from __future__ import annotations

import re

import pytest
from conftest import ENGLISH_ONLY, build, edit_config, mkdocs, quizpages, quizpages_options

COMMANDS = [["validate"], ["status"], ["render", "--out", "out"], ["new", "x/y", "--title", "T"], ["schema"],
            ["import", "pages", "--out", "out"]]

CONFIGS = {
    "site_name: x\nplugins:\n  - quizpages:\n      languages: [en\n":
        "mkdocs.yml:5:1: error: invalid YAML: expected ',' or ']', but got '<stream end>' "
        "(Check the quoting and indentation on this line and the one before)",
    "site_name: x\nplugins: 5\n":
        "mkdocs.yml:2:10: error: plugins must be a list (Write `plugins:` followed by `- quizpages:`)",
    "site_name: x\nplugins:\n  - quizpages: 3\n":
        "mkdocs.yml:3:16: error: plugins.quizpages: the options of quizpages must be a mapping "
        "(Indent `languages: [en, ko]` under `- quizpages:`)",
    "- site_name: x\n":
        "mkdocs.yml:1:1: error: the configuration must be a mapping of settings (Start from `site_name: ...`)",
}


@pytest.mark.parametrize("config", list(CONFIGS))
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_broken_mkdocs_yml_is_one_located_message_in_every_command(tmp_path, config, command):
    """Each broken mkdocs.yml yields one located error line and exit code 2, no traceback, whatever the command."""
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    result = quizpages(tmp_path, *command)
    assert "Traceback" not in result.stdout + result.stderr
    assert result.stderr.strip() == CONFIGS[config]
    assert result.returncode == 2
    assert not (tmp_path / "out").exists() and not (tmp_path / "docs").exists()


def test_mkdocs_yml_that_is_not_utf8_is_reported(tmp_path):
    """A mkdocs.yml saved in another encoding is reported, not a traceback."""
    (tmp_path / "mkdocs.yml").write_bytes(b"site_name: caf\xe9\n")
    result = quizpages(tmp_path, "validate")
    assert result.stderr.strip() == "mkdocs.yml: error: the file is not UTF-8 (Save it with UTF-8 encoding)"
    assert result.returncode == 2


def test_plugins_as_a_mapping_are_read(tmp_path):
    """`plugins:` written as a mapping is read as MkDocs reads it."""
    (tmp_path / "mkdocs.yml").write_text("site_name: x\nplugins:\n  quizpages:\n    languages: [en]\n",
                                         encoding="utf-8")
    quizzes = tmp_path / "docs" / "quizzes"
    quizzes.mkdir(parents=True)
    (quizzes / "one.yml").write_text("title: {en: One, ko: 하나}\nquestions: []\n", encoding="utf-8")
    result = quizpages(tmp_path, "validate")
    assert "title: 'ko' is not a language of this site (This site's languages are en;" in result.stdout


BAD_LANGUAGES = {
    "[]": "plugins.quizpages.languages: list at least one language, the source language first "
          "(Write `languages: [en, ko]`)",
    "en": "plugins.quizpages.languages: expected a list such as [en, ko], not text (Write `languages: [en, ko]`)",
    "[en, ko, ko]": "plugins.quizpages.languages[2]: 'ko' is listed twice (List each language once)",
    "[ko, en]": "plugins.quizpages.languages[0]: 'ko' must be the source language, which is the default language "
                "of plugins.i18n ('en') (Make sure both list it first)",
    "[en, ja]": "plugins.quizpages.languages[1]: 'ja' is not a language that plugins.i18n builds (en, ko) "
                "(Make sure to add it to plugins.i18n.languages)",
}


@pytest.mark.parametrize("languages", list(BAD_LANGUAGES))
def test_bad_quiz_languages_are_one_config_error_in_every_command_and_the_build(site_copy, languages):
    """A bad `plugins.quizpages.languages` is one message naming the option and its line in each command,
    not a flood of quiz errors, and the build refuses it with the same words."""
    config = edit_config(site_copy, lambda c: quizpages_options(c).update(languages="@@"))
    text = config.read_text(encoding="utf-8").replace("'@@'", languages)
    config.write_text(text, encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), start=1) if row.strip() == f"languages: {languages}")
    located = re.compile(rf"mkdocs\.yml:{line}:\d+: error: {re.escape(BAD_LANGUAGES[languages])}")
    for command in COMMANDS[:4]:
        result = quizpages(site_copy, *command)
        assert result.returncode == 2 and result.stdout == "", command
        assert located.fullmatch(result.stderr.strip()), (command, result.stderr)
    built = mkdocs(site_copy, "build")
    assert built.returncode != 0 and "Traceback" not in built.stderr
    assert BAD_LANGUAGES[languages].split(": ", 1)[1] in built.stderr


def test_unknown_option_is_an_error_naming_the_option_it_likely_means(site_copy):
    """A misspelt option is one located error in every command and in the build, naming the option meant,
    rather than a flood of quiz errors from the default it would fall back to."""
    edit_config(site_copy, lambda c: quizpages_options(c).update(langauges=["en", "ko"]))
    message = "plugins.quizpages.langauges: unknown option (Did you mean 'languages'? Known options: enabled,"
    for command in COMMANDS[:4]:
        result = quizpages(site_copy, *command)
        assert result.returncode == 2 and result.stdout == "", command
        assert result.stderr.count("\n") == 1 and message in result.stderr, result.stderr
    built = mkdocs(site_copy, "build")
    assert built.returncode != 0 and "unknown option (Did you mean 'languages'?" in built.stderr
    assert "errors in quiz files" not in built.stderr


def test_a_site_without_the_plugin_or_without_mkdocs_yml_is_one_message(tmp_path_factory, site_copy):
    """Commands refuse a mkdocs.yml without the quizpages plugin, and a folder with no mkdocs.yml, instead of
    going on with defaults (only `validate FILE` works anywhere)."""
    edit_config(site_copy, lambda c: c.update(plugins=[p for p in c["plugins"] if "quizpages" not in str(p)]))
    for command in COMMANDS[:4]:
        result = quizpages(site_copy, *command)
        assert result.returncode == 2 and "plugins: quizpages is not one of this site's plugins" in result.stderr
    empty = tmp_path_factory.mktemp("no-site")  # no mkdocs.yml here nor above
    for command in COMMANDS[1:5]:
        result = quizpages(empty, *command)
        assert result.returncode == 2, command
        assert "error: no mkdocs.yml here or in a folder above" in result.stderr
    assert not (empty / "docs").exists() and not (empty / "schema").exists()


def test_a_missing_quizzes_folder_is_a_warning_in_commands_and_build(site_copy):
    """A `quizzes_dir` naming no folder says so, located, instead of building a site without its quizzes."""
    edit_config(site_copy, lambda c: quizpages_options(c).update(quizzes_dir="quizes"))
    result = quizpages(site_copy, "status")
    assert ": warning: plugins.quizpages.quizzes_dir: the quizzes folder content/quizes does not exist" in result.stderr
    built = mkdocs(site_copy, "build", "--strict")
    assert built.returncode != 0 and "the quizzes folder content/quizes does not exist" in built.stderr


def test_allowed_html_reaches_every_command(site_copy):
    """With `allowed_html: [kbd]`, a quiz using <kbd> validates, renders, builds and is counted by status."""
    edit_config(site_copy, lambda c: quizpages_options(c).update(allowed_html=["kbd"]))
    quiz = ENGLISH_ONLY.replace("What is a Helm release?", "Which key does <kbd>Ctrl</kbd> C send?")
    (site_copy / "content/quizzes/keys.yml").write_text(quiz, encoding="utf-8")
    assert quizpages(site_copy, "validate", "--strict").returncode == 0
    rendered = quizpages(site_copy, "render", "--out", "out")
    assert rendered.returncode == 0, rendered.stdout + rendered.stderr
    assert "<kbd>Ctrl</kbd>" in (site_copy / "out/quizzes/keys.md").read_text(encoding="utf-8")
    status = quizpages(site_copy, "status")
    assert "with errors" not in status.stderr and "missing quiz: quiz keys has no 'ko'" in status.stdout
    build(site_copy)


def test_allowed_html_naming_a_tag_that_can_run_code_is_a_config_error(site_copy):
    """`allowed_html: [script]` allows nothing (the policy never would): the command and the build say so,
    naming each entry, instead of letting the author believe <script> is allowed."""
    edit_config(site_copy, lambda c: quizpages_options(c).update(allowed_html=["kbd", "script", "<iframe>"]))
    result = quizpages(site_copy, "validate")
    assert result.returncode == 2
    assert "plugins.quizpages.allowed_html[1]: 'script' can run code, load content or restyle the page, so no " \
           "site may allow it (Remove it from the list)" in result.stderr
    assert "plugins.quizpages.allowed_html[2]: '<iframe>' can run code" in result.stderr
    built = mkdocs(site_copy, "build")
    assert built.returncode != 0 and "option 'allowed_html[1]': 'script' can run code" in built.stderr
