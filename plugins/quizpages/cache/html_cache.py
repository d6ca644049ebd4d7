"""The HTML that MkDocs made of generated pages under `mkdocs serve`, kept for the next `serve`.

Converting a quiz page's Markdown to HTML is most of what building the page
costs; its template and search entries are the rest. The MkDocs glue names
everything a conversion depends on in its key (mkdocs/page_html.py). This
store keeps the results: one JSON file, read when first used, holding for
each page the entry of its last version only, written when it has new ones.
Disposable like the build cache: a missing, damaged or foreign file is an
empty one, and a failed write is ignored. No MkDocs here: entries are JSON
data the glue makes.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

from ..util.atomic_write import write_atomic

FORMAT = 1


class HtmlCache:
    """Entries by key, and the key each page used last, in ``<root>/html.json``."""

    FILE = "html.json"

    def __init__(self, root: str, inputs: str):
        self.path = os.path.join(os.path.abspath(root), self.FILE)
        self.inputs = inputs  # what every entry depends on besides its own key (the Markdown settings)
        self._stored: dict[str, dict] | None = None
        self._current: dict[str, str] = {}  # page -> the key of its last version, read or made
        self._added: dict[str, dict] = {}
        self.hits = self.misses = 0

    def get(self, page: str, key: str) -> dict | None:
        entry = self._added.get(key) or self._entries().get(key)
        if entry is None:
            self.misses += 1
            return None
        self.hits += 1
        self._current[page] = key
        return entry

    def put(self, page: str, key: str, entry: dict) -> None:
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
        stored = self._entries()
        keep = {key: self._added.get(key) or stored.get(key) for key in self._current.values()}
        keep = {key: entry for key, entry in keep.items() if entry is not None}
        if keep.keys() == stored.keys():
            return False
        try:
            write_atomic(self.path, self._chunks(keep), overwrite=True, durable=False)  # the next serve remakes it
        except OSError:
            return False
        self._stored, self._added = keep, {}
        return True

    def _chunks(self, entries: dict[str, dict]) -> Iterator[str]:
        """The file's JSON entry by entry, not as one string the size of every page together."""
        yield json.dumps({"format": FORMAT, "inputs": self.inputs})[:-1] + ',"entries":{'
        for i, (key, entry) in enumerate(entries.items()):
            yield ("," if i else "") + json.dumps(key) + ":" + json.dumps(entry, ensure_ascii=False)
        yield "}}"

    def _entries(self) -> dict[str, dict]:
        if self._stored is None:
            self._stored = self._read()
        return self._stored

    def _read(self) -> dict[str, dict]:
        try:
            with open(self.path, encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, ValueError, RecursionError):  # none yet, unreadable, not JSON: start over
            return {}
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("inputs") != self.inputs:
            return {}  # other Markdown settings or versions: nothing applies
        entries = data.get("entries")
        if not isinstance(entries, dict) or not all(isinstance(e, dict) for e in entries.values()):
            return {}
        return entries
