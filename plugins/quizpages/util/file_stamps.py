"""Modification stamps of the files under some folders, and what changed between two readings.

`mkdocs serve` reruns its builder whenever it sees a change, without saying
which: comparing stamps taken before two rebuilds tells the plugin which files
an author saved, so a save rebuilds only what depends on them.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

Stamp = tuple[int, int]  # (st_mtime_ns, st_size): an editor's save changes at least one of them


def read_stamps(paths: Iterable[str]) -> dict[str, Stamp]:
    """The stamp of every file under each of `paths` (a folder, walked, or one file), by absolute path.
    Hidden files and folders are left out, as MkDocs leaves them out of a site (editors' swap files)."""
    stamps: dict[str, Stamp] = {}
    for path in paths:
        path = os.path.abspath(path)
        if os.path.isfile(path):
            _add(stamps, path)
            continue
        for root, dirs, names in os.walk(path):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for name in names:
                if not name.startswith("."):
                    _add(stamps, os.path.join(root, name))
    return stamps


def _add(stamps: dict[str, Stamp], path: str) -> None:
    try:
        stat = os.stat(path)
    except OSError:  # removed while walking: it is simply not there
        return
    stamps[path] = (stat.st_mtime_ns, stat.st_size)


@dataclass(frozen=True)
class FileChanges:
    added: frozenset[str] = frozenset()
    removed: frozenset[str] = frozenset()
    modified: frozenset[str] = frozenset()

    @property
    def paths(self) -> frozenset[str]:
        return self.added | self.removed | self.modified

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.modified)


def compare(before: Mapping[str, Stamp], after: Mapping[str, Stamp]) -> FileChanges:
    """What happened to the files between two `read_stamps` of the same paths."""
    return FileChanges(
        added=frozenset(after.keys() - before.keys()),
        removed=frozenset(before.keys() - after.keys()),
        modified=frozenset(p for p, stamp in after.items() if p in before and before[p] != stamp),
    )
