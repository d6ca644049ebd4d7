"""Every registered kind of question in the built site, the schema, translation status and the HTML policy."""

from __future__ import annotations

import json

import jsonschema
import pytest
import yaml

from conftest import ROOT, quizpages, soup
from quizpages import KINDS, Text, json_schema
from quizpages.check.html_policy import check_quiz
from quizpages.model import Quiz
from quizpages.model.quiz import walk_texts
from quizpages.render import Strings

PRACTICE = ROOT / "content/quizzes/ai-ml/kubeflow-trainer-practice.yml"
PAGE = "quizzes/ai-ml/kubeflow-trainer-practice/index.html"
KIND_NAMES = list(KINDS.names())  # in page order


def test_schema_lists_every_kind_and_accepts_the_practice_quiz():
    """The editors' schema knows every kind, and the bundled quiz using all of them is valid against it."""
    schema = json.loads((ROOT / "schema/quiz.schema.json").read_text(encoding="utf-8"))
    assert schema["$defs"]["question"]["properties"]["kind"]["enum"] == KIND_NAMES
    branches = {b["if"]["properties"]["kind"]["const"] for b in schema["$defs"]["question"]["allOf"]}
    assert branches == set(KIND_NAMES)
    jsonschema.validate(yaml.safe_load(PRACTICE.read_text(encoding="utf-8")), schema,
                        cls=jsonschema.Draft202012Validator)


@pytest.mark.parametrize("change", [
    lambda q: q["questions"][1].update(answer="A"),                      # multiple select: a list of letters
    lambda q: q["questions"][2].update(answer="yes"),                    # true/false: a boolean
    lambda q: q["questions"][3]["pairs"][0].pop("right"),                # matching: both sides
    lambda q: q["questions"][4].update(items=["only one"]),              # ordering: two or more items
    lambda q: q["questions"][5]["blanks"][0].update(accept="torchrun"),  # fill in: a list of answers
    lambda q: q["questions"][6].update(answer="thirty"),                 # numeric: a number
])
def test_schema_flags_the_new_kinds_mistakes(change):
    """An editor flags a wrong shape of each new kind while the author types."""
    quiz = yaml.safe_load(PRACTICE.read_text(encoding="utf-8"))
    change(quiz)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(quiz, json_schema(), cls=jsonschema.Draft202012Validator)


def test_practice_page_groups_the_kinds_in_sections_and_numbers_them(built_site):
    """Each kind has its own section, headed by its strings in both languages, and the questions count 1 to 9
    across them: the practice quiz has one question of every kind."""
    for prefix, language in (("", "en"), ("ko/", "ko")):
        strings = Strings(language)
        headings = [strings(kind.section) for kind in KINDS]
        assert len(set(headings)) == len(KIND_NAMES) and not any(h.startswith("section.") for h in headings)
        page = soup(built_site / prefix / PAGE)
        assert [h.get_text(strip=True).rstrip("¶") for h in page.select("article h2")] == headings
        assert [int(ol["start"]) for ol in page.select("ol.quizpages-question")] == list(range(1, len(KIND_NAMES) + 1))
        assert [ol["data-kind"] for ol in page.select("ol.quizpages-question")] == KIND_NAMES


def test_ordering_and_matching_show_their_items_shuffled_and_the_same_every_build(built_site):
    """Ordering items and matching choices never appear in the author's order, which is the answer."""
    page = soup(built_site / PAGE)
    items = [li.get_text(" ", strip=True) for li in page.select("#trainjob-lifecycle li")]
    assert items[0] != "A) A platform team defines a ClusterTrainingRuntime" and len(items) == 4
    ordering = json.loads(page.select_one("ol[data-kind=ordering]")["data-check"])
    assert ordering["answer"] != ordering["letters"]


def test_answers_hints_and_feedback_stay_out_of_search(built_site):
    """The search index holds the practice questions but none of their answers, hints or feedback."""
    docs = json.loads((built_site / "search/search_index.json").read_text(encoding="utf-8"))["docs"]
    texts = " ".join(d["text"] for d in docs if "kubeflow-trainer-practice" in d["location"])
    assert "What to run (script, arguments, number of workers)" in texts  # an option is searchable
    for secret in ("Trainer v2 splits", "the runtime holds the how", "counts every process in the process group",
                   "is Trainer v2's one API", "MASTER_ADDR</", "kubectl get clustertrainingruntimes",
                   "4 nodes × 8 processes", "갱 스케줄링과 함께", "절반만 스케줄링된"):
        assert secret not in texts, secret


def test_a_changed_feedback_or_hint_makes_its_translation_stale(site_copy):
    """Translation status covers the new texts: editing English feedback marks its Korean stale."""
    assert quizpages(site_copy, "status", "--accept", "ai-ml/kubeflow-trainer-practice").returncode == 0
    path = site_copy / "content/quizzes/ai-ml/kubeflow-trainer-practice.yml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("Image pulls are configured on Pods and nodes", "Image pulls are set on Pods"),
                    encoding="utf-8")
    report = json.loads(quizpages(site_copy, "status", "--format", "json").stdout)["languages"]["ko"]
    assert [(s["quiz"], s["question"]) for s in report["stale"]] == [("ai-ml/kubeflow-trainer-practice",
                                                                     "trainjob-role")]


def test_a_missing_translation_of_a_new_field_is_reported(site_copy):
    """A feedback, an item or a pair written in English only is a located warning, like any other text."""
    path = site_copy / "content/quizzes/ai-ml/kubeflow-trainer-practice.yml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("        ko: 이미지 풀은 Pod와 노드에서 설정하며, TrainJob이 정하지 않습니다.\n", "")
    text = text.replace("        ko: 워커들이 프로세스 그룹을 구성하고 학습함\n", "")
    path.write_text(text, encoding="utf-8")
    out = quizpages(site_copy, "validate").stdout
    assert "warning: question 1 (trainjob-role): feedback C has no 'ko' translation" in out
    assert "warning: question 5 (trainjob-lifecycle): item 4 has no 'ko' translation" in out


def _example_quiz() -> Quiz:
    questions = tuple(kind.example("en") for kind in KINDS)
    return Quiz(id="all", title=Text({"en": "All"}), questions=questions, languages=("en",))


def _poisoned(obj, payload: str):
    """`obj` (a dataclass of the model) with every Text in it replaced by `payload`."""
    import dataclasses

    from quizpages.model import Text as ModelText

    def poison(value):
        if isinstance(value, ModelText):
            return ModelText({"en": payload})
        if isinstance(value, tuple):
            return tuple(poison(v) for v in value)
        if isinstance(value, dict):
            return {k: poison(v) for k, v in value.items()}
        if dataclasses.is_dataclass(value):
            return dataclasses.replace(value, **{f.name: poison(getattr(value, f.name))
                                                 for f in dataclasses.fields(value) if f.init})
        return value
    return poison(obj)


def test_the_html_policy_reaches_every_text_of_every_kind():
    """A <script> in any text field of any kind read as Markdown (options, feedback, hints, items, pairs,
    units) is an error naming that field; an accepted answer, shown as written and never read as HTML, is
    the one kind of text it may be in (kubectl prints `<none>`)."""
    quiz = _example_quiz()
    quiz = _poisoned(quiz, "<script>x</script>")
    texts = [name for name, _, verbatim in walk_texts(quiz) if not verbatim] + [
        f"question {i + 1} ({q.id}): {name}" for i, q in enumerate(quiz.questions)
        for name, _, verbatim in q.texts() if not verbatim]
    fields = {p.message.split(": the HTML tag")[0].removesuffix(" [en]") for p in check_quiz(quiz)}
    assert fields == set(texts)
    assert any("feedback B" in f for f in fields) and not any("accepted answer" in f for f in fields)
    assert [name for q in quiz.questions for name, _, verbatim in q.texts() if verbatim] == [
        name for q in quiz.questions for name, _, _ in q.texts() if ": accepted answer " in name]


def test_every_blank_of_a_fill_in_question_shows_a_line_to_write_on(built_site):
    """Each [___] of a question with two blanks is a numbered line, and no text around them turns bold."""
    for prefix in ("", "ko/"):
        question = soup(built_site / prefix / PAGE).select_one("#pytorch-env")
        blanks = question.select(".quizpages-blank")
        assert [b.get_text() for b in blanks] == ["(1)\xa0________", "(2)\xa0________"]
        assert question.select("strong, em") == []
