"""A cache of loaded quizzes and rendered pages that outlives the process, keyed by content.

Parsing YAML and rendering pages is most of what quizpages adds to a build.
Both depend only on things a key can name: the quiz file's bytes, the site's
quizpages settings, the quizpages code, templates and interface strings in use.
So each result is stored under a hash of exactly those, and a build that finds
it skips the work. Nothing is ever invalidated by time: a changed input is a
different key. The file keeps only the entries the last build used.

The cache is disposable: a missing, unreadable or corrupt entry is a miss, and
a failed write is ignored (the next build computes it again). It lives in the
site's ``.cache/`` folder, like Material's own plugins' caches, so CI can keep
it between runs. No MkDocs here.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Iterator

from ..kinds import KINDS, Registry
from ..model import Problem, Quiz
from ..util.atomic_write import write_atomic
from . import codec

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_CODE_SUFFIXES = (".py", ".j2", ".yml")


def _digest(*parts: bytes) -> str:
    h = hashlib.blake2b(digest_size=20)
    for part in parts:
        h.update(len(part).to_bytes(8, "little"))  # length-prefixed: ("ab", "c") != ("a", "bc")
        h.update(part)
    return h.hexdigest()


def _files_under(folder: str) -> list[str]:
    found = []
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        found.extend(os.path.join(root, n) for n in sorted(names) if n.endswith(_CODE_SUFFIXES))
    return found


def _input_files(folders: tuple[str, ...], kinds: Registry) -> list[str]:
    """quizpages' own code, templates and strings, every such file under `folders`, and the code of
    registered kinds that live elsewhere."""
    found = [path for folder in (PACKAGE, *folders) for path in _files_under(folder)]
    outside = sorted({_module_file(kind.body) for kind in kinds} - {None})
    return found + [path for path in outside if not path.startswith(PACKAGE + os.sep)]


def inputs_key(settings: object, folders: tuple[str, ...] = (), kinds: Registry = KINDS) -> str:
    """A hash of everything but the quiz files that a loaded quiz or a rendered page depends on:
    `settings` (their repr), quizpages' own code, templates and strings, the code of registered kinds
    that live elsewhere, and every template or strings file under `folders` (a site's overrides).
    Changing any of them makes every entry a miss."""
    parts = [repr(settings).encode(), str(codec.FORMAT).encode()]
    for path in _input_files(folders, kinds):
        try:
            with open(path, "rb") as f:
                parts += [path.encode(), f.read()]
        except OSError:  # a file that vanished while listing: it is part of no build
            continue
    return _digest(*parts)


def inputs_stamp(folders: tuple[str, ...] = (), kinds: Registry = KINDS) -> tuple:
    """The files `inputs_key` reads, with their modification times and sizes: a cheap way to tell,
    between rebuilds under `mkdocs serve`, that the key must be computed again."""
    stamps = []
    for path in _input_files(folders, kinds):
        try:
            stat = os.stat(path)
        except OSError:
            continue
        stamps.append((path, stat.st_mtime_ns, stat.st_size))
    return tuple(stamps)


def _module_file(cls: type) -> str | None:
    module = sys.modules.get(cls.__module__)
    path = getattr(module, "__file__", None)
    return os.path.abspath(path) if path else None


class BuildCache:
    """Every entry in one file, ``<root>/entries.json``: read once per build, written once at its end.

    One file, not one per entry: creating a file costs about half a millisecond here, so a cold
    200-quiz build would spend 0.3 s creating 600 of them. A quiz's model is kept as a JSON string
    inside the file and decoded only when asked for.
    """

    FILE = "entries.json"

    def __init__(self, root: str, inputs: str, kinds: Registry = KINDS):
        self.root = os.path.abspath(root)
        self.path = os.path.join(self.root, self.FILE)
        self.inputs = inputs  # inputs_key(...): what every entry's key starts from
        self.kinds = kinds
        self._stored: dict[str, dict[str, str]] | None = None  # what the file holds, read on first use
        self._used: dict[str, dict[str, str]] = {"quizzes": {}, "pages": {}}  # what this build needs
        self._changed = False  # an entry was added or replaced since the file was read
        self.hits = 0
        self.misses = 0

    # -- keys ------------------------------------------------------------------------------

    def quiz_key(self, path: str, quiz_id: str, data: bytes) -> str:
        """The key of a quiz file's loaded model: its bytes, where it is and what id it has."""
        return _digest(self.inputs.encode(), os.path.abspath(path).encode(), quiz_id.encode(), data)

    def page_key(self, *parts: str) -> str:
        """The key of a rendered page: the quiz keys and settings it was rendered from."""
        return _digest(self.inputs.encode(), *(p.encode() for p in parts))

    # -- loaded quizzes --------------------------------------------------------------------

    def get_quiz(self, key: str, path: str) -> tuple[Quiz | None, list[Problem]] | None:
        raw = self._get("quizzes", key)
        if raw is not None:
            try:
                loaded = codec.decode(path, json.loads(raw), self.kinds)
            except (ValueError, KeyError, TypeError, IndexError, RecursionError):  # corrupt: compute it again
                del self._used["quizzes"][key]
            else:
                self.hits += 1
                return loaded
        self.misses += 1
        return None

    def keep_quiz(self, key: str) -> None:
        """Keep an entry this build did not read (its model was still in memory) for the next one."""
        raw = self._entries("quizzes").get(key)
        if raw is not None:
            self._used["quizzes"][key] = raw

    def put_quiz(self, key: str, path: str, quiz: Quiz | None, problems: list[Problem]) -> None:
        self._used["quizzes"][key] = json.dumps(codec.encode(path, quiz, problems), ensure_ascii=False,
                                                separators=(",", ":"))
        self._changed = True

    # -- rendered pages --------------------------------------------------------------------

    def get_page(self, key: str) -> str | None:
        content = self._get("pages", key)
        if content is None:
            self.misses += 1
        else:
            self.hits += 1
        return content

    def put_page(self, key: str, content: str) -> None:
        self._used["pages"][key] = content
        self._changed = True

    # -- the file --------------------------------------------------------------------------

    def save(self, prune: bool, release: bool = True) -> bool:
        """Write the entries this build used, plus, unless `prune`, every entry already stored.

        Prune after a build that rendered every page (the file then holds exactly what the next
        build needs); not after one language's rebuild under `mkdocs serve`, which would drop the
        other languages' pages. Writes only when the file would change; returns whether it wrote.
        A failed write is ignored: the cache is only a shortcut. Without `release`, the entries
        stay in memory as the file now holds them (for the next rebuild of a running `serve`)."""
        stored = self._entries("quizzes"), self._entries("pages")
        used = self._used["quizzes"], self._used["pages"]
        if not prune:
            used = {**stored[0], **used[0]}, {**stored[1], **used[1]}
        # Normally let go of the entries: they are on disk, and a big site's pages and models
        # should not stay in memory through the rest of the build (a later use reads the file again).
        changed, self._changed = self._changed, False
        if release:
            self._stored, self._used = None, {"quizzes": {}, "pages": {}}
        else:
            self._stored, self._used = {"quizzes": used[0], "pages": used[1]}, {"quizzes": {}, "pages": {}}
        if not changed and all(u.keys() == s.keys() for u, s in zip(used, stored)):
            return False
        try:
            # a cache, which the next build can make again: no need to wait for the disk
            write_atomic(self.path, self._chunks(*used), overwrite=True, durable=False)
        except OSError:
            return False
        return True

    def _chunks(self, quizzes: dict[str, str], pages: dict[str, str]) -> Iterator[str]:
        """The file's JSON, entry by entry: one string for it all would double a big site's peak memory."""
        yield json.dumps({"format": codec.FORMAT, "inputs": self.inputs})[:-1]
        for kind, entries in (("quizzes", quizzes), ("pages", pages)):
            yield f',"{kind}":{{'
            for i, (key, value) in enumerate(entries.items()):
                yield ("," if i else "") + json.dumps(key) + ":" + json.dumps(value, ensure_ascii=False)
            yield "}"
        yield "}"

    def _get(self, kind: str, key: str) -> str | None:
        """The stored entry, marked as used by this build, or None."""
        value = self._entries(kind).get(key)
        if value is not None:
            self._used[kind][key] = value
        return value

    def _entries(self, kind: str) -> dict[str, str]:
        if self._stored is None:
            self._stored = self._read()
        return self._stored[kind]

    def _read(self) -> dict[str, dict[str, str]]:
        empty: dict[str, dict[str, str]] = {"quizzes": {}, "pages": {}}
        try:
            with open(self.path, encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, ValueError, RecursionError):  # none yet, unreadable, not UTF-8, not JSON: start over
            return empty
        if not isinstance(data, dict) or data.get("inputs") != self.inputs:
            return empty  # another quizpages version, other settings or templates: nothing applies
        entries = {kind: data.get(kind) for kind in empty}
        if not all(isinstance(e, dict) and all(isinstance(v, str) for v in e.values()) for e in entries.values()):
            return empty
        return entries

