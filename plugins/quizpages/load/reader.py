"""Read declared fields out of a located YAML tree, with a located problem for every wrong shape.

The interpreter of `model.fields` for reading: each field type has one reader
here, shared by every field of that type, the kinds' included. What a value
means (an answer that names no option) is left to the rules in quizpages.check
and the kinds; this module only knows shapes.
"""

from __future__ import annotations

import dataclasses
import difflib
import math
import re
import sys
import unicodedata
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from ..model import Source, Text
from ..model.fields import (
    BoolType,
    Declared,
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
from ..model.numbers import number as number_shown
from ..model.problems import Problem, error
from .yamlsource import YMap, YNode, YRefused, YScalar, YSeq, describe

INVALID = object()
"""What a reader returns for a value it could not read; the problem is recorded already."""

# What is kept of a value read with problems (they are recorded; a file with errors is never published, so
# what is kept only feeds the checks, and one run reports every problem):
# - a list whose count is outside its limits, or that repeats a value, is kept as written (once each);
# - a list item that cannot be read leaves a gap, None, so the items after it keep their numbers for the
#   checks of their texts; `Reader.gaps` counts them, and a kind's rules never see a list with gaps;
# - a mapping (feedback by letter) keeps the entries that can be read; a text keeps the languages that can,
#   and a language whose text cannot be read as "", so that no translation is reported missing;
# - a record (a blank, the next quiz) is kept when every required field of it could be read.

_NUMBER = re.compile(r"^[+-]?([0-9]+([.,][0-9]*)?|[.,][0-9]+)([eE][+-]?[0-9]+)?$")  # ASCII, as the schema's
# A comma that the page's reading of a typed number takes for a thousands separator (quizpages-logic.js);
# the schema refuses it too
THOUSANDS_COMMA = r"[1-9]\d{0,2},\d{3}"
_THOUSANDS = re.compile(rf"^[+-]?{THOUSANDS_COMMA}([eE][+-]?\d+)?$")
# YAML 1.2's words, as editors (yaml-language-server) read them: `yes` and `no` are text there
_TRUE, _FALSE = frozenset(("true",)), frozenset(("false",))


def join(parent: str, key: str, separator: str = ": ") -> str:
    """How messages name a field: ``question 2: options``, or just ``title`` at the top."""
    return f"{parent}{separator}{key}" if parent else key


_LOOK_ALIKES = {**dict.fromkeys(map(ord, "\u2212\u2010\u2011\u2012\u2013\u2014\ufe63\uff0d"), "-"),
                0x066B: ".", 0x066C: ","}  # dashes and minus signs; the Arabic decimal and thousands separators


def _plain_character(c: str) -> str:
    """`c` as the ASCII character it stands for in a number: any script's digit (١ is 1) and a full-width
    sign (．is .); any other character as it is (a superscript ² is no digit of the number: 10² is not 102)."""
    if c.isdecimal():
        return str(unicodedata.decimal(c))
    return chr(ord(c) - 0xFEE0) if 0xFF01 <= ord(c) <= 0xFF5E else c


def _number_hint(written: str) -> str | None:
    """How to write a number typed with look-alike characters (a minus sign U+2212, a dash, full-width or
    another script's digits), naming them: they look right in an editor but are no number to YAML, the schema
    or an LMS."""
    plain = "".join(_plain_character(c) for c in written.translate(_LOOK_ALIKES))
    if plain == written or not _NUMBER.match(plain):
        return None
    odd = dict.fromkeys(f"U+{ord(c):04X} {unicodedata.name(c, 'character').lower()}" for c in written
                        if not c.isascii())
    return f"Write it as {plain}, in plain ASCII: the file has {', '.join(odd)}"


class Reader:
    """Turns one file's located YAML tree into model values, collecting problems instead of raising."""

    READERS: dict[type, Any]  # set below the class: field type -> reader method

    def __init__(self, path: str, languages: tuple[str, ...]):
        self.path = path
        self.languages = languages  # the site's: text may be written in these only
        self.problems: list[Problem] = []
        self.gaps = 0  # list items that could not be read, left as None (see INVALID)

    def fail(self, where: Source, message: str, hint: str = "") -> None:
        self.problems.append(error(where, message, hint))

    # -- mappings of declared fields ---------------------------------------------------------

    def check_keys(self, node: YMap, known: Iterable[Declared], what: str) -> dict[str, tuple[Declared, YNode]]:
        """Report unknown keys (with a did-you-mean) and missing required ones; return the known ones."""
        by_key = {d.key: d for d in known}
        found: dict[str, tuple[Declared, YNode]] = {}
        under_empty = self.misindented(node, by_key, what)
        for name, (key, value) in node.items.items():
            if name in under_empty:
                continue
            if name in by_key:
                found[name] = (by_key[name], value)
            else:
                self.unknown_key(key, name, list(by_key), what)
        for key, declared_field in by_key.items():
            if declared_field.spec.required and key not in node.items:
                self.fail(node.source, f"{what} is missing the required key '{key}'", missing_hint(declared_field))
        return found

    def misindented(self, node: YMap, by_key: dict[str, Declared], what: str) -> set[str]:
        """Keys written right after a known key with an empty value (`question:`, then `en:` in the same
        column) that belong under it: languages of a text, or keys of a mapping field (`next:`, then
        `link:`). One error, at the empty key, says so, and its value is read as nothing. Returns the
        keys taken care of."""
        taken: set[str] = set()
        items = list(node.items.items())
        for index, (name, (key, value)) in enumerate(items):
            if name not in by_key or not (isinstance(value, YScalar) and value.is_null):
                continue
            field_type = by_key[name].spec.type
            belongs: set[str] = set()
            if isinstance(field_type, RecordType):
                belongs = {d.key for d in declared_fields(field_type.cls)}
            if isinstance(field_type, TextType):
                belongs = set(self.languages)
            after = []
            for other, _entry in items[index + 1:]:
                if other in by_key or other not in belongs:
                    break
                after.append(other)
            if not after:
                continue
            keys = ", ".join(f"`{other}:`" for other in after)
            lines = f"{keys} lines after it are" if len(after) > 1 else f"{keys} line after it is"
            prefix = _owner(what)
            self.fail(key.source, f"{prefix}{name} is empty, and the {lines} at its level, not under it",
                      f"Indent {keys} two spaces more than `{name}:`, so {'they are' if len(after) > 1 else 'it is'} "
                      "its value")
            node.items[name] = (key, YRefused(value.source))  # reported: read as nothing
            taken.update(after)
        return taken | self._translation_out_of_place(items, by_key, taken, what)

    def _translation_out_of_place(self, items: list, by_key: dict[str, Declared], taken: set[str],
                                  what: str) -> set[str]:
        """A language key (`ko:`) among the quiz's or question's own keys, right after a text field written
        per language (`intro:` with its `en:` under it): a translation that lost its indentation."""
        found: set[str] = set()
        values = {name: value for name, (_key, value) in items}
        previous: str | None = None
        for name, (key, _value) in items:
            if name in by_key:
                previous = name
                continue
            if name in taken or name not in self.languages or previous is None:
                continue
            text = values[previous]
            if not isinstance(by_key[previous].spec.type, TextType) or not isinstance(text, YMap) or not text.items:
                continue
            sibling = next(iter(text.items.values()))[0]
            prefix = _owner(what)
            self.fail(key.source, f"{prefix}'{name}:' is at the level of `{previous}:`, not under it like the "
                                  f"`{sibling.value}:` of `{previous}:`",
                      f"Indent `{name}:` to column {sibling.source.column}, as `{sibling.value}:` is, to make it a "
                      f"translation of `{previous}:`")
            found.add(name)
        return found

    def unknown_key(self, key: YScalar, name: str, known: list[str], what: str) -> None:
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
        hint = f"Did you mean '{close[0]}'?" if close else "Known keys: " + ", ".join(known)
        self.fail(key.source, f"unknown key '{name}' in {what}", hint)

    def fields(self, found: dict[str, tuple[Declared, YNode]], parent: str, separator: str = ": "
               ) -> tuple[dict[str, Any], dict[str, Source]]:
        """The values of the fields found (by attribute name), and where each was written (by key)."""
        values: dict[str, Any] = {}
        sources: dict[str, Source] = {}
        for key, (declared_field, node) in found.items():
            value = self.read(node, declared_field.spec.type, parent, key, separator, sources)
            sources[key] = node.source
            if value is not INVALID:
                values[declared_field.name] = value
        return values, sources

    def record(self, node: YNode, field_type: RecordType, parent: str, key: str) -> Any:
        what = join(parent, key)
        if field_type.shorthand is not None and isinstance(node, YScalar) and not node.is_null:
            shorthand = next(d for d in declared_fields(field_type.cls) if d.name == field_type.shorthand)
            value = self.read(node, shorthand.spec.type, parent, key)
            if value is INVALID:
                return INVALID
            return _make(field_type.cls, {field_type.shorthand: value}, node.source)
        if not self.expect(node, YMap, what, field_type.hint) or not isinstance(node, YMap):
            return INVALID
        found = self.check_keys(node, declared_fields(field_type.cls), what)
        values, _ = self.fields(found, what, separator=field_type.separator)
        if not complete(values, field_type.cls):
            return INVALID
        return _make(field_type.cls, values, node.source)

    # -- one value of a declared type ----------------------------------------------------------

    def read(self, node: YNode, field_type: Any, parent: str, key: str, separator: str = ": ",
             sources: dict[str, Source] | None = None) -> Any:
        """The value of `node` as `field_type`, or INVALID (with a problem recorded)."""
        if isinstance(node, YRefused):  # its tag is reported already; its value means nothing more
            return INVALID
        reader = self.READERS.get(type(field_type))
        if reader is None:  # a kind declared a field type no reader knows
            raise TypeError(f"no reader for the field type {field_type!r} of '{join(parent, key, separator)}'")
        return reader(self, node, field_type, parent, key, join(parent, key, separator), sources)

    def _text(self, node, field_type, parent, key, what, sources) -> Any:
        text = self.text(node, what)
        return INVALID if text is None else text

    def _languages(self, node, field_type, parent, key, what, sources) -> Any:
        languages = self.language_list(node, what)
        return INVALID if languages is None else languages

    def _record(self, node, field_type, parent, key, what, sources) -> Any:
        return self.record(node, field_type, parent, key)

    def _plain(self, node, field_type, parent, key, what, sources) -> Any:
        return self.plain(node, field_type, parent, key, what)

    def _number(self, node, field_type, parent, key, what, sources) -> Any:
        return self.number(node, field_type, what)

    def _boolean(self, node, field_type, parent, key, what, sources) -> Any:
        return self.boolean(node, field_type, what)

    def plain(self, node: YNode, field_type: StringType, parent: str, key: str, what: str) -> Any:
        value = self.string(node, what, field_type.hint)
        if value is None:
            return INVALID
        normal = value.strip() if isinstance(field_type, LetterType) else value
        lower_letter = isinstance(field_type, LetterType) and normal != normal.upper()
        if lower_letter and re.match(field_type.pattern, normal.upper()):
            self.fail(node.source, f"{join(parent, key)}: the letter '{value}' is written in lower case",
                      f"Write '{normal.upper()}': option letters are capitals, as the page shows them")
            return INVALID
        if field_type.pattern and not re.match(field_type.pattern, normal):
            suggestion = field_type.suggest(value) if field_type.suggest else ""
            self.fail(node.source, field_type.invalid.format(parent=parent, key=key, value=value),
                      field_type.invalid_hint.format(suggestion=suggestion))
            return INVALID
        return normal

    def list(self, node: YNode, field_type: ListType, parent: str, key: str, what: str,
             sources: dict[str, Source] | None) -> Any:
        hint = field_type.hint or f"Write `{key}:` followed by `- ...` items"
        if not self.expect(node, YSeq, what, hint) or not isinstance(node, YSeq):
            return INVALID
        items: list[Any] = []
        for index, item in enumerate(node.items):
            value = self.read(item, field_type.item, parent, field_type.label(key, index))
            if value is INVALID:
                items.append(None)
                self.gaps += 1
                continue
            if field_type.unique and value in items:
                self.fail(item.source, f"{join(parent, key)} lists '{value}' twice", "List each one once")
                continue
            items.append(value)
            if sources is not None and not isinstance(value, Text):
                sources[f"{key}.{index}"] = item.source
        self.count_limits(node, field_type, parent, key)
        return tuple(items)

    def count_limits(self, node: YSeq, field_type: ListType, parent: str, key: str) -> None:
        """A problem when a list has fewer or more items than its type allows."""
        count = len(node.items)
        too_many = field_type.max_items is not None and count > field_type.max_items
        limits = ((count < field_type.min_items, field_type.too_few), (too_many, field_type.too_many))
        for broken, template in limits:
            if broken:
                fill = dict(parent=parent or key, key=key, count=count,
                            min=field_type.min_items, max=field_type.max_items,
                            # "has no options", "has only one option", "has 7 options"
                            count_word="no" if count == 0 else "only one" if count == 1 else str(count),
                            s="" if count == 1 else "s",
                            # "at least 1 is needed", "at least 2 are needed", "at most 1 is allowed"
                            min_verb="is" if field_type.min_items == 1 else "are",
                            max_verb="is" if field_type.max_items == 1 else "are")
                self.fail(node.source, template[0].format(**fill), template[1].format(**fill))

    def mapping(self, node: YNode, field_type: MapType, parent: str, key: str, what: str,
                sources: dict[str, Source] | None) -> Any:
        if not self.expect(node, YMap, what, f"Write `{key}:` followed by `name: value` lines") \
                or not isinstance(node, YMap):
            return INVALID
        result = {}
        for name, (name_node, value_node) in node.items.items():
            label = field_type.label(key, name)
            name_value = self.plain(name_node, field_type.key, parent, key, join(parent, label))
            value = self.read(value_node, field_type.value, parent, label)
            if name_value is INVALID or value is INVALID:
                continue
            result[name_value] = value
            if sources is not None:
                sources[f"{key}.{name_value}"] = name_node.source
        return result

    def number(self, node: YNode, field_type: NumberType, what: str) -> Any:
        value = self.string(node, what, field_type.hint)
        if value is None:
            return INVALID
        written = value.strip()
        if not _NUMBER.match(written):
            self.fail(node.source, f"{what}: '{value}' is not a number", _number_hint(written) or field_type.hint)
            return INVALID
        if _THOUSANDS.match(written):
            # The page reads a reader's `1,000` as one thousand; a comma that is a decimal point in the
            # author's country would make the key one, and the reader who types 1000 wrong.
            whole, _, rest = written.partition(",")
            self.fail(node.source, f"{what}: '{value}' means {whole}{rest} to some readers and {whole}.{rest} "
                      "to others", f"Write it without the comma: {whole}{rest}, or {whole}.{rest}")
            return INVALID
        decimal = written.replace(",", ".")  # a decimal comma (2,5) is a point
        number = float(decimal)
        if not math.isfinite(number):
            self.fail(node.source, f"{what}: '{value}' is beyond the numbers a page can hold",
                      "Write a number between -1e308 and 1e308")
            return INVALID
        exact = Decimal(decimal)
        if abs(number) < sys.float_info.min and exact != 0:  # 1e-400 reads as 0
            self.fail(node.source, f"{what}: '{value}' is too close to 0 for a page to hold", "Write 0, or a number "
                      "no closer to 0 than 1e-307")
            return INVALID
        shown = number_shown(number)
        if exact != Decimal(shown):  # the page, its check and every export use `number`
            self.fail(node.source, f"{what}: '{value}' has more digits than a page can show and check: it would be "
                      f"shown as {shown}", f"Write it with at most 15 significant digits, such as {shown}")
            return INVALID
        return number

    def boolean(self, node: YNode, field_type: BoolType, what: str) -> Any:
        value = self.string(node, what, field_type.hint)
        if value is None:
            return INVALID
        if value.strip().lower() in _TRUE:
            return True
        if value.strip().lower() in _FALSE:
            return False
        self.fail(node.source, f"{what}: '{value}' is neither true nor false", field_type.hint)
        return INVALID

    # -- primitives ---------------------------------------------------------------------------

    def expect(self, node: YNode, node_type: type, what: str, hint: str) -> bool:
        """Whether `node` is a `node_type` (a non-empty one for text); if not, a problem says what it is."""
        # Any non-empty scalar is text as written: `yes`, `2` or `2026-10-01` are an author's words,
        # not YAML 1.1 booleans, numbers or dates.
        if isinstance(node, node_type) and (node_type is not YScalar or not node.is_null):  # type: ignore[union-attr]
            return True
        if isinstance(node, YRefused):  # its tag is reported already; its value means nothing more
            return False
        expected = {YMap: "a mapping", YSeq: "a list", YScalar: "text"}[node_type]
        self.fail(node.source, f"{what} must be {expected}, not {describe(node)}", hint)
        return False

    def string(self, node: YNode, what: str, hint: str = "") -> str | None:
        hint = hint or "Write it as text on the same line, not as a list or mapping"
        if not self.expect(node, YScalar, what, hint) or not isinstance(node, YScalar):
            return None
        value = node.value
        if not value.strip():
            self.fail(node.source, f"{what} is empty", "Write the text, or remove the key")
            return None
        return value

    def language(self, key: YScalar, what: str) -> bool:
        if key.value in self.languages:
            return True
        close = difflib.get_close_matches(key.value, self.languages, n=1, cutoff=0.5)
        configured = ", ".join(self.languages)
        hint = (f"Did you mean '{close[0]}'? " if close else "") + (
            f"This site's languages are {configured}; see plugins.quizpages.languages in mkdocs.yml")
        self.fail(key.source, f"{what}: '{key.value}' is not a language of this site", hint)
        return False

    def text(self, node: YNode, what: str) -> Text | None:
        if isinstance(node, YScalar) and not node.is_null:
            value = self.string(node, what)
            return Text(neutral=value, source=node.source) if value is not None else None
        if isinstance(node, YRefused):  # its tag is reported already
            return None
        if not isinstance(node, YMap):
            self.fail(node.source, f"{what} must be text or a mapping of language to text, not {describe(node)}",
                      "Write `en: ...` and `ko: ...` lines under it, or one text for every language; "
                      "quote text that looks like a number")
            return None
        by_language: dict[str, str] = {}
        sources: dict[str, Source] = {}
        for name, (key, value) in node.items.items():
            if name not in self.languages and isinstance(value, YScalar) and value.is_null:
                # `{en: What to run, referring to ..., ko: ...}`: the comma ended the text, and the rest
                # became a key without a value; that is what to say, not that it is no language
                self.fail(key.source, f"{what}: the text '{name}' stands alone after a comma: a comma between "
                                      "{ } ends the text before it",
                          "Put the whole text in quotes (en: \"..., ...\"), or write each language on a line "
                          "of its own under the key")
                continue
            if not self.language(key, what):
                continue
            text = self.string(value, f"{what} [{name}]")
            # written but unreadable (reported): nothing to check in it, and no translation is missing
            by_language[name] = "" if text is None else text
            sources[name] = value.source
        if not node.items:
            self.fail(node.source, f"{what} is empty", "Write the text in each language")
            return None
        # the languages that could be read, so their text is checked too (see INVALID)
        return Text(by_language=by_language, source=node.source, sources=sources) if by_language else None

    def language_list(self, node: YNode, what: str) -> tuple[str, ...] | None:
        if not self.expect(node, YSeq, what, "Write a list such as `[en, ko]`") or not isinstance(node, YSeq):
            return None
        result: list[str] = []
        ok = True
        for item in node.items:
            if not self.expect(item, YScalar, f"an entry of {what}", "Write language codes such as en") \
                    or not isinstance(item, YScalar):
                ok = False
                continue
            if item.value in result:
                self.fail(item.source, f"'{item.value}' is listed twice in {what}", "Remove one")
            elif self.language(item, what):
                result.append(item.value)
            else:
                ok = False
        if not node.items:
            self.fail(node.source, f"{what} is empty", "List at least one language, or remove the key")
            return None
        return tuple(result) if ok else None


Reader.READERS = {
    TextType: Reader._text, StringType: Reader._plain, LetterType: Reader._plain, LanguagesType: Reader._languages,
    ListType: Reader.list, MapType: Reader.mapping, RecordType: Reader._record, NumberType: Reader._number,
    BoolType: Reader._boolean,
}
"""The reader of each field type; a subclass adds its own types to a copy."""


def complete(values: dict, cls: type) -> bool:
    """Whether every required field of `cls` was read (so rules can use the values)."""
    return all(d.name in values for d in declared_fields(cls) if d.spec.required)


def _make(cls: type, values: dict[str, Any], source: Source) -> Any:
    """An instance of a record's class, told where it was written when it keeps that."""
    if "source" in {f.name for f in dataclasses.fields(cls)}:
        return cls(**values, source=source)
    return cls(**values)


def _owner(what: str) -> str:
    """How a message starts that is about a field of `what`: "question 2 (q): ", or nothing for the quiz's
    own fields, which messages name alone ("title ...")."""
    return "" if what == "the quiz" else f"{what}: "


def missing_hint(declared_field: Declared, example: str | None = None) -> str:
    """How to add a missing required field: its own hint, or `key: example`."""
    spec = declared_field.spec
    return spec.missing_hint or f"Add `{declared_field.key}: {example or spec.example}`"
