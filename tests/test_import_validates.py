"""`quizpages import` writes only files `quizpages validate` passes, and its report says what it did instead."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, import_site, quizpages

APART = "quizzes/languages/observability-written-apart.md"
ANSWER = "<details>\n<summary>Show Answer</summary>\n\n**Answer: {}**\n</details>\n"


@pytest.fixture
def site(tmp_path) -> Path:
    """The bundled site, with the learning pages of the observability test pages."""
    return import_site(tmp_path)


def page(root: Path, name: str, title: str, footer: str = "", language: str = "en") -> None:
    """A one-question quiz page at `root/<language>/quizzes/chain/<name>.md`, ending in `footer`."""
    path = root / language / "quizzes" / "chain" / f"{name}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"# {title}\n\n1. Which port does `{name}` use?\n   - A) 80\n   - B) 443\n\n" + ANSWER.format("B")
                    + f"\n---\n\n[Return to Learning Materials](../../observability/prometheus.md){footer}\n",
                    encoding="utf-8")


def run(site: Path, *args: str):
    result = quizpages(site, "import", *args, "--out", "content/quizzes", "--languages", "en,ko", "--format", "json")
    assert "Traceback" not in result.stdout + result.stderr
    return result, json.loads(result.stdout)


def test_a_page_that_cannot_be_valid_is_left_out_and_the_run_goes_on(site, tmp_path):
    """A quiz whose file would fail `quizpages validate` (its learning page is not in the site) is not written:
    the report names its page, its file and the validator's message; the other quizzes are written; exit 1."""
    page(tmp_path / "old", "good", "Good Quiz")
    bad = tmp_path / "old" / "en" / "quizzes" / "chain" / "bad.md"
    bad.write_text("# Bad Quiz\n\n1. Why?\n\n<details>\n<summary>Show Answer</summary>\n\nBecause.\n</details>\n\n"
                   "[Return to Learning Materials](../../nowhere/page.md)\n", encoding="utf-8")
    result, report = run(site, str(tmp_path / "old"))
    assert result.returncode == 1
    assert not (site / "content" / "quizzes" / "chain" / "bad.yml").exists()
    assert (site / "content" / "quizzes" / "chain" / "good.yml").is_file()
    [left] = report["left_out"]
    assert (left["pages"], left["file"], left["quiz"]) == ([str(bad)], "content/quizzes/chain/bad.yml", "chain/bad")
    [reason] = left["reasons"]
    assert reason.startswith("learning_material: the page '../../nowhere/page.md' does not exist (")
    assert report["errors"] == [f"{bad}: error: not imported: content/quizzes/chain/bad.yml would not pass "
                                f"`quizpages validate`: {reason}"]
    assert quizpages(site, "validate", "--strict").returncode == 0
    text = quizpages(site, "import", str(tmp_path / "old"), "--out", str(tmp_path / "again"), "--languages", "en")
    assert ("Quizzes left out (a page without an answer to import, or a file that would not pass "
            "`quizpages validate`)") in text.stderr
    assert f"{bad} -> {tmp_path / 'again' / 'chain' / 'bad.yml'}: not written" in text.stderr
    assert "1 quiz written, 1 left out" in text.stderr


def test_pages_that_are_not_translations_are_listed_with_their_evidence(site):
    """A Korean page written on its own: `x.yml` in English and `x.ko.yml` in Korean, both validating, and the
    report lists the pair under its own heading with the evidence."""
    source = ROOT / "tests" / "fixtures" / "import"
    result, report = run(site, str(source / "en" / APART))
    assert result.returncode == 0, result.stdout + result.stderr
    [pair] = report["not_translations"]
    assert pair["pages"] == [str(source / lang / APART) for lang in ("en", "ko")]
    assert pair["quizzes"] == ["languages/observability-written-apart", "languages/observability-written-apart.ko"]
    assert pair["evidence"].startswith("answer letters differ on 4 of 4 questions; 4 of 10 questions line up")
    written = {name: yaml.safe_load((site / "content" / "quizzes" / "languages" / name).read_text(encoding="utf-8"))
               for name in ("observability-written-apart.yml", "observability-written-apart.ko.yml")}
    assert [quiz["languages"] for quiz in written.values()] == [["en"], ["ko"]]
    assert quizpages(site, "validate", "--strict").returncode == 0
    text = quizpages(site, "import", str(source / "en" / APART), "--out", "content/again", "--languages", "en,ko")
    assert "Pages that are not translations of each other: one quiz per language" in text.stderr
    assert "-> languages/observability-written-apart [en], languages/observability-written-apart.ko [ko]" \
        in text.stderr


def test_next_links_follow_the_quizzes_the_run_makes(site, tmp_path):
    """A Korean quiz of its own links the Korean quiz of a next page that is no translation either; a translated
    quiz linking such a page says its Korean page links the English quiz; a link to a quiz the run does not
    import moves into the closing text; every file validates."""
    old = tmp_path / "old"
    for name, following in (("one", "two"), ("two", "three")):  # two pages whose Korean pages are written apart
        page(old, name, name.title(), f" | [Next Quiz](./{following}.md)")
        korean = old / "ko" / "quizzes" / "chain" / f"{name}.md"
        korean.parent.mkdir(parents=True, exist_ok=True)
        korean.write_text(f"# {name} 퀴즈\n\n1. `{name}-metrics`는 어떤 포트를 쓰나요?\n   - A) 9090\n   - B) 9100\n\n"
                          + ANSWER.format("A") + "\n[학습 자료로 돌아가기](../../observability/prometheus.md) | "
                          f"[다음 퀴즈](./{following}.md)\n", encoding="utf-8")
    page(old, "zero", "Zero", " | [Next Quiz](./one.md)")  # translated: one quiz in both languages
    page(old, "zero", "영", " | [다음 퀴즈](./one.md)", language="ko")
    result, report = run(site, str(old))
    assert result.returncode == 0, result.stdout + result.stderr
    quizzes = site / "content" / "quizzes" / "chain"
    assert yaml.safe_load((quizzes / "zero.yml").read_text(encoding="utf-8"))["next"] == "./one.md"
    assert any(m["message"] == "the next quiz 'chain/one' was imported as one quiz per language; the ko page links "
               "it where it has no ko page" for m in report["messages"])
    one_ko = yaml.safe_load((quizzes / "one.ko.yml").read_text(encoding="utf-8"))
    assert one_ko["next"] == "./two.ko.md"
    two = yaml.safe_load((quizzes / "two.yml").read_text(encoding="utf-8"))
    assert "next" not in two and two["closing"] == {"en": "[./three.md](./three.md)"}
    kinds = [m["kind"] for m in report["messages"]]
    assert kinds.count("next-link") == 4  # zero: said; one.ko: fitted; two and two.ko: no quiz three
    assert "validate-warning" in kinds  # the closing text's link leads to no page yet: validate says so too
    assert quizpages(site, "validate").returncode == 0
