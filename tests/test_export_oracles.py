"""Without Node or the npm readers the export tests that use them skip locally, with how to install them,
and fail under CI (CI=true), so CI never passes by skipping."""

from __future__ import annotations

import pytest

import oracles


def _outcome(call) -> BaseException:
    """What `call` raised: a skip or a failure (caught both, so neither decides this test's own outcome)."""
    try:
        call()
    except (pytest.skip.Exception, pytest.fail.Exception) as exc:
        return exc
    raise AssertionError("the reader ran, though it is missing")


def _without(monkeypatch, tmp_path, missing: str) -> None:
    if missing == "node":
        monkeypatch.setattr(oracles.shutil, "which", lambda name: None)
    else:
        monkeypatch.setattr(oracles, "INSTALLED", tmp_path / "no" / ".installed")


@pytest.mark.parametrize("missing", ["node", "packages"])
def test_a_missing_reader_skips_locally_with_how_to_install_it(monkeypatch, tmp_path, missing):
    """A developer without Node, or without `make oracles` run, sees the tests skipped and what to run."""
    monkeypatch.delenv("CI", raising=False)
    _without(monkeypatch, tmp_path, missing)
    outcome = _outcome(lambda: oracles.parse_gift("::q::Q{T}\n"))
    assert isinstance(outcome, pytest.skip.Exception), outcome
    assert "make oracles" in str(outcome)
    assert ("node, which is missing" if missing == "node" else "which are not installed") in str(outcome)


@pytest.mark.parametrize("missing", ["node", "packages"])
def test_a_missing_reader_fails_under_ci(monkeypatch, tmp_path, missing):
    """Under CI=true a missing reader is a failure, not a skip."""
    monkeypatch.setenv("CI", "true")
    _without(monkeypatch, tmp_path, missing)
    outcome = _outcome(lambda: oracles.qti2_to_qti3([]))
    assert isinstance(outcome, pytest.fail.Exception) and "CI=true" in str(outcome), outcome
