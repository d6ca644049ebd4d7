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


class Question:
    """One question of a page as a reader meets it: its list (the <ol> with data-check), the self-check
    fieldset after it, its Show Answer block, and its controls wherever they are (the options themselves,
    a select beside an item, a box in a blank, or the fieldset)."""

    def __init__(self, page, question_id: str):
        self.page = page
        self.id = question_id
        self.scope = f"ol.quizpages-question:has(> li#{question_id})"
        self.list = page.locator(self.scope)
        self.fieldset = page.locator(f"#quizpages-check-{question_id}")
        self.details = self.list.locator("xpath=following-sibling::details[contains(@class, 'quizpages-answer')][1]")
        self.status = self.fieldset.get_by_role("status")
        self.mark = self.list.locator(".quizpages-mark")

    def controls(self, selector: str = "input, select"):
        """The question's controls matching `selector`, in page order."""
        parts = [part.strip() for part in selector.split(",")]
        return self.page.locator(", ".join(f"{self.scope} {p}, #quizpages-check-{self.id} {p}" for p in parts))

    def check(self) -> None:
        self.fieldset.locator("button.quizpages-selfcheck__check").click()

    def is_open(self) -> bool:
        return self.details.evaluate("d => d.open")


def serious_violations(page) -> list:
    """axe-core's serious and critical violations on the page as it is now (id, impact, first targets)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def horizontal_overflow(page) -> int:
    """How many CSS pixels the page is wider than its viewport (0: no horizontal scrolling)."""
    return page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
