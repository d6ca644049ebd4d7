"""Each kind declares the shape of its self-check's data (`Kind.check_shape`, a JSON Schema), and every
`data-check` of every built page follows its kind's shape: the contract the quiz script relies on."""

from __future__ import annotations

import json

import jsonschema
import pytest
from conftest import build, copy_site, quizpages, soup
from quizpages import KINDS
from quizpages.render import Renderer

# Every kind again, with the variations a payload has: a range, one right answer of several options, blanks
# that ignore case, a unit per language, options with feedback, a question in one language only.
VARIANTS = """\
title: {en: Variants, ko: 변형}
questions:
  - id: one-right
    kind: multiple_select
    question: {en: Pick the one., ko: 하나를 고르세요.}
    options: [x, y, z]
    answer: [B]
    feedback: {A: {en: No., ko: 아니요.}}
  - id: pick
    kind: multiple_choice
    question: {en: Pick., ko: 고르세요.}
    options: [a, b]
    answer: A
  - id: not-true
    kind: true_false
    question: {en: False., ko: 거짓.}
    answer: false
  - id: ranged
    kind: numeric
    question: {en: About how much?, ko: 대략 얼마인가요?}
    answer: 2.5
    range: [2, 3.5]
    unit: {en: GiB, ko: 기가바이트}
  - id: exact
    kind: numeric
    question: {en: How many?, ko: 몇 개인가요?}
    answer: -4
    tolerance: 0.5
  - id: words
    kind: fill_in
    question: {en: "[___] and [___]", ko: "[___]와 [___]"}
    blanks:
      - accept: [{en: world size, ko: 월드 크기}, WORLD_SIZE]
      - accept: [rank]
        case_sensitive: true
  - id: pairs
    kind: matching
    question: {en: Match., ko: 짝지으세요.}
    pairs: [{left: a, right: b}, {left: c, right: d}]
  - id: steps
    kind: ordering
    question: {en: Order., ko: 순서.}
    items: [one, two, three]
  - id: english-only
    kind: multiple_choice
    languages: [en]
    question: {en: Only in English.}
    options: [p, q, r]
    answer: C
"""


@pytest.fixture(scope="module")
def every_kind_site(tmp_path_factory):
    """The bundled site with two more quizzes: `quizpages new`'s example of every kind, and VARIANTS."""
    site = copy_site(tmp_path_factory.mktemp("every-kind"))
    made = quizpages(site, "new", "every/kind", "--title", "Every kind")
    assert made.returncode == 0, made.stderr
    (site / "content/quizzes/every/variants.yml").write_text(VARIANTS, encoding="utf-8")
    build(site, strict=False)  # `new` writes English-only examples; the variants are complete
    return site / "site"


def _payloads(site):
    """(page, question id, kind, data-check) of every question of every built page."""
    for page in sorted(site.rglob("quizzes/**/index.html")):
        for question in soup(page).select("ol.quizpages-question"):
            kind = question["data-kind"]
            data = json.loads(question["data-check"]) if question.has_attr("data-check") else None
            yield str(page.relative_to(site)), question.select_one("li[id]")["id"], kind, data


@pytest.mark.parametrize("kind", [kind.name for kind in KINDS])
def test_every_kind_declares_a_valid_shape_for_what_it_sends(kind):
    """A kind with a self-check declares a JSON Schema of its payload, and its example's payload fits it; a kind
    without one sends nothing."""
    declared = KINDS[kind]
    renderer = Renderer({}, ("en", "ko"))
    from quizpages.render.renderer import _Context

    payload = declared.self_check(declared.example("en"), _Context(renderer, "en"))
    if declared.check_shape is None:
        assert payload is None
        return
    jsonschema.Draft202012Validator.check_schema(declared.check_shape)
    jsonschema.validate(payload, declared.check_shape, cls=jsonschema.Draft202012Validator)
    assert declared.check_shape["properties"]["type"]["const"] == payload["type"]


@pytest.mark.parametrize("which", ["bundled", "every-kind"])
def test_every_data_check_of_every_built_page_has_its_kinds_shape(which, built_site, every_kind_site):
    """Each question's data-check, on every page in both languages, is valid against its kind's declared shape;
    a question whose kind declares none carries no data-check."""
    site = built_site if which == "bundled" else every_kind_site
    seen = set()
    for page, question, kind, data in _payloads(site):
        shape = KINDS[kind].check_shape
        if shape is None:
            assert data is None, (page, question)
            continue
        errors = [e.message for e in jsonschema.Draft202012Validator(shape).iter_errors(data)]
        assert errors == [], (page, question, data)
        seen.add((kind, page.startswith("ko/")))
    assert seen == {(kind.name, korean) for kind in KINDS if kind.check_shape for korean in (False, True)}


def test_a_payload_that_breaks_its_shape_is_caught():
    """The shapes are strict: a wrong type name, an extra field, a lower-case letter or a missing answer fails."""
    shape = KINDS["multiple_choice"].check_shape
    good = {"type": "choice", "values": "ABC", "answer": "B"}
    jsonschema.validate(good, shape)
    for bad in ({**good, "type": "choices"}, {**good, "extra": 1}, {**good, "answer": "b"},
                {"type": "choice", "values": "ABC"}, {**good, "values": ["A", "B"]}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, shape)
