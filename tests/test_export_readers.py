"""The exported files as the formats' own tools read them: GIFT by gift-pegjs, QTI 3.0 items scored by the
@citolab/qti-components player in Chromium, QTI 2.1 items converted by @citolab/qti-convert and scored the
same way, and Moodle XML checked against Moodle's documented format. Every question's right answer must
be the quiz's own key, as the site's self-check holds it."""

from __future__ import annotations

import html
import io
import re
import zipfile

import pytest
from conftest import copy_site
from export_helpers import add_hostile_quiz, export, keys, site_quizzes
from lxml import etree
from moodle_cloze import cloze_codes

import oracles
from quizpages.export import FORMATS, file_name
from quizpages.export.html_text import plain_text
from quizpages.export.numbers import MOODLE_FRACTIONS

QUIZZES = ["ai-ml/kubeflow-trainer", "ai-ml/kubeflow-trainer-practice", "edge-cases"]
LANGUAGES = ["en", "ko"]
CASES = [(quiz, language) for quiz in QUIZZES for language in LANGUAGES]


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """The bundled site and a quiz of hostile text, exported in every format."""
    site = copy_site(tmp_path_factory.mktemp("exported"))
    add_hostile_quiz(site)
    code, out, err = export(site, *[arg for name in FORMATS for arg in ("--format", name)])
    assert code == 0, out + err
    return site


def _file(site, quiz: str, language: str, format: str) -> bytes:
    return (site / "exports" / file_name(quiz, language, FORMATS[format])).read_bytes()


def _questions(site, quiz_id: str, language: str):
    """(question, its texts in `language` as Markdown through `ctx`) of the quiz, by id."""
    quiz_site, catalog, renderer = site_quizzes(site)
    return {q.id: q for q in catalog.quizzes[quiz_id].questions_in(language)}, renderer.context(language)


# -- GIFT, read by gift-pegjs ---------------------------------------------------------------------------

def _gift_text(value: dict | str | None, html=None) -> str:
    """A GIFT text as the quiz's Markdown: `[markdown]` as written ("-\\>" is Markdown's "->"), `[html]`
    given to `html` (the quiz's Markdown -> that HTML), so that it compares with the quiz's text."""
    text = value["text"] if isinstance(value, dict) else value or ""
    if isinstance(value, dict) and value["format"] == "html":
        assert html is not None, text
        return html(text)
    return text.replace("-\\>", "->")


def _moodle_literal(answer: str) -> str:
    """A short answer as Moodle matches it, which must be the literal text: `\\*` a star, `*` alone a wildcard."""
    assert not re.search(r"(?<!\\)\*", answer), f"{answer!r} holds Moodle's wildcard"
    return answer.replace("\\*", "*")


@pytest.mark.parametrize("quiz_id, language", CASES)
def test_gift_reads_back_with_the_quizs_key(exported, quiz_id, language):
    """Question types, texts, right answers, weights, tolerance or range, and pairs, as in the quiz."""
    parsed = oracles.parse_gift(_file(exported, quiz_id, language, "gift").decode("utf-8"))
    questions, ctx = _questions(exported, quiz_id, language)
    key = keys(exported, quiz_id, language)
    site_html = site_quizzes(exported)[0].markdown_html()
    by_html = {}  # a text's HTML -> the text, for each text of the quiz

    def as_markdown(html: str) -> str:
        if not by_html:
            for question in questions.values():
                for text in _texts(question, ctx):
                    by_html[site_html(text)] = by_html[site_html.inline(text)] = text
        return by_html.get(html, html)

    assert parsed[0]["type"] == "Category"
    assert parsed[0]["title"] == f"{plain_text(ctx_html(exported, ctx, _quiz_title(exported, quiz_id)))} ({language})"
    for entry in parsed[1:]:
        question = questions[entry["title"]]
        check = key[question.id]
        stem = _gift_text(entry["stem"], as_markdown)
        if entry["type"] != "Short":  # a short answer's stem has "_____" where the blank is
            assert stem.startswith(ctx.text(question.prompt)), question.id
        if check is None:
            assert entry["type"] == "Essay", question.id
        elif check["type"] == "choice" and entry["type"] == "TF":
            assert entry["isTrue"] == (check["answer"] == "true")
        elif check["type"] == "choice":
            assert entry["type"] == "MC"
            right = [i for i, choice in enumerate(entry["choices"]) if choice["isCorrect"]]
            assert right == [ord(check["answer"]) - ord("A")], question.id
            assert [_gift_text(c["text"], as_markdown) for c in entry["choices"]] == [ctx.text(o) for o in question.body.options]
            assert [_gift_text(c["feedback"], as_markdown) if c["feedback"] else None
                    for c in entry["choices"]] == _option_feedback(question, ctx), question.id
        elif check["type"] == "choices":
            weights = [choice["weight"] for choice in entry["choices"]]
            right = [i for i, w in enumerate(weights) if w > 0]
            assert right == [ord(letter) - ord("A") for letter in check["answer"]], question.id
            assert sum(w for w in weights if w > 0) == pytest.approx(100, abs=1e-3)
            assert sum(w for w in weights if w < 0) == pytest.approx(-100, abs=1e-3)
            assert [_gift_text(c["feedback"], as_markdown) if c["feedback"] else None
                    for c in entry["choices"]] == _option_feedback(question, ctx), question.id
        elif check["type"] == "match":
            pairs = entry["matchPairs"]
            lefts = [p for p in pairs if p["subquestion"]["text"]]
            assert [_gift_text(p["subquestion"], as_markdown) for p in lefts] == [ctx.text(p.left) for p in question.body.pairs]
            assert [p["subanswer"] for p in lefts] == [ctx.raw(p.right) for p in question.body.pairs]
            assert [p["subanswer"] for p in pairs if not p["subquestion"]["text"]] == [
                ctx.raw(d) for d in question.body.distractors]
        elif check["type"] == "number":
            # one answer is read as the answer itself, several as a list of weighted ones
            choices = entry["choices"] if isinstance(entry["choices"], list) else [{"text": entry["choices"]}]
            assert choices[0]["text"]["number"] == float(check["answer"])
            covered = [(c["text"]["numberLow"], c["text"]["numberHigh"]) if c["text"]["type"] == "high-low" else
                       (c["text"]["number"] - c["text"].get("range", 0),
                        c["text"]["number"] + c["text"].get("range", 0)) for c in choices]
            assert (min(low for low, _ in covered), max(high for _, high in covered)) == pytest.approx(
                (check["low"], check["high"]))
        elif check["type"] == "blanks":
            assert entry["type"] == "Short" and len(check["blanks"]) == 1
            assert [_moodle_literal(_gift_text(c["text"])) for c in entry["choices"]] == check["blanks"][0]["accept"]
            assert stem.count("_____") == 1  # where the blank is: the answer set stands there
        else:
            pytest.fail(f"{question.id}: GIFT holds a {check['type']} question it said it leaves out")
        if question.explanation and check is not None:
            assert _gift_text(entry["globalFeedback"], as_markdown) == ctx.text(question.explanation), question.id


def _texts(question, ctx) -> list[str]:
    """Every text of `question` as Markdown in `ctx`'s language: prompt, options, their feedback, pairs,
    explanation."""
    body = question.body
    texts = [question.prompt, question.explanation, *getattr(body, "options", ()),
             *(getattr(body, "feedback", None) or {}).values(), *[pair.left for pair in getattr(body, "pairs", ())]]
    return [ctx.text(text) for text in texts if text]


def _option_feedback(question, ctx) -> list[str | None]:
    """Each option's feedback as Markdown in `ctx`'s language (None for an option without)."""
    feedback = getattr(question.body, "feedback", None) or {}
    return [ctx.text(feedback.get(chr(ord("A") + i))) for i in range(len(question.body.options))]


def _quiz_title(site, quiz_id: str):
    quiz_site, catalog, renderer = site_quizzes(site)
    return catalog.quizzes[quiz_id].title


# -- Moodle XML, against Moodle's documented format -------------------------------------------------------

# https://docs.moodle.org/en/Moodle_XML_format: what each question type is written with
COMMON = ("name/text", "questiontext/text", "generalfeedback/text", "penalty", "hidden")
DOCUMENTED = {
    "multichoice": ("defaultgrade", "single", "shuffleanswers", "answernumbering", "answer/text", "answer/feedback"),
    "truefalse": ("defaultgrade", "answer/text", "answer/feedback"),
    "shortanswer": ("defaultgrade", "usecase", "answer/text"),
    "numerical": ("defaultgrade", "answer/text", "answer/tolerance"),
    "matching": ("defaultgrade", "shuffleanswers", "subquestion/text", "subquestion/answer/text"),
    "ordering": ("defaultgrade", "layouttype", "selecttype", "selectcount", "gradingtype", "answer/text"),
    "essay": ("defaultgrade", "responseformat", "responserequired", "responsefieldlines", "graderinfo/text"),
    "cloze": (),
}
GRADES = {round(100 / n, 5) for n in MOODLE_FRACTIONS} | {100.0, 0.0}


def _fraction(answer) -> float:
    return float(answer.get("fraction"))


@pytest.mark.parametrize("quiz_id, language", CASES)
def test_moodle_xml_follows_the_documented_format_with_the_quizs_key(exported, quiz_id, language):
    """Every question type Moodle documents is written with its elements, grades from Moodle's list, and
    the quiz's right answers; a category of the quiz comes first."""
    root = etree.fromstring(_file(exported, quiz_id, language, "moodle"))
    assert root.tag == "quiz"
    category, *questions = root.findall("question")
    assert category.get("type") == "category" and category.findtext("category/text").startswith("$course$/top/")
    texts, ctx = _questions(exported, quiz_id, language)
    key = keys(exported, quiz_id, language)
    assert sorted(q.findtext("name/text") for q in questions) == sorted(texts)
    for element in questions:
        kind = element.get("type")
        name = element.findtext("name/text")
        check = key[name]
        for path in COMMON + DOCUMENTED[kind]:
            assert element.find(path) is not None, (name, kind, path)
        assert element.find("questiontext").get("format") == "html"
        answers = element.findall("answer")
        site_html = site_quizzes(exported)[0].markdown_html()
        question = texts[name]
        if kind == "multichoice":  # each option's feedback with its answer
            assert [a.findtext("feedback/text") or None for a in answers] == [
                site_html(text) or None for text in _option_feedback(question, ctx)], name
        if kind != "essay":  # an essay's general feedback starts with its model answer
            assert element.findtext("generalfeedback/text") == site_html(ctx.text(question.explanation)), name
        assert element.findtext("hint/text") == (site_html(ctx.text(question.hint)) if question.hint else None), name
        if kind == "multichoice" and element.findtext("single") == "true":
            assert [a.findtext("text") for a in answers if _fraction(a) == 100] == [
                ctx_html(exported, ctx, texts[name].body.options[ord(check["answer"]) - ord("A")])]
        elif kind == "multichoice":
            right = [chr(ord("A") + i) for i, a in enumerate(answers) if _fraction(a) > 0]
            assert right == check["answer"]
            assert sum(_fraction(a) for a in answers if _fraction(a) > 0) == pytest.approx(100, abs=1e-3)
            assert all(abs(_fraction(a)) in GRADES for a in answers), name
        elif kind == "truefalse":
            assert [a.findtext("text") for a in answers if _fraction(a) == 100] == [check["answer"]]
        elif kind in ("shortanswer", "cloze"):
            blanks = check["blanks"]
            if kind == "shortanswer":
                assert len(blanks) == 1 and [_moodle_literal(a.findtext("text")) for a in answers] == blanks[0]["accept"]
                assert element.findtext("usecase") == ("1" if blanks[0]["case"] else "0")
            else:
                codes = cloze_codes(element.findtext("questiontext/text"))  # as Moodle reads them
                assert len(codes) == len(blanks) > 1
                for (code, accepted), blank in zip(codes, blanks):
                    assert code == ("SHORTANSWER_C" if blank["case"] else "SHORTANSWER")
                    assert [fraction for fraction, _ in accepted] == [1.0] * len(accepted)
                    assert [_moodle_literal(answer) for _, answer in accepted] == blank["accept"]
        elif kind == "numerical":
            first = answers[0]
            assert float(first.findtext("text")) == float(check["answer"])
            ranges = [(float(a.findtext("text")) - float(a.findtext("tolerance")),
                       float(a.findtext("text")) + float(a.findtext("tolerance"))) for a in answers]
            bounds = (min(r[0] for r in ranges), max(r[1] for r in ranges))
            assert bounds == pytest.approx((check["low"], check["high"]))
        elif kind == "matching":
            subs = element.findall("subquestion")
            pairs = [(s.findtext("text"), s.findtext("answer/text")) for s in subs]
            body = texts[name].body
            assert [answer for text, answer in pairs if text] == [plain_text(ctx_html(exported, ctx, p.right))
                                                                  for p in body.pairs]
            assert len([1 for text, _ in pairs if not text]) == len(body.distractors)
        elif kind == "ordering":
            assert [a.findtext("text") for a in answers] == [ctx_html(exported, ctx, item)
                                                             for item in texts[name].body.items]
            assert [int(a.get("fraction")) for a in answers] == list(range(1, len(answers) + 1))
        elif kind == "essay":
            assert check is None and element.findtext("responseformat") in ("editor", "monospaced", "plain")
            assert element.findtext("graderinfo/text")


def ctx_html(site, ctx, text) -> str:
    """A text as the export writes an option: the site's Markdown, one paragraph unwrapped."""
    quiz_site, _, _ = site_quizzes(site)
    return quiz_site.markdown_html().inline(ctx.text(text))


# -- QTI, scored in the @citolab/qti-components player -----------------------------------------------------

@pytest.fixture(scope="module")
def player(browser):
    """The QTI 3.0 player page, served from tests/js-oracles (its node_modules), in headless Chromium;
    every request must stay on the test server."""
    from browser import Guard
    from conftest import StaticServer

    oracles.require()
    with StaticServer(oracles.ORACLES) as server:
        context = browser.new_context()
        guard = Guard(server.origin)
        guard.attach(context)
        page = context.new_page()
        guard.watch(page)
        page.goto(server.origin + "/qti-player.html", wait_until="load")
        page.wait_for_function("window.playerReady === true")
        yield page
        context.close()
        guard.errors = [e for e in guard.errors if "favicon" not in e and "404" not in e]
        guard.check()


def _item_texts(site, quiz_id: str, language: str, format: str) -> dict[str, str]:
    """The item documents of a quiz's exported QTI package, by item."""
    return {name: xml.decode("utf-8") for name, xml in _items(_file(site, quiz_id, language, format)).items()}


def _items(data: bytes) -> dict[str, bytes]:
    archive = zipfile.ZipFile(io.BytesIO(data))
    return {name.removeprefix("items/").removesuffix(".xml"): archive.read(name)
            for name in archive.namelist() if name.startswith("items/")}


def _local(element) -> str:
    return etree.QName(element).localname


def _declarations(xml: bytes) -> list[dict]:
    """Each response declaration: identifier, cardinality, base type, correct values, and the interaction's
    choices (for building a wrong response)."""
    root = etree.fromstring(xml)
    choices = [c.get("identifier") for c in root.iter() if _local(c) in ("qti-simple-choice", "simpleChoice")]
    found = []
    for d in root.iter():
        if _local(d) not in ("qti-response-declaration", "responseDeclaration"):
            continue
        values = [v.text for v in d.iter() if _local(v) in ("qti-value", "value")
                  and _local(v.getparent()) in ("qti-correct-response", "correctResponse")]
        found.append({"id": d.get("identifier"), "cardinality": d.get("cardinality"),
                      "type": d.get("base-type") or d.get("baseType"), "correct": values, "choices": choices})
    return found


def _expected(check: dict | None) -> dict[str, object]:
    """The correct responses the quiz's key calls for, by response identifier."""
    if check is None:
        return {}
    kind = check["type"]
    if kind == "choice":
        return {"RESPONSE": [check["answer"]]}
    if kind == "choices":
        return {"RESPONSE": sorted(check["answer"])}
    if kind == "blanks":
        return {f"RESPONSE_{n}": [blank["accept"][0]] for n, blank in enumerate(check["blanks"], start=1)}
    if kind == "number":
        return {"RESPONSE": [float(check["answer"])]}
    if kind == "order":
        return {"RESPONSE": check["answer"]}
    if kind == "match":
        return {"RESPONSE": sorted(f"L{n} {letter}" for n, letter in enumerate(check["answer"], start=1))}
    raise AssertionError(f"a self-check of type {kind} this test does not know")


def _as_found(declaration: dict) -> list:
    values = declaration["correct"]
    if declaration["type"] == "float":
        return [float(v) for v in values]
    if declaration["cardinality"] in ("multiple",):
        return sorted(values)
    return values


def _response(declaration: dict, values: list[str]):
    return values[0] if declaration["cardinality"] == "single" else values


def _wrong(declaration: dict):
    """A response that is not fully right, built from the item alone."""
    correct, kind = declaration["correct"], declaration["type"]
    if kind == "string":
        return "not-the-answer"
    if kind == "float":
        return str(float(correct[0]) + 1e6)
    if declaration["cardinality"] == "ordered":
        return list(reversed(correct))
    if kind == "directedPair":
        targets = [pair.split()[1] for pair in correct]
        return [f"{pair.split()[0]} {targets[(i + 1) % len(targets)]}" for i, pair in enumerate(correct)]
    if declaration["cardinality"] == "multiple":
        return declaration["choices"]  # every option: the wrong ones take back what the right ones give
    return next(choice for choice in declaration["choices"] if choice not in correct)


def _score_every_item(player, items: dict[str, str], key: dict[str, dict | None], questions: dict) -> None:
    """`questions`: each question by id, for what the player shows after a response (its feedback)."""
    assert sorted(items) == sorted(key)
    for name, xml in items.items():
        declarations = _declarations(xml.encode("utf-8"))
        assert {d["id"]: _as_found(d) for d in declarations if d["correct"]} == _expected(key[name]), name
        player.evaluate("xml => window.loadItem(xml)", xml)
        right = player.evaluate("r => window.scoreItem(r)", {d["id"]: _response(d, d["correct"])
                                                              for d in declarations if d["correct"]})
        if key[name] is None:  # written answers are scored by hand
            assert right["score"] == 0 and not any(d["correct"] for d in declarations), name
            assert "extended-text-interaction" in xml and 'external-scored="human"' in xml, name
            continue
        assert right["score"] == right["max"] == 1, (name, right)
        wrong_response = {d["id"]: _wrong(d) for d in declarations}
        wrong = player.evaluate("r => window.scoreItem(r)", wrong_response)
        assert wrong["score"] < 1, (name, wrong)
        question = questions[name]
        shown, shown_wrong = set(right["modal"]), set(wrong["modal"])
        # the explanation after any attempt, the hint only when the answer is not fully right
        assert ("EXPLANATION" in shown) == bool(question.explanation), (name, shown)
        assert "HINT" not in shown and ("HINT" in shown_wrong) == bool(question.hint), (name, shown_wrong)
        feedback = getattr(question.body, "feedback", None) or {}
        if feedback:  # each option's feedback is inline in that option, shown when it is chosen
            picked = wrong_response["RESPONSE"]
            chosen = set([picked] if isinstance(picked, str) else picked)
            assert set(wrong["inline"]) == chosen & set(feedback), (name, wrong["inline"])
            root = etree.fromstring(xml.encode("utf-8"))
            inline = {f.get("identifier"): (f.getparent().get("identifier"), f.get("outcome-identifier"))
                      for f in root.iter() if _local(f) == "qti-feedback-inline"}
            assert inline == {letter: (letter, "OPTION_FEEDBACK") for letter in feedback}, (name, inline)


@pytest.mark.parametrize("quiz_id, language", CASES)
def test_qti3_items_score_in_the_player_with_the_quizs_key(exported, player, quiz_id, language):
    """Each QTI 3.0 item loads in the player; its correct response is the quiz's key and scores full marks,
    a wrong one less."""
    items = _item_texts(exported, quiz_id, language, "qti3")
    _score_every_item(player, items, keys(exported, quiz_id, language), _questions(exported, quiz_id, language)[0])


@pytest.fixture(scope="module")
def qti21_converted(exported) -> dict[tuple[str, str], dict[str, str]]:
    """Every case's QTI 2.1 items converted to QTI 3.0 by qti-convert, by case and item, in one run of Node
    (each start of qti-convert is 0.7 s of CPU)."""
    cases = {case: _item_texts(exported, *case, "qti21") for case in CASES}
    converted = iter(oracles.qti2_to_qti3([xml for items in cases.values() for xml in items.values()]))
    return {case: {name: next(converted) for name in items} for case, items in cases.items()}


@pytest.mark.parametrize("quiz_id, language", CASES)
def test_qti21_items_convert_and_score_with_the_quizs_key(exported, qti21_converted, player, quiz_id, language):
    """Each QTI 2.1 item, converted to QTI 3.0 by qti-convert, scores the same way; its own correct response
    is the quiz's key too."""
    items = _item_texts(exported, quiz_id, language, "qti21")
    key = keys(exported, quiz_id, language)
    for name, xml in items.items():
        declarations = _declarations(xml.encode("utf-8"))
        assert {d["id"]: _as_found(d) for d in declarations if d["correct"]} == _expected(key[name]), name
    converted = dict(qti21_converted[quiz_id, language])
    assert sorted(converted) == sorted(items)
    for name, xml in converted.items():  # a written answer's human scoring is QTI 3's, added by the converter
        if key[name] is None and 'external-scored="human"' not in xml:
            converted[name] = xml.replace('identifier="SCORE"', 'identifier="SCORE" external-scored="human"', 1)
    _score_every_item(player, converted, key, _questions(exported, quiz_id, language)[0])


# -- scoring: partial credit, tolerance and range, several blanks and case, as each reader scores them -------

SCORING = """\
title: Scoring
questions:
  - id: pick-two
    kind: multiple_select
    question: Which are even?
    options: ["2", "3", "4", "5"]
    answer: [A, C]
  - id: about-ten
    kind: numeric
    question: About ten?
    answer: 10
    tolerance: 0.5
  - id: gravity
    kind: numeric
    question: g in m/s²?
    answer: 9.81
    tolerance: 0.01
  - id: centred
    kind: numeric
    question: Within 2.66 and 2.69?
    answer: 2.675
    range: [2.66, 2.69]
  - id: two-to-three
    kind: numeric
    question: Between two and three?
    answer: 2.5
    range: [2, 3]
  - id: port
    kind: numeric
    question: A port from 8000 to 9000?
    answer: 8080
    range: [8000, 9000]
  - id: greek
    kind: fill_in
    question: "First [___], then [___]."
    blanks:
      - accept: [Alpha, alfa]
      - accept: [BETA]
        case_sensitive: true
  - id: pairs
    kind: matching
    question: Match.
    pairs:
      - {left: one, right: "1"}
      - {left: two, right: "2"}
"""

# (question id, a response, the score it earns out of 1): responses as the QTI items name them
SCORES = [
    ("pick-two", {"RESPONSE": ["A", "C"]}, 1), ("pick-two", {"RESPONSE": ["A"]}, 0.5),
    ("pick-two", {"RESPONSE": ["A", "C", "B"]}, 0.5), ("pick-two", {"RESPONSE": ["A", "B"]}, 0),
    ("pick-two", {"RESPONSE": ["B", "D"]}, 0), ("pick-two", {"RESPONSE": ["A", "B", "C", "D"]}, 0),
    ("about-ten", {"RESPONSE": "10.5"}, 1), ("about-ten", {"RESPONSE": "9.5"}, 1),
    ("about-ten", {"RESPONSE": "10.6"}, 0), ("about-ten", {"RESPONSE": "9.4"}, 0),
    # bounds a float sum or difference misses (9.81 - 0.01 is 9.800000000000001, 9.82 - 9.81 is 0.0099999...)
    ("gravity", {"RESPONSE": "9.8"}, 1), ("gravity", {"RESPONSE": "9.82"}, 1),
    ("gravity", {"RESPONSE": "9.79"}, 0), ("gravity", {"RESPONSE": "9.83"}, 0),
    ("centred", {"RESPONSE": "2.66"}, 1), ("centred", {"RESPONSE": "2.69"}, 1),
    ("centred", {"RESPONSE": "2.659"}, 0), ("centred", {"RESPONSE": "2.691"}, 0),
    ("two-to-three", {"RESPONSE": "2"}, 1), ("two-to-three", {"RESPONSE": "3"}, 1),
    ("two-to-three", {"RESPONSE": "2.75"}, 1), ("two-to-three", {"RESPONSE": "3.01"}, 0),
    ("two-to-three", {"RESPONSE": "1.99"}, 0),
    ("port", {"RESPONSE": "8000"}, 1), ("port", {"RESPONSE": "9000"}, 1), ("port", {"RESPONSE": "8080"}, 1),
    ("port", {"RESPONSE": "9001"}, 0), ("port", {"RESPONSE": "7999"}, 0),
    ("greek", {"RESPONSE_1": "Alpha", "RESPONSE_2": "BETA"}, 1),
    ("greek", {"RESPONSE_1": "ALFA", "RESPONSE_2": "BETA"}, 1),
    ("greek", {"RESPONSE_1": "alpha", "RESPONSE_2": "beta"}, 0.5),
    ("greek", {"RESPONSE_1": "gamma", "RESPONSE_2": "Beta"}, 0),
    # a matching question's right-hand letters are as the page lists them (shuffled): its pairs are the
    # item's correct ones (right), the first kept and the second given the first's (half), or swapped (none)
    ("pairs", "right", 1), ("pairs", "half", 0.5), ("pairs", "swapped", 0),
]


def _pairs(xml: str, how: str) -> dict:
    (declaration,) = _declarations(xml.encode("utf-8"))
    (first, first_target), (second, second_target) = [pair.split() for pair in declaration["correct"]]
    return {"RESPONSE": {"right": [f"{first} {first_target}", f"{second} {second_target}"],
                         "half": [f"{first} {first_target}", f"{second} {first_target}"],
                         "swapped": [f"{first} {second_target}", f"{second} {first_target}"]}[how]}


@pytest.fixture(scope="module")
def scoring(tmp_path_factory):
    """A quiz whose scoring has edges: partial credit, tolerance and range bounds, blanks and case."""
    site = copy_site(tmp_path_factory.mktemp("scoring"))
    (site / "content/quizzes/scoring.yml").write_text(SCORING, encoding="utf-8")
    code, out, err = export(site, "--format", "qti3", "--format", "qti21", "--format", "moodle", "--format", "gift",
                            "--language", "en", "content/quizzes/scoring.yml")
    assert code == 0, out + err
    return site


def _scores(player, items: dict[str, str]) -> list[tuple[str, dict, float]]:
    found = []
    for name, response, _ in SCORES:
        player.evaluate("xml => window.loadItem(xml)", items[name])
        given = _pairs(items[name], response) if isinstance(response, str) else response
        result = player.evaluate("r => window.scoreItem(r)", given)
        assert result["max"] == 1, (name, result)
        found.append((name, response, round(result["score"], 6)))
    return found


def test_qti3_scores_partial_credit_bounds_blanks_and_case_in_the_player(scoring, player):
    """Choose-all gives each right option its share and takes it back for a wrong one, never below 0; a
    number is right on its tolerance's and range's bounds and wrong past them; each blank is half the
    point, case ignored unless the blank is case-sensitive; each pair its share."""
    items = _item_texts(scoring, "scoring", "en", "qti3")
    assert _scores(player, items) == SCORES


def test_qti21_scores_the_same_once_converted(scoring, player):
    """The QTI 2.1 items, converted by qti-convert, score every one of those responses the same."""
    items = _item_texts(scoring, "scoring", "en", "qti21")
    converted = dict(zip(items, oracles.qti2_to_qti3(list(items.values()))))
    assert _scores(player, converted) == SCORES


def _moodle_grade(question, response: dict) -> float:
    """The grade Moodle gives `response` (as the QTI items name it), by its documented rules: a multiple
    response sums the fractions of the chosen answers, kept within 0..1; a number is right within an
    answer's tolerance; a Cloze question averages its blanks, each matched with or without case."""
    kind = question.get("type")
    answers = question.findall("answer")
    if kind == "multichoice":
        chosen = [answers[ord(letter) - ord("A")] for letter in response["RESPONSE"]]
        return min(1.0, max(0.0, sum(_fraction(a) for a in chosen) / 100))
    if kind == "numerical":
        value = float(response["RESPONSE"])
        return max((_fraction(a) / 100 for a in answers
                    if abs(value - float(a.findtext("text"))) <= float(a.findtext("tolerance")) + 1e-12), default=0)
    if kind == "cloze":
        codes = cloze_codes(question.findtext("questiontext/text"))
        right = 0
        for n, (code, answers) in enumerate(codes, start=1):
            accepted = [_moodle_literal(answer) for _, answer in answers]
            given = response[f"RESPONSE_{n}"]
            fold = (lambda t: t) if code == "SHORTANSWER_C" else str.casefold
            right += any(fold(given) == fold(a) for a in accepted)
        return right / len(codes)
    raise AssertionError(kind)


def test_moodle_xml_scores_partial_credit_bounds_blanks_and_case(scoring):
    """Moodle's grading rules, applied to the Moodle XML, give every response the score the quiz means."""
    root = etree.fromstring(_file(scoring, "scoring", "en", "moodle"))
    questions = {q.findtext("name/text"): q for q in root.findall("question")}
    found = [(name, response, round(_moodle_grade(questions[name], response), 6))
             for name, response, _ in SCORES if name != "pairs"]
    assert found == [score for score in SCORES if score[0] != "pairs"]


def test_gift_and_moodle_write_each_tolerance_as_the_author_wrote_it(scoring):
    """A teacher reading the LMS sees 9.81 ± 0.01, not 0.00999999999999979 (the float difference of the bounds):
    each tolerance and centred range is written as written, read back by gift-pegjs and from the Moodle XML."""
    written = {"about-ten": (10, 0.5), "gravity": (9.81, 0.01), "centred": (2.675, 0.015)}
    parsed = {entry["title"]: entry for entry in oracles.parse_gift(_file(scoring, "scoring", "en", "gift").decode())
              if entry.get("title")}
    assert {name: (parsed[name]["choices"]["number"], parsed[name]["choices"]["range"]) for name in written} \
        == written
    root = etree.fromstring(_file(scoring, "scoring", "en", "moodle"))
    moodle = {q.findtext("name/text"): q.find("answer") for q in root.findall("question")}
    assert {name: (moodle[name].findtext("text"), moodle[name].findtext("tolerance")) for name in written} == {
        "about-ten": ("10", "0.5"), "gravity": ("9.81", "0.01"), "centred": ("2.675", "0.015")}


# -- every lettered or numbered text reads in each export as the site shows it ------------------------------

def _words(text: str) -> str:
    return " ".join(text.split())


def _site_labelled_texts(site, quiz_id: str, language: str) -> dict[str, list[str]]:
    """Question id -> the text of each option and item the site's page shows after its label ("B) "), as
    Python-Markdown renders the page with the site's own extensions (mkdocs.yml), read by BeautifulSoup."""
    from bs4 import BeautifulSoup
    import markdown

    quiz_site, catalog, renderer = site_quizzes(site)
    extensions = quiz_site.settings.markdown_extensions
    md = markdown.Markdown(extensions=[name for name, _ in extensions],
                           extension_configs={name: options for name, options in extensions})
    page = BeautifulSoup(md.convert(renderer.quiz_page(catalog.quizzes[quiz_id], language)), "html.parser")
    texts = {}
    for li in page.select("ol.quizpages-question > li[id]"):
        shown = []
        for entry in li.select("div.quizpages-question__body > ul > li"):
            label = entry.select_one("span.quizpages-item, span.quizpages-option")
            if label is None or not re.fullmatch(r"[A-Z]|\d+", label.get("data-option") or label.get("data-item")):
                continue  # a list of the prompt's own, or true/false
            label.extract()
            shown.append(_words(entry.get_text(" ")))
        texts[li["id"]] = sorted(shown)
    return texts


def _html_words(fragment: str) -> str:
    from bs4 import BeautifulSoup

    return _words(BeautifulSoup(fragment, "html.parser").get_text(" "))


def _gift_labelled(site, quiz_id: str, language: str) -> dict[str, list[str]]:
    """Question id -> its options' (or pairs') texts as gift-pegjs reads them, as plain text: [html] read by
    BeautifulSoup, [markdown] rendered by Python-Markdown with the site's extensions first."""
    import markdown

    extensions = site_quizzes(site)[0].settings.markdown_extensions
    md = markdown.Markdown(extensions=[name for name, _ in extensions],
                           extension_configs={name: options for name, options in extensions})

    def words(value) -> str:
        if isinstance(value, str):  # a matching pair's right-hand side: plain text
            return _words(value)
        text = value["text"]
        return _html_words(text if value["format"] == "html" else md.reset().convert(text))

    found = {}
    for entry in oracles.parse_gift(_file(site, quiz_id, language, "gift").decode("utf-8"))[1:]:
        if entry["type"] in ("MC", "Matching"):
            texts = ([words(c["text"]) for c in entry["choices"]] if entry["type"] == "MC" else
                     [words(p[side]) for p in entry["matchPairs"] for side in ("subquestion", "subanswer")
                      if p[side] and (side == "subanswer" or p[side]["text"])])
            found[entry["title"]] = sorted(texts)
    return found


def _moodle_labelled(site, quiz_id: str, language: str) -> dict[str, list[str]]:
    root = etree.fromstring(_file(site, quiz_id, language, "moodle"))
    found = {}
    for question in root.iter("question"):
        kind = question.get("type")
        if kind in ("multichoice", "ordering"):
            texts = [_html_words(a.findtext("text")) for a in question.findall("answer")]
        elif kind == "matching":
            texts = [_html_words(text) for sub in question.findall("subquestion")
                     for text in (sub.findtext("text"), sub.findtext("answer/text")) if text]
        else:
            continue
        found[question.findtext("name/text")] = sorted(texts)
    return found


def _qti_labelled(site, quiz_id: str, language: str) -> dict[str, list[str]]:
    found = {}
    for name, xml in _items(_file(site, quiz_id, language, "qti3")).items():
        root = etree.fromstring(xml)
        choices = [c for c in root.iter() if isinstance(c.tag, str) and _local(c) in (
            "qti-simple-choice", "qti-simple-associable-choice")]
        if not choices or any(_local(c) == "qti-inline-choice" for c in root.iter() if isinstance(c.tag, str)):
            continue
        texts = []
        for choice in choices:
            for feedback in [f for f in choice.iter() if isinstance(f.tag, str) and _local(f) == "qti-feedback-inline"]:
                feedback.getparent().remove(feedback)
            texts.append(_words(" ".join(choice.itertext())))
        found[root.get("title")] = sorted(texts)
    return found


@pytest.mark.parametrize("quiz_id, language", CASES)
def test_options_and_items_read_in_every_export_as_the_site_shows_them(exported, quiz_id, language):
    """Each option, ordering item and matching entry (a code block, two paragraphs, "> 5", "2020. A year",
    "# 1", pasted HTML) reads in GIFT (gift-pegjs), Moodle XML and QTI 3.0 as the site's page shows it after
    its label: never as a quote, a heading, a numbered list or escaped Markdown."""
    site = _site_labelled_texts(exported, quiz_id, language)
    for format_name, read in (("gift", _gift_labelled), ("moodle", _moodle_labelled), ("qti3", _qti_labelled)):
        exported_texts = read(exported, quiz_id, language)
        lettered = {question_id for question_id, texts in site.items() if texts}  # not true/false's two
        if format_name != "gift":  # GIFT has no ordering question: it leaves those out, with a warning
            assert lettered <= set(exported_texts), format_name
        for question_id in lettered & set(exported_texts):
            assert exported_texts[question_id] == site[question_id], (format_name, question_id)
    assert "block-options" not in site or site["block-options"] == sorted(
        ["This one: kubectl get nodes", "First paragraph. Second paragraph.", "> 5"])


BLANK_FIRST = """\
title: {en: Blank first, ko: 빈칸 먼저}
questions:
  - id: opens
    kind: fill_in
    question: {en: "[___] lists the pods.", ko: "[___] 명령으로 파드를 나열합니다."}
    blanks:
      - accept: ["kubectl get pods", "<none>"]
  - id: format-mark
    kind: fill_in
    question: {en: "Type [___].", ko: "[___]를 입력하세요."}
    blanks:
      - accept: ["[html]x"]
"""


def test_gift_reads_a_blank_opening_the_question_and_never_an_answer_as_a_format_mark(tmp_path):
    """A blank that opens the question (natural in Korean) gives a GIFT file gift-pegjs reads, the answers as
    written and the blank's line in the text; an answer starting with `[html]`, which GIFT reads as a format
    mark, leaves its question out of the GIFT file with a warning, never exported changed."""
    site = copy_site(tmp_path)
    (site / "content/quizzes/blank-first.yml").write_text(BLANK_FIRST, encoding="utf-8")
    code, out, err = export(site, "--format", "gift", "content/quizzes/blank-first.yml")
    assert code == 0, out + err
    assert out.count("starts with '[html]', which GIFT reads as the answer's text format") == 2
    for language, stem in (("en", "_____ lists the pods."), ("ko", "_____ 명령으로 파드를 나열합니다.")):
        parsed = oracles.parse_gift((site / "exports" / language / "blank-first.gift").read_text(encoding="utf-8"))
        questions = {entry["title"]: entry for entry in parsed if entry.get("title") and entry["type"] != "Category"}
        assert list(questions) == ["opens"]
        assert questions["opens"]["stem"]["text"] == stem
        assert [choice["text"]["text"] for choice in questions["opens"]["choices"]] == ["kubectl get pods", "<none>"]
