"""Without Chromium the browser tests skip locally, but fail under CI; the axe-core check they use finds what it
should."""

from __future__ import annotations

import pytest
from browser import serious_violations, unavailable


def test_missing_browser_skips_locally_with_install_hint(monkeypatch):
    """A developer without Chromium sees the tests skipped, with how to install it."""
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install chromium chromium-headless-shell fonts-noto-cjk"):
        unavailable("Chromium")


def test_missing_browser_fails_under_ci(monkeypatch):
    """CI never passes by skipping the browser tests: a missing Chromium is a failure there."""
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true"):
        unavailable("Chromium")


def test_the_axe_check_finds_violations_on_every_page_it_is_run_on(tabs, open_page, base):
    """axe-core, put into a page once, still reports that page's violations on each run and a new page's after a
    navigation: the axe tests can fail."""
    page = open_page(base)
    assert serious_violations(page) == []
    broken = "el => el.insertAdjacentHTML('beforeend', '<img src=\"data:,\"><button></button>')"
    page.locator("article").evaluate(broken)
    found = {rule for rule, _, _ in serious_violations(page)}
    assert {"image-alt", "button-name"} <= found
    assert {"image-alt", "button-name"} <= {rule for rule, _, _ in serious_violations(page)}  # run again
    page.goto(base + "quizzes/")
    assert serious_violations(page) == []
    page.locator("article").evaluate(broken)
    assert {"image-alt", "button-name"} <= {rule for rule, _, _ in serious_violations(page)}
