"""Read one YAML file into a tree that remembers where every value was written.

Safe loading only: the file is *composed* (never constructed), so no tag can
run code. On top of PyYAML this module:

- caps the file size and the work done walking the tree, so anchors and aliases
  cannot blow up ("billion laughs");
- rejects duplicate keys, which PyYAML would silently resolve to the last one;
- rejects custom tags such as ``!!python/object``;
- turns every YAML error into a located `Problem` with a hint.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import yaml

from ..model import Source
from ..model.problems import Problem, error

try:  # the C composer is several times faster; fall back where libyaml is missing
    from yaml import CSafeLoader as _SafeLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _SafeLoader  # type: ignore[assignment]

_NULLS = frozenset(("", "~", "null", "Null", "NULL"))
_REAL_RESOLVER = yaml.resolver.Resolver()


class _Loader(_SafeLoader):  # type: ignore[valid-type, misc]
    """Composes without YAML 1.1's implicit typing of plain scalars.

    Every plain scalar but an empty one is the author's text as written (`yes`,
    `2`, `2026-10-01` included), so matching it against the resolver's regular
    expressions, once per node, is wasted work: a third of the parse time.
    Explicit tags (``!!python/...``) never reach this method and are still seen.
    """

    def resolve(self, kind, value, implicit):
        if kind is yaml.ScalarNode:
            return _NULL if implicit[0] and value in _NULLS else _STR
        return _SEQ if kind is yaml.SequenceNode else _MAP

MAX_FILE_BYTES = 256 * 1024
"""A quiz file larger than this is rejected before parsing."""

MAX_NODES = 20_000
"""At most this many YAML nodes are visited per file, counting every alias expansion."""

MAX_DEPTH = 40
"""Nesting deeper than this is rejected (quiz files need about 6 levels)."""

_STR = "tag:yaml.org,2002:str"
_NULL = "tag:yaml.org,2002:null"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
_MERGE = "tag:yaml.org,2002:merge"
_SCALAR_TAGS = {
    _STR,
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    _NULL,
    "tag:yaml.org,2002:timestamp",
}
_KNOWN_TAGS = _SCALAR_TAGS | {_SEQ, _MAP}
_TAGS_OF = {yaml.ScalarNode: _SCALAR_TAGS, yaml.SequenceNode: {_SEQ}, yaml.MappingNode: {_MAP}}
"""The tags each kind of node may carry: YAML's own, where they mean what the node is."""
_NO_TAGS: frozenset[str] = frozenset()
_NODE_NAMES = {yaml.ScalarNode: "a text", yaml.SequenceNode: "a list", yaml.MappingNode: "a mapping"}


@dataclass(slots=True)
class YNode:
    source: Source


@dataclass(slots=True)
class YScalar(YNode):
    value: str
    tag: str
    plain: bool = True  # written without quotes

    @property
    def is_null(self) -> bool:
        return self.tag == _NULL

    @property
    def type_name(self) -> str:
        """What YAML would take the value for ("a number", "true/false"), for error messages."""
        tag = self.tag
        if tag == _STR and self.plain:
            tag = _REAL_RESOLVER.resolve(yaml.ScalarNode, self.value, (True, False))
        return _TYPE_NAMES.get(tag, "a value")


@dataclass(slots=True)
class YSeq(YNode):
    items: list[YNode] = field(default_factory=list)


@dataclass(slots=True)
class YRefused(YNode):
    """A value whose tag is not allowed (`!!python/object`): reported once, at the tag, and read as nothing."""


@dataclass(slots=True)
class YMap(YNode):
    # keys are the scalar text of the key; the key's own node is kept for locations
    items: dict[str, tuple[YScalar, YNode]] = field(default_factory=dict)


_TYPE_NAMES = {
    _STR: "text",
    "tag:yaml.org,2002:int": "a number",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:bool": "true/false",
    "tag:yaml.org,2002:null": "an empty value",
    "tag:yaml.org,2002:timestamp": "a date",
}


def describe(node: YNode) -> str:
    """How a node's type reads in an error message."""
    if isinstance(node, YMap):
        return "a mapping"
    if isinstance(node, YSeq):
        return "a list"
    if isinstance(node, YScalar):
        return node.type_name
    return "a value with a tag that is not allowed"  # YRefused: readers stop at it before asking


class _TooMuchWork(Exception):
    def __init__(self, source: Source, message: str, hint: str):
        self.problem = error(source, message, hint)


def read_capped(path: str) -> bytes:
    """The file's bytes, one past MAX_FILE_BYTES at most, so a huge file is never read whole."""
    with open(path, "rb") as f:
        return f.read(MAX_FILE_BYTES + 1)


def read_yaml(path: str, data: bytes | None = None) -> tuple[YNode | None, list[Problem]]:
    """Parse `path` (or `data` read from it) into a located tree, collecting every problem."""
    if data is None:
        try:
            data = read_capped(path)
        except OSError as exc:
            return None, [error(Source(path), f"cannot read the file: {exc.strerror}",
                                "Make sure the file exists and is readable")]
    if len(data) > MAX_FILE_BYTES:
        return None, [error(
            Source(path),
            f"the file is larger than the {MAX_FILE_BYTES // 1024} KiB limit for a quiz file",
            "Split it into several quizzes",
        )]
    text, problem = _decode(path, data)
    if problem:
        return None, [problem]
    if not text.strip() or all(
        not line.strip() or line.lstrip().startswith("#") for line in text.splitlines()
    ):
        return None, [error(Source(path), "the file is empty",
                            "Write a quiz in it (`quizpages new` writes a starting point) or delete it")]
    try:
        root = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        return None, [_yaml_problem(path, exc, text)]
    except yaml.reader.ReaderError as exc:  # a character YAML refuses: each one, located by its place in the text
        return None, _character_problems(path, exc, text)
    except yaml.YAMLError as exc:  # unmarked errors are rare; still located at the file
        return None, [error(Source(path), f"invalid YAML: {exc}", "Check the file's syntax")]
    except RecursionError:
        return None, [error(Source(path), "the YAML is nested too deeply",
                            f"Quiz files need only a few levels; at most {MAX_DEPTH} are allowed")]
    if root is None:
        return None, [error(Source(path), "the file is empty",
                            "Write a quiz in it (`quizpages new` writes a starting point) or delete it")]
    problems: list[Problem] = []
    budget = [MAX_NODES]
    try:
        tree = _convert(path, root, problems, budget, 0)
    except _TooMuchWork as exc:
        return None, [exc.problem]
    return tree, problems


def _decode(path: str, data: bytes) -> tuple[str, Problem | None]:
    try:
        return data.decode("utf-8-sig"), None  # a UTF-8 byte-order mark is accepted
    except UnicodeDecodeError as exc:
        offset = exc.start
        line = data.count(b"\n", 0, offset) + 1
        column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
        byte = data[offset:offset + 1].hex()
        return "", error(Source(path, line, column), f"invalid UTF-8 byte 0x{byte}",
                         "Save the file with UTF-8 encoding")


def _source(path: str, node: yaml.Node) -> Source:
    mark = node.start_mark
    return Source(path, mark.line + 1, mark.column + 1)


def _convert(path: str, node: yaml.Node, problems: list[Problem], budget: list[int], depth: int) -> YNode:
    budget[0] -= 1
    if budget[0] < 0:
        raise _TooMuchWork(
            _source(path, node),
            f"the file expands to more than {MAX_NODES} YAML nodes",
            "Anchors and aliases (&name, *name) must not multiply the content; write the text out",
        )
    if depth > MAX_DEPTH:
        raise _TooMuchWork(_source(path, node), "the YAML is nested too deeply",
                           f"Quiz files need only a few levels; at most {MAX_DEPTH} are allowed")
    mark = node.start_mark
    src = Source(path, mark.line + 1, mark.column + 1)
    allowed = _TAGS_OF.get(type(node), _NO_TAGS)
    if node.tag not in allowed and node.tag != _MERGE:  # merge keys get their own message below
        problems.append(_tag_problem(src, node))
        if not isinstance(node, yaml.ScalarNode):
            return YRefused(src)  # reported: a tagged list or mapping is read as nothing
    if isinstance(node, yaml.ScalarNode):
        tag = node.tag if node.tag in allowed else _STR
        if tag == _NULL and node.value not in _NULLS:  # `!!null text`: the text is kept, not dropped
            problems.append(_tag_problem(src, node))
            tag = _STR
        if node.style == '"':  # only a double-quoted text's escapes (\a, \x07, \ud800) can write these
            if _UNWRITABLE.search(node.value):
                problems.append(_unwritable_problem(src, node.value))
                # reported here; other messages quote the value, and an ESC would reach the author's terminal
                return YScalar(src, _UNWRITABLE.sub("\ufffd", node.value), tag, False)
        return YScalar(src, node.value, tag, node.style is None)
    if isinstance(node, yaml.SequenceNode):
        return YSeq(src, [_convert(path, item, problems, budget, depth + 1) for item in node.value])
    if not isinstance(node, yaml.MappingNode):  # PyYAML composes no other node; refuse rather than guess
        problems.append(_tag_problem(src, node))
        return YRefused(src)
    result = YMap(src)
    for key_node, value_node in node.value:
        key = _convert(path, key_node, problems, budget, depth + 1)
        value = _convert(path, value_node, problems, budget, depth + 1)
        if not isinstance(key, YScalar):
            problems.append(error(key.source, "a key must be a plain name",
                                  "Write keys as `name: value`"))
            continue
        if key.value == "<<":
            problems.append(error(key.source, "merge keys (<<) are not supported",
                                  "Write the fields out"))
            continue
        if key.value in result.items:
            first = result.items[key.value][0].source
            problems.append(error(key.source, f"duplicate key '{key.value}' (first written on line {first.line})",
                                  "Remove one of them; YAML would silently keep only the last"))
            continue
        result.items[key.value] = (key, value)
    return result


_UNWRITABLE = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""What YAML will not read written out in a file (its printable set, less the line breaks it reads as
lines): control characters, lone surrogates, U+FFFE and U+FFFF. No page, XML export or translation file
can hold them either (Moodle XML and XLIFF are not well-formed with U+0007 in them)."""


def unwritable_character(value: str) -> str | None:
    """What the first character of `value` that no quiz text may hold is, where it is ("the control character
    U+0007 after \"ring the\""), or None: the translation import refuses what the loader would."""
    found = _UNWRITABLE.search(value)
    if found is None:
        return None
    index, code = found.start(), ord(found.group())
    before = value[max(0, index - 20):index].rsplit("\n", 1)[-1]
    after = f' after "{before}"' if before.strip() else ""
    what = "a lone surrogate" if 0xD800 <= code <= 0xDFFF else "the control character" if code < 0xA0 else \
        "the noncharacter"
    return f"{what} U+{code:04X}{after}"


def _unwritable_problem(src: Source, value: str) -> Problem:
    """The error for a character `_UNWRITABLE` finds in a double-quoted text, which an escape put there."""
    return error(src, f"{unwritable_character(value)} cannot be in a quiz text: no page or export can show it",
                 "Remove the escape that writes it (such as \\a, \\x07 or \\u0007) from the quoted text")


def _tag_problem(src: Source, node: yaml.Node) -> Problem:
    """The error for a tag a node may not have: one a quiz file never needs (`!!python/object`, `!!set`,
    `!secret`), or one of YAML's own on the wrong kind of node (`!!int [1, 2]`)."""
    tag = node.tag.replace("tag:yaml.org,2002:", "!!")
    if node.tag in _KNOWN_TAGS:
        return error(src, f"the tag {tag} is not allowed on {_NODE_NAMES.get(type(node), 'this value')}",
                     "Quiz files are plain data; remove the tag")
    return error(src, f"the tag {tag} is not allowed", "Quiz files are plain data; remove the tag")


_HINTS = (
    ("mapping values are not allowed", "", "A value that contains ': ' must be quoted, for example \"text: more\""),
    ("could not find expected ':'", "", "Each line of a mapping needs `key: value`; check the indentation and quotes"),
    ("did not find expected key", "", "Check the indentation: items of one mapping start in the same column"),
    ("did not find expected '-' indicator", "", "Check the indentation: items of one list start in the same column"),
    ("found unexpected end of stream", "", "A quoted text is not closed; add the closing quote"),
    ("found undefined alias", "", "Define the anchor (&name) before using the alias (*name), or write the text out"),
    ("did not find expected ',' or ']'", "",
     "Close the list with ']' and separate its items with ','; a text that starts with '[' must be quoted, "
     "for example \"[___] is ...\""),
    ("did not find expected ',' or '}'", "",
     "Close the mapping with '}' and separate its entries with ','; inside {en: ..., ko: ...}, a text holding "
     "'[', ']', ',' or ': ' must be quoted, for example {en: \"The command [___] ...\"}"),
    ("found character", "", "Quote the text that contains this character"),
)


def _tab_in_indentation(text: str, line: int) -> int | None:
    """The 0-based column of a tab in the indentation of `line` (0-based), if any."""
    lines = text.splitlines()
    if not 0 <= line < len(lines):
        return None
    content = lines[line]
    indent = content[: len(content) - len(content.lstrip(" \t"))]
    return indent.index("\t") if "\t" in indent else None


_BLOCK_START = re.compile(r"^(\s*)(?:- )?([^\s:#][^:#]*):\s*([|>][+-]?\d?)\s*(#.*)?$")


def _unindented_block(text: str, line: int) -> tuple[str, str] | None:
    """(key, indicator) when the nearest non-blank line above `line` (0-based) starts a block text
    (`en: |`) and `line` is not indented more than that key: the text's lines lost their indentation."""
    lines = text.splitlines()
    if not 0 < line < len(lines):
        return None
    above = next((n for n in range(line - 1, -1, -1) if lines[n].strip()), None)
    found = _BLOCK_START.match(lines[above]) if above is not None else None
    if found is None:
        return None
    key_column = len(lines[above]) - len(lines[above].lstrip(" "))
    here = lines[line]
    if len(here) - len(here.lstrip(" ")) > key_column:
        return None
    return found.group(2).strip(), found.group(3)


_KEY_LINE = re.compile(r"^( *)(?:- +)?([^\s:#'\"\[{-][^:#]*?):(?: +(.*))?$")
_INDENTATION_ERRORS = ("mapping values are not allowed", "did not find expected key",
                       "did not find expected '-' indicator")


def _key_at(line: str) -> tuple[str, int, bool] | None:
    """(key, 0-based column of the key, whether a value follows it on the line) when `line` starts a
    `key:` entry (`- key:` in a list too)."""
    found = _KEY_LINE.match(line)
    if found is None:
        return None
    value = (found.group(3) or "").strip()
    return found.group(2).strip(), found.start(2), bool(value) and not value.startswith("#")


def _misindented_key(text: str, line: int) -> tuple[str, int, str, int, int] | None:
    """(key, its column, neighbour key, the neighbour's column, the neighbour's line; columns and lines
    0-based) when the key on `line` starts in a column no key above it that it could belong with starts
    in: YAML then reads it as part of the text above (`mapping values are not allowed`) or stops (`did
    not find expected key`), where the author only put it one or two spaces off. The neighbour is the
    key whose column it most likely meant: the nearest one, the deeper on a tie."""
    lines = text.splitlines()
    if not 0 < line < len(lines) or _key_at(lines[line]) is None:
        return None
    key, column, _value = _key_at(lines[line])  # type: ignore[misc]
    chain: list[tuple[str, int, int]] = []  # the key above, then each key above it further left
    for number in range(line - 1, -1, -1):
        found = _key_at(lines[number])
        if found is None:
            if lines[number].strip() and not lines[number].lstrip().startswith(("#", "- ")):
                return None  # a block text or a flow collection above: not a matter of keys' columns
            continue
        if not chain and not found[2] and column > found[1]:
            return None  # the first key of the mapping under `key:` above: its column is its own
        if not chain or found[1] < chain[-1][1]:
            chain.append((found[0], found[1], number))
    if not chain or any(other == column for _name, other, _number in chain):
        return None  # in line with a key above it: the problem is something else
    name, other, number = min(chain, key=lambda entry: (abs(entry[1] - column), -entry[1]))
    return key, column, name, other, number


def _character_problems(path: str, exc: yaml.reader.ReaderError, text: str) -> list[Problem]:
    """Each control character (NUL, ESC, ...) in the file, at its line and column. Found in the text rather
    than at the error's position, which libyaml counts in bytes (every Korean character is three)."""
    found = [(match.start(), ord(match.group())) for match in _UNWRITABLE.finditer(text)][:MAX_CHARACTER_PROBLEMS]
    if not found:  # pragma: no cover - PyYAML refuses no character outside _UNWRITABLE
        code = exc.character if isinstance(exc.character, int) else ord(exc.character or "\0")
        found = [(0, code)]
    problems = []
    for position, code in found:
        line = text.count("\n", 0, position) + 1
        column = position - (text.rfind("\n", 0, position) + 1) + 1
        problems.append(error(Source(path, line, column), f"invalid YAML: the control character U+{code:04X} cannot "
                              "be in a quiz file", "Delete it; an editor may show it as ^@, ^[ or a box"))
    return problems


MAX_CHARACTER_PROBLEMS = 50  # a binary file pasted in would name thousands


def _yaml_problem(path: str, exc: yaml.MarkedYAMLError, text: str) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    if mark is not None:
        for line in (mark.line, mark.line - 1):  # the C scanner may report the line after
            tab = _tab_in_indentation(text, line)
            if tab is not None:
                return error(Source(path, line + 1, tab + 1), "invalid YAML: a tab character is used for indentation",
                             "YAML does not allow tabs for indentation; indent with spaces")
    unclosed = ("did not find expected ','", "found unexpected end of stream")
    if exc.context_mark is not None and str(exc.problem or "").startswith(unclosed):
        # a list, mapping or quote never closed: where it opens is what the author must look at; the
        # scanner only noticed on a later line (or at the end of the file)
        noticed, mark = mark, exc.context_mark
    else:
        noticed = None
    src = Source(path, mark.line + 1, mark.column + 1) if mark else Source(path)
    message = "invalid YAML: " + (exc.problem or exc.context or "syntax error")
    if exc.context and exc.problem:
        message = f"invalid YAML: {exc.problem} ({exc.context})"
    if noticed is not None and mark is not None and noticed.line != mark.line:
        message += f", noticed on line {noticed.line + 1}"
    hint = "Check the quoting and indentation on this line and the one before"
    problem = str(exc.problem or "")
    for needle, extra, candidate in _HINTS:
        if needle in problem and extra in problem:
            hint = candidate
            break
    if mark is not None and problem.startswith(_INDENTATION_ERRORS):
        for line in (mark.line, mark.line - 1):  # the C scanner may report the line after
            off = _misindented_key(text, line)
            if off is not None:
                key, column, name, other, number = off
                return error(Source(path, line + 1, column + 1),
                             f"invalid YAML: `{key}:` starts in column {column + 1}, unlike the keys around it "
                             f"(`{name}:` on line {number + 1} starts in column {other + 1})",
                             f"Indent `{key}:` to column {other + 1}, as `{name}:` is: the keys of one mapping "
                             "start in the same column")
    block = _unindented_block(text, mark.line) if mark is not None else None
    if block is not None:
        hint = (f"The lines of the `{block[1]}` text under `{block[0]}:` must be indented more than `{block[0]}:`; "
                "indent them (two spaces more is usual)")
    if "expected a single document" in str(exc.context or ""):
        message = "invalid YAML: the file holds a second YAML document after '---'"
        hint = "Put one quiz in each file; remove the '---' line and what follows, or move it to a new file"
    return error(src, message, hint)
