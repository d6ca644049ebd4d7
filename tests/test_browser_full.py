"""A reader's visit in Debian's full Chromium too. The other browser tests run in its headless shell when it is
installed (browser.py): the same Blink and V8 with less of the browser around them. These tests run two of
theirs again in the full browser, where a reader's trust is at stake: every kind's verdict and its restoring
after a reload, and Show Answer without JavaScript. Every page costs more in the full browser, so the rest
(print, axe-core and all) runs in the shell alone: the same Blink, as the first test here checks."""

from __future__ import annotations

import pytest
import test_browser as pages
import test_browser_kinds as kinds
from browser import CHROMIUM, FULL_CHROMIUM, Tabs, launch


@pytest.fixture(scope="module")
def tabs(playwright):
    """Tabs in the full browser, for this module's tests (conftest's `open_page` takes its tabs from here)."""
    browser = launch(playwright, FULL_CHROMIUM)
    pool = Tabs(browser)
    yield pool
    pool.close()
    browser.close()


def test_the_headless_shell_is_the_full_browsers_own_version(tabs, browser):
    """The shell the other tests use comes from the same Chromium release as the full browser (Debian upgrades
    them together; one left behind would test another Blink)."""
    if CHROMIUM == FULL_CHROMIUM:
        pytest.skip("no headless shell installed: every browser test runs in the full browser")
    assert browser.version == tabs.browser.version


def test_every_kinds_verdict_and_its_restoring_in_the_full_browser(open_page, base, subtests):
    """Each kind's wrong and right verdicts, and what a reload restores, as the shell shows them (Korean page)."""
    kinds.test_self_check_of_every_kind_by_mouse(open_page, base, "ko", subtests)


def test_show_answer_without_javascript_in_the_full_browser(open_page, base):
    """Every answer opens by click and by keyboard with no script at all."""
    pages.test_every_show_answer_block_opens_by_click_and_by_keyboard(open_page, base, "en", False)
