"""QTI items and tests, built once in QTI 2.1's vocabulary; `qti21` writes them as they are, `qti3` renames.

Each item is scored out of 1 (MAXSCORE) with its own response processing written out
(no template a player would have to fetch): a choice or an order matches its correct
response; a multiple response maps right options to +1 and wrong ones to a share of
-1, divided by the number of right ones (never below 0); blanks and pairs each count
their share; a number is right within its bounds; an extended text is scored by hand.
The explanation (and an essay's model answer) is modal feedback shown after an
attempt, the hint is modal feedback shown when the answer is not fully right, and an
option's feedback is inline feedback inside the option.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from ..kinds import assessment as a
from ..model.fields import letter
from ..model.numbers import number
from .format import Writer
from .items import ExportItem, ExportQuiz
from .xhtml import XML_LANG, fill, to_xhtml

CONTENT_BODY = "contentBody"  # QTI 3 wraps feedback and rubric content in one; QTI 2.1 does not


def E(tag: str, attrs: dict | None = None, *children: ET.Element, text: str | None = None) -> ET.Element:
    element = ET.Element(tag, {k: v for k, v in (attrs or {}).items() if v is not None})
    element.text = text
    element.extend(children)
    return element


def identifier(*parts: str) -> str:
    """An identifier QTI accepts (an XML name: letters, digits, `-`, `_`, `.`, not starting with a digit)."""
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", ".".join(parts)).strip("-")
    return name if name and (name[0].isalpha() or name[0] == "_") else f"_{name}"


def _value(value: str) -> ET.Element:
    return E("value", text=value)


def _response(ident: str, cardinality: str, base_type: str, correct: list[str] | None = None,
              mapping: ET.Element | None = None) -> ET.Element:
    declaration = E("responseDeclaration", {"identifier": ident, "cardinality": cardinality, "baseType": base_type})
    if correct:
        declaration.append(E("correctResponse", None, *[_value(v) for v in correct]))
    if mapping is not None:
        declaration.append(mapping)
    return declaration


def _outcome(ident: str, cardinality: str, base_type: str, default: str | None = None, **extra) -> ET.Element:
    outcome = E("outcomeDeclaration", {"identifier": ident, "cardinality": cardinality, "baseType": base_type, **extra})
    if default is not None:
        outcome.append(E("defaultValue", None, _value(default)))
    return outcome


def _var(ident: str) -> ET.Element:
    return E("variable", {"identifier": ident})


def _base(base_type: str, value: str) -> ET.Element:
    return E("baseValue", {"baseType": base_type}, text=value)


def _set(ident: str, expression: ET.Element) -> ET.Element:
    return E("setOutcomeValue", {"identifier": ident}, expression)


def _score_if(condition: ET.Element, right: ET.Element | None = None) -> ET.Element:
    """SCORE is `right` (1 by default) when `condition` holds, else 0."""
    return E("responseCondition", None,
             E("responseIf", None, condition, _set("SCORE", right if right is not None else _base("float", "1"))),
             E("responseElse", None, _set("SCORE", _base("float", "0"))))


def _share(expression: ET.Element, count: int) -> ET.Element:
    """`expression` divided by `count`: each of `count` parts is worth 1 / count of the point."""
    return expression if count == 1 else E("divide", None, expression, _base("float", str(count)))


def _feedback_body(parent: ET.Element, html: str) -> ET.Element:
    body = E(CONTENT_BODY)
    fill(body, html)
    parent.append(body)
    return parent


class _Item:
    """One item being built: its declarations, body, processing and feedback."""

    def __init__(self, item: ExportItem, writer: Writer):
        self.item = item
        self.writer = writer
        self.html = writer.html
        self.responses: list[ET.Element] = []
        self.body: list[ET.Element] = []
        self.processing: list[ET.Element] = []
        self.option_feedback = False  # OPTION_FEEDBACK holds the chosen options (their inline feedback)
        self.scored = True

    # -- the parts every item has -------------------------------------------------------

    def prompt(self, pattern: str | None = None, replace=None) -> ET.Element:
        return to_xhtml(self.html(self.item.prompt), "div", {"class": "quizpages-prompt"}, pattern, replace)

    def choice(self, ident: str, text: str, feedback: str | None = None, tag: str = "simpleChoice",
               **attrs) -> ET.Element:
        element = fill(E(tag, {"identifier": ident, **attrs}), self.html.inline(text))
        if feedback:
            inline = E("feedbackInline", {"outcomeIdentifier": "OPTION_FEEDBACK", "identifier": ident,
                                          "showHide": "show"})
            self.option_feedback = True
            element.append(fill(inline, " " + self.html.inline(feedback)))
        return element

    # -- one builder per interaction ----------------------------------------------------

    def single_choice(self, options: list[tuple[str, str, bool, str | None]]) -> None:
        """(identifier, text, right, feedback) of each option; one is right."""
        right = [ident for ident, _, correct, _ in options if correct]
        self.responses.append(_response("RESPONSE", "single", "identifier", right))
        interaction = E("choiceInteraction", {"responseIdentifier": "RESPONSE", "shuffle": "false", "maxChoices": "1"})
        interaction.extend(self.choice(ident, text, feedback) for ident, text, _, feedback in options)
        self.body += [self.prompt(), interaction]
        self.processing.append(_score_if(E("match", None, _var("RESPONSE"), E("correct", {"identifier": "RESPONSE"}))))

    def build(self) -> None:
        interaction = self.item.interaction
        if isinstance(interaction, a.SingleChoice):
            self.single_choice([(letter(i), o.text, o.correct, o.feedback) for i, o in enumerate(interaction.options)])
        elif isinstance(interaction, a.TrueFalse):
            strings = self.writer.strings
            self.single_choice([("true", strings(interaction.true_label), interaction.answer, None),
                                ("false", strings(interaction.false_label), not interaction.answer, None)])
        elif isinstance(interaction, a.MultipleResponse):
            self.multiple_response(interaction)
        elif isinstance(interaction, a.TextEntry):
            self.text_entry(interaction)
        elif isinstance(interaction, a.NumericEntry):
            self.numeric_entry(interaction)
        elif isinstance(interaction, a.Match):
            self.match(interaction)
        elif isinstance(interaction, a.Order):
            self.order(interaction)
        elif isinstance(interaction, a.ExtendedText):
            self.extended_text(interaction)
        else:
            raise LookupError(type(interaction).__name__)

    def multiple_response(self, interaction: a.MultipleResponse) -> None:
        right, wrong = interaction.right, interaction.wrong
        mapping = E("mapping", {"lowerBound": "0", "upperBound": str(right), "defaultValue": "0"})
        for i, option in enumerate(interaction.options):
            value = "1" if option.correct else number(-right / wrong)
            mapping.append(E("mapEntry", {"mapKey": letter(i), "mappedValue": value}))
        self.responses.append(_response("RESPONSE", "multiple", "identifier",
                                        [letter(i) for i, o in enumerate(interaction.options) if o.correct], mapping))
        choices = E("choiceInteraction", {"responseIdentifier": "RESPONSE", "shuffle": "false",
                                          "maxChoices": str(len(interaction.options))})
        choices.extend(self.choice(letter(i), o.text, o.feedback) for i, o in enumerate(interaction.options))
        self.body += [self.prompt(), choices]
        self.processing.append(E("responseCondition", None,
                                 E("responseIf", None, E("isNull", None, _var("RESPONSE")),
                                   _set("SCORE", _base("float", "0"))),
                                 E("responseElse", None,
                                   _set("SCORE", _share(E("mapResponse", {"identifier": "RESPONSE"}), right)))))

    def text_entry(self, interaction: a.TextEntry) -> None:
        blanks = interaction.blanks
        for number_, blank in enumerate(blanks, start=1):
            mapping = E("mapping", {"defaultValue": "0", "upperBound": "1"})
            seen = set()
            for answer in blank.accepted:
                key = answer if blank.case_sensitive else answer.casefold()
                if key in seen:  # one entry per answer: QTI keys are unique
                    continue
                seen.add(key)
                mapping.append(E("mapEntry", {"mapKey": answer, "mappedValue": "1",
                                              "caseSensitive": "true" if blank.case_sensitive else "false"}))
            self.responses.append(_response(f"RESPONSE_{number_}", "single", "string", list(blank.accepted[:1]),
                                            mapping))

        def entry(match: re.Match) -> ET.Element:
            number_ = int(match.group(1))
            longest = max((len(answer) for answer in blanks[number_ - 1].accepted), default=8)
            return E("textEntryInteraction", {"responseIdentifier": f"RESPONSE_{number_}",
                                              "expectedLength": str(max(longest + 2, 8))})

        self.body.append(self.prompt(a.BLANK_MARKER_PATTERN, entry))
        total = E("sum", None, *[E("mapResponse", {"identifier": f"RESPONSE_{n}"}) for n in range(1, len(blanks) + 1)])
        self.processing.append(E("setOutcomeValue", {"identifier": "SCORE"}, _share(total, len(blanks))))

    def numeric_entry(self, interaction: a.NumericEntry) -> None:
        self.responses.append(_response("RESPONSE", "single", "float", [number(interaction.answer)]))
        line = E("p", None, E("textEntryInteraction", {"responseIdentifier": "RESPONSE", "expectedLength": "10"}))
        if interaction.unit:
            line[0].tail = " "
            fill(line, self.html.inline(interaction.unit))
        self.body += [self.prompt(), line]
        within = E("and", None, E("gte", None, _var("RESPONSE"), _base("float", number(interaction.low))),
                   E("lte", None, _var("RESPONSE"), _base("float", number(interaction.high))))
        self.processing.append(_score_if(within))

    def match(self, interaction: a.Match) -> None:
        shown = list(interaction.shown) or list(range(len(interaction.rights)))
        target = {index: letter(k) for k, index in enumerate(shown)}  # a right-hand item's letter as listed
        pairs = [f"L{n} {target[n - 1]}" for n in range(1, len(interaction.pairs) + 1)]
        mapping = E("mapping", {"defaultValue": "0", "lowerBound": "0", "upperBound": str(len(pairs))},
                    *[E("mapEntry", {"mapKey": pair, "mappedValue": "1"}) for pair in pairs])
        self.responses.append(_response("RESPONSE", "multiple", "directedPair", pairs, mapping))
        lefts = E("simpleMatchSet", None, *[self.choice(f"L{n}", pair.left, tag="simpleAssociableChoice", matchMax="1")
                                            for n, pair in enumerate(interaction.pairs, start=1)])
        rights = E("simpleMatchSet", None, *[self.choice(target[index], interaction.rights[index],
                                                         tag="simpleAssociableChoice", matchMax="1")
                                             for index in shown])
        self.body += [self.prompt(), E("matchInteraction", {"responseIdentifier": "RESPONSE", "shuffle": "false",
                                                            "maxAssociations": str(len(pairs))}, lefts, rights)]
        self.processing.append(E("responseCondition", None,
                                 E("responseIf", None, E("isNull", None, _var("RESPONSE")),
                                   _set("SCORE", _base("float", "0"))),
                                 E("responseElse", None,
                                   _set("SCORE", _share(E("mapResponse", {"identifier": "RESPONSE"}), len(pairs))))))

    def order(self, interaction: a.Order) -> None:
        shown = list(interaction.shown) or list(range(len(interaction.items)))
        ident = {index: letter(k) for k, index in enumerate(shown)}  # as the site letters them
        self.responses.append(_response("RESPONSE", "ordered", "identifier",
                                        [ident[i] for i in range(len(interaction.items))]))
        choices = E("orderInteraction", {"responseIdentifier": "RESPONSE", "shuffle": "false"},
                    *[self.choice(ident[index], interaction.items[index]) for index in shown])
        self.body += [self.prompt(), choices]
        self.processing.append(_score_if(E("match", None, _var("RESPONSE"), E("correct", {"identifier": "RESPONSE"}))))

    def extended_text(self, interaction: a.ExtendedText) -> None:
        self.scored = False
        self.responses.append(_response("RESPONSE", "single", "string"))
        self.body.append(self.prompt())
        if self.item.hint:  # no score says the answer is wrong, so the hint is shown with the question
            rubric = E("rubricBlock", {"view": "candidate"})
            hint = f"<p><strong>{self.writer.strings('hint')}</strong></p>\n{self.html(self.item.hint)}"
            self.body.append(_feedback_body(rubric, hint))
        self.body.append(E("extendedTextInteraction", {
            "responseIdentifier": "RESPONSE", "expectedLines": "10" if interaction.code else "5",
            "format": "preFormatted" if interaction.code else "plain"}))

    # -- the whole item ----------------------------------------------------------------

    def feedback(self) -> list[ET.Element]:
        """The modal feedback, and the response processing that shows it."""
        strings = self.writer.strings
        shown: list[tuple[str, str, str]] = []  # (identifier, title, HTML)
        interaction = self.item.interaction
        if isinstance(interaction, a.ExtendedText):
            shown.append(("ANSWER", strings("answer"), self.html(interaction.model_answer)))
        if self.item.explanation:
            shown.append(("EXPLANATION", strings("explanation"), self.html(self.item.explanation)))
        always = [ident for ident, _, _ in shown]
        if self.option_feedback:  # the chosen options, as they are: a multiple response is already a container
            chosen = _var("RESPONSE")
            if self.responses[0].get("cardinality") == "single":
                chosen = E("multiple", None, chosen)
            self.processing.append(_set("OPTION_FEEDBACK", chosen))

        def feedback(*idents: str) -> ET.Element:
            # FEEDBACK is set once, from identifiers only: a player may not flatten a container given to
            # `multiple` (the QTI 3 player joins its values into one, and shows none of them)
            return _set("FEEDBACK", E("multiple", None, *[_base("identifier", ident) for ident in idents]))

        if self.item.hint and self.scored:
            shown.append(("HINT", strings("hint"), self.html(self.item.hint)))
            otherwise = [E("responseElse", None, feedback(*always))] if always else []
            self.processing.append(E("responseCondition", None,
                                     E("responseIf", None, E("lt", None, _var("SCORE"), _var("MAXSCORE")),
                                       feedback(*always, "HINT")), *otherwise))
        elif always:
            self.processing.append(feedback(*always))
        return [_feedback_body(E("modalFeedback", {"outcomeIdentifier": "FEEDBACK", "identifier": ident,
                                                   "showHide": "show", "title": title}), html)
                for ident, title, html in shown]

    def element(self, ident: str, language: str) -> ET.Element:
        self.build()
        modal = self.feedback()
        outcomes = [_outcome("SCORE", "single", "float", "0", externalScored=None if self.scored else "human"),
                    _outcome("MAXSCORE", "single", "float", "1"),
                    _outcome("FEEDBACK", "multiple", "identifier")]
        if self.option_feedback:
            outcomes.append(_outcome("OPTION_FEEDBACK", "multiple", "identifier"))
        return E("assessmentItem", {"identifier": ident, "title": self.item.name, "adaptive": "false",
                                    "timeDependent": "false", XML_LANG: language},
                 *self.responses, *outcomes, E("itemBody", None, *self.body),
                 E("responseProcessing", None, *self.processing), *modal)


def test_identifier(export: ExportQuiz) -> str:
    """The quiz id and the language: an LMS that imports the English and the Korean package into one course
    (Canvas matches what it imports by identifier) keeps both, never one in the other's place."""
    return identifier(export.quiz.id.replace("/", "."), export.language)


def item_identifier(export: ExportQuiz, item: ExportItem) -> str:
    """Unique across quizzes and languages, the same in every export of one language: the quiz id, the language
    and the question id."""
    return identifier(test_identifier(export), item.name)


def item_element(export: ExportQuiz, item: ExportItem, writer: Writer) -> ET.Element:
    return _Item(item, writer).element(item_identifier(export, item), export.language)


def test_element(export: ExportQuiz, items: list[tuple[str, str]], writer: Writer) -> ET.Element:
    """The assessment test: every item (identifier, href) in the quiz's order, SCORE their sum."""
    ident = test_identifier(export)
    title = writer.html.plain(export.title)
    section = E("assessmentSection", {"identifier": f"{ident}.section", "title": title, "visible": "true"},
                *[E("assessmentItemRef", {"identifier": item_id, "href": href}) for item_id, href in items])
    return E("assessmentTest", {"identifier": ident, "title": title},
             _outcome("SCORE", "single", "float", "0"),
             E("testPart", {"identifier": f"{ident}.part", "navigationMode": "nonlinear",
                            "submissionMode": "individual"}, section),
             E("outcomeProcessing", None, _set("SCORE", E("sum", None, E("testVariables",
                                                                        {"variableIdentifier": "SCORE"})))))
