"""Helpers for the browser tests: headless Debian Chromium through Playwright, which can reach no host but
loopback, and a guard that records every request to another host, plus console errors.

Without Chromium or Playwright the tests skip locally with a message saying how to
install them; under CI (CI=true) that is a failure instead, so CI never passes by skipping.
"""

from __future__ import annotations

import contextlib
import functools
import os
from urllib.parse import urlsplit

import pytest
from conftest import BLANK, StaticServer  # noqa: F401  (the browser tests' server, shared with other tests)

# The browser the tests drive. Debian builds two from one Chromium source package: the full browser
# (/usr/bin/chromium) and its headless shell (chromium-headless-shell: the same Blink and V8 with none of
# the browser's UI around them, which is what Playwright itself runs for headless tests). The shell takes
# a third less CPU a page load here (0.13 s against 0.19 s), so the suite uses it when it is installed;
# test_browser_full.py takes a reader through the site in the full browser as well. QUIZPAGES_CHROMIUM
# names one binary for every test (CI on GitHub's runners: their Google Chrome).
FULL_CHROMIUM = os.environ.get("QUIZPAGES_CHROMIUM", "/usr/bin/chromium")
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM = os.environ.get("QUIZPAGES_CHROMIUM") or (HEADLESS_SHELL if os.path.exists(HEADLESS_SHELL)
                                                    else FULL_CHROMIUM)
# Every request to a host other than loopback goes to a proxy that is not there (Chromium never proxies
# loopback), and every host name but 127.0.0.1 is unknown: nothing leaves the machine, whatever a page asks
# for. Blocking there rather than in Playwright's routes keeps Chromium's HTTP cache on (routing turns it
# off) and each request out of Python: 0.13 s of CPU a page load here.
NOWHERE = ["--proxy-server=http://127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run", *NOWHERE]
INSTALL_HINT = ("install it with `sudo apt-get install chromium chromium-headless-shell fonts-noto-cjk` "
                "(or set QUIZPAGES_CHROMIUM to a Chromium binary), and `make test` for Playwright")


def unavailable(reason: str) -> None:
    """Skip locally; fail under CI, where the browser tests must run."""
    message = f"browser tests need {reason}: {INSTALL_HINT}"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message + " (CI=true: a skipped browser test is a failure)", pytrace=False)
    pytest.skip(message)


def launch(playwright, executable: str = CHROMIUM):
    if not os.path.exists(executable):
        unavailable(f"Chromium at {executable}, which is missing")
    return playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)


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
        page.on("console", self.console)
        page.on("pageerror", self.page_error)

    def console(self, message) -> None:
        if message.type == "error":  # where it comes from, to tell which page or file failed
            self.errors.append(f"console {message.type}: {message.text} ({message.location.get('url')})")

    def page_error(self, error) -> None:
        self.errors.append(f"page error: {error} {error.stack or ''}")

    def request(self, request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme not in ("data", "blob", "about") and parts.netloc != self.host:
            self.foreign.append(request.url)

    def check(self) -> None:
        assert self.foreign == [], f"requests to another host: {self.foreign}"
        assert self.errors == [], f"console errors: {self.errors}"


VIEWPORT = {"width": 1280, "height": 720}  # Playwright's default
# What a test can do to a tab that lasts through the next navigation and has no undoing here: after it, the
# kept tab is closed and the next test gets a new one.
LASTING = ("route", "route_from_har", "route_web_socket", "add_init_script", "expose_function", "expose_binding",
           "set_extra_http_headers", "add_locator_handler")


class Tabs:
    """Browser tabs for the tests: one kept context and tab per origin, JavaScript setting and colour scheme.

    A new context per test costs a new renderer process and a cold HTTP cache (about 0.45 s and 0.9 s of
    CPU an opening here), a new tab in a kept context about 0.36 s of CPU, the kept tab loading the next
    test's page 0.16 s. Each test still starts as a first visit: after a test its tab goes to a page of the
    same origin that runs no script (so what the page writes as it unloads is written then), the
    listeners the test added are removed, media emulation and viewport are put back, and before
    the next page loads the origin's storage is cleared (localStorage, sessionStorage, IndexedDB,
    cookies, caches). A tab that cannot be put back (a test closed it, routed its requests, gave it an
    init script, or left it stuck) is replaced. Tests that change the context itself (an init script,
    Playwright's clock) take a context of their own.
    """

    def __init__(self, browser):
        self.browser = browser
        self._kept: dict[tuple, _Kept] = {}
        self._own: list = []  # contexts of their own, closed after the test

    def open(self, guard: Guard, url: str, javascript: bool = True, dark: bool = False, reduced_motion: bool = False,
             init_script: str | None = None, own_context: bool = False):
        """A tab showing `url` as on a first visit, its requests and errors recorded by `guard`; `reduced_motion`:
        as a reader who asks for it (prefers-reduced-motion)."""
        options = {"java_script_enabled": javascript, "color_scheme": "dark" if dark else "light",
                   "reduced_motion": "reduce" if reduced_motion else "no-preference"}
        if init_script or own_context:
            context = self.browser.new_context(**options)
            guard.attach(context)
            if init_script:
                context.add_init_script(init_script)
            self._own.append(context)
            page = context.new_page()
            guard.watch(page)
        else:
            key = (guard.origin, *options.values())
            if key not in self._kept:
                self._kept[key] = _Kept(self.browser.new_context(**options), guard.origin, javascript)
            page = self._kept[key].lend(guard)
        page.goto(url, wait_until="load")
        return page

    def finish_test(self) -> None:
        """Put the kept tabs back for the next test and close the test's own contexts."""
        for kept in self._kept.values():
            kept.put_back()
        for context in self._own:
            context.close()
        self._own = []

    def close(self) -> None:
        self.finish_test()
        for kept in self._kept.values():
            kept.context.close()
        self._kept = {}


class _Kept:
    """A kept context, its tab, and the guard of the test using them now."""

    def __init__(self, context, origin: str, javascript: bool):
        self.context, self.origin, self.javascript = context, origin, javascript
        self.guard: Guard | None = None
        self.tab = None
        self.added: list = []  # (event, listener) the test added to the tab
        context.on("request", lambda request: self.guard and self.guard.request(request))

    def lend(self, guard: Guard):
        if self.tab is None or self.tab.is_closed():
            self._new_tab()
        self.cdp.send("Storage.clearDataForOrigin", {"origin": self.origin, "storageTypes": "all"})
        self.guard = guard  # after a call to the browser, which delivers the events of before
        return self.tab

    def _new_tab(self) -> None:
        tab = self.context.new_page()
        tab.on("console", lambda message: self.guard and self.guard.console(message))
        tab.on("pageerror", lambda error: self.guard and self.guard.page_error(error))
        self.cdp = self.context.new_cdp_session(tab)
        for name in ("on", "once"):  # what the test adds is recorded, to be removed after it
            setattr(tab, name, self._recording(getattr(tab, name)))
        for name in LASTING:  # what outlives a navigation and cannot be taken back: the tab is replaced after
            setattr(tab, name, self._tainting(getattr(tab, name)))
        self.tab, self.tainted = tab, False

    def _recording(self, add):
        def recorded(event, listener):
            self.added.append((event, listener))
            return add(event, listener)
        return recorded

    def _tainting(self, change):
        def tainting(*args, **kwargs):
            self.tainted = True
            return change(*args, **kwargs)
        return tainting

    def put_back(self) -> None:
        if self.guard is None:
            return
        tab, self.guard = self.tab, None
        added, self.added = self.added, []
        if self.tainted or not self._reset(tab, added):
            with contextlib.suppress(Exception):
                tab.close()
            self.tab = None  # the next test gets a new tab

    def _reset(self, tab, added: list) -> bool:
        """Whether `tab` could be put back as a first visit finds it (not when closed, or stuck on a dialog
        or a script)."""
        try:
            for event, listener in added:
                with contextlib.suppress(KeyError, ValueError):  # a `once` listener that has run is gone
                    tab.remove_listener(event, listener)
            tab.goto(self.origin + BLANK, wait_until="load", timeout=10_000)
            if self.javascript:  # without it no page can read sessionStorage, nor the test clear it
                tab.evaluate("() => sessionStorage.clear()")
            tab.emulate_media(media="null")
            if tab.viewport_size != VIEWPORT:
                tab.set_viewport_size(VIEWPORT)
        except Exception:
            return False
        return True


def toggle(details) -> None:
    """A click on the summary of `details` (a locator), returning once the page has handled the toggle event
    that follows it (the event comes in a task of its own; a reload right after the click could come first)."""
    details.evaluate("d => { window.__toggled = new Promise(done => d.addEventListener("
                     "'toggle', () => setTimeout(done, 0), {once: true})); }")
    details.locator("summary").click()
    details.page.evaluate("() => window.__toggled")


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

    def given(self) -> list:
        """What the question's controls hold, in one call: checked or not, the value picked or typed."""
        return self.controls().evaluate_all(
            "cs => cs.map(c => c.type === 'radio' || c.type === 'checkbox' ? c.checked : c.value)")


def serious_violations(page) -> list:
    """axe-core's serious and critical violations on the page as it is now (id, impact, first targets)."""
    # Contrast is judged on the page at rest: a header title fading in after a scroll (Material's, 0.25 s)
    # is half transparent for a moment, and so is any other transition still running. A transition can
    # start a frame or two after the click that caused it (the scroll event comes with the next frame),
    # so the page is at rest once two frames have passed and nothing is running.
    page.evaluate("""async () => {
        const frame = () => new Promise(done => requestAnimationFrame(() => done()));
        const running = () => document.getAnimations().filter(a => a.playState === 'running' && a.effect
            && a.effect.getComputedTiming().endTime !== Infinity);
        for (let round = 0; round < 50; round++) {
            await frame(); await frame();
            const moving = running();
            if (!moving.length) return;
            await Promise.all(moving.map(a => a.finished.catch(() => null)));
        }
    }""")
    # axe-core is put into a page once (Axe().run would send its 570 KB again on every call: 0.1 s of CPU).
    if not page.evaluate("() => typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
        page.evaluate(_axe_script())
    response = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in response["violations"] if v["impact"] in ("serious", "critical")]


@functools.cache
def _axe_script() -> str:
    """axe-core as axe-playwright-python ships it."""
    from axe_playwright_python.sync_playwright import Axe

    return Axe().axe_script


# Playwright's own test of "visible" (is_visible): rendered, not `visibility: hidden`, a box of some size.
VISIBLE = """e => { const r = e.getBoundingClientRect();
  return e.checkVisibility() && getComputedStyle(e).visibility === 'visible' && r.width > 0 && r.height > 0; }"""


def visibility(locator) -> list[bool]:
    """Whether each element `locator` matches is visible, as `is_visible` says, in one call to the page."""
    return locator.evaluate_all(f"es => es.map({VISIBLE})")


def open_and_visible(locator) -> list[bool]:
    """For each <details> `locator` matches: open and visible, in one call to the page."""
    return locator.evaluate_all(f"ds => ds.map(d => d.open && ({VISIBLE})(d))")


def horizontal_overflow(page) -> int:
    """How many CSS pixels the page is wider than its viewport (0: no horizontal scrolling)."""
    return page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
