"""A quiz's learning page and next quiz must exist, in every language the quiz is in."""

from __future__ import annotations

from pathlib import Path

from quizpages import QuizLibrary

QUIZ = """title: {{en: Sample quiz, ko: 예제 퀴즈}}
learning_material: {learning}
next: {next}
questions:
  - id: first
    kind: short_answer
    question: Why?
    answer: Because.
"""


def _site(tmp_path: Path, learning: str = "../guide.md", next_link: str = "./second.md") -> Path:
    docs = tmp_path / "docs"
    for language in ("en", "ko"):
        (docs / language).mkdir(parents=True)
    (docs / "quizzes").mkdir()
    (docs / "quizzes" / "first.yml").write_text(QUIZ.format(learning=learning, next=next_link), encoding="utf-8")
    return docs


def _errors(docs: Path, library: QuizLibrary | None = None) -> list[str]:
    library = library or QuizLibrary(("en", "ko"), docs_dir=str(docs))
    catalog = library.load(str(docs / "quizzes"))
    return [p.render(str(docs)) for p in catalog.errors]


def test_existing_pages_pass(tmp_path):
    """A quiz linking to a learning page in every language and an existing next quiz is valid."""
    docs = _site(tmp_path)
    for language in ("en", "ko"):
        (docs / language / "guide.md").write_text("# Guide\n", encoding="utf-8")
    (docs / "quizzes" / "second.yml").write_text(QUIZ.format(learning="../guide.md", next="./first.md"),
                                                 encoding="utf-8")
    assert _errors(docs) == []


def test_missing_page_in_one_language_names_it(tmp_path):
    """A learning page missing only in Korean is an error that names the language."""
    docs = _site(tmp_path, next_link="https://example.com/")
    (docs / "en" / "guide.md").write_text("# Guide\n", encoding="utf-8")
    assert _errors(docs) == [  # the path is right: the hint says which page to write, not to fix the path
        "quizzes/first.yml:2:20: error: learning_material: the page '../guide.md' does not exist in ko "
        "(Write docs/ko/guide.md, or leave ko out of the quiz's `languages:` until it exists)"
    ]


def test_creating_the_missing_page_fixes_the_quiz_without_touching_it(tmp_path):
    """Under `mkdocs serve`, adding the missing learning page clears the error on the next rebuild."""
    docs = _site(tmp_path, next_link="https://example.com/")
    library = QuizLibrary(("en", "ko"), docs_dir=str(docs))
    assert len(_errors(docs, library)) == 1
    for language in ("en", "ko"):
        (docs / language / "guide.md").write_text("# Guide\n", encoding="utf-8")
    assert _errors(docs, library) == []


def test_sites_without_language_folders_look_in_docs_dir(tmp_path):
    """A site without per-language folders finds learning pages directly under docs_dir."""
    docs = tmp_path / "docs"
    (docs / "quizzes").mkdir(parents=True)
    (docs / "guide.md").write_text("# Guide\n", encoding="utf-8")
    (docs / "quizzes" / "first.yml").write_text(QUIZ.format(learning="../guide.md", next="https://example.com/"),
                                                encoding="utf-8")
    assert _errors(docs) == []
    (docs / "guide.md").unlink()
    assert len(_errors(docs)) == 1


def test_hostile_file_name_is_rejected(tmp_path):
    """A quiz file named like HTML never becomes a page whose address or link text is markup."""
    docs = tmp_path / "docs"
    (docs / "quizzes").mkdir(parents=True)
    (docs / "quizzes" / "a<img src=x onerror=alert(1)>.yml").write_text(
        QUIZ.format(learning="https://example.com/", next="https://example.com/"), encoding="utf-8")
    catalog = QuizLibrary(("en", "ko"), docs_dir=str(docs)).load(str(docs / "quizzes"))
    assert catalog.quizzes == {}
    assert [p.message for p in catalog.errors] == [
        "the quiz's file name 'a<img src=x onerror=alert(1)>' cannot be a page address: it may hold only lower-case "
        "letters, digits, '-', '_' and '.', with '/' between folders"]


def test_a_quiz_named_index_in_a_folder_is_refused_before_it_takes_another_quizs_address(tmp_path):
    """`t/num/index.yml` would be published at `quizzes/t/num/`, the address of `t/num.yml`, and one of the two
    would be lost: a file named index is an error in any folder, with a name to use."""
    docs = tmp_path / "docs"
    (docs / "quizzes" / "t" / "num").mkdir(parents=True)
    (docs / "quizzes" / "t" / "num.yml").write_text(
        QUIZ.format(learning="https://example.com/", next="https://example.com/"), encoding="utf-8")
    (docs / "quizzes" / "t" / "num" / "index.yml").write_text(
        QUIZ.format(learning="https://example.com/", next="https://example.com/"), encoding="utf-8")
    catalog = QuizLibrary(("en", "ko"), docs_dir=str(docs)).load(str(docs / "quizzes"))
    assert sorted(catalog.quizzes) == ["t/num"]
    assert [(p.message, p.hint) for p in catalog.errors] == [
        ("the quiz's file name 't/num/index' cannot be a page address: it is the name of a folder's index page",
         "Rename the file, e.g. t/num/index-quiz.yml")]


def test_links_out_of_the_docs_folder_are_errors_with_the_link_to_write(tmp_path):
    """A learning link with too many `..` leaves the docs folder: an error naming the link that works,
    as the build would fail on it."""
    docs = _site(tmp_path, learning="../../../../guide.md", next_link="https://example.com/")
    for language in ("en", "ko"):
        (docs / language / "guide.md").write_text("# Guide\n", encoding="utf-8")
    assert _errors(docs) == [
        "quizzes/first.yml:2:20: error: learning_material: the link '../../../../guide.md' leads out of the docs "
        "folder (Write `../guide.md`: links are relative to quizzes/first.md, one folder below the docs folder)"
    ]


def test_next_quiz_cannot_be_the_quiz_itself(tmp_path):
    """`next:` naming the quiz itself, directly or through a longer path, is an error at its line."""
    for link in ("./first.md", "../quizzes/./first.md"):
        docs = _site(tmp_path / link.replace("/", "_"), learning="https://example.com/", next_link=link)
        assert _errors(docs) == [
            f"quizzes/first.yml:3:7: error: next: the link '{link}' leads back to this quiz "
            "(Link the quiz that comes after this one, or remove `next:`)"
        ]


def test_next_must_be_a_quiz_not_a_learning_page(tmp_path):
    """`next:` naming a learning page (which exists) is an error at its line saying where that page goes."""
    docs = _site(tmp_path, learning="https://example.com/", next_link="../guide.md")
    (docs / "en").mkdir(exist_ok=True)
    (docs / "en" / "guide.md").write_text("# Guide\n", encoding="utf-8")
    assert _errors(docs) == [
        "quizzes/first.yml:3:7: error: next: the link '../guide.md' leads to guide.md, which is not a quiz "
        "(Link the next quiz's page (./other-quiz.md, relative to this quiz's page); a learning page goes in "
        "`learning_material:`)"
    ]


TEXT_LINK = """title: {{en: Sample quiz, ko: 예제 퀴즈}}
questions:
  - id: first
    kind: short_answer
    question: Why?
    answer: Because.
    explanation:
      en: See [the guide]({en_link}) and `[not a link](nowhere.md)`.
      ko: "[가이드]({ko_link})를 보세요."
"""


def _warnings(docs: Path) -> list[str]:
    catalog = QuizLibrary(("en", "ko"), docs_dir=str(docs)).load(str(docs / "quizzes"))
    return [p.render(str(docs)) for p in catalog.warnings]


def test_links_in_quiz_text_to_missing_pages_are_located_in_the_quiz_file(tmp_path):
    """A broken link inside an explanation is reported at its YAML line, per language; code is not a link."""
    docs = _site(tmp_path)
    (docs / "en" / "guide.md").write_text("# Guide\n", encoding="utf-8")
    (docs / "quizzes" / "first.yml").write_text(
        TEXT_LINK.format(en_link="../guide.md", ko_link="../gide.md"), encoding="utf-8")
    assert _warnings(docs) == [
        "quizzes/first.yml:9:11: warning: question 1 (first): explanation: the link '../gide.md' leads to "
        "no page (It resolves to 'gide.md' from quizzes/first.md; write the path relative to the quiz page)"
    ]


def test_links_in_quiz_text_to_existing_pages_and_quizzes_pass(tmp_path):
    """Links in text to a learning page of each language, or to another quiz, are fine."""
    docs = _site(tmp_path)
    for language in ("en", "ko"):
        (docs / language / "guide.md").write_text("# Guide\n", encoding="utf-8")
    (docs / "quizzes" / "first.yml").write_text(
        TEXT_LINK.format(en_link="../guide.md", ko_link="first.md#first"), encoding="utf-8")
    assert _warnings(docs) == []


ENGLISH_QUIZ = """languages: [en]
title: Second quiz
questions:
  - id: only
    kind: short_answer
    question: What?
    answer: That.
"""


def test_a_link_in_a_language_the_linked_quiz_lacks_is_a_warning_at_its_line(tmp_path):
    """A Korean text linking an English-only quiz would lead Korean readers to no page: a warning at the
    Korean text's line, naming the language; the English text's link to it passes."""
    docs = _site(tmp_path)
    for language in ("en", "ko"):
        (docs / language / "guide.md").write_text("# Guide\n", encoding="utf-8")
    (docs / "quizzes" / "first.yml").write_text(
        TEXT_LINK.format(en_link="second.md", ko_link="second.md#only"), encoding="utf-8")
    (docs / "quizzes" / "second.yml").write_text(ENGLISH_QUIZ, encoding="utf-8")
    assert _warnings(docs) == [
        "quizzes/first.yml:9:11: warning: question 1 (first): explanation: the link 'second.md#only' leads to the "
        "quiz 'second', which has no ko page (Translate that quiz into ko, or leave the link out of the ko text)"
    ]
    # translating the linked quiz fixes the link, without touching the quiz that has it
    (docs / "quizzes" / "second.yml").write_text(
        ENGLISH_QUIZ.replace("languages: [en]\n", "").replace("title: Second quiz", "title: {en: Second, ko: 둘째}")
        .replace("question: What?", "question: {en: What?, ko: 무엇?}").replace("answer: That.", "answer: {en: That., ko: 그것.}"),
        encoding="utf-8")
    assert _warnings(docs) == []


def test_a_broken_link_in_quiz_text_is_reported_once_at_its_line(site_copy):
    """The build names the quiz file's line for a link to a missing page, and not the generated page too."""
    from conftest import mkdocs

    quiz = site_copy / "content/quizzes/ai-ml/kubeflow-trainer.yml"
    quiz.write_text(quiz.read_text(encoding="utf-8").replace(
        "    answer: B\n", "    answer: B\n    hint: See [the guide](../../ai-ml/no-such-page.md).\n", 1), encoding="utf-8")
    result = mkdocs(site_copy, "build")
    lines = [line for line in (result.stdout + result.stderr).splitlines() if "no-such-page.md" in line]
    assert len(lines) == 1, lines
    assert "content/quizzes/ai-ml/kubeflow-trainer.yml:" in lines[0] and "hint: the link" in lines[0]


def test_links_to_files_in_quiz_text_are_checked_like_pages(tmp_path):
    """A link in quiz text to a missing image or download, or to a quiz's .yml file (found or not), is a warning at its line,
    as the build would fail on it; files that exist, shared or per language, pass."""
    docs = _site(tmp_path)
    (docs / "en" / "guide.md").write_text("# Guide\\n", encoding="utf-8")
    (docs / "ko" / "guide.md").write_text("# Guide\\n", encoding="utf-8")
    (docs / "img").mkdir()
    (docs / "img" / "shared.png").write_bytes(b"png")
    (docs / "quizzes" / "first.yml").write_text(TEXT_LINK.format(
        en_link="../img/shared.png) [x](../img/none.png) [y](second.yml) [z](first.yml", ko_link="../guide.md"),
        encoding="utf-8")
    messages = [m.split(": warning: ")[1] for m in _warnings(docs)]
    assert messages == [
        "question 1 (first): explanation: the link '../img/none.png' leads to no file (It resolves to "
        "'img/none.png' from quizzes/first.md; put the file there (in each language's folder, or at the docs "
        "folder's root) or write the path relative to the quiz page)",
        "question 1 (first): explanation: the link 'first.yml' names a quiz file, which is not published "
        "(Link the quiz's page: first.md)",  # the file exists, in the quizzes folder, but is no page
        "question 1 (first): explanation: the link 'second.yml' names a quiz file, which is not published "
        "(Link the quiz's page: second.md)",
    ]


def test_a_quiz_with_other_errors_still_has_its_links_checked_in_the_same_run(tmp_path):
    """One run reports every problem: a wrong answer letter does not hide a missing learning page or next quiz."""
    docs = _site(tmp_path, learning="../nope.md", next_link="./nowhere.md")
    path = docs / "quizzes" / "first.yml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "    kind: short_answer\n    question: Why?\n    answer: Because.\n",
        "    kind: multiple_choice\n    question: Why?\n    options: [Yes, No]\n    answer: E\n"), encoding="utf-8")
    messages = _errors(docs)
    assert any("the answer 'E' names no option" in m for m in messages), messages
    assert any("learning_material: the page '../nope.md' does not exist" in m for m in messages), messages
    assert any("next: the quiz './nowhere.md' does not exist" in m for m in messages), messages


def test_an_absolute_link_in_quiz_text_is_a_warning_at_its_line(tmp_path):
    """`/ai-ml/guide/` in quiz text breaks under a project site's sub-path: a warning at the text's line."""
    docs = _site(tmp_path)
    (docs / "quizzes" / "first.yml").write_text(
        TEXT_LINK.format(en_link="/ai-ml/guide/", ko_link="https://example.com/"), encoding="utf-8")
    assert _warnings(docs) == [
        "quizzes/first.yml:8:11: warning: question 1 (first): explanation: the link '/ai-ml/guide/' starts at the "
        "root of the domain, which is not the site's root when it is published under a sub-path (GitHub Pages "
        "project sites) (Write the link relative to the quiz page, to the Markdown file (from quizzes/first.md))"
    ]
