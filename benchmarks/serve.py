"""Editing under `mkdocs serve --dirty`: how long after one quiz file changes the reload arrives.

    python benchmarks/serve.py --quizzes 200 --edits 3

Generates the quizpages benchmark site, measures full builds, then starts
`mkdocs serve --dirty`, changes one quiz file and waits the way the browser's
live-reload script does (a long poll on /livereload/<epoch>/<id>), then fetches
the page and checks it shows the change. Reports the median reload time and its
ratio to the median full build measured in the same run.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import measure  # noqa: E402
import sitegen  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
EPOCH = re.compile(r"livereload\((\d+), (\d+)\)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, timeout: float = 120) -> str:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.read().decode("utf-8")


def wait_until_up(base: str, proc: subprocess.Popen, timeout: float = 600) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"mkdocs serve exited with {proc.returncode}")
        try:
            get(base, timeout=5)
            return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError("mkdocs serve did not start")


def edit(quiz: Path, marker: str) -> None:
    """Change one quiz's English intro, the way an author saves a file."""
    text = quiz.read_text(encoding="utf-8")
    text = text.replace("intro:\n  en: ", f"intro:\n  en: {marker} ", 1)
    quiz.write_text(text, encoding="utf-8")


def reload_seconds(base: str, page: str, quiz: Path, marker: str) -> float:
    """Seconds from saving `quiz` until the live-reload poll answers and the page shows `marker`."""
    html = get(base + page)
    epoch, request_id = EPOCH.search(html).groups()
    time.sleep(1.0)  # let the file watcher settle, as an author does between saves
    start = time.perf_counter()
    edit(quiz, marker)
    while True:  # the browser's script: a long poll that answers once a newer build is visible
        answer = get(f"{base}livereload/{epoch}/{request_id}")
        if int(answer) > int(epoch):
            break
    seconds = time.perf_counter() - start
    if marker not in get(base + page):
        raise AssertionError(f"the reloaded page {page} does not show the edit {marker!r}")
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quizzes", type=int, default=200)
    parser.add_argument("--edits", type=int, default=3)
    parser.add_argument("--builds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=RESULTS / "serve.json")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="quizpages-serve-") as tmp:
        site = sitegen.make_quizpages(Path(tmp) / "site", args.quizzes)
        quiz = site / "content" / "quizzes" / f"{sitegen.quiz_id(args.quizzes // 2)}.yml"
        page = f"quizzes/{sitegen.quiz_id(args.quizzes // 2)}/"
        port = free_port()
        base = f"http://127.0.0.1:{port}/"
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        builds, reloads = [], []
        proc = subprocess.Popen([str(measure.BIN / "mkdocs"), "serve", "--dirty", "-a", f"127.0.0.1:{port}"],
                                cwd=site, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        try:
            wait_until_up(base, proc)
            for i in range(max(args.edits, args.builds)):  # alternate: a full build, then an edit
                if i < args.builds:
                    builds.append(measure.mkdocs_build(site).seconds)
                    print(f"  full build {i + 1}: {builds[-1]:.2f} s", flush=True)
                if i < args.edits:
                    reloads.append(reload_seconds(base, page, quiz, f"edit-{i}"))
                    print(f"  reload after edit {i + 1}: {reloads[-1]:.2f} s", flush=True)
        finally:
            os.killpg(proc.pid, signal.SIGINT)
            try:  # the server finishes the build it is in first, which on a loaded machine can take a while
                proc.wait(timeout=120)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)  # the figures are taken; only the cleanup is left
                proc.wait()
    result = {"quizzes": args.quizzes, "full_build_seconds": builds, "reload_seconds": reloads,
              "median_full_build": statistics.median(builds), "median_reload": statistics.median(reloads)}
    result["ratio"] = result["median_reload"] / result["median_full_build"]
    measure.save_json(args.out, result)
    print(f"{args.quizzes} quizzes: reload {result['median_reload']:.2f} s, full build "
          f"{result['median_full_build']:.2f} s, ratio {result['ratio']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
