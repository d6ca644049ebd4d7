"""Write translations into a quiz file's YAML text in place, touching nothing else.

The loader knows where every text was written (`Text.source`, `Text.sources`); this module composes
the same text once more (marks are character offsets) to find each of those nodes' spans, and edits
only them:

- a translation that changed replaces its own scalar, in that scalar's style (plain, quoted, `|`, `>`);
- a missing one is added beside its language's neighbour in the mapping's own style: `, ko: ...` before
  the `}` of `{en: ..., ko: ...}`, or a `ko: ...` line under the `en:` line of a block mapping, written
  in the neighbour's style;
- a text written once for every language that gains a translation becomes `{en: ..., ko: ...}` (or a
  block mapping, for a block scalar).

Comments, key order, quoting and blank lines of everything else stay byte for byte. The caller reads
the result back with the loader and compares every text (see importer.py): a style that cannot hold a
text falls back to one that can, and an edit that would read back differently is never written.
"""

from __future__ import annotations

from dataclasses import dataclass

import yaml

from ..model import Text
from . import scalars


try:  # libyaml's composer, several times faster; its marks count characters, as PyYAML's own do
    from yaml import CSafeLoader as Composer
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as Composer  # type: ignore[assignment]


class EditError(Exception):
    """The translations cannot be written into the file so that it reads back as intended; nothing is written."""


@dataclass(frozen=True)
class Change:
    """Write `value` as the `language` text of `text` (a text of the quiz read from this file)."""

    text: Text
    language: str
    value: str


@dataclass(frozen=True)
class _Edit:
    start: int
    end: int
    replacement: str


def apply_changes(data: bytes, changes: list[Change], languages: tuple[str, ...], wrap: bool = True) -> bytes:
    """The file's bytes with every change written in; `languages`: the site's, in their order (a new
    translation goes after the languages before it). `wrap`: a text wrapped over several lines is wrapped
    again at its width (the caller reads the result back, and writes it unwrapped when that fails)."""
    bom = b"\xef\xbb\xbf" if data.startswith(b"\xef\xbb\xbf") else b""
    text = data[len(bom):].decode("utf-8")
    file = _File(text, wrap)
    by_text: dict[int, list[Change]] = {}
    for change in changes:
        by_text.setdefault(id(change.text), []).append(change)
    edits: list[_Edit] = []
    for group in by_text.values():
        edits += file.edits_for(group[0].text, {c.language: c.value for c in group}, languages)
    edits.sort(key=lambda e: (e.start, e.end))
    for before, after in zip(edits, edits[1:]):
        if after.start < before.end:
            raise EditError("two translations overlap in the file")
    for edit in reversed(edits):
        text = text[:edit.start] + edit.replacement + text[edit.end:]
    return bom + text.encode("utf-8")


class _File:
    def __init__(self, text: str, wrap: bool = True):
        self.text = text
        self.wrap = wrap
        self.newline = "\r\n" if "\r\n" in text else "\n"
        self.line_starts = [0]
        for index, char in enumerate(text):
            if char == "\n":
                self.line_starts.append(index + 1)
        root = yaml.compose(text, Loader=Composer)
        self.at: dict[tuple[int, int], list[yaml.Node]] = {}
        self.flow: set[int] = set()  # ids of nodes inside a flow collection
        self._index(root, False)

    def _index(self, node: yaml.Node | None, in_flow: bool) -> None:
        if node is None:
            return
        if isinstance(node, yaml.ScalarNode) and not node.style:
            node.style = None  # libyaml writes a plain scalar's style as "", PyYAML as None
        self.at.setdefault((node.start_mark.line + 1, node.start_mark.column + 1), []).append(node)
        if in_flow:
            self.flow.add(id(node))
        inner = in_flow or bool(getattr(node, "flow_style", False))
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                self._index(key, inner)
                self._index(value, inner)
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                self._index(item, inner)

    def node(self, text: Text, cls: type) -> yaml.Node:
        where = text.source
        found = [n for n in self.at.get((where.line, where.column), []) if isinstance(n, cls)] if where else []
        if not found:
            raise EditError(f"no text at line {where.line if where else '?'}")
        return found[0]

    # -- the spans and the columns of nodes -------------------------------------------------------

    def column(self, node: yaml.Node) -> int:
        return node.start_mark.column

    def line_of(self, index: int) -> int:
        low, high = 0, len(self.line_starts) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if self.line_starts[middle] <= index:
                low = middle
            else:
                high = middle - 1
        return low

    def content_indent(self, node: yaml.ScalarNode) -> int | None:
        """The indentation of a block scalar's first non-empty content line."""
        line = self.line_of(node.start_mark.index) + 1
        while line < len(self.line_starts):
            start = self.line_starts[line]
            end = self.line_starts[line + 1] if line + 1 < len(self.line_starts) else len(self.text)
            content = self.text[start:end].rstrip("\r\n")
            if start >= node.end_mark.index:
                return None
            if content.strip():
                return len(content) - len(content.lstrip(" "))
            line += 1
        return None

    def block_end(self, node: yaml.ScalarNode) -> int:
        """Where a block scalar's last content line ends (after its line break): its span also holds the
        empty lines after it, which belong to the file's layout."""
        end = node.end_mark.index
        line = self.line_of(max(end - 1, 0))
        while line > self.line_of(node.start_mark.index):
            start = self.line_starts[line]
            if self.text[start:end].strip():
                break
            end = start
            line -= 1
        return end

    def header_rest(self, node: yaml.ScalarNode) -> str:
        """What follows a block scalar's indicator on its line (a comment), kept as written."""
        start = node.start_mark.index
        line_end = self.text.find("\n", start)
        header = self.text[start:line_end if line_end >= 0 else len(self.text)].rstrip("\r")
        indicator = len(header) - len(header.lstrip("|>+-0123456789"))
        return header[indicator:]

    def line_end(self, index: int) -> int:
        """The offset just after the line break of the line holding `index`."""
        found = self.text.find("\n", index)
        return len(self.text) if found < 0 else found + 1

    # -- rendering -----------------------------------------------------------------------------

    def lines_of(self, node: yaml.Node) -> list[str]:
        """The whole lines a node is written on, from the start of its first line."""
        start = self.line_starts[self.line_of(node.start_mark.index)]
        return self.text[start:node.end_mark.index].rstrip("\r\n").split("\n")

    def render(self, value: str, like: yaml.ScalarNode | None, flow: bool, indent: int) -> str:
        """`value` as a scalar in the style of `like` (plain when None), falling back to a style that holds
        it: a literal block in block context, double quotes in flow context. A text `like` wrapped over
        several lines is wrapped again at the same width (when `self.wrap`)."""
        style = like.style if like is not None else None
        rest = self.header_rest(like) if like is not None and style in ("|", ">") and like.value else ""
        key_column = indent - 2  # in block context `indent` is the key's column + 2
        if like is not None and style in ("|", ">"):
            indent = self.content_indent(like) or indent
        rendered = None
        if style == "|" and not flow:
            rendered = scalars.literal(value, indent, self.newline, rest, key_column)
        elif style == ">" and not flow:
            rendered = scalars.folded(value, indent, self.newline, self._folding_of(like, indent),
                                      header_rest=rest) or scalars.literal(value, indent, self.newline, rest,
                                                                            key_column)
        elif style == "'":
            rendered = scalars.single_quoted(value)
        elif style is None:
            rendered = scalars.plain(value, flow)
            if rendered is None and "\n" in value and not flow:
                rendered = scalars.literal(value, indent, self.newline)
        if rendered is None:
            rendered = scalars.double_quoted(value)
        if like is not None and style in (None, "'", '"') and "\n" not in rendered:
            rendered = self._wrapped_like(rendered, like, flow)
        return rendered

    def _folding_of(self, like: yaml.ScalarNode, indent: int) -> dict | None:
        """How the folded block `like` is wrapped (see scalars.wrapping_of); None to wrap at 100 columns."""
        lines = [line.strip() for line in self.lines_of(like)[1:] if line.strip()]
        body = like.value.rstrip("\n")
        if not self.wrap or not lines or "\n" in body:
            return None
        return scalars.wrapping_of(body, lines, indent, indent)

    def _wrapped_like(self, rendered: str, like: yaml.ScalarNode, flow: bool) -> str:
        """A one-line scalar wrapped as `like` was (the same rule and width, continued at the indentation of
        its second line). Left on one line when `like` was one line."""
        lines = self.lines_of(like)
        if not self.wrap or flow or len(lines) < 2:
            return rendered
        first = scalars.display_width(lines[0][:like.start_mark.column])
        indent = len(lines[1]) - len(lines[1].lstrip(" "))
        old = {None: scalars.plain(like.value, False), "'": scalars.single_quoted(like.value),
               '"': scalars.double_quoted(like.value)}[like.style]
        written = [lines[0][like.start_mark.column:].strip()] + [line.strip() for line in lines[1:]]
        wrapping = scalars.wrapping_of(old, written, first, indent) if old else dict(width=100)
        wrapped = scalars.wrap(rendered, first, indent, **wrapping)
        if wrapped is None:
            return rendered
        return (self.newline + " " * indent).join(wrapped)

    # -- the edits of one text ------------------------------------------------------------------

    def edits_for(self, text: Text, values: dict[str, str], languages: tuple[str, ...]) -> list[_Edit]:
        if text.by_language:
            return self._mapping_edits(self.node(text, yaml.MappingNode), values, languages)
        return [self._shared_edit(self.node(text, yaml.ScalarNode), values, languages)]

    def _mapping_edits(self, mapping: yaml.MappingNode, values: dict[str, str],
                       languages: tuple[str, ...]) -> list[_Edit]:
        flow = bool(mapping.flow_style)
        entries = [(key.value, key, value) for key, value in mapping.value if isinstance(value, yaml.ScalarNode)]
        edits = []
        new: list[tuple[str, str]] = []
        for language, value in values.items():
            found = next(((k, v) for name, k, v in entries if name == language), None)
            if found is None:
                new.append((language, value))
                continue
            key, node = found
            end = self.block_end(node) if node.style in ("|", ">") else node.end_mark.index
            rendered = self.render(value, node, flow or id(node) in self.flow, self.column(key) + 2)
            if node.style in ("|", ">") and not rendered.startswith(("|", ">")):
                end = self._line_break_before(end)  # a block became one line: its line break stays
            elif node.style not in ("|", ">") and rendered.startswith(("|", ">")):
                end, rendered = self._as_block(end, rendered)
            edits.append(_Edit(node.start_mark.index, end, rendered))
        if new:
            edits += self._insertions(mapping, entries, new, languages, flow)
        return edits

    def _as_block(self, end: int, rendered: str) -> tuple[int, str]:
        """A one-line text that became a block (`|`) replaces the rest of its line too: a comment after it
        moves onto the block's first line, where it stays a comment."""
        line_end = self.line_end(end)
        rest = self.text[end:line_end].strip()
        if rest.startswith("#"):
            header, body = rendered.split(self.newline, 1)
            return line_end, f"{header}  {rest}{self.newline}{body}"
        return self._line_break_before(line_end), rendered[:-len(self.newline)]

    def _line_break_before(self, end: int) -> int:
        """`end` (just after a line break) moved before that line break."""
        if end and self.text[end - 1] == "\n":
            end -= 1
            if end and self.text[end - 1] == "\r":
                end -= 1
        return end

    def _insertions(self, mapping: yaml.MappingNode, entries: list, new: list[tuple[str, str]],
                    languages: tuple[str, ...], flow: bool) -> list[_Edit]:
        order = {language: index for index, language in enumerate(languages)}
        edits = []
        for language, value in sorted(new, key=lambda item: order.get(item[0], len(order))):
            before = [e for e in entries if order.get(e[0], -1) < order.get(language, len(order))]
            _name, key, neighbour = (before or entries)[-1]
            if flow:
                at = neighbour.end_mark.index
                rendered = self.render(value, neighbour, True, 0)
                edits.append(_Edit(at, at, f", {language}: {rendered}"))
                continue
            column = self.column(key)
            if neighbour.style in ("|", ">"):
                at = self.block_end(neighbour)
            else:
                at = self.line_end(neighbour.end_mark.index)
            rendered = self.render(value, neighbour, False, column + 2)
            line = " " * column + f"{language}: {rendered}"
            if not line.endswith("\n"):
                line += self.newline
            prefix = self.newline if at == len(self.text) and not self.text.endswith("\n") else ""
            edits.append(_Edit(at, at, prefix + line))
            entries = entries + [(language, key, neighbour)]  # a later new language goes after this one
        return _merged(edits)

    def _shared_edit(self, node: yaml.ScalarNode, values: dict[str, str], languages: tuple[str, ...]) -> _Edit:
        """A text written once for every language becomes one written per language."""
        source = languages[0]
        order = {language: index for index, language in enumerate(languages)}
        every = {source: node.value, **values}
        ordered = sorted(every.items(), key=lambda item: order.get(item[0], len(order)))
        flow = id(node) in self.flow
        if node.style not in ("|", ">") or flow:
            written = self.text[node.start_mark.index:node.end_mark.index]
            keeps = node.style in ("'", '"') or (node.style is None and scalars.plain(node.value, True) is not None)
            parts = [f"{source}: {written if keeps else self.render(node.value, None, True, 0)}"]
            parts += [f"{language}: {self.render(value, None, True, 0)}" for language, value in ordered
                      if language != source]
            return _Edit(node.start_mark.index, node.end_mark.index, "{" + ", ".join(parts) + "}")
        # a block scalar (`answer: |`): a block mapping under its key, each language a block of its own
        start = node.start_mark.index
        line_start = self.line_starts[self.line_of(start)]
        before = self.text[line_start:start]
        column = len(before) - len(before.lstrip(" "))
        owner_is_item = before.strip().startswith("-") and ":" not in before
        if owner_is_item:  # `- |`: the mapping starts where the scalar did
            key_column, lead = self.column(node), ""
        else:
            key_column = column + 2
            while start > line_start and self.text[start - 1] == " ":
                start -= 1  # `answer: |` becomes `answer:`, then the languages on lines of their own
            lead = self.newline + " " * key_column
        lines = []
        for index, (language, value) in enumerate(ordered):
            rendered = (scalars.literal(value, key_column + 2, self.newline, parent=key_column)
                        or self.render(value, None, False, key_column + 2))
            item = f"{language}: {rendered}"
            if not item.endswith("\n"):
                item += self.newline
            lines.append(item if index == 0 else " " * key_column + item)
        return _Edit(start, self.block_end(node), lead + "".join(lines))


def _merged(edits: list[_Edit]) -> list[_Edit]:
    """Insertions at the same place written as one, in the order given."""
    merged: list[_Edit] = []
    for edit in edits:
        if merged and merged[-1].start == edit.start == edit.end == merged[-1].end:
            merged[-1] = _Edit(edit.start, edit.end, merged[-1].replacement + edit.replacement)
        else:
            merged.append(edit)
    return merged
