"""`make serve` at a real site's scale: save to reload, and start to first page, next to a full build.

    python benchmarks/serve.py --quizzes 50 250 500 --saves 5 --rounds 3

For each quiz count it generates the quizpages benchmark site (sitegen.py: that many
quizzes, each in English and Korean) and runs there the very command `make serve`
runs (the Makefile's recipe, read with `make -n`, on a free port). Each round:

- first page, cold: the site's .cache/ deleted, seconds from starting the command
  until a quiz page answers with its content;
- save to reload, in that server once every language is built: a quiz file, then a
  learning page, saved `--saves` times each; seconds from the save until the browser's
  live-reload poll (the long poll on /livereload/<epoch>/<id> its script makes)
  answers and the page, fetched again, shows the edit;
- first page, warm: the server started again, with the cache the last one left;
- a full build, `mkdocs build --strict`, its build cache warm as `make build` finds it.

Medians over every round, and each count's ratios to its full build in the same run,
go to benchmarks/results/serve.json; report.py turns them into docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import measure  # noqa: E402
import sitegen  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().parent / "results"
EPOCH = re.compile(r"livereload\((\d+), (\d+)\)")
LEARNING_PAGE = Path("content/en/ai-ml/kubeflow-trainer.md")
LEARNING_URL = "ai-ml/kubeflow-trainer/"
SETTLE_SECONDS = 1.0  # between saves, as an author pauses; also lets the file watcher see a quiet folder


def serve_command(address: str) -> list[str]:
    """The command `make serve` runs, as the Makefile's recipe says, serving at `address`."""
    dry = subprocess.run(["make", "-s", "-n", "-C", str(ROOT), "serve", f"SERVE_ADDR={address}"],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    line = next(line for line in reversed(dry) if " serve " in f" {line} ")  # after any install steps
    command = shlex.split(line)
    command[0] = str((ROOT / command[0]).resolve())  # the recipe's .venv/bin/mkdocs is relative to the Makefile
    return command


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, timeout: float = 120) -> str:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.read().decode("utf-8")


class Server:
    """`make serve`'s command running in `site`, on a free port."""

    def __init__(self, site: Path):
        port = free_port()
        self.base = f"http://127.0.0.1:{port}/"
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(serve_command(f"127.0.0.1:{port}"), cwd=site,
                                     env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)

    def first_page(self, page: str, shows: str, timeout: float = 600) -> float:
        """Seconds from the start until `page` answers and shows `shows`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}")
            try:
                if shows in get(self.base + page, timeout=30):
                    return time.perf_counter() - self.started
            except (OSError, urllib.error.URLError):
                pass
            time.sleep(0.02)
        raise TimeoutError(f"{page} did not answer")

    def stop(self) -> None:
        os.killpg(self.proc.pid, signal.SIGINT)  # Ctrl-C: the server saves its caches and ends
        try:
            self.proc.wait(timeout=120)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)  # the figures are taken; only the cleanup is left
            self.proc.wait()


def save_seconds(base: str, page: str, path: Path, before: str, marker: str, timeout: float = 120) -> float:
    """Seconds from saving `path` with `marker` put after `before` until the live-reload poll answers and
    `page`, fetched again, shows `marker`, as a browser showing `page` sees it."""
    text = path.read_text(encoding="utf-8")
    assert before in text, before
    time.sleep(SETTLE_SECONDS)
    html = get(base + page)
    start = time.perf_counter()
    path.write_text(text.replace(before, f"{before}{marker} ", 1), encoding="utf-8")
    while marker not in html:
        # The page's script: a long poll that answers once a newer build is visible, then a reload. An
        # editor's save can be seen half written and then whole, two rebuilds: the first reload may show
        # the page as it was, and the reloaded page polls again.
        epoch, request_id = EPOCH.search(html).groups()
        while int(get(f"{base}livereload/{epoch}/{request_id}")) <= int(epoch):
            pass
        html = get(base + page)
        if time.perf_counter() - start > timeout:
            raise AssertionError(f"the reloaded page {page} does not show {marker!r}")
    return time.perf_counter() - start


def bench(count: int, rounds: int, saves: int, workdir: Path) -> dict:
    site = sitegen.make_quizpages(workdir / f"n{count}", count)
    quiz_id = sitegen.quiz_id(count // 2)
    quiz, quiz_page = site / "content" / "quizzes" / f"{quiz_id}.yml", f"quizzes/{quiz_id}/"
    title = sitegen.quiz_data(count // 2, count)["title"]["en"]
    runs: dict[str, list[float]] = {k: [] for k in ("first_page_cold", "first_page_warm", "quiz_save", "page_save",
                                                     "full_build")}
    for r in range(rounds):
        shutil.rmtree(site / ".cache", ignore_errors=True)
        server = Server(site)
        try:
            runs["first_page_cold"].append(server.first_page(quiz_page, title))
            server.first_page("ko/" + quiz_page, "분산 학습 퀴즈")  # every language built: saves now update pages
            for i in range(saves):  # the quiz's English intro, then the learning page's first heading
                runs["quiz_save"].append(save_seconds(server.base, quiz_page, quiz, "intro:\n  en: ", f"r{r}q{i}"))
            for i in range(saves):
                runs["page_save"].append(save_seconds(server.base, LEARNING_URL, site / LEARNING_PAGE,
                                                      "# Kubeflow Trainer ", f"r{r}p{i}"))
        finally:
            server.stop()
        server = Server(site)
        try:
            runs["first_page_warm"].append(server.first_page(quiz_page, title))
            server.first_page("ko/" + quiz_page, "분산 학습 퀴즈")  # and the cache for the next start is written
        finally:
            server.stop()
        runs["full_build"].append(measure.mkdocs_build(site).seconds)
        print(f"  {count:4d} quizzes, round {r + 1}: first page cold {runs['first_page_cold'][-1]:.2f} s, warm "
              f"{runs['first_page_warm'][-1]:.2f} s; save quiz {statistics.median(runs['quiz_save'][-saves:]):.2f} s, "
              f"page {statistics.median(runs['page_save'][-saves:]):.2f} s; full build {runs['full_build'][-1]:.2f} s",
              flush=True)
    medians = {name: statistics.median(values) for name, values in runs.items()}
    return {"quizzes": count, "pages": len(sitegen.LANGUAGES) * (count + 3), "rounds": rounds, "saves": saves,
            "seconds": runs, "medians": medians,
            "ratios": {name: medians[name] / medians["full_build"] for name in runs if name != "full_build"}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quizzes", type=int, nargs="+", default=[50, 250, 500])
    parser.add_argument("--saves", type=int, default=5, help="saves of each kind per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=RESULTS / "serve.json")
    args = parser.parse_args(argv)
    command = serve_command("127.0.0.1:PORT")
    result = {"command": " ".join([Path(command[0]).name, *command[1:]]), "runs": []}
    with tempfile.TemporaryDirectory(prefix="quizpages-serve-") as tmp:
        for count in args.quizzes:  # written after each count, so a long run's finished counts survive
            result["runs"].append(bench(count, args.rounds, args.saves, Path(tmp)))
            measure.save_json(args.out, result)
    for run in result["runs"]:
        m = run["medians"]
        print(f"{run['quizzes']} quizzes: save quiz {m['quiz_save']:.2f} s, learning page {m['page_save']:.2f} s; "
              f"first page cold {m['first_page_cold']:.2f} s, warm {m['first_page_warm']:.2f} s; "
              f"full build {m['full_build']:.2f} s")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
