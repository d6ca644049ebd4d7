"""The writing commands never lose a user's file: an interrupted --force write leaves the old one whole,
and `status --accept` touches nothing but fingerprints."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from quizpages import cli
from quizpages.util import atomic_write


def _snapshot(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def _fail_renames(monkeypatch) -> None:
    def refuse(*args):
        raise PermissionError(13, "Permission denied (simulated interruption)")
    monkeypatch.setattr(atomic_write.os, "replace", refuse)


def test_interrupted_render_force_keeps_old_pages(site_copy, tmp_path, monkeypatch, capsys):
    """`render --force` interrupted before its rename leaves every previously rendered page whole."""
    out = tmp_path / "rendered"
    monkeypatch.chdir(site_copy)
    assert cli.main(["render", "--out", str(out)]) == 0
    page = next(out.rglob("kubeflow-trainer.md"))
    page.write_text(page.read_text(encoding="utf-8") + "\nmy own note\n", encoding="utf-8")
    before = _snapshot(out)
    _fail_renames(monkeypatch)
    assert cli.main(["render", "--out", str(out), "--force"]) == 1  # reported as an error, no traceback
    assert "error: Permission denied (simulated interruption)" in capsys.readouterr().err
    assert _snapshot(out) == before
    assert not [p for p in out.rglob(".quizpages-*")]


def test_status_accept_changes_only_fingerprints(site_copy, monkeypatch, capsys):
    """`status --accept` writes fingerprint files and leaves every quiz and page byte for byte."""
    monkeypatch.chdir(site_copy)
    before = _snapshot(site_copy)
    cli.main(["status", "--accept", "ai-ml/kubeflow-trainer"])
    after = _snapshot(site_copy)
    changed = {name for name in set(before) | set(after) if before.get(name) != after.get(name)}
    assert changed, "accept wrote nothing"
    assert all(name.split(os.sep)[0] == "translations" or "translations" in name.split(os.sep)
               for name in changed), changed
