"""The quiz script's logic (reading numbers, normalising text, judging every check type) passes its own unit
tests, tests/js/*.test.js, under `node --test`: no browser, no packages."""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest
from conftest import ROOT

NODE_HINT = "install Node.js 18 or later (`sudo apt-get install nodejs`)"


def _node() -> str:
    """The node binary; without one the tests skip locally and fail under CI (CI=true), as the browser tests do."""
    node = shutil.which("node")
    if node is None:
        message = f"the script's unit tests need node, which is missing: {NODE_HINT}"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + " (CI=true: a skipped test is a failure)", pytrace=False)
        pytest.skip(message)
    return node


def test_script_logic_passes_its_node_unit_tests():
    """Every case of tests/js/ passes, so what the browser decides is checked without a browser."""
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "js").glob("*.test.js"))
    assert files, "no tests/js/*.test.js"
    result = subprocess.run([_node(), "--test", *files], cwd=ROOT, capture_output=True, text=True, timeout=120,
                            env={**os.environ, "NODE_OPTIONS": ""})
    summary = [line for line in result.stdout.splitlines() if line.startswith(("# pass", "# fail", "not ok"))]
    assert result.returncode == 0, "\n".join(summary) + "\n" + result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout and "# pass 0" not in result.stdout, summary


def test_the_script_judges_exactly_the_check_types_the_kinds_declare():
    """Every kind's declared self-check type is one the script can judge, and the script judges no other."""
    from quizpages import KINDS

    script = ROOT / "plugins/quizpages/assets/quizpages-logic.js"
    result = subprocess.run([_node(), "-e", f"console.log(JSON.stringify(require({json.dumps(str(script))}).types))"],
                            capture_output=True, text=True, timeout=60, check=True)
    declared = {kind.check_shape["properties"]["type"]["const"] for kind in KINDS if kind.check_shape}
    assert set(json.loads(result.stdout)) == declared
