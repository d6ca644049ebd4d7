"""The readers other people wrote that the export tests check files with: npm packages at pinned versions in
tests/js-oracles/ (installed by `make test`, never shipped), run with Node, and a QTI player in Chromium.

Without Node or those packages the tests skip locally with the reason; under CI (CI=true) they fail instead,
so CI never passes by skipping.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ORACLES = Path(__file__).resolve().parent / "js-oracles"
INSTALLED = ORACLES / "node_modules" / ".installed"
HINT = "install Node.js 20 and npm, then run `make oracles` (npm ci in tests/js-oracles)"


def unavailable(reason: str) -> None:
    message = f"the export tests' GIFT and QTI readers need {reason}: {HINT}"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message + " (CI=true: a skipped test is a failure)", pytrace=False)
    pytest.skip(message)


def require() -> None:
    if shutil.which("node") is None:
        unavailable("node, which is missing")
    if not INSTALLED.exists():
        unavailable(f"the npm packages in {ORACLES}, which are not installed")


def node(script: str, stdin: str) -> str:
    """`node tests/js-oracles/<script>` given `stdin`; its output, or the test fails with its errors."""
    require()
    result = subprocess.run(["node", str(ORACLES / script)], input=stdin, capture_output=True, text=True,
                            cwd=ORACLES, timeout=300)
    assert result.returncode == 0, f"{script} failed:\n{result.stderr}"
    return result.stdout


def parse_gift(text: str) -> list[dict]:
    """What gift-pegjs 1.0.2 reads in a GIFT file."""
    return json.loads(node("gift-parse.js", text))


def qti2_to_qti3(items: list[str]) -> list[str]:
    """QTI 2.1 item documents converted to QTI 3.0 by @citolab/qti-convert 0.3.52 (`convertQti2toQti3`)."""
    return json.loads(node("qti2to3.mjs", json.dumps(items)))
