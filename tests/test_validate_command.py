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
    assert result.stdout.startswith("content/quizzes/a/bad.yml:4:11: error: question 1: unknown kind 'short'")


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
    assert "'fr' in title is not a language of this site" in result.stdout
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
