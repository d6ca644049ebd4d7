"""The HTML that MkDocs made of generated pages, kept for the next build or `serve`.

Converting a quiz page's Markdown to HTML is most of what building the page
costs; its template and search entries are the rest. The MkDocs glue names
everything a conversion depends on in its key (mkdocs/page_html.py). This
store keeps the results: one file holding, for each page, the entry of its last
version only, rewritten when it has new ones. Disposable like the build cache: a
missing, damaged or foreign file is an empty one, and a failed write is ignored.
No MkDocs here: entries are JSON data the glue makes, or functions that make it
when the file is written.

A build holds nothing more than its own pages: the file has one line per entry
(JSON lines), so it is read without a string the size of every page; an entry
read is handed over and let go; and writing the file again copies the lines of
the entries read from the old file, and makes the new ones one at a time.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator

from ..util.atomic_write import write_atomic

FORMAT = 2
Entry = dict | Callable[[], dict]  # an entry, or what makes it when it is written


class HtmlCache:
    """Entries by key, and the key each page used last, in ``<root>/<name>`` (``html.jsonl``)."""

    FILE = "html.jsonl"

    def __init__(self, root: str, inputs: str, name: str = FILE):
        self.root = root
        self.path = os.path.join(os.path.abspath(root), name)
        self.inputs = inputs  # what every entry depends on besides its own key (the Markdown settings)
        self._stored: dict[str, dict] | None = None  # the file's entries not handed over yet, read on first use
        self._on_disk: set[str] = set()  # the keys the file holds
        self._current: dict[str, str] = {}  # page -> the key of its last version, read or made
        self._added: dict[str, Entry] = {}  # made since the file was written
        self.hits = self.misses = 0

    def get(self, page: str, key: str) -> dict | None:
        """The entry of `key`, handed over: a second `get` of it finds nothing (the file still keeps it)."""
        entry = self._added.get(key)
        entry = _made(entry) if entry is not None else self._entries().pop(key, None)
        if entry is None:
            self.misses += 1
            return None
        self.hits += 1
        self._current[page] = key
        return entry

    def put(self, page: str, key: str, entry: Entry) -> None:
        superseded = self._current.get(page)
        if superseded is not None and superseded != key:
            self._added.pop(superseded, None)  # a page saved again and again keeps one new entry, not all
        self._added[key] = entry
        self._current[page] = key

    def forget(self, page: str) -> None:
        """`page`'s entry turned out unusable: do not keep it."""
        self._current.pop(page, None)

    def save(self) -> bool:
        """Write the last entry of every page seen since the file was read, when that differs from the file."""
        self._entries()
        keep = {key for key in self._current.values() if key in self._added or key in self._on_disk}
        if keep == self._on_disk and not self._added.keys() - self._on_disk:
            return False
        try:
            write_atomic(self.path, self._lines(keep), overwrite=True, durable=False)  # the next build remakes it
        except OSError:
            return False
        self._on_disk, self._added = keep, {}
        self._stored = {key: entry for key, entry in self._stored.items() if key in keep}
        return True

    def _lines(self, keep: set[str]) -> Iterator[str]:
        """The new file line by line: the kept lines of the old one as they are, then each new entry, made then."""
        yield json.dumps({"format": FORMAT, "inputs": self.inputs}) + "\n"
        copied = set()
        for key, line in self._old_lines():
            if key in keep and key not in self._added and key not in copied:
                copied.add(key)
                yield line
        for key, entry in self._added.items():
            if key in keep:
                yield json.dumps([key, _made(entry)], ensure_ascii=False) + "\n"

    def _old_lines(self) -> Iterator[tuple[str, str]]:
        """The entries' lines of the file (read before it is replaced), with their keys."""
        try:
            with open(self.path, encoding="utf-8") as f:
                if not self._is_ours(f.readline()):
                    return
                for line in f:
                    found = _entry_line(line)
                    if found is not None:
                        yield found[0], line if line.endswith("\n") else line + "\n"
        except (OSError, ValueError):
            return

    def _entries(self) -> dict[str, dict]:
        if self._stored is None:
            self._stored = self._read()
            self._on_disk = set(self._stored)
        return self._stored

    def _read(self) -> dict[str, dict]:
        entries: dict[str, dict] = {}
        try:
            with open(self.path, encoding="utf-8") as f:
                if not self._is_ours(f.readline()):
                    return {}  # none yet, another format, other Markdown settings or versions: nothing applies
                for line in f:
                    found = _entry_line(line)
                    if found is not None:  # a damaged line is a miss, not a damaged file
                        entries[found[0]] = found[1]
        except (OSError, ValueError):  # unreadable, not UTF-8: start over
            return {}
        return entries

    def _is_ours(self, header: str) -> bool:
        try:
            data = json.loads(header)
        except (ValueError, RecursionError):
            return False
        return isinstance(data, dict) and data.get("format") == FORMAT and data.get("inputs") == self.inputs


def _entry_line(line: str) -> tuple[str, dict] | None:
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        return None
    if isinstance(data, list) and len(data) == 2 and isinstance(data[0], str) and isinstance(data[1], dict):
        return data[0], data[1]
    return None


def _made(entry: Entry | None) -> dict | None:
    return entry() if callable(entry) else entry
