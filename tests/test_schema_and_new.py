"""The quiz JSON Schema and `quizpages new`: what a new contributor's editor and first file rely on."""

from __future__ import annotations

import json

import jsonschema
import pytest
import yaml
from conftest import KUBEFLOW_QUIZ, ROOT, quizpages
from quizpages import KINDS

QUIZ = ROOT / KUBEFLOW_QUIZ


@pytest.fixture(scope="module")
def schema() -> dict:
    return json.loads((ROOT / "schema" / "quiz.schema.json").read_text(encoding="utf-8"))


def test_checked_in_schema_matches_the_validator_declarations():
    """The schema editors read is the one generated from the field declarations; a drift fails here."""
    result = quizpages(ROOT, "schema", "--check")
    assert result.returncode == 0, result.stderr + "\nRun `quizpages schema` and commit schema/quiz.schema.json"


def test_schema_check_reports_drift(tmp_path):
    """`quizpages schema --check` fails on a stale file, and `quizpages schema` repairs it."""
    out = tmp_path / "quiz.schema.json"
    out.write_text("{}\n", encoding="utf-8")
    failed = quizpages(tmp_path, "schema", "--check", "--out", str(out))
    assert failed.returncode == 1 and "out of date" in failed.stderr
    assert quizpages(tmp_path, "schema", "--out", str(out)).returncode == 0
    assert quizpages(tmp_path, "schema", "--check", "--out", str(out)).returncode == 0


def test_bundled_quiz_starts_with_the_schema_line_and_validates(schema):
    """The bundled quiz names the schema on its first line and is valid against it."""
    first = QUIZ.read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../../../schema/quiz.schema.json"
    assert (QUIZ.parent / "../../../schema/quiz.schema.json").resolve() == ROOT / "schema" / "quiz.schema.json"
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(yaml.safe_load(QUIZ.read_text(encoding="utf-8")), schema,
                        cls=jsonschema.Draft202012Validator)


@pytest.mark.parametrize("change", [
    lambda q: q.pop("title"),                                       # required field missing
    lambda q: q.update(tilte={"en": "typo"}),                       # unknown key
    lambda q: q["questions"][0].update(kind="essay"),               # unknown kind
    lambda q: q["questions"][0].update(answer="b"),                 # answer key not a capital letter
    lambda q: q["questions"][0].update(id="Has Spaces"),            # bad id
    lambda q: q["questions"][1].update(options=["a", "b"]),         # options on a short answer
])
def test_schema_flags_invalid_quizzes(schema, change):
    """An editor flags the usual mistakes while typing: the schema rejects them."""
    quiz = yaml.safe_load(QUIZ.read_text(encoding="utf-8"))
    # question 2 becomes a short answer, for the "options on a short answer" case
    short = next(i for i, q in enumerate(quiz["questions"]) if q["kind"] != "multiple_choice")
    quiz["questions"][1], quiz["questions"][short] = quiz["questions"][short], quiz["questions"][1]
    change(quiz)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(quiz, schema, cls=jsonschema.Draft202012Validator)


def test_new_quiz_validates_strictly_and_is_listed_untranslated(site_copy, schema):
    """`quizpages new ai-ml/katib` writes a valid quiz that status lists as untranslated."""
    result = quizpages(site_copy, "new", "ai-ml/katib", "--title", "Katib: Hyperparameter Tuning")
    assert result.returncode == 0, result.stderr
    path = site_copy / "content" / "quizzes" / "ai-ml" / "katib.yml"
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[0] == "# yaml-language-server: $schema=../../../schema/quiz.schema.json"
    data = yaml.safe_load(text)
    assert data["languages"] == ["en"]
    assert data["title"] == {"en": "Katib: Hyperparameter Tuning"}
    assert [q["kind"] for q in data["questions"]] == list(KINDS.names())  # one example of every kind
    jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)
    checked = quizpages(site_copy, "validate", "--strict")
    assert checked.returncode == 0 and checked.stdout == "", checked.stdout + checked.stderr
    assert "0 errors, 0 warnings" in checked.stderr
    status = json.loads(quizpages(site_copy, "status", "--format", "json").stdout)
    assert [f["quiz"] for f in status["languages"]["ko"]["missing_quiz"]] == ["ai-ml/katib"]


def test_new_refuses_to_overwrite(site_copy):
    """`quizpages new` on an existing quiz fails and leaves the file byte-for-byte unchanged."""
    path = site_copy / KUBEFLOW_QUIZ
    before = path.read_bytes()
    result = quizpages(site_copy, "new", "ai-ml/kubeflow-trainer", "--title", "Other")
    assert result.returncode == 1
    assert "exists and was left unchanged" in result.stderr
    assert path.read_bytes() == before
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".quizpages-")]


@pytest.mark.parametrize("title, message", [
    ("A\x07B", "--title holds the control character U+0007 after \"A\""),
    ("Part one\nPart two", "--title: title [en] is on several lines"),
    ("Part one\rPart two", "--title: title [en] is on several lines"),
    ("Katib <script>alert(1)</script>", "--title: title [en]: the HTML tag <script> is not allowed"),
], ids=["control-character", "line-feed", "carriage-return", "script"])
def test_new_refuses_a_title_no_quiz_may_have_and_writes_nothing(site_copy, title, message):
    """A title `validate` would refuse is refused by `new` itself (exit 2), rather than written into a file that
    then fails: nothing is written."""
    result = quizpages(site_copy, "new", "ai-ml/katib", "--title", title)
    assert result.returncode == 2 and message in result.stderr, result.stderr
    assert not (site_copy / "content" / "quizzes" / "ai-ml" / "katib.yml").exists()


def test_new_rejects_a_bad_slug(site_copy):
    """A slug with capitals is refused with a hint, and nothing is written."""
    result = quizpages(site_copy, "new", "AI/Katib.yml", "--title", "Katib")
    assert result.returncode == 2 and "not a quiz id" in result.stderr
    assert not (site_copy / "content" / "quizzes" / "AI").exists()


def test_new_takes_the_quiz_file_path_as_its_id(site_copy):
    """`quizpages new content/quizzes/ops/k2.yml` (a path, as `validate` prints it) writes quiz `ops/k2`."""
    result = quizpages(site_copy, "new", "content/quizzes/ops/k2.yml", "--title", "K2")
    assert result.returncode == 0, result.stderr
    assert (site_copy / "content" / "quizzes" / "ops" / "k2.yml").is_file()
    assert not (site_copy / "content" / "quizzes" / "content").exists()
    inside = quizpages(site_copy / "content" / "quizzes" / "ops", "-f", "../../../mkdocs.yml", "new", "k3",
                       "--title", "K3")
    assert inside.returncode == 0, inside.stderr
    assert (site_copy / "content" / "quizzes" / "ops" / "k3.yml").is_file()


def test_new_refuses_a_path_outside_the_quizzes_folder(site_copy):
    """A path into the docs folder but outside its quizzes folder is refused, naming the quizzes folder."""
    result = quizpages(site_copy, "new", "content/ops/k2", "--title", "K2")
    assert result.returncode == 2
    assert "outside the quizzes folder 'content/quizzes'" in result.stderr and "quizpages new k2" in result.stderr
    assert not (site_copy / "content" / "quizzes" / "content").exists()
    assert not (site_copy / "content" / "ops" / "k2.yml").exists()
