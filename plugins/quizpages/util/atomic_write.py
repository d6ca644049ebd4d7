"""The one way quizpages writes a file: a temporary file in the same folder, then one rename.

A reader (or a server) never sees half a file, and a write that fails or is
killed midway leaves the old file whole. Used for everything quizpages writes:
quiz files (`new`, `import`), rendered pages, review fingerprints, caches.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable


def write_atomic(path: str, content: str | bytes | Iterable[str], *, overwrite: bool = False,
                 durable: bool = True) -> None:
    """Write `content` (text, bytes, or text in chunks) to `path` through a temporary file and a rename.

    Raises FileExistsError when `path` exists and `overwrite` is false, so nothing a user wrote is
    replaced without being asked. `durable` flushes the data to disk before the rename; caches,
    which the next build can make again, skip that.
    """
    if not overwrite and os.path.exists(path):
        raise FileExistsError(path)
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".quizpages-", suffix=".tmp", dir=folder)
    try:
        if isinstance(content, bytes):
            with os.fdopen(fd, "wb") as f:
                f.write(content)
                _flush(f, durable)
        else:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
                if isinstance(content, str):
                    f.write(content)
                else:
                    f.writelines(content)
                _flush(f, durable)
        if overwrite:
            os.replace(tmp, path)
        else:
            # link() fails if the target appeared meanwhile; replace() would clobber it
            os.link(tmp, path)
            os.unlink(tmp)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _flush(f, durable: bool) -> None:
    if durable:
        f.flush()
        os.fsync(f.fileno())
