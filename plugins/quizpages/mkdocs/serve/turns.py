"""Who works on the builds `mkdocs serve` keeps: one thread at a time, and a long build gives way to saves.

The server's rebuilds (an update after a save, or a full build) run in MkDocs'
build loop; at start, the languages after the first are built in a thread of
their own while the server answers. Both work on the same config and builds,
so only one may run at a time. That build takes seconds at a real site's size,
and a save must not wait for it: at each of its checkpoints (between two pages)
it lets an update that waits run, then goes on where it was.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager


class Turns:
    """The turn to work on the builds: taken by updates, held by one long build that gives it at checkpoints."""

    def __init__(self) -> None:
        self._lock = threading.Lock()  # held by whoever works on the builds
        self._changed = threading.Condition()  # guards `_waiting`
        self._waiting = 0  # updates that want the turn
        self._giving: threading.Thread | None = None  # the long build's thread, which gives way at checkpoints

    @contextmanager
    def take(self) -> Iterator[None]:
        """The turn for an update: at once, or at the long build's next checkpoint."""
        with self._changed:
            self._waiting += 1
        self._lock.acquire()
        try:
            yield
        finally:
            with self._changed:
                self._waiting -= 1
                self._changed.notify_all()
            self._lock.release()

    @contextmanager
    def giving_way(self) -> Iterator[None]:
        """The turn for a long build, which gives way at each `checkpoint` it reaches."""
        with self._lock:
            self._giving = threading.current_thread()
            try:
                yield
            finally:
                self._giving = None

    @property
    def long_build_paused(self) -> bool:
        """For the update that has the turn: whether it has it from a long build paused at a checkpoint."""
        return self._giving is not None

    def checkpoint(self, leave: Callable[[], Callable[[], None]], rest: float = 0.0) -> bool:
        """In the long build, between two steps: let every update waiting run now; whether one did. `leave()`
        notes what the updates may change and returns what puts it back before the build goes on. `rest`: the
        seconds the build then waits, its turn free, before it goes on: Python runs one thread at a time, and a
        build going on at once would slow the server's threads answering the browser's reload."""
        if threading.current_thread() is not self._giving or not self._waiting:
            return False
        back = leave()
        self._lock.release()
        try:
            with self._changed:
                self._changed.wait_for(lambda: self._waiting == 0)
            time.sleep(rest)
        finally:
            self._lock.acquire()
            back()
        return True
