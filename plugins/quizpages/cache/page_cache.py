"""Generated pages backed by files, so `mkdocs serve --dirty` re-renders only what changed.

MkDocs treats a page generated in memory (``File.generated(content=...)``) as
always modified, so a dirty rebuild would still render every quiz page. A page
backed by a file is rebuilt only when that file is newer than its built HTML;
so each page is written to a cache file, and rewritten only when its content
changed: an untouched quiz keeps its old modification time and is skipped.

No MkDocs here: the plugin passes the returned path as ``abs_src_path``.
"""

from __future__ import annotations

import hashlib
import os

from ..util.atomic_write import write_atomic


class PageCache:
    """Cache files under `root`, one per generated page, named by the page's src_uri."""

    def __init__(self, root: str):
        self.root = os.path.abspath(root)
        self._digests: dict[str, bytes] = {}  # path -> digest of what it holds, to skip re-reading it

    def path_of(self, src_uri: str) -> str:
        return os.path.join(self.root, *src_uri.split("/"))

    def store(self, src_uri: str, content: str) -> str:
        """The cache file holding `content`, (re)written only when its content differs."""
        path = self.path_of(src_uri)
        data = content.encode("utf-8")
        digest = hashlib.blake2b(data, digest_size=16).digest()
        if self._digests.get(path) == digest and os.path.isfile(path):
            return path
        if _read(path) != data:
            # a disposable copy the next build makes again: no need to wait for the disk
            write_atomic(path, data, overwrite=True, durable=False)
        self._digests[path] = digest
        return path


def _read(path: str) -> bytes | None:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None

