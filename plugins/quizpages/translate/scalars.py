"""One text as a YAML scalar, in a given style: what the in-place writer puts into a quiz file.

Each function returns the scalar's text as it is written in the file, or None when the text cannot be
written in that style (a plain scalar that YAML would read differently, a block scalar inside `{...}`).
The writer then falls back to a style that can hold any text. Whether a rendering reads back as the text
is decided by parsing it, not by a list of rules: YAML has too many corners to list (`: `, ` #`, `,` and
`]` inside flow collections, a leading `*` or `&`, ...).
"""

from __future__ import annotations

import re
import unicodedata

import yaml

try:
    from yaml import CSafeLoader as _Composer
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Composer  # type: ignore[assignment]

_STANDARD = yaml.resolver.Resolver()  # how other YAML tools type a plain scalar (true, 1.0, null, ...)
_STR = "tag:yaml.org,2002:str"
_PRINTABLE = re.compile("^[\t\n\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]*$")
_BOM = "\ufeff"


def printable(text: str) -> bool:
    """Whether every character may be written unescaped in a YAML file (no control characters, no BOM)."""
    return _PRINTABLE.match(text) is not None and _BOM not in text


def _reads_back(document: str, text: str, style: str | None) -> bool:
    try:
        node = yaml.compose(document, Loader=_Composer)
    except yaml.YAMLError:
        return False
    if isinstance(node, yaml.SequenceNode):  # the flow test document: [value]
        if len(node.value) != 1:
            return False
        node = node.value[0]
    elif isinstance(node, yaml.MappingNode):
        node = node.value[0][1] if len(node.value) == 1 else None
    return isinstance(node, yaml.ScalarNode) and node.value == text and (node.style or None) == style


def plain(text: str, flow: bool) -> str | None:
    """`text` unquoted, when YAML reads it back as the same text (and other YAML tools as a string)."""
    if not text or "\n" in text or text != text.strip() or not printable(text):
        return None
    if _STANDARD.resolve(yaml.ScalarNode, text, (True, False)) != _STR:
        return None  # `true`, `2.5`, `null`: quizpages reads them as text, other tools would not
    document = f"[{text}]" if flow else f"k: {text}"
    return text if _reads_back(document, text, None) else None


def single_quoted(text: str) -> str | None:
    """`text` in single quotes (one line only: a line break inside them folds into a space)."""
    if "\n" in text or not printable(text) or text != text.strip(" \t") and not text.strip():
        return None
    return "'" + text.replace("'", "''") + "'"


_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r", "\0": "\\0", "\x07": "\\a",
            "\x08": "\\b", "\x0b": "\\v", "\x0c": "\\f", "\x1b": "\\e", "\x85": "\\N", "\xa0": "\\_",
            "\u2028": "\\L", "\u2029": "\\P"}


def double_quoted(text: str) -> str:
    """`text` in double quotes, escaped: the style that holds any text on one line."""
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif not printable(char):
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _chomping(text: str) -> tuple[str, str]:
    """(the text without its final line breaks, the chomping indicator that gives them back)."""
    body = text.rstrip("\n")
    breaks = len(text) - len(body)
    return body, "-" if breaks == 0 else "" if breaks == 1 else "+"


def literal(text: str, indent: int, newline: str, header_rest: str = "", parent: int | None = None) -> str | None:
    """`text` as a literal block (`|`), its lines indented by `indent` spaces; the block ends with its last
    line's line break. `header_rest`: what follows the indicator on its line (a comment) is kept.
    `parent`: the column of the key the block is the value of (`indent - 2` unless given), from which a
    text starting with spaces counts its indentation indicator (`|2`)."""
    if not text.strip() or not printable(text) or "\r" in text or "\t" in text.split("\n", 1)[0][:1]:
        return None
    body, chomp = _chomping(text)
    lines = body.split("\n")
    first = next((line for line in lines if line.strip()), "")
    # a first line that starts with a space: YAML is told where the text begins, counted from its key's
    # column (`ko: |2`), or it would take those spaces for the block's own indentation
    step = indent - (indent - 2 if parent is None else parent)
    indicator = str(step) if first.startswith(" ") else ""
    if indicator and not 1 <= step <= 9:
        return None
    trailing = text[len(body):].split("\n")[1:-1] if chomp == "+" else []  # kept empty lines
    pad = " " * indent
    content = [pad + line if line else "" for line in lines] + ["" for _ in trailing]
    return f"|{indicator}{chomp}{header_rest}{newline}" + newline.join(content) + newline


def folded(text: str, indent: int, newline: str, wrapping: dict | None = None, header_rest: str = "") -> str | None:
    """`text` as a folded block (`>`), wrapped at single spaces so folding gives the same text back; None
    when that cannot hold it (line breaks of its own, runs of spaces at a wrap, more than one final break)."""
    body, chomp = _chomping(text)
    if chomp == "+" or "\n" in body or not body.strip() or body != body.strip() or not printable(body):
        return None
    if "\t" in body:
        return None
    lines = wrap(body, indent, indent, **(wrapping or dict(width=100)))
    if lines is None:
        return None
    pad = " " * indent
    return f">{chomp}{header_rest}{newline}" + newline.join(pad + line for line in lines) + newline


def display_width(text: str) -> int:
    """How many columns `text` takes in an editor: Korean and Japanese characters take two."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def wrap(text: str, first_column: int, indent: int, width: int, overflow: bool = False,
         wide: bool = True) -> list[str] | None:
    """`text` cut into lines at single spaces (so YAML's folding, a line break read as one space, gives it
    back), the first starting at `first_column`, the others at `indent`; never before a `#`, which would
    start a comment. Lines fit in `width` columns, or, with `overflow`, go on until they pass it (as
    PyYAML's writer wraps). `wide`: Korean and Japanese characters take two columns (an editor's view),
    else one (PyYAML's count). None when a line would start or end with a space."""
    breaks = [i for i in range(1, len(text) - 1)
              if text[i] == " " and text[i - 1] != " " and text[i + 1] not in " #"]
    columns = [0]
    for char in text:
        columns.append(columns[-1] + (2 if wide and unicodedata.east_asian_width(char) in "WF" else 1))
    lines, start, last, column = [], 0, None, first_column
    for at in breaks:
        if overflow:
            if column + columns[at] - columns[start] > width:
                lines.append(text[start:at])
                start, column = at + 1, indent
            continue
        if column + columns[at] - columns[start] > width and last is not None:
            lines.append(text[start:last])
            start, column = last + 1, indent
            last = None if column + columns[at] - columns[start] > width else at
            continue
        last = at
    if not overflow and last is not None and column + columns[len(text)] - columns[start] > width:
        lines.append(text[start:last])
        start = last + 1
    lines.append(text[start:])
    if any(line != line.strip(" ") for line in lines):
        return None
    return lines


def wrapping_of(text: str, lines: list[str], first_column: int, indent: int) -> dict:
    """How `text` was wrapped into `lines` (each without its indentation): the `wrap` arguments that give
    those lines back, so a new text is wrapped the same way; the widest line's width when none does."""
    widest = max([first_column + display_width(lines[0])] + [indent + display_width(line) for line in lines[1:]])
    longest = max([first_column + len(lines[0])] + [indent + len(line) for line in lines[1:]])
    tries = [dict(width=widest), dict(width=longest, wide=False)]
    for wide in (False, True):
        measure = display_width if wide else len
        ends = [first_column + measure(lines[0])] + [indent + measure(line) for line in lines[1:-1]]
        tries.append(dict(width=min(ends) - 1, overflow=True, wide=wide))
    for arguments in tries:
        if wrap(text, first_column, indent, **arguments) == lines:
            return arguments
    return dict(width=widest)
