"""Without Chromium the browser tests skip locally, but fail under CI."""

from __future__ import annotations

import pytest
from browser import unavailable


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
