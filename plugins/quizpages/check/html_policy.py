"""Which raw HTML quiz text may hold, checked on the Markdown source, then on what it renders.

Quiz files come from strangers' pull requests, so no text may run code in a
reader's browser. `find_violations` is the validator's check of what was written
(fast: regular expressions over the raw text with code removed first);
`check_quiz` adds what the site's Markdown makes of it (`rendered_html`: an
attribute list can add an event handler to any element); `sanitize` is the
renderer's second line of defence, escaping whatever the checks would reject,
so even output rendered with validation bypassed is safe.

Code spans and fenced code are text, not HTML: a security quiz may show
``<script>`` in backticks.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

import nh3

from ..model import Problem, Quiz, Source, TextSlot, error

if TYPE_CHECKING:  # rendered_html builds on this module's tag list
    from .rendered_html import Finding, RenderedHtml

NEVER_ALLOWED = frozenset({
    "script", "iframe", "object", "embed", "style", "frame", "frameset", "applet", "base", "link",
    "meta", "form", "input", "button", "textarea", "select", "svg", "math", "template", "noscript",
})
"""Tags that can run code, load content or restyle the page; no site setting allows them."""

DEFAULT_ALLOWED = frozenset({
    "a", "abbr", "b", "blockquote", "br", "caption", "cite", "code", "dd", "del", "details", "div", "dl",
    "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "li",
    "mark", "ol", "p", "pre", "q", "s", "small", "span", "strong", "summary", "table", "tbody", "td",
    "tfoot", "th", "thead", "tr", "u", "ul",
})
"""Formatting tags Markdown itself produces; anything else needs plugins.quizpages.allowed_html."""

BAD_SCHEMES = ("javascript:", "vbscript:", "data:")

GENERIC_ATTRIBUTES = frozenset({"id", "class", "title", "lang", "dir"})
"""Attributes any element of quiz text may have: what `{: #id .class }` and the extensions give."""

ALLOWED_ATTRIBUTES: dict[str, frozenset[str]] = {
    "a": frozenset({"href", "name", "target"}),
    "img": frozenset({"src", "alt", "width", "height", "loading", "align"}),
    "ol": frozenset({"start", "type", "reversed"}),
    "th": frozenset({"align", "colspan", "rowspan", "scope"}),
    "td": frozenset({"align", "colspan", "rowspan"}),
    "details": frozenset({"open"}),
    "blockquote": frozenset({"cite"}), "q": frozenset({"cite"}),
    "del": frozenset({"cite", "datetime"}), "ins": frozenset({"cite", "datetime"}),
    "span": frozenset({"data-linenos"}),  # pymdownx.highlight's inline line numbers
}
"""What else each element may have; never an event handler, whatever the element."""

CELL_STYLES = frozenset({"text-align: left;", "text-align: right;", "text-align: center;"})
"""The only styles allowed, on table cells: how the tables extension aligns a column (`|:--|`)."""

URL_SCHEMES = frozenset(nh3.ALLOWED_URL_SCHEMES)  # ammonia's list of the safe ones
"""Where a link may go besides relative URLs: http(s), mailto, tel, ...; never javascript:, vbscript:, data:."""

URL_ATTRIBUTES = frozenset({"href", "src", "cite", "action", "formaction", "poster", "srcset", "background",
                            "xlink:href", "data", "ping", "longdesc"})

VOID = frozenset({"br", "hr", "img", "wbr", "col", "area", "source", "track"})
"""Tags without a closing tag."""

OPTIONAL_END = frozenset({"p", "li", "dt", "dd", "tr", "td", "th", "thead", "tbody", "tfoot", "caption"})
"""Tags HTML closes by itself (the next <li>, the end of the list): one left open breaks nothing."""


def may_hold_markup(text: str) -> bool:
    """False when `text` cannot hold anything the scans below look for, nor render to an attribute or a URL
    of the author's, so most text skips them, and is never rendered to be checked (see rendered_html).

    Every scan needs one of these: a tag or an autolink "<", a Markdown link "](", a reference
    definition "]:", an attribute list "{". Entities ("&") and escapes ("\\") only disguise a URL
    inside one of those, and are kept for good measure. Plain substring tests: the case-insensitive
    regular expression this replaces took 0.06 s of the 0.14 s HTML check of the 200-quiz benchmark
    site, and as long again in the renderer, which sanitizes every text.
    """
    return "<" in text or "](" in text or "]:" in text or "&" in text or "\\" in text or "{" in text


_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
# A code span never crosses a blank line, and an escaped backtick (\`) opens none.
_CODE_SPAN = re.compile(r"(?<!\\)(`+)(?!`)((?:(?!\n[ \t]*\n).)+?)(?<!`)\1(?!`)", re.S)
_ONE_LINE_CODE_SPAN = re.compile(r"(?<!\\)(`+)(?!`)([^\n]+?)(?<!`)\1(?!`)")
# Markdown passes a block that starts with a tag through untouched, code spans and fences included.
_HTML_BLOCK = re.compile(r"^[ ]{0,3}<[A-Za-z]", re.M)
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)((?:[\s/][^<>]*)?)>")
_EVENT_ATTR = re.compile(r"(?:^|[\s\"'/])(on[a-z]+)\s*=", re.I)
_URL_ATTR = re.compile(r"\b(href|src|action|formaction|xlink:href|poster|srcset)\s*=\s*(\"[^\"]*\"|'[^']*'|[^\s>]+)", re.I)
# Any "](url": link text may nest brackets, and every "](" is read (a lookahead, so one URL taken from the
# first "](" of `[a]([a](javascript:...` does not hide the second, which Markdown makes the link).
MARKDOWN_LINK = re.compile(r"\](?=\(\s*<?([^)\s>]*))")
_MD_REF = re.compile(r"^[ ]{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
_AUTOLINK = re.compile(r"<([A-Za-z][A-Za-z0-9+.-]*:[^\s<>]*)>")
_EMAIL_AUTOLINK = re.compile(r"<[^\s<>@]+@[^\s<>]+>")
_TAG_START = re.compile(r"<(?=/?[A-Za-z])")


def _blank(match: re.Match) -> str:
    """Replace code with spaces (keeping newlines), so offsets and line numbers still hold."""
    return re.sub(r"[^\n]", " ", match.group(0))


def _strip_fences(text: str) -> str:
    """`text` with closed fenced code blocks blanked; an unclosed fence is not code in Python-Markdown."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if match:
            fence = match.group(1)
            for j in range(i + 1, len(lines)):
                closing = lines[j].strip()
                if closing.startswith(fence) and not closing.strip(fence[0]):
                    for k in range(i, j + 1):
                        lines[k] = " " * len(lines[k])
                    i = j
                    break
        i += 1
    return "\n".join(lines)


_BLANK_LINE = re.compile(r"\n[ \t]*\n")
_LINE_END = re.compile(r"\n")
_BACKTICKS = re.compile(r"`+")


def _hilite_code_spans(text: str, cross_lines: bool) -> list[tuple[int, int]]:
    """(start, end) of every code span as pymdownx.inlinehilite reads them, which the site's Markdown uses
    in place of Python-Markdown's own: a run of backticks (not escaped) pairs with the next run of the same
    length; failing that, with the longest shorter run after it, the opening run cut to its length (```a`
    is the code "``a"); failing both, the run is text. No span crosses a blank line (nor a line end when
    `cross_lines` is false). Escaped backticks are not read here: a text holding one keeps its code
    unblanked (see `code_readings`)."""
    runs = [(m.start(), m.end()) for m in _BACKTICKS.finditer(text)]  # the work is per run, not per character
    ends = [m.start() for m in (_BLANK_LINE if cross_lines else _LINE_END).finditer(text)] + [len(text)]
    spans: list[tuple[int, int]] = []
    k, after = 0, 0
    while k < len(runs):
        opening, start = runs[k]
        if opening < after:  # inside the span before
            k += 1
            continue
        ticks, limit = start - opening, next(end for end in ends if end >= start)
        longest, closed = 0, None
        for j in range(k + 1, len(runs)):
            run_start, run_end = runs[j]
            if run_start >= limit:
                break
            if run_end - run_start == ticks:
                closed = (opening, run_end)
                break
            if run_end - run_start > longest:
                longest, longest_end = run_end - run_start, run_end
        if closed is None and 0 < longest < ticks:  # the element takes the whole opening run
            closed = (opening, longest_end)
        if closed is not None:
            spans.append(closed)
            after = closed[1]
        k += 1
    return spans


def _blank_spans(text: str, spans: list[tuple[int, int]]) -> str:
    parts, last = [], 0
    for start, end in spans:
        parts += [text[last:start], re.sub(r"[^\n]", " ", text[start:end])]
        last = end
    return "".join(parts) + text[last:]


def _agreed(text: str, readings: Iterable[str]) -> str:
    """`text` with only what every reading blanked blanked: what any reading leaves outside code is checked."""
    columns = zip(text, *readings)
    return "".join(column[1] if len(set(column[1:])) == 1 else column[0] for column in columns)


def code_readings(text: str, spans_cross_lines: bool = True) -> list[str]:
    """`text` with its code blanked as each Markdown may read it: Python-Markdown's code spans and
    pymdownx.inlinehilite's (they pair backtick runs differently), closed fences blanked in both. When a line
    starts with a tag, Markdown may pass that block through as raw HTML without reading its backticks or
    fences: then nothing is blanked."""
    without_fences = _strip_fences(text)
    if _HTML_BLOCK.search(without_fences):
        return [text]
    if "`" not in without_fences or "\\`" in without_fences:  # an escaped backtick: escapes and pairs interlock
        return [without_fences]
    spans = _CODE_SPAN if spans_cross_lines else _ONE_LINE_CODE_SPAN
    return [spans.sub(_blank, without_fences),
            _blank_spans(without_fences, _hilite_code_spans(without_fences, spans_cross_lines))]


def strip_code(text: str, spans_cross_lines: bool = True) -> str:
    """`text` with fenced code blocks and code spans blanked out, where every Markdown treats them as code
    (see `code_readings`): a tag that one reading of the backticks leaves outside code is seen.

    A code span may run over the end of a line within a paragraph; where a new block starts on
    the next line (a heading above, a list item) it does not, which only rendering tells (see
    rendered_html): `spans_cross_lines=False` takes no span over a line end, as the sanitizer must.
    """
    readings = code_readings(text, spans_cross_lines)
    return readings[0] if len(readings) == 1 else _agreed(text, readings)


def outside_code_spans(text: str) -> str:
    """`text` with code spans blanked out where every reading of the backticks agrees (not fences, whose
    `{...}` may set attributes): what can be markup, for a cheap look before rendering (see rendered_html).
    Only a text of one line is read so: over several, a list item, a heading or a fence may start a new block
    (and end a span) where only rendering tells; with a line starting with a tag or an escaped backtick,
    nothing is blanked either."""
    if "`" not in text or "\n" in text.strip() or "\\`" in text or _HTML_BLOCK.search(text):
        return text
    return _agreed(text, [_ONE_LINE_CODE_SPAN.sub(_blank, text), _blank_spans(text, _hilite_code_spans(text, False))])


def is_bad_url(url: str) -> bool:
    """True for javascript:, vbscript: and data: URLs, however they are spelled (entities, spaces, case)."""
    plain = html.unescape(url)
    plain = re.sub(r"[\x00-\x20\\]+", "", plain).lower().strip("\"'")
    return plain.startswith(BAD_SCHEMES)


def tag_name(written: str) -> str:
    """The tag an entry of `allowed_html` names, written `kbd`, `<kbd>` or `KBD`."""
    return written.strip("<>/ ").lower()


def allowed_tags(extra: Iterable[str] = ()) -> frozenset[str]:
    """The tags a site allows: the defaults plus its own list, never the dangerous ones."""
    return (DEFAULT_ALLOWED | {tag_name(t) for t in extra}) - NEVER_ALLOWED


def find_violations(text: str, extra_allowed: Iterable[str] = ()) -> list[tuple[int, int, str, str]]:
    """Every unsafe construct in Markdown `text`: (0-based line and column within the text, message, hint)."""
    if not may_hold_markup(text):
        return []
    allowed = allowed_tags(extra_allowed)
    plain = strip_code(text)
    found: list[tuple[int, int, str, str]] = []

    def add(offset: int, message: str, hint: str) -> None:
        line_start = plain.rfind("\n", 0, offset) + 1
        found.append((plain.count("\n", 0, offset), offset - line_start, message, hint))

    for offset, name, message, hint in unbalanced_tags(plain):
        if name in allowed:  # a tag not allowed at all is reported as such below
            add(offset, message, hint)
    for match in _TAG.finditer(plain):
        name = match.group(2).lower()
        if match.group(1):  # a closing tag: its opening tag was reported already
            pass
        elif name in NEVER_ALLOWED:
            add(match.start(), f"the HTML tag <{name}> is not allowed",
                "Quiz text may not run scripts or embed content; to show the tag as text, "
                f"put it in backticks: `<{name}>`")
        elif name not in allowed:
            add(match.start(), f"the HTML tag <{name}> is not allowed",
                f"Add '{name}' to plugins.quizpages.allowed_html in mkdocs.yml if it is safe, "
                f"or put it in backticks to show it as text")
        attributes = match.group(3)
        for event in _EVENT_ATTR.finditer(attributes):
            add(match.start(), f"the event-handler attribute {event.group(1)}= is not allowed",
                "Quiz text may not run scripts; remove the attribute")
        for url in _URL_ATTR.finditer(attributes):
            if is_bad_url(url.group(2)):
                add(match.start(), f"a {_scheme(url.group(2))} URL is not allowed in {url.group(1)}=",
                    "Link to an http(s) address or a page of the site")
    for match in MARKDOWN_LINK.finditer(plain):
        if is_bad_url(match.group(1)):
            opening = plain.rfind("[", 0, match.start())
            what = "an image" if opening > 0 and plain[opening - 1] == "!" else "a link"
            start = opening - (what == "an image") if opening >= 0 else match.start()
            add(start, f"a {_scheme(match.group(1))} URL is not allowed in {what}",
                "Link to an http(s) address or a page of the site")
    for pattern in (_MD_REF, _AUTOLINK):
        for match in pattern.finditer(plain):
            if is_bad_url(match.group(1)):
                add(match.start(), f"a {_scheme(match.group(1))} URL is not allowed in a link",
                    "Link to an http(s) address or a page of the site")
    return sorted(found)


def unbalanced_tags(plain: str) -> list[tuple[int, str, str, str]]:
    """(offset, tag name, message, hint) of each tag in `plain` (code removed) that does not pair up in the text
    itself. A closing tag with nothing to close would close an element of the page around the text (a
    `</details>` ends the Show Answer block, and the rest of the answer shows); a tag left open takes in
    the rest of the page. Tags HTML closes by itself (`<li>`, `<p>`) may be left open."""
    open_tags: list[tuple[str, int]] = []
    found = []
    for match in _TAG.finditer(plain):
        name = match.group(2).lower()
        if name in VOID or match.group(3).rstrip().endswith("/"):
            continue
        if not match.group(1):
            open_tags.append((name, match.start()))
            continue
        index = len(open_tags) - 1
        while index >= 0 and open_tags[index][0] != name and open_tags[index][0] in OPTIONAL_END:
            index -= 1
        if index >= 0 and open_tags[index][0] == name:
            del open_tags[index:]  # what was opened inside it and may stay open closes with it, as in HTML
            continue
        found.append((match.start(), name, f"the closing tag </{name}> has no <{name}> before it in this text",
                      f"Remove it, or put it in backticks to show it as text (`</{name}>`); it would close "
                      "the page's own block around the text"))
    for name, offset in open_tags:
        if name not in OPTIONAL_END:
            found.append((offset, name, f"the HTML tag <{name}> is never closed in this text",
                          f"Close it with </{name}> in the same text, or put it in backticks to show it as "
                          "text; left open, it takes in the rest of the page"))
    return found


def _scheme(url: str) -> str:
    plain = re.sub(r"[\x00-\x20\\]+", "", html.unescape(url)).lower().strip("\"'")
    return plain.split(":", 1)[0] + ":"


def sanitize(text: str, extra_allowed: Iterable[str] = ()) -> str:
    """`text` with every unsafe tag escaped and every unsafe URL replaced, code left as written.

    The renderer's second line of defence: validation normally rejects all of
    this first, but `quizpages render` or a bypassed check must still be safe.
    An escape can complete another construct (``<javascript:<b>`` becomes an autolink), so
    passes repeat until nothing changes (each pass escapes a "<" or blanks a URL, so this ends).
    """
    if not may_hold_markup(text):  # most text: nothing that could be HTML or a URL scheme
        return text
    for _ in range(100):
        cleaned = _sanitize_once(text, extra_allowed)
        if cleaned == text:
            return text
        text = cleaned
    return html.escape(text, quote=False)  # not reached in practice; escape everything rather than guess


# Python-Markdown's attribute lists (`attr_list`): `{: ... }` (the colon optional) after an element, on the
# line under a block, or after a fence; read with the scanner attr_list itself uses.
_ATTR_LIST = re.compile(r"\{:?[ ]*([^}\n ][^}\n]*)[ ]*\}")
_ATTR_SCANNER = re.Scanner([  # type: ignore[attr-defined]
    (r'[^ =}]+=".*?"', lambda _s, token: tuple(token.split("=", 1))),
    (r"[^ =}]+='.*?'", lambda _s, token: tuple(token.split("=", 1))),
    (r"[^ =}]+=[^ =}]+", lambda _s, token: tuple(token.split("=", 1))),
    (r"[^ =}]+", lambda _s, token: (token,)),
    (r" ", None),
])
_LIST_KEYS = GENERIC_ATTRIBUTES.union(*ALLOWED_ATTRIBUTES.values())
_FENCE_ATTRIBUTES = re.compile(r"^([ \t]*(?:`{3,}|~{3,})[^{\n]*)(\{[^\n]*\})", re.M)


def safe_attribute_list(content: str) -> bool:
    """Whether an attribute list's content (`.class #id title="..."`) sets only what quiz text may: classes, an
    id and attributes on the allowlist, with safe URLs. Anything else, an event handler above all, is not."""
    tokens, rest = _ATTR_SCANNER.scan(content.strip())
    if rest:
        return False
    for token in tokens:
        if len(token) == 1:  # `.class`, `#id`, or a bare name, which sets name="name"
            word = token[0]
            if not (word[:1] in ".#" or word.lower() in _LIST_KEYS - URL_ATTRIBUTES):
                return False
            continue
        key, value = token[0].lower(), token[1].strip("\"'")
        if key not in _LIST_KEYS or (key in URL_ATTRIBUTES and (is_bad_url(value) or _foreign_scheme(value))):
            return False
    return True


def _foreign_scheme(url: str) -> bool:
    scheme = re.match(r"^([A-Za-z][A-Za-z0-9+.-]*):", re.sub(r"[\x00-\x20\\]+", "", html.unescape(url)))
    return scheme is not None and scheme.group(1).lower() not in URL_SCHEMES


def _escaped(text: str, offset: int) -> bool:
    """Whether the character at `offset` follows an odd number of backslashes (a Markdown escape)."""
    count = 0
    while offset - count > 0 and text[offset - count - 1] == "\\":
        count += 1
    return count % 2 == 1


def _sanitize_once(text: str, extra_allowed: Iterable[str]) -> str:
    if not may_hold_markup(text):
        return text
    allowed = allowed_tags(extra_allowed)
    # Rather escape a tag in code than miss one: what any reading of code spans (over line ends, as
    # the validator takes them, or not; Python-Markdown's or inlinehilite's) leaves outside code is checked.
    readings = code_readings(text, spans_cross_lines=False) + code_readings(text)
    plain = _agreed(text, readings)
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement) in `text`
    for match in _TAG.finditer(plain):
        name = match.group(2).lower()
        attributes = match.group(3)
        unsafe = (name not in allowed or _EVENT_ATTR.search(attributes)
                  or any(is_bad_url(u.group(2)) for u in _URL_ATTR.finditer(attributes)))
        if unsafe:
            edits.append((match.start(), match.start() + 1, "&lt;"))
    # A tag begun and never finished (`<img src=x onerror=alert(1)//` then a code span) takes in what Markdown
    # makes of the rest, up to the first ">" of the HTML after it: escaped, unless it starts an autolink.
    # (An unsafe tag is a finished one: escaped above.)
    finished = {m.start() for pattern in (_TAG, _AUTOLINK, _EMAIL_AUTOLINK) for m in pattern.finditer(plain)}
    edits += [(m.start(), m.start() + 1, "&lt;") for m in _TAG_START.finditer(plain) if m.start() not in finished]
    # Balance is judged in each reading on its own: a closing tag outside code in one reading only (a code
    # span over a line end) closes nothing in the other, where its opening tag would be left open.
    unsafe_starts = {start for start, _end, _new in edits}
    unbalanced = {offset for reading in readings for offset, *_ in unbalanced_tags(reading)}
    edits += [(offset, offset + 1, "&lt;") for offset in sorted(unbalanced - unsafe_starts)]
    for match in MARKDOWN_LINK.finditer(plain):
        if is_bad_url(match.group(1)):
            edits.append((match.start(1), match.end(1), "#"))
    for pattern in (_MD_REF, _AUTOLINK):
        for match in pattern.finditer(plain):
            if is_bad_url(match.group(1)):
                edits.append((match.start(1), match.end(1), "#"))
    # an attribute list that would set more than the allowlist does is escaped (`\{`): shown as text
    edits += [(match.start(), match.start() + 1, "\\{") for match in _ATTR_LIST.finditer(plain)
              if not _escaped(plain, match.start()) and not safe_attribute_list(match.group(1))]
    # a fence's own `{...}` (blanked with the code in `plain`) is dropped: the code shows, unhighlighted
    edits += [(match.start(2), match.end(2), "") for match in _FENCE_ATTRIBUTES.finditer(text)
              if not safe_attribute_list(match.group(2)[1:-1].lstrip(":"))]
    # Edits that overlap (a URL inside another's): the first is made, the rest wait for the next pass.
    kept: list[tuple[int, int, str]] = []
    for edit in sorted(edits):
        if not kept or edit[0] >= kept[-1][1]:
            kept.append(edit)
    for start, end, replacement in reversed(kept):
        text = text[:start] + replacement + text[end:]
    return text


def check_quiz(quiz: Quiz, extra_allowed: Iterable[str] = (), slots: Iterable[TextSlot] | None = None,
               rendered: RenderedHtml | None = None) -> list[Problem]:
    """Every unsafe construct in any text of `quiz` (`slots`: its texts, when the caller has walked them),
    as errors located at the text that holds it: what was written, and, given `rendered` (the site's
    Markdown), what the sanitizer would remove from the HTML it renders."""
    problems = []
    for slot in quiz.texts() if slots is None else slots:
        if slot.verbatim:  # shown as written, escaped: `<none>` is the text kubectl prints, never a tag
            continue
        for language, value in slot.text.items():
            where = slot.text.where(language) or slot.fallback
            field = f"{slot.label} [{language}]" if language else slot.label
            written = find_violations(value, extra_allowed)
            for line, column, message, hint in written:
                problems.append(error(line_in_block(where, line, column, value), f"{field}: {message}", hint))
            if rendered is None:
                continue
            findings = rendered.findings(value)
            if findings is None:  # the site's extensions cannot be loaded: said once for the quiz
                problems.append(error(quiz.source or Source(""), "the quiz text cannot be checked as the site "
                                      f"renders it: its Markdown extensions do not load ({rendered.setup_error})",
                                      "Make sure every extension in mkdocs.yml's markdown_extensions is installed "
                                      "and its options are right"))
                rendered = None
                continue
            if not findings:  # most text: not rendered at all (see may_hold_markup)
                continue
            for line, column, message, hint in _not_written(value, findings, [m for _, _, m, _ in written]):
                problems.append(error(line_in_block(where, line, column, value), f"{field}: {message}", hint))
    return problems


def _not_written(text: str, findings: list[Finding], written: list[str]) -> Iterator[tuple[int, int, str, str]]:
    """The findings of the rendered HTML that the check of what was written has not reported already
    (an event handler written as HTML is in both), located at what made them in `text` where it can be
    found: (0-based line and column within the text, message, hint)."""
    seen: dict[str, int] = {}
    plain = strip_code(text)
    for finding in findings:
        nth = seen[finding.subject] = seen.get(finding.subject, -1) + 1
        if nth < sum(finding.subject in message for message in written):
            continue
        offset = _nth_place(plain, finding.needle, nth)
        if offset is None:  # not where code was blanked out: in a fence's `{...}`, say
            offset = _nth_place(text, finding.needle, nth) or 0
        line_start = text.rfind("\n", 0, offset) + 1
        yield text.count("\n", 0, offset), offset - line_start, finding.message, finding.hint


def _nth_place(text: str, needle: str, nth: int) -> int | None:
    """Where the `nth` (0-based) occurrence of `needle` starts in `text`, ignoring case; None if there is none."""
    found = [m.start() for m in re.finditer(re.escape(needle), text, re.I)]
    return found[nth] if nth < len(found) else (found[-1] if found else None)


def _on_its_line(where: Source, written: str, column: int, text: str) -> Source:
    """`column` of a one-line `text` whose value starts at `where` on the line `written`, plain or quoted."""
    if "\n" in text:
        return where
    start = where.column - 1
    start += written[start:start + 1] in ("'", '"')  # inside the quotes
    if written[start:start + column] != text[:column]:  # an escape before it: the columns do not map
        return where
    return Source(where.path, where.line, start + column + 1)


def line_in_block(where: Source | None, line: int, column: int, text: str | None = None) -> Source:
    """The file position of `line` and `column` of a text written at `where`: in a literal block (``|``),
    whose lines map one to one to the file's, or in a text on one line when nothing before the column was
    escaped (given the `text`, to tell); other styles fold lines, so their problems stay at the start of
    the value."""
    if not where:
        return Source("")
    if not where.path:
        return where
    try:
        with open(where.path, encoding="utf-8-sig") as f:
            lines = f.read().splitlines()
        written = lines[where.line - 1]
    except (OSError, UnicodeDecodeError, IndexError):
        return where
    if not re.fullmatch(r"\|[+-]?(\s+#.*)?", written[where.column - 1:].strip()):  # (|2 shifts columns)
        return _on_its_line(where, written, column, text) if line == 0 and text else where
    if where.line >= len(lines):
        return where
    first = lines[where.line]
    indent = len(first) - len(first.lstrip(" "))
    return Source(where.path, where.line + 1 + line, indent + column + 1)
