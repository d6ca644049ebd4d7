"""`quizpages validate`: exit codes and located output."""

from __future__ import annotations

from conftest import ROOT, quizpages

GOOD = ("title: {en: T, ko: 티}\nquestions:\n  - id: q\n    kind: short_answer\n"
        "    question: {en: Q, ko: 질문}\n    answer: {en: A, ko: 답}\n")


def _site(tmp_path, quizzes: dict[str, str]):
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: T\nsite_url: !ENV [SITE_URL, 'http://x/']\ndocs_dir: content\n"
        "plugins:\n  - quizpages:\n      languages: [en, ko]\n", encoding="utf-8")
    for name, text in quizzes.items():
        path = tmp_path / "content" / "quizzes" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def validate(cwd, *args):
    return quizpages(cwd, "validate", *args)


def test_bundled_site_validates_cleanly():
    """The bundled quizzes have nothing to report."""
    result = validate(ROOT)
    assert result.returncode == 0, result.stdout
    assert result.stdout == ""
    assert "0 errors, 0 warnings" in result.stderr


def test_errors_exit_1_with_located_messages(tmp_path):
    """An error is printed as path:line:column and the command exits with 1."""
    site = _site(tmp_path, {"a/bad.yml": GOOD.replace("kind: short_answer", "kind: short")})
    result = validate(site)
    assert result.returncode == 1
    assert result.stdout.startswith("content/quizzes/a/bad.yml:4:11: error: question 1 (q): unknown kind 'short'")


def test_warnings_exit_0_unless_strict(tmp_path):
    """A missing translation is a warning: exit 0, or 1 with --strict."""
    site = _site(tmp_path, {"w.yml": GOOD.replace(", ko: 질문", "")})
    plain, strict = validate(site), validate(site, "--strict")
    assert plain.returncode == 0 and strict.returncode == 1
    assert "content/quizzes/w.yml:5:15: warning: question 1 (q): question has no 'ko' translation" in plain.stdout


def test_reads_languages_from_mkdocs_yml_tolerating_tags(tmp_path):
    """The CLI reads plugins.quizpages from mkdocs.yml, whose !ENV tag it tolerates."""
    site = _site(tmp_path, {"fr.yml": GOOD.replace("ko: 티", "fr: T")})
    result = validate(site)
    assert "title: 'fr' is not a language of this site" in result.stdout
    assert "This site's languages are en, ko" in result.stdout


def test_given_paths_only_are_checked(tmp_path):
    """`quizpages validate FILE` checks just that file; a missing path is an error."""
    site = _site(tmp_path, {"good.yml": GOOD, "bad.yml": "title: ["})
    assert validate(site, "content/quizzes/good.yml").returncode == 0
    missing = validate(site, "nope.yml")
    assert missing.returncode == 1 and "nope.yml: error: no such file or folder" in missing.stdout



def test_a_failed_write_is_a_message_not_a_traceback(tmp_path):
    """When a file cannot be written (here the output folder is a file), the command says so, exits 1, no traceback."""
    site = _site(tmp_path, {"good.yml": GOOD})
    (tmp_path / "not-a-folder").write_text("a file the user wrote\n", encoding="utf-8")
    result = quizpages(site, "render", "--out", "not-a-folder/out")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert ": error: Not a directory (Make sure the folder exists and is writable" in result.stderr
    assert (tmp_path / "not-a-folder").read_text(encoding="utf-8") == "a file the user wrote\n"


def test_a_yaml_quiz_is_a_quiz_and_other_files_are_warned_about(tmp_path):
    """A `.yaml` file is validated like a `.yml` one; any other file in the quizzes folder is a located warning."""
    site = _site(tmp_path, {"x/ext.yaml": GOOD.replace("kind: short_answer", "kind: short"), "x/notes.txt": "hi"})
    result = validate(site, "content/quizzes/x/")
    assert result.returncode == 1
    assert "content/quizzes/x/ext.yaml:4:11: error: question 1 (q): unknown kind 'short'" in result.stdout
    assert ("content/quizzes/x/notes.txt:1:1: warning: this file is in the quizzes folder but is not a quiz, "
            "so it is not published") in result.stdout
    assert "1 quiz file checked: 1 error, 1 warning" in result.stderr


def test_a_file_named_outside_the_quizzes_folder_that_is_no_quiz_is_refused(tmp_path):
    """`quizpages validate README.md` says README.md is no quiz file, not that it sits in the quizzes folder."""
    site = _site(tmp_path, {"a.yml": GOOD})
    (site / "README.md").write_text("# Site\n", encoding="utf-8")
    result = validate(site, "README.md")
    assert result.returncode == 1
    assert result.stdout == ("README.md: error: not a quiz file (Quiz files end in .yml or .yaml; pass quiz files "
                             "or folders)\n")
    assert "0 quiz files checked: 0 errors, 0 warnings, 1 not a quiz file" in result.stderr


def test_a_file_in_a_folder_outside_the_quizzes_folder_is_not_said_to_be_in_it(tmp_path):
    """`quizpages validate staging/` checks its quizzes and says a README there was not checked, not that it is
    in the quizzes folder and left out of the site."""
    site = _site(tmp_path, {"a.yml": GOOD})
    (site / "staging").mkdir()
    (site / "staging" / "b.yml").write_text(GOOD, encoding="utf-8")
    (site / "staging" / "README.md").write_text("# Staged quizzes\n", encoding="utf-8")
    result = validate(site, "staging")
    assert result.stdout == ("staging/README.md:1:1: warning: this file is not a quiz, so it was not checked (Quiz "
                             "files end in .yml or .yaml; the site publishes only the quizzes under its quizzes "
                             "folder)\n"), result.stdout
    assert "1 quiz file checked: 0 errors, 1 warning" in result.stderr


def test_one_quiz_in_two_files_is_an_error(tmp_path):
    """`a.yml` and `a.yaml` would be one page: the second is an error naming the first."""
    site = _site(tmp_path, {"a.yml": GOOD, "a.yaml": GOOD})
    result = validate(site)
    assert result.returncode == 1
    assert "content/quizzes/a.yml:1:1: error: the quiz 'a' is written twice, here and in a.yaml" in result.stdout


def test_a_staging_folder_names_its_quizzes_from_itself(tmp_path):
    """Quizzes validated in a folder outside content/quizzes link each other by ids relative to that folder."""
    site = _site(tmp_path, {})
    staging = tmp_path / "staging" / "x"
    staging.mkdir(parents=True)
    (staging / "a.yml").write_text(GOOD.replace("questions:", "next: ./b.md\nquestions:"), encoding="utf-8")
    (staging / "b.yml").write_text(GOOD, encoding="utf-8")
    result = validate(site, "staging")
    assert (result.returncode, result.stdout) == (0, "")
    (staging / "b.yml").unlink()
    missing = validate(site, "staging")
    assert missing.stdout.startswith("staging/x/a.yml:2:7: error: next: the quiz './b.md' does not exist "
                                     "(It resolves to quizzes/x/b.yml")


def test_new_and_validate_apply_one_rule_to_quiz_ids(tmp_path):
    """A file name `quizpages new` refuses is refused by validate too, with a rename that keeps its folder."""
    site = _site(tmp_path, {"bad/Katib_Quiz.v2.yml": GOOD, "bad/퀴즈.yml": GOOD, "good/katib_quiz.v2.yml": GOOD})
    result = validate(site)
    assert ("content/quizzes/bad/Katib_Quiz.v2.yml:1:1: error: the quiz's file name 'bad/Katib_Quiz.v2' cannot be "
            "a page address: it may hold only lower-case letters, digits, '-', '_' and '.', with '/' between "
            "folders (Rename the file, e.g. bad/katib_quiz.v2.yml)") in result.stdout
    assert "e.g. bad/quiz.yml)" in result.stdout  # the folder stays; only the name changes
    assert "good/katib_quiz.v2.yml" not in result.stdout
    refused = quizpages(site, "new", "bad/Katib_Quiz.v2", "--title", "K")
    assert refused.returncode == 2 and "(For example `quizpages new bad/katib_quiz.v2`)" in refused.stderr
    assert quizpages(site, "new", "other/katib_quiz.v2", "--title", "K").returncode == 0


def test_version_and_config_after_the_subcommand(tmp_path):
    """`quizpages --version` prints the version; `-f mkdocs.yml` works after the subcommand as before it."""
    from quizpages import __version__

    result = quizpages(tmp_path, "--version")
    assert (result.returncode, result.stdout.strip()) == (0, f"quizpages {__version__}")
    (tmp_path / "site").mkdir()
    _site(tmp_path / "site", {"w.yml": GOOD.replace(", ko: 질문", "")})
    for args in (["-f", "site/mkdocs.yml", "validate", "site/content/quizzes"],
                 ["validate", "-f", "site/mkdocs.yml", "site/content/quizzes"]):
        result = quizpages(tmp_path, *args)
        assert "question 1 (q): question has no 'ko' translation" in result.stdout, args


def test_build_and_validate_show_quiz_paths_the_same_way(tmp_path):
    """With `-f other/mkdocs.yml`, the build and `quizpages validate` print the same path for a problem."""
    from conftest import copy_site, mkdocs

    (tmp_path / "other").mkdir()
    site = copy_site(tmp_path / "other")
    (site / "content/quizzes/w.yml").write_text(GOOD.replace(", ko: 질문", ""), encoding="utf-8")
    line = "other/content/quizzes/w.yml:5:15: warning: question 1 (q): question has no 'ko' translation"
    assert line in quizpages(tmp_path, "-f", "other/mkdocs.yml", "validate").stdout
    assert line in mkdocs(tmp_path, "build", "-f", "other/mkdocs.yml").stderr
