"""`make serve` at a real site's scale: save to reload, and start to first page, next to a full build.

    python benchmarks/serve.py --quizzes 50 250 500 --saves 5 --rounds 3

For each quiz count it generates the quizpages benchmark site (sitegen.py: that many
quizzes, each in English and Korean) and runs there the very command `make serve`
runs (the Makefile's recipe, read with `make -n`, on a free port). Each round starts
the server three times, as an author finds the site:

- cold: the site's .cache/ deleted;
- after a build: .cache/ deleted, then `mkdocs build --strict` (as after `make build`);
- warm: served again, with the cache the server before left.

Each start is timed from starting the command until a quiz page answers with its
content (`first_page_*`); right then, before the other languages' pages answer, the
quiz is saved once (`first_save`). In the server started after a build, once every
language answers, a quiz file, then a learning page, are saved `--saves` times each
(`quiz_save`, `page_save`). A save is timed from writing the file until the browser's
live-reload poll (the long poll on /livereload/<epoch>/<id> its script makes) answers
and the page, fetched again, shows the edit. Last, a full build, `mkdocs build
--strict`, its build cache warm as `make build` finds it.

Beside each wall time, the CPU time (user + system) the server used for it, which
other load on the shared machine disturbs less (`cpu_seconds`, Linux only). Medians
over every round, the slowest save, and each count's ratios to its full build in the
same run go to benchmarks/results/serve.json; report.py turns them into
docs/benchmarks.md.
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


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds process `pid` has used so far; None where /proc is not there."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime: fields 14, 15


class Server:
    """`make serve`'s command running in `site`, on a free port."""

    def __init__(self, site: Path):
        port = free_port()
        self.base = f"http://127.0.0.1:{port}/"
        self.started = time.perf_counter()
        # the server's output, for the message when a wait fails (the figures need none of it)
        self.log = tempfile.TemporaryFile(mode="w+", encoding="utf-8")
        self.proc = subprocess.Popen(serve_command(f"127.0.0.1:{port}"), cwd=site,
                                     env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
                                     stdout=subprocess.DEVNULL, stderr=self.log, start_new_session=True)

    def output(self, lines: int = 30) -> str:
        """The last lines the server printed."""
        self.log.seek(0)
        return "".join(self.log.readlines()[-lines:])

    def cpu(self) -> float | None:
        return cpu_seconds(self.proc.pid)

    def first_page(self, page: str, shows: str, timeout: float = 240) -> float:
        """Seconds from the start until `page` answers and shows `shows`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}; it printed:\n{self.output()}")
            try:
                if shows in get(self.base + page, timeout=30):
                    return time.perf_counter() - self.started
            except (OSError, urllib.error.URLError):
                pass
            time.sleep(0.02)
        raise TimeoutError(f"{page} did not answer in {timeout:.0f} s; the server printed:\n{self.output()}")

    def stop(self) -> None:
        os.killpg(self.proc.pid, signal.SIGINT)  # Ctrl-C: the server saves its caches and ends
        try:
            self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            print(f"the server did not end on Ctrl-C within 60 s; it printed:\n{self.output()}", file=sys.stderr)
            os.killpg(self.proc.pid, signal.SIGKILL)  # the figures are taken; only the cleanup is left
            self.proc.wait()
        self.log.close()


def save_seconds(base: str, page: str, path: Path, before: str, marker: str, timeout: float = 120,
                 settle: float = SETTLE_SECONDS) -> float:
    """Seconds from saving `path` with `marker` put after `before` until the live-reload poll answers and
    `page`, fetched again, shows `marker`, as a browser showing `page` sees it."""
    text = path.read_text(encoding="utf-8")
    assert before in text, before
    time.sleep(settle)
    html = get(base + page)
    start = time.perf_counter()
    path.write_text(text.replace(before, f"{before}{marker} ", 1), encoding="utf-8")
    while marker not in html:
        # The page's script: a long poll that answers once a newer build is visible, then a reload. An
        # editor's save can be seen half written and then whole, two rebuilds: the first reload may show
        # the page as it was, and the reloaded page polls again.
        epoch, request_id = EPOCH.search(html).groups()
        while int(get(f"{base}livereload/{epoch}/{request_id}")) <= int(epoch):
            if time.perf_counter() - start > timeout:  # the poll answers again and again: no build came
                raise AssertionError(f"no rebuild followed the save of {path.name} within {timeout:.0f} s")
        html = get(base + page)
        if time.perf_counter() - start > timeout:
            raise AssertionError(f"the reloaded page {page} does not show {marker!r}")
    return time.perf_counter() - start


def explained(server: Server, action):
    """`action()`; when a wait in it fails, the failure with what the server printed."""
    try:
        return action()
    except AssertionError as exc:
        raise AssertionError(f"{exc}; the server printed:\n{server.output()}") from None


class Round:
    """The figures of one round, each wall time with the CPU time the server (or the build) used for it."""

    def __init__(self, runs: dict[str, list[float]], cpu: dict[str, list[float]]):
        self.runs, self.cpu = runs, cpu

    def add(self, name: str, seconds: float, cpu_before: float | None, cpu_after: float | None) -> None:
        self.runs[name].append(seconds)
        if cpu_before is not None and cpu_after is not None:
            self.cpu[name].append(cpu_after - cpu_before)


SERIES = ("first_page_cold", "first_page_built", "first_page_warm", "first_save", "quiz_save", "page_save",
          "full_build")


def bench(count: int, rounds: int, saves: int, workdir: Path) -> dict:
    site = sitegen.make_quizpages(workdir / f"n{count}", count)
    quiz_id = sitegen.quiz_id(count // 2)
    quiz, quiz_page = site / "content" / "quizzes" / f"{quiz_id}.yml", f"quizzes/{quiz_id}/"
    title = sitegen.quiz_data(count // 2, count)["title"]["en"]
    record = Round({k: [] for k in SERIES}, {k: [] for k in SERIES})

    def start(kind: str, r: int) -> Server:
        """A server started on the site as it is; its first page and, right then, a first save timed."""
        server = Server(site)
        record.add(f"first_page_{kind}", server.first_page(quiz_page, title), 0.0, server.cpu())
        cpu = server.cpu()
        seconds = explained(server, lambda: save_seconds(server.base, quiz_page, quiz, "intro:\n  en: ",
                                                         f"r{r}{kind}", settle=0))
        record.add("first_save", seconds, cpu, server.cpu())
        server.first_page("ko/" + quiz_page, "분산 학습 퀴즈")  # every language built
        return server

    for r in range(rounds):
        shutil.rmtree(site / ".cache", ignore_errors=True)
        start("cold", r).stop()
        shutil.rmtree(site / ".cache", ignore_errors=True)
        measure.mkdocs_build(site)  # what `make build` leaves: the build cache, and no server's
        server = start("built", r)
        try:
            for i in range(saves):  # the quiz's English intro, then the learning page's first heading
                cpu = server.cpu()
                seconds = explained(server, lambda: save_seconds(server.base, quiz_page, quiz, "intro:\n  en: ",
                                                                 f"r{r}q{i}"))
                record.add("quiz_save", seconds, cpu, server.cpu())
            for i in range(saves):
                cpu = server.cpu()
                seconds = explained(server, lambda: save_seconds(server.base, LEARNING_URL, site / LEARNING_PAGE,
                                                                 "# Kubeflow Trainer ", f"r{r}p{i}"))
                record.add("page_save", seconds, cpu, server.cpu())
        finally:
            server.stop()
        start("warm", r).stop()  # and the cache for the next start is written
        build = measure.mkdocs_build(site)
        record.add("full_build", build.seconds, 0.0, build.cpu_seconds)
        last = {name: values[-1] for name, values in record.runs.items() if values}
        print(f"  {count:4d} quizzes, round {r + 1}: first page cold {last['first_page_cold']:.2f} s, after a "
              f"build {last['first_page_built']:.2f} s, warm {last['first_page_warm']:.2f} s; first saves "
              f"{', '.join(f'{s:.2f}' for s in record.runs['first_save'][-3:])} s; save quiz "
              f"{statistics.median(record.runs['quiz_save'][-saves:]):.2f} s, page "
              f"{statistics.median(record.runs['page_save'][-saves:]):.2f} s; full build {last['full_build']:.2f} s",
              flush=True)
    runs, cpu = record.runs, record.cpu
    medians = {name: statistics.median(values) for name, values in runs.items()}
    every_save = runs["first_save"] + runs["quiz_save"] + runs["page_save"]
    return {"quizzes": count, "pages": len(sitegen.LANGUAGES) * (count + 3), "rounds": rounds, "saves": saves,
            "seconds": runs, "medians": medians, "cpu_seconds": cpu,
            "cpu_medians": {name: statistics.median(values) for name, values in cpu.items() if values},
            "slowest_save": max(every_save), "median_save": statistics.median(every_save),
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
        print(f"{run['quizzes']} quizzes: save quiz {m['quiz_save']:.2f} s, learning page {m['page_save']:.2f} s, "
              f"first save after start {m['first_save']:.2f} s, slowest save {run['slowest_save']:.2f} s; first page "
              f"cold {m['first_page_cold']:.2f} s, after a build {m['first_page_built']:.2f} s, warm "
              f"{m['first_page_warm']:.2f} s; full build {m['full_build']:.2f} s")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
