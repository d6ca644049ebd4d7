"""Check a PO file as strictly as `msgfmt --check` does, before polib reads it.

polib is lenient: it reads `msgstr "unterminated` (no closing quote) without a word and drops the last
character, and it skips lines it does not understand. A translator's typo must never be imported as
corrupted text, so every line is lexed here first, and a file with any mistake is refused with its
line. What is checked, as GNU msgfmt does:

- every line is blank, a comment (`#...`), a keyword (`msgctxt`, `msgid`, `msgid_plural`, `msgstr`,
  `msgstr[N]`) followed by one string, or a string continuing the one above;
- every string opens and closes with `"`, with nothing after it, and uses only the escapes `\\\\ \\" \\n
  \\t \\r \\a \\b \\f \\v` (polib would corrupt any other);
- entries are complete and in order (`msgctxt`, `msgid`, `msgid_plural`, `msgstr`), none defined twice,
  no empty `msgid` but the header's;
- the header says `charset=UTF-8`, and the file is UTF-8;
- a translation begins and ends with a line break exactly when its source text does.

Returns the values as read, so the caller can make sure polib read the same.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)(?:\s+|(?="))(.*)$')
_ESCAPES = {"\\": "\\", '"': '"', "n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


@dataclass(frozen=True)
class PoProblem:
    line: int
    message: str
    hint: str


@dataclass
class PoEntry:
    """One message as written: its values, whether it is fuzzy, and the line its msgid is on."""

    line: int
    msgctxt: str | None = None
    msgid: str | None = None
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: tuple[str, ...] = ()
    parts: list[str] = field(default_factory=list)  # the keywords in the order written
    broken: bool = False  # one of its texts is refused: its values are not what was meant, so nothing else is
    # said about them (a `msgstr "unclosed` is one mistake, not also a msgid without a msgstr)

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags


def _string(text: str, line: int, problems: list[PoProblem]) -> str | None:
    """The value of one `"..."` string (the whole rest of a line), or None with a problem recorded."""
    text = text.rstrip(" \t")
    if not text.startswith('"'):
        problems.append(PoProblem(line, "a text in a PO file must be written in double quotes",
                                  'Write it as "text"'))
        return None
    out, index = [], 1
    while index < len(text):
        char = text[index]
        if char == "\\":
            if index + 1 >= len(text):
                break
            escaped = text[index + 1]
            if escaped not in _ESCAPES:
                problems.append(PoProblem(line, f"'\\{escaped}' is not an escape PO files allow",
                                          'Write \\\\ for a backslash, \\" for a quote, \\n for a line break'))
                return None
            out.append(_ESCAPES[escaped])
            index += 2
            continue
        if char == '"':
            rest = text[index + 1:]
            if rest.strip():
                problems.append(PoProblem(line, f"text after the closing quote: {rest.strip()[:40]!r}",
                                          'A quote inside the text is written \\"; anything else goes on a line '
                                          "of its own"))
                return None
            return "".join(out)
        out.append(char)
        index += 1
    problems.append(PoProblem(line, "the text is not closed: the line ends before its closing quote",
                              'End the text with " on the same line; a quote inside it is written \\"'))
    return None


def check_po(text: str) -> tuple[list[PoEntry], list[PoProblem]]:
    """Every entry of a PO file's text and every problem found; the file may be used only without problems."""
    problems: list[PoProblem] = []
    entries: list[PoEntry] = []
    current: PoEntry | None = None
    flags: tuple[str, ...] = ()
    last: tuple[str, int | None] | None = None  # the keyword a continuation string adds to

    def finish() -> None:
        nonlocal current
        if current is not None:
            _check_complete(current, problems)
            entries.append(current)
        current = None

    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip("\r")
        stripped = line.strip()
        if not stripped:
            finish()
            last = None
            continue
        if stripped.startswith("#"):
            if current is not None and current.msgstr:
                finish()
            if stripped.startswith("#,"):
                flags = flags + tuple(f.strip() for f in stripped[2:].split(",") if f.strip())
            last = None
            continue
        if stripped.startswith('"'):
            if current is None or last is None:
                problems.append(PoProblem(number, "a text line that continues no msgid or msgstr",
                                          "Put it right under the msgid or msgstr it belongs to, or remove it"))
                continue
            value = _string(stripped, number, problems)
            if value is None:
                current.broken = True
            else:
                _add(current, last, value)
            continue
        found = _KEYWORD.match(stripped)
        if not found:
            word = stripped.split()[0][:30]
            problems.append(PoProblem(number, f"'{word}' is not a PO keyword",
                                      "Lines are msgctxt, msgid, msgid_plural, msgstr or msgstr[N] followed by a "
                                      'quoted text, a "..." line continuing it, or a # comment'))
            last = None
            continue
        keyword, index, rest = found.group(1), found.group(2), found.group(3)
        name = "msgstr" if keyword.startswith("msgstr") else keyword
        if name in ("msgctxt", "msgid") and current is not None and (current.msgstr or name in current.parts
                                                                   or name == "msgctxt" and current.msgid is not None):
            finish()
        if current is None:
            current = PoEntry(number, flags=flags)
            flags = ()
        if not _in_order(current, name, index, number, problems):
            last = None
            continue
        value = _string(rest, number, problems)
        if value is None:
            current.broken = True
            value = ""
        slot = int(index) if index is not None else None
        current.parts.append(name)
        if name == "msgid":
            current.line = number
        last = (name, slot)
        _set(current, last, value)
    finish()
    _check_entries(entries, problems, text)
    return entries, problems


def _in_order(entry: PoEntry, name: str, index: str | None, line: int, problems: list[PoProblem]) -> bool:
    order = ("msgctxt", "msgid", "msgid_plural", "msgstr")
    if name != "msgstr" and name in entry.parts:
        problems.append(PoProblem(line, f"a second {name} in one entry",
                                  "Each entry has one msgctxt, one msgid and its msgstr; start the next entry "
                                  "after a blank line"))
        return False
    if name == "msgstr":
        if entry.msgid is None:
            problems.append(PoProblem(line, "msgstr without a msgid before it", "Write the msgid first"))
            return False
        if index is not None and entry.msgid_plural is None:
            problems.append(PoProblem(line, f"msgstr[{index}] in an entry without msgid_plural",
                                      "Write `msgstr \"...\"` for an entry without plural forms"))
            return False
        if index is None and entry.msgid_plural is not None:
            problems.append(PoProblem(line, "msgstr without [N] in an entry with msgid_plural",
                                      "Write msgstr[0], msgstr[1], ..."))
            return False
        if (int(index) if index is not None else 0) in entry.msgstr:
            problems.append(PoProblem(line, "a second msgstr in one entry", "Keep one translation per entry"))
            return False
        return True
    written = [order.index(part) for part in entry.parts]
    if written and max(written) > order.index(name):
        problems.append(PoProblem(line, f"{name} after {entry.parts[-1]}",
                                  "An entry is written msgctxt, msgid, msgid_plural, then msgstr"))
        return False
    if name == "msgid_plural" and entry.msgid is None:
        problems.append(PoProblem(line, "msgid_plural without a msgid", "Write the msgid first"))
        return False
    return True


def _set(entry: PoEntry, where: tuple[str, int | None], value: str) -> None:
    name, index = where
    if name == "msgstr":
        entry.msgstr[index or 0] = value
    else:
        setattr(entry, name, value)


def _add(entry: PoEntry, where: tuple[str, int | None], value: str) -> None:
    name, index = where
    if name == "msgstr":
        entry.msgstr[index or 0] += value
    else:
        setattr(entry, name, getattr(entry, name) + value)


def _check_complete(entry: PoEntry, problems: list[PoProblem]) -> None:
    if entry.msgid is None:
        problems.append(PoProblem(entry.line, "msgctxt without a msgid after it",
                                  "Write the msgid and msgstr of the entry under its msgctxt"))
    elif not entry.msgstr:
        problems.append(PoProblem(entry.line, "msgid without a msgstr",
                                  'Write `msgstr ""` under it (empty while it is not translated)'))


def _check_entries(entries: list[PoEntry], problems: list[PoProblem], text: str) -> None:
    seen: dict[tuple[str | None, str], int] = {}
    header = None
    for entry in entries:
        if entry.msgid is None:
            continue
        if entry.broken and (entry.msgid or entry.msgctxt is not None or header is not None):
            continue  # its problem is said already
        if entry.msgid == "" and entry.msgctxt is None:
            if header is not None:
                problems.append(PoProblem(entry.line, "a second header entry (msgid \"\")",
                                          "Keep one header, at the top of the file"))
            header = entry
            continue
        if entry.msgid == "":
            problems.append(PoProblem(entry.line, 'an empty msgid ("") is reserved for the header',
                                      "Give the entry its source text"))
            continue
        key = (entry.msgctxt, entry.msgid)
        if key in seen:
            problems.append(PoProblem(entry.line, f"duplicate message definition (first on line {seen[key]})",
                                      "Remove one of them; each context and source text appears once"))
            continue
        seen[key] = entry.line
        for translation in entry.msgstr.values():
            _check_line_breaks(entry, translation, problems)
    if header is None:
        problems.append(PoProblem(1, "the file has no header entry (msgid \"\" with Content-Type)",
                                  "Keep the header the export wrote at the top of the file"))
        return
    if header.broken:
        return
    charset = re.search(r"charset=([^\s\\]+)", header.msgstr.get(0, ""))
    if charset is None or charset.group(1).lower().replace("_", "-") not in ("utf-8", "utf8"):
        problems.append(PoProblem(header.line, "the header does not say charset=UTF-8",
                                  'Keep "Content-Type: text/plain; charset=UTF-8\\n" and save the file as UTF-8'))


def _check_line_breaks(entry: PoEntry, translation: str, problems: list[PoProblem]) -> None:
    """As msgfmt --check: a translation starts and ends with a line break exactly when its source does."""
    if not translation:
        return
    source = entry.msgid or ""
    for where, test in (("begin", str.startswith), ("end", str.endswith)):
        if test(source, "\n") != test(translation, "\n"):
            problems.append(PoProblem(entry.line, f"msgid and msgstr do not both {where} with a line break (\\n)",
                                      f"Make the translation {where} with \\n exactly when the source text does"))
