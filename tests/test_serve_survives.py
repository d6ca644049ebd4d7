"""`mkdocs serve` survives a broken quiz file, and `mkdocs build` refuses to deploy one."""

from __future__ import annotations

import os
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from conftest import BIN, copy_site, mkdocs

QUIZ_FILE = Path("content/quizzes/ai-ml/kubeflow-trainer.yml")
QUIZ_URL = "quizzes/ai-ml/kubeflow-trainer/"
OTHER_URLS = ["", "ai-ml/kubeflow-trainer/", "quizzes/", "ko/", "ko/ai-ml/kubeflow-trainer/"]
BROKEN_LINE = "questions:\n  - id: v1-architecture\n    kind: multiple_choice\n"
LOCATED = "content/quizzes/ai-ml/kubeflow-trainer.yml:"
TIMEOUT = 90  # seconds; a rebuild of the small site takes a few, shared CI cores are slow


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace")
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return 0, ""


def _wait_for(condition, what: str, log: Path) -> None:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.5)
    raise AssertionError(f"timed out waiting for {what}; server output:\n{log.read_text(errors='replace')}")


class Server:
    """`mkdocs serve` on a free loopback port, its output collected in a file."""

    def __init__(self, site: Path):
        self.site = site
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}/"
        self.log = Path(tempfile.mkstemp(prefix="serve-", suffix=".log", dir=site)[1])

    def __enter__(self) -> "Server":
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        self.out = open(self.log, "w")
        self.process = subprocess.Popen(
            [str(BIN / "mkdocs"), "serve", "-a", f"127.0.0.1:{self.port}"],
            cwd=self.site, env=env, stdout=self.out, stderr=subprocess.STDOUT,
        )
        _wait_for(lambda: _get(self.base)[0] == 200, "the server to answer", self.log)
        return self

    def __exit__(self, *exc) -> None:
        self.process.kill()  # always, even when an assertion failed
        self.process.wait(timeout=30)
        self.out.close()

    def page(self, url: str) -> tuple[int, str]:
        return _get(self.base + url)

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


def _break(site: Path) -> str:
    """Write an answer key that names no option into the quiz; returns the original text."""
    path = site / QUIZ_FILE
    original = path.read_text(encoding="utf-8")
    broken = original.replace("    answer: B\n", "    answer: Z\n", 1)
    assert broken != original
    path.write_text(broken, encoding="utf-8")
    return original


def _error_shown(server: Server) -> bool:
    status, body = server.page(QUIZ_URL)
    return status == 200 and LOCATED in body and "names no option" in body


def test_serve_keeps_serving_while_a_quiz_is_broken_and_recovers(tmp_path):
    """Breaking a quiz under serve keeps every other page up, shows the located error, then recovers."""
    site = copy_site(tmp_path)
    with Server(site) as server:
        assert "names no option" not in server.page(QUIZ_URL)[1]
        original = _break(site)
        _wait_for(lambda: _error_shown(server), "the error page", server.log)
        for url in OTHER_URLS:
            assert server.page(url)[0] == 200, url
        assert LOCATED in server.output() and "names no option" in server.output()
        assert "Traceback" not in server.output()
        (site / QUIZ_FILE).write_text(original, encoding="utf-8")
        _wait_for(lambda: "Show Answer" in server.page(QUIZ_URL)[1] and not _error_shown(server),
                  "the fixed quiz page", server.log)
        assert server.process.poll() is None


def test_serve_starts_with_a_quiz_already_broken(tmp_path):
    """A server started on a broken quiz comes up, shows the error page and the error in its output."""
    site = copy_site(tmp_path)
    _break(site)
    with Server(site) as server:
        assert _error_shown(server)
        for url in OTHER_URLS:
            assert server.page(url)[0] == 200, url
        assert LOCATED in server.output()
        assert "Traceback" not in server.output()


def test_build_fails_on_a_broken_quiz(tmp_path):
    """`mkdocs build` (without --strict, as a careless workflow might) exits non-zero on a broken quiz."""
    site = copy_site(tmp_path)
    _break(site)
    result = mkdocs(site, "build")
    assert result.returncode != 0
    assert LOCATED in result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
