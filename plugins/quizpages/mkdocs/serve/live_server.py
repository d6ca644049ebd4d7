"""MkDocs' live-reload server, set up for quick saves and a quick start.

MkDocs polls the watched folders every half second, then waits a tenth of a
second for more changes: a save would wait a third of a second on average
before its rebuild starts, more than quizpages needs to show it. A poll of the
docs folder takes a few milliseconds (250 quizzes: 1 to 3 ms), so polling ten
times as often costs little; and as changes are only seen at a poll, waiting one
poll for more is enough to take an editor's save (a file written, then moved)
as one change.

The server can also hold some requests until a build running beside it is
done: the pages of the languages that are still being built.

MkDocs watches the folders it knows at start; a plugin may add more at any time
(`server.watch`, counted, so watching a path again is harmless), and watching a
folder that is made later is done here.
"""

from __future__ import annotations

import os
import sys
import threading

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers.polling import PollingObserver

from ...util.paths import is_inside
from .. import internals

POLL_SECONDS = 0.05
QUIET_SECONDS = POLL_SECONDS  # after a change, how long no other change must come before the rebuild
RELOAD_SECONDS = 0.3  # after a save's update while the other languages are built: their build waits this long,
# so that the browser's reload is answered without that build taking turns with the server's threads (at start,
# with 250 quizzes, a first save then took up to 1.5 s to reach the browser, for 0.2 to 0.4 s of CPU time)
HOLD_SECONDS = 120  # then answer anyway, as the page is: never leave a browser waiting forever


def will_serve_with_reload() -> bool:
    """Whether MkDocs will hand the server to plugins (`on_serve`) after the first build: it does unless
    live reload is off, which only the command line says."""
    return "--no-livereload" not in sys.argv


def watched_paths(server) -> dict[str, int]:
    """The paths the server watches, with how many times each was added. MkDocs keeps no public list."""
    return internals.watched_paths(server)


def poll_faster(server, seconds: float = POLL_SECONDS) -> None:
    """Make the server poll every `seconds`; before `server.serve()`, while its observer has not started."""
    watched = watched_paths(server)
    for path, count in watched.items():
        for _ in range(count):
            server.unwatch(path)
    internals.replace_observer(server, PollingObserver(timeout=seconds))
    for path, count in watched.items():
        for _ in range(count):
            server.watch(path)


def watches(server, path: str) -> bool:
    """Whether the server already sees changes to `path`: it, or a folder it is in, is watched."""
    return any(is_inside(path, watched) for watched in watched_paths(server))


def rebuild_when_made(server, folder: str) -> None:
    """Make the server rebuild once `folder` is made (or moved in) in its parent, which is watched alone, not
    what is under it: a site's folder holds much else, and MkDocs' own watch rebuilds on any file written
    there. The rebuild (ServeSession.rebuild) finds what changed."""
    folder = os.path.abspath(folder)

    def made(event: FileSystemEvent) -> None:
        if event.is_directory and folder in (os.path.abspath(p) for p in (event.src_path, getattr(event, "dest_path", "")) if p):
            internals.request_rebuild(server)

    handler = FileSystemEventHandler()
    handler.on_created = handler.on_moved = made
    internals.observer(server).schedule(handler, os.path.dirname(folder), recursive=False)


def hold_until(server, ready: threading.Event, prefixes: tuple[str, ...]) -> None:
    """Make requests for paths under `prefixes` (below the server's mount path) wait until `ready` is set."""
    mount = internals.mount_path(server)
    held = tuple(mount + prefix for prefix in prefixes)
    app = server.get_app()

    def application(environ, start_response):
        if not ready.is_set() and environ.get("PATH_INFO", "").startswith(held):
            ready.wait(HOLD_SECONDS)
        return app(environ, start_response)

    server.set_app(application)
