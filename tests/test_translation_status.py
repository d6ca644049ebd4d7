"""`quizpages status`: missing and stale translations per language, and --accept."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import KUBEFLOW_QUIZ, edit_config, quizpages, quizpages_options

QUIZ_ID = "ai-ml/kubeflow-trainer"


def report(site) -> dict:
    result = quizpages(site, "status", "--format", "json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["languages"]["ko"]


def quiz_file(site):
    return site / KUBEFLOW_QUIZ


def test_bundled_site_starts_with_everything_current(site_copy):
    """Without fingerprints every existing translation counts as current: nothing is reported."""
    assert report(site_copy) == {"missing_quiz": [], "missing_text": [], "missing_question": [], "stale": []}


def test_changed_source_text_makes_the_translation_stale_until_accepted(site_copy):
    """After --accept, editing an English question marks its Korean text stale, and --accept clears it."""
    path = quiz_file(site_copy)
    before = path.read_bytes()
    accepted = quizpages(site_copy, "status", "--accept", QUIZ_ID)
    assert accepted.returncode == 0, accepted.stderr
    assert path.read_bytes() == before  # fingerprints live in the sidecar; the quiz file is untouched
    sidecar = json.loads((site_copy / "translations" / "ai-ml" / "kubeflow-trainer.json").read_text())
    assert "question:gang-scheduling" in sidecar["ko"]
    assert report(site_copy)["stale"] == []

    text = before.decode("utf-8")
    old = "Why do distributed training jobs typically require gang scheduling?"
    assert old in text
    path.write_text(text.replace(old, "Why do distributed training jobs usually need gang scheduling?", 1), encoding="utf-8")
    stale = report(site_copy)["stale"]
    assert [(s["question"], s["language"]) for s in stale] == [("gang-scheduling", "ko")]
    line = stale[0]["line"]
    assert "gang-scheduling" in path.read_text(encoding="utf-8").splitlines()[line - 1]

    github = quizpages(site_copy, "status", "--format", "github").stdout
    assert github.startswith(f"::warning file={KUBEFLOW_QUIZ},line={line},col={stale[0]['column']}::")

    edited = path.read_bytes()
    assert quizpages(site_copy, "status", "--accept", str(KUBEFLOW_QUIZ)).returncode == 0
    assert path.read_bytes() == edited
    assert report(site_copy)["stale"] == []


def test_whitespace_reflow_is_not_a_change(site_copy):
    """Re-wrapping trailing whitespace does not mark translations stale."""
    path = quiz_file(site_copy)
    quizpages(site_copy, "status", "--accept", QUIZ_ID)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  en: Kubeflow Trainer and Distributed Training Quiz",
                                 "  en: 'Kubeflow Trainer and Distributed Training Quiz '", 1), encoding="utf-8")
    assert report(site_copy)["stale"] == []


def test_missing_questions_are_listed(site_copy):
    """A question declared English-only is listed as missing in Korean, with its line."""
    path = quiz_file(site_copy)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  - id: gang-scheduling\n", "  - id: gang-scheduling\n    languages: [en]\n", 1),
                    encoding="utf-8")
    missing = report(site_copy)["missing_question"]
    assert [(m["quiz"], m["question"]) for m in missing] == [(QUIZ_ID, "gang-scheduling")]
    text_out = quizpages(site_copy, "status")
    assert "missing question" in text_out.stdout and "gang-scheduling" in text_out.stdout
    assert "ko: 0 quizzes untranslated, 0 texts missing, 1 question left out by `languages:`, 0 stale" \
        in text_out.stderr


def test_a_question_missing_one_translated_field_names_that_field_at_its_line(site_copy):
    """Only the explanation of a question lacks Korean: status names the explanation, at its line, as
    `validate` does, not the whole question."""
    path = quiz_file(site_copy)
    lines, _start, explanation, korean, end = _gang_scheduling_explanation(path)
    path.write_text("".join(lines[:korean] + lines[end:]), encoding="utf-8")
    result = quizpages(site_copy, "status")
    # the line and column `validate` gives: where the explanation's text starts, under `explanation:`
    where = _validate_location(site_copy, "explanation has no 'ko' translation")
    assert where.startswith(f"{KUBEFLOW_QUIZ}:{explanation + 2}:")
    assert (f"{where}: missing question: ai-ml/kubeflow-trainer: question gang-scheduling: "
            "explanation has no 'ko' translation") in result.stdout, result.stdout
    [finding] = report(site_copy)["missing_question"]
    assert finding["fields"] == ["explanation"] and f"{finding['line']}:{finding['column']}" == where.split(":", 1)[1]


def _gang_scheduling_explanation(path) -> tuple[list[str], int, int, int, int]:
    """The quiz file's lines, and where question gang-scheduling starts, its `explanation:` key, and the
    first line of the explanation's Korean text and the line after it (0-based)."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(n for n, line in enumerate(lines) if line.strip() == "- id: gang-scheduling")
    explanation = next(n for n in range(start, len(lines)) if lines[n].strip() == "explanation:")
    korean = next(n for n in range(explanation, len(lines)) if lines[n].strip().startswith("ko:"))
    end = next(n for n in range(korean + 1, len(lines)) if not lines[n].startswith(" " * 8))
    return lines, start, explanation, korean, end


def _validate_location(site, message: str) -> str:
    """`path:line:column` of the one warning of `quizpages validate` that says `message`."""
    [line] = [line for line in quizpages(site, "validate").stdout.splitlines() if message in line]
    return line.split(": warning: ")[0]


def test_each_missing_text_is_its_own_finding_at_its_own_line_and_column(site_copy):
    """Two texts of one question without Korean (an option and the explanation) are two findings, each where
    `validate` warns of it, so a pull request's annotation of each points at that text."""
    path = quiz_file(site_copy)
    lines, start, _explanation, korean, end = _gang_scheduling_explanation(path)
    option = next(n for n in range(start, len(lines)) if lines[n].strip().startswith("- en:"))
    assert lines[option + 1].strip().startswith("ko:")
    kept = lines[:option + 1] + lines[option + 2:korean] + lines[end:]
    path.write_text("".join(kept), encoding="utf-8")
    github = [line for line in quizpages(site_copy, "status", "--format", "github").stdout.splitlines()
              if line.startswith("::warning")]
    assert len(github) == 2, github
    for line, message in zip(github, ("option A has no 'ko' translation", "explanation has no 'ko' translation")):
        path_, at, column = _validate_location(site_copy, message).rsplit(":", 2)
        assert line.startswith(f"::warning file={path_},line={at},col={column}::") and message in line, line


def test_accepting_while_a_text_is_missing_keeps_the_questions_earlier_review(site_copy):
    """A question accepted, then its English edited and its Korean explanation removed: accepting the quiz
    meanwhile (for its other questions) keeps that question's earlier review, so once the explanation is
    translated again the changed question still shows as stale, until it is accepted."""
    path = quiz_file(site_copy)
    original = path.read_text(encoding="utf-8")
    assert quizpages(site_copy, "status", "--accept", QUIZ_ID).returncode == 0
    old = "Why do distributed training jobs typically require gang scheduling?"
    edited = original.replace(old, "Why do distributed training jobs usually need gang scheduling?", 1)
    lines = edited.splitlines(keepends=True)
    start = next(n for n, line in enumerate(lines) if line.strip() == "- id: gang-scheduling")
    explanation = next(n for n in range(start, len(lines)) if lines[n].strip() == "explanation:")
    korean = next(n for n in range(explanation, len(lines)) if lines[n].strip().startswith("ko:"))
    end = next(n for n in range(korean + 1, len(lines)) if not lines[n].startswith(" " * 8))
    path.write_text("".join(lines[:korean] + lines[end:]), encoding="utf-8")
    assert [m["question"] for m in report(site_copy)["missing_question"]] == ["gang-scheduling"]
    assert quizpages(site_copy, "status", "--accept", QUIZ_ID).returncode == 0
    path.write_text(edited, encoding="utf-8")  # the translator writes the explanation back
    assert [s["question"] for s in report(site_copy)["stale"]] == ["gang-scheduling"]
    assert quizpages(site_copy, "status", "--accept", QUIZ_ID).returncode == 0
    assert report(site_copy)["stale"] == []


def test_accept_unknown_quiz_is_a_clear_error(site_copy):
    """--accept on a quiz that does not exist says so and writes nothing."""
    result = quizpages(site_copy, "status", "--accept", "ai-ml/nope")
    assert result.returncode == 1 and "does not exist" in result.stderr
    assert not (site_copy / "translations").exists()


def test_accept_a_misspelt_quiz_id_names_the_id_meant(site_copy):
    """--accept ai-ml/kubeflow-trainr says which quiz was meant, so the author need not look the id up."""
    result = quizpages(site_copy, "status", "--accept", "ai-ml/kubeflow-trainr")
    assert result.returncode == 1
    assert result.stderr == ("quizpages status: error: the quiz 'ai-ml/kubeflow-trainr' does not exist (Did you mean "
                             "'ai-ml/kubeflow-trainer'?)\n")


def test_accept_takes_the_file_of_a_yaml_quiz(site_copy):
    """A quiz written as `.yaml` (README: `.yaml` works too) is accepted by its file's path, as a `.yml` one is."""
    yaml_quiz = site_copy / "content" / "quizzes" / "ai-ml" / "second.yaml"
    shutil.copy(quiz_file(site_copy), yaml_quiz)
    result = quizpages(site_copy, "status", "--accept", "content/quizzes/ai-ml/second.yaml")
    assert result.returncode == 0, result.stderr
    assert (site_copy / "translations" / "ai-ml" / "second.json").exists()


def test_the_quizs_own_texts_are_a_missing_text_not_a_question(site_copy):
    """A missing Korean title is reported as a text of the quiz's own, by name, at the line `validate` gives."""
    path = quiz_file(site_copy)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  ko: Kubeflow Trainer와 분산 학습 퀴즈\n", "", 1), encoding="utf-8")
    result = quizpages(site_copy, "status")
    where = _validate_location(site_copy, "title has no 'ko' translation")
    assert where.startswith(f"{KUBEFLOW_QUIZ}:3:")
    assert f"{where}: missing text: ai-ml/kubeflow-trainer: title has no 'ko' translation" in result.stdout
    assert "ko: 0 quizzes untranslated, 1 text missing, 0 stale" in result.stderr
    assert report(site_copy)["missing_text"][0]["quiz"] == "ai-ml/kubeflow-trainer"


def test_language_filters_the_report(site_copy):
    """`status --language ko` reports Korean only; a language the site does not translate into is an error."""
    filtered = quizpages(site_copy, "status", "--language", "ko")
    assert filtered.returncode == 0 and filtered.stderr.startswith("ko: ")
    wrong = quizpages(site_copy, "status", "--language", "ja")
    assert wrong.returncode == 2
    assert wrong.stderr.strip() == ("quizpages status: error: 'ja' is not a translation language of this site "
                                    "(Use one of ko)")


def test_status_counts_missing_texts_as_validate_warns_about_them(site_copy):
    """A language added to the site and translated nowhere: status counts as many missing texts as
    `validate` prints missing-translation warnings, one per text, so the two can be compared."""
    def add_japanese(config):
        quizpages_options(config)["languages"].append("ja")
        i18n = next(entry["i18n"] for entry in config["plugins"] if isinstance(entry, dict) and "i18n" in entry)
        i18n["languages"].append({"locale": "ja", "name": "日本語", "build": True})

    edit_config(site_copy, add_japanese)
    shutil.copytree(site_copy / "content" / "en", site_copy / "content" / "ja")  # the learning pages
    warnings = [line for line in quizpages(site_copy, "validate").stdout.splitlines()
                if line.endswith("for example `languages: [en, ko]`)") and "has no 'ja' translation" in line]
    status = quizpages(site_copy, "status", "--language", "ja").stderr
    assert len(warnings) > 20
    assert f"ja: 0 quizzes untranslated, {len(warnings)} texts missing, 0 stale" in status, status


DAMAGED_SIDECARS = {
    "{": "translations/ai-ml/kubeflow-trainer.json:1:2: error: invalid JSON: Expecting property name",
    "[]": "translations/ai-ml/kubeflow-trainer.json:1:1: error: the review hashes file is not as quizpages writes "
          "it: it must be a JSON object",
    "null": "translations/ai-ml/kubeflow-trainer.json:1:1: error: the review hashes file is not as quizpages "
            "writes it: it must be a JSON object",
    '{"ko": {"quiz": 5}}': "translations/ai-ml/kubeflow-trainer.json:1:1: error: the review hashes file is not "
                           "as quizpages writes it: 'ko' must map each unit to its review hash",
    '{"source_texts": {"ko": {"quiz": {"title": 1}}}}':
        "translations/ai-ml/kubeflow-trainer.json:1:1: error: the review hashes file is not as quizpages writes "
        "it: 'source_texts.ko' must map each unit to its texts",
    '{\n<<<<<<< HEAD\n  "ko": {}\n=======\n  "ko": {"quiz": "ab"}\n>>>>>>> theirs\n}\n':
        "translations/ai-ml/kubeflow-trainer.json:2:1: error: the review hashes file holds a merge conflict",
    b"\xff\xfe{": "translations/ai-ml/kubeflow-trainer.json:1:1: error: the review hashes file is not UTF-8",
}


@pytest.mark.parametrize("content", list(DAMAGED_SIDECARS), ids=range(len(DAMAGED_SIDECARS)))
def test_a_damaged_review_hashes_file_is_a_located_error_and_is_never_written_over(site_copy, content):
    """A sidecar left broken (a merge conflict, a hand edit) is a located error with a hint in `status` (a CI
    annotation under `--format github`), `status --accept` and `translate export`, never a traceback, and
    nothing is written over it."""
    path = site_copy / "translations/ai-ml/kubeflow-trainer.json"
    path.parent.mkdir(parents=True)
    data = content if isinstance(content, bytes) else content.encode("utf-8")
    path.write_bytes(data)
    expected = DAMAGED_SIDECARS[content]
    for command in (["status"], ["status", "--accept", "ai-ml/kubeflow-trainer"],
                    ["translate", "export", "--language", "ko", "--out", "po"]):
        result = quizpages(site_copy, *command)
        assert result.returncode == 1, command
        assert expected in result.stderr and "Traceback" not in result.stdout + result.stderr, command
        assert "`quizpages status --accept ai-ml/kubeflow-trainer` again" in result.stderr
    github = quizpages(site_copy, "status", "--format", "github")
    line, column = expected.split(": error: ")[0].split(":")[1:]
    assert github.returncode == 1
    assert f"::error file=translations/ai-ml/kubeflow-trainer.json,line={line},col={column}::" in github.stdout
    assert path.read_bytes() == data and not (site_copy / "po").exists()


def test_a_quiz_translated_but_left_out_by_languages_says_so_rather_than_untranslated(site_copy):
    """A quiz started English-only (`languages: [en]`, as `quizpages new` writes it) whose Korean texts are all
    written (a translator's import) still has no Korean page: `status` says the texts are there and what keeps
    the page out, not that there is no translation."""
    path = quiz_file(site_copy)
    text = path.read_text(encoding="utf-8")
    path.write_text("languages: [en]\n" + text, encoding="utf-8")
    result = quizpages(site_copy, "status")
    assert ("quiz ai-ml/kubeflow-trainer has 'ko' texts, but its `languages:` leaves ko out, so no 'ko' page is "
            "made (Add ko to `languages:`") in result.stdout, result.stdout
    [finding] = report(site_copy)["missing_quiz"]
    assert finding["written"] is True
