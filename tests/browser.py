"""Helpers for the browser tests: headless Debian Chromium through Playwright, which can reach no host but
loopback, and a guard that records every request to another host, plus console errors.

Without Chromium or Playwright the tests skip locally with a message saying how to
install them; under CI (CI=true) that is a failure instead, so CI never passes by skipping.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

import pytest
from conftest import StaticServer  # noqa: F401  (the browser tests' server, shared with other tests)

CHROMIUM = os.environ.get("QUIZPAGES_CHROMIUM", "/usr/bin/chromium")
# Every request to a host other than loopback goes to a proxy that is not there (Chromium never proxies
# loopback), and every host name but 127.0.0.1 is unknown: nothing leaves the machine, whatever a page asks
# for. Blocking there rather than in Playwright's routes keeps Chromium's HTTP cache on (routing turns it
# off) and each request out of Python: 0.13 s of CPU a page load here.
NOWHERE = ["--proxy-server=http://127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run", *NOWHERE]
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
    """Records every request to a host other than the test server's (the browser lets none of them out),
    console errors and uncaught page errors."""

    def __init__(self, origin: str):
        self.origin = origin
        self.host = urlsplit(origin).netloc
        self.foreign: list[str] = []
        self.errors: list[str] = []

    def attach(self, context) -> None:
        context.on("request", self.request)

    def watch(self, page) -> None:
        page.on("console", lambda m: self.errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e} {e.stack or ''}"))

    def request(self, request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme not in ("data", "blob", "about") and parts.netloc != self.host:
            self.foreign.append(request.url)

    def check(self) -> None:
        assert self.foreign == [], f"requests to another host: {self.foreign}"
        assert self.errors == [], f"console errors: {self.errors}"


KEEPER = "/robots.txt"  # what the tab holding a kept context's renderer shows: the server's 404, no script


class Tabs:
    """Browser tabs for the tests, one kept context per origin, JavaScript setting and colour scheme.

    A new context per test costs a new renderer process and a cold HTTP cache (about 0.45 s and 0.9 s of
    CPU a page here); a new tab in a kept context costs half that. Each test still starts as a first
    visit: `open` clears the origin's storage (localStorage, IndexedDB, cookies, caches) before the tab
    loads, and the tab is new, so no listener, viewport, media emulation or history of another test is
    left. A kept tab on a file of the site that runs no script holds the renderer process between tests.
    Tests that change the context itself (an init script, Playwright's clock) take a context of their own.
    """

    def __init__(self, browser):
        self.browser = browser
        self._kept: dict[tuple, tuple] = {}  # key -> (context, keeper tab's CDP session, router)
        self._own: list = []  # contexts of their own, closed after the test
        self._opened: list = []  # this test's tabs

    def open(self, guard: Guard, url: str, javascript: bool = True, dark: bool = False,
             init_script: str | None = None, own_context: bool = False,
             wait_until: str = "load"):
        """A tab showing `url` as on a first visit, its requests and errors recorded by `guard`."""
        options = {"java_script_enabled": javascript, "color_scheme": "dark" if dark else "light"}
        if init_script or own_context:
            context = self.browser.new_context(**options)
            guard.attach(context)
            if init_script:
                context.add_init_script(init_script)
            self._own.append(context)
        else:
            context, cdp, router = self._context(guard.origin, options)
            router.guard = guard
            cdp.send("Storage.clearDataForOrigin", {"origin": guard.origin, "storageTypes": "all"})
        page = context.new_page()
        guard.watch(page)
        self._opened.append(page)
        page.goto(url, wait_until=wait_until)
        return page

    def _context(self, origin: str, options: dict) -> tuple:
        key = (origin, *options.values())
        if key not in self._kept:
            context = self.browser.new_context(**options)
            router = _Router()
            context.on("request", router.request)
            tab = context.new_page()
            tab.goto(origin + KEEPER, wait_until="load")
            self._kept[key] = context, context.new_cdp_session(tab), router
        return self._kept[key]

    def finish_test(self) -> None:
        """Close the test's tabs and contexts of its own; the kept contexts stay for the next test."""
        for page in self._opened:
            page.close()
        for context in self._own:
            context.close()
        self._opened, self._own = [], []
        for _context, _cdp, router in self._kept.values():
            router.guard = None

    def close(self) -> None:
        self.finish_test()
        for context, _cdp, _router in self._kept.values():
            context.close()
        self._kept = {}


class _Router:
    """A kept context's requests, each handed to the guard of the test using the context then."""

    guard: Guard | None = None

    def request(self, request) -> None:
        if self.guard is not None:
            self.guard.request(request)


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
