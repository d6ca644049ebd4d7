"""A question kind is one declaration: a kind registered by a site (here, by this test) works in every layer."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import jsonschema
import yaml
from quizpages import KINDS, Kind, QuizSite, Registry, SiteSettings, Text, dump_quiz, json_schema
from quizpages.cache import codec
from quizpages.load import read_quiz
from quizpages.model import Question, Source, error
from quizpages.model.fields import TEXT, NumberType, declared


@dataclass(frozen=True, slots=True)
class Estimate:
    value: float = declared(NumberType(), required=True, example="42", doc="The right number.")
    unit: Text | None = declared(TEXT, doc="Shown after the number, per language.")


def not_negative(question: Question, what: str):
    if question.body.value < 0:
        yield error(question.field_sources.get("value", question.source or Source("")),
                    f"{what}: the value {question.body.value:g} is negative", "Estimates are counts; write 0 or more")


ESTIMATE = Kind(
    name="estimate", order=99, body=Estimate, doc="A number to estimate.", section="section.estimate",
    fragment="kinds/estimate.md.j2",
    view=lambda question, ctx: {"value": f"{question.body.value:g}", "unit": ctx.text(question.body.unit) or ""},
    example=lambda language: Question(id="example-estimate", kind="estimate", prompt=Text({language: "How many?"}),
                                      body=Estimate(value=3.0)),
    rules=(not_negative,),
)

FRAGMENT = """\
{% macro body(v, t) %}
_{{ t("estimate.prompt") }}_
{% endmacro %}
{% macro answer(v, t) %}
**{{ t("answer") }}:** {{ v.value }} {{ v.unit }}
{% endmacro %}
"""

QUIZ = """\
title: {en: Counting, ko: 세기}
questions:
  - id: replicas
    kind: estimate
    question: {en: "How many replicas does the chart start?", ko: "차트는 복제본을 몇 개 시작하나요?"}
    value: "3"
    unit: {en: pods, ko: 파드}
  - id: name
    kind: short_answer
    question: {en: "What is a chart?", ko: "차트란?"}
    answer: {en: A package., ko: 패키지.}
"""


def _site(tmp_path: Path, quiz: str = QUIZ) -> QuizSite:
    """A site with the estimate kind registered, its fragment in the site's overrides and its strings."""
    fragments = tmp_path / "overrides" / "fragments" / "quizpages" / "kinds"
    fragments.mkdir(parents=True)
    (fragments / "estimate.md.j2").write_text(FRAGMENT, encoding="utf-8")
    (tmp_path / "strings").mkdir()
    (tmp_path / "strings" / "en.yml").write_text("section.estimate: Estimates\nestimate.prompt: Give a number.\n",
                                                 encoding="utf-8")
    (tmp_path / "docs" / "quizzes").mkdir(parents=True)
    (tmp_path / "docs" / "quizzes" / "count.yml").write_text(quiz, encoding="utf-8")
    settings = SiteSettings(root=str(tmp_path), docs_dir=str(tmp_path / "docs"), languages=("en", "ko"),
                            custom_dir=str(tmp_path / "overrides"), strings_dir=str(tmp_path / "strings"),
                            cache_dir=str(tmp_path / ".cache"))
    return QuizSite(settings, Registry([*KINDS, ESTIMATE]))


def test_registered_kind_loads_with_its_fields(tmp_path):
    """A quiz using the new kind loads cleanly, its value read as a number."""
    site = _site(tmp_path)
    catalog = site.load()
    assert catalog.problems == []
    question = catalog.quizzes["count"].questions[0]
    assert question.kind == "estimate" and question.body == Estimate(3.0, Text({"en": "pods", "ko": "파드"}))


def test_registered_kind_reports_bad_values_located(tmp_path):
    """A value of the wrong type, a missing field and a broken rule are located errors, all in one run."""
    bad = QUIZ.replace('value: "3"', "value: lots").replace(
        "    answer: {en: A package., ko: 패키지.}", "    answer: {en: A package., ko: 패키지.}\n"
        "  - id: negative\n    kind: estimate\n    question: Q\n    value: -2\n  - id: none\n    kind: estimate\n"
        "    question: Q\n    answer: 3\n")
    site = _site(tmp_path, bad)
    lines = [p.render(str(tmp_path)) for p in site.load().problems]
    assert lines == [
        # numbered as the page shows them: the short answer first, then the estimates (the kinds' order)
        "docs/quizzes/count.yml:6:12: error: question 2 (replicas): value: 'lots' is not a number (Write a number such as 2.5)",
        "docs/quizzes/count.yml:15:12: error: question 3 (negative): the value -2 is negative "
        "(Estimates are counts; write 0 or more)",
        "docs/quizzes/count.yml:16:5: error: question 4 (none) is estimate but has no value (Add `value: 42`)",
        "docs/quizzes/count.yml:19:5: error: question 4 (none) is estimate and cannot have answer "
        "(Remove `answer:`, or make it `kind: multiple_choice`)",
    ]


def test_registered_kind_renders_through_its_fragment_in_its_section(tmp_path):
    """The page shows the kind's section heading and what its fragment writes, question and answer."""
    site = _site(tmp_path)
    catalog = site.load()
    page = site.renderer(catalog).quiz_page(catalog.quizzes["count"], "en")
    assert page.index("## Short Answer Questions") < page.index("## Estimates")  # the kind's order
    assert "_Give a number._" in page and "**Answer:** 3 pods" in page


def test_registered_kind_round_trips_through_the_build_cache(tmp_path):
    """Encoded for the build cache and decoded, the quiz is equal, sources included; a second load hits."""
    site = _site(tmp_path)
    catalog = site.load()
    quiz = catalog.quizzes["count"]
    path = catalog.paths["count"]
    encoded = codec.encode(path, quiz, [])
    back = codec.decode(path, json.loads(json.dumps(encoded)), site.kinds)
    assert back == (quiz, []) and codec.encode(path, *back) == encoded
    site.build_cache.save(prune=True)
    again = _reopen(site)
    assert again.load().quizzes == catalog.quizzes and again.build_cache.hits == 1


def _reopen(site: QuizSite) -> QuizSite:
    """The same site in a new process, as far as the cache can tell."""
    return QuizSite(site.settings, site.kinds)


def test_registered_kind_round_trips_through_the_yaml_writer(tmp_path):
    """Written back as YAML by the writer, the quiz loads equal."""
    site = _site(tmp_path)
    quiz = site.load().quizzes["count"]
    text = dump_quiz(quiz)
    assert "value: 3\n" in text
    again, problems = read_quiz("count.yml", "count", site.languages, text.encode("utf-8"), site.kinds)
    assert problems == [] and again == quiz


def test_registered_kind_is_in_the_schema(tmp_path):
    """The generated JSON Schema lists the kind, checks its fields, and accepts a quiz that uses it."""
    site = _site(tmp_path)
    schema = json_schema(site.kinds)
    question = schema["$defs"]["question"]
    assert "estimate" in question["properties"]["kind"]["enum"]
    data = yaml.safe_load(QUIZ)
    jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)
    data["questions"][0]["options"] = ["a", "b"]
    try:
        jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)
    except jsonschema.ValidationError:
        pass
    else:
        raise AssertionError("the schema let an estimate have options")


def test_registered_kind_is_scaffolded_by_new(tmp_path):
    """`quizpages new` writes an example of every kind the site knows, the new one included, and it validates."""
    from quizpages.cli.new import quiz_text

    site = _site(tmp_path)
    text = quiz_text(site, "fresh", "Fresh", str(tmp_path / "docs" / "quizzes" / "fresh.yml"))
    quiz, problems = read_quiz("fresh.yml", "fresh", site.languages, text.encode("utf-8"), site.kinds)
    assert problems == [] and [q.kind for q in quiz.questions] == list(site.kinds.names())
