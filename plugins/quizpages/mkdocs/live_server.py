"""MkDocs' live-reload server, set up for quick saves: it looks for changes ten times a second.

MkDocs polls the watched folders every half second, then waits a tenth of a
second for more changes: a save would wait a quarter of a second on average
before its rebuild starts, half of the time quizpages needs to show it. A
poll of the docs folder takes a few milliseconds, so polling five times as
often costs little.
"""

from __future__ import annotations

from watchdog.observers.polling import PollingObserver

POLL_SECONDS = 0.1


def watched_paths(server) -> dict[str, int]:
    """The paths the server watches, with how many times each was added. MkDocs keeps no public list."""
    watched = getattr(server, "_watched_paths", None)
    return dict(watched) if isinstance(watched, dict) else {}


def poll_faster(server, seconds: float = POLL_SECONDS) -> None:
    """Make the server poll every `seconds`; before `server.serve()`, while its observer has not started."""
    watched = watched_paths(server)
    if not watched or not hasattr(server, "observer"):
        return  # another MkDocs than this plugin knows: keep its own watching
    for path, count in watched.items():
        for _ in range(count):
            server.unwatch(path)
    server.observer = PollingObserver(timeout=seconds)
    for path, count in watched.items():
        for _ in range(count):
            server.watch(path)
