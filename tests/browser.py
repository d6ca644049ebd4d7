"""Helpers for the browser tests: headless Debian Chromium through Playwright, and a guard
that records (and blocks) every request to another host, plus console errors.

Without Chromium or Playwright the tests skip locally with a message saying how to
install them; under CI (CI=true) that is a failure instead, so CI never passes by skipping.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

import pytest
from conftest import StaticServer  # noqa: F401  (the browser tests' server, shared with other tests)

CHROMIUM = os.environ.get("QUIZPAGES_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run"]
INSTALL_HINT = ("install it with `sudo apt-get install chromium fonts-noto-cjk` "
                "(or set QUIZPAGES_CHROMIUM to a Chromium binary), and `make test` for Playwright")


def unavailable(reason: str) -> None:
    """Skip locally; fail under CI, where the browser tests must run."""
    message = f"browser tests need {reason}: {INSTALL_HINT}"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message + " (CI=true: a skipped browser test is a failure)", pytrace=False)
    pytest.skip(message)


def launch(playwright):
    if not os.path.exists(CHROMIUM):
        unavailable(f"Chromium at {CHROMIUM}, which is missing")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)


class Guard:
    """Blocks and records every request to a host other than the test server's, and
    records console errors and uncaught page errors."""

    def __init__(self, origin: str):
        self.host = urlsplit(origin).netloc
        self.foreign: list[str] = []
        self.errors: list[str] = []

    def attach(self, context) -> None:
        context.route("**/*", self._route)

    def watch(self, page) -> None:
        page.on("console", lambda m: self.errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e} {e.stack or ''}"))

    def _route(self, route) -> None:
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about") or parts.netloc == self.host:
            route.continue_()
        else:
            self.foreign.append(url)
            route.abort()

    def check(self) -> None:
        assert self.foreign == [], f"requests to another host: {self.foreign}"
        assert self.errors == [], f"console errors: {self.errors}"
