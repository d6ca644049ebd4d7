"""A broken mkdocs.yml gets a located message from `quizpages validate`, never a traceback."""

from __future__ import annotations

import pytest

from conftest import BIN, run

CONFIGS = {
    "site_name: x\nplugins:\n  - quizpages:\n      languages: [en\n":
        "mkdocs.yml:5:1: error: invalid YAML: expected ',' or ']', but got '<stream end>' "
        "(Check the quoting and indentation on this line and the one before)",
    "site_name: x\nplugins: 5\n":
        "mkdocs.yml: error: plugins must be a list (Write `plugins:` followed by `- quizpages:`)",
    "site_name: x\nplugins:\n  - quizpages: 3\n":
        "mkdocs.yml: error: the options of quizpages must be a mapping "
        "(Indent `languages: [en, ko]` under `- quizpages:`)",
    "- site_name: x\n":
        "mkdocs.yml: error: the configuration must be a mapping of settings (Start from `site_name: ...`)",
}


@pytest.mark.parametrize("config", list(CONFIGS))
def test_broken_mkdocs_yml_is_reported_located(tmp_path, config):
    """Each broken mkdocs.yml yields one located error line and exit code 2, no traceback."""
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    result = run([str(BIN / "quizpages"), "validate"], cwd=tmp_path)
    assert "Traceback" not in result.stdout + result.stderr
    assert result.stderr.strip() == CONFIGS[config]
    assert result.returncode == 2


def test_mkdocs_yml_that_is_not_utf8_is_reported(tmp_path):
    """A mkdocs.yml saved in another encoding is reported, not a traceback."""
    (tmp_path / "mkdocs.yml").write_bytes(b"site_name: caf\xe9\n")
    result = run([str(BIN / "quizpages"), "validate"], cwd=tmp_path)
    assert result.stderr.strip() == "mkdocs.yml: error: the file is not UTF-8 (Save it with UTF-8 encoding)"
    assert result.returncode == 2


def test_plugins_as_a_mapping_and_one_language_are_read(tmp_path):
    """`plugins:` written as a mapping and `languages: en` without a list are read as MkDocs reads them."""
    (tmp_path / "mkdocs.yml").write_text("site_name: x\nplugins:\n  quizpages:\n    languages: en\n",
                                         encoding="utf-8")
    quizzes = tmp_path / "docs" / "quizzes"
    quizzes.mkdir(parents=True)
    (quizzes / "one.yml").write_text("title: {en: One, ko: 하나}\nquestions: []\n", encoding="utf-8")
    result = run([str(BIN / "quizpages"), "validate"], cwd=tmp_path)
    assert "'ko' in title is not a language of this site (This site's languages are en;" in result.stdout
