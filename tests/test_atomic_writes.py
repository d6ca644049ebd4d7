"""Nothing a user wrote is lost: writes refuse to overwrite unless asked, and are atomic.

`quizpages new`, `import`, `render` and `status --accept` all write through
`atomic_write.write_atomic`; these tests prove its two promises on real files and a
real process killed mid-write.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from quizpages.util import atomic_write

OLD = "title: My quiz\n# every word of this must survive\n" * 50
NEW = "title: Replaced\n" * 200_000  # a few MB, so a write takes long enough to interrupt


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".quizpages-"))


def test_refuses_to_overwrite_without_being_asked(tmp_path):
    """An existing file is never replaced unless overwrite (--force) is given."""
    target = tmp_path / "quiz.yml"
    target.write_text(OLD, encoding="utf-8")
    with pytest.raises(FileExistsError):
        atomic_write.write_atomic(str(target), "title: Replaced\n")
    assert target.read_text(encoding="utf-8") == OLD
    assert _leftovers(tmp_path) == []
    atomic_write.write_atomic(str(target), "title: Replaced\n", overwrite=True)
    assert target.read_text(encoding="utf-8") == "title: Replaced\n"


def test_new_file_is_written_whole(tmp_path):
    """A new file appears with its full text, in a folder created when needed."""
    target = tmp_path / "deep" / "folder" / "quiz.yml"
    atomic_write.write_atomic(str(target), NEW)
    assert target.read_text(encoding="utf-8") == NEW
    assert _leftovers(target.parent) == []


class _FailingFile:
    """A file object that writes part of the text, then fails like a full disk."""

    def __init__(self, real):
        self.real = real

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.real.close()

    def write(self, text):
        self.real.write(text[: len(text) // 2])
        raise OSError(28, "No space left on device")


def test_failed_write_leaves_the_old_file_whole(tmp_path, monkeypatch):
    """A write that fails midway (disk full) leaves the old file untouched and no temporary file."""
    target = tmp_path / "quiz.yml"
    target.write_text(OLD, encoding="utf-8")
    real_fdopen = os.fdopen
    monkeypatch.setattr(atomic_write.os, "fdopen", lambda *a, **k: _FailingFile(real_fdopen(*a, **k)))
    with pytest.raises(OSError):
        atomic_write.write_atomic(str(target), NEW, overwrite=True)
    assert target.read_text(encoding="utf-8") == OLD
    assert _leftovers(tmp_path) == []


def test_failed_rename_leaves_the_old_file_whole(tmp_path, monkeypatch):
    """If the final rename fails, the old file is untouched and the temporary file is removed."""
    target = tmp_path / "quiz.yml"
    target.write_text(OLD, encoding="utf-8")

    def refuse(*args):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(atomic_write.os, "replace", refuse)
    with pytest.raises(PermissionError):
        atomic_write.write_atomic(str(target), NEW, overwrite=True)
    assert target.read_text(encoding="utf-8") == OLD
    assert _leftovers(tmp_path) == []


_CHILD = """
import os, sys, time
from quizpages.util import atomic_write
ready, target = sys.argv[1], sys.argv[2]
real_fsync = os.fsync
def slow_fsync(fd):
    real_fsync(fd)
    open(ready, "w").close()   # the temporary file is written; now wait to be killed
    time.sleep(60)
atomic_write.os.fsync = slow_fsync
atomic_write.write_atomic(target, "title: Replaced\\n" * 200_000, overwrite=True)
"""


def test_killed_process_leaves_the_old_file_whole(tmp_path):
    """A process killed in the middle of a write (Ctrl-C, crash, power) leaves the old file whole."""
    target = tmp_path / "quiz.yml"
    target.write_text(OLD, encoding="utf-8")
    ready = tmp_path / "ready"
    child = subprocess.Popen([sys.executable, "-c", _CHILD, str(ready), str(target)])
    try:
        deadline = time.monotonic() + 60
        while not ready.exists() and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert ready.exists(), "the writer never reached the point where it was to be killed"
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(timeout=30)
    assert target.read_text(encoding="utf-8") == OLD
