"""One run reports every problem: a field that is wrong never hides another field's problems.

For every kind and every field it declares, a field error (wrong type, too few items, a bad letter, a
missing required field, an unknown key, an id not well formed) is combined with each policy error (the
HTML policy, the check of the rendered HTML, the kind's own rules): the run of the two together reports
every problem that each reports alone. A kind's rules read the question's prompt and the kind's own
fields (see `kinds.Rule`), so they are left out of the combinations where the field error is in those.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterator

import pytest
import yaml
from conftest import ROOT
from quizpages import KINDS, load_quiz
from quizpages.load.yaml_writer import record_data
from quizpages.model import Question, Quiz, Text
from quizpages.model.fields import (
    BoolType,
    KindType,
    LanguagesType,
    LetterType,
    ListType,
    MapType,
    NumberType,
    RecordType,
    StringType,
    TextType,
    declared_fields,
)
from quizpages.settings import read_settings

EXTENSIONS = read_settings(str(ROOT / "mkdocs.yml"))[0].markdown_extensions

Edit = Callable[[dict], None]  # changes one question's mapping, as a quiz file holds it

# A value of the wrong shape for each field type
WRONG = [(LetterType, ["A"]), (StringType, ["x"]), (TextType, [1, 2]), (ListType, "one text"),
         (MapType, ["x"]), (RecordType, ["x"]), (NumberType, "many"), (BoolType, "maybe"), (LanguagesType, "en")]


def _wrong(field_type):
    return next(value for cls, value in WRONG if isinstance(field_type, cls))


def _set(key: str, value) -> Edit:
    return lambda question: question.__setitem__(key, value)


def _delete(key: str) -> Edit:
    return lambda question: question.pop(key, None)


def field_errors(kind) -> Iterator[tuple[str, str, Edit]]:
    """(name, the key it breaks, edit) of every field error a question of `kind` can have, from its declarations."""
    for declared in declared_fields(Question) + declared_fields(kind.body):
        key, field_type = declared.key, declared.spec.type
        if isinstance(field_type, KindType):  # another kind is another question altogether
            continue
        yield f"{key}: wrong type", key, _set(key, _wrong(field_type))
        if isinstance(field_type, ListType) and field_type.min_items:
            yield f"{key}: too few items", key, _set(key, [])
        if isinstance(field_type, LetterType):
            yield f"{key}: not a letter", key, _set(key, "AB")
        if isinstance(field_type, ListType) and isinstance(field_type.item, LetterType):
            yield f"{key}: not a letter", key, _set(key, ["A", "AB"])
        if declared.spec.required:
            yield f"{key}: missing", key, _delete(key)
    yield "unknown key", "colour", _set("colour", "blue")
    yield "id not well formed", "id", _set("id", "Not An Id")


def _with_text(key: str, payload: str) -> Edit:
    """Adds `payload` to the text `key` (in each language it is written in), or writes it there."""
    def edit(question: dict) -> None:
        value = question.get(key)
        if isinstance(value, dict):
            question[key] = {lang: f"{text}\n\n{payload}" for lang, text in value.items()}
        elif isinstance(value, str):
            question[key] = f"{value}\n\n{payload}"
        else:
            question[key] = payload
    return edit


def _first_two(key: str, inner: str | None = None) -> Edit:
    """Makes the second item of the list `key` (or its `inner` field) the same as the first."""
    def edit(question: dict) -> None:
        items = question[key]
        if inner is None:
            items[1] = copy.deepcopy(items[0])
        else:
            items[1][inner] = copy.deepcopy(items[0][inner])
    return edit


RULE_BREAKERS: dict[str, Edit] = {
    "multiple_choice": _set("answer", "Z"),
    "multiple_select": _set("answer", ["A", "Z"]),
    "matching": _first_two("pairs", "left"),
    "ordering": _first_two("items"),
    "numeric": _set("tolerance", -1),
    "fill_in": _set("question", {"en": "A sentence without any blank."}),
}
"""For each kind with rules, an edit of its example that one of its rules reports."""


def policy_errors(kind, broken_key: str) -> Iterator[tuple[str, Edit]]:
    """(name, edit) of every policy error, in a text other than the one the field error breaks."""
    text = "explanation" if broken_key == "question" else "question"
    yield "HTML policy", _with_text(text, "<script>alert(1)</script>")
    yield "rendered HTML", _with_text(text, 'A paragraph.\n{: onclick="alert(1)" }')
    own = {d.key for d in declared_fields(kind.body)} | {"question"}
    if kind.name in RULE_BREAKERS and broken_key not in own:
        yield "kind rules", RULE_BREAKERS[kind.name]


def _example(kind) -> dict:
    quiz = Quiz(id="one-run", title=Text(neutral="One run"), questions=(kind.example("en"),), languages=("en",),
                declared_languages=("en",))
    return record_data(quiz)


def problems_of(kind, *edits: Edit, tmp_path) -> set[tuple[str, str, str]]:
    """(severity, message, hint) of every problem of the example of `kind` after `edits`, with the question
    named by its number only (a broken id changes its name) and no positions (a deleted key moves lines)."""
    data = _example(kind)
    for edit in edits:
        edit(data["questions"][0])
    path = tmp_path / "one-run.yml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    _quiz, problems = load_quiz(str(path), "one-run", ("en", "ko"), markdown_extensions=EXTENSIONS)
    return {(p.severity, re.sub(r"question (\d+) \([^)]*\)", r"question \1", p.message), p.hint) for p in problems}


def test_every_kind_with_rules_has_a_breaker():
    """The combinations cover the rules of every registered kind that has rules."""
    assert {kind.name for kind in KINDS if kind.rules} == set(RULE_BREAKERS)


@pytest.mark.parametrize("kind", list(KINDS), ids=lambda kind: kind.name)
def test_a_field_error_hides_no_policy_error(kind, tmp_path):
    """Every field error of every field of `kind`, together with each policy error, is reported in one run
    with everything either reports alone."""
    assert problems_of(kind, tmp_path=tmp_path) == set(), "the example itself must be valid"
    hidden, combinations = [], 0
    for field_name, broken_key, field_edit in field_errors(kind):
        alone = problems_of(kind, field_edit, tmp_path=tmp_path)
        assert any(severity == "error" for severity, _m, _h in alone), field_name
        for policy_name, policy_edit in policy_errors(kind, broken_key):
            policy = problems_of(kind, policy_edit, tmp_path=tmp_path)
            assert any(severity == "error" for severity, _m, _h in policy), policy_name
            both = problems_of(kind, field_edit, policy_edit, tmp_path=tmp_path)
            combinations += 1
            if not alone | policy <= both:
                hidden.append((field_name, policy_name, sorted((alone | policy) - both)))
    assert combinations >= 20
    assert hidden == []
