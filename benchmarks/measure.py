"""Run one command in its own process and measure its wall time and peak memory (RSS)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

BIN = Path(sys.executable).parent


@dataclass(frozen=True)
class Sample:
    seconds: float
    peak_mib: float
    cpu_seconds: float = 0.0  # user + system: less sensitive than wall time to other load on the machine


def run(args: list[str], cwd: Path) -> Sample:
    """Wall time and the child's own peak RSS (os.wait4 gives that child's rusage, not the sum)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    start = time.perf_counter()
    proc = subprocess.Popen(args, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    stderr = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed in {cwd} ({proc.returncode}):\n{stderr[-3000:]}")
    return Sample(seconds, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime)  # ru_maxrss: KiB


def mkdocs_build(site: Path) -> Sample:
    return run([str(BIN / "mkdocs"), "build", "--strict", "--quiet"], site)


def save_json(path: Path, data) -> None:
    """Write a results file (creating its folder), as every benchmark script does."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
